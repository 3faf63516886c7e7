package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	kit "github.com/conform-dev/conform/mirrors/kit/go"
	"github.com/conform-dev/conform/reference/refusal"
)

// The harness binary serves the reference, or with --fake <bug> the test
// double, and refuses an unknown bug or a stray argument before any
// handshake, with exit 2.
func TestFakeFlag(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "conform-harness")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	start := `{"cmd":"start","seq":0,"protocol":1}` + "\n"
	run := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(start)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errb.String(), code
	}
	if out, _, code := run(); code != 0 || !strings.Contains(out, `"name":"conform-go-reference"`) {
		t.Errorf("reference: exit %d, %s", code, out)
	}
	if out, errs, code := run("--fake", "codepoint-sort"); code != 0 || !strings.Contains(out, `"name":"conform-fake-codepoint-sort"`) ||
		!strings.Contains(errs, "serving the fuzz test double fake:codepoint-sort") {
		t.Errorf("fake: exit %d, %s %s", code, out, errs)
	}
	for _, args := range [][]string{{"--fake", "nope"}, {"stray"}} {
		if out, errs, code := run(args...); code != 2 || out != "" || errs == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestFakesAlterOutputsOnly runs every vector through the reference's
// handler and through each fake: a fake's accepted output is the
// reference's through its Alter, its refusals (and where they happened) are
// the reference's, Run and RunAt agree, and the reference says where it
// refused every refused vector. At least one vector's output must be
// altered by some fake, or the fakes would prove nothing.
func TestFakesAlterOutputsOnly(t *testing.T) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	var cases []vectors.Case
	for _, f := range files {
		cases = append(cases, f.Cases...)
	}
	if len(cases) < 100 {
		t.Fatalf("%d vectors", len(cases))
	}
	ref := build(kit.Info{Name: "ref"}, nil)
	altered := 0
	for name, f := range fake.Fakes {
		h := build(kit.Info{Name: name}, &f)
		for _, c := range cases {
			out, refused, at, skip := call(ref, c)
			fout, frefused, fat, fskip := call(h, c)
			rout, rrefused, _, rskip := call(h, c)
			// A fake that alters by input (fake:flaky) answers an accepted
			// input differently on alternate calls: the first two calls'
			// answers, one of them the reference's output.
			byInput := f.AlterInput != nil
			if (!byInput || refused != "") && !bytes.Equal(rout, fout) || rrefused != frefused || rskip != fskip {
				t.Fatalf("fake %s, %s: two calls differ", name, c.Source)
			}
			switch {
			case byInput && refused == "" && skip == "":
				if frefused != "" || bytes.Equal(fout, rout) || !bytes.Equal(fout, out) && !bytes.Equal(rout, out) {
					t.Errorf("fake %s, %s: %q then %q; want the reference's %q and another answer, alternating", name, c.Source, fout, rout, out)
				}
				altered++
			case skip != "" || fskip != "":
				t.Fatalf("fake %s, %s: skipped (%q, %q)", name, c.Source, skip, fskip)
			case refused != "":
				// A refusal that says where (not every contract's does)
				// says the same through the fake.
				if frefused != refused || at != fat {
					t.Errorf("fake %s, %s: refused %q at %v; the reference %q at %v", name, c.Source, frefused, fat, refused, at)
				}
			default:
				want := f.Alter(c.Contract, c.Op, bytes.Clone(out))
				if frefused != "" || !bytes.Equal(fout, want) {
					t.Errorf("fake %s, %s: %q, %q; want the altered output %q", name, c.Source, fout, frefused, want)
				}
				if !bytes.Equal(fout, out) {
					altered++
				}
			}
		}
	}
	if altered == 0 {
		t.Error("no fake altered any vector's output")
	}
}

// TestServesLocation sends the first refused vector whose refusal says
// where it happened to the binary: the refused answer carries the
// protocol's at.
func TestServesLocation(t *testing.T) {
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	ref := build(kit.Info{Name: "ref"}, nil)
	var c *vectors.Case
	for i := 0; c == nil && i < len(files); i++ {
		for j := range files[i].Cases {
			k := &files[i].Cases[j]
			if k.Expect != vectors.ExpectRefused {
				continue
			}
			if _, _, at, _ := call(ref, *k); at != "" {
				c = k
				break
			}
		}
	}
	if c == nil {
		t.Fatal("no refused vector")
	}
	bin := filepath.Join(t.TempDir(), "conform-harness")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var in bytes.Buffer
	in.Write(protocol.Request{Cmd: protocol.CmdStart, Seq: 0, Protocol: protocol.Version}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 1, Contract: c.Contract, Op: c.Op, Input: c.Input}.Encode())
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("answers: %q", lines)
	}
	a, err := protocol.DecodeAnswer([]byte(lines[1]))
	if err != nil || a.Outcome != protocol.OutcomeRefused || a.Message != c.Message || a.At == nil {
		t.Errorf("%s: answer %s (%v)", c.Source, lines[1], err)
	}
}

// call runs case c through the kit k in-process (kit.Call, no ignore set)
// and returns the output, the refusal message, where the refusal happened
// ("byte N", "pointer P", both or "") and the skip reason. An error that is
// not a refusal fails as the harness would answer it: errored.
func call(k *kit.Kit, c vectors.Case) (out []byte, refused, at, skip string) {
	out, r, skip, err := k.Call(c.Contract, c.Op, c.Input, nil)
	if err != nil {
		panic(err)
	}
	if r == nil {
		return out, "", "", skip
	}
	if r.Offset != nil {
		at = fmt.Sprintf("byte %d", *r.Offset)
	}
	if r.Pointer != nil {
		at += fmt.Sprintf(" pointer %q", *r.Pointer)
	}
	return nil, r.Message, at, skip
}

// The harness announces the shift feature and moves the reference's
// thresholds: a vector declared at a threshold changes under a shift of
// it, and answers as expected again once the shift set is cleared. Every
// answer decodes under conform's own decoder.
func TestServesShift(t *testing.T) {
	c := firstCase(t, func(k *vectors.Case) bool { return len(k.At) > 0 && k.Expect == vectors.ExpectOK })
	if c == nil {
		t.Fatal("no vector declares a threshold")
	}
	as := serveReference(t,
		protocol.Request{Cmd: protocol.CmdShift, Seq: 1, Shift: []protocol.Shift{{Contract: c.Contract, Threshold: c.At[0], By: 1}, {Contract: c.Contract, Threshold: "no.such", By: 1}}},
		protocol.Request{Cmd: protocol.CmdRun, Seq: 2, Contract: c.Contract, Op: c.Op, Input: c.Input},
		protocol.Request{Cmd: protocol.CmdShift, Seq: 3, Shift: []protocol.Shift{{Contract: c.Contract, Threshold: c.At[0], By: -1}}},
		protocol.Request{Cmd: protocol.CmdRun, Seq: 4, Contract: c.Contract, Op: c.Op, Input: c.Input},
		protocol.Request{Cmd: protocol.CmdShift, Seq: 5},
		protocol.Request{Cmd: protocol.CmdRun, Seq: 6, Contract: c.Contract, Op: c.Op, Input: c.Input},
	)
	if len(as) != 7 || !as[0].HasFeature(protocol.FeatureShift) {
		t.Fatalf("answers: %+v", as)
	}
	if u := as[1].UnknownThresholds; as[1].Outcome != protocol.OutcomeShifted || len(u) != 1 || u[0].Threshold != "no.such" {
		t.Errorf("shift answer: %+v", as[1])
	}
	same := func(a protocol.Answer) bool {
		return a.Outcome == protocol.OutcomeOK && bytes.Equal(a.Output, c.Output)
	}
	if same(as[2]) && same(as[4]) {
		t.Errorf("%s is declared at %s, yet neither shift changed its answer", c.Source, c.At[0])
	}
	if !same(as[6]) {
		t.Errorf("%s after the shift set was cleared: %+v", c.Source, as[6])
	}
}

// firstCase is the first golden vector that keep takes, or nil.
func firstCase(t *testing.T, keep func(*vectors.Case) bool) *vectors.Case {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		for j := range files[i].Cases {
			if k := &files[i].Cases[j]; keep(k) {
				return k
			}
		}
	}
	return nil
}

// serveReference serves the handshake and then reqs with the reference's
// kit, and returns every answer, each decoded by conform's own decoder.
func serveReference(t *testing.T, reqs ...protocol.Request) []protocol.Answer {
	t.Helper()
	var in, out bytes.Buffer
	for _, r := range append([]protocol.Request{{Cmd: protocol.CmdStart, Protocol: protocol.Version}}, reqs...) {
		in.Write(r.Encode())
	}
	if err := build(kit.Info{Name: "ref", Version: "0"}, nil).Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	var as []protocol.Answer
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		a, err := protocol.DecodeAnswer([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		as = append(as, a)
	}
	return as
}

// A normal build serves no mutant control: the handshake lists no
// "mutant" feature and the request is an unknown command. Once a schemata
// build has registered (here by hand), the handshake lists it, the
// request activates a known mutant, answers an unknown one known false,
// and reports the reach recorded since the one before: the objects the
// shapes interpreter validated for a vector of a contract with declared
// shapes.
func TestServesMutant(t *testing.T) {
	as := serveReference(t, protocol.Request{Cmd: protocol.CmdMutant, Seq: 1, Mutant: ""})
	if as[0].HasFeature(protocol.FeatureMutant) || as[1].Outcome != protocol.OutcomeErrored || as[1].Message != "unknown command" {
		t.Fatalf("a normal build: %+v", as)
	}

	cat := spec.MustLoad()
	c := firstCase(t, func(k *vectors.Case) bool {
		d, ok := cat.Contract(k.Contract)
		return ok && d.Shapes != "" && k.Expect == vectors.ExpectOK
	})
	if c == nil {
		t.Fatal("no vector of a contract with declared shapes")
	}
	refusal.RegisterSchemata(map[string]int32{"abcdefabcdef": 1}, 1)
	as = serveReference(t,
		protocol.Request{Cmd: protocol.CmdMutant, Seq: 1, Mutant: "abcdefabcdef"},
		protocol.Request{Cmd: protocol.CmdMutant, Seq: 2, Mutant: "fedcbafedcba"},
		protocol.Request{Cmd: protocol.CmdRun, Seq: 3, Contract: c.Contract, Op: c.Op, Input: c.Input},
		protocol.Request{Cmd: protocol.CmdMutant, Seq: 4, Mutant: ""},
	)
	if !as[0].HasFeature(protocol.FeatureMutant) || len(as) != 5 {
		t.Fatalf("a schemata build: %+v", as)
	}
	if !as[1].Known || as[2].Known || !as[4].Known {
		t.Errorf("known: %v %v %v, want true false true", as[1].Known, as[2].Known, as[4].Known)
	}
	if refusal.Mutant() != 0 {
		t.Errorf("mutant %d active after the switch was cleared", refusal.Mutant())
	}
	prefix := c.Contract + " "
	if len(as[4].Reached) == 0 || !strings.HasPrefix(as[4].Reached[0], prefix) {
		t.Errorf("%s %s (%s) reached %q, want the objects of %s it validated", c.Contract, c.Name, c.Source, as[4].Reached, c.Contract)
	}
}

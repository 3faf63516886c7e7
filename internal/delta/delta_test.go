package delta

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/impl"
)

// funcs is an implementation made of one function per operation.
type funcs struct {
	name string
	ops  map[string]func([]byte) impl.Result
	// asked counts the inputs asked.
	asked int
}

func (f *funcs) Name() string              { return f.name }
func (f *funcs) Implementation() impl.Info { return impl.Info{Name: f.name} }
func (f *funcs) RunBatch(_ context.Context, jobs []impl.Job) []impl.Result {
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		f.asked++
		op, ok := f.ops[j.Op]
		if !ok {
			out[i] = impl.Result{Outcome: impl.Skipped, Reason: "no " + j.Op}
			continue
		}
		out[i] = op(j.Input)
	}
	return out
}

func ok(out string) impl.Result    { return impl.Result{Outcome: impl.OK, Output: []byte(out)} }
func refused(m string) impl.Result { return impl.Result{Outcome: impl.Refused, Message: m} }

// versions is a made-up document validator at two versions. Version 1
// accepts a document that starts with its tag "v/1:" and holds no 'x';
// version 2 accepts one that starts with "v/2:" and holds neither 'x' nor
// 'Q' (a narrowing), or that holds "WIDE" (a widening); each outputs its
// input upper-cased, but version 2 writes '!' for '?' (outputs differ on
// '?'); version 1 refuses 'x' with "has x", version 2 with "x found"
// (messages differ); "!boom" errors on version 2.
func versions() *funcs {
	return &funcs{name: "go", ops: map[string]func([]byte) impl.Result{
		"v1": func(in []byte) impl.Result {
			switch {
			case !bytes.HasPrefix(in, []byte("v/1:")):
				return refused("tag")
			case bytes.Contains(in, []byte("x")):
				return refused("has x")
			}
			return ok(strings.ToUpper(string(in[4:])))
		},
		"v2": func(in []byte) impl.Result {
			switch {
			case bytes.Contains(in, []byte("!boom")):
				return impl.Result{Outcome: impl.Errored, Message: "boom"}
			case bytes.Contains(in, []byte("WIDE")):
				return ok("wide")
			case !bytes.HasPrefix(in, []byte("v/2:")):
				return refused("tag")
			case bytes.Contains(in, []byte("x")):
				return refused("x found")
			case bytes.Contains(in, []byte("Q")):
				return refused("no Q")
			}
			return ok(strings.ReplaceAll(strings.ToUpper(string(in[4:])), "?", "!"))
		},
	}}
}

func config(f *funcs) Config {
	return Config{Contract: "v/1", Old: Side{Impl: f, Op: "v1"}, New: Side{Impl: f, Op: "v2"}, Rewrites: []Rewrite{{From: "v/1:", To: "v/2:"}}, Batch: 3}
}

// Each input lands in its class, the rewrite giving each side its own
// tag; repeated inputs are asked once; unanswered inputs are listed.
func TestCompareClasses(t *testing.T) {
	f := versions()
	in := func(s, origin string) Input { return Input{Bytes: []byte(s), Kind: "vectors", Origin: origin} }
	res := Compare(context.Background(), config(f), []Input{
		in("v/1:abc", "same"), in("v/2:abc", "same, as the new side writes it"), in("v/1:aQc", "narrowed"),
		in("v/1:what?", "accepted-both"), in("v/1:axc", "refused-both"), in("v/1:WIDEx", "widened"),
		in("v/1:!boom", "unanswered"), in("v/1:abc", "a repeat"), in("junk", "same: both refuse with tag"),
	})
	got := map[Class][]string{}
	for _, f := range res.Findings {
		got[f.Class] = append(got[f.Class], f.Origin)
	}
	want := map[Class][]string{Narrowed: {"narrowed"}, AcceptedBoth: {"accepted-both"}, RefusedBoth: {"refused-both"}, Widened: {"widened"}}
	for _, k := range Classes {
		if strings.Join(got[k], "|") != strings.Join(want[k], "|") || res.Counts[k] != len(want[k]) {
			t.Errorf("%s: %q (count %d), want %q", k, got[k], res.Counts[k], want[k])
		}
	}
	if res.Same != 3 || res.Unanswered != 1 || res.Inputs["vectors"] != 8 || len(res.Problems) != 1 ||
		!strings.Contains(res.Problems[0], "the new side errored (boom)") {
		t.Errorf("same %d, unanswered %d %q, inputs %v", res.Same, res.Unanswered, res.Problems, res.Inputs)
	}
	if f.asked != 16 {
		t.Errorf("%d inputs asked, want 8 distinct inputs on 2 sides", f.asked)
	}
	for _, fd := range res.Findings {
		if fd.Class == Narrowed && (fd.Old.Outcome != impl.OK || fd.New.Message != "no Q") {
			t.Errorf("narrowed %+v", fd)
		}
	}
}

// Minimize shrinks a finding to the bytes that keep it in its class: the
// narrowing input to its tag and the Q.
func TestMinimize(t *testing.T) {
	c := config(versions())
	res := Compare(context.Background(), c, []Input{{Bytes: []byte("v/1:hello world, Q is here"), Kind: "vectors", Origin: "o"}})
	if res.Counts[Narrowed] != 1 {
		t.Fatalf("%+v", res)
	}
	if n := Minimize(context.Background(), c, res, 10*time.Second); n != 1 {
		t.Fatalf("minimized %d", n)
	}
	f := res.Findings[0]
	if string(f.Input) != "v/1:Q" || string(f.Original) != "v/1:hello world, Q is here" || f.Old.Outcome != impl.OK || f.New.Message != "no Q" {
		t.Errorf("minimized to %q from %q: %+v %+v", f.Input, f.Original, f.Old, f.New)
	}
	// A budget already spent minimizes nothing.
	res = Compare(context.Background(), c, []Input{{Bytes: []byte("v/1:a Q"), Kind: "vectors", Origin: "o"}})
	if n := Minimize(context.Background(), c, res, 0); n != 0 || res.Findings[0].Original != nil {
		t.Errorf("a spent budget minimized %d", n)
	}
}

// Fuzz draws inputs of both operations for its budget, each of the new
// side's taken to the old side's space, and finds what differs; a
// generator that repeats itself does not hold it past its budget.
func TestFuzz(t *testing.T) {
	c := config(versions())
	res := c.newResult()
	draw := func(s *gen.Source, op string) []byte {
		tag := "v/1:"
		if op == "v2" {
			tag = "v/2:"
		}
		return []byte(tag + gen.Pick(s, []string{"a", "b", "Q", "x", "WIDEx", "?"}) + gen.Pick(s, []string{"c", "d", "e", "f"}))
	}
	start := time.Now()
	drawn := Fuzz(context.Background(), c, res, draw, 300*time.Millisecond, 1)
	if took := time.Since(start); took > 5*time.Second || drawn == 0 {
		t.Fatalf("drew %d in %s", drawn, took)
	}
	if res.Inputs["fuzz"] != 24 || res.Counts[Widened] == 0 || res.Counts[Narrowed] == 0 {
		t.Errorf("inputs %v, counts %v", res.Inputs, res.Counts)
	}
	for _, f := range res.Findings {
		if !bytes.HasPrefix(f.Input, []byte("v/1:")) || f.Origin != "fuzz" {
			t.Errorf("a fuzz finding in the new side's space, or unnamed: %q %s", f.Input, f.Origin)
		}
	}
}

// The renderings: the counts per class, each finding with both answers,
// hidden characters escaped; JSON that reads back.
func TestRenderings(t *testing.T) {
	c := config(versions())
	res := Compare(context.Background(), c, []Input{
		{Bytes: []byte("v/1:Q\u202e"), Kind: "vectors", Origin: "vectors/v/a.jsonl:2 evil\u202e"},
		{Bytes: []byte("v/1:WIDEx"), Kind: "corpus", Origin: "/corpora/w"},
	})
	var b bytes.Buffer
	if err := WriteText(&b, res, 0); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{"conform delta v/1: go v1 (old) -> go v2 (new)", `rewrite: "v/1:" on the old side, "v/2:" on the new`,
		"2 inputs (vectors 1, corpora 1, fuzz 0 in 0s); 0 answered alike, 0 not answered by a side",
		"  widened             1  the old side refuses, the new side accepts", "narrowed (1):\n  vectors/v/a.jsonl:2 evil\\u202e\n",
		`    old:   ok "Q\u202e"`, `    new:   refused "no Q"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "\u202e") {
		t.Error("the text holds a bidirectional control")
	}
	b.Reset()
	if err := WriteJSON(&b, res); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Counts   map[string]int
		Findings []struct{ Class, Origin, Input string }
	}
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Counts["widened"] != 1 || len(back.Findings) != 2 ||
		back.Findings[0].Input != "v/1:Q\u202e" || strings.Contains(b.String(), "\u202e") {
		t.Errorf("JSON %v:\n%s", err, b.String())
	}
}

// A rewrite that would grow an input past MaxInput leaves it unasked
// (unanswered, errored on both sides), never built: a document of 20,000
// nested "[" with each "[" rewritten to 1,000 bytes would be 20 MB.
func TestRewriteIsBounded(t *testing.T) {
	f := versions()
	cfg := config(f)
	cfg.Rewrites = append(cfg.Rewrites, Rewrite{From: "[", To: strings.Repeat("x", 1000)})
	big := "v/1:" + strings.Repeat("[", 20000)
	res := Compare(context.Background(), cfg, []Input{{Bytes: []byte(big), Kind: "vectors", Origin: "big"}, {Bytes: []byte("v/1:abc"), Kind: "vectors", Origin: "small"}})
	if res.Unanswered != 1 || f.asked != 2 || len(res.Problems) != 1 || !strings.Contains(res.Problems[0], "after --rewrite: not asked") {
		t.Errorf("unanswered %d, asked %d, problems %q", res.Unanswered, f.asked, res.Problems)
	}
	if cfg.NewInput([]byte(big)) != nil {
		t.Error("NewInput built an input over MaxInput")
	}
}

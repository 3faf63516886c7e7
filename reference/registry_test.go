package reference_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"conform/reference"
	"conform/reference/refusal"
)

func TestOperations(t *testing.T) {
	ops := reference.Operations()
	want := [][2]string{
		{"rfc8785/1", "canonicalize"}, {"pyjson-ascii/1", "encode"}, {"frame/1", "lex"},
		{"prim/1", "timestamp"}, {"prim/1", "integer"}, {"prim/1", "positive-integer"}, {"prim/1", "string"},
		{"prim/1", "safe-display"}, {"prim/1", "sorted-set"}, {"prim/1", "tool-list"}, {"prim/1", "base64url"},
		{"prim/1", "utf8-length"},
		{"ticker/1", "symbol"}, {"ticker/1", "equity-ticker"}, {"ticker/1", "masked-label-v1"}, {"ticker/1", "closed-masked-label"},
		{"v8date/1", "parse"},
		{"ed25519/1", "verify"},
		{"digest/1", "digest"}, {"digest/1", "signing-input"}, {"digest/1", "schema-digest"}, {"digest/1", "arguments-digest"},
	}
	if len(ops) != len(want) {
		t.Fatalf("%d operations; want %d", len(ops), len(want))
	}
	for i, o := range ops {
		if o.Contract != want[i][0] || o.Op != want[i][1] {
			t.Errorf("operation %d is %s %s; want %s %s", i, o.Contract, o.Op, want[i][0], want[i][1])
		}
		if len(o.Guards) == 0 || o.Run == nil {
			t.Errorf("%s: no guards or no Run", o.Contract)
		}
		codes := map[string]bool{}
		messages := map[string]bool{}
		for _, g := range o.Guards {
			if g.Contract != o.Contract {
				t.Errorf("%s: guard %s belongs to %s", o.Contract, g.Code, g.Contract)
			}
			if codes[g.Code] || messages[g.Message] {
				t.Errorf("%s: guard %s repeats a code or a message", o.Contract, g.Code)
			}
			codes[g.Code], messages[g.Message] = true, true
		}
		got, found := reference.Lookup(o.Contract, o.Op)
		if !found || got.Contract != o.Contract || got.Op != o.Op {
			t.Errorf("Lookup(%s, %s) = %v, %v", o.Contract, o.Op, got.Contract, found)
		}
	}
	if _, found := reference.Lookup("rfc8785/1", "encode"); found {
		t.Error("Lookup found rfc8785/1 encode")
	}
	if _, found := reference.Lookup("frame/2", "lex"); found {
		t.Error("Lookup found frame/2 lex")
	}
}

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		contract, op, in, want string
	}{
		{"rfc8785/1", "canonicalize", `{"b":1,"a":"é"}`, `{"a":"é","b":1}`},
		{"pyjson-ascii/1", "encode", `{"b":1,"a":"é"}`, `{"a":"\u00e9","b":1}`},
		{"frame/1", "lex", `{"b":1,"a":"é"}`, ``},
	} {
		o, _ := reference.Lookup(tc.contract, tc.op)
		out, err := o.Run([]byte(tc.in))
		if err != nil || string(out) != tc.want || out == nil {
			t.Errorf("%s: got %q (nil %v), %v; want %q", tc.contract, out, out == nil, err, tc.want)
		}
	}
	o, _ := reference.Lookup("frame/1", "lex")
	if _, err := o.Run([]byte(`[]`)); err == nil || err.Error() != "frame is not a JSON object" {
		t.Errorf("frame/1 lex []: %v", err)
	}
	if _, err := o.Run([]byte(`[]`), refusal.Ignoring("frame is not a JSON object")); err != nil {
		t.Errorf("frame/1 lex [] with not_object ignored: %v", err)
	}
}

// TestCorpora runs every JSONTestSuite file and every JCS input through
// the JSON operations (rfc8785/1, pyjson-ascii/1, frame/1), with no guard ignored, each guard ignored in turn, and
// all ignored at once. Each run must end in output or a refusal from the
// operation's own table, never a panic or another error. n_ files must be
// refused by rfc8785/1 and frame/1 (pyjson-ascii/1 follows CPython, which
// accepts some, and is checked against it in its own package); y_ files
// must be accepted by rfc8785/1, except the duplicate-name ones the
// contract refuses.
func TestCorpora(t *testing.T) {
	var files []string
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input", "jcs/gowebpki/input"} {
		fs, err := filepath.Glob(filepath.Join("../../shared/corpora", dir, "*"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("corpus %s: no files (%v)", dir, err)
		}
		files = append(files, fs...)
	}
	for _, o := range reference.Operations()[:3] {
		tables := map[string]bool{}
		ignoreSets := [][]string{nil}
		var all []string
		for _, g := range o.Guards {
			tables[g.Message] = true
			ignoreSets = append(ignoreSets, []string{g.Message})
			all = append(all, g.Message)
		}
		ignoreSets = append(ignoreSets, all)
		for _, f := range files {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Base(f)
			for _, ig := range ignoreSets {
				out, err := run(o, in, ig)
				if err != nil {
					r, isRefusal := refusal.As(err)
					if !isRefusal || !tables[r.Error()] || r.Guard.Contract != o.Contract {
						t.Errorf("%s %s (ignore %q): %v", o.Contract, base, ig, err)
					}
				}
				if ig != nil {
					continue
				}
				switch {
				case strings.HasPrefix(base, "n_") && err == nil && o.Contract != "pyjson-ascii/1":
					t.Errorf("%s accepted %s: %q", o.Contract, base, out)
				case strings.HasPrefix(base, "y_") && err != nil && o.Contract == "rfc8785/1" && !strings.HasPrefix(base, "y_object_duplicated_key"):
					t.Errorf("%s refused %s: %v", o.Contract, base, err)
				}
			}
		}
	}
}

// run calls o.Run and turns a panic into a test error value, so one bad
// input reports instead of stopping the sweep.
func run(o reference.Operation, in []byte, ignore []string) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{r}
		}
	}()
	return o.Run(in, refusal.Ignoring(ignore...))
}

type panicError struct{ v any }

func (p panicError) Error() string { return fmt.Sprint("panic: ", p.v) }

// Package vectortest runs a contract's golden vectors (vectors/<name>/*.jsonl,
// format in vectors/README.md) through a reference package's operations,
// for that package's tests. It reads the files with encoding/json, so that
// a reference package's tests import nothing outside reference/.
package vectortest

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// Run is one operation of a reference package: the input bytes in, the
// canonical output bytes or a refusal out.
type Run func(input []byte, opts ...refusal.Option) ([]byte, error)

// Vector is one case of a vector file: its file's base name and
// operation (from the header line), and the members of vectors/README.md
// that the checks read.
type Vector struct {
	File, Op string
	Name     string `json:"name"`
	Input    string `json:"input"`
	// InputHex and OutputHex are the input_hex and output_hex forms
	// (input or output bytes that are not valid UTF-8); the loader decodes
	// them into Input and Output.
	InputHex  string `json:"input_hex"`
	OutputHex string `json:"output_hex"`
	Expand    *struct {
		Prefix, Fill, Suffix string
		Count                int
	} `json:"input_expand"`
	Expect    string `json:"expect"`
	Output    string `json:"output"`
	Message   string `json:"message"`
	Exception string `json:"exception"`
	// At names the thresholds the vector's expectation sits at.
	At []string `json:"at"`
}

// Bytes returns the vector's input bytes: input (or input_hex), or input_expand's prefix,
// fill repeated count times, and suffix.
func (v Vector) Bytes() []byte {
	if v.Expand != nil {
		return []byte(v.Expand.Prefix + strings.Repeat(v.Expand.Fill, v.Expand.Count) + v.Expand.Suffix)
	}
	return []byte(v.Input)
}

// Load reads every vector of the files matching glob (relative to the
// test's package directory, such as "../../vectors/<name>/*.jsonl"), in
// file order. No file, an unreadable file or a line that is not JSON fails
// t at once, naming the file.
func Load(t testing.TB, glob string) []Vector {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files %s: %v", glob, err)
	}
	var out []Vector
	for _, f := range files {
		out = append(out, loadFile(t, f)...)
	}
	return out
}

func loadFile(t testing.TB, f string) []Vector {
	t.Helper()
	fh, err := os.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var op string
	var out []Vector
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			var h struct{ Op string }
			if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
				t.Fatalf("%s:%d: %v", f, line, err)
			}
			op = h.Op
			continue
		}
		v := Vector{File: filepath.Base(f), Op: op}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", f, line, err)
		}
		for _, h := range []struct{ from, to *string }{{&v.InputHex, &v.Input}, {&v.OutputHex, &v.Output}} {
			if *h.from == "" {
				continue
			}
			b, err := hex.DecodeString(*h.from)
			if err != nil {
				t.Fatalf("%s:%d: %v", f, line, err)
			}
			*h.to = string(b)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return out
}

// Expect runs each vector through its operation (ops by operation name;
// an operation missing from ops fails t): each accept vector must give its
// exact output, each reject vector its exact message.
func Expect(t *testing.T, vs []Vector, ops map[string]Run) {
	t.Helper()
	for _, v := range vs {
		out, err := op(t, ops, v.Op)(v.Bytes())
		switch {
		case v.Expect == "ok" && err != nil:
			t.Errorf("%s %s: refused %q, want ok", v.File, v.Name, err)
		case v.Expect == "ok" && string(out) != v.Output:
			t.Errorf("%s %s:\n got %s\nwant %s", v.File, v.Name, out, v.Output)
		case v.Expect == "refused" && err == nil:
			t.Errorf("%s %s: accepted %s, want %q", v.File, v.Name, out, v.Message)
		case v.Expect == "refused" && err.Error() != v.Message:
			t.Errorf("%s %s: refused %q, want %q", v.File, v.Name, err, v.Message)
		}
	}
	t.Logf("%d vectors", len(vs))
}

// SingleCause is the single-cause proof on a reference package: each
// reject vector (but those tagged grammar), run with its own guard ignored
// (refusal.Ignoring its message), is accepted, unless it carries an
// exception tag, when it is still refused; a refusal then must be one of
// guards (the contract's table).
func SingleCause(t *testing.T, vs []Vector, ops map[string]Run, guards []refusal.Guard) {
	t.Helper()
	table := map[refusal.Guard]bool{}
	for _, g := range guards {
		table[g] = true
	}
	for _, v := range vs {
		if v.Expect != "refused" || v.Exception == "grammar" {
			continue
		}
		_, err := op(t, ops, v.Op)(v.Bytes(), refusal.Ignoring(v.Message))
		if err != nil {
			if e, ok := refusal.As(err); !ok || !table[e.Guard] {
				t.Errorf("%s %s: %v, outside the table", v.File, v.Name, err)
			}
		}
		switch {
		case v.Exception == "" && err != nil:
			t.Errorf("%s %s: with %q ignored, refused %q", v.File, v.Name, v.Message, err)
		case v.Exception != "" && err == nil:
			t.Errorf("%s %s: tagged %s, but accepted with its guard ignored", v.File, v.Name, v.Exception)
		}
	}
}

func op(t *testing.T, ops map[string]Run, name string) Run {
	t.Helper()
	run, ok := ops[name]
	if !ok {
		t.Fatalf("no operation %s", name)
	}
	return run
}

// registered returns the operations of contract ("<name>/<version>") that
// the Go reference's registry holds, by operation name; it fails t unless
// there are exactly want of them (the contract's Operations table).
func registered(t testing.TB, contract string, want int) map[string]Run {
	t.Helper()
	out := map[string]Run{}
	for _, o := range register.All() {
		if o.Contract == contract {
			out[o.Op] = o.Run
		}
	}
	if len(out) != want {
		t.Fatalf("%d %s operations registered, want %d", len(out), contract, want)
	}
	return out
}

// Contract runs a contract's own vector tests on its reference package:
// every vector of vectors/<name>/*.jsonl (glob, from the package's
// directory) gives its exact output or message (Expect), and is
// single-cause with guards (SingleCause). The contract's operations come
// from the registry, and must number ops.
func Contract(t *testing.T, contract string, ops int, glob string, guards []refusal.Guard) {
	t.Helper()
	runs := registered(t, contract, ops)
	vs := Load(t, glob)
	t.Run("vectors", func(t *testing.T) { Expect(t, vs, runs) })
	t.Run("single-cause", func(t *testing.T) { SingleCause(t, vs, runs, guards) })
}

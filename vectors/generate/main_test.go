package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// TestCommittedVectorsAreGenerated regenerates every file and requires the
// committed files (the directory above, and the copy compiled into package
// vectors) to be byte-identical, so a hand edit of a vector file is caught.
func TestCommittedVectorsAreGenerated(t *testing.T) {
	files := allFiles()
	out, err := render(files)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for p := range out {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		disk, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(p)))
		if err != nil {
			t.Errorf("%s: %v (run go run ./vectors/generate)", p, err)
			continue
		}
		if !bytes.Equal(disk, out[p]) {
			t.Errorf("vectors/%s differs from the generator's output (run go run ./vectors/generate; never edit vector files by hand)", p)
		}
		embedded, err := fs.ReadFile(vectors.Embedded(), p)
		if err != nil || !bytes.Equal(embedded, out[p]) {
			t.Errorf("vectors/%s: the embedded copy differs from the generator's output", p)
		}
	}
	old, err := stale("..", files, out)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range old {
		t.Errorf("vectors/%s is not written by the generator", p)
	}
	if err := selfCheck(out); err != nil {
		t.Error(err)
	}
}

// TestRoundTrip checks the file format against the source: loading the
// rendered files gives back every case's exact input, output and message,
// and encoding/json (an independent decoder) reads every plain string field
// as the same string.
func TestRoundTrip(t *testing.T) {
	files := allFiles()
	out, err := render(files)
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	for p, b := range out {
		m[p] = &fstest.MapFile{Data: b}
	}
	loaded, err := vectors.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]vectors.File{}
	for _, f := range loaded {
		byPath[f.Path] = f
	}
	for _, f := range files {
		path := f.dir + "/" + f.behaviour + ".jsonl"
		lf, ok := byPath[path]
		if !ok || len(lf.Cases) != len(f.cases) {
			t.Fatalf("%s: loaded %d cases, wrote %d", path, len(lf.Cases), len(f.cases))
		}
		if lf.Header.Description != f.description {
			t.Errorf("%s: description %q", path, lf.Header.Description)
		}
		lines := strings.Split(strings.TrimSuffix(string(out[path]), "\n"), "\n")[1:]
		for i, c := range f.cases {
			got := lf.Cases[i]
			if got.Name != c.name || !bytes.Equal(got.Input, c.inputBytes()) ||
				string(got.Expect) != c.expect || string(got.Output) != c.output ||
				got.Message != c.message || got.Exception != c.exception || got.Note != c.note {
				t.Errorf("%s: case %s does not round-trip", path, c.name)
			}
			var raw map[string]any
			if err := json.Unmarshal([]byte(lines[i]), &raw); err != nil {
				t.Fatalf("%s:%d: %v", path, i+2, err)
			}
			if s, ok := raw["input"].(string); ok && s != c.input {
				t.Errorf("%s: %s: encoding/json reads input %q, want %q", path, c.name, s, c.input)
			}
			if s, ok := raw["output"].(string); ok && s != c.output {
				t.Errorf("%s: %s: encoding/json reads output %q, want %q", path, c.name, s, c.output)
			}
		}
	}
}

func TestJSONString(t *testing.T) {
	for in, want := range map[string]string{
		"":                      `""`,
		"a\"\\/":                `"a\"\\/"`,
		"\x00\x1f\x7f":          `"\u0000\u001f\u007f"`,
		"\b\f\n\r\t":            `"\b\f\n\r\t"`,
		"\u00e9\u2028\uffff":    `"\u00e9\u2028\uffff"`,
		"\U00010000\U0010ffff":  `"\ud800\udc00\udbff\udfff"`,
		"\U0001f600 ~":          `"\ud83d\ude00 ~"`,
		"\u0080\u009f\u00a0<>&": `"\u0080\u009f\u00a0<>&"`,
	} {
		if got := jsonString(in); got != want {
			t.Errorf("jsonString(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(jsonString(in)), &back); err != nil || back != in {
			t.Errorf("jsonString(%q) does not round-trip through encoding/json: %q %v", in, back, err)
		}
	}
}

// TestInputForms checks the input field choice: input for valid UTF-8,
// input_hex otherwise, input_expand only where a case asks for it.
func TestInputForms(t *testing.T) {
	out, err := render(allFiles())
	if err != nil {
		t.Fatal(err)
	}
	for p, b := range out {
		if p == "MANIFEST" {
			continue
		}
		for i, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")[1:] {
			var raw map[string]json.RawMessage
			if err := json.Unmarshal([]byte(l), &raw); err != nil {
				t.Fatal(err)
			}
			if h, ok := raw["input_hex"]; ok {
				var s string
				if err := json.Unmarshal(h, &s); err != nil {
					t.Fatal(err)
				}
				if bs, err := hex.DecodeString(s); err != nil || utf8.Valid(bs) {
					t.Errorf("%s:%d: input_hex of valid UTF-8 (%v)", p, i+2, err)
				}
			}
		}
	}
}

// TestSources checks every registered contract against the catalogue: it
// is a catalogue contract, every catalogue contract is registered, its
// files name it (or a contract it lists as related, whose vectors its own
// data supply) and lie in that contract's directory (the contract's name),
// and it has at least the cases it has now.
func TestSources(t *testing.T) {
	cat := spec.MustLoad()
	for _, k := range cat.Contracts {
		s, ok := sources[k.Contract]
		if !ok {
			t.Errorf("%s has no vectors source: register one in vectors/generate/<ident>.go", k.Contract)
			continue
		}
		n := 0
		for _, f := range s.files() {
			named, ok := cat.Contract(f.contract)
			if !ok || (f.contract != k.Contract && !k.Relates(f.contract)) || f.dir != named.Name {
				t.Errorf("%s: file %s/%s.jsonl names %s", k.Contract, f.dir, f.behaviour, f.contract)
			}
			n += len(f.cases)
		}
		if n < s.minCases {
			t.Errorf("%s: %d cases, want at least %d", k.Contract, n, s.minCases)
		}
	}
	for c := range sources {
		if _, ok := cat.Contract(c); !ok {
			t.Errorf("vectors source %s is not a catalogue contract", c)
		}
	}
}

// TestExceptionPolicy checks every refused vector's exception tag: the one
// the catalogue gives its message (spec/<name>.md, Refusals), or the one
// its contract's source gives that vector, with a reason.
func TestExceptionPolicy(t *testing.T) {
	cat := spec.MustLoad()
	used := map[string]bool{}
	for _, f := range allFiles() {
		k, _ := cat.Contract(f.contract)
		for _, c := range f.cases {
			key := f.behaviour + ".jsonl:" + c.name
			want, override := sources[f.contract].exceptions[key]
			if override {
				used[f.contract+" "+key] = true
				if c.expect != "refused" {
					t.Errorf("%s %s: an exception override, but not refused", f.contract, key)
				}
			} else if r, ok := k.Refusal(c.message); ok {
				want = r.Exception
			}
			if c.expect == "refused" && c.exception != want {
				t.Errorf("%s %s %q has exception %q, want %q", f.contract, key, c.message, c.exception, want)
			}
		}
	}
	for contract, s := range sources {
		for key := range s.exceptions {
			if !used[contract+" "+key] {
				t.Errorf("%s: exception override %s names no vector", contract, key)
			}
		}
	}
}

// TestBehaviourNames checks the file naming of the contracts whose input
// is a JSON value (README.md, "Files"): a file holds one operation, and
// its stem is that operation's name or <op>-<aspect>.
func TestBehaviourNames(t *testing.T) {
	cat := spec.MustLoad()
	for _, f := range allFiles() {
		k, _ := cat.Contract(f.contract)
		op, ok := k.Operation(f.op)
		if !ok {
			t.Errorf("%s/%s.jsonl: %s has no operation %s", f.dir, f.behaviour, f.contract, f.op)
			continue
		}
		if op.Input == spec.InputJSONValue && f.behaviour != f.op && !strings.HasPrefix(f.behaviour, f.op+"-") {
			t.Errorf("%s/%s.jsonl holds op %s: its stem must be %s or %s-<aspect>", f.dir, f.behaviour, f.op, f.op, f.op)
		}
	}
}

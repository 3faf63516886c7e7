package toolhost

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"conform/reference/refusal"
)

// vector is one case of vectors/toolhost/*.jsonl (vectors/README.md),
// read here with encoding/json so that this package imports nothing
// outside reference/.
type vector struct {
	file, op string
	Name     string `json:"name"`
	Input    string `json:"input"`
	Expand   *struct {
		Prefix, Fill, Suffix string
		Count                int
	} `json:"input_expand"`
	Expect    string `json:"expect"`
	Output    string `json:"output"`
	Message   string `json:"message"`
	Exception string `json:"exception"`
}

func (v vector) input() []byte {
	if v.Expand != nil {
		return []byte(v.Expand.Prefix + strings.Repeat(v.Expand.Fill, v.Expand.Count) + v.Expand.Suffix)
	}
	return []byte(v.Input)
}

// loadVectors reads every toolhost/1 vector file.
func loadVectors(t *testing.T) []vector {
	t.Helper()
	files, err := filepath.Glob("../../vectors/toolhost/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files: %v", err)
	}
	var out []vector
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		var op string
		for first := true; sc.Scan(); first = false {
			if first {
				var h struct{ Op string }
				if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				op = h.Op
				continue
			}
			v := vector{file: filepath.Base(f), op: op}
			if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out = append(out, v)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func opRun(t *testing.T, name string) Run {
	for _, o := range Operations {
		if o.Name == name {
			return o.Run
		}
	}
	t.Fatalf("no operation %s", name)
	return nil
}

// TestVectors runs every toolhost/1 vector through the reference: each
// accept vector gives its exact output, each reject vector its exact
// message.
func TestVectors(t *testing.T) {
	vs := loadVectors(t)
	for _, v := range vs {
		out, err := opRun(t, v.op)(v.input())
		switch {
		case v.Expect == "ok" && err != nil:
			t.Errorf("%s %s: refused %q, want ok", v.file, v.Name, err)
		case v.Expect == "ok" && string(out) != v.Output:
			t.Errorf("%s %s:\n got %s\nwant %s", v.file, v.Name, out, v.Output)
		case v.Expect == "refused" && err == nil:
			t.Errorf("%s %s: accepted %s, want %q", v.file, v.Name, out, v.Message)
		case v.Expect == "refused" && err.Error() != v.Message:
			t.Errorf("%s %s: refused %q, want %q", v.file, v.Name, err, v.Message)
		}
	}
	t.Logf("%d vectors", len(vs))
}

// TestVectorsSingleCause is the single-cause proof of spec/toolhost.md
// section 5 on the Go reference: each reject vector, with its own guard
// ignored, is accepted, unless it carries an exception tag, when it is
// still refused (with any message of the table).
func TestVectorsSingleCause(t *testing.T) {
	table := map[refusal.Guard]bool{}
	for _, g := range Guards {
		table[g] = true
	}
	for _, v := range loadVectors(t) {
		if v.Expect != "refused" || v.Exception == "grammar" {
			continue
		}
		_, err := opRun(t, v.op)(v.input(), refusal.Ignoring(v.Message))
		if err != nil {
			if e, ok := refusal.As(err); !ok || !table[e.Guard] {
				t.Errorf("%s %s: %v, outside the table", v.file, v.Name, err)
			}
		}
		switch {
		case v.Exception == "" && err != nil:
			t.Errorf("%s %s: with %q ignored, refused %q", v.file, v.Name, v.Message, err)
		case v.Exception != "" && err == nil:
			t.Errorf("%s %s: tagged %s, but accepted with its guard ignored", v.file, v.Name, v.Exception)
		}
	}
}

package fuzz

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"conform/mirrors/harness"
	"conform/mirrors/protocol"
	"conform/vectors"
)

// copyVectors copies the repository's vector directory into a temporary
// one.
func copyVectors(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "vectors")
	err := filepath.WalkDir("../vectors", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../vectors", p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestWriteFindings(t *testing.T) {
	dir := copyVectors(t)
	ds := []Disagreement{
		{
			Job:  harness.Job{Contract: "rfc8785/1", Op: "canonicalize", Input: []byte("{\"\U0001f600\":1,\"\ue000\":2}")},
			Impl: "python",
			Want: harness.Result{Outcome: protocol.OutcomeOK, Output: []byte("{\"\U0001f600\":1,\"\ue000\":2}")},
			Got:  harness.Result{Outcome: protocol.OutcomeOK, Output: []byte("{\"\ue000\":2,\"\U0001f600\":1}")},
		},
		{
			Job:  harness.Job{Contract: "frame/1", Op: "lex", Input: []byte("{\"fuzz\":\"\xfe\xff\"}")},
			Impl: "ts",
			Want: harness.Result{Outcome: protocol.OutcomeRefused, Message: "frame is not valid UTF-8"},
			Got:  harness.Result{Outcome: protocol.OutcomeOK, Output: []byte{}},
		},
		{
			Job:  harness.Job{Contract: "frame/1", Op: "lex", Input: []byte("{}")},
			Impl: "go",
			Want: harness.Result{Outcome: protocol.OutcomeErrored, Message: "panic"},
		},
		// A batch break is no case's finding.
		{
			Job:   harness.Job{Contract: "frame/1", Op: "lex", Input: []byte("[]")},
			Impl:  "python",
			Break: "violation: line ends with CR",
			Cases: 64,
		},
	}
	w, err := WriteFindings(dir, "FuzzTest", ds)
	if err != nil {
		t.Fatal(err)
	}
	if len(w) != 2 || !w[0].New || !w[1].New || w[0].Path != "findings/rfc8785/fuzz-canonicalize.jsonl" || w[1].Path != "findings/frame/fuzz-lex.jsonl" {
		t.Fatalf("written %+v", w)
	}
	files, err := vectors.Load(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, problems, err := vectors.Verify(os.DirFS(dir)); err != nil || len(problems) > 0 {
		t.Fatalf("verify: %v %v", err, problems)
	}
	found := map[string]vectors.Case{}
	for _, c := range vectors.Cases(files) {
		if c.Finding() {
			found[c.ID] = c
		}
	}
	if c := found[w[0].ID]; c.Expect != vectors.ExpectOK || string(c.Output) != string(ds[0].Want.Output) || !strings.Contains(c.Note, "found by FuzzTest; python gave other output bytes") {
		t.Errorf("first finding: %+v", c)
	}
	if c := found[w[1].ID]; c.Expect != vectors.ExpectRefused || c.Message != "frame is not valid UTF-8" || string(c.Input) != string(ds[1].Job.Input) {
		t.Errorf("second finding: %+v", c)
	}
	// Written twice, a finding is there once.
	again, err := WriteFindings(dir, "FuzzTest", ds[:1])
	if err != nil || len(again) != 1 || again[0].New {
		t.Errorf("second write: %+v, %v", again, err)
	}
	// The generator keeps the findings and lists them in its MANIFEST.
	cmd := exec.Command("go", "run", "./vectors/generate", "-check", "-dir", dir)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("generate -check with findings: %v\n%s", err, out)
	}
}

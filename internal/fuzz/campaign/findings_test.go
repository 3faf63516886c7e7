package campaign

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/internal/vectors/lock"
)

// copyVectors copies the repository's vector directory into a temporary
// one.
func copyVectors(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "vectors")
	err := filepath.WalkDir("../../../vectors", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../../../vectors", p)
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

// twoContracts returns the first operation of the first two catalogue
// contracts, the refusal message of the second's first refusal, and the
// findings files of both: the findings tests need two contracts, any two.
func twoContracts(t *testing.T) (a, b impl.Job, message, pathA, pathB string) {
	t.Helper()
	cat := spec.MustLoad()
	if len(cat.Contracts) < 2 {
		t.Fatal("the catalogue has fewer than two contracts")
	}
	ka, kb := cat.Contracts[0], cat.Contracts[1]
	a = impl.Job{Contract: ka.Contract, Op: ka.Operations[0].Op}
	b = impl.Job{Contract: kb.Contract, Op: kb.Operations[0].Op}
	return a, b, kb.Refusals[0].Message,
		"findings/" + ka.Name + "/fuzz-" + a.Op + ".jsonl", "findings/" + kb.Name + "/fuzz-" + b.Op + ".jsonl"
}

func TestWriteFindings(t *testing.T) {
	dir := copyVectors(t)
	a, b, message, pathA, pathB := twoContracts(t)
	job := func(j impl.Job, input string) impl.Job {
		j.Input = []byte(input)
		return j
	}
	ds := []differential.Disagreement{
		{
			Job:  job(a, "{\"\U0001f600\":1,\"\ue000\":2}"),
			Impl: "python",
			Want: impl.Result{Outcome: impl.OK, Output: []byte("{\"\U0001f600\":1,\"\ue000\":2}")},
			Got:  impl.Result{Outcome: impl.OK, Output: []byte("{\"\ue000\":2,\"\U0001f600\":1}")},
		},
		{
			Job:  job(b, "{\"fuzz\":\"\xfe\xff\"}"),
			Impl: "ts",
			Want: impl.Result{Outcome: impl.Refused, Message: message},
			Got:  impl.Result{Outcome: impl.OK, Output: []byte{}},
		},
		{
			Job:  job(b, "{}"),
			Impl: "go",
			Want: impl.Result{Outcome: impl.Errored, Message: "panic"},
		},
		// A batch break is no case's finding.
		{
			Job:   job(b, "[]"),
			Impl:  "python",
			Break: "violation: line ends with CR",
			Cases: 64,
		},
	}
	w, err := WriteFindings(dir, "FuzzTest", ds)
	if err != nil {
		t.Fatal(err)
	}
	if len(w) != 2 || !w[0].New || !w[1].New || w[0].Path != pathA || w[1].Path != pathB {
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
	if c := found[w[1].ID]; c.Expect != vectors.ExpectRefused || c.Message != message || string(c.Input) != string(ds[1].Job.Input) {
		t.Errorf("second finding: %+v", c)
	}
	// The findings are new cases, an additive change: the LOCK records
	// them, and stays current.
	lb, err := os.ReadFile(filepath.Join(dir, vectors.LockPath))
	if err != nil {
		t.Fatal(err)
	}
	l, err := lock.Parse(lb, "LOCK")
	if err != nil {
		t.Fatal(err)
	}
	if d := lock.Check(l, spec.MustLoad(), vectors.Cases(files)); len(d) != 0 {
		t.Errorf("the lock does not record the findings: %+v", d)
	}
	if l.Sections[a.Contract].Cases[w[0].ID] == "" || l.Sections[b.Contract].Cases[w[1].ID] == "" {
		t.Error("the findings' cases are not in the lock")
	}
	// Written twice, a finding is there once, and says where it is.
	again, err := WriteFindings(dir, "FuzzTest", ds[:1])
	if err != nil || len(again) != 1 || again[0].New || again[0].Path != pathA+":2" {
		t.Errorf("second write: %+v, %v", again, err)
	}
	// The generator keeps the findings and lists them in its MANIFEST.
	cmd := exec.Command("go", "run", "./vectors/generate", "-check", "-dir", dir)
	cmd.Dir = "../../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("generate -check with findings: %v\n%s", err, out)
	}
}

// TestWriteFindingsLeavesOtherFilesAlone checks that WriteFindings opens
// only the vector set's own files, bounded as Load reads them: a FIFO
// beside them (which would block an open) is neither opened nor removed,
// and a directory that is no vector set is named as it is.
func TestWriteFindingsLeavesOtherFilesAlone(t *testing.T) {
	dir := copyVectors(t)
	fifo := filepath.Join(dir, "notes.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	a, _, _, _, _ := twoContracts(t)
	a.Input = []byte("{\"fifo\":1}")
	d := differential.Disagreement{
		Job:  a,
		Impl: "ts",
		Want: impl.Result{Outcome: impl.OK, Output: []byte("x")},
		Got:  impl.Result{Outcome: impl.OK, Output: []byte("y")},
	}
	done := make(chan error, 1)
	go func() { _, err := WriteFindings(dir, "FuzzTest", []differential.Disagreement{d}); done <- err }()
	// Until WriteFindings returns, look every second for a reader of the
	// FIFO: a non-blocking open for writing succeeds only if one has it
	// open (and then unblocks it). No reader: WriteFindings is slow (a
	// loaded machine), not waiting on the FIFO.
	for waiting := true; waiting; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			waiting = false
		case <-time.After(time.Second):
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
				t.Fatal("WriteFindings opened a FIFO beside the vectors and waited for a writer")
			}
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode().Type() != fs.ModeNamedPipe {
		t.Errorf("the FIFO is gone or changed: %v %v", st, err)
	}
	empty := t.TempDir()
	if _, err := WriteFindings(empty, "FuzzTest", []differential.Disagreement{d}); err == nil || !strings.Contains(err.Error(), empty+"/MANIFEST: ") {
		t.Errorf("a directory without MANIFEST: %v", err)
	}
}

// A go.mod that is a named pipe is no module, found without waiting on it.
func TestModuleRootRefusesANamedPipe(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "go.mod"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ModuleRoot(dir); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a named pipe taken for a go.mod")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ModuleRoot waits on a named pipe")
	}
}

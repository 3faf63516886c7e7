package ci

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// historyRun runs ci/history.sh in the work directory work with env, and
// returns its exit code and output.
func historyRun(t *testing.T, work string, env ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("ci/history.sh")
	cmd.Dir = ".."
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GITHUB_") && !strings.HasPrefix(kv, "CONFORM_CI_") && !strings.HasPrefix(kv, "CONFORM_COMMIT=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, append([]string{"CONFORM_CI_DIR=" + work}, env...)...)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

// ci/history.sh, the nightly's history step: each night's report (the
// suite's out/run.jsonl) becomes one more line of carry/history.jsonl,
// rendered into out/history.txt and out/history.html and, the last two
// weeks, the job summary; without a report it fails with 2.
func TestHistoryStep(t *testing.T) {
	work := t.TempDir()
	if code, out := historyRun(t, work, "CONFORM_COMMIT=abc1234"); code != 2 || !strings.Contains(out, "no report at") {
		t.Errorf("without a report: exit %d\n%s", code, out)
	}
	ops := map[string][]string{"x/1": {"op"}}
	for night := range 2 {
		h := report.Header{ConformVersion: "0.1.0", Protocol: 1, Transport: "container", Contracts: []string{"x/1"},
			StartedAt: time.Date(2030, 6, 1+night, 3, 17, 0, 0, time.UTC),
			Impls:     []report.ImplMeta{{Impl: "go", Version: "0.1.0", Contracts: ops}, {Impl: "ts", Version: "1.0", Contracts: ops}}}
		rows := []report.Row{
			{Case: "a", Name: "a", Contract: "x/1", Op: "op", Source: "s", Impl: "go", Outcome: report.Agree},
			{Case: "a", Name: "a", Contract: "x/1", Op: "op", Source: "s", Impl: "ts", Outcome: report.Agree},
		}
		if night == 1 {
			rows[1].Outcome = report.WrongOutput
		}
		if err := os.MkdirAll(filepath.Join(work, "out"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, "out", "run.jsonl"), reporttest.JSONL(reporttest.Complete(h, rows)), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out := historyRun(t, work, "CONFORM_COMMIT=abc123"+string(rune('0'+night))); code != 0 {
			t.Fatalf("night %d: exit %d\n%s", night, code, out)
		}
	}
	b, err := os.ReadFile(filepath.Join(work, "carry", "history.jsonl"))
	if err != nil || strings.Count(string(b), "\n") != 2 || !strings.Contains(string(b), `"commit":"abc1231"`) {
		t.Errorf("the carried history: %v\n%s", err, b)
	}
	text, _ := os.ReadFile(filepath.Join(work, "out", "history.txt"))
	page, _ := os.ReadFile(filepath.Join(work, "out", "history.html"))
	summary, _ := os.ReadFile(filepath.Join(work, "out", "summary.md"))
	if !strings.Contains(string(text), "2 runs") || !strings.Contains(string(text), "abc1231  0/1 (0.0%)") {
		t.Errorf("history.txt:\n%s", text)
	}
	if !strings.Contains(string(page), `<svg class="trend" data-contract="x/1"`) {
		t.Errorf("history.html:\n%.400s", page)
	}
	if !strings.Contains(string(summary), "### History") || !strings.Contains(string(summary), "2 runs") {
		t.Errorf("the job summary:\n%s", summary)
	}
}

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
)

// conform history append adds a run's line (creating the file), refuses
// the same run twice; conform history renders the file as text and HTML,
// the last N runs with --last; what it cannot read is exit 2 with the
// file and line.
func TestHistoryCommand(t *testing.T) {
	dir := t.TempDir()
	old, now := diffPair(t, dir)
	hist := filepath.Join(dir, "history.jsonl")
	r := conform(t, "", "history", "append", "--report", old, "--commit", "0123abc", hist)
	if r.code != 0 || r.stdout != hist+":1: the run of 2030-06-01 at 0123abc (exit code 0)\n" {
		t.Fatalf("append: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := conform(t, "", "history", "append", "--report", now, "--commit", "4567def", hist); r.code != 0 || !strings.HasPrefix(r.stdout, hist+":2: ") {
		t.Fatalf("append: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := conform(t, "", "history", "append", "--report", now, "--commit", "4567def", hist); r.code != report.ExitUsage || !strings.Contains(r.stderr, hist+":2: already holds the run") {
		t.Errorf("the same run again: exit %d\n%s", r.code, r.stderr)
	}
	r = conform(t, "", "history", hist)
	for _, want := range []string{"2 runs, 2030-06-01 to 2030-06-01", "ts 1.0 -> 1.1", "x/1: interop",
		"0123abc  1/1 (100%)  1/1 (100%)  1/1 (100%)\n", "4567def  0/1 (0.0%)  1/1 (100%)  0/1 (0.0%)\n"} {
		if !strings.Contains(r.stdout, want) || r.code != 0 {
			t.Errorf("the text (exit %d) lacks %q:\n%s%s", r.code, want, r.stdout, r.stderr)
		}
	}
	if r := conform(t, "", "history", "--last", "1", hist); !strings.Contains(r.stdout, "1 runs") || strings.Contains(r.stdout, "0123abc") {
		t.Errorf("--last 1:\n%s", r.stdout)
	}
	page := filepath.Join(dir, "history.html")
	if r := conform(t, "", "history", "--format", "html", "-o", page, hist); r.code != 0 || r.stdout != "" {
		t.Fatalf("html: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.HasPrefix(string(b), "<!DOCTYPE html>") || strings.Count(string(b), `<svg class="trend" data-contract="x/1"`) != 1 {
		t.Errorf("the page: %v\n%.300s", err, b)
	}
	if r := conform(t, "", "history", "--format", "html", "-o", page, hist); r.code != report.ExitUsage || !strings.Contains(r.stderr, "exists") {
		t.Errorf("an existing --output: exit %d\n%s", r.code, r.stderr)
	}

	garbled := filepath.Join(dir, "garbled.jsonl")
	b, _ := os.ReadFile(hist)
	if err := os.WriteFile(garbled, append(b, "{\"format\":7}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"history", garbled}, garbled + ":3: history format 7 is newer"},
		{[]string{"history", "append", "--report", old, "--commit", "c1", garbled}, garbled + ":3: history format 7"},
		{[]string{"history", "append", "--report", old, hist}, "needs --report and --commit"},
		{[]string{"history", "append", "--report", old, "--commit", "a b", hist}, `--commit: commit "a b"`},
		{[]string{"history", "append", "--report", garbled, "--commit", "c1", hist}, garbled + ":1: "},
		{[]string{"history", "append", "--report", dir, "--commit", "c1", hist}, "not a regular file"},
		{[]string{"history", dir}, "not a regular file"},
		{[]string{"history", "--format", "svg", hist}, `unknown --format "svg"`},
		{[]string{"history", "--last", "-2", hist}, "--last -2"},
	} {
		r := conform(t, "", c.args...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if after, _ := os.ReadFile(hist); string(after) != string(b) {
		t.Error("a refused append changed the history")
	}
}

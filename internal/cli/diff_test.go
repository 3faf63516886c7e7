package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/reporttest"
)

// diffPair writes two reports of one case on go and ts into dir: in the
// first ts agrees, in the second it gives a wrong output a ledger entry
// expects, and its version went from 1.0 to 1.1.
func diffPair(t *testing.T, dir string) (agreeing, regressed string) {
	t.Helper()
	h := func(v string) report.Header {
		ops := map[string][]string{"x/1": {"op"}}
		return report.Header{ConformVersion: "0.1.0", Protocol: 1, VectorsSHA256: "ab", Transport: "local", Contracts: []string{"x/1"},
			Impls: []report.ImplMeta{{Impl: "go", Version: "0.1.0", Contracts: ops}, {Impl: "ts", Version: v, Contracts: ops}}}
	}
	row := func(impl string, o report.Outcome) report.Row {
		return report.Row{Case: "0123456789abcdef", Name: "one", Contract: "x/1", Op: "op", Source: "vectors/x.jsonl:2", Impl: impl, Outcome: o}
	}
	bad := row("ts", report.WrongOutput)
	bad.Repro = "conform repro 0123456789abcdef --impl ts"
	bad.Known = &report.Known{Entry: "ci/divergences.toml:3", Link: "https://example.org/bugs/9", Expires: "2999-01-01"}
	write := func(name string, rep report.Report) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, reporttest.JSONL(rep), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("old.jsonl", reporttest.Complete(h("1.0"), []report.Row{row("go", report.Agree), row("ts", report.Agree)})),
		write("new.jsonl", reporttest.Complete(h("1.1"), []report.Row{row("go", report.Agree), bad}))
}

// conform diff: exit 1 on a regression (in every format), 0 on a fix;
// the rendering names the regression, its ledger link, the version
// change and the interop score; --output is published, and not replaced
// without --force.
func TestDiffCommand(t *testing.T) {
	dir := t.TempDir()
	old, now := diffPair(t, dir)
	r := conform(t, "", "diff", old, now)
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"regressions (1):", "x/1 one [0123456789abcdef] on ts: agree -> wrong-output",
		"expected by ci/divergences.toml:3 (https://example.org/bugs/9, until 2999-01-01)", "ts: version 1.0 -> 1.1",
		"x/1  1/1 (100%) -> 0/1 (0.0%)  (down)", "1 regressions; exit code 1"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the text lacks %q:\n%s", want, r.stdout)
		}
	}
	if r := conform(t, "", "diff", now, old); r.code != 0 || !strings.Contains(r.stdout, "fixed (1):") || !strings.Contains(r.stdout, "no regression; exit code 0") {
		t.Errorf("the fix: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = conform(t, "", "diff", "--format", "json", old, now)
	var res struct {
		Counts  map[string]int
		Entries []struct{ Class, Impl string }
		Impls   []struct{ Impl, Old, New string } `json:"implementations"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != 1 {
		t.Fatalf("json: exit %d, %v\n%s", r.code, err, r.stdout)
	}
	if res.Counts["regression"] != 1 || len(res.Entries) != 1 || res.Entries[0].Impl != "ts" || len(res.Impls) != 1 || res.Impls[0].New != "1.1" {
		t.Errorf("json: %+v", res)
	}
	out := filepath.Join(dir, "diff.md")
	if r := conform(t, "", "diff", "--format", "markdown", "-o", out, old, now); r.code != 1 || r.stdout != "" {
		t.Fatalf("markdown to a file: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if b, err := os.ReadFile(out); err != nil || !strings.HasPrefix(string(b), "## conform diff: 1 regressions") {
		t.Errorf("the markdown file: %v\n%s", err, b)
	}
	if r := conform(t, "", "diff", "-o", out, old, now); r.code != report.ExitUsage || !strings.Contains(r.stderr, "exists") {
		t.Errorf("an existing --output without --force: exit %d\n%s", r.code, r.stderr)
	}
	if r := conform(t, "", "diff", "-o", out, "--force", now, old); r.code != 0 {
		t.Errorf("--force: exit %d\n%s", r.code, r.stderr)
	}
}

// What conform diff cannot read is exit 2, naming the file and the line:
// a malformed line, an incomplete report, a report of an older format, a
// directory, a missing file, and usage errors.
func TestDiffRefuses(t *testing.T) {
	dir := t.TempDir()
	old, now := diffPair(t, dir)
	b, err := os.ReadFile(now)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	garbled := write("garbled.jsonl", lines[0]+"{not json\n"+strings.Join(lines[2:], ""))
	cut := write("cut.jsonl", strings.Join(lines[:len(lines)-2], ""))
	older := write("older.jsonl", strings.Replace(string(b), `"format":1`, `"format":0`, 1))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{old, garbled}, garbled + ":2: not a JSON object"},
		{[]string{cut, old}, cut + ": no footer"},
		{[]string{older, now}, older + ":1: report format 0 is older than any this conform reads (1)"},
		{[]string{dir, now}, "not a regular file"},
		{[]string{old, filepath.Join(dir, "missing.jsonl")}, "missing.jsonl"},
		{[]string{"--format", "html", old, now}, `unknown --format "html"`},
		{[]string{"--max", "-1", old, now}, "--max -1"},
		{[]string{old}, "accepts 2 arg(s)"},
	} {
		r := conform(t, "", append([]string{"diff"}, c.args...)...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("diff %v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

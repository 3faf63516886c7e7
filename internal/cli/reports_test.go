package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gojunit "github.com/joshdk/go-junit"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// firstContract is the catalogue's first contract: every test below runs
// its vectors, whatever it is.
func firstContract(t *testing.T) string {
	t.Helper()
	return spec.MustLoad().Contracts[0].Contract
}

// --rerun separates a flaky implementation: fake:flaky answers an accepted
// input wrongly, then rightly, so with reruns each of its wrong answers
// is nondeterministic, in the JSONL, the footer and the text matrix; it
// fails the run. Without --rerun the same rows are wrong outputs.
func TestRunRerunFindsNondeterminism(t *testing.T) {
	contract := firstContract(t)
	path := filepath.Join(t.TempDir(), "run.jsonl")
	r := conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--rerun", "2", "--report", path)
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	nondet := 0
	for _, row := range rep.Rows {
		if row.Impl != "fake:flaky" {
			continue
		}
		switch row.Outcome {
		case report.Nondeterministic:
			nondet++
			if len(row.Reruns) != 2 || row.Got.Outcome != "ok" || row.Input == nil || row.Repro == "" {
				t.Errorf("nondeterministic row %+v", row)
			}
			// Its first answer was wrong, a rerun right: never agreement.
			if !bytes.Equal(row.Reruns[0].Output, row.Expected.Output) {
				t.Errorf("the first rerun %q is not the reference's %q", row.Reruns[0].Output, row.Expected.Output)
			}
		case report.WrongOutput:
			t.Errorf("a wrong output survived the reruns: %+v", row)
		}
	}
	if nondet == 0 || rep.Footer.Counts["fake:flaky"][report.Nondeterministic] != nondet || rep.Footer.Disagreements < nondet {
		t.Errorf("%d nondeterministic rows, footer %+v", nondet, rep.Footer.Counts)
	}
	if !strings.Contains(r.stdout, "nondet") || !strings.Contains(r.stdout, "rerun 2:") {
		t.Errorf("the text lacks the nondeterministic column or the reruns:\n%s", r.stdout)
	}
	r = conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--format", "jsonl")
	if r.code != report.ExitDisagree || strings.Contains(r.stdout, `"nondeterministic"`) || !strings.Contains(r.stdout, `"wrong-output"`) {
		t.Errorf("without --rerun: exit %d, %d bytes of JSONL", r.code, len(r.stdout))
	}
	if r := conform(t, "", "run", "--rerun", "-1"); r.code != report.ExitUsage {
		t.Errorf("--rerun -1: exit %d", r.code)
	}
}

// writeLedger writes a ledger of the entries given.
func writeLedger(t *testing.T, entries ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "known.toml")
	if err := os.WriteFile(p, []byte("format = 1\n"+strings.Join(entries, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func entry(pattern, impl, outcome, expires string) string {
	return "[[divergence]]\ncase = \"" + pattern + "\"\nimpl = \"" + impl + "\"\noutcome = \"" + outcome +
		"\"\nlink = \"https://example.org/b\"\nexpires = " + expires + "\n"
}

// The ledger through conform run: the expected divergences of fake:flaky
// pass the run; an expired entry, a stale entry and a broken ledger fail
// it, each saying why; conform report judges a saved run again.
func TestRunLedger(t *testing.T) {
	contract := firstContract(t)
	dir := t.TempDir()
	known := writeLedger(t, entry("*", "fake:flaky", "wrong-output", "2999-12-31"))
	path := filepath.Join(dir, "run.jsonl")
	r := conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--ledger", known, "--report", path)
	if r.code != report.ExitAgree {
		t.Fatalf("expected divergences: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readReport(t, path)
	l := rep.Footer.Ledger
	if l == nil || l.Expected == 0 || l.Unexpected != 0 || l.Expected != rep.Footer.Disagreements || rep.Footer.ExitCode != 0 {
		t.Fatalf("ledger summary %+v, footer %+v", l, rep.Footer)
	}
	for _, row := range rep.Rows {
		if row.Outcome.Disagrees() && (row.Known == nil || row.Known.Entry != known+":2") {
			t.Errorf("a disagreement without its entry: %+v", row)
		}
	}
	if !strings.Contains(r.stdout, "expected: "+known+":2") || !strings.Contains(r.stdout, "0 unexpected disagreements") {
		t.Errorf("text:\n%s", r.stdout)
	}

	expired := writeLedger(t, entry("*", "fake:flaky", "wrong-output", "2020-01-01"))
	r = conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--ledger", expired)
	if r.code != report.ExitDisagree || !strings.Contains(r.stdout, "ledger: expired entry: "+expired+":2") {
		t.Errorf("expired: exit %d\n%s", r.code, r.stdout)
	}
	// go agrees with every vector: an entry expecting it to diverge is
	// stale, and fails a run in which nothing disagrees.
	stale := writeLedger(t, entry("*", "go", "wrong-output", "2999-12-31"))
	r = conform(t, "", "run", "--impl", "go", "--contract", contract, "--ledger", stale)
	if r.code != report.ExitDisagree || !strings.Contains(r.stdout, "ledger: stale entry: "+stale+":2: case * on go is no longer wrong-output") {
		t.Errorf("stale: exit %d\n%s", r.code, r.stdout)
	}
	broken := writeLedger(t, entry("*", "go", "wrong-output", "2999-12-31")+"colour = \"red\"\n")
	r = conform(t, "", "run", "--impl", "go", "--contract", contract, "--ledger", broken)
	if r.code != report.ExitUsage || !strings.Contains(r.stderr, broken+`:8: unknown key "colour"`) {
		t.Errorf("broken ledger: exit %d\n%s", r.code, r.stderr)
	}

	// The saved run, judged again: with the expired ledger it fails, with
	// none it is as written.
	r = conform(t, "", "report", path, "--ledger", expired)
	if r.code != report.ExitDisagree || !strings.Contains(r.stdout, "expired entry") {
		t.Errorf("report --ledger expired: exit %d\n%s", r.code, r.stdout)
	}
	if r := conform(t, "", "report", path); r.code != report.ExitAgree {
		t.Errorf("report: exit %d", r.code)
	}
}

// Every rendering of a saved report, through conform report and run's
// --format: JUnit parses, with one testcase per row; the markdown has the
// matrix and, given the previous report, the changes; the HTML page holds
// the data; the badges say agree of total. --output writes a file and
// keeps an existing one without --force.
func TestRenderings(t *testing.T) {
	contract := firstContract(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	if r := conform(t, "", "run", "--impl", "go", "--contract", contract, "--report", good); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if r := conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--report", bad); r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	rep := readReport(t, bad)

	r := conform(t, "", "report", bad, "--format", "junit")
	if r.code != report.ExitDisagree {
		t.Fatalf("junit: exit %d\n%s", r.code, r.stderr)
	}
	if err := xml.Unmarshal([]byte(r.stdout), new(struct{})); err != nil {
		t.Fatalf("junit is not XML: %v", err)
	}
	suites, err := gojunit.Ingest([]byte(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	tests, failed := 0, 0
	for _, s := range suites {
		s.Aggregate()
		tests += s.Totals.Tests
		failed += s.Totals.Failed
	}
	if tests != len(rep.Rows) || failed != rep.Footer.Disagreements || failed == 0 {
		t.Errorf("junit: %d tests (%d rows), %d failed (%d disagreements)", tests, len(rep.Rows), failed, rep.Footer.Disagreements)
	}

	r = conform(t, "", "report", bad, "--format", "markdown", "--previous", good)
	for _, want := range []string{"## conform: ", "| contract | impl | cases |", "### Since the previous report", "new disagreement", "### Disagreements", "Reproduce:"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	out := filepath.Join(dir, "report.html")
	if r := conform(t, "", "report", bad, "--format", "html", "-o", out); r.code != report.ExitDisagree || r.stdout != "" {
		t.Fatalf("html: exit %d, stdout %q\n%s", r.code, r.stdout, r.stderr)
	}
	// The page lists a disagreeing case whole (agreeing ones are counted).
	disagreeing := ""
	for _, row := range rep.Rows {
		if row.Outcome.Disagrees() {
			disagreeing = row.Case
			break
		}
	}
	page, err := os.ReadFile(out)
	if err != nil || disagreeing == "" || !bytes.HasPrefix(page, []byte("<!DOCTYPE html>")) || !bytes.Contains(page, []byte(`"id":"`+disagreeing+`"`)) {
		t.Errorf("html page (%v), disagreeing case %q: %.200s", err, disagreeing, page)
	}
	// An agreeing case's input comes from the vector set, not the report.
	if !bytes.Contains(page, []byte(`"input":{"text":`)) || bytes.Contains(page, []byte(`"input":null`)) {
		t.Error("the page lacks the inputs of agreeing vectors")
	}
	if r := conform(t, "", "report", bad, "--format", "html", "-o", out); r.code != report.ExitUsage || !strings.Contains(r.stderr, "exists") {
		t.Errorf("an existing --output: exit %d %s", r.code, r.stderr)
	}
	if r := conform(t, "", "report", bad, "--format", "html", "-o", out, "--force"); r.code != report.ExitDisagree {
		t.Errorf("--force: exit %d %s", r.code, r.stderr)
	}

	r = conform(t, "", "report", good, "--format", "shields")
	var badge map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &badge); err != nil || badge["color"] != "brightgreen" || !strings.HasSuffix(badge["message"].(string), " agree") {
		t.Errorf("shields: %v %s", err, r.stdout)
	}
	if r := conform(t, "", "report", good, "--format", "badge"); r.code != 0 || !strings.HasPrefix(r.stdout, "<svg") {
		t.Errorf("badge: exit %d %.80s", r.code, r.stdout)
	}
	if r := conform(t, "", "report", good, "--format", "pdf"); r.code != report.ExitUsage || !strings.Contains(r.stderr, "unknown --format") {
		t.Errorf("--format pdf: exit %d %s", r.code, r.stderr)
	}

	// run --format junit writes the same rendering on stdout.
	r = conform(t, "", "run", "--impl", "go", "--contract", contract, "--format", "junit")
	if s, err := gojunit.Ingest([]byte(r.stdout)); r.code != 0 || err != nil || len(s) == 0 {
		t.Errorf("run --format junit: exit %d, %v", r.code, err)
	}
}

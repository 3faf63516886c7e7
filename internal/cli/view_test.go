package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/report"
)

// matrixOf is the text matrix of a rendering: from its "contract" line to
// the blank line after it.
func matrixOf(t *testing.T, text string) string {
	t.Helper()
	i := strings.Index(text, "contract ")
	if i < 0 {
		t.Fatalf("no matrix in:\n%s", text)
	}
	return text[i : i+strings.Index(text[i:], "\n\n")]
}

// run --report FILE --omit-agreeing leaves the agreeing rows out of the
// file, and only there: the footer still counts them, the output on
// stdout is the whole run's, and conform report reads the file back with
// the whole run's matrix, exit code and disagreements, and writes it
// again as it is.
func TestRunOmitAgreeing(t *testing.T) {
	contract := firstContract(t)
	dir := t.TempDir()
	full, omit := filepath.Join(dir, "full.jsonl"), filepath.Join(dir, "omit.jsonl")
	rf := conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--report", full)
	ro := conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--report", omit, "--omit-agreeing")
	if rf.code != report.ExitDisagree || ro.code != report.ExitDisagree {
		t.Fatalf("exit %d and %d\n%s\n%s", rf.code, ro.code, rf.stderr, ro.stderr)
	}
	if matrixOf(t, ro.stdout) != matrixOf(t, rf.stdout) || strings.Contains(ro.stdout, "leaves out") {
		t.Errorf("run --omit-agreeing printed\n%s\nthe whole run printed\n%s", ro.stdout, rf.stdout)
	}
	whole, rep := readReport(t, full), readReport(t, omit)
	var disagreeing []report.Row
	for _, r := range whole.Rows {
		if r.Outcome != report.Agree {
			r.Repro = ""
			disagreeing = append(disagreeing, r)
		}
	}
	if rep.Omitted == nil || rep.Omitted.Total() != whole.Footer.Counts["go"][report.Agree]+whole.Footer.Counts["fake:flaky"][report.Agree] {
		t.Fatalf("omitted %+v, the whole run's counts %v", rep.Omitted, whole.Footer.Counts)
	}
	if len(rep.Rows) != len(disagreeing) || len(disagreeing) == 0 || len(rep.Rows) == len(whole.Rows) {
		t.Errorf("%d rows in the file, the whole run has %d of %d that do not agree", len(rep.Rows), len(disagreeing), len(whole.Rows))
	}
	if !reflect.DeepEqual(rep.Footer.Counts, whole.Footer.Counts) || rep.Footer.Disagreements != whole.Footer.Disagreements || rep.Footer.ExitCode != whole.Footer.ExitCode {
		t.Errorf("footer %+v, the whole run's %+v", rep.Footer, whole.Footer)
	}
	st, err1 := os.Stat(omit)
	sf, err2 := os.Stat(full)
	if err1 != nil || err2 != nil || st.Size() >= sf.Size() {
		t.Errorf("the file without agreeing rows is %d bytes, the whole %d (%v %v)", st.Size(), sf.Size(), err1, err2)
	}

	// conform report reads it back as the whole run.
	r := conform(t, "", "report", omit)
	w := conform(t, "", "report", full)
	if r.code != report.ExitDisagree || matrixOf(t, r.stdout) != matrixOf(t, w.stdout) {
		t.Errorf("report: exit %d\n%s\nthe whole run's:\n%s\n%s", r.code, r.stdout, w.stdout, r.stderr)
	}
	if want := "the report leaves out its " + strconv.Itoa(rep.Omitted.Total()) + " agreeing rows (run --omit-agreeing): the matrix counts them\n"; !strings.Contains(r.stdout, want) {
		t.Errorf("report does not say %q:\n%s", want, r.stdout)
	}
	if !strings.HasSuffix(r.stdout, "\n"+strconv.Itoa(whole.Footer.Disagreements)+" disagreements; exit code 1\n") {
		t.Errorf("report's last line:\n%s", r.stdout)
	}
	// ... and writes it again as it is.
	b, err := os.ReadFile(omit)
	if err != nil {
		t.Fatal(err)
	}
	if r := conform(t, "", "report", omit, "--format", "jsonl"); r.code != report.ExitDisagree || r.stdout != string(b) {
		t.Errorf("report --format jsonl: exit %d, %d bytes of the file's %d", r.code, len(r.stdout), len(b))
	}
	// conform diff needs every row.
	if r := conform(t, "", "diff", full, omit); r.code != report.ExitUsage || !strings.Contains(r.stderr, "leaves out its agreeing rows") {
		t.Errorf("diff of a report without agreeing rows: exit %d %s", r.code, r.stderr)
	}
	// Without --report there is no file to leave rows out of.
	if r := conform(t, "", "run", "--impl", "go", "--contract", contract, "--omit-agreeing"); r.code != report.ExitUsage || !strings.Contains(r.stderr, "give --report FILE") {
		t.Errorf("--omit-agreeing without --report: exit %d %s", r.code, r.stderr)
	}
}

// --show N, --only IMPL/OUTCOME and --show-expected on run and report:
// the text groups the disagreements (implementation, outcome,
// expectation, source), details the first N of those --only keeps, and
// folds the groups the ledger expects unless --show-expected; markdown
// and HTML take the same flags. Bad values are usage errors, named.
func TestShowAndOnlyFlags(t *testing.T) {
	contract := firstContract(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	r := conform(t, "", "run", "--impl", "fake:flaky", "--contract", contract, "--report", path, "--show", "2")
	if r.code != report.ExitDisagree {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	rep := readReport(t, path)
	groups := report.GroupsOf(rep, report.View{}).Groups()
	if len(groups) == 0 {
		t.Fatal("no group of disagreements: not the run this test is about")
	}
	first := groups[0]
	head := "  fake:flaky " + string(first.Outcome) + ", expected " + first.ExpectedLabel() + ", from " + first.SourceLabel() + ": "
	if !strings.Contains(r.stdout, "disagreements by implementation, outcome, expectation and source: ") || !strings.Contains(r.stdout, head) {
		t.Errorf("run's text lacks the group %q:\n%s", head, r.stdout)
	}
	if n := strings.Count(r.stdout, "\n  repro: "); n != 2 || !strings.Contains(r.stdout, "more disagreements in the JSONL report") {
		t.Errorf("run --show 2 details %d disagreements:\n%s", n, r.stdout)
	}
	// report --only keeps the groups and details of its implementation
	// and outcome; none of go's.
	r = conform(t, "", "report", path, "--only", "fake:flaky/"+string(first.Outcome), "--only", "go/*", "--show", "1")
	if r.code != report.ExitDisagree || strings.Count(r.stdout, "\n  repro: ") != 1 ||
		!strings.Contains(r.stdout, "(--only fake:flaky/"+string(first.Outcome)+", go/*; ") || !strings.Contains(r.stdout, head) {
		t.Errorf("report --only: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = conform(t, "", "report", path, "--only", "go/*", "--show", "0")
	if r.code != report.ExitDisagree || strings.Contains(r.stdout, "\n  fake:flaky "+string(first.Outcome)) || strings.Contains(r.stdout, "\n  repro: ") ||
		!strings.Contains(r.stdout, ": 0 in 0 groups (--only go/*; ") {
		t.Errorf("report --only go/* --show 0:\n%s", r.stdout)
	}
	// The ledger's expected disagreements fold to one line a group, and
	// unfold with --show-expected.
	known := writeLedger(t, entry("*", "fake:flaky", string(first.Outcome), "2999-12-31"))
	r = conform(t, "", "report", path, "--ledger", known)
	if r.code != report.ExitAgree || !strings.Contains(r.stdout, "  expected: "+known+":2 (https://example.org/b, until 2999-12-31): fake:flaky ") ||
		!strings.Contains(r.stdout, "(folded; --show-expected unfolds)") || strings.Contains(r.stdout, "\n  repro: ") {
		t.Errorf("report --ledger: exit %d\n%s", r.code, r.stdout)
	}
	r = conform(t, "", "report", path, "--ledger", known, "--show-expected", "--show", "3")
	if r.code != report.ExitAgree || strings.Contains(r.stdout, "folded") || strings.Count(r.stdout, "\n  repro: ") != 3 {
		t.Errorf("report --ledger --show-expected: exit %d\n%s", r.code, r.stdout)
	}
	// markdown and HTML take the flags too.
	r = conform(t, "", "report", path, "--format", "markdown", "--show", "2")
	if !strings.Contains(r.stdout, "### Disagreements by implementation, outcome, expectation and source") || strings.Count(r.stdout, "<details><summary>") != 2 {
		t.Errorf("report --format markdown --show 2:\n%s", r.stdout)
	}
	r = conform(t, "", "report", path, "--format", "html", "--only", "go/*")
	if r.code != report.ExitDisagree || !strings.Contains(r.stdout, `"groups":[],"groupsTotal":0,"groupsOverflow":0,"only":"go/*"`) {
		t.Errorf("report --format html --only go/*: exit %d, %.300s", r.code, r.stdout)
	}
	r = conform(t, "", "report", path, "--format", "html")
	if !strings.Contains(r.stdout, `"groups":[{"impl":"fake:flaky","outcome":"`+string(first.Outcome)+`"`) {
		t.Errorf("report --format html: the page's data lacks the groups")
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", path, "--only", "nope/errored"}, `--only nope/errored: no implementation "nope" in the run (go, fake:flaky)`},
		{[]string{"report", path, "--only", "fake:flaky"}, `--only: "fake:flaky" is not IMPL/OUTCOME`},
		{[]string{"report", path, "--only", "go/agree"}, `--only: "go/agree": agree rows are not grouped`},
		{[]string{"report", path, "--only", "go/wrong"}, `--only: "go/wrong": unknown outcome "wrong"`},
		{[]string{"report", path, "--show", "-1"}, "--show must not be negative"},
		{[]string{"run", "--impl", "go", "--contract", contract, "--only", "ts/*", "--report", filepath.Join(dir, "never.jsonl")}, `--only ts/*: no implementation "ts" in the run (go)`},
		{[]string{"run", "--impl", "go", "--contract", contract, "--show", "-2"}, "--show must not be negative"},
	} {
		r := conform(t, "", tc.args...)
		if r.code != report.ExitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
	// A run refused for its flags leaves no report behind.
	if m, _ := filepath.Glob(filepath.Join(dir, "never.jsonl*")); len(m) > 0 {
		t.Errorf("a refused run left %v", m)
	}
}

package ledger

import (
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// collect is a report.Sink that keeps what it is given.
type collect struct {
	h    report.Header
	rows []report.Row
	f    report.Footer
}

func (c *collect) Header(h report.Header) { c.h = h }
func (c *collect) Row(r report.Row)       { c.rows = append(c.rows, r) }
func (c *collect) Footer(f report.Footer) { c.f = f }

// run is a run of every contract of the catalogue on go and ts, started
// on day, with the rows given.
type run struct {
	day     time.Time
	rows    []report.Row
	narrow  bool // run one contract only
	corpora bool
	stopped string
	exit    int
}

func (r run) judge(t *testing.T, l *Ledger) *collect {
	t.Helper()
	var contracts []string
	for _, k := range spec.MustLoad().Contracts {
		contracts = append(contracts, k.Contract)
	}
	if r.narrow {
		contracts = contracts[:1]
	}
	h := report.Header{StartedAt: r.day.Add(13 * time.Hour), Contracts: contracts,
		Impls: []report.ImplMeta{{Impl: "go"}, {Impl: "ts"}}}
	if r.corpora {
		h.Corpora = []report.CorpusMeta{{Path: "/c", Cases: 1}}
	}
	var c collect
	s := l.Sink(&c)
	s.Header(h)
	disagreements := 0
	for _, row := range r.rows {
		if row.Outcome.Disagrees() {
			disagreements++
		}
		s.Row(row)
	}
	exit := r.exit
	if exit == 0 && disagreements > 0 {
		exit = report.ExitDisagree
	}
	s.Footer(report.Footer{Disagreements: disagreements, Stopped: r.stopped, ExitCode: exit})
	if c.f.Ledger == nil {
		t.Fatal("no ledger summary in the footer")
	}
	return &c
}

func row(id, name, impl string, o report.Outcome) report.Row {
	return report.Row{Case: id, Name: name, Contract: "x/1", Op: "op", Impl: impl, Outcome: o}
}

func ledgerOf(t *testing.T, entries ...string) *Ledger {
	t.Helper()
	l, err := Parse([]byte("format = 1\n"+strings.Join(entries, "")), "known.toml")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func e(pattern, impl, outcome, expires, extra string) string {
	return "[[divergence]]\ncase = \"" + pattern + "\"\nimpl = \"" + impl + "\"\noutcome = \"" + outcome +
		"\"\nlink = \"https://example.org/b\"\nexpires = " + expires + "\n" + extra
}

var day = time.Date(2030, 6, 1, 0, 0, 0, 0, time.UTC)

// An expected divergence does not fail the run: its row carries the entry,
// the summary counts it expected, and the run exits 0.
func TestExpectedDivergencePasses(t *testing.T) {
	l := ledgerOf(t, e("aaaaaaaaaaaaaaaa", "ts", "wrong-output", "2030-06-01", ""))
	c := run{day: day, rows: []report.Row{
		row("aaaaaaaaaaaaaaaa", "a", "go", report.Agree), row("aaaaaaaaaaaaaaaa", "a", "ts", report.WrongOutput),
	}}.judge(t, l)
	k := c.rows[1].Known
	if k == nil || k.Entry != "known.toml:2" || k.Link != "https://example.org/b" || k.Expires != "2030-06-01" {
		t.Fatalf("row known %+v", k)
	}
	if c.rows[0].Known != nil || c.rows[1].Unexpected() {
		t.Error("the agreeing row is marked, or the expected one is unexpected")
	}
	s := c.f.Ledger
	if s.Expected != 1 || s.Unexpected != 0 || s.Fails() || c.f.ExitCode != report.ExitAgree || s.File != "known.toml" {
		t.Errorf("summary %+v, exit %d", s, c.f.ExitCode)
	}
}

// A disagreement no entry expects fails the run, even beside an expected
// one; an entry for another implementation or outcome does not expect it.
func TestUnexpectedDivergenceFails(t *testing.T) {
	l := ledgerOf(t, e("aaaaaaaaaaaaaaaa", "ts", "wrong-output", "2031-01-01", ""),
		e("bbbbbbbbbbbbbbbb", "go", "wrong-output", "2031-01-01", ""),
		e("bbbbbbbbbbbbbbbb", "ts", "wrong-message", "2031-01-01", ""))
	c := run{day: day, narrow: true, rows: []report.Row{
		row("aaaaaaaaaaaaaaaa", "a", "ts", report.WrongOutput), row("bbbbbbbbbbbbbbbb", "b", "ts", report.WrongOutput),
	}}.judge(t, l)
	if c.rows[1].Known != nil || !c.rows[1].Unexpected() {
		t.Errorf("row b %+v", c.rows[1])
	}
	if s := c.f.Ledger; s.Expected != 1 || s.Unexpected != 1 || c.f.ExitCode != report.ExitDisagree {
		t.Errorf("summary %+v, exit %d", s, c.f.ExitCode)
	}
}

// An expired entry fails the run: it expects nothing (its row is
// unexpected) and is listed, with its line and date, even when nothing
// disagrees.
func TestExpiredEntryFails(t *testing.T) {
	l := ledgerOf(t, e("aaaaaaaaaaaaaaaa", "ts", "wrong-output", "2030-05-31", ""))
	c := run{day: day, rows: []report.Row{row("aaaaaaaaaaaaaaaa", "a", "ts", report.WrongOutput)}}.judge(t, l)
	s := c.f.Ledger
	if c.rows[0].Known != nil || s.Unexpected != 1 || len(s.Expired) != 1 || c.f.ExitCode != report.ExitDisagree {
		t.Fatalf("row %+v, summary %+v, exit %d", c.rows[0], s, c.f.ExitCode)
	}
	if want := "known.toml:2: case aaaaaaaaaaaaaaaa on ts expired on 2030-05-31"; !strings.HasPrefix(s.Expired[0], want) {
		t.Errorf("expired %q, want %q...", s.Expired[0], want)
	}
	// Expiry is judged on the run's day: the same ledger, a day earlier,
	// still expects the row.
	c = run{day: day.AddDate(0, 0, -1), rows: []report.Row{row("aaaaaaaaaaaaaaaa", "a", "ts", report.WrongOutput)}}.judge(t, l)
	if c.rows[0].Known == nil || c.f.ExitCode != report.ExitAgree {
		t.Errorf("on its last day: row %+v, exit %d", c.rows[0], c.f.ExitCode)
	}
}

// An entry whose case ran and no longer has the expected outcome is
// stale, and fails a run that otherwise agrees.
func TestStaleEntryWhoseCaseChangedFails(t *testing.T) {
	l := ledgerOf(t, e("n_*", "ts", "accepted-should-refuse", "2031-01-01", ""))
	c := run{day: day, narrow: true, rows: []report.Row{
		row("aaaaaaaaaaaaaaaa", "n_one", "ts", report.Agree), row("bbbbbbbbbbbbbbbb", "n_two", "ts", report.Agree),
	}}.judge(t, l)
	s := c.f.Ledger
	if len(s.Stale) != 1 || c.f.ExitCode != report.ExitDisagree {
		t.Fatalf("summary %+v, exit %d", s, c.f.ExitCode)
	}
	if want := "known.toml:2: case n_* on ts is no longer accepted-should-refuse: its rows were 2 agree"; s.Stale[0] != want {
		t.Errorf("stale %q, want %q", s.Stale[0], want)
	}
}

// An entry that matched no case is stale in a run that covered every
// contract and its implementation, and not judged in a narrower run (one
// contract, stopped early, or without the entry's implementation); a
// corpus entry is judged only in a run with a corpus.
func TestStaleEntryThatMatchedNothing(t *testing.T) {
	l := ledgerOf(t, e("cccccccccccccccc", "ts", "wrong-output", "2031-01-01", ""))
	rows := []report.Row{row("aaaaaaaaaaaaaaaa", "a", "ts", report.Agree)}
	c := run{day: day, rows: rows}.judge(t, l)
	if s := c.f.Ledger; len(s.Stale) != 1 || !strings.Contains(s.Stale[0], "matched no case of a run of every contract") || c.f.ExitCode != report.ExitDisagree {
		t.Errorf("full run: summary %+v, exit %d", s, c.f.ExitCode)
	}
	for name, r := range map[string]run{
		"one contract":  {day: day, rows: rows, narrow: true},
		"stopped early": {day: day, rows: rows, stopped: "fail-fast"},
	} {
		c := r.judge(t, l)
		if s := c.f.Ledger; s.Fails() || c.f.ExitCode != report.ExitAgree {
			t.Errorf("%s: summary %+v, exit %d", name, s, c.f.ExitCode)
		}
	}
	py := ledgerOf(t, e("cccccccccccccccc", "python", "wrong-output", "2031-01-01", ""))
	if c := (run{day: day, rows: rows}).judge(t, py); c.f.Ledger.Fails() {
		t.Errorf("an entry of an implementation that did not run: %+v", c.f.Ledger)
	}
	corpus := ledgerOf(t, e("cccccccccccccccc", "ts", "wrong-output", "2031-01-01", "source = \"corpus\"\n"))
	if c := (run{day: day, rows: rows}).judge(t, corpus); c.f.Ledger.Fails() {
		t.Errorf("a corpus entry in a run without a corpus: %+v", c.f.Ledger)
	}
	if c := (run{day: day, rows: rows, corpora: true}).judge(t, corpus); len(c.f.Ledger.Stale) != 1 {
		t.Errorf("a corpus entry in a run with a corpus: %+v", c.f.Ledger)
	}
}

// A corpus entry expects corpus rows only, a vector entry vector rows
// only.
func TestSourceSeparatesVectorsAndCorpora(t *testing.T) {
	l := ledgerOf(t, e("n_*", "ts", "wrong-message", "2031-01-01", "source = \"corpus\"\n"))
	vec := row("aaaaaaaaaaaaaaaa", "n_vec", "ts", report.WrongMessage)
	cor := row("bbbbbbbbbbbbbbbb", "n_cor", "ts", report.WrongMessage)
	cor.Corpus = "/corpora"
	c := run{day: day, narrow: true, corpora: true, rows: []report.Row{vec, cor}}.judge(t, l)
	if c.rows[0].Known != nil || c.rows[1].Known == nil || c.f.Ledger.Unexpected != 1 {
		t.Errorf("rows %+v %+v, summary %+v", c.rows[0].Known, c.rows[1].Known, c.f.Ledger)
	}
}

// A run that broke keeps its exit code whatever the ledger says.
func TestBrokenRunKeepsItsExitCode(t *testing.T) {
	l := ledgerOf(t, e("aaaaaaaaaaaaaaaa", "ts", "wrong-output", "2031-01-01", ""))
	c := run{day: day, exit: report.ExitBroken, rows: []report.Row{row("aaaaaaaaaaaaaaaa", "a", "ts", report.WrongOutput)}}.judge(t, l)
	if c.f.ExitCode != report.ExitBroken || c.f.Ledger.Expected != 1 {
		t.Errorf("exit %d, summary %+v", c.f.ExitCode, c.f.Ledger)
	}
}

// Two entries that expect the same row (a glob and the case's id) are both
// met: neither is stale; the first gives the row its link.
func TestOverlappingEntriesAreBothMet(t *testing.T) {
	l := ledgerOf(t, e("n_*", "ts", "accepted-should-refuse", "2031-01-01", ""),
		e("aaaaaaaaaaaaaaaa", "ts", "accepted-should-refuse", "2031-01-01", ""))
	c := run{day: day, rows: []report.Row{row("aaaaaaaaaaaaaaaa", "n_one", "ts", report.AcceptedShouldRefuse)}}.judge(t, l)
	if s := c.f.Ledger; len(s.Stale) != 0 || s.Expected != 1 || c.f.ExitCode != report.ExitAgree {
		t.Fatalf("summary %+v, exit %d", s, c.f.ExitCode)
	}
	if k := c.rows[0].Known; k == nil || k.Entry != "known.toml:2" {
		t.Errorf("the row's entry %+v, want the first", k)
	}
}

// An entry whose rows ran without its outcome is stale in a run that went
// to the end, and unjudged in a run that stopped early (-x): the rows it
// expects may be among those never run.
func TestStoppedRunLeavesAnEntryWhoseRowsRanUnjudged(t *testing.T) {
	l := ledgerOf(t, e("n_*", "ts", "accepted-should-refuse", "2031-01-01", ""))
	rows := []report.Row{row("aaaaaaaaaaaaaaaa", "n_one", "ts", report.Agree)}
	if c := (run{day: day, rows: rows}).judge(t, l); len(c.f.Ledger.Stale) != 1 {
		t.Errorf("a whole run: stale %v, want the entry", c.f.Ledger.Stale)
	}
	if c := (run{day: day, rows: rows, stopped: "fail-fast"}).judge(t, l); len(c.f.Ledger.Stale) != 0 || c.f.ExitCode != report.ExitAgree {
		t.Errorf("a stopped run: stale %v, exit %d; want unjudged, 0", c.f.Ledger.Stale, c.f.ExitCode)
	}
}

// A case name repeats across contracts (a vector called "array" in
// several): an entry naming a case by its name holds for the contract it
// gives only, never for the case of the same name in another contract.
func TestCaseNameIsScopedToItsContract(t *testing.T) {
	cat := spec.MustLoad()
	a, b := cat.Contracts[0].Contract, cat.Contracts[1].Contract
	l := ledgerOf(t, e("array", "ts", "accepted-should-refuse", "2031-01-01", `contract = "`+a+`"`+"\n"))
	inA := row("aaaaaaaaaaaaaaaa", "array", "ts", report.AcceptedShouldRefuse)
	inA.Contract = a
	inB := row("bbbbbbbbbbbbbbbb", "array", "ts", report.AcceptedShouldRefuse)
	inB.Contract = b
	c := run{day: day, rows: []report.Row{inA, inB}}.judge(t, l)
	if c.rows[0].Known == nil || c.rows[1].Known != nil {
		t.Fatalf("the entry for %s marked %v and %v; want only the first", a, c.rows[0].Known, c.rows[1].Known)
	}
	if s := c.f.Ledger; s.Expected != 1 || s.Unexpected != 1 || c.f.ExitCode != report.ExitDisagree {
		t.Errorf("summary %+v, exit %d", s, c.f.ExitCode)
	}
}

package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/escape"
)

// MaxShown is how many disagreements the text rendering details after
// their groups by default (View.Show sets another bound); the JSONL report
// always holds all of them.
const MaxShown = 100

// Summary is what the text rendering needs of a run: the header, counts
// per contract, implementation and outcome, the disagreements grouped
// (Grouper) and the first of them detailed, as View says, and the footer.
// It is a Sink, and an OmittedSink, so a run of any size is rendered in
// bounded memory.
type Summary struct {
	Head   Header
	Counts map[string]map[string]map[Outcome]int // contract, impl, outcome
	// Outside counts the refusal messages outside their contract's
	// refusal table, listed under the matrix.
	Outside Outside
	// View says which disagreements are grouped and detailed; set it
	// before the first row.
	View View
	// Groups holds every disagreeing row View selects (View.Selects),
	// grouped.
	Groups Grouper
	// Disagreements are the rows detailed after the groups: the first
	// View.Limit(MaxShown) rows View details (View.Details); Detailable
	// counts all of those.
	Disagreements []Row
	Detailable    int
	// Skips counts, per implementation, its skips of cases it announced
	// (Announced).
	Skips map[string]int
	// LeftOut is what a report without its agreeing rows left out (its
	// omitted line); nil for a run that holds every row.
	LeftOut *Omitted
	Foot    Footer
	// interop scores each contract as the rows come (Interop).
	interop Interop
}

// Header records the header.
func (s *Summary) Header(h Header) { s.Head = h; s.interop.Header(h) }

// InteropScores returns the interop score of every contract of the rows
// seen so far (Interop).
func (s *Summary) InteropScores() map[string]InteropScore { return s.interop.Scores() }

// Row counts one row, groups it when the view selects it and keeps it
// when the view details it and fewer than the view's limit are kept.
func (s *Summary) Row(r Row) {
	s.count(r.Contract, r.Impl, r.Outcome, 1)
	s.interop.Row(r)
	if s.Outside == nil {
		s.Outside = Outside{}
	}
	s.Outside.Add(r)
	if Announced(s.Head, r) {
		if s.Skips == nil {
			s.Skips = map[string]int{}
		}
		s.Skips[r.Impl]++
	}
	if s.View.Selects(r) {
		s.Groups.Add(r)
	}
	if s.View.Details(r) {
		s.Detailable++
		if len(s.Disagreements) < s.View.Limit(MaxShown) {
			s.Disagreements = append(s.Disagreements, r)
		}
	}
}

func (s *Summary) count(contract, impl string, o Outcome, n int) {
	if s.Counts == nil {
		s.Counts = map[string]map[string]map[Outcome]int{}
	}
	byImpl := s.Counts[contract]
	if byImpl == nil {
		byImpl = map[string]map[Outcome]int{}
		s.Counts[contract] = byImpl
	}
	if byImpl[impl] == nil {
		byImpl[impl] = map[Outcome]int{}
	}
	byImpl[impl][o] += n
}

// Omitted counts the rows a report without its agreeing rows left out in
// the matrix, and takes its interop scores (Interop.Omitted).
func (s *Summary) Omitted(o Omitted) {
	s.LeftOut = &o
	for contract, oc := range o.Contracts {
		for impl, n := range oc.Rows {
			s.count(contract, impl, Agree, n)
		}
	}
	s.interop.Omitted(o)
}

// Footer records the footer.
func (s *Summary) Footer(f Footer) { s.Foot = f }

// Summarize folds a whole report into a Summary of the default View.
func Summarize(rep Report) *Summary { return SummarizeView(rep, View{}) }

// SummarizeView folds a whole report into a Summary of view v.
func SummarizeView(rep Report, v View) *Summary {
	s := &Summary{View: v}
	s.Header(rep.Header)
	for _, r := range rep.Rows {
		s.Row(r)
	}
	if rep.Omitted != nil {
		s.Omitted(*rep.Omitted)
	}
	s.Footer(rep.Footer)
	return s
}

// RenderText writes the human summary of a run: who ran, the matrix of
// contract x implementation counts with each contract's interop score
// (Interop) on its first line, the disagreements grouped by
// implementation, outcome, expectation and source (Grouper, those the
// ledger expects folded to one line a group unless View.ShowExpected),
// then the first of them (View.Limit(MaxShown)) each with the fields of
// expected and observed that differ and its one-line reproducer, and the
// skips of announced cases apart. Every string the run took from outside
// (what a harness said, vector and corpus names, paths, everything of a
// saved report) is shown escaped (internal/escape), one line each.
func RenderText(w io.Writer, s *Summary) {
	h := s.Head
	fmt.Fprintf(w, "conform %s, protocol %d, vectors manifest %s, transport %s\n",
		esc(h.ConformVersion), h.Protocol, esc(short(h.VectorsSHA256, 12)), esc(h.Transport))
	for _, im := range h.Impls {
		fmt.Fprintf(w, "  %-7s %s %s (%s %s, %s %s)\n", esc(im.Impl), esc(im.Name), esc(im.Version),
			esc(im.Language), esc(im.LanguageVersion), esc(im.Runtime), esc(im.RuntimeVersion))
		if p := im.Provenance(); p != "" {
			fmt.Fprintf(w, "  %-7s %s\n", "", esc(p))
		}
	}
	for _, c := range h.Corpora {
		layouts := make([]string, len(c.Layouts))
		for i, l := range c.Layouts {
			layouts[i] = esc(l)
		}
		fmt.Fprintf(w, "  corpus  %s: %d cases (%s)\n", esc(c.Path), c.Cases, strings.Join(layouts, ", "))
	}
	fmt.Fprintln(w)
	renderMatrix(w, s)
	if s.LeftOut != nil {
		fmt.Fprintf(w, "\nthe report leaves out its %d agreeing rows (run --omit-agreeing): the matrix counts them\n", s.LeftOut.Total())
	}
	renderOutside(w, s.Outside)
	renderGroups(w, s)
	for _, r := range s.Disagreements {
		renderDisagreement(w, r)
	}
	f := s.Foot
	if more := s.Detailable - len(s.Disagreements); more > 0 {
		fmt.Fprintf(w, "\n... %d more disagreements in the JSONL report (--report FILE); --show N details N\n", more)
	}
	fmt.Fprintln(w)
	if len(f.Quarantined) > 0 {
		names := make([]string, len(f.Quarantined))
		for i, q := range f.Quarantined {
			names[i] = esc(q)
		}
		fmt.Fprintf(w, "quarantined: %s\n", strings.Join(names, ", "))
	}
	for _, name := range sortedKeys(f.Breaks) {
		for _, b := range f.Breaks[name] {
			fmt.Fprintf(w, "protocol break: %s: %s\n", esc(name), esc(b))
		}
	}
	for _, name := range sortedKeys(s.Skips) {
		what := "not a pass"
		if h.AllowSkips {
			what = "tolerated by --allow-skips"
		}
		fmt.Fprintf(w, "skipped: %s answered skipped to %d cases of contracts its handshake announced (%s)\n", esc(name), s.Skips[name], what)
	}
	if f.Stopped != "" {
		fmt.Fprintf(w, "stopped early: %s\n", esc(f.Stopped))
	}
	if f.AnnouncedSkips > 0 {
		fmt.Fprintf(w, "%d disagreements, %d skips of announced cases; exit code %d\n", f.Disagreements, f.AnnouncedSkips, f.ExitCode)
		return
	}
	renderLedger(w, f.Ledger)
	fmt.Fprintf(w, "%d disagreements; exit code %d\n", f.Disagreements, f.ExitCode)
}

// renderGroups writes the disagreements grouped (Summary.Groups): a line
// per group with its count, then its examples, one line each; a group the
// ledger expects is one line, unless the view unfolds it. It writes
// nothing when no disagreement is grouped and the view filters none out.
func renderGroups(w io.Writer, s *Summary) {
	g := &s.Groups
	only := s.View.OnlyString()
	if g.Total == 0 && only == "" {
		return
	}
	groups := g.Groups()
	fmt.Fprintf(w, "\ndisagreements by implementation, outcome, expectation and source: %d in %d %s", g.Total, len(groups), plural(len(groups), "group", "groups"))
	if only != "" {
		fmt.Fprintf(w, " (--only %s; %d disagreements in all)", esc(only), s.Foot.Disagreements)
	}
	fmt.Fprintln(w)
	for _, gr := range groups {
		what := fmt.Sprintf("%s %s, expected %s, from %s: %d %s", esc(gr.Impl), esc(string(gr.Outcome)),
			esc(gr.ExpectedLabel()), esc(gr.SourceLabel()), gr.Rows, plural(gr.Rows, "row", "rows"))
		if gr.Entry != "" {
			what = "expected: " + knownLine(gr.Known) + ": " + what
			if !s.View.ShowExpected {
				fmt.Fprintf(w, "  %s (folded; --show-expected unfolds)\n", what)
				continue
			}
		}
		fmt.Fprintf(w, "  %s\n", what)
		for _, r := range gr.Examples {
			fmt.Fprintf(w, "    %s [%s]%s: got %s\n", esc(r.Name), esc(r.Case), esc(ExampleWhere(gr.GroupKey, r)), esc(answerLine(r.Got)))
		}
	}
	if g.Overflow > 0 {
		fmt.Fprintf(w, "  ... %d more disagreements in groups beyond the first %d\n", g.Overflow, MaxGroups)
	}
}

// knownLine shows a ledger entry on one line: "ENTRY (LINK, until DATE)".
func knownLine(k *Known) string {
	if k == nil {
		return ""
	}
	return esc(k.Entry) + " (" + esc(k.Link) + ", until " + esc(k.Expires) + ")"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// esc shows a string from outside within one line (internal/escape).
func esc(s string) string { return escape.Line(s) }

var columns = []struct {
	o     Outcome
	title string
}{
	{Agree, "agree"}, {WrongOutput, "wrong-out"}, {WrongMessage, "wrong-msg"},
	{AcceptedShouldRefuse, "acc-should-ref"}, {RefusedShouldAccept, "ref-should-acc"},
	{Errored, "errored"}, {Skipped, "skipped"}, {Timeout, "timeout"},
}

func renderMatrix(w io.Writer, s *Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "contract\timpl\tcases\t")
	columns := matrixColumns(s)
	for _, c := range columns {
		fmt.Fprintf(tw, "%s\t", c.title)
	}
	fmt.Fprint(tw, "interop\t")
	fmt.Fprintln(tw)
	scores := s.InteropScores()
	for _, contract := range sortedKeys(s.Counts) {
		first := true
		for _, im := range s.Head.Impls {
			cs := s.Counts[contract][im.Impl]
			if cs == nil {
				continue
			}
			total := 0
			for _, n := range cs {
				total += n
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t", esc(contract), esc(im.Impl), total)
			for _, c := range columns {
				fmt.Fprintf(tw, "%d\t", cs[c.o])
			}
			if first {
				fmt.Fprintf(tw, "%s\t", scores[contract])
				first = false
			} else {
				fmt.Fprint(tw, "\t")
			}
			fmt.Fprintln(tw)
		}
	}
	tw.Flush()
}

// shown is what a disagreement compares, field by field: text where the
// bytes are text.
type shown struct {
	Outcome string
	Output  string
	Message string
}

func view(a Answer) shown {
	s := shown{Outcome: a.Outcome, Message: a.Message}
	if a.Outcome == "ok" {
		s.Output = printable(a.Output)
	}
	return s
}

// diffLines lists the fields of the expected answer want and the observed
// one got: a field both have alike once ("  outcome: ok"), a field that
// differs as "- " for want and "+ " for got, a field neither has not at
// all. Values are quoted (Go syntax) where they are text from outside.
func diffLines(want, got shown) []string {
	var out []string
	field := func(name, a, b string) {
		switch {
		case a == b && a == "":
		case a == b:
			out = append(out, "  "+name+": "+a)
		default:
			if a != "" {
				out = append(out, "- "+name+": "+a)
			}
			if b != "" {
				out = append(out, "+ "+name+": "+b)
			}
		}
	}
	q := func(s string) string {
		if s == "" {
			return ""
		}
		return strconv.Quote(s)
	}
	field("outcome", esc(want.Outcome), esc(got.Outcome))
	field("output", want.Output, got.Output)
	field("message", q(want.Message), q(got.Message))
	return out
}

func renderDisagreement(w io.Writer, r Row) {
	fmt.Fprintf(w, "\n%s %s [%s] %s: %s\n", esc(r.Contract), esc(r.Name), esc(r.Case), esc(r.Impl), esc(string(r.Outcome)))
	fmt.Fprintf(w, "  source: %s\n", esc(r.Source))
	if r.Input != nil {
		fmt.Fprintf(w, "  input:  %s\n", clipText(printable(r.Input), 300))
	}
	fmt.Fprintf(w, "  expected by %s; diff (-expected +got):\n", esc(r.ExpectedBy))
	for _, line := range diffLines(view(r.Expected), view(r.Got)) {
		fmt.Fprintf(w, "    %s\n", line)
	}
	if where := Where(r); where != "" {
		fmt.Fprintf(w, "  %s\n", where)
	}
	if r.Got.Reason != "" {
		fmt.Fprintf(w, "  reason: %s\n", clipText(esc(r.Got.Reason), 300))
	}
	if r.Got.Trace != "" {
		fmt.Fprintf(w, "  trace: %s\n", clipText(esc(strings.ReplaceAll(r.Got.Trace, "\n", " | ")), 300))
	}
	renderAnnotations(w, r)
	if r.Repro != "" {
		fmt.Fprintf(w, "  repro: %s\n", esc(r.Repro))
	}
}

// printable renders bytes as a Go-quoted string when they are UTF-8, and as
// hex otherwise.
func printable(b []byte) string {
	if utf8.Valid(b) {
		return fmt.Sprintf("%q", b)
	}
	return fmt.Sprintf("hex:%x", b)
}

// clipText cuts s to about n bytes, at a character boundary.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... (%d bytes)", len(s))
}

func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

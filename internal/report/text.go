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

// MaxShown bounds how many disagreements the text rendering details; the
// JSONL report always holds all of them.
const MaxShown = 100

// Summary is what the text rendering needs of a run: the header, counts
// per contract, implementation and outcome, the first MaxShown disagreeing
// rows, and the footer. It is a Sink, so a run of any size is rendered in
// bounded memory.
type Summary struct {
	Head          Header
	Counts        map[string]map[string]map[Outcome]int // contract, impl, outcome
	Disagreements []Row
	// Skips counts, per implementation, its skips of cases it announced
	// (Announced).
	Skips map[string]int
	Foot  Footer
	// interop scores each contract as the rows come (Interop).
	interop Interop
}

// Header records the header.
func (s *Summary) Header(h Header) { s.Head = h; s.interop.Header(h) }

// InteropScores returns the interop score of every contract of the rows
// seen so far (Interop).
func (s *Summary) InteropScores() map[string]InteropScore { return s.interop.Scores() }

// Row counts one row and keeps it if it disagrees and fewer than MaxShown
// are kept.
func (s *Summary) Row(r Row) {
	if s.Counts == nil {
		s.Counts = map[string]map[string]map[Outcome]int{}
	}
	byImpl := s.Counts[r.Contract]
	if byImpl == nil {
		byImpl = map[string]map[Outcome]int{}
		s.Counts[r.Contract] = byImpl
	}
	if byImpl[r.Impl] == nil {
		byImpl[r.Impl] = map[Outcome]int{}
	}
	byImpl[r.Impl][r.Outcome]++
	s.interop.Row(r)
	if Announced(s.Head, r) {
		if s.Skips == nil {
			s.Skips = map[string]int{}
		}
		s.Skips[r.Impl]++
	}
	if r.Outcome.Disagrees() && len(s.Disagreements) < MaxShown {
		s.Disagreements = append(s.Disagreements, r)
	}
}

// Footer records the footer.
func (s *Summary) Footer(f Footer) { s.Foot = f }

// Summarize folds a whole report into a Summary.
func Summarize(rep Report) *Summary {
	s := &Summary{}
	s.Header(rep.Header)
	for _, r := range rep.Rows {
		s.Row(r)
	}
	s.Footer(rep.Footer)
	return s
}

// RenderText writes the human summary of a run: who ran, the matrix of
// contract x implementation counts with each contract's interop score
// (Interop) on its first line, then each disagreement (at most
// MaxShown) with the fields of expected and observed that differ and its
// one-line reproducer, and the skips of announced cases apart. Every
// string the run took from outside (what a harness said, vector and
// corpus names, paths, everything of a saved report) is shown escaped
// (internal/escape), one line each.
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
	for _, r := range s.Disagreements {
		renderDisagreement(w, r)
	}
	f := s.Foot
	if more := f.Disagreements - len(s.Disagreements); more > 0 {
		fmt.Fprintf(w, "\n... %d more disagreements in the JSONL report (--report FILE)\n", more)
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

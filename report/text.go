package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
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
	Foot          Footer
}

// Header records the header.
func (s *Summary) Header(h Header) { s.Head = h }

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
// contract x implementation counts, then each disagreement (at most
// MaxShown) with a go-cmp diff of expected against observed and its
// one-line reproducer.
func RenderText(w io.Writer, s *Summary) {
	h := s.Head
	fmt.Fprintf(w, "conform %s, protocol %d, vectors manifest %s, transport %s\n",
		h.ConformVersion, h.Protocol, short(h.VectorsSHA256, 12), h.Transport)
	for _, im := range h.Impls {
		fmt.Fprintf(w, "  %-7s %s %s (%s %s, %s %s)\n", im.Impl, im.Name, im.Version,
			im.Language, im.LanguageVersion, im.Runtime, im.RuntimeVersion)
	}
	for _, c := range h.Corpora {
		fmt.Fprintf(w, "  corpus  %s: %d cases (%s)\n", c.Path, c.Cases, strings.Join(c.Layouts, ", "))
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
		fmt.Fprintf(w, "quarantined: %s\n", strings.Join(f.Quarantined, ", "))
	}
	for _, name := range sortedKeys(f.Breaks) {
		for _, b := range f.Breaks[name] {
			fmt.Fprintf(w, "protocol break: %s: %s\n", name, b)
		}
	}
	if f.Stopped != "" {
		fmt.Fprintf(w, "stopped early: %s\n", f.Stopped)
	}
	renderLedger(w, f.Ledger)
	fmt.Fprintf(w, "%d disagreements; exit code %d\n", f.Disagreements, f.ExitCode)
}

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
	fmt.Fprintln(tw)
	for _, contract := range sortedKeys(s.Counts) {
		for _, im := range s.Head.Impls {
			cs := s.Counts[contract][im.Impl]
			if cs == nil {
				continue
			}
			total := 0
			for _, n := range cs {
				total += n
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t", contract, im.Impl, total)
			for _, c := range columns {
				fmt.Fprintf(tw, "%d\t", cs[c.o])
			}
			fmt.Fprintln(tw)
		}
	}
	tw.Flush()
}

// shown is what the diff compares: text where the bytes are text.
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

func renderDisagreement(w io.Writer, r Row) {
	fmt.Fprintf(w, "\n%s %s [%s] %s: %s\n", r.Contract, r.Name, r.Case, r.Impl, r.Outcome)
	fmt.Fprintf(w, "  source: %s\n", r.Source)
	if r.Input != nil {
		fmt.Fprintf(w, "  input:  %s\n", clipText(printable(r.Input), 300))
	}
	fmt.Fprintf(w, "  expected by %s; diff (-expected +got):\n", r.ExpectedBy)
	diff := cmp.Diff(view(r.Expected), view(r.Got))
	for _, line := range strings.Split(strings.TrimRight(diff, "\n"), "\n") {
		fmt.Fprintf(w, "    %s\n", line)
	}
	if r.Got.Trace != "" {
		fmt.Fprintf(w, "  trace: %s\n", clipText(strings.ReplaceAll(r.Got.Trace, "\n", " | "), 300))
	}
	renderAnnotations(w, r)
	if r.Repro != "" {
		fmt.Fprintf(w, "  repro: %s\n", r.Repro)
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

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("... (%d bytes)", len(s))
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

package trial

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/conform-dev/conform/internal/mutation/mutant"
)

// Score counts one contract's mutants by status.
type Score struct {
	// Contract is the attacked guard's contract; "(unresolved)" when the
	// guard did not resolve, "all" for the total.
	Contract string         `json:"contract"`
	Counts   map[Status]int `json:"counts"`
	Total    int            `json:"total"`
}

// Detected counts Killed and Timeout mutants.
func (s Score) Detected() int { return s.Counts[Killed] + s.Counts[Timeout] }

// Valid counts the mutants a score is over: detected plus survived (a
// mutant no vector reaches, NoCoverage, survives).
func (s Score) Valid() int { return s.Detected() + s.Counts[Survived] + s.Counts[NoCoverage] }

// Percent is the mutation score, 100 x detected / valid (the
// mutation-testing-elements definition: compile errors, runtime errors and
// ignored mutants are left out); 100 when no mutant is valid.
func (s Score) Percent() float64 {
	if s.Valid() == 0 {
		return 100
	}
	return 100 * float64(s.Detected()) / float64(s.Valid())
}

// Scores returns one Score per contract, sorted by contract name, then the
// total as contract "all".
func Scores(outs []Outcome) []Score {
	return tally(len(outs), func(i int) (string, Status) { return outs[i].Mutant.Site.Contract, outs[i].Status })
}

// RowScores is Scores for row mutants.
func RowScores(rows []RowOutcome) []Score {
	return tally(len(rows), func(i int) (string, Status) { return rows[i].Contract, rows[i].Status })
}

// tally counts n outcomes, the i-th of contract and status at(i), into one
// Score per contract, sorted by name, then the total as contract "all".
func tally(n int, at func(i int) (contract string, st Status)) []Score {
	by := map[string]*Score{}
	all := &Score{Contract: "all", Counts: map[Status]int{}}
	for i := 0; i < n; i++ {
		c, st := at(i)
		if c == "" {
			c = "(unresolved)"
		}
		s := by[c]
		if s == nil {
			s = &Score{Contract: c, Counts: map[Status]int{}}
			by[c] = s
		}
		for _, x := range []*Score{s, all} {
			x.Counts[st]++
			x.Total++
		}
	}
	var out []Score
	for _, s := range by {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Contract < out[j].Contract })
	return append(out, *all)
}

// statuses is the display order of the statuses: the score table's columns
// and the summary line's counts.
var statuses = []Status{Killed, Timeout, Survived, NoCoverage, Ignored, CompileError, RuntimeError}

// words are the statuses' names in the text report: one name for each, in
// the table, the summary line and the lists alike.
var words = map[Status]string{
	Killed: "killed", Timeout: "timeout", Survived: "survived", NoCoverage: "no coverage",
	Ignored: "equivalent", CompileError: "did not build", RuntimeError: "did not start",
}

// Words returns the status's name in the text report ("no coverage" for
// NoCoverage, "equivalent" for Ignored, "did not build" for CompileError,
// "did not start" for RuntimeError); the status itself for one it does not
// know.
func (s Status) Words() string {
	if w, ok := words[s]; ok {
		return w
	}
	return string(s)
}

// Counted returns the total's counts in display order, as the summary
// line writes them: "3 killed, 0 timeout, 1 survived, ...".
func (s Score) Counted() string {
	var parts []string
	for _, st := range statuses {
		parts = append(parts, fmt.Sprintf("%d %s", s.Counts[st], st.Words()))
	}
	return strings.Join(parts, ", ")
}

// WriteScores writes scores (Scores or RowScores) as a table: one row per
// contract, a column per status, and the mutation score.
func WriteScores(w io.Writer, scores []Score) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "contract\tmutants\t")
	for _, st := range statuses {
		fmt.Fprintf(tw, "%s\t", st.Words())
	}
	fmt.Fprint(tw, "score\t\n")
	for _, s := range scores {
		fmt.Fprintf(tw, "%s\t%d\t", s.Contract, s.Total)
		for _, st := range statuses {
			fmt.Fprintf(tw, "%d\t", s.Counts[st])
		}
		fmt.Fprintf(tw, "%.1f%%\t\n", s.Percent())
	}
	tw.Flush()
}

// WriteText writes the source-mutation results: a score table per contract,
// then every surviving mutant with its file:line, what it does and its diff
// against sources, then the survivors declared equivalent, every wrong
// equivalence declaration, every mutant that did not build or start, the
// declarations that match no mutant of the source (stale), and, when
// verbose is set, the killed mutants in one line each.
func WriteText(w io.Writer, outs []Outcome, sources map[string][]byte, stale []mutant.Equivalent, verbose bool) {
	WriteScores(w, Scores(outs))

	section := func(title string, pick func(Outcome) bool, body func(Outcome)) {
		first := true
		for _, o := range outs {
			if !pick(o) {
				continue
			}
			if first {
				fmt.Fprintf(w, "\n%s:\n", title)
				first = false
			}
			body(o)
		}
	}
	section("surviving mutants", Outcome.Undetected, func(o Outcome) {
		m := o.Mutant
		how := ""
		if o.Status == NoCoverage {
			how = " (no vector reaches it)"
		}
		fmt.Fprintf(w, "\n%s:%d:%d %s %s%s\n  %s\n", m.File, m.Start.Line, m.Start.Column, m.ID, m.Mutator, how, m.Description)
		fmt.Fprint(w, indent(m.Diff(sources[m.File])))
		fmt.Fprintf(w, "  again: conform mutate --mutants --mutant %s -v\n", m.ID)
	})
	section("mutants declared equivalent (survived, as declared)", func(o Outcome) bool { return o.Status == Ignored }, func(o Outcome) {
		m := o.Mutant
		fmt.Fprintf(w, "  %s:%d:%d %s %s: `%s` -> `%s`: %s\n", m.File, m.Start.Line, m.Start.Column, m.ID, m.Mutator, m.Original, m.Replacement, o.Equivalent.Why)
	})
	section("WRONG equivalence declarations (the vectors kill these mutants)", Outcome.WrongDeclaration, func(o Outcome) {
		m := o.Mutant
		fmt.Fprintf(w, "  %s: %s:%d %s: killed by %s\n", o.Equivalent.Where(), m.File, m.Start.Line, m.ID, o.KilledBy)
	})
	section("mutants that did not build or start", func(o Outcome) bool { return !o.Valid() && o.Status != Ignored }, func(o Outcome) {
		m := o.Mutant
		fmt.Fprintf(w, "  %s:%d:%d %s %s `%s` -> `%s`:\n%s", m.File, m.Start.Line, m.Start.Column, m.ID, o.Status, m.Original, m.Replacement, indent(o.Detail))
	})
	if len(stale) > 0 {
		fmt.Fprintln(w, "\nequivalence declarations that match no mutant (stale: the code changed; fix or remove them):")
		for _, e := range stale {
			fmt.Fprintf(w, "  %s: %s %s `%s` -> `%s` in `%s`\n", e.Where(), e.File, e.Mutator, e.Original, e.Replacement, e.Cond)
		}
	}
	if verbose {
		section("killed mutants", Outcome.Detected, func(o Outcome) {
			m := o.Mutant
			fmt.Fprintf(w, "  %s:%d:%d %s %s `%s` -> `%s`: %s by %s (%d vectors)\n", m.File, m.Start.Line, m.Start.Column, m.ID, m.Mutator, m.Original, m.Replacement, o.Status, o.KilledBy, o.Killers)
		})
	}
}

// indent prefixes every line of s with four spaces and ends it with a
// newline.
func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return ""
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ") + "\n"
}

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
	by := map[string]*Score{}
	all := &Score{Contract: "all", Counts: map[Status]int{}}
	for _, o := range outs {
		c := o.Mutant.Site.Contract
		if c == "" {
			c = "(unresolved)"
		}
		s := by[c]
		if s == nil {
			s = &Score{Contract: c, Counts: map[Status]int{}}
			by[c] = s
		}
		for _, x := range []*Score{s, all} {
			x.Counts[o.Status]++
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

// statuses is the display order of the score table's columns.
var statuses = []Status{Killed, Timeout, Survived, NoCoverage, Ignored, CompileError, RuntimeError}

// WriteText writes the source-mutation results: a score table per contract,
// then every surviving mutant with its file:line, what it does and its diff
// against sources, then the survivors declared equivalent, every wrong
// equivalence declaration, every mutant that did not build or start, the
// declarations that match no mutant of the source (stale), and, when
// verbose is set, the killed mutants in one line each.
func WriteText(w io.Writer, outs []Outcome, sources map[string][]byte, stale []mutant.Equivalent, verbose bool) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "contract\tmutants\tkilled\ttimeout\tsurvived\tno-cover\tequivalent\tno-build\tno-start\tscore\t\n")
	for _, s := range Scores(outs) {
		fmt.Fprintf(tw, "%s\t%d\t", s.Contract, s.Total)
		for _, st := range statuses {
			fmt.Fprintf(tw, "%d\t", s.Counts[st])
		}
		fmt.Fprintf(tw, "%.1f%%\t\n", s.Percent())
	}
	tw.Flush()

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

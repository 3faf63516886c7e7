package report

import (
	"fmt"
	"io"
)

// matrixColumns is the text matrix's columns: every outcome's, and the
// optional columns (optionalColumns) only when a row of s has that outcome,
// so that a run without them renders as it always did.
func matrixColumns(s *Summary) []struct {
	o     Outcome
	title string
} {
	out := columns[:len(columns):len(columns)]
	for _, c := range optionalColumns {
	find:
		for _, byImpl := range s.Counts {
			for _, counts := range byImpl {
				if counts[c.o] > 0 {
					out = append(out, c)
					break find
				}
			}
		}
	}
	return out
}

// optionalColumns are the matrix columns shown only when a count of
// theirs is not zero: the outcomes only some runs have (a comparison on
// the verdict, messages outside the refusal table, reruns).
var optionalColumns = []struct {
	o     Outcome
	title string
}{{OtherMessage, "other-msg"}, {UnknownMessage, "unknown-msg"}, {Nondeterministic, "nondet"}}

// renderAnnotations writes what the reruns and the divergence ledger add
// to a disagreement: each rerun's answer of a nondeterministic row, and
// the ledger entry that expects the row.
func renderAnnotations(w io.Writer, r Row) {
	if len(r.Reruns) > 0 {
		fmt.Fprintf(w, "  first answer: %s\n", answerLine(r.Got))
		for i, a := range r.Reruns {
			fmt.Fprintf(w, "  rerun %d:      %s\n", i+1, answerLine(a))
		}
	}
	if r.Known != nil {
		fmt.Fprintf(w, "  expected: %s (%s, until %s)\n", r.Known.Entry, r.Known.Link, r.Known.Expires)
	}
}

// answerLine renders an answer on one line: its outcome and its output
// (as printable shows bytes) or message.
func answerLine(a Answer) string {
	if a.Outcome == "ok" {
		return "ok " + clipText(printable(a.Output), 200)
	}
	return a.Outcome + " " + clipText(printable([]byte(a.Message)), 200)
}

// renderLedger writes how the run stood to its divergence ledger, if one
// was given.
func renderLedger(w io.Writer, l *LedgerSummary) {
	if l == nil {
		return
	}
	fmt.Fprintf(w, "ledger %s: %d expected, %d unexpected disagreements\n", l.File, l.Expected, l.Unexpected)
	for _, e := range l.Expired {
		fmt.Fprintf(w, "ledger: expired entry: %s\n", e)
	}
	for _, e := range l.Stale {
		fmt.Fprintf(w, "ledger: stale entry: %s\n", e)
	}
}

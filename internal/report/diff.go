package report

import (
	"strings"

	"github.com/conform-dev/conform/internal/escape"
)

// Diff returns the diff of a row's expected answer against its observed
// one (-expected +got), as the text rendering shows it under a
// disagreement: outcome, output (Go-quoted when it is UTF-8, hex
// otherwise) and message. It is empty when they are equal. The renderers
// of other formats (report/junit, report/markdown, report/html) show the
// same diff.
//
// Under a wrong-message disagreement it adds, when either answer said
// where it refused, the line Where returns: shown, never compared.
//
// The lines are the text rendering's own, one a field ("  outcome: ok",
// "- message: ...", "+ message: ..."), so the same report renders to the
// same bytes every time (go-cmp's Diff is unstable by design, and speaks
// Go).
func Diff(r Row) string {
	want, got := view(r.Expected), view(r.Got)
	if want == got {
		return ""
	}
	d := strings.Join(diffLines(want, got), "\n") + "\n"
	if w := Where(r); w != "" {
		d += w + "\n"
	}
	return d
}

// Where returns, for a wrong-message disagreement whose answers said where
// in the input they refused (Answer.At), one line that shows both: "where
// (shown, never compared): expected byte 3 (the reference's), got byte 5,
// /a". It is empty for any other row. Locations are data beside the
// message: two implementations may refuse alike at different places.
func Where(r Row) string {
	if r.Outcome != WrongMessage || r.Expected.At == "" && r.Got.At == "" {
		return ""
	}
	show := func(at string) string {
		if at == "" {
			return "(not said)"
		}
		return escape.Line(at)
	}
	return "where (shown, never compared): expected " + show(r.Expected.At) + " (the reference's), got " + show(r.Got.At)
}

// AnswerLine renders an answer on one line, as the text rendering shows
// each rerun: its outcome, then its output (Go-quoted, or hex) or message,
// each clipped to 200 bytes.
func AnswerLine(a Answer) string { return answerLine(a) }

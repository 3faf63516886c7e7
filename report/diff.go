package report

import "github.com/google/go-cmp/cmp"

// Diff returns the diff of a row's expected answer against its observed
// one (-expected +got), as the text rendering shows it under a
// disagreement: outcome, output (Go-quoted when it is UTF-8, hex
// otherwise) and message. It is empty when they are equal. The renderers
// of other formats (report/junit, report/markdown, report/html) show the
// same diff.
func Diff(r Row) string { return cmp.Diff(view(r.Expected), view(r.Got)) }

// AnswerLine renders an answer on one line, as the text rendering shows
// each rerun: its outcome, then its output (Go-quoted, or hex) or message,
// each clipped to 200 bytes.
func AnswerLine(a Answer) string { return answerLine(a) }

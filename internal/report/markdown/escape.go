package markdown

import (
	"html"
	"strings"

	"github.com/conform-dev/conform/internal/escape"
)

// Text returns s as markdown text that renders as s, on one line: it
// goes through escape.Line, then each ASCII punctuation character that
// can start markdown syntax in GitHub's dialect is backslash-escaped (so
// no emphasis, strikethrough, link, autolink, code span, heading, list,
// block quote, table cell boundary, math or mention comes from it), and
// "<" and "&" become the entities &lt; and &amp; (so no HTML tag, comment
// or entity does). Other punctuation (, ; " ' = ? % / ^ { }) is left as
// it is.
func Text(s string) string {
	s = escape.Line(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '&':
			b.WriteString("&amp;")
		case strings.ContainsRune("\\`*_[]()#+-.!|~:>$@", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Fence returns s (through escape.Text) as a fenced code block of the
// language info, with a fence of backticks longer than any run of
// backticks in s, so that nothing in s can close it.
func Fence(info, s string) string {
	s = escape.Text(s)
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	return fence + info + "\n" + strings.TrimRight(s, "\n") + "\n" + fence + "\n\n"
}

// HTML returns s as text inside an HTML block of the summary (a details
// element's summary, where markdown is not read): escape.Line, then HTML
// escaping.
func HTML(s string) string { return html.EscapeString(escape.Line(s)) }

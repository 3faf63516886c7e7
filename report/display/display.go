// Package display makes a string from outside conform (a harness's name or
// message, a case's input, a corpus path) safe to show in any renderer
// before the renderer applies its own format's escaping (XML, HTML,
// markdown): what reaches a reader is valid UTF-8 with no character that
// moves, hides or reorders the text around it.
package display

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Line returns s as one line of display text: Block, with a line feed also
// escaped, as \n.
func Line(s string) string { return escape(s, false) }

// Block returns s as display text that may span lines: each byte that is
// not valid UTF-8 as \xNN, and as \uNNNN each character that is not shown
// as itself (Hidden); tab and line feed are kept.
func Block(s string) string { return escape(s, true) }

// Bytes is Block over raw bytes.
func Bytes(b []byte) string { return escape(string(b), true) }

// Hidden reports whether r is shown escaped rather than as itself: the C0
// controls and DEL (tab and line feed aside, which Block keeps), the C1
// controls, the bidirectional formatting characters (U+061C, U+200E,
// U+200F, U+202A-U+202E, U+2066-U+2069: the "Trojan Source" characters,
// which reorder what a reader sees), the line and paragraph separators
// U+2028 and U+2029 (line ends to JavaScript and some viewers), the zero
// width characters U+200B-U+200D, U+2060 and U+FEFF, and the
// noncharacters U+FDD0-U+FDEF and U+xFFFE, U+xFFFF (which XML 1.0 does not
// allow in part).
func Hidden(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x2028 || r == 0x2029 || r >= 0x200b && r <= 0x200d || r == 0x2060 || r == 0xfeff:
		return true
	case r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe:
		return true
	}
	return false
}

func escape(s string, keepLines bool) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || Hidden(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case Hidden(r) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case Hidden(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Clip returns s cut to at most n bytes, at a character boundary, with
// " ... (N bytes)" appended when it was cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf(" ... (%d bytes)", len(s))
}

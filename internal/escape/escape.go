// Package escape makes text from outside safe to show: what a harness says
// about itself and answers, what vectors, corpora, file names and saved
// reports hold. conform prints such text on a terminal and into text
// reports, where a control character could move the cursor, retitle the
// window, hide lines or forge a line of conform's own, and a bidirectional
// override could make the text read as something else.
//
// Escaped are: the C0 controls (U+0000-U+001F) but for tab and line feed
// where the text may span lines (Text, Writer), and all of them in a field
// shown within one line (Line); DEL (U+007F) and the C1 controls
// (U+0080-U+009F); the bidirectional formatting characters (U+061C,
// U+200E, U+200F, U+202A-U+202E, U+2066-U+2069); the line and paragraph
// separators (U+2028, U+2029); the zero width characters (U+200B-U+200D,
// U+2060, U+FEFF), which hide text; the noncharacters (U+FDD0-U+FDEF,
// U+xFFFE, U+xFFFF), which XML 1.0 does not allow in part; and every byte that is not part of valid
// UTF-8. A character is written \uXXXX and an invalid byte \xNN, so that
// JSON text passed through stays valid JSON with the same meaning (JSON
// never holds a raw C0 control or invalid UTF-8). The escaping shows; it is
// not meant to be reversed (a backslash is left as it is).
package escape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// escaped reports whether the character r is written as an escape; nl
// says whether tab and line feed pass.
func escaped(r rune, nl bool) bool {
	switch {
	case r == '\n' || r == '\t':
		return !nl
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
		return true
	case r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe:
		return true
	}
	return false
}

// Hidden reports whether the character r is escaped wherever it stands:
// every character of the package's list but tab and line feed, which Text
// keeps.
func Hidden(r rune) bool { return r != '\n' && r != '\t' && escaped(r, true) }

// Clip returns s cut to at most n bytes, at a character boundary, with
// " ... (N bytes)" appended when it was cut: for a renderer that shows a
// long string from outside in part.
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

// Line returns s safe to show inside one line: every character of the
// package's list escaped, line feed and tab included.
func Line(s string) string { return escapeString(s, false) }

// Text returns s safe to show as lines of text: as Line, but line feeds
// and tabs pass.
func Text(s string) string { return escapeString(s, true) }

// WriteJSON writes v to w as JSON indented by two spaces, passed through
// Text: a hidden character in a string (a bidirectional control, say) is
// written as the JSON escape \uXXXX, the same JSON with nothing hidden.
// It returns the encoding's error or the first write error.
func WriteJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, Text(buf.String()))
	return err
}

// Bytes is Line for bytes.
func Bytes(b []byte) string { return escapeString(string(b), false) }

// Needed reports whether Line would change s.
func Needed(s string) bool { return escapeString(s, false) != s }

func escapeString(s string, nl bool) string {
	clean := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n <= 1) || escaped(r, nl) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return s
	}
	var b strings.Builder
	appendEscaped(&b, []byte(s), nl)
	return b.String()
}

// appendEscaped writes p escaped to b; p must hold whole sequences only
// (an incomplete one at the end is taken as invalid bytes).
func appendEscaped(b *strings.Builder, p []byte, nl bool) {
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(b, `\x%02x`, p[i])
			n = 1
		case escaped(r, nl):
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.Write(p[i : i+n])
		}
		i += n
	}
}

// Writer passes what is written to it on to an underlying writer escaped
// as Text escapes it. A UTF-8 sequence cut between two writes is held back
// until the next Write completes it, or Flush writes it as invalid bytes.
// It is safe for concurrent use; each Write reaches w whole.
type Writer struct {
	mu   sync.Mutex
	w    io.Writer
	hold []byte
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p and writes the result. It reports len(p) on success.
func (e *Writer) Write(p []byte) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	data := p
	if len(e.hold) > 0 {
		data = append(e.hold, p...)
		e.hold = nil
	}
	// Hold back an incomplete sequence at the end: at most 3 bytes that
	// start a rune DecodeRune cannot finish yet.
	cut := len(data)
	for k := 1; k <= 3 && k <= len(data); k++ {
		c := data[len(data)-k]
		if c < 0x80 {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(data[len(data)-k:]) {
				cut = len(data) - k
			}
			break
		}
	}
	if cut < len(data) {
		e.hold = append([]byte(nil), data[cut:]...)
		data = data[:cut]
	}
	if !needsEscape(data) {
		if _, err := e.w.Write(data); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	var b strings.Builder
	appendEscaped(&b, data, true)
	if _, err := io.WriteString(e.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is held back, as invalid bytes.
func (e *Writer) Flush() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.hold) == 0 {
		return nil
	}
	var b strings.Builder
	appendEscaped(&b, e.hold, true)
	e.hold = nil
	_, err := io.WriteString(e.w, b.String())
	return err
}

func needsEscape(p []byte) bool {
	for i := 0; i < len(p); {
		c := p[i]
		if c < 0x80 {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		if (r == utf8.RuneError && n <= 1) || escaped(r, true) {
			return true
		}
		i += n
	}
	return false
}

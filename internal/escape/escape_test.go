package escape

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLineAndText(t *testing.T) {
	for in, want := range map[string]string{
		"plain ascii, é and 日本":         "plain ascii, é and 日本",
		"\x1b[31mred\x1b[0m":            `\u001b[31mred\u001b[0m`,
		"title\x1b]0;pwned\x07":         `title\u001b]0;pwned\u0007`,
		"a\r\nforged line":              `a\u000d\u000aforged line`,
		"tab\there":                     `tab\u0009here`,
		"del\x7f c1\u0085\u009b":        `del\u007f c1\u0085\u009b`,
		"\u202egnp.exe\u2066\u2069":     `\u202egnp.exe\u2066\u2069`,
		"\u061c\u200e\u200f":            `\u061c\u200e\u200f`,
		"sep\u2028\u2029":               `sep\u2028\u2029`,
		"zw\u200b\u200d\u2060\ufeff":    `zw\u200b\u200d\u2060\ufeff`,
		"nonchar\uffff\ufffe\ufdd0":     `nonchar\uffff\ufffe\ufdd0`,
		"replacement \ufffd kept":       "replacement \ufffd kept",
		"bad \xff\xfe and cut \xe6\x97": `bad \xff\xfe and cut \xe6\x97`,
		`back\slash`:                    `back\slash`,
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %s, want %s", in, got, want)
		}
	}
	if got := Text("two\nlines\tand\x1b"); got != "two\nlines\tand\\u001b" {
		t.Errorf("Text keeps LF and tab only: %q", got)
	}
	if Needed("fine") || !Needed("\x1b") {
		t.Error("Needed")
	}
}

// What Line and Text return is valid UTF-8 with no hidden character left
// (tab and line feed aside, in Text).
func TestNothingHiddenRemains(t *testing.T) {
	for _, in := range []string{
		"nul\x00bel\x07esc\x1b[31mdel\x7f", "c1\u0085\u009b", "bidi \u202eevil\u202c \u2066x\u2069",
		"zw\u200b\ufeff", "nonchar\U0010ffff\ufdef", "bad \xed\xa0\x80 \xc3", "a\nb\tc\rd",
	} {
		for _, s := range []string{Line(in), Text(in)} {
			if !utf8.ValidString(s) {
				t.Errorf("%q is not valid UTF-8", s)
			}
			for _, r := range s {
				if Hidden(r) {
					t.Errorf("%q keeps the hidden character %U", s, r)
				}
			}
		}
	}
}

func TestClip(t *testing.T) {
	if got := Clip("short", 10); got != "short" {
		t.Errorf("%q", got)
	}
	// "é" is two bytes: a cut inside it moves back to its start.
	if got := Clip("a\u00e9 bc", 2); got != "a ... (6 bytes)" {
		t.Errorf("%q", got)
	}
}

// The Writer escapes as Text does, across writes that cut a UTF-8
// sequence, and what it passes of JSON stays JSON with the same meaning.
func TestWriter(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	in := []byte("日本\x1b[2J\u202e\n")
	for _, b := range in {
		if _, err := w.Write([]byte{b}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "日本\\u001b[2J\\u202e\n" {
		t.Errorf("byte by byte: %q", got)
	}
	out.Reset()
	w.Write([]byte("cut \xe6\x97"))
	w.Flush()
	if got := out.String(); got != `cut \xe6\x97` {
		t.Errorf("an incomplete sequence at the end: %q", got)
	}
	out.Reset()
	js, _ := json.Marshal(map[string]string{"name": "a\u202eb\u009bc\x7f"})
	w.Write(append(js, '\n'))
	w.Flush()
	var back map[string]string
	if err := json.Unmarshal(out.Bytes(), &back); err != nil || back["name"] != "a\u202eb\u009bc\x7f" || strings.ContainsRune(out.String(), '\u202e') {
		t.Errorf("JSON through the writer: %q -> %q (%v)", js, out.String(), err)
	}
}

// WriteJSON writes indented JSON in which a hidden character is escaped,
// and which still decodes to the value written.
func TestWriteJSON(t *testing.T) {
	var b strings.Builder
	in := map[string]string{"m": "a\u202eb"}
	if err := WriteJSON(&b, in); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "\u202e") || !strings.Contains(out, `\u202e`) || !strings.HasPrefix(out, "{\n  \"m\"") {
		t.Fatalf("%q", out)
	}
	var back map[string]string
	if err := json.Unmarshal([]byte(out), &back); err != nil || back["m"] != in["m"] {
		t.Errorf("decodes to %q (%v)", back, err)
	}
}

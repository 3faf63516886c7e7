package escape

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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

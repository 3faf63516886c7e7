package display

import (
	"testing"
	"unicode/utf8"
)

func TestLineAndBlock(t *testing.T) {
	for _, tc := range []struct{ in, line, block string }{
		{"plain text </script> ]]> & é 𝄞", "plain text </script> ]]> & é 𝄞", "plain text </script> ]]> & é 𝄞"},
		{"a\nb\tc\rd", `a\nb\tc\rd`, "a\nb\tc\\rd"},
		{"nul\x00bel\x07esc\x1b[31mdel\x7f", `nul\x00bel\x07esc\x1b[31mdel\x7f`, `nul\x00bel\x07esc\x1b[31mdel\x7f`},
		{"c1\u0085\u009b", `c1\u0085\u009b`, `c1\u0085\u009b`},
		{"bidi \u202eevil\u202c \u2066x\u2069 \u200f\u061c", `bidi \u202eevil\u202c \u2066x\u2069 \u200f\u061c`, `bidi \u202eevil\u202c \u2066x\u2069 \u200f\u061c`},
		{"sep\u2028\u2029 zw\u200b\ufeff", `sep\u2028\u2029 zw\u200b\ufeff`, `sep\u2028\u2029 zw\u200b\ufeff`},
		{"nonchar\uffff\ufffe\ufdd0", `nonchar\uffff\ufffe\ufdd0`, `nonchar\uffff\ufffe\ufdd0`},
		{"bad \xff\xfe utf8 \xed\xa0\x80 \xc3", `bad \xff\xfe utf8 \xed\xa0\x80 \xc3`, `bad \xff\xfe utf8 \xed\xa0\x80 \xc3`},
		{"replacement \ufffd kept", "replacement \ufffd kept", "replacement \ufffd kept"},
	} {
		if got := Line(tc.in); got != tc.line {
			t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.line)
		}
		if got := Block(tc.in); got != tc.block {
			t.Errorf("Block(%q) = %q, want %q", tc.in, got, tc.block)
		}
		if got := Bytes([]byte(tc.in)); got != tc.block {
			t.Errorf("Bytes(%q) = %q", tc.in, got)
		}
		for _, s := range []string{Line(tc.in), Block(tc.in)} {
			if !utf8.ValidString(s) {
				t.Errorf("%q is not valid UTF-8", s)
			}
			for _, r := range s {
				if Hidden(r) && r != '\n' && r != '\t' {
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
	if got := Clip("aé bc", 2); got != "a ... (6 bytes)" {
		t.Errorf("%q", got)
	}
}

package toolhost

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// stringSizeByCodePoint is S of a string (section 1.9) counted code point
// by code point, as the section states it: the oracle of stringSize.
// utf16.Decode turns a lone surrogate into U+FFFD, whose UTF-8 length, 3,
// is that of the surrogate's own 3-byte form.
func stringSizeByCodePoint(u []uint16) int64 {
	n := 2
	for _, r := range utf16.Decode(u) {
		if strings.ContainsRune("\"\\\b\t\n\f\r", r) {
			n += 2
		} else if r < 0x20 {
			n += len(`\u0000`)
		} else {
			n += utf8.RuneLen(r)
		}
	}
	return int64(n)
}

// TestStringSize checks stringSize against the code point count on every
// single unit (lone surrogates included), a pair, and mixed strings.
func TestStringSize(t *testing.T) {
	cases := [][]uint16{nil, {0xD83D, 0xDE00}, {0xDE00, 0xD83D}, {'a', 0xD800, '"', 0x1F, 0xFFFF, 0xD83D, 0xDE00, '\\'}}
	for u := range 0x10000 {
		cases = append(cases, []uint16{uint16(u)})
	}
	for _, u := range cases {
		if got, want := stringSize(u), stringSizeByCodePoint(u); got != want {
			t.Fatalf("stringSize(%04x) = %d, want %d", u, got, want)
		}
	}
}

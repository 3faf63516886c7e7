// Package lenient holds the one lenient UTF-8 decoder the reference contracts
// fall back to when their UTF-8 guard is ignored.
//
// Source: spec/README.md ("UTF-8 validity" is RFC 3629), spec/rfc8785.md,
// spec/pyjson-ascii.md and spec/frame.md rule 3 ("Ignored: decode
// leniently"). The replacement rule is the Unicode Standard's "U+FFFD
// substitution of maximal subparts" (chapter 3, section 3.9), which is what
// CPython's bytes.decode("utf-8", "replace") and the WHATWG TextDecoder do, so
// the three implementations replace the same bytes.
package lenient

import "unicode/utf8"

// replacement is U+FFFD in UTF-8.
const replacement = "\uFFFD"

// Decode returns b with every maximal subpart of an ill-formed UTF-8 sequence
// replaced by U+FFFD (EF BF BD). It takes any bytes and returns valid UTF-8
// (RFC 3629); when b is already valid it returns b itself, not a copy. It
// never fails.
func Decode(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	out := make([]byte, 0, len(b)+len(b)/2)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		n := wellFormed(b[i:])
		if n > 0 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		// n <= 0: -n bytes form the maximal subpart (at least one).
		out = append(out, replacement...)
		i += -n
	}
	return out
}

// wellFormed looks at the sequence starting at b[0] (a non-ASCII byte). It
// returns the sequence's length when it is well formed, or minus the length of
// its maximal subpart (the longest prefix that could start a well-formed
// sequence, at least one byte) when it is not.
func wellFormed(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF) // bounds of the second byte (Table 3-7)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		// C0, C1, F5-FF and stray continuation bytes start nothing.
		return -1
	}
	for k := 1; k <= need; k++ {
		if k >= len(b) || b[k] < lo || b[k] > hi {
			return -k
		}
		lo, hi = 0x80, 0xBF
	}
	return need + 1
}

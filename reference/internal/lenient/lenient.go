// Package lenient holds the one lenient UTF-8 decoder the reference contracts
// fall back to when their UTF-8 guard is ignored.
//
// Source: spec/README.md ("UTF-8 validity" is RFC 3629) and the UTF-8 rule
// of each contract that reads JSON text ("Ignored: decode leniently"). The
// replacement rule is the Unicode Standard's "U+FFFD
// substitution of maximal subparts" (chapter 3, section 3.9), which is what
// CPython's bytes.decode("utf-8", "replace") and the WHATWG TextDecoder do, so
// the three implementations replace the same bytes.
package lenient

import (
	"unicode/utf8"

	"github.com/conform-dev/conform/reference/refusal"
)

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
		n, ok := step(b, i)
		if ok {
			out = append(out, b[i:i+n]...)
		} else {
			out = append(out, replacement...)
		}
		i += n
	}
	return out
}

// Origin maps an offset into Decode(b) back to b: it returns the offset in
// b of the byte Decode writes at off, the first byte of the maximal subpart
// for a byte of a U+FFFD that replaced one, and len(b) for off at or past
// the end of Decode(b). On valid b it returns off (at most len(b)).
func Origin(b []byte, off int) int {
	o := 0
	for i := 0; i < len(b); {
		n, ok := step(b, i)
		w := n
		if !ok {
			w = len(replacement)
		}
		if off < o+w {
			if ok {
				return i + off - o
			}
			return i
		}
		o += w
		i += n
	}
	return len(b)
}

// Relocate moves the offset of the refusal err, an offset into Decode(b),
// to the offset Origin gives in b. Any other error is returned as it is.
func Relocate(err error, b []byte) error {
	if e, ok := refusal.As(err); ok && e.At.HasOffset {
		e.At.Offset = Origin(b, e.At.Offset)
	}
	return err
}

// step reads the sequence at b[i]: it returns the number of bytes it takes
// and whether they are a well-formed sequence (an ASCII byte included), or
// else the length of the maximal subpart that Decode replaces by one U+FFFD
// (at least one byte).
func step(b []byte, i int) (n int, ok bool) {
	if b[i] < utf8.RuneSelf {
		return 1, true
	}
	n = wellFormed(b[i:])
	if n < 0 {
		return -n, false
	}
	return n, true
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

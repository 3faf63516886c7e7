package jsonvalue

import (
	"cmp"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// IsHigh reports whether x is a high (leading) surrogate, U+D800-U+DBFF.
func IsHigh(x uint16) bool { return x >= 0xD800 && x <= 0xDBFF }

// IsLow reports whether x is a low (trailing) surrogate, U+DC00-U+DFFF.
func IsLow(x uint16) bool { return x >= 0xDC00 && x <= 0xDFFF }

// IsControl reports whether x is a Cc control: U+0000-U+001F or
// U+007F-U+009F (seed 001, section 6, decided encoding rule 8).
func IsControl(x uint16) bool { return x <= 0x1F || (x >= 0x7F && x <= 0x9F) }

// At returns the code point that starts at unit i of u and its length in
// units: 2 for a high surrogate immediately followed by a low one (a pair),
// else 1. lone reports a surrogate unit that is not half of such a pair; its
// code point is then the unit itself. i must be below len(u).
func At(u []uint16, i int) (cp rune, n int, lone bool) {
	x := u[i]
	if IsHigh(x) && i+1 < len(u) && IsLow(u[i+1]) {
		return 0x10000 + (rune(x)-0xD800)<<10 + (rune(u[i+1]) - 0xDC00), 2, false
	}
	return rune(x), 1, IsHigh(x) || IsLow(x)
}

// CodePoints returns the number of code points of u: a pair counts one, a
// lone surrogate one, every other unit one. On a string without lone
// surrogates this is the number of Unicode scalar values.
func CodePoints(u []uint16) int {
	n := 0
	for i := 0; i < len(u); {
		_, k, _ := At(u, i)
		i += k
		n++
	}
	return n
}

// Compare orders two unit sequences by code point order (spec/README.md,
// "Code point order"): the sequences are compared code point by code point,
// a pair being one code point and a lone surrogate the code point of its
// unit; a proper prefix sorts first. It returns -1, 0 or +1.
func Compare(a, b []uint16) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, m, _ := At(a, i)
		y, n, _ := At(b, j)
		if x != y {
			return cmp.Compare(x, y)
		}
		i += m
		j += n
	}
	return cmp.Compare(len(a)-i, len(b)-j)
}

// Equal reports whether a and b are the same unit sequence.
func Equal(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// EqualString reports whether u is the units of the ASCII string s.
func EqualString(u []uint16, s string) bool {
	if len(u) != len(s) {
		return false
	}
	for i := range u {
		if u[i] != uint16(s[i]) {
			return false
		}
	}
	return true
}

// FromString returns the UTF-16 units of the valid UTF-8 string s.
func FromString(s string) []uint16 {
	u := make([]uint16, 0, len(s))
	for _, r := range s {
		u = jsonwire.AppendUTF16(u, r)
	}
	return u
}

// AppendUTF8 appends the UTF-8 encoding of u: each pair as one 4-byte code
// point, each lone surrogate as its 3-byte generalized UTF-8 form (U+D800 is
// ED A0 80), as the contracts' "Ignored:" notes require. On a string without
// lone surrogates this is exactly its RFC 3629 UTF-8.
func AppendUTF8(dst []byte, u []uint16) []byte {
	for i := 0; i < len(u); {
		r, n, _ := At(u, i)
		i += n
		dst = jsonwire.AppendGeneralized(dst, r)
	}
	return dst
}

// UTF8Len returns len(AppendUTF8(nil, u)) without building it: 1 byte below
// U+0080, 2 below U+0800, 4 for a pair, 3 for every other unit (a lone
// surrogate included).
func UTF8Len(u []uint16) int {
	n := 0
	for i := 0; i < len(u); {
		r, k, _ := At(u, i)
		i += k
		switch {
		case r < 0x80:
			n++
		case r < 0x800:
			n += 2
		case r < 0x10000:
			n += 3
		default:
			n += 4
		}
	}
	return n
}

// AppendJSON appends v as JSON text that reads back as exactly v: numbers as
// their literals, strings with every unit outside U+0020-U+007E (and the
// quote and backslash) written as a \uXXXX escape, so a lone surrogate is
// kept as its escape and a pair as two escapes. Members keep their order.
// The recursion is bounded by v's depth.
func AppendJSON(dst []byte, v *Value) []byte {
	switch v.Kind {
	case Null:
		return append(dst, "null"...)
	case False:
		return append(dst, "false"...)
	case True:
		return append(dst, "true"...)
	case Number:
		return append(dst, v.Text...)
	case String:
		return appendQuoted(dst, v.Units)
	case Array:
		dst = append(dst, '[')
		for i := range v.Elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, &v.Elems[i])
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i := range v.Members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendQuoted(dst, v.Members[i].Name)
		dst = append(dst, ':')
		dst = AppendJSON(dst, &v.Members[i].Value)
	}
	return append(dst, '}')
}

func appendQuoted(dst []byte, u []uint16) []byte {
	dst = append(dst, '"')
	for _, x := range u {
		if x >= 0x20 && x <= 0x7E && x != '"' && x != '\\' {
			dst = append(dst, byte(x))
			continue
		}
		dst = jsonwire.AppendUnitEscape(dst, rune(x))
	}
	return append(dst, '"')
}

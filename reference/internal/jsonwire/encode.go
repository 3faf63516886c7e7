package jsonwire

import "strconv"

// shortEscape maps each byte that RFC 8259 section 7 lets a writer escape
// with two characters to the character after the backslash; 0 elsewhere.
// '/' is left out: no contract writes \/.
var shortEscape = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// AppendShortEscape appends the two-character escape of c (\" \\ \b \f \n \r
// \t) and returns dst and true; for any other byte it returns dst unchanged
// and false.
func AppendShortEscape(dst []byte, c byte) ([]byte, bool) {
	if e := shortEscape[c]; e != 0 {
		return append(dst, '\\', e), true
	}
	return dst, false
}

const hexDigits = "0123456789abcdef"

// AppendUnitEscape appends \uxxxx for the UTF-16 unit u (0 to 0xFFFF), in
// lowercase hex.
func AppendUnitEscape(dst []byte, u rune) []byte {
	return append(dst, '\\', 'u', hexDigits[u>>12&0xF], hexDigits[u>>8&0xF], hexDigits[u>>4&0xF], hexDigits[u&0xF])
}

// ShortestDecimal returns the shortest decimal digits d1..dn that read back
// as the finite, non-zero binary64 f (strconv's shortest round trip, no
// leading or trailing zero), appended to dst, and the decimal point's
// position decpt, so that |f| = 0.d1..dn x 10^decpt; neg reports f < 0.
// These are the digits both ECMAScript's Number::toString (RFC 8785 section
// 3.2.2.3) and CPython's float repr (style "short") lay out.
func ShortestDecimal(dst []byte, f float64) (neg bool, digits []byte, decpt int) {
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // [-]d[.ddd]e±XX
	if e[0] == '-' {
		neg, e = true, e[1:]
	}
	start, k := len(dst), 0
	for ; e[k] != 'e'; k++ {
		if e[k] != '.' {
			dst = append(dst, e[k])
		}
	}
	exp := 0
	for _, c := range e[k+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[k+1] == '-' {
		exp = -exp
	}
	return neg, dst[start:], exp + 1
}

// AppendPositional appends the value 0.d1..dn x 10^decpt (d the digits
// ShortestDecimal returns) in positional notation: "0." then -decpt zeros
// then the digits when decpt <= 0; the digits then decpt-n zeros, with no
// decimal point, when decpt >= n; else the digits with a point after the
// first decpt. It writes no sign. ECMAScript's Number::toString and
// CPython's float repr both use this layout within their own decpt bounds.
func AppendPositional(dst, d []byte, decpt int) []byte {
	switch {
	case decpt <= 0:
		dst = append(dst, '0', '.')
		for range -decpt {
			dst = append(dst, '0')
		}
		return append(dst, d...)
	case decpt >= len(d):
		dst = append(dst, d...)
		for range decpt - len(d) {
			dst = append(dst, '0')
		}
		return dst
	}
	dst = append(dst, d[:decpt]...)
	dst = append(dst, '.')
	return append(dst, d[decpt:]...)
}

// AppendExponential appends the value 0.d1..dn x 10^decpt in exponential
// notation: d1, then "." and d2..dn when n > 1, then "e", the exponent's
// sign ("+" or "-") and decpt-1's magnitude in at least minDigits digits
// (zero-padded). It writes no sign of the value.
func AppendExponential(dst, d []byte, decpt, minDigits int) []byte {
	dst = append(dst, d[0])
	if len(d) > 1 {
		dst = append(dst, '.')
		dst = append(dst, d[1:]...)
	}
	x := decpt - 1
	if x < 0 {
		dst = append(dst, 'e', '-')
		x = -x
	} else {
		dst = append(dst, 'e', '+')
	}
	for w, p := 1, 10; w < minDigits; w, p = w+1, p*10 {
		if x < p {
			dst = append(dst, '0')
		}
	}
	return strconv.AppendInt(dst, int64(x), 10)
}

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

package rfc8785

import (
	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// appendNumber appends ECMAScript Number::toString(f) (ECMA-262 section
// 6.1.6.1.20, which RFC 8785 section 3.2.2.3 adopts) for a finite f: the
// shortest decimal that round-trips, in fixed notation when
// 1e-7 <= |f| < 1e21 and as d[.ddd]e+N or d[.ddd]e-N otherwise. -0 is "0".
func appendNumber(b []byte, f float64) []byte {
	if f == 0 {
		return append(b, '0')
	}
	// strconv gives the shortest round-trip digits; only their layout is
	// ECMAScript's.
	var tmp [17]byte
	neg, digits, n := jsonwire.ShortestDecimal(tmp[:0], f)
	return appendES6(b, neg, digits, n)
}

// appendES6 lays out the value 0.d x 10^n (d the shortest round-trip digits,
// no leading or trailing zero, at least one digit) as Number::toString does,
// with a leading "-" when neg. n is the k of ECMA-262's algorithm, the
// position of the decimal point relative to the first digit.
func appendES6(b []byte, neg bool, d []byte, n int) []byte {
	if neg {
		b = append(b, '-')
	}
	if -6 < n && n <= 21 {
		return jsonwire.AppendPositional(b, d, n)
	}
	return jsonwire.AppendExponential(b, d, n, 1)
}

// decimal is a short decimal value 0.d[:nd] x 10^n.
type decimal struct {
	d     [15]byte
	nd, n int
}

// shortDecimal is the fast path for a number token with at most 15
// significant digits whose value x lies within 1e-300 <= |x| < 1e300. There
// the token's own digits, less leading and trailing zeros, are the shortest
// digits that round-trip: any decimal of at most 15 digits survives a round
// trip through binary64 anywhere in the normal range (DBL_DIG), so no other
// decimal of at most 15 digits, and so no shorter one, has the same nearest
// double.
//
// It takes the token's integer digits, fraction digits and exponent (digits
// after an optional sign; nil for none) and returns the value's significant
// digits and decimal point position; a zero value has nd == 0. ok is false
// outside the fast path, and the caller then parses the token.
func shortDecimal(intDigits, fracDigits, exp []byte) (dec decimal, ok bool) {
	e := 0
	if len(exp) > 0 {
		neg := exp[0] == '-'
		if exp[0] == '-' || exp[0] == '+' {
			exp = exp[1:]
		}
		for _, c := range exp {
			if e > 1000 {
				return dec, false
			}
			e = e*10 + int(c-'0')
		}
		if neg {
			e = -e
		}
	}
	ni := len(intDigits)
	total := ni + len(fracDigits)
	at := func(i int) byte {
		if i < ni {
			return intDigits[i]
		}
		return fracDigits[i-ni]
	}
	first := 0
	for first < total && at(first) == '0' {
		first++
	}
	if first == total {
		return dec, true // zero
	}
	last := total - 1
	for at(last) == '0' {
		last--
	}
	dec.nd = last - first + 1
	if dec.nd > len(dec.d) {
		return dec, false
	}
	for i := range dec.nd {
		dec.d[i] = at(first + i)
	}
	dec.n = ni - first + e
	if dec.n-1 < -300 || dec.n > 300 {
		return dec, false
	}
	return dec, true
}

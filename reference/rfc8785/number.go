package rfc8785

import "strconv"

// appendNumber appends ECMAScript Number::toString(f) (ECMA-262 section
// 6.1.6.1.20, which RFC 8785 section 3.2.2.3 adopts) for a finite f: the
// shortest decimal that round-trips, in fixed notation when
// 1e-7 <= |f| < 1e21 and as d[.ddd]e+N or d[.ddd]e-N otherwise. -0 is "0".
func appendNumber(b []byte, f float64) []byte {
	if f == 0 {
		return append(b, '0')
	}
	// strconv gives the shortest round-trip digits; only their layout is
	// ECMAScript's. tmp is "[-]d[.ddd]e±XX".
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64)
	if e[0] == '-' {
		b = append(b, '-')
		e = e[1:]
	}
	var digits [17]byte
	nd := 0
	k := 0
	for ; e[k] != 'e'; k++ {
		if e[k] != '.' {
			digits[nd] = e[k]
			nd++
		}
	}
	exp := 0
	for _, c := range e[k+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[k+1] == '-' {
		exp = -exp
	}
	// The value is 0.d1..dk x 10^n in ECMA-262's terms.
	n := exp + 1
	d := digits[:nd]
	switch {
	case nd <= n && n <= 21:
		b = append(b, d...)
		for range n - nd {
			b = append(b, '0')
		}
	case 0 < n && n <= 21:
		b = append(b, d[:n]...)
		b = append(b, '.')
		b = append(b, d[n:]...)
	case -6 < n && n <= 0:
		b = append(b, '0', '.')
		for range -n {
			b = append(b, '0')
		}
		b = append(b, d...)
	default:
		b = append(b, d[0])
		if nd > 1 {
			b = append(b, '.')
			b = append(b, d[1:]...)
		}
		b = append(b, 'e')
		if n-1 < 0 {
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(1-n), 10)
		} else {
			b = append(b, '+')
			b = strconv.AppendInt(b, int64(n-1), 10)
		}
	}
	return b
}

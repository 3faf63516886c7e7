package pyjson

import (
	"math"
	"strconv"
)

// number reads a number as CPython's _match_number does: the longest prefix
// matching -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?. Without fraction
// or exponent it is an exact integer, checked against MaxIntDigits as soon
// as it ends; otherwise it is the nearest binary64.
func (p *parser) number() (value, error) {
	in := p.in
	s := p.pos
	i := s
	if i < len(in) && in[i] == '-' {
		i++
	}
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case i < len(in) && in[i] >= '1' && in[i] <= '9':
		i++
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	default:
		return value{}, p.syntax()
	}
	integer := true
	if i+1 < len(in) && in[i] == '.' && isDigit(in[i+1]) {
		integer = false
		i += 2
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	}
	if i+1 < len(in) && (in[i] == 'e' || in[i] == 'E') {
		j := i + 1
		if in[j] == '+' || in[j] == '-' {
			j++
		}
		if j < len(in) && isDigit(in[j]) {
			integer = false
			for j < len(in) && isDigit(in[j]) {
				j++
			}
			i = j
		}
	}
	p.pos = i
	tok := in[s:i:i]
	neg := in[s] == '-'
	if integer {
		digits := len(tok)
		if neg {
			digits--
		}
		if digits > MaxIntDigits {
			if err := p.c.Refuse(ErrIntDigits); err != nil {
				return value{}, err
			}
			// Ignored: the integer is kept exact.
		}
		if neg && tok[1] == '0' {
			return value{kind: kindText, text: litZero}, nil // int("-0") is 0
		}
		return value{kind: kindText, text: tok}, nil
	}
	// The token matches the grammar, so the only error is ErrRange on an
	// overflow to ±Inf, which float() gives as well.
	f, _ := strconv.ParseFloat(string(tok), 64)
	b0 := len(p.buf)
	p.buf = appendRepr(p.buf, f)
	return value{kind: kindText, text: p.buf[b0:len(p.buf):len(p.buf)]}, nil
}

// appendRepr appends what json.dumps writes for the float f: NaN, Infinity,
// -Infinity, or float.__repr__ (repr style "short": the shortest digits that
// round-trip, fixed notation with at least one fractional digit when
// -4 < decpt <= 16, else d[.ddd]e±XX with at least two exponent digits).
func appendRepr(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, litNaN...)
	case math.IsInf(f, 1):
		return append(b, litInf...)
	case math.IsInf(f, -1):
		return append(b, litNInf...)
	case f == 0:
		if math.Signbit(f) {
			return append(b, "-0.0"...)
		}
		return append(b, "0.0"...)
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // [-]d[.ddd]e±XX
	if e[0] == '-' {
		b = append(b, '-')
		e = e[1:]
	}
	var digits [17]byte
	nd, k := 0, 0
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
	d := digits[:nd]
	decpt := exp + 1 // the value is 0.d1..dn x 10^decpt
	switch {
	case decpt > -4 && decpt <= 0:
		b = append(b, '0', '.')
		for range -decpt {
			b = append(b, '0')
		}
		b = append(b, d...)
	case decpt > 0 && decpt <= 16 && decpt >= nd:
		b = append(b, d...)
		for range decpt - nd {
			b = append(b, '0')
		}
		b = append(b, '.', '0')
	case decpt > 0 && decpt <= 16:
		b = append(b, d[:decpt]...)
		b = append(b, '.')
		b = append(b, d[decpt:]...)
	default:
		b = append(b, d[0])
		if nd > 1 {
			b = append(b, '.')
			b = append(b, d[1:]...)
		}
		b = append(b, 'e')
		x := decpt - 1
		if x < 0 {
			b = append(b, '-')
			x = -x
		} else {
			b = append(b, '+')
		}
		if x < 10 {
			b = append(b, '0')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return b
}

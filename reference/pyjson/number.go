package pyjson

import (
	"math"
	"strconv"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// number makes the value of a number token, as CPython's _match_number
// reads it: the longest prefix matching
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?. Without fraction or
// exponent it is an exact integer, checked against MaxIntDigits as soon as
// it ends; otherwise it is the nearest binary64.
func (p *parser) number(t jsonwire.Token) (value, error) {
	in := p.in
	s, i := t.Start, t.End
	tok := in[s:i:i]
	integer := t.Flags&(jsonwire.Fraction|jsonwire.Exponent) == 0
	neg := in[s] == '-'
	if integer {
		digits := len(tok)
		if neg {
			digits--
		}
		if digits > MaxIntDigits {
			if err := p.c.Refuse(ErrIntDigits); err != nil {
				return value{}, p.s.Locate(err, s)
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
	var tmp [17]byte
	neg, d, decpt := jsonwire.ShortestDecimal(tmp[:0], f) // the value is 0.d1..dn x 10^decpt
	if neg {
		b = append(b, '-')
	}
	if decpt <= -4 || decpt > 16 {
		return jsonwire.AppendExponential(b, d, decpt, 2)
	}
	b = jsonwire.AppendPositional(b, d, decpt)
	if decpt >= len(d) {
		b = append(b, '.', '0') // an integral float keeps its ".0"
	}
	return b
}

package gen

import (
	"strconv"
)

// JSONOptions shape a JSON text.
type JSONOptions struct {
	// Object makes the top-level value an object most of the time, for the
	// inputs that must be objects.
	Object bool
	// Flaws lets the generator put defects in: raw controls and invalid
	// UTF-8 in strings, bad number spellings, bad whitespace, a BOM,
	// trailing data, duplicates, truncation.
	Flaws bool
	// Deep are the nesting depths worth reaching (the contract's bound and
	// one past it); a deep value nests to one of them.
	Deep []int
}

// numbers are literals at the boundaries of the number rules: ECMAScript's
// switch to exponent notation (1e21, 1e-7), 2^53, the binary64 range
// (1e308, the largest double and the halfway point above it, 1e400),
// subnormals and underflow, negative zero, Python's repr switch (1e16,
// 1e-4 and 1e-5), long integers, and exponent spellings.
var numbers = []string{
	"0", "-0", "-0.0", "0.0", "0e0", "-0e-0", "1", "-1", "10", "100", "1.0", "1.5", "-1.5", "0.1", "0.5", "4.35", "2.5e-1",
	"1e21", "1E21", "1e+21", "999999999999999999999", "1000000000000000000000", "1e20", "123456789012345678901",
	"100000000000000000000", "1e-7", "1E-7", "0.0000001", "1e-6", "0.000001", "0.00000123", "1.23e-7",
	"9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993", "9007199254740991.0",
	"18014398509481985", "9007199254740992e0", "295147905179352825856", "1e308", "1.7976931348623157e308",
	"1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623159e308", "1e309", "1e400",
	"-1e400", "1e-400", "-1e-400", "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
	"2.2250738585072014e-308", "4.9e-324", "1e16", "1e17", "1e15", "1234567890123456.0", "12345678901234567",
	"0.0001", "0.00001", "1e-4", "1e-5", "1E+2", "1e+0", "123e-20", "1.1e1", "0.30000000000000004",
	"333333333.33333329", "1e23", "5e-7", "-5e-7", "1e-323",
}

// badNumbers are spellings outside the JSON number grammar, and the
// literals only Python's json accepts.
var badNumbers = []string{
	"01", "-01", "00", "+1", ".5", "1.", "1e", "1e+", "-", "--1", "0x10", "1_0", "\u0661", "NaN", "Infinity",
	"-Infinity", "-NaN", "infinity", "1.e5", "1E", "0.e1", "Inf", "nan", "1f", "1d", "١٢",
}

// TextDepths are the depths around a nesting bound of 128, one under it,
// at it and one past it (JSONOptions.Deep). A contract's own generator
// file holds the depths of its own bounds.
var TextDepths = []int{127, 128, 129}

// jsonGen writes one JSON text.
type jsonGen struct {
	s    *Source
	o    JSONOptions
	b    []byte
	size int // soft bound on the output length
}

// JSON draws a JSON text shaped by o.
func JSON(s *Source, o JSONOptions) []byte {
	g := &jsonGen{s: s, o: o, size: 16 << 10}
	if o.Flaws && s.Chance(48) {
		g.b = append(g.b, 0xef, 0xbb, 0xbf)
	}
	g.ws()
	switch {
	case len(o.Deep) > 0 && s.Chance(8):
		g.deep(Pick(s, o.Deep))
	case o.Object && !s.Chance(12):
		g.object(1)
	default:
		g.value(1)
	}
	g.ws()
	if o.Flaws && s.Chance(24) {
		g.b = append(g.b, Pick(s, []string{"x", ",", "]", "}", "0", "null", "{}", "\x00", " 1", "\"\""})...)
	}
	if o.Flaws && s.Chance(32) && len(g.b) > 1 {
		g.b = g.b[:s.Intn(len(g.b))]
	}
	return g.b
}

// ws writes JSON whitespace now and then, and with Flaws, sometimes
// whitespace JSON does not allow.
func (g *jsonGen) ws() {
	if !g.s.Chance(6) {
		return
	}
	n := 1 + g.s.Intn(3)
	for range n {
		if g.o.Flaws && g.s.Chance(16) {
			g.b = append(g.b, Pick(g.s, []string{"\f", "\v", "\u00a0", "\u2028", "\ufeff", "\x00"})...)
			continue
		}
		g.b = append(g.b, Pick(g.s, []byte(" \t\n\r")))
	}
}

func (g *jsonGen) value(depth int) {
	if len(g.b) > g.size || depth > 140 {
		g.b = append(g.b, "null"...)
		return
	}
	switch k := g.s.Intn(32); {
	case k < 3:
		g.literal()
	case k < 10:
		g.number()
	case k < 17:
		g.str(false)
	case k < 23:
		g.array(depth)
	case k < 30:
		g.object(depth)
	default:
		if depth == 1 && len(g.o.Deep) > 0 {
			g.deep(Pick(g.s, g.o.Deep))
			return
		}
		g.str(false)
	}
}

func (g *jsonGen) literal() {
	lits := []string{"null", "true", "false"}
	if g.o.Flaws && g.s.Chance(8) {
		lits = []string{"NaN", "Infinity", "-Infinity", "nul", "True", "truee", "fals", "undefined", "None"}
	}
	g.b = append(g.b, Pick(g.s, lits)...)
}

// number writes a number: a boundary literal, a long integer (up to
// CPython's 4300-digit bound on int() from text), a double drawn from its bits in one
// of several spellings, a decimal with a boundary exponent, or (Flaws) a
// spelling outside the grammar.
func (g *jsonGen) number() {
	s := g.s
	switch s.Intn(8) {
	case 0, 1, 2:
		g.b = append(g.b, Pick(s, numbers)...)
	case 3:
		n := Pick(s, []int{1, 2, 3, 15, 16, 17, 18, 19, 20, 21, 22, 25, 40, 309, 310, 4299, 4300, 4301})
		if s.Chance(3) {
			g.b = append(g.b, '-')
		}
		g.b = append(g.b, byte('1'+s.Intn(9)))
		for i := 1; i < n; i++ {
			g.b = append(g.b, byte('0'+s.Intn(10)))
		}
	case 4:
		f := s.Float64()
		if !finite(f) {
			f = 0
		}
		switch s.Intn(5) {
		case 0:
			g.b = strconv.AppendFloat(g.b, f, 'e', -1, 64)
		case 1:
			g.b = strconv.AppendFloat(g.b, f, 'g', -1, 64)
		case 2:
			g.b = strconv.AppendFloat(g.b, f, 'e', s.Intn(25), 64)
		case 3:
			g.b = strconv.AppendFloat(g.b, f, 'E', 16+s.Intn(4), 64)
		default:
			g.b = strconv.AppendFloat(g.b, f, 'f', -1, 64)
		}
	case 5:
		if s.Chance(3) {
			g.b = append(g.b, '-')
		}
		g.b = append(g.b, byte('1'+s.Intn(9)))
		for range s.Intn(18) {
			g.b = append(g.b, byte('0'+s.Intn(10)))
		}
		if s.Chance(2) {
			g.b = append(g.b, '.')
			for range 1 + s.Intn(18) {
				g.b = append(g.b, byte('0'+s.Intn(10)))
			}
		}
		exp := Pick(s, []int{-400, -325, -324, -323, -309, -308, -8, -7, -6, -5, -4, 0, 15, 16, 17, 20, 21, 22, 307, 308, 309, 400})
		exp += s.Intn(5) - 2
		g.b = append(g.b, Pick(s, []string{"e", "E"})...)
		if exp >= 0 && s.Chance(2) {
			g.b = append(g.b, '+')
		}
		g.b = strconv.AppendInt(g.b, int64(exp), 10)
	case 6:
		base := []string{"900719925474099", "-900719925474099"}[s.Intn(2)]
		g.b = append(g.b, base...)
		g.b = append(g.b, byte('0'+s.Intn(10)))
		g.b = append(g.b, Pick(s, []string{"", "", "", ".0", "e0", ".5", "0", "00"})...)
	default:
		if g.o.Flaws {
			g.b = append(g.b, Pick(s, badNumbers)...)
		} else {
			g.b = append(g.b, Pick(s, numbers)...)
		}
	}
}

// str writes a string; a member name when key is set (drawn from the sort
// traps half the time).
func (g *jsonGen) str(key bool) {
	s := g.s
	var us []uint16
	if key && !s.Chance(2) {
		us = Pick(s, sortKeys)
		if s.Chance(3) {
			us = append(append([]uint16(nil), us...), Pick(s, sortKeys)...)
		}
	} else {
		n := s.Intn(10)
		if s.Chance(16) {
			n = Pick(s, []int{40, 41, 64, 65, 255, 256, 257, 300})
		}
		us = textUnits(s, n, true)
	}
	g.b = append(g.b, '"')
	if g.o.Flaws && s.Chance(16) {
		// A raw defect inside the string: a control byte, invalid UTF-8,
		// a bad escape or an unterminated string.
		g.b = appendUnits(s, g.b, us[:len(us)/2])
		g.b = append(g.b, Pick(s, []string{
			"\x00", "\x1f", "\n", "\t", "\xff", "\xc0\xaf", "\xed\xa0\x80", "\xed\xb0\x80", "\xf4\x90\x80\x80",
			"\xe2\x82", "\\x41", "\\u12", "\\U0041", "\\a", "\\", "\\ud800\\u0041", "\x7f", "\xc2\x85",
		})...)
		g.b = appendUnits(s, g.b, us[len(us)/2:])
	} else {
		g.b = appendUnits(s, g.b, us)
	}
	if !(g.o.Flaws && s.Chance(64)) {
		g.b = append(g.b, '"')
	}
}

func (g *jsonGen) array(depth int) {
	s := g.s
	n := s.Intn(5)
	if s.Chance(16) {
		n = Pick(s, []int{31, 32, 33, 40})
	}
	g.b = append(g.b, '[')
	for i := 0; i < n && !s.Exhausted(); i++ {
		if i > 0 {
			g.ws()
			g.b = append(g.b, ',')
		}
		g.ws()
		g.value(depth + 1)
		g.ws()
	}
	if g.o.Flaws && s.Chance(32) {
		g.b = append(g.b, ',')
	}
	g.b = append(g.b, ']')
}

func (g *jsonGen) object(depth int) {
	s := g.s
	n := s.Intn(6)
	if s.Chance(16) {
		n = 6 + s.Intn(30)
	}
	// Now and then the object gets a pair of names that UTF-16 order and
	// code point order sort differently: one starting with an astral
	// character, one with a BMP character at or above U+E000.
	var trap [][]uint16
	if n >= 2 && s.Chance(6) {
		trap = [][]uint16{
			append(appendChar(nil, Pick(s, astralChars)), textUnits(s, s.Intn(2), false)...),
			append(appendChar(nil, Pick(s, []rune{0xe000, 0xf8ff, 0xfb01, 0xfeff, 0xff21, 0xfffd, 0xffff})), textUnits(s, s.Intn(2), false)...),
		}
		if s.Chance(2) {
			trap[0], trap[1] = trap[1], trap[0]
		}
	}
	g.b = append(g.b, '{')
	var names [][]byte
	for i := 0; i < n && !s.Exhausted(); i++ {
		if i > 0 {
			g.ws()
			g.b = append(g.b, ',')
		}
		g.ws()
		start := len(g.b)
		if len(trap) > 0 && i >= n-2 {
			g.b = append(g.b, Quote(s, trap[0])...)
			trap = trap[1:]
		} else if len(names) > 0 && s.Chance(24) {
			// A duplicate, spelled as before or with its first unit
			// escaped.
			prev := names[s.Intn(len(names))]
			if s.Chance(2) && len(prev) > 2 && prev[1] >= 'a' && prev[1] <= 'z' {
				g.b = append(g.b, `"\u00`+strconv.FormatInt(int64(prev[1]), 16)...)
				g.b = append(g.b, prev[2:]...)
			} else {
				g.b = append(g.b, prev...)
			}
		} else {
			g.str(true)
		}
		names = append(names, append([]byte(nil), g.b[start:]...))
		g.ws()
		g.b = append(g.b, ':')
		g.ws()
		g.value(depth + 1)
		g.ws()
	}
	if g.o.Flaws && s.Chance(32) {
		g.b = append(g.b, ',')
	}
	g.b = append(g.b, '}')
}

// deep writes a value nested to exactly depth containers (objects and
// arrays by draws), around a small value.
func (g *jsonGen) deep(depth int) {
	s := g.s
	var closers []byte
	for range depth {
		if s.Chance(3) {
			g.b = append(g.b, `{"k":`...)
			closers = append(closers, '}')
		} else {
			g.b = append(g.b, '[')
			closers = append(closers, ']')
		}
	}
	if s.Chance(2) {
		g.literal()
	} else {
		g.number()
	}
	for i := len(closers) - 1; i >= 0; i-- {
		g.b = append(g.b, closers[i])
	}
}

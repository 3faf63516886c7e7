package gen

import (
	"fmt"
	"strings"
)

// ValueString wraps a string (as UTF-16 units) as a JSON value input:
// mostly a JSON string escaped by draws, sometimes with whitespace around
// it, and now and then a value of another JSON type (the .type guards) or
// broken JSON (the .input guards).
func ValueString(s *Source, us []uint16) []byte {
	var b []byte
	if s.Chance(8) {
		b = append(b, Pick(s, []string{" ", "\n", "\t", "\r\n"})...)
	}
	switch k := s.Intn(40); {
	case k == 0:
		b = append(b, Pick(s, []string{"null", "1", "true", "{}", "[]", "20240101"})...)
	case k == 1:
		b = append(b, '[')
		b = append(b, Quote(s, us)...)
		b = append(b, ']')
	case k == 2:
		q := Quote(s, us)
		b = append(b, q[:len(q)-1]...) // unterminated
	case k == 3:
		b = append(b, Quote(s, us)...)
		b = append(b, Pick(s, []string{"x", " 1", ",", "\x00", "\xff"})...)
	case k == 4:
		b = append(b, 0xef, 0xbb, 0xbf)
		b = append(b, Quote(s, us)...)
	default:
		b = append(b, Quote(s, us)...)
	}
	if s.Chance(8) {
		b = append(b, Pick(s, []string{" ", "\n", "\t"})...)
	}
	return b
}

// ISO draws a string shaped like YYYY-MM-DDTHH:MM:SS.mmmZ with fields at
// their bounds (years 0000, 0001 and 9999, month 00 and 13, day 29 to 32,
// hour 24, minute and second 60, leap years and centuries), and now and
// then a shape defect: lower-case t or z, no milliseconds, an offset, a
// trailing newline, a fullwidth or Arabic-Indic digit, an extended year.
func ISO(s *Source) string {
	field := func(pool []string, width int) string {
		if s.Chance(4) {
			var b []byte
			for range width {
				b = append(b, byte('0'+s.Intn(10)))
			}
			return string(b)
		}
		return Pick(s, pool)
	}
	if s.Chance(3) {
		// A real instant, fields drawn over their whole ranges.
		return fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", 1+s.Intn(9999), 1+s.Intn(12), 1+s.Intn(28),
			s.Intn(24), s.Intn(60), s.Intn(60), s.Intn(1000))
	}
	y := field([]string{"0000", "0001", "0004", "0100", "0400", "1582", "1899", "1900", "1969", "1970", "1999", "2000", "2001", "2024", "2100", "2400", "9999"}, 4)
	mo := field([]string{"01", "02", "02", "02", "03", "04", "06", "09", "11", "12", "00", "13", "99"}, 2)
	d := field([]string{"01", "28", "29", "29", "30", "31", "31", "00", "32", "99"}, 2)
	h := field([]string{"00", "01", "12", "23", "24", "24", "25", "99"}, 2)
	mi := field([]string{"00", "00", "30", "59", "60", "99"}, 2)
	se := field([]string{"00", "00", "30", "59", "60", "61"}, 2)
	ms := field([]string{"000", "000", "001", "500", "999"}, 3)
	t := y + "-" + mo + "-" + d + "T" + h + ":" + mi + ":" + se + "." + ms + "Z"
	if !s.Chance(4) {
		return t
	}
	switch s.Intn(14) {
	case 0:
		return strings.Replace(t, "T", "t", 1)
	case 1:
		return strings.TrimSuffix(t, "Z") + "z"
	case 2:
		return t[:19] + "Z"
	case 3:
		return t[:23] + "+00:00"
	case 4:
		return t + "\n"
	case 5:
		return " " + t
	case 6:
		i := s.Intn(len(t))
		if t[i] >= '0' && t[i] <= '9' {
			r := Pick(s, []rune{0xff10, 0x660, 0x6f0, 0x966})
			return t[:i] + string(r+rune(t[i]-'0')) + t[i+1:]
		}
		return t
	case 7:
		return "+0" + t
	case 8:
		return strings.Replace(t, "-", "/", 2)
	case 9:
		return t[:23] + "0Z"
	case 10:
		return t[:len(t)-1]
	case 11:
		return "-" + t
	case 12:
		return strings.Replace(t, "T", " ", 1)
	default:
		return t + "Z"
	}
}

// TimestampValue draws a JSON value input holding an ISO-shaped timestamp
// (ISO), for the operations that read one.
func TimestampValue(s *Source) []byte { return ValueString(s, units(ISO(s))) }

func sortUnits(list [][]uint16, less func(a, b []uint16) bool) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && less(list[j], list[j-1]); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}

// unitLess orders by UTF-16 units.
func unitLess(a, b []uint16) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// codePointLess orders by code points, a pair being one code point and a
// lone surrogate its unit's value.
func codePointLess(a, b []uint16) bool {
	ca, cb := codePoints(a), codePoints(b)
	for i := 0; i < len(ca) && i < len(cb); i++ {
		if ca[i] != cb[i] {
			return ca[i] < cb[i]
		}
	}
	return len(ca) < len(cb)
}

func codePoints(us []uint16) []rune {
	var out []rune
	for i := 0; i < len(us); i++ {
		u := rune(us[i])
		if u >= 0xd800 && u < 0xdc00 && i+1 < len(us) && us[i+1] >= 0xdc00 && us[i+1] <= 0xdfff {
			out = append(out, 0x10000+(u-0xd800)<<10+rune(us[i+1])-0xdc00)
			i++
			continue
		}
		out = append(out, u)
	}
	return out
}

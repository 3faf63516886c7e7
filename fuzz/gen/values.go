package gen

import (
	"encoding/base64"
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

// Symbol draws a ticker symbol candidate: A-Z, digits and the punctuation
// of the frozen /1 pattern, at the 6/7, 40/41 and suffix 4/5 length
// bounds, with lower case, confusables (Cyrillic, Greek, fullwidth),
// invisibles and a trailing newline now and then.
func Symbol(s *Source) []uint16 {
	const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	var us []uint16
	letters := func(n int) {
		for range n {
			us = append(us, uint16(upper[s.Intn(26)]))
		}
	}
	switch s.Intn(4) {
	case 0, 1: // equity shape: [A-Z]{1,6}([.-][A-Z]{1,4})?
		letters(Pick(s, []int{1, 2, 3, 4, 5, 6, 6, 7, 0}))
		if s.Chance(2) {
			us = append(us, uint16(Pick(s, []byte(".-/:^=_"))))
			letters(Pick(s, []int{1, 2, 4, 4, 5, 0}))
		}
	case 2: // symbol shape, at its length bounds
		n := Pick(s, []int{1, 2, 39, 40, 40, 41, 5, 10})
		us = append(us, uint16(Pick(s, []byte(upper+"0123456789.-"))))
		for len(us) < n {
			us = append(us, uint16(Pick(s, []byte(upper+"0123456789.^:=_/-"))))
		}
	default:
		us = textUnits(s, s.Intn(8), true)
	}
	if len(us) > 0 && s.Chance(4) {
		i := s.Intn(len(us))
		var alt []uint16
		switch s.Intn(5) {
		case 0:
			alt = appendChar(nil, Pick(s, confusables))
		case 1:
			alt = appendChar(nil, Pick(s, invisibles))
		case 2:
			alt = []uint16{us[i] | 0x20} // lower case
		case 3:
			alt = appendChar(nil, Pick(s, []rune{'\n', ' ', '\t', 0x0, 0x7f, 0x85}))
		default:
			alt = appendChar(nil, Pick(s, astralChars))
		}
		us = append(append(append([]uint16(nil), us[:i]...), alt...), us[i:]...)
	}
	if s.Chance(16) {
		us = append(us, '\n')
	}
	return us
}

// Label draws a masked account label: runs of ASCII digits (4 and 5 long,
// split by spaces), letters, the closed set's punctuation, bullets and
// ellipses, and the characters the closed set refuses (fullwidth and
// Arabic-Indic digits, Cyrillic confusables, U+202E, U+200B, U+FEFF,
// controls, lone surrogates, astral characters), at the 64/65 UTF-16 unit
// length bound.
func Label(s *Source) []uint16 {
	var us []uint16
	n := s.Intn(8)
	for i := 0; i < n && !s.Exhausted(); i++ {
		switch s.Intn(10) {
		case 0, 1:
			for range Pick(s, []int{1, 3, 4, 4, 5, 5, 6}) {
				us = append(us, uint16('0'+s.Intn(10)))
			}
		case 2:
			for range 1 + s.Intn(6) {
				us = append(us, uint16(Pick(s, []byte("ABCDEFXYZabcxyz"))))
			}
		case 3:
			us = append(us, uint16(Pick(s, []byte(" .-_()#*"))))
		case 4:
			us = append(us, Pick(s, []uint16{0x2022, 0x2026}))
		case 5:
			us = appendChar(us, Pick(s, confusables))
		case 6:
			us = appendChar(us, Pick(s, invisibles))
		case 7:
			us = appendChar(us, Pick(s, controls))
		case 8:
			us = append(us, Pick(s, []uint16{0xd800, 0xdc00, 0xdbff, 0xdfff}))
		default:
			us = appendChar(us, Pick(s, astralChars))
		}
	}
	if s.Chance(6) {
		// Pad to a length bound, with one- or two-unit characters.
		target := Pick(s, []int{63, 64, 64, 65, 1, 0})
		pad := Pick(s, [][]uint16{{'*'}, {'a'}, {0xd83d, 0xde00}, {0x2022}})
		for len(us)+len(pad) <= target {
			us = append(us, pad...)
		}
		for len(us) < target {
			us = append(us, 'x')
		}
	}
	return us
}

// TimestampValue draws a prim/1 timestamp or v8date/1 parse input.
func TimestampValue(s *Source) []byte { return ValueString(s, units(ISO(s))) }

// SymbolValue draws a ticker/1 symbol or equity-ticker input.
func SymbolValue(s *Source) []byte { return ValueString(s, Symbol(s)) }

// LabelValue draws a ticker/1 masked-label input.
func LabelValue(s *Source) []byte { return ValueString(s, Label(s)) }

// integers are integer literals at the prim/1 bounds.
var integers = []string{
	"0", "1", "2", "9", "10", "-0", "-1", "9007199254740991", "9007199254740992", "9007199254740993",
	"99999999999999999999", "1.0", "1e2", "1E0", "0.5", "1e0", "0e0", "-9007199254740991", "007",
	"1.5e3", "10.0", "12345678901234567890123",
}

// IntegerValue draws a prim/1 integer or positive-integer input.
func IntegerValue(s *Source) []byte {
	switch s.Intn(8) {
	case 0:
		return []byte(Pick(s, []string{`"1"`, "null", "true", "[1]", `{"n":1}`, "1 2", "", "-", "+1"}))
	case 1:
		return JSON(s, JSONOptions{})
	default:
		return []byte(Pick(s, integers))
	}
}

// StringValue draws a prim/1 string, safe-display or utf8-length input: at
// the 256 scalar value bound (256 astral characters are 512 units), with
// controls and lone surrogates; for safe display, mostly printable ASCII
// at its 1 and 256 bounds.
func StringValue(s *Source, display bool) []byte {
	var us []uint16
	if display && !s.Chance(4) {
		n := Pick(s, []int{0, 1, 2, 10, 255, 256, 257})
		for range n {
			us = append(us, uint16(0x20+s.Intn(95)))
		}
		if s.Chance(3) && len(us) > 0 {
			us[s.Intn(len(us))] = Pick(s, []uint16{0x1f, 0x7f, 0x80, 0xa0, 0x2028, 0x202e, 0x200b, 0xfeff, 0xe9, 0xd800, 0xff21})
		}
		return ValueString(s, us)
	}
	if s.Chance(4) {
		n := Pick(s, []int{255, 256, 257})
		ch := Pick(s, [][]uint16{{'a'}, {0xd83d, 0xde00}, {0xe9}, {0x85}})
		for range n {
			us = append(us, ch...)
		}
		if s.Chance(2) {
			us = append(us, textUnits(s, 2, true)...)
		}
		return ValueString(s, us)
	}
	return ValueString(s, textUnits(s, s.Intn(12), true))
}

// setMembers is the pool sorted-set members are drawn from, so that
// repeats and order questions come up: U+E000 sorts before U+1F600 by code
// point and after it by UTF-16 unit.
var setMembers = [][]uint16{
	units("a"), units("b"), units("ab"), units("B"), units(""), units("\ue000"), units("\U0001f600"),
	units("\uffff"), units("\U00010000"), units("\u00e9"), units("e\u0301"), {0xd800}, units("a\x00"), units("\u0085"),
}

// SortedSetValue draws a prim/1 sorted-set input: arrays of strings in code
// point order, UTF-16 order, random order or with repeats, and now and
// then a member of another type.
func SortedSetValue(s *Source) []byte {
	n := s.Intn(6)
	members := make([][]uint16, n)
	for i := range members {
		if s.Chance(5) {
			members[i] = textUnits(s, s.Intn(4), true)
		} else {
			members[i] = Pick(s, setMembers)
		}
	}
	switch s.Intn(3) {
	case 0:
		sortUnits(members, codePointLess)
	case 1:
		sortUnits(members, unitLess)
	}
	b := []byte{'['}
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		if s.Chance(24) {
			b = append(b, Pick(s, []string{"1", "null", "[]", `{"a":"b"}`})...)
			continue
		}
		b = append(b, Quote(s, m)...)
	}
	b = append(b, ']')
	if s.Chance(16) {
		return []byte(Pick(s, []string{`"a"`, "{}", "null", "[", "[1]"}))
	}
	return b
}

// ToolListValue draws a prim/1 tool-list input: {name, version} objects in
// order, out of order, repeated, with versions 9 and 10 (integer order, not
// text order), 0, 2^53-1 and 2^53, and now and then a missing, extra or
// mistyped member.
func ToolListValue(s *Source) []byte {
	names := [][]uint16{units("a"), units("b"), units("grep"), units("\ue000"), units("\U0001f600"), units("")}
	versions := []string{"1", "2", "9", "10", "0", "9007199254740991", "9007199254740992", "1.0", "-1", `"1"`}
	type tool struct {
		name    []uint16
		version string
	}
	n := s.Intn(5)
	tools := make([]tool, n)
	for i := range tools {
		tools[i] = tool{Pick(s, names), Pick(s, versions)}
	}
	if s.Chance(2) {
		for i := 1; i < len(tools); i++ {
			for j := i; j > 0 && codePointLess(tools[j].name, tools[j-1].name); j-- {
				tools[j], tools[j-1] = tools[j-1], tools[j]
			}
		}
	}
	b := []byte{'['}
	for i, t := range tools {
		if i > 0 {
			b = append(b, ',')
		}
		name := append([]byte(`"name":`), Quote(s, t.name)...)
		version := []byte(`"version":` + t.version)
		switch s.Intn(12) {
		case 0:
			b = append(b, '{')
			b = append(b, name...)
			b = append(b, '}')
		case 1:
			b = append(b, '{')
			b = append(b, name...)
			b = append(b, ',')
			b = append(b, version...)
			b = append(b, `,"x":1}`...)
		case 2:
			b = append(b, '{')
			b = append(b, version...)
			b = append(b, ',')
			b = append(b, name...)
			b = append(b, '}')
		case 3:
			b = append(b, Pick(s, []string{"1", `"a"`, "[]", "null"})...)
		default:
			b = append(b, '{')
			b = append(b, name...)
			b = append(b, ',')
			b = append(b, version...)
			b = append(b, '}')
		}
	}
	return append(b, ']')
}

// Base64URLValue draws a prim/1 base64url input: the unpadded base64url of
// 32 or 64 bytes, and now and then at a wrong length, padded, in the
// standard alphabet, with a non-ASCII or whitespace character, or with
// non-zero unused bits in its last character (not canonical).
func Base64URLValue(s *Source) []byte {
	raw := s.Bytes(Pick(s, []int{32, 64, 32, 64, 31, 33, 63, 65, 0}))
	t := []byte(base64.RawURLEncoding.EncodeToString(raw))
	if s.Chance(3) && len(t) > 0 {
		switch s.Intn(7) {
		case 0:
			last := strings.IndexByte(b64url, t[len(t)-1])
			t[len(t)-1] = b64url[last|(1+s.Intn(3))] // unused low bits set
		case 1:
			t = append(t, Pick(s, []string{"=", "=="})...)
		case 2:
			t[s.Intn(len(t))] = Pick(s, []byte("+/=. \n"))
		case 3:
			t = t[:len(t)-1]
		case 4:
			t = append(t, 'A')
		case 5:
			i := s.Intn(len(t))
			t = append(append(append([]byte(nil), t[:i]...), Pick(s, []string{"\u00e9", "\uff21", "\u200b"})...), t[i+1:]...)
		default:
			t = []byte(base64.URLEncoding.EncodeToString(raw))
		}
	}
	return ValueString(s, units(string(t)))
}

const b64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

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

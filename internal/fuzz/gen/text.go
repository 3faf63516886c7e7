package gen

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Interesting characters, by what they test.
var (
	// bmpChars are BMP characters where implementations differ: escapes
	// that look like whitespace, U+2028/U+2029 (JavaScript line
	// terminators), the BOM, private use U+E000 (the UTF-16 versus code
	// point sort trap), U+FFFD, U+FFFF, C1 controls, NBSP.
	bmpChars = []rune{
		0xe9, 0xfc, 0xa0, 0x7f, 0x80, 0x85, 0x9f, 0x2028, 0x2029, 0xfeff, 0x200b, 0x202e,
		0xe000, 0xe001, 0xf8ff, 0xfffd, 0xfffe, 0xffff, 0xff10, 0xff21, 0x410, 0x0660, 0x06f0,
		0x2022, 0x2026, 0x0301, 0x1e9e, 0x3042,
	}
	// astralChars are characters outside the BMP: one code point, two
	// UTF-16 units, four UTF-8 bytes.
	astralChars = []rune{0x10000, 0x1f600, 0x10ffff, 0x1d11e, 0x1d7ce, 0xe0041, 0x20000, 0x1f1fa}
	// confusables look like ASCII letters or digits: Cyrillic, Greek,
	// fullwidth, Arabic-Indic, Devanagari and mathematical digits.
	confusables = []rune{
		0x410, 0x412, 0x415, 0x41a, 0x41c, 0x41d, 0x41e, 0x420, 0x421, 0x422, 0x425, // Cyrillic А В Е К М Н О Р С Т Х
		0x391, 0x392, 0x395, 0x39f, // Greek Α Β Ε Ο
		0xff21, 0xff22, 0xff3a, 0xff10, 0xff11, 0xff19, // fullwidth A B Z 0 1 9
		0x660, 0x661, 0x669, 0x6f0, 0x6f5, 0x966, 0x9e6, // Arabic-Indic, Devanagari, Bengali digits
		0x1d7ce, 0x1d7d8, 0x1d400, // mathematical bold digits and A (astral)
	}
	// invisibles are format and control characters a label must not hide.
	invisibles = []rune{0x200b, 0x200c, 0x200d, 0x202e, 0x2066, 0xfeff, 0x00ad, 0x180e, 0xe0041}
	// controls are C0 and C1 controls and DEL.
	controls = []rune{0x00, 0x01, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f}
	// sortKeys are member names that meet the sort traps: UTF-16 order
	// and code point order (both are contract rules) differ where an astral character meets a BMP character at or above
	// U+E000; an escape that unescapes to an earlier name is a duplicate.
	sortKeys = [][]uint16{
		units("a"), units("b"), units("aa"), units("A"), units(""), units("\u00e9"),
		units("\ue000"), units("\uffff"), units("\U0001f600"), units("\U00010000"),
		units("a\ue000"), units("a\U0001f600"), units("\ufb01"), units("\uff21"), units("1"), units("10"), units("9"),
		{0xd800}, {0xdc00}, {0xdbff, 0xdfff}, {0xdc00, 0xd800},
	}
)

// units is s as UTF-16 units.
func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// hexDigits returns the four hex digits of u in the case drawn.
func hexUnit(s *Source, u uint16) string {
	const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
	digits := lower
	if s.Chance(4) {
		digits = upper
	}
	return string([]byte{digits[u>>12], digits[u>>8&15], digits[u>>4&15], digits[u&15]})
}

// appendUnits appends the units as the body of a JSON string (no quotes),
// escaping what JSON requires (quote, backslash, C0 controls, lone
// surrogates) and, by draws, escaping other characters too: \u escapes of
// either case, surrogate pairs as two escapes, \/.
func appendUnits(s *Source, b []byte, us []uint16) []byte {
	for i := 0; i < len(us); i++ {
		u := us[i]
		switch {
		case utf16.IsSurrogate(rune(u)) && u < 0xdc00 && i+1 < len(us) && us[i+1] >= 0xdc00 && us[i+1] <= 0xdfff:
			if s.Chance(3) {
				b = append(b, `\u`+hexUnit(s, u)+`\u`+hexUnit(s, us[i+1])...)
			} else {
				b = utf8.AppendRune(b, utf16.DecodeRune(rune(u), rune(us[i+1])))
			}
			i++
		case utf16.IsSurrogate(rune(u)):
			b = append(b, `\u`+hexUnit(s, u)...)
		case u == '"' || u == '\\':
			if s.Chance(6) {
				b = append(b, `\u`+hexUnit(s, u)...)
			} else {
				b = append(b, '\\', byte(u))
			}
		case u < 0x20:
			short := map[uint16]byte{'\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}[u]
			if short != 0 && !s.Chance(3) {
				b = append(b, '\\', short)
			} else {
				b = append(b, `\u`+hexUnit(s, u)...)
			}
		case u == '/' && s.Chance(3):
			b = append(b, '\\', '/')
		case s.Chance(12):
			b = append(b, `\u`+hexUnit(s, u)...)
		default:
			b = utf8.AppendRune(b, rune(u))
		}
	}
	return b
}

// Quote returns the units as a JSON string, escaping by draws (see
// appendUnits). A lone surrogate is always an escape, so the result is
// valid UTF-8 and valid JSON.
func Quote(s *Source, us []uint16) []byte {
	b := append([]byte{'"'}, appendUnits(s, nil, us)...)
	return append(b, '"')
}

// appendChar appends one character as units.
func appendChar(us []uint16, r rune) []uint16 {
	if r >= 0x10000 {
		hi, lo := utf16.EncodeRune(r)
		return append(us, uint16(hi), uint16(lo))
	}
	return append(us, uint16(r))
}

// anyChar draws a character from the whole range: any BMP unit (lone
// surrogates included) or any astral code point.
func anyChar(s *Source) rune {
	if s.Chance(4) {
		return 0x10000 + rune(s.Intn(0x10000))<<4 | rune(s.Byte()&15)
	}
	return rune(s.Intn(0x10000))
}

// textUnits draws a string as UTF-16 units, of about n characters, mixing
// ASCII, escapes-worthy characters, BMP and astral characters, confusables,
// controls and (when lone is set) lone surrogates.
func textUnits(s *Source, n int, lone bool) []uint16 {
	var us []uint16
	for i := 0; i < n && !s.Exhausted(); i++ {
		switch k := s.Intn(16); {
		case k < 6:
			us = append(us, uint16(0x20+s.Intn(95)))
		case k == 6:
			us = append(us, uint16(Pick(s, []byte(`"\/abcxyzABC019 .-_`))))
		case k == 7:
			us = appendChar(us, Pick(s, bmpChars))
		case k == 8:
			us = appendChar(us, Pick(s, astralChars))
		case k == 9:
			us = appendChar(us, Pick(s, confusables))
		case k == 10:
			us = appendChar(us, Pick(s, controls))
		case k == 11:
			us = appendChar(us, Pick(s, invisibles))
		case k == 12 && lone:
			us = append(us, Pick(s, []uint16{0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00}))
		case k == 13:
			r := anyChar(s)
			if !lone && r >= 0xd800 && r <= 0xdfff {
				r = 0xfffd
			}
			us = appendChar(us, r)
		default:
			us = append(us, uint16('a'+s.Intn(26)))
		}
	}
	return us
}

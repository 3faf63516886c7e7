package gen

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

// SymbolValue draws a ticker/1 symbol or equity-ticker input.
func SymbolValue(s *Source) []byte { return ValueString(s, Symbol(s)) }

// LabelValue draws a ticker/1 masked-label input.
func LabelValue(s *Source) []byte { return ValueString(s, Label(s)) }

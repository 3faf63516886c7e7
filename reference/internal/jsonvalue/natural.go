package jsonvalue

import "strings"

// NaturalIn reports whether the number literal text is an integer literal,
// 0 or [1-9][0-9]* (no sign, no fraction, no exponent), whose value is from
// lo to hi inclusive, compared exactly on the digits, never through a
// double. lo and hi are decimals written the same way. It is the int[LO,
// HI] value rule of the contracts that bound integers on their digits.
func NaturalIn(text, lo, hi string) bool {
	return natural(text) && cmpDigits(text, lo) >= 0 && cmpDigits(text, hi) <= 0
}

// natural reports whether text is 0 or [1-9][0-9]*.
func natural(text string) bool {
	if text == "0" {
		return true
	}
	if text == "" || text[0] < '1' || text[0] > '9' {
		return false
	}
	for i := 1; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			return false
		}
	}
	return true
}

// cmpDigits compares two literals of the form 0 or [1-9][0-9]* as
// integers, on their digits: -1, 0 or +1.
func cmpDigits(a, b string) int {
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

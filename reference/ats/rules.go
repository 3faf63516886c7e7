package ats

import "github.com/conform-dev/conform/reference/internal/jsonvalue"

// The value rules of spec/ats.md, "Value rules". Each takes a value of the
// field's kind (the kind is checked before, under the same message) and
// reports whether it passes the rule. Patterns match the whole string, on
// UTF-16 units, with ASCII classes only.

// Bounds of the int rules (spec/ats.md, "Decisions" 3), as decimal digits:
// compared exactly on the literal, never through a double.
const (
	maxSafe     = "9007199254740991" // 2^53-1: times, generations, versions
	maxMoney    = "1000000000000000" // 10^15 minor units
	maxPrice    = "1000000000"       // 10^9 minor units
	maxQuantity = "1000000"          // 10^6 whole shares, also the counters
)

func isUpperU(x uint16) bool { return x >= 'A' && x <= 'Z' }
func isLowerU(x uint16) bool { return x >= 'a' && x <= 'z' }
func isDigitU(x uint16) bool { return x >= '0' && x <= '9' }

// hasPrefix reports whether u starts with the ASCII string p.
func hasPrefix(u []uint16, p string) bool {
	if len(u) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if u[i] != uint16(p[i]) {
			return false
		}
	}
	return true
}

// isRef is ref(P): ^P_[A-Za-z0-9]{1,64}$ for the prefix P.
func isRef(u []uint16, prefix string) bool {
	p := prefix + "_"
	if !hasPrefix(u, p) {
		return false
	}
	body := u[len(p):]
	if len(body) < 1 || len(body) > 64 {
		return false
	}
	for _, x := range body {
		if !isUpperU(x) && !isLowerU(x) && !isDigitU(x) {
			return false
		}
	}
	return true
}

// isName is name: ^[a-z][a-z0-9-]{0,63}$.
func isName(u []uint16) bool {
	if len(u) < 1 || len(u) > 64 || !isLowerU(u[0]) {
		return false
	}
	for _, x := range u[1:] {
		if !isLowerU(x) && !isDigitU(x) && x != '-' {
			return false
		}
	}
	return true
}

// isReasonCode is reason code: ^[a-z][a-z0-9_]{0,63}$.
func isReasonCode(u []uint16) bool {
	if len(u) < 1 || len(u) > 64 || !isLowerU(u[0]) {
		return false
	}
	for _, x := range u[1:] {
		if !isLowerU(x) && !isDigitU(x) && x != '_' {
			return false
		}
	}
	return true
}

// isDigest is digest: ^sha256:[0-9a-f]{64}$ (71 units).
func isDigest(u []uint16) bool {
	if len(u) != 71 || !hasPrefix(u, "sha256:") {
		return false
	}
	for _, x := range u[7:] {
		if !isDigitU(x) && !(x >= 'a' && x <= 'f') {
			return false
		}
	}
	return true
}

// isCurrency is currency: ^[A-Z]{3}$.
func isCurrency(u []uint16) bool {
	return len(u) == 3 && isUpperU(u[0]) && isUpperU(u[1]) && isUpperU(u[2])
}

// oneOf is "one of S": u equals one member of set.
func oneOf(u []uint16, set ...string) bool {
	for _, s := range set {
		if jsonvalue.EqualString(u, s) {
			return true
		}
	}
	return false
}

// setOf is "set of S" on an array of strings: 1 to len(set) elements, each
// a member of set, strictly ascending by code point order.
func setOf(elems []jsonvalue.Value, set ...string) bool {
	if len(elems) < 1 || len(elems) > len(set) {
		return false
	}
	for i := range elems {
		if !oneOf(elems[i].Units, set...) {
			return false
		}
		if i > 0 && jsonvalue.Compare(elems[i-1].Units, elems[i].Units) >= 0 {
			return false
		}
	}
	return true
}

// inRange is int[lo, hi] (jsonvalue.NaturalIn).
func inRange(text, lo, hi string) bool { return jsonvalue.NaturalIn(text, lo, hi) }

// before reports whether a sorts strictly before b by code point order.
func before(a, b []uint16) bool { return jsonvalue.Compare(a, b) < 0 }

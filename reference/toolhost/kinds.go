package toolhost

import (
	"math/big"
	"strings"

	"github.com/conform-dev/conform/reference/internal/civil"
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/prim"
)

// The predicates of the field kinds (spec/toolhost.md, section 1.3). Each
// answers one rule of one kind for a value already of the kind's JSON type;
// the declaration (spec/toolhost/shapes.json) names them as checks
// (shapes.go), and each of its rows is a guard site of its own.

// get returns the value of member name of object o, or nil when o has no
// such member (or is not an object).
func get(o *jsonvalue.Value, name string) *jsonvalue.Value {
	f, ok := o.Get(name)
	if !ok {
		return nil
	}
	return f
}

// hasUnknown reports whether object o has a member whose name is not one of
// names (section 1.4, step 1).
func hasUnknown(o *jsonvalue.Value, names ...string) bool {
	for i := range o.Members {
		known := false
		for _, n := range names {
			if jsonvalue.EqualString(o.Members[i].Name, n) {
				known = true
				break
			}
		}
		if !known {
			return true
		}
	}
	return false
}

func isAlnum(x uint16) bool {
	return x >= 'A' && x <= 'Z' || x >= 'a' && x <= 'z' || x >= '0' && x <= '9'
}

// idOK is the ID grammar (section 1.3; decision 7): 1 to 128 units, the
// first in A-Z a-z 0-9, each other in A-Z a-z 0-9 . _ -.
func idOK(u []uint16) bool {
	if len(u) < 1 || len(u) > 128 || !isAlnum(u[0]) {
		return false
	}
	for _, x := range u[1:] {
		if !isAlnum(x) && x != '.' && x != '_' && x != '-' {
			return false
		}
	}
	return true
}

// scdevOK is the scdev_ namespace (decision 8): the first six units are
// "scdev_" and at least one follows.
func scdevOK(u []uint16) bool {
	return len(u) >= 7 && jsonvalue.EqualString(u[:6], "scdev_")
}

func isLower(x uint16) bool { return x >= 'a' && x <= 'z' }
func isDigit(x uint16) bool { return x >= '0' && x <= '9' }

// originOK is the normalized https origin of section 1.3 (decision 9): at
// most 256 units, "https://", one or more labels each followed by ".", a
// last label beginning with a letter, and an optional port from 1 to
// 65535, without a leading zero, other than 443.
func originOK(u []uint16) bool {
	const scheme = "https://"
	if len(u) > 256 || len(u) < len(scheme) || !jsonvalue.EqualString(u[:len(scheme)], scheme) {
		return false
	}
	rest := u[len(scheme):]
	host := rest
	var port []uint16
	hasPort := false
	for i, x := range rest {
		if x == ':' {
			host, port, hasPort = rest[:i], rest[i+1:], true
			break
		}
	}
	labels := [][]uint16{}
	start := 0
	for i := 0; i <= len(host); i++ {
		if i == len(host) || host[i] == '.' {
			labels = append(labels, host[start:i])
			start = i + 1
		}
	}
	if len(labels) < 2 {
		return false
	}
	for i, l := range labels {
		if len(l) < 1 || len(l) > 63 {
			return false
		}
		for j, x := range l {
			ld := isLower(x) || isDigit(x)
			if !ld && !(x == '-' && j > 0 && j < len(l)-1) {
				return false
			}
		}
		if i == len(labels)-1 && !isLower(l[0]) {
			return false
		}
	}
	if !hasPort {
		return true
	}
	if len(port) < 1 || len(port) > 5 || port[0] == '0' {
		return false
	}
	n := 0
	for _, x := range port {
		if !isDigit(x) {
			return false
		}
		n = n*10 + int(x-'0')
	}
	return n <= 65535 && n != 443
}

// realInstant is prim/1 timestamp rule 2 for a string of the timestamp
// shape (civil.Shape): year 0001-9999, month 01-12, day within the month of
// the proleptic Gregorian calendar, hour 00-23, minute and second 00-59.
func realInstant(u []uint16) bool {
	f, ok := civil.Read(u)
	return ok && f.Year >= 1 && f.Month >= 1 && f.Month <= 12 && f.Day >= 1 &&
		f.Day <= civil.MonthLength(f.Year, f.Month) && f.Hour <= 23 && f.Minute <= 59 && f.Second <= 59
}

// millis returns the epoch milliseconds of a string of the timestamp shape,
// its fields taken as they are (they roll over when the instant guard was
// ignored; section 5), and 0 for a string of another shape (which a shape
// guard, with no accept path, has refused).
func millis(u []uint16) int64 {
	f, ok := civil.Read(u)
	if !ok {
		return 0
	}
	return f.EpochMilli()
}

// hasFraction reports whether a number literal has a '.', 'e' or 'E'
// (prim/1 integer rule 1).
func hasFraction(text string) bool {
	return strings.ContainsAny(text, ".eE")
}

// intPart returns the integer part of a number literal: the text before its
// '.', 'e' or 'E' (what an ignored fraction guard uses; section 5).
func intPart(text string) string {
	if i := strings.IndexAny(text, ".eE"); i >= 0 {
		return text[:i]
	}
	return text
}

// bigInt returns the exact integer of a number literal's integer part
// ("-0" is 0): the value comparisons use, whatever its range (section
// 1.11).
func bigInt(text string) *big.Int {
	z, ok := new(big.Int).SetString(intPart(text), 10)
	if !ok {
		return new(big.Int) // unreachable: a JSON number's integer part is -?digits
	}
	return z
}

// printable reports whether every unit is U+0020-U+007E.
func printable(u []uint16) bool {
	for _, x := range u {
		if x < 0x20 || x > 0x7E {
			return false
		}
	}
	return true
}

// displayLengthOK is the display kind's length rule: 1 to 256 code points
// (units, once every unit is printable).
func displayLengthOK(u []uint16) bool {
	n := jsonvalue.CodePoints(u)
	return n >= 1 && n <= 256
}

// textLengthOK is the text kind's length rule: 1 to 256 Unicode scalar
// values (a pair is one, a lone surrogate one).
func textLengthOK(u []uint16) bool {
	n := jsonvalue.CodePoints(u)
	return n >= 1 && n <= 256
}

// runtimeVersionOK is the runtime-version kind: 1 to 64 units, each
// U+0020-U+007E.
func runtimeVersionOK(u []uint16) bool {
	return len(u) >= 1 && len(u) <= 64 && printable(u)
}

func isUpper(x uint16) bool { return x >= 'A' && x <= 'Z' }

// codeOK is the code kind: [A-Z][A-Z0-9_]{0,63}, the whole string.
func codeOK(u []uint16) bool {
	if len(u) < 1 || len(u) > 64 || !isUpper(u[0]) {
		return false
	}
	for _, x := range u[1:] {
		if !isUpper(x) && !isDigit(x) && x != '_' {
			return false
		}
	}
	return true
}

// schemaRefOK is the schema-ref kind (decision 10):
// [a-z][a-z0-9._-]{0,63}/[1-9][0-9]{0,5}, the whole string.
func schemaRefOK(u []uint16) bool {
	slash := -1
	for i, x := range u {
		if x == '/' {
			slash = i
			break
		}
	}
	if slash < 1 || slash > 64 || !isLower(u[0]) {
		return false
	}
	for _, x := range u[1:slash] {
		if !isLower(x) && !isDigit(x) && x != '.' && x != '_' && x != '-' {
			return false
		}
	}
	n := u[slash+1:]
	if len(n) < 1 || len(n) > 6 || n[0] == '0' {
		return false
	}
	for _, x := range n {
		if !isDigit(x) {
			return false
		}
	}
	return true
}

// digestOK is the digest kind: "sha256:" and 64 lowercase hex digits.
func digestOK(u []uint16) bool {
	if len(u) != 71 || !jsonvalue.EqualString(u[:7], "sha256:") {
		return false
	}
	for _, x := range u[7:] {
		if !isDigit(x) && !(x >= 'a' && x <= 'f') {
			return false
		}
	}
	return true
}

// oneOf reports whether u is one of vals (the enum kind and set elements).
func oneOf(u []uint16, vals ...string) bool {
	for _, v := range vals {
		if jsonvalue.EqualString(u, v) {
			return true
		}
	}
	return false
}

// less and equalUnits compare two strings by code point order
// (spec/README.md, "Code point order"): the set order rules.
func less(a, b []uint16) bool       { return jsonvalue.Compare(a, b) < 0 }
func equalUnits(a, b []uint16) bool { return jsonvalue.Equal(a, b) }

// keysRepeat and keysDescending compare two elements of trust.keys by
// key_id (section 1.5): equal, and cur below prev.
func keysRepeat(prev, cur *jsonvalue.Value) bool {
	return equalUnits(get(cur, "key_id").Units, get(prev, "key_id").Units)
}
func keysDescending(prev, cur *jsonvalue.Value) bool {
	return less(get(cur, "key_id").Units, get(prev, "key_id").Units)
}

// cmpTools orders two elements of registry.tools by name in code point
// order, then by version as exact integers (section 1.5; prim/1
// tool-list), and returns -1, 0 or +1 for cur against prev.
func cmpTools(prev, cur *jsonvalue.Value) int {
	if r := jsonvalue.Compare(get(cur, "name").Units, get(prev, "name").Units); r != 0 {
		return r
	}
	return bigInt(get(cur, "version").Text).Cmp(bigInt(get(prev, "version").Text))
}
func toolsRepeat(prev, cur *jsonvalue.Value) bool     { return cmpTools(prev, cur) == 0 }
func toolsDescending(prev, cur *jsonvalue.Value) bool { return cmpTools(prev, cur) < 0 }

// b64Lenient is prim.Base64URLValue with the substitutions of an ignored
// alphabet guard (section 5): '+' is 62, '/' is 63, any other unit outside
// the alphabet 0.
func b64Lenient(x uint16) int {
	if d := prim.Base64URLValue(x); d >= 0 {
		return d
	}
	switch x {
	case '+':
		return 62
	case '/':
		return 63
	}
	return 0
}

// b64Alphabet reports whether every unit is in A-Z a-z 0-9 - _.
func b64Alphabet(u []uint16) bool {
	for _, x := range u {
		if prim.Base64URLValue(x) < 0 {
			return false
		}
	}
	return true
}

// b64Canonical reports whether the unused low bits of the last character
// (6n mod 8 of them, for n characters) are zero.
func b64Canonical(u []uint16) bool {
	if len(u) == 0 {
		return true
	}
	unused := 6 * len(u) % 8
	return b64Lenient(u[len(u)-1])&(1<<unused-1) == 0
}

// b64Decode decodes unpadded base64url text of any length: each full group
// of 4 characters gives 3 bytes, a final group of 2 or 3 gives 1 or 2, a
// final single character nothing; unused bits are dropped, and a unit
// outside the alphabet decodes as b64Lenient says (section 5).
func b64Decode(u []uint16) []byte {
	out := make([]byte, 0, 6*len(u)/8)
	var acc uint
	bits := 0
	for _, x := range u {
		acc = acc<<6 | uint(b64Lenient(x))
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return out
}

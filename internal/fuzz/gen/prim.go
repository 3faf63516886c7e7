package gen

import (
	"encoding/base64"
	"strings"
)

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

package gen

import (
	"strconv"
	"strings"
)

// ArgDepths are the depths around the bound of 8 on arguments
// (spec/digest.md, arguments-digest): one under it, at it and one past it.
var ArgDepths = []int{7, 8, 9}

// schemaIDs are schema ids at and past the rules of digest/1: 1 to 128
// characters from U+0021-U+007E.
var schemaIDs = []string{"aether.device-proof/1", "a", "", "x y", "a\n", "\u00e9", "~", "!", "a\x7f"}

// DigestValue draws a digest/1 digest or signing-input input:
// {"schema_id","omit","object"} with schema ids at their bounds, omit
// lists naming present, absent and repeated members, and an object drawn
// as any JSON object (lone surrogates and out-of-range numbers included,
// which JCS refuses); now and then a missing, extra or mistyped member.
func DigestValue(s *Source) []byte {
	id := Pick(s, schemaIDs)
	if s.Chance(3) {
		id = strings.Repeat(Pick(s, []string{"a", "~", "!"}), Pick(s, []int{1, 127, 128, 129}))
	}
	object := JSON(s, JSONOptions{Object: true})
	var omit []string
	for range s.Intn(4) {
		omit = append(omit, Pick(s, []string{"proof_digest", "cloud_signature", "a", "b", "\ue000", "\U0001f600", "missing"}))
	}
	var ob []byte
	ob = append(ob, '[')
	for i, o := range omit {
		if i > 0 {
			ob = append(ob, ',')
		}
		ob = append(ob, Quote(s, units(o))...)
	}
	ob = append(ob, ']')
	members := [][2][]byte{
		{[]byte("schema_id"), Quote(s, units(id))},
		{[]byte("omit"), ob},
		{[]byte("object"), object},
	}
	for i := len(members) - 1; i > 0; i-- {
		j := s.Intn(i + 1)
		members[i], members[j] = members[j], members[i]
	}
	if s.Chance(8) {
		i := s.Intn(3)
		switch s.Intn(4) {
		case 0:
			members = append(members[:i:i], members[i+1:]...)
		case 1:
			members = append(members, [2][]byte{[]byte("extra"), []byte("1")})
		case 2:
			members[i][1] = []byte(Pick(s, []string{"1", "null", `"x"`, "[]", "{}"}))
		default:
			members = append(members, members[i])
		}
	}
	b := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, m[0]...)
		b = append(b, '"', ':')
		b = append(b, m[1]...)
	}
	return append(b, '}')
}

// SchemaValue draws a digest/1 schema-digest input: any JSON value, an
// object most of the time.
func SchemaValue(s *Source) []byte {
	return JSON(s, JSONOptions{Object: true, Flaws: s.Chance(4)})
}

// ArgumentsValue draws a digest/1 arguments-digest input: an object walked
// by the open-value rules, at their bounds: containers opened at depth 8
// and 9, arrays of 32 and 33 elements, numbers at 2^53-1 and 2^53 and
// spelled with a fraction, exponent or sign, strings of 256 and 257
// scalar values, controls and lone surrogates; and now and then an object
// whose canonical form is 65535, 65536 or 65537 bytes.
func ArgumentsValue(s *Source) []byte {
	if s.Chance(8) {
		return bigArguments(s)
	}
	if s.Chance(4) {
		return JSON(s, JSONOptions{Object: true, Deep: ArgDepths})
	}
	g := &argGen{s: s}
	g.object(1)
	return g.b
}

type argGen struct {
	s *Source
	b []byte
}

func (g *argGen) value(depth int) {
	s := g.s
	switch s.Intn(8) {
	case 0:
		g.b = append(g.b, Pick(s, []string{"0", "1", "9007199254740991", "9007199254740992", "-1", "-0", "1.0", "1e2", "true", "false", "null"})...)
	case 1, 2:
		n := s.Intn(6)
		if s.Chance(6) {
			n = Pick(s, []int{255, 256, 257})
		}
		g.b = append(g.b, Quote(s, textUnits(s, n, true))...)
	case 3:
		if s.Chance(4) {
			n := Pick(s, []int{256, 257})
			g.b = append(g.b, '"')
			g.b = append(g.b, strings.Repeat(Pick(s, []string{"a", "\U0001f600", "\u00e9"}), n)...)
			g.b = append(g.b, '"')
			return
		}
		g.b = append(g.b, Quote(s, textUnits(s, s.Intn(4), true))...)
	case 4, 5:
		if depth >= 10 {
			g.b = append(g.b, "0"...)
			return
		}
		n := s.Intn(4)
		if s.Chance(6) {
			n = Pick(s, []int{32, 33})
		}
		g.b = append(g.b, '[')
		for i := 0; i < n && !s.Exhausted(); i++ {
			if i > 0 {
				g.b = append(g.b, ',')
			}
			if n > 16 {
				g.b = append(g.b, '0')
				continue
			}
			g.value(depth + 1)
		}
		g.b = append(g.b, ']')
	default:
		if depth >= 10 {
			g.b = append(g.b, "0"...)
			return
		}
		g.object(depth + 1)
	}
}

func (g *argGen) object(depth int) {
	s := g.s
	n := s.Intn(4)
	if depth == 1 {
		n++
	}
	g.b = append(g.b, '{')
	for i := 0; i < n && !s.Exhausted(); i++ {
		if i > 0 {
			g.b = append(g.b, ',')
		}
		if s.Chance(2) {
			g.b = append(g.b, Quote(s, Pick(s, sortKeys))...)
		} else {
			g.b = append(g.b, Quote(s, units("k"+strconv.Itoa(i)))...)
		}
		g.b = append(g.b, ':')
		g.value(depth)
	}
	g.b = append(g.b, '}')
}

// bigArguments builds {"k1000":"...",...} whose canonical form is exactly
// 65535, 65536 or 65537 bytes: members of up to 256 characters of four
// bytes, and a last member sized to the byte.
func bigArguments(s *Source) []byte {
	target := 65536 + s.Intn(3) - 1
	var b strings.Builder
	b.WriteString("{")
	size := 2 // the braces
	for i := 0; ; i++ {
		key := `"k` + strconv.Itoa(1000+i) + `":`
		if i > 0 {
			size++ // the comma
			b.WriteString(",")
		}
		size += len(key) + 2 // the value's quotes
		left := target - size
		final := left <= 4*256
		n := left
		if !final {
			n = min(4*256, left-24) // leaves room for the next member's key
		}
		b.WriteString(key + `"` + charsOfBytes(n) + `"`)
		size += n
		if final {
			b.WriteString("}")
			return []byte(b.String())
		}
	}
}

// charsOfBytes returns at most 256 characters whose UTF-8 form is n bytes
// (n <= 1024): four-byte characters, then one shorter one.
func charsOfBytes(n int) string {
	return strings.Repeat("\U0001f600", n/4) + []string{"", "a", "\u00e9", "\u20ac"}[n%4]
}

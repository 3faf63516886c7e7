package gen

// Contract-neutral helpers of the generators of sealed documents: epoch
// milliseconds as timestamps, open JSON values, base64url strings at
// their rules, objects padded to a canonical size in bytes, and what
// sealing reads: the canonical form, prefixed digests, base64url and the
// declared projection.

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	gowebpki "github.com/gowebpki/jcs"

	"github.com/conform-dev/conform/spec/shapes"
)

// Timestamp is the timestamp of epoch milliseconds ms, as
// "2006-01-02T15:04:05.000Z" in UTC.
func Timestamp(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

// Millis is the epoch milliseconds of a timestamp string value
// ("2006-01-02T15:04:05.000Z", by Go's time package), and false for
// another value or one that is not a real instant.
func Millis(v *tv) (int64, bool) {
	if v == nil || v.k != 's' {
		return 0, false
	}
	t, err := time.Parse("2006-01-02T15:04:05.000Z", v.str())
	if err != nil {
		return 0, false
	}
	return t.UnixMilli(), true
}

// openValue draws a small open JSON value, at depth (its container's):
// at most 4 deep, 3 elements or 2 members per container, safe unsigned
// integers, strings of 0 to 256 scalar values.
func openValue(s *Source, depth int) *tv {
	switch k := s.Intn(6); {
	case k == 0 && depth < 4:
		a := tA()
		for range s.Intn(4) {
			a.elems = append(a.elems, openValue(s, depth+1))
		}
		return a
	case k == 1 && depth < 4:
		o := &tv{k: 'o'}
		for i := range s.Intn(3) {
			o.put("k"+strconv.Itoa(i), openValue(s, depth+1))
		}
		return o
	case k == 2:
		return tN(Pick(s, []string{"0", "1", "9007199254740991", "42"}))
	case k == 3:
		return tU(Pick(s, [][]uint16{units("caf\u00e9"), units("\U0001f600"), units(""), units(strings.Repeat("a", 256))}))
	case k == 4:
		return tL(Pick(s, []string{"true", "false", "null"}))
	}
	return tS("x")
}

// openDefect returns open value cur with a member past one of the walk's
// rules (the open-value check's r): nested to its depth and one past it, an
// array of 32 or 33 elements, a number that is not an unsigned safe
// integer, an invalid string or member name; nil when cur is not an
// object.
func openDefect(s *Source, r shapes.Rule, cur *tv) *tv {
	if cur == nil || cur.k != 'o' {
		return nil
	}
	depth, _ := strconv.Atoi(r.Args[0])
	var a33 []*tv
	for i := 0; i < 32+s.Intn(2); i++ {
		a33 = append(a33, tI(int64(i)))
	}
	v := Pick(s, []*tv{
		Nest(&tv{k: 'o'}, depth-2+s.Intn(2)), tA(a33...), tN("-1"), tN("1.5"), tN("9007199254740992"), tN("1e400"),
		tS("a\u0001b"), tU([]uint16{0xd800}), tS(strings.Repeat("\u00e9", Pick(s, []int{256, 257}))), tN("1E2"), tN("-0"),
	})
	name := []uint16{'x'}
	if s.Chance(4) {
		name = Pick(s, [][]uint16{{0xdc00}, units("a\u0002"), units(strings.Repeat("k", 257))})
	}
	o := cur.clone()
	o.keys, o.vals = append(o.keys, name), append(o.vals, v)
	return o
}

// validText returns 0 when u is a valid text string (no Cc control, no
// unpaired surrogate, 1 to 256 scalar values), else 1.
func validText(u []uint16) int {
	n := 0
	for i := 0; i < len(u); i++ {
		x := u[i]
		if x <= 0x1f || (x >= 0x7f && x <= 0x9f) {
			return 1
		}
		if x >= 0xd800 && x <= 0xdbff && i+1 < len(u) && u[i+1] >= 0xdc00 && u[i+1] <= 0xdfff {
			i++
		} else if x >= 0xd800 && x <= 0xdfff {
			return 1
		}
		n++
	}
	if n < 1 || n > 256 {
		return 1
	}
	return 0
}

// b64Defect draws a base64url string at its rules: a length off by one,
// an alphabet defect ('+', '/', '*', '=', a non-ASCII character), a
// non-canonical last character.
func b64Defect(s *Source, cur []uint16) []uint16 {
	u := append([]uint16(nil), cur...)
	if len(u) == 0 {
		return units("A")
	}
	switch s.Intn(5) {
	case 0:
		return u[:len(u)-1]
	case 1:
		return append(u, 'A')
	case 2:
		u[s.Intn(len(u))] = Pick(s, []uint16{'+', '/', '*', '=', 0xe9, ' '})
		return u
	case 3:
		const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
		i := strings.IndexRune(alpha, rune(u[len(u)-1]))
		if i >= 0 {
			u[len(u)-1] = uint16(alpha[i|1])
		}
		return u
	}
	return units(base64url(append([]byte(nil), s.Bytes(32+32*s.Intn(2))...)))
}

// Nest is v wrapped in n arrays.
func Nest(v *Value, n int) *Value {
	for i := 0; i < n; i++ {
		v = tA(v)
	}
	return v
}

// padString is 256 scalar values whose UTF-8 is 262 bytes with its
// quotes: U+00E9 (2 bytes), U+1F600 (4 bytes), and 254 ASCII letters.
var padString = "\u00e9\U0001F600" + strings.Repeat("a", 254)

// PadBlock is the repeated block of PadTo's padding: an array of 32
// strings of 256 scalar values each (U+00E9, U+1F600, then ASCII
// letters); its canonical form is 8417 bytes.
func PadBlock() *Value {
	b := tA()
	for range 32 {
		b.elems = append(b.elems, tS(padString))
	}
	return b
}

// PadTo adds to object o a member "x", an array of at most 32 elements
// (PadBlock's blocks, then strings of U+1F600 and ASCII letters, each at
// most 256 scalar values, two levels below o), so that o's canonical form
// (JCS) is exactly target bytes: only a byte bound is at stake, never an
// array's, a string's or a depth's. The size is worked out from the
// canonical lengths, not searched. It reports false when o is not a
// non-empty object with a canonical form, or target is out of its reach
// (below o's size plus the member, or above 32 blocks), leaving o
// unchanged, or when the result misses target.
func PadTo(o *Value, target int64) bool {
	cur, ok := jcsOf(o)
	if o == nil || o.k != 'o' || len(o.keys) == 0 || !ok {
		return false
	}
	rem := target - int64(len(cur)) - int64(len(`,"x":`)) - 2 // the array's brackets
	block := PadBlock()
	canonBlock, _ := jcsOf(block)
	blockLen := int64(len(canonBlock))
	x := tA()
	sep := func() int64 {
		if len(x.elems) > 0 {
			return 1
		}
		return 0
	}
	for left := rem - sep() - blockLen; left == 0 || left >= 3; left = rem - sep() - blockLen {
		rem -= sep() + blockLen
		x.elems = append(x.elems, block.clone())
	}
	for rem > 0 {
		// A string of m astral characters and k ASCII letters is 2+4m+k
		// bytes; at most 1016 keeps m+k within 256.
		avail := rem - sep()
		n := avail
		if n > 1016 {
			n = 1016
			if avail-n < 3 {
				n = avail - 3
			}
		}
		if n < 2 {
			return false
		}
		m, k := (n-2)/4, (n-2)%4
		rem -= sep() + n
		x.elems = append(x.elems, tS(strings.Repeat("\U0001F600", int(m))+strings.Repeat("b", int(k))))
	}
	if rem < 0 || len(x.elems) > 32 {
		return false
	}
	o.keys, o.vals = append(o.keys, units("x")), append(o.vals, x)
	cur, ok = jcsOf(o)
	return ok && int64(len(cur)) == target
}

// OtherDigest is a well-formed digest (Digest's form) no generated
// document has: the digest a mismatch sets.
const OtherDigest = "sha256:0000000000000000000000000000000000000000000000000000000000000000"

// JCS is the RFC 8785 canonical form of the JSON text text, by the
// independent canonicalizer github.com/gowebpki/jcs (never the
// reference), and false when it has none (a lone surrogate, a number out
// of the double range, text that is not JSON).
func JCS(text []byte) ([]byte, bool) {
	out, err := gowebpki.Transform(text)
	return out, err == nil
}

// Digest is H(prefix, v) for the JSON text of v: "sha256:" and the
// lowercase hex SHA-256 of ASCII(prefix) + LF + JCS(v); false when v has
// no JCS form.
func Digest(prefix string, text []byte) (string, bool) {
	c, ok := JCS(text)
	if !ok {
		return "", false
	}
	sum := sha256.Sum256(append([]byte(prefix+"\n"), c...))
	return "sha256:" + hex.EncodeToString(sum[:]), true
}

// jcsOf is JCS(v), and false when v has none.
func jcsOf(v *tv) ([]byte, bool) { return JCS(v.write(nil, nil)) }

// hOf is H(prefix, v) (Digest).
func hOf(prefix string, v *tv) (string, bool) { return Digest(prefix, v.write(nil, nil)) }

// base64url is unpadded base64url.
func base64url(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// project is the declared projection of document doc: of object v, only
// the members declared[doc] names, and of each of those that is a closed
// object or an array of objects (declared[doc+"."+member]), only its
// declared members in turn; open values and other kinds kept whole.
func project(declared map[string][]string, doc string, v *tv) *tv {
	keep := func(o *tv, names []string) *tv {
		out := &tv{k: 'o'}
		for i, k := range o.keys {
			if slices.ContainsFunc(names, func(n string) bool { return eqUnits(k, n) }) {
				out.keys = append(out.keys, k)
				out.vals = append(out.vals, o.vals[i])
			}
		}
		return out
	}
	if v == nil || v.k != 'o' {
		return v
	}
	out := keep(v, declared[doc])
	for i, k := range out.keys {
		sub := declared[doc+"."+string(utf16.Decode(k))]
		if sub == nil {
			continue
		}
		switch x := out.vals[i]; x.k {
		case 'o':
			out.vals[i] = keep(x, sub)
		case 'a':
			a := tA()
			for _, e := range x.elems {
				if e.k == 'o' {
					e = keep(e, sub)
				}
				a.elems = append(a.elems, e)
			}
			out.vals[i] = a
		}
	}
	return out
}

// without returns a copy of object v without the members named (an empty
// object for another kind).
func without(v *tv, names ...string) *tv {
	out := &tv{k: 'o'}
	for i, k := range v.keys {
		if !slices.ContainsFunc(names, func(n string) bool { return eqUnits(k, n) }) {
			out.keys = append(out.keys, k)
			out.vals = append(out.vals, v.vals[i])
		}
	}
	return out
}

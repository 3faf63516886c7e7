package gen

// Contract-neutral helpers of the generators of sealed documents: epoch
// milliseconds as timestamps, open JSON values, base64url strings at
// their rules, objects grown to a canonical size in bytes, and what
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
)

// isoOf is the timestamp of epoch milliseconds ms.
func isoOf(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

// msOf is the epoch milliseconds of a timestamp value, and false for one
// that is not a real instant.
func msOf(v *tv) (int64, bool) {
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

// nestTV is v wrapped in n arrays.
func nestTV(v *tv, n int) *tv {
	for i := 0; i < n; i++ {
		v = tA(v)
	}
	return v
}

// sized is a string of n UTF-8 bytes (0 <= n <= 1000): n/4 emoji, then
// n%4 ASCII letters, so at most 253 scalar values, within a string bound
// of 256.
func sized(n int) *tv {
	return tS(strings.Repeat("\U0001f600", n/4) + strings.Repeat("a", n%4))
}

// growTo adds a member "x" to object o whose value is an array of arrays
// of strings sized so that o's canonical form (JCS) is target bytes: at
// most 32 elements per array and 256 scalar values per string, so that
// only the byte bound is at stake. The size is worked out from the
// canonical form's lengths and checked once, not searched.
func growTo(o *tv, target int) {
	if o == nil || o.k != 'o' {
		return
	}
	x := tA()
	o.put("x", x)
	cur, ok := jcsOf(o)
	if !ok {
		return
	}
	rem := target - len(cur)
	var last *tv
	var lastN int
	for rem > 0 && len(x.elems) < 32 {
		row := tA()
		if len(x.elems) > 0 {
			rem--
		}
		rem -= 2
		for len(row.elems) < 32 && rem > 0 {
			sep := 0
			if len(row.elems) > 0 {
				sep = 1
			}
			n := min(rem-sep-2, 1000)
			if n < 0 {
				break
			}
			last, lastN = sized(n), n
			row.elems = append(row.elems, last)
			rem -= sep + 2 + n
		}
		x.elems = append(x.elems, row)
	}
	// A separator or a row's brackets can overshoot by a byte or two:
	// the last string gives them back.
	if cur, ok = jcsOf(o); ok && last != nil {
		if n := lastN + target - len(cur); n >= 0 && n <= 1000 {
			*last = *sized(n)
		}
	}
}

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

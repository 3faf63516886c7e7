package gen

// Contract-neutral helpers of the generators of sealed documents: epoch
// milliseconds as timestamps, open JSON values, base64url strings at
// their rules, and objects grown to a canonical size in bytes.

import (
	"strconv"
	"strings"
	"time"
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
	return units(thB64(append([]byte(nil), s.Bytes(32+32*s.Intn(2))...)))
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

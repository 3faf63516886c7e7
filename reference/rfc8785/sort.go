package rfc8785

import (
	"cmp"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// compareUTF16 compares two member names, each decoded to generalized UTF-8
// (valid UTF-8 plus the 3-byte form of lone surrogates), by their UTF-16
// code units as unsigned 16-bit integers (RFC 8785 section 3.2.3). It returns
// -1, 0 or +1.
//
// UTF-8 byte order is code point order, which differs from UTF-16 order only
// where an astral code point (high surrogate unit D800-DBFF) meets a BMP code
// point at or above U+E000, so the bytes are compared directly up to the
// first difference and only a non-ASCII difference is decoded.
func compareUTF16(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	if a[i] < 0x80 || b[i] < 0x80 {
		// i starts a code point in both, and an ASCII unit is below every
		// other unit, so the bytes order them.
		return cmp.Compare(a[i], b[i])
	}
	// Back up to the start of the code point that differs (the prefixes
	// are equal, so it starts at the same index in both).
	for i > 0 && a[i]&0xC0 == 0x80 {
		i--
	}
	ua, ub := units{s: a[i:]}, units{s: b[i:]}
	for {
		x, okx := ua.next()
		y, oky := ub.next()
		switch {
		case !okx && !oky:
			return 0
		case !okx:
			return -1
		case !oky:
			return +1
		case x != y:
			return cmp.Compare(x, y)
		}
	}
}

// units reads generalized UTF-8 as UTF-16 code units.
type units struct {
	s   []byte
	low uint16 // pending low surrogate of an astral code point, or 0
}

func (u *units) next() (uint16, bool) {
	if u.low != 0 {
		x := u.low
		u.low = 0
		return x, true
	}
	if len(u.s) == 0 {
		return 0, false
	}
	r, n := jsonwire.DecodeGeneralized(u.s)
	u.s = u.s[n:]
	if r >= 0x10000 {
		r -= 0x10000
		u.low = uint16(0xDC00 + r&0x3FF)
		return uint16(0xD800 + r>>10), true
	}
	return uint16(r), true
}

// compareMembers orders two members of one object by name (compareUTF16),
// deciding by their keys alone when it can.
func (p *parser) compareMembers(a, b *member) int {
	if a.Key != b.Key && a.Name.exact && b.Name.exact {
		return cmp.Compare(a.Key, b.Key)
	}
	return compareUTF16(p.textOf(a.Name.str), p.textOf(b.Name.str))
}

// keyOrders reports whether comparing the jsontree.Key of a decoded name
// (its first 8 bytes, big-endian, zero-padded) with another's, when they
// differ, orders the names as compareUTF16 does. That holds when no byte of
// the prefix is EE or above: byte order then is code point order among code
// points below U+E000, which is UTF-16 order (a name that ends inside the
// prefix is padded with zeros and so sorts first, as a prefix must).
func keyOrders(name []byte) bool {
	for _, c := range name[:min(len(name), 8)] {
		if c >= 0xEE {
			return false
		}
	}
	return true
}

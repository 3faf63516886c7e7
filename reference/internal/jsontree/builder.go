// Package jsontree assembles the value tree of a JSON text from the tokens
// a contract's parser reads in document order, without recursion: the stack
// of open containers, the arenas of their pending items, attaching a
// complete value to the innermost open container, finding a repeated member
// name (a linear scan in a small object, a name index built once in a large
// one), and moving a closed container's items into the arenas of closed
// containers. Emit writes such a tree back out with an explicit stack.
//
// It is generic over the contract's value type V and member-name type N,
// and holds no guard and refuses nothing: it knows no depth limit, no
// duplicate rule (Find only says whether a name is there; the contract
// refuses or keeps the last value), no member order (the contract sorts at
// CloseObject) and no output form (the contract writes scalars and names).
// Every refusal site stays in the contract packages, so the guard-mutation
// audit finds each of them there.
//
// Source: RFC 8259 sections 2, 4 and 5 (a text is one value; objects hold
// members, arrays elements). Each contract package that uses it cites its
// own spec for what it does with the tree; this package names no contract.
package jsontree

import "bytes"

// Member is one object member: its name, its value, and the Key of its
// name's text.
type Member[N, V any] struct {
	Name N
	Val  V
	Key  uint64
}

// Key returns the first 8 bytes of a name's text, big-endian, zero-padded:
// equal names have equal keys, so comparing keys is a cheap first test of
// equality (Find's); a contract may also order names by it where it knows
// that is exact.
func Key(text []byte) uint64 {
	var k uint64
	for i, c := range text[:min(len(text), 8)] {
		k |= uint64(c) << (56 - 8*i)
	}
	return k
}

// Found is where Find placed a member name's text: Dup reports that the
// innermost open object already has a member of that name. Member takes it.
type Found struct {
	Dup  bool
	j    int // Dup: the index in mems of the member of that name
	key  uint64
	text []byte
}

// open is one container whose closing bracket has not been read yet.
type open struct {
	object bool
	base   int // first pending item: index in vals or mems
	cur    int // object: index in mems of the member being read
	index  int // object with many members: index in indexes, or -1
}

// SmallObject is the member count up to which Find scans the open object's
// members linearly; at that count it builds a name index once, and uses it
// from then on.
const SmallObject = 16

// Builder holds the tree of one parse. The zero Builder is not ready: set
// Text first. Elems and Membs are the arenas of closed containers, read
// (not changed) by the caller between CloseArray or CloseObject and Reset;
// the ranges those calls return index them.
type Builder[N, V any] struct {
	// Text returns the decoded content of a member name: two names are the
	// same name when their texts are the same bytes. Find calls it only when
	// keys are equal, and to index a large object.
	Text func(name N) []byte

	Elems []V            // elements of closed arrays
	Membs []Member[N, V] // members of closed objects, in the order CloseObject left them

	stack   []open
	vals    []V              // elements of open arrays
	mems    []Member[N, V]   // members of open objects
	indexes []map[string]int // name -> index in mems, for large open objects
	levels  []level          // Emit's stack
}

// Depth returns the number of open containers: 0 outside any, 1 inside the
// outermost.
func (b *Builder[N, V]) Depth() int { return len(b.stack) }

// OpenArray opens an array: the values attached next are its elements.
func (b *Builder[N, V]) OpenArray() {
	b.stack = append(b.stack, open{base: len(b.vals), index: -1})
}

// OpenObject opens an object: Member names its members, and each value
// attached next is the value of the member named last.
func (b *Builder[N, V]) OpenObject() {
	b.stack = append(b.stack, open{object: true, base: len(b.mems), index: -1})
}

// Attach adds the complete value v to the innermost open container (as the
// next element of an array, or as the value of the object's current
// member) and returns false; with no open container it returns true: v is
// the root. In an object, a value follows its member's name (Member), as
// the scanner's grammar orders them.
func (b *Builder[N, V]) Attach(v V) (root bool) {
	if len(b.stack) == 0 {
		return true
	}
	top := &b.stack[len(b.stack)-1]
	if top.object {
		b.mems[top.cur].Val = v
	} else {
		b.vals = append(b.vals, v)
	}
	return false
}

// Find looks up the member name whose decoded content is text among the
// members of the innermost open object, which must be an object. Member
// takes the result.
func (b *Builder[N, V]) Find(text []byte) Found {
	f := Found{key: Key(text), text: text}
	top := &b.stack[len(b.stack)-1]
	ms := b.mems[top.base:]
	if top.index < 0 {
		if len(ms) < SmallObject {
			for i := range ms {
				if ms[i].Key == f.key && bytes.Equal(b.Text(ms[i].Name), text) {
					f.Dup, f.j = true, top.base+i
					return f
				}
			}
			return f
		}
		m := make(map[string]int, 2*len(ms))
		for i := range ms {
			m[string(b.Text(ms[i].Name))] = top.base + i
		}
		top.index = len(b.indexes)
		b.indexes = append(b.indexes, m)
	}
	f.j, f.Dup = b.indexes[top.index][string(text)]
	return f
}

// Member makes the next attached value the value of a member of the
// innermost open object, named name, whose text Find found as f: when
// f.Dup, the member of that name, whose value the next one replaces;
// otherwise a new member.
func (b *Builder[N, V]) Member(name N, f Found) {
	top := &b.stack[len(b.stack)-1]
	if f.Dup {
		top.cur = f.j
		return
	}
	top.cur = len(b.mems)
	b.mems = append(b.mems, Member[N, V]{Name: name, Key: f.key})
	if top.index >= 0 {
		b.indexes[top.index][string(f.text)] = top.cur
	}
}

// CloseArray closes the innermost open container, an array, and returns the
// range [lo, hi) of Elems that holds its elements in document order.
func (b *Builder[N, V]) CloseArray() (lo, hi int) {
	top := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	lo = len(b.Elems)
	b.Elems = append(b.Elems, b.vals[top.base:]...)
	b.vals = b.vals[:top.base]
	return lo, len(b.Elems)
}

// CloseObject closes the innermost open container, an object, lets order
// put its members (first occurrence order, each with its last value) in the
// order the contract writes them, and returns the range [lo, hi) of Membs
// that holds them.
func (b *Builder[N, V]) CloseObject(order func(ms []Member[N, V])) (lo, hi int) {
	top := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	if top.index >= 0 {
		// Only the innermost open object can own the last index.
		b.indexes[top.index] = nil
		b.indexes = b.indexes[:top.index]
	}
	ms := b.mems[top.base:]
	order(ms)
	lo = len(b.Membs)
	b.Membs = append(b.Membs, ms...)
	b.mems = b.mems[:top.base]
	return lo, len(b.Membs)
}

// Cap returns the largest capacity, in items, of the builder's arenas: what
// keeping it for another parse would pin.
func (b *Builder[N, V]) Cap() int {
	return max(cap(b.stack), cap(b.vals), cap(b.mems), cap(b.Elems), cap(b.Membs), cap(b.levels))
}

// Reset empties the builder for another parse, keeping its arenas.
func (b *Builder[N, V]) Reset() {
	clear(b.indexes)
	b.stack, b.vals, b.mems, b.Elems, b.Membs, b.indexes, b.levels =
		b.stack[:0], b.vals[:0], b.mems[:0], b.Elems[:0], b.Membs[:0], b.indexes[:0], b.levels[:0]
}

// BytesText is a Text for names that are their decoded content.
func BytesText(name []byte) []byte { return name }

package gen

// The value model of tv.go as the vector generator reads it: the same
// model the fuzz generator builds its sealed documents with, so that a
// base document, its sealing and its projection are written once and read
// by both generators. Paths ("tools[0].data_classes[1]") address a value
// inside a document; Text writes the pure-ASCII form the vector files pin.

import (
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/vectors"
)

// Value is one JSON value of the model: strings as UTF-16 units (a lone
// surrogate kept until it is written), numbers as their literal, members
// in order, repeats allowed.
type Value = tv

// Str is the string value of the Go string s (UTF-8).
func Str(s string) *Value { return tS(s) }

// Lone is the string value before, the lone surrogate unit u (0xd800 to
// 0xdfff, which a Go string cannot hold), then after.
func Lone(before string, u uint16, after string) *Value {
	return tU(append(append(units(before), u), units(after)...))
}

// Num is the number value of the literal lit, kept as written ("1e0",
// "-0", "1.0").
func Num(lit string) *Value { return tN(lit) }

// Int is the number value of n, in decimal.
func Int(n int64) *Value { return tI(n) }

// Bool is true or false.
func Bool(b bool) *Value { return tL(strconv.FormatBool(b)) }

// Null is the JSON null.
func Null() *Value { return tL("null") }

// Arr is the array of the values elems, in order.
func Arr(elems ...*Value) *Value { return tA(elems...) }

// Strs is the array of the strings ss.
func Strs(ss ...string) *Value { return tSs(ss...) }

// Obj is the object of the members kv: alternating names (string) and
// values (*Value), in order.
func Obj(kv ...any) *Value { return tO(kv...) }

// Kind is 'o' (object), 'a' (array), 's' (string), 'n' (number) or 'l'
// (true, false, null).
func (v *tv) Kind() byte { return v.k }

// Lit is the literal of a number, true, false or null ("" for the other
// kinds).
func (v *tv) Lit() string { return v.text }

// Str is a string value as a Go string (a lone surrogate as U+FFFD; "" for
// another kind).
func (v *tv) Str() string { return v.str() }

// Clone is a deep copy of v.
func (v *tv) Clone() *Value { return v.clone() }

// Elems are the elements of an array (nil for another kind); the slice is
// v's own.
func (v *tv) Elems() []*Value { return v.elems }

// Push appends the elements x to array v.
func (v *tv) Push(x ...*Value) { v.elems = append(v.elems, x...) }

// Member is the value of member name of object v, or nil.
func (v *tv) Member(name string) *Value { return v.get(name) }

// Add appends member key (a string value, so that a name can hold a lone
// surrogate) to object v, even when v has a member of that name.
func (v *tv) Add(key, x *Value) {
	v.keys = append(v.keys, key.us)
	v.vals = append(v.vals, x)
}

// Without is a copy of object v without the members names (the values
// shared, not copied).
func (v *tv) Without(names ...string) *Value { return without(v, names...) }

// Text is v as compact JSON text in pure ASCII, members in order: in
// strings, the quote, the backslash and \b \f \n \r \t as their short
// escapes, the rest of printable ASCII as itself, every other UTF-16 unit
// (a lone surrogate included) as a lowercase \u escape.
func (v *tv) Text() string { return string(v.appendWith(nil, vectors.AppendQuoteASCII)) }

// step is one step of a path: a member name, or an index (name "").
type step struct {
	name  string
	index int
}

// parsePath reads "tools[0].data_classes[1]" into steps; it panics on an
// index that is not a decimal number (a path is the generator's own
// constant).
func parsePath(path string) []step {
	var out []step
	for _, part := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		out = append(out, step{name: name, index: -1})
		for rest != "" {
			idx, after, _ := strings.Cut(rest, "]")
			n, err := strconv.Atoi(idx)
			if err != nil {
				panic("gen: bad path " + path)
			}
			out = append(out, step{index: n})
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return out
}

// next is the value step s reaches from v, or nil.
func (v *tv) next(s step) *Value {
	if s.index < 0 {
		return v.get(s.name)
	}
	if v == nil || v.k != 'a' || s.index >= len(v.elems) {
		return nil
	}
	return v.elems[s.index]
}

// At is the value at path under v, or nil when there is none.
func (v *tv) At(path string) *Value {
	cur := v
	for _, s := range parsePath(path) {
		if cur = cur.next(s); cur == nil {
			return nil
		}
	}
	return cur
}

// parentOf is the container of the last step of path, and that step; it
// panics when the container is absent (the generator's own path).
func (v *tv) parentOf(path string) (*Value, step) {
	steps := parsePath(path)
	cur := v
	for _, s := range steps[:len(steps)-1] {
		if cur = cur.next(s); cur == nil {
			panic("gen: no parent for " + path)
		}
	}
	return cur, steps[len(steps)-1]
}

// Put sets the value at path under v to x: an element in place, a member
// in place or, when absent, at the end.
func (v *tv) Put(path string, x *Value) {
	p, s := v.parentOf(path)
	if s.index >= 0 {
		p.elems[s.index] = x
		return
	}
	p.put(s.name, x)
}

// Del removes the member or element at path under v; it panics when there
// is none (the generator's own path).
func (v *tv) Del(path string) {
	p, s := v.parentOf(path)
	if s.index >= 0 {
		p.elems = append(p.elems[:s.index], p.elems[s.index+1:]...)
		return
	}
	if p.get(s.name) == nil {
		panic("gen: no member " + path)
	}
	p.del(s.name)
}

// Package jsonvalue reads a "JSON value input", the input form shared by
// prim/1, ticker/1, v8date/1, ed25519/1 and digest/1, into a Value without
// loss: strings as UTF-16 code units with lone surrogates kept, numbers as
// their literal text, members in document order.
//
// Parse is strict: it refuses a UTF-8 byte order mark, invalid UTF-8
// (RFC 3629), anything outside the RFC 8259 grammar, a duplicate member name
// (compared after unescaping) and nesting deeper than MaxDepth, all with the
// one error ErrInvalid. Each contract wraps that error in its own `.input`
// guard, which has no accept path.
//
// The helpers in units.go read and compare UTF-16 unit sequences: code point
// order, unpaired surrogates, Cc controls, and generalized UTF-8 output.
//
// Source: spec/README.md, "JSON value inputs", "JSON whitespace", "UTF-8
// validity" and "Depth"; RFC 8259 sections 2-7.
package jsonvalue

import "errors"

// Kind is the JSON type of a Value.
type Kind uint8

// The JSON types (RFC 8259 section 3).
const (
	Null   Kind = iota // null
	False              // false
	True               // true
	Number             // a number; Value.Text holds its literal
	String             // a string; Value.Units holds its UTF-16 units
	Array              // an array; Value.Elems holds its elements
	Object             // an object; Value.Members holds its members
)

// Value is one JSON value, read without loss.
type Value struct {
	// Kind is the value's JSON type.
	Kind Kind
	// Text is a Number's literal exactly as written, such as "-0" or
	// "1.0e2". It is empty for every other kind.
	Text string
	// Units is a String's content as UTF-16 code units after unescaping.
	// A lone surrogate (from a \u escape) is kept as its one unit; a raw
	// astral character and an escaped high-low pair are both two units.
	Units []uint16
	// Elems is an Array's elements in order.
	Elems []Value
	// Members is an Object's members in document order. Names are
	// distinct (Parse refuses a duplicate).
	Members []Member
}

// Member is one object member.
type Member struct {
	// Name is the member name as UTF-16 code units after unescaping.
	Name []uint16
	// Value is the member's value.
	Value Value
}

// MaxDepth is the deepest nesting Parse accepts: the outermost array or
// object is at depth 1, and a container opened at depth MaxDepth+1 is
// refused (spec/README.md, "Depth" and "JSON value inputs").
const MaxDepth = 128

// ErrInvalid is the one error Parse returns: the input is not one valid
// JSON value. It carries no position; the contracts refuse it with their
// fixed `.input` message.
var ErrInvalid = errors.New("jsonvalue: input is not valid JSON")

// Get returns the value of the member of object v whose name is the ASCII
// string name, and whether there is one. It returns false when v is not an
// object.
func (v *Value) Get(name string) (*Value, bool) {
	if v.Kind != Object {
		return nil, false
	}
	for i := range v.Members {
		if EqualString(v.Members[i].Name, name) {
			return &v.Members[i].Value, true
		}
	}
	return nil, false
}

// HasExactly reports whether v is an object whose member names are exactly
// names, in any order. names must be distinct.
func (v *Value) HasExactly(names ...string) bool {
	if v.Kind != Object || len(v.Members) != len(names) {
		return false
	}
	for _, n := range names {
		if _, ok := v.Get(n); !ok {
			return false
		}
	}
	return true
}

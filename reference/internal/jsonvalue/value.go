// Package jsonvalue reads a "JSON value input", the input form of every
// operation whose catalogue input kind is json-value, into a Value without
// loss: strings as UTF-16 code units with lone surrogates kept, numbers as
// their literal text, members in document order.
//
// Parse is strict: it refuses a UTF-8 byte order mark, invalid UTF-8
// (RFC 3629), anything outside the RFC 8259 grammar, a duplicate member name
// (compared after unescaping) and nesting deeper than MaxDepth, all with the
// one error ErrInvalid (an *Error that says where). Each contract wraps that
// error in its own `.input` guard, which has no accept path. It reads the
// input with the reference's one JSON scanner, jsonwire, and each value
// keeps its byte offset, so that a contract can say where it refused.
//
// The helpers in units.go read and compare UTF-16 unit sequences: code point
// order, unpaired surrogates, Cc controls, and generalized UTF-8 output.
//
// Source: spec/README.md, "JSON value inputs", "JSON whitespace", "UTF-8
// validity" and "Depth"; RFC 8259 sections 2-7.
package jsonvalue

import (
	"errors"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
	"github.com/conform-dev/conform/reference/refusal"
)

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
	// Offset is the byte offset in Parse's input of the value's first
	// byte, for a refusal's location.
	Offset int
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

// ErrInvalid is what Parse's every error is (errors.Is): the input is not
// one valid JSON value. The contracts refuse it with their fixed `.input`
// message; the *Error says where, as data beside that message.
var ErrInvalid = errors.New("jsonvalue: input is not valid JSON")

// Error is Parse's error: where the input stopped being one valid JSON
// value.
type Error struct {
	// Offset is the byte offset of the defect in Parse's input, from 0 to
	// its length: the byte order mark, the first invalid UTF-8 byte, the
	// first byte the grammar cannot continue with (the input's length when
	// it ends too early), a repeated member name, or the bracket of a
	// container opened too deep.
	Offset int
	// Pointer is the RFC 6901 JSON pointer of the value Parse was reading.
	Pointer string
}

func (e *Error) Error() string { return ErrInvalid.Error() }

// Is reports whether target is ErrInvalid.
func (e *Error) Is(target error) bool { return target == ErrInvalid }

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

// Pointer is an RFC 6901 JSON pointer into a JSON value input (see
// jsonwire.Pointer): Root.Index(2).Name("a") is "/2/a".
type Pointer = jsonwire.Pointer

// Root is the pointer of the whole input value.
const Root Pointer = ""

// At returns the location of v, found at the pointer p of the input, for a
// refusal of v: its byte offset and p.
func (v *Value) At(p Pointer) refusal.Location { return refusal.At(v.Offset, string(p)) }

// Where returns the location of a Parse error: the offset of its defect and
// the pointer of the value Parse was reading. Any other error gives the
// zero Location, which says nothing.
func Where(err error) refusal.Location {
	var e *Error
	if !errors.As(err, &e) {
		return refusal.Location{}
	}
	return refusal.At(e.Offset, e.Pointer)
}

package jsonvalue

import (
	"unicode/utf8"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
)

// Parse reads in as one JSON value with optional JSON whitespace (U+0020,
// U+0009, U+000A, U+000D) around it and returns it.
//
// It returns an *Error (which is ErrInvalid, for errors.Is) when in begins
// with a UTF-8 byte order mark, is not valid UTF-8 (RFC 3629: no overlong
// form, no encoded surrogate, nothing above U+10FFFF, no truncated
// sequence), breaks the RFC 8259 grammar (empty input, trailing data, a raw
// U+0000-U+001F in a string, an unknown escape, leading zeros, NaN,
// comments, ...), holds an object with two members of equal name after
// unescaping, or opens a container at depth MaxDepth+1. It never panics;
// its recursion is bounded by MaxDepth.
//
// Source: spec/README.md, "JSON value inputs"; RFC 8259.
func Parse(in []byte) (Value, error) {
	if jsonwire.HasBOM(in) {
		return Value{}, &Error{Offset: 0}
	}
	if !utf8.Valid(in) {
		return Value{}, &Error{Offset: jsonwire.InvalidUTF8(in)}
	}
	p := parser{in: in}
	p.s.Reset(in, 0, 0)
	v, ok := p.value(p.s.Next(), 0)
	if ok {
		if t := p.s.Next(); t.Kind != jsonwire.End {
			ok = p.fail(t.Start)
		}
	}
	if !ok {
		return Value{}, p.err
	}
	return v, nil
}

type parser struct {
	in  []byte
	s   jsonwire.Scanner
	err *Error
}

// fail records the defect at the byte offset off, with the pointer of the
// value the scanner is in, and returns false.
func (p *parser) fail(off int) bool {
	p.err = &Error{Offset: off, Pointer: string(p.s.Pointer())}
	return false
}

// value makes the value that starts with the token t; depth is the number
// of containers open around it.
func (p *parser) value(t jsonwire.Token, depth int) (Value, bool) {
	v := Value{Offset: t.Start}
	switch t.Kind {
	case jsonwire.BeginObject:
		return p.object(v, depth+1)
	case jsonwire.BeginArray:
		return p.array(v, depth+1)
	case jsonwire.String:
		v.Kind, v.Units = String, p.units(t)
	case jsonwire.Number:
		v.Kind, v.Text = Number, string(p.in[t.Start:t.End])
	case jsonwire.True:
		v.Kind = True
	case jsonwire.False:
		v.Kind = False
	case jsonwire.Null:
		v.Kind = Null
	default:
		return Value{}, p.fail(t.Start)
	}
	return v, true
}

// units returns the UTF-16 units of a string token's content, lone
// surrogates kept.
func (p *parser) units(t jsonwire.Token) []uint16 {
	content := jsonwire.Content(p.in, t)
	return jsonwire.AppendUnits(make([]uint16, 0, len(content)), content)
}

func (p *parser) array(v Value, depth int) (Value, bool) {
	if depth > MaxDepth {
		return Value{}, p.fail(v.Offset)
	}
	v.Kind, v.Elems = Array, []Value{}
	for {
		t := p.s.Next()
		if t.Kind == jsonwire.EndArray {
			return v, true
		}
		e, ok := p.value(t, depth)
		if !ok {
			return Value{}, false
		}
		v.Elems = append(v.Elems, e)
	}
}

// smallObject is the member count up to which duplicates are found by a
// linear scan; larger objects keep a set of names.
const smallObject = 16

func (p *parser) object(v Value, depth int) (Value, bool) {
	if depth > MaxDepth {
		return Value{}, p.fail(v.Offset)
	}
	v.Kind, v.Members = Object, []Member{}
	var names map[string]struct{}
	for {
		t := p.s.Next()
		switch t.Kind {
		case jsonwire.EndObject:
			return v, true
		case jsonwire.Name:
		default:
			return Value{}, p.fail(t.Start)
		}
		name := p.units(t)
		if names == nil && len(v.Members) < smallObject {
			for i := range v.Members {
				if Equal(v.Members[i].Name, name) {
					return Value{}, p.fail(t.Start)
				}
			}
		} else {
			if names == nil {
				names = make(map[string]struct{}, 2*len(v.Members))
				for i := range v.Members {
					names[Key(v.Members[i].Name)] = struct{}{}
				}
			}
			k := Key(name)
			if _, dup := names[k]; dup {
				return Value{}, p.fail(t.Start)
			}
			names[k] = struct{}{}
		}
		e, ok := p.value(p.s.Next(), depth)
		if !ok {
			return Value{}, false
		}
		v.Members = append(v.Members, Member{Name: name, Value: e})
	}
}

// Key returns a string that is equal for equal unit sequences and differs
// otherwise, for use as a map key.
func Key(u []uint16) string {
	b := make([]byte, 2*len(u))
	for i, x := range u {
		b[2*i], b[2*i+1] = byte(x>>8), byte(x)
	}
	return string(b)
}

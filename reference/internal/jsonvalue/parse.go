package jsonvalue

import (
	"unicode/utf8"
)

// Parse reads in as one JSON value with optional JSON whitespace (U+0020,
// U+0009, U+000A, U+000D) around it and returns it.
//
// It returns ErrInvalid when in begins with a UTF-8 byte order mark, is not
// valid UTF-8 (RFC 3629: no overlong form, no encoded surrogate, nothing
// above U+10FFFF, no truncated sequence), breaks the RFC 8259 grammar
// (empty input, trailing data, a raw U+0000-U+001F in a string, an unknown
// escape, leading zeros, NaN, comments, ...), holds an object with two
// members of equal name after unescaping, or opens a container at depth
// MaxDepth+1. It never panics; its recursion is bounded by MaxDepth.
//
// Source: spec/README.md, "JSON value inputs"; RFC 8259.
func Parse(in []byte) (Value, error) {
	if len(in) >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF {
		return Value{}, ErrInvalid
	}
	if !utf8.Valid(in) {
		return Value{}, ErrInvalid
	}
	p := parser{in: in}
	p.ws()
	v, ok := p.value(0)
	if !ok {
		return Value{}, ErrInvalid
	}
	p.ws()
	if p.pos != len(p.in) {
		return Value{}, ErrInvalid
	}
	return v, nil
}

type parser struct {
	in  []byte
	pos int
}

func (p *parser) ws() {
	for p.pos < len(p.in) {
		switch p.in[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value reads the value at p.pos; depth is the number of containers open
// around it.
func (p *parser) value(depth int) (Value, bool) {
	if p.pos >= len(p.in) {
		return Value{}, false
	}
	switch c := p.in[p.pos]; c {
	case '{':
		return p.object(depth + 1)
	case '[':
		return p.array(depth + 1)
	case '"':
		u, ok := p.str()
		return Value{Kind: String, Units: u}, ok
	case 't':
		return Value{Kind: True}, p.literal("true")
	case 'f':
		return Value{Kind: False}, p.literal("false")
	case 'n':
		return Value{Kind: Null}, p.literal("null")
	default:
		return p.number()
	}
}

func (p *parser) literal(s string) bool {
	if len(p.in)-p.pos < len(s) || string(p.in[p.pos:p.pos+len(s)]) != s {
		return false
	}
	p.pos += len(s)
	return true
}

func (p *parser) array(depth int) (Value, bool) {
	if depth > MaxDepth {
		return Value{}, false
	}
	p.pos++ // [
	v := Value{Kind: Array, Elems: []Value{}}
	p.ws()
	if p.pos < len(p.in) && p.in[p.pos] == ']' {
		p.pos++
		return v, true
	}
	for {
		p.ws()
		e, ok := p.value(depth)
		if !ok {
			return Value{}, false
		}
		v.Elems = append(v.Elems, e)
		p.ws()
		if p.pos >= len(p.in) {
			return Value{}, false
		}
		switch p.in[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return v, true
		default:
			return Value{}, false
		}
	}
}

// smallObject is the member count up to which duplicates are found by a
// linear scan; larger objects keep a set of names.
const smallObject = 16

func (p *parser) object(depth int) (Value, bool) {
	if depth > MaxDepth {
		return Value{}, false
	}
	p.pos++ // {
	v := Value{Kind: Object, Members: []Member{}}
	p.ws()
	if p.pos < len(p.in) && p.in[p.pos] == '}' {
		p.pos++
		return v, true
	}
	var names map[string]struct{}
	for {
		p.ws()
		if p.pos >= len(p.in) || p.in[p.pos] != '"' {
			return Value{}, false
		}
		name, ok := p.str()
		if !ok {
			return Value{}, false
		}
		if names == nil && len(v.Members) < smallObject {
			for i := range v.Members {
				if Equal(v.Members[i].Name, name) {
					return Value{}, false
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
				return Value{}, false
			}
			names[k] = struct{}{}
		}
		p.ws()
		if p.pos >= len(p.in) || p.in[p.pos] != ':' {
			return Value{}, false
		}
		p.pos++
		p.ws()
		e, ok := p.value(depth)
		if !ok {
			return Value{}, false
		}
		v.Members = append(v.Members, Member{Name: name, Value: e})
		p.ws()
		if p.pos >= len(p.in) {
			return Value{}, false
		}
		switch p.in[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return v, true
		default:
			return Value{}, false
		}
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

// str reads the string whose opening quote is at p.pos into UTF-16 units.
// The input is valid UTF-8 (checked by Parse), so a raw byte sequence is
// decoded without error checks beyond those of the grammar.
func (p *parser) str() ([]uint16, bool) {
	in := p.in
	i := p.pos + 1
	u := []uint16{}
	for {
		if i >= len(in) {
			return nil, false
		}
		c := in[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return u, true
		case c < 0x20:
			return nil, false
		case c == '\\':
			if i+1 >= len(in) {
				return nil, false
			}
			switch in[i+1] {
			case '"', '\\', '/':
				u = append(u, uint16(in[i+1]))
			case 'b':
				u = append(u, '\b')
			case 'f':
				u = append(u, '\f')
			case 'n':
				u = append(u, '\n')
			case 'r':
				u = append(u, '\r')
			case 't':
				u = append(u, '\t')
			case 'u':
				x, ok := hex4(in, i+2)
				if !ok {
					return nil, false
				}
				u = append(u, x)
				i += 6
				continue
			default:
				return nil, false
			}
			i += 2
		case c < utf8.RuneSelf:
			u = append(u, uint16(c))
			i++
		default:
			r, n := utf8.DecodeRune(in[i:])
			u = AppendRune(u, r)
			i += n
		}
	}
}

// hex4 decodes the four hex digits (either case) at in[i:i+4].
func hex4(in []byte, i int) (uint16, bool) {
	if i+4 > len(in) {
		return 0, false
	}
	var x uint16
	for _, c := range in[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		x = x<<4 | uint16(c)
	}
	return x, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads an RFC 8259 number at p.pos and keeps its literal text. The
// token must be the whole number: what follows it is left to the caller's
// grammar (so "01" fails there, at the "1").
func (p *parser) number() (Value, bool) {
	in := p.in
	s := p.pos
	i := s
	if i < len(in) && in[i] == '-' {
		i++
	}
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case i < len(in) && in[i] >= '1' && in[i] <= '9':
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	default:
		return Value{}, false
	}
	if i < len(in) && in[i] == '.' {
		i++
		if i >= len(in) || !isDigit(in[i]) {
			return Value{}, false
		}
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if i >= len(in) || !isDigit(in[i]) {
			return Value{}, false
		}
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	}
	p.pos = i
	return Value{Kind: Number, Text: string(in[s:i])}, true
}

package pyjson

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"conform/reference/refusal"
)

// Kinds of value.
const (
	kindText   uint8 = iota // text is emitted as it is: a number or a literal
	kindString              // text is decoded string content, escaped on output
	kindArray               // elements are p.elems[lo:hi]
	kindObject              // members are p.membs[lo:hi], sorted
)

// value is one parsed JSON value. Scalars hold their output text or decoded
// content; containers hold a range of an arena.
type value struct {
	text   []byte
	lo, hi int
	kind   uint8
}

// member is one object member. name is the decoded name as generalized UTF-8
// (a lone surrogate is its 3-byte form), whose byte order is code point
// order, the order of Python's str comparison.
type member struct {
	name []byte
	val  value
}

// open is one container whose closing bracket has not been read yet.
type open struct {
	object bool
	base   int            // first pending item: index in p.vals or p.mems
	cur    int            // object: index in p.mems of the member being read
	names  map[string]int // object with many members: name -> index in p.mems
}

// parser holds one Encode call's state; see the rfc8785 package's parser,
// which has the same shape.
type parser struct {
	c     *refusal.Checker
	in    []byte
	pos   int
	buf   []byte
	stack []open
	vals  []value
	mems  []member
	elems []value
	membs []member
}

// syntax refuses with ErrSyntax. The grammar guard has no accept path: there
// is no sensible way to go on past a grammar error, so an ignored ErrSyntax
// still ends the parse with that refusal.
func (p *parser) syntax() error {
	if err := p.c.Refuse(ErrSyntax); err != nil {
		return err
	}
	return &refusal.Error{Guard: ErrSyntax}
}

// isSpace marks the four bytes CPython's json skips as whitespace.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

func (p *parser) skipWS() {
	for p.pos < len(p.in) && isSpace[p.in[p.pos]] {
		p.pos++
	}
}

var (
	litTrue  = []byte("true")
	litFalse = []byte("false")
	litNull  = []byte("null")
	litNaN   = []byte("NaN")
	litInf   = []byte("Infinity")
	litNInf  = []byte("-Infinity")
	litZero  = []byte("0")
)

// parse reads the whole text as json.loads does: one value with whitespace
// around it, in document order, without recursion.
func (p *parser) parse() (value, error) {
	for {
		p.skipWS()
		if p.pos >= len(p.in) {
			return value{}, p.syntax()
		}
		var v value
		var err error
		switch c := p.in[p.pos]; c {
		case '[':
			p.pos++
			p.skipWS()
			if p.pos < len(p.in) && p.in[p.pos] == ']' {
				p.pos++
				v = value{kind: kindArray}
				break
			}
			p.stack = append(p.stack, open{base: len(p.vals)})
			continue
		case '{':
			p.pos++
			p.skipWS()
			if p.pos < len(p.in) && p.in[p.pos] == '}' {
				p.pos++
				v = value{kind: kindObject}
				break
			}
			p.stack = append(p.stack, open{object: true, base: len(p.mems)})
			if err := p.name(); err != nil {
				return value{}, err
			}
			continue
		case '"':
			v.kind = kindString
			v.text, err = p.str()
		case 't':
			v, err = p.literal(litTrue)
		case 'f':
			v, err = p.literal(litFalse)
		case 'n':
			v, err = p.literal(litNull)
		case 'N':
			v, err = p.literal(litNaN)
		case 'I':
			v, err = p.literal(litInf)
		case '-':
			if bytes.HasPrefix(p.in[p.pos:], litNInf) {
				v, err = p.literal(litNInf)
				break
			}
			v, err = p.number()
		default:
			v, err = p.number()
		}
		if err != nil {
			return value{}, err
		}
		for {
			if len(p.stack) == 0 {
				p.skipWS()
				if p.pos != len(p.in) {
					return value{}, p.syntax()
				}
				return v, nil
			}
			top := &p.stack[len(p.stack)-1]
			if top.object {
				p.mems[top.cur].val = v
			} else {
				p.vals = append(p.vals, v)
			}
			p.skipWS()
			if p.pos >= len(p.in) {
				return value{}, p.syntax()
			}
			c := p.in[p.pos]
			p.pos++
			if c == ',' {
				if top.object {
					p.skipWS()
					if err := p.name(); err != nil {
						return value{}, err
					}
				}
				break
			}
			if top.object && c == '}' {
				v = p.closeObject()
				continue
			}
			if !top.object && c == ']' {
				v = p.closeArray()
				continue
			}
			return value{}, p.syntax()
		}
	}
}

// literal reads one of the constants json.loads knows at p.pos.
func (p *parser) literal(lit []byte) (value, error) {
	if !bytes.HasPrefix(p.in[p.pos:], lit) {
		return value{}, p.syntax()
	}
	p.pos += len(lit)
	return value{kind: kindText, text: lit}, nil
}

// name reads a member name and the ':' after it, and makes the member the one
// the next value is attached to. A repeated name keeps its member, whose
// value the next one replaces: a dict keeps the last value.
func (p *parser) name() error {
	if p.pos >= len(p.in) || p.in[p.pos] != '"' {
		return p.syntax()
	}
	name, err := p.str()
	if err != nil {
		return err
	}
	top := &p.stack[len(p.stack)-1]
	if j, dup := p.lookup(top, name); dup {
		top.cur = j
	} else {
		top.cur = len(p.mems)
		p.mems = append(p.mems, member{name: name})
		if top.names != nil {
			top.names[string(name)] = top.cur
		}
	}
	p.skipWS()
	if p.pos >= len(p.in) || p.in[p.pos] != ':' {
		return p.syntax()
	}
	p.pos++
	return nil
}

// smallObject is the member count up to which repeated names are found by a
// linear scan; larger objects build a map once.
const smallObject = 16

func (p *parser) lookup(top *open, name []byte) (int, bool) {
	ms := p.mems[top.base:]
	if top.names == nil {
		if len(ms) < smallObject {
			for i := range ms {
				if bytes.Equal(ms[i].name, name) {
					return top.base + i, true
				}
			}
			return 0, false
		}
		top.names = make(map[string]int, 2*len(ms))
		for i := range ms {
			top.names[string(ms[i].name)] = top.base + i
		}
	}
	j, ok := top.names[string(name)]
	return j, ok
}

func (p *parser) closeArray() value {
	top := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	lo := len(p.elems)
	p.elems = append(p.elems, p.vals[top.base:]...)
	p.vals = p.vals[:top.base]
	return value{kind: kindArray, lo: lo, hi: len(p.elems)}
}

func (p *parser) closeObject() value {
	top := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	ms := p.mems[top.base:]
	if !slices.IsSortedFunc(ms, compareMembers) {
		slices.SortFunc(ms, compareMembers)
	}
	lo := len(p.membs)
	p.membs = append(p.membs, ms...)
	p.mems = p.mems[:top.base]
	return value{kind: kindObject, lo: lo, hi: len(p.membs)}
}

// compareMembers orders names by code point, as sorted() orders str keys.
func compareMembers(a, b member) int { return bytes.Compare(a.name, b.name) }

// stopString marks the bytes that end the fast scan of a string.
var stopString = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// str reads the string whose opening quote is at p.pos, as CPython's
// scanstring with strict=True: a raw U+0000-U+001F is an error, the escapes
// are \" \\ \/ \b \f \n \r \t \uXXXX, a high-surrogate escape immediately
// followed by a low-surrogate escape is one code point, and every other
// surrogate escape stays a lone surrogate. It returns the decoded content as
// generalized UTF-8.
func (p *parser) str() ([]byte, error) {
	in := p.in
	start := p.pos + 1
	i := start
	for i < len(in) && !stopString[in[i]] {
		i++
	}
	if i >= len(in) || in[i] < 0x20 {
		return nil, p.syntax()
	}
	if in[i] == '"' {
		p.pos = i + 1
		return in[start:i:i], nil
	}
	b0 := len(p.buf)
	buf := append(p.buf, in[start:i]...)
	for {
		if i >= len(in) {
			return nil, p.syntax()
		}
		c := in[i]
		if c == '"' {
			break
		}
		if c < 0x20 {
			return nil, p.syntax()
		}
		if c != '\\' {
			j := i + 1
			for j < len(in) && !stopString[in[j]] {
				j++
			}
			buf = append(buf, in[i:j]...)
			i = j
			continue
		}
		if i+1 >= len(in) {
			return nil, p.syntax()
		}
		switch in[i+1] {
		case '"', '\\', '/':
			buf = append(buf, in[i+1])
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := hex4(in, i+2)
			if !ok {
				return nil, p.syntax()
			}
			i += 6
			if r >= 0xD800 && r <= 0xDBFF && i+1 < len(in) && in[i] == '\\' && in[i+1] == 'u' {
				r2, ok := hex4(in, i+2)
				if !ok {
					// scanstring decodes the second escape as it peeks.
					return nil, p.syntax()
				}
				if r2 >= 0xDC00 && r2 <= 0xDFFF {
					r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
					i += 6
				}
			}
			if r >= 0xD800 && r <= 0xDFFF {
				buf = append(buf, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
			} else {
				buf = utf8.AppendRune(buf, r)
			}
			continue
		default:
			return nil, p.syntax()
		}
		i += 2
	}
	p.buf = buf
	p.pos = i + 1
	return buf[b0:len(buf):len(buf)], nil
}

// hex4 decodes the four hex digits (either case) at in[i:i+4].
func hex4(in []byte, i int) (rune, bool) {
	if i+4 > len(in) {
		return 0, false
	}
	var r rune
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
		r = r<<4 | rune(c)
	}
	return r, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

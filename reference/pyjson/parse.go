package pyjson

import (
	"bytes"
	"slices"

	"conform/reference/internal/jsonwire"
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
	in    []byte // the text: the input, or its lenient decoding
	s     jsonwire.Scanner
	buf   []byte
	stack []open
	vals  []value
	mems  []member
	elems []value
	membs []member
}

// at locates the refusal err at the byte offset off of the text and at the
// value the scanner is in.
func (p *parser) at(err error, off int) error {
	return refusal.Locate(err, refusal.At(off, string(p.s.Pointer())))
}

// syntax refuses with ErrSyntax at the byte offset off. The grammar guard
// has no accept path: there is no sensible way to go on past a grammar
// error, so an ignored ErrSyntax still ends the parse with that refusal.
func (p *parser) syntax(off int) error {
	if err := p.c.Refuse(ErrSyntax); err != nil {
		return p.at(err, off)
	}
	return p.at(&refusal.Error{Guard: ErrSyntax}, off)
}

// The texts json.dumps writes for the constants json.loads knows.
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
// around it, token by token in document order (the scanner's grammar with
// Constants is CPython's), without recursion.
func (p *parser) parse() (value, error) {
	var root value
	for {
		tok := p.s.Next()
		var v value
		var err error
		switch tok.Kind {
		case jsonwire.BeginArray:
			p.stack = append(p.stack, open{base: len(p.vals)})
			continue
		case jsonwire.BeginObject:
			p.stack = append(p.stack, open{object: true, base: len(p.mems)})
			continue
		case jsonwire.Name:
			p.name(tok)
			continue
		case jsonwire.EndArray:
			v = p.closeArray()
		case jsonwire.EndObject:
			v = p.closeObject()
		case jsonwire.String:
			v = value{kind: kindString, text: p.str(tok)}
		case jsonwire.Number:
			v, err = p.number(tok)
		case jsonwire.True:
			v = value{kind: kindText, text: litTrue}
		case jsonwire.False:
			v = value{kind: kindText, text: litFalse}
		case jsonwire.Null:
			v = value{kind: kindText, text: litNull}
		case jsonwire.NaN:
			v = value{kind: kindText, text: litNaN}
		case jsonwire.Infinity:
			v = value{kind: kindText, text: litInf}
		case jsonwire.NegInfinity:
			v = value{kind: kindText, text: litNInf}
		case jsonwire.End:
			return root, nil
		default:
			return value{}, p.syntax(tok.Start)
		}
		if err != nil {
			return value{}, err
		}
		if len(p.stack) == 0 {
			root = v
			continue
		}
		top := &p.stack[len(p.stack)-1]
		if top.object {
			p.mems[top.cur].val = v
		} else {
			p.vals = append(p.vals, v)
		}
	}
}

// name makes the member named by tok the one the next value is attached
// to. A repeated name keeps its member, whose value the next one replaces:
// a dict keeps the last value.
func (p *parser) name(tok jsonwire.Token) {
	name := p.str(tok)
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

// str returns the decoded content of a string token as scanstring with
// strict=True reads it: the escapes \" \\ \/ \b \f \n \r \t \uXXXX, a
// high-surrogate escape immediately followed by a low-surrogate escape one
// code point, every other surrogate escape a lone surrogate; as generalized
// UTF-8, whose byte order is Python's str order.
func (p *parser) str(tok jsonwire.Token) []byte {
	content := jsonwire.Content(p.in, tok)
	if !tok.Has(jsonwire.Escaped) {
		return content
	}
	b0 := len(p.buf)
	p.buf, _ = jsonwire.AppendUnquoted(p.buf, content)
	return p.buf[b0:len(p.buf):len(p.buf)]
}

package pyjson

import (
	"bytes"
	"slices"

	"github.com/conform-dev/conform/reference/internal/jsontree"
	"github.com/conform-dev/conform/reference/internal/jsonwire"
	"github.com/conform-dev/conform/reference/refusal"
)

// Kinds of value.
const (
	kindText   uint8 = iota // text is emitted as it is: a number or a literal
	kindString              // text is decoded string content, escaped on output
	kindArray               // elements are p.t.Elems[lo:hi]
	kindObject              // members are p.t.Membs[lo:hi], sorted
)

// value is one parsed JSON value. Scalars hold their output text or decoded
// content; containers hold a range of an arena.
type value struct {
	text   []byte
	lo, hi int
	kind   uint8
}

// member is one object member. Its name is the decoded name as generalized
// UTF-8 (a lone surrogate is its 3-byte form), whose byte order is code
// point order, the order of Python's str comparison.
type member = jsontree.Member[[]byte, value]

// parser holds one Encode call's state: the scanner, the decoded strings
// (buf) and the tree (t).
type parser struct {
	c   *refusal.Checker
	in  []byte // the text: the input, or its lenient decoding
	s   jsonwire.Scanner
	buf []byte
	t   jsontree.Builder[[]byte, value]
}

// syntax refuses with ErrSyntax at the byte offset off. The grammar guard
// has no accept path: there is no sensible way to go on past a grammar
// error, so an ignored ErrSyntax still ends the parse with that refusal.
func (p *parser) syntax(off int) error {
	if err := p.c.Refuse(ErrSyntax); err != nil {
		return p.s.Locate(err, off)
	}
	return p.s.Locate(&refusal.Error{Guard: ErrSyntax}, off)
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
			p.t.OpenArray()
			continue
		case jsonwire.BeginObject:
			p.t.OpenObject()
			continue
		case jsonwire.Name:
			p.name(tok)
			continue
		case jsonwire.EndArray:
			v.kind = kindArray
			v.lo, v.hi = p.t.CloseArray()
		case jsonwire.EndObject:
			v.kind = kindObject
			v.lo, v.hi = p.t.CloseObject(sortMembers)
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
		if p.t.Attach(v) {
			root = v
		}
	}
}

// name makes the member named by tok the one the next value is attached
// to. A repeated name keeps its member, whose value the next one replaces:
// a dict keeps the last value.
func (p *parser) name(tok jsonwire.Token) {
	name := p.str(tok)
	p.t.Member(name, p.t.Find(name))
}

// sortMembers puts the members of one object in sorted() order of their
// names (compareMembers); a repeated name is one member already.
func sortMembers(ms []member) {
	if !slices.IsSortedFunc(ms, compareMembers) {
		slices.SortFunc(ms, compareMembers)
	}
}

// compareMembers orders names by code point, as sorted() orders str keys.
func compareMembers(a, b member) int { return bytes.Compare(a.Name, b.Name) }

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

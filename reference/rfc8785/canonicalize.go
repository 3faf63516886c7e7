package rfc8785

import (
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/conform-dev/conform/reference/internal/jsontree"
	"github.com/conform-dev/conform/reference/internal/jsonwire"
	"github.com/conform-dev/conform/reference/internal/lenient"
	"github.com/conform-dev/conform/reference/refusal"
)

// MaxDepth is the deepest nesting accepted: the outermost array or object is
// at depth 1 (spec/README.md, "Depth").
const MaxDepth = 128

// Canonicalize takes a JSON text (RFC 8259, bytes) and returns its RFC 8785
// canonical form as a new UTF-8 byte slice: no whitespace, members sorted by
// the UTF-16 code units of their names, numbers as ECMAScript
// Number::toString, strings with only the RFC 8785 section 3.2.2.2 escapes.
//
// It refuses, with a *refusal.Error carrying one guard of Guards, in this
// order (spec/rfc8785.md, "Precedence"): ErrBOM, ErrUTF8 over the whole
// input, then the first of ErrSyntax, ErrDepth, ErrDuplicate, ErrSurrogate
// and ErrNumberRange met in one parse in document order. opts may let guards
// pass (refusal.Ignoring); the parse then continues as each guard's "Ignored:"
// note says. ErrSyntax has no accept path: ignoring it changes nothing.
// The refusal says where it happened (refusal.Error.At): the byte offset of
// the defect in in (0 for ErrBOM, the first invalid byte for ErrUTF8, the
// bracket, the member name, the escape of the lone surrogate, the number)
// and, for the refusals of the parse, the JSON pointer of the value refused.
//
// It never panics, and it is iterative, so nesting is bounded by memory only
// when ErrDepth is ignored. Source: spec/rfc8785.md; RFC 8785 sections 3.1 and
// 3.2.1-3.2.4.
func Canonicalize(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	// Each guard's if holds only its refusal, and what the spec says an
	// ignored guard does follows it, so a deleted guard (a source mutant)
	// behaves as an ignored one.
	src := lenient.Read(in)
	if src.BOM {
		if err := c.Refuse(ErrBOM); err != nil {
			return nil, refusal.Locate(err, refusal.AtOffset(0))
		}
	}
	if !src.Valid {
		if err := c.Refuse(ErrUTF8); err != nil {
			return nil, refusal.Locate(err, refusal.AtOffset(jsonwire.InvalidUTF8(in)))
		}
	}
	// Ignored: the three bytes of a BOM are skipped; each invalid UTF-8
	// sequence becomes U+FFFD.
	text, start := src.Text()
	p := parsers.Get().(*parser)
	p.c, p.in = c, text
	p.s.Reset(text, start, 0)
	v, err := p.parse()
	var out []byte
	if err == nil {
		out = p.t.Emit(make([]byte, 0, len(text)+len(text)/8+16), v, &p.format)
	}
	p.release()
	err = src.Relocate(err) // offsets into text are offsets into in
	return out, err
}

// parsers keeps parser state (its arenas) between calls, so that a call
// allocates little more than its output.
var parsers = sync.Pool{New: func() any {
	p := &parser{}
	p.t.Text = p.nameText
	p.cmp = func(a, b member) int { return p.compareMembers(&a, &b) }
	p.order = p.sortMembers
	p.format = jsontree.Format[name, value]{
		Value: p.appendValue,
		Name:  func(out []byte, n name) []byte { return p.appendScalar(out, n.str) },
	}
	return p
}}

// maxPooled is the arena capacity, in items, above which a parser is
// dropped after use rather than kept, so one huge input does not pin its
// memory.
const maxPooled = 1 << 16

// release empties p and returns it to the pool.
func (p *parser) release() {
	p.c, p.in = nil, nil
	p.s.Reset(nil, 0, 0)
	if max(p.t.Cap(), cap(p.buf)/16) > maxPooled {
		return
	}
	p.t.Reset()
	p.buf = p.buf[:0]
	parsers.Put(p)
}

// kind says what a value is and where its text lives.
type kind uint8

const (
	kindTrue   kind = iota // true
	kindFalse              // false
	kindNull               // null
	kindZero               // a number whose canonical text is 0
	kindInf                // an out-of-range number, ErrNumberRange ignored: Infinity
	kindNegInf             // the same, negative: -Infinity
	kindNumIn              // a number whose canonical text is in[off:off+n]
	kindNumBuf             // a number whose canonical text is buf[off:off+n]
	kindStrIn              // a string whose content is in[off:off+n], needing no escapes
	kindStrBuf             // a string whose decoded content is buf[off:off+n]
	kindArray              // an array whose elements are t.Elems[off:off+n]
	kindObject             // an object whose members are t.Membs[off:off+n], sorted
)

// value is one parsed JSON value. It holds offsets, not slices, so the
// arenas that hold values are free of pointers: the garbage collector never
// scans them, however large the document.
type value struct {
	off, n int
	kind   kind
}

// name is one member name: a string value whose content is the decoded
// name as generalized UTF-8 (a lone surrogate kept by an ignored
// ErrSurrogate is its 3-byte form), so equal names are equal bytes.
type name struct {
	str value
	// exact reports that the member's Key (its first 8 bytes, big-endian,
	// zero-padded) orders it as compareUTF16 does when keys differ
	// (keyOrders).
	exact bool
}

// member is one object member.
type member = jsontree.Member[name, value]

// parser holds one Canonicalize call's state. Strings and numbers point into
// in or buf (append-only); containers point into t.Elems and t.Membs, which
// receive their items when they close.
type parser struct {
	c      *refusal.Checker
	in     []byte // the text: the input, or its lenient decoding
	s      jsonwire.Scanner
	buf    []byte
	t      jsontree.Builder[name, value]
	cmp    func(a, b member) int
	order  func(ms []member) // p.sortMembers
	format jsontree.Format[name, value]
}

// textOf returns the canonical text of a number or the content of a string.
func (p *parser) textOf(v value) []byte {
	switch v.kind {
	case kindNumIn, kindStrIn:
		return p.in[v.off : v.off+v.n]
	case kindNumBuf, kindStrBuf:
		return p.buf[v.off : v.off+v.n]
	}
	return nil
}

// syntax refuses with ErrSyntax at the byte offset off. The grammar guard
// has no accept path (spec/rfc8785.md rule 3): there is no sensible way to
// go on past a grammar error, so an ignored ErrSyntax still ends the parse
// with that refusal.
func (p *parser) syntax(off int) error {
	if err := p.c.Refuse(ErrSyntax); err != nil {
		return p.s.Locate(err, off)
	}
	return p.s.Locate(&refusal.Error{Guard: ErrSyntax}, off)
}

// parse reads the whole text as one JSON value with optional whitespace
// around it, token by token in document order, checking each token's rules
// as soon as the scanner returns it (spec/rfc8785.md, "Precedence"),
// without recursion.
func (p *parser) parse() (value, error) {
	var root value
	for {
		tok := p.s.Next()
		var v value
		var err error
		switch tok.Kind {
		case jsonwire.BeginArray, jsonwire.BeginObject:
			if p.t.Depth() >= MaxDepth {
				if err := p.c.Refuse(ErrDepth); err != nil {
					return value{}, p.s.Locate(err, tok.Start)
				}
				// Ignored: parsing continues.
			}
			if tok.Kind == jsonwire.BeginArray {
				p.t.OpenArray()
			} else {
				p.t.OpenObject()
			}
			continue
		case jsonwire.Name:
			if err := p.name(tok); err != nil {
				return value{}, err
			}
			continue
		case jsonwire.EndArray:
			lo, hi := p.t.CloseArray()
			v = value{kind: kindArray, off: lo, n: hi - lo}
		case jsonwire.EndObject:
			lo, hi := p.t.CloseObject(p.order)
			v = value{kind: kindObject, off: lo, n: hi - lo}
		case jsonwire.String:
			if !tok.Has(jsonwire.Escaped) {
				v = plainString(tok) // str's first case, without the call
				break
			}
			v, err = p.str(tok)
		case jsonwire.Number:
			v, err = p.number(tok)
		case jsonwire.True:
			v = value{kind: kindTrue}
		case jsonwire.False:
			v = value{kind: kindFalse}
		case jsonwire.Null:
			v = value{kind: kindNull}
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

// name applies a member name's rules (its surrogate rule, then its
// duplicate check) and makes the member the one the next value is attached
// to. The ':' after it is the scanner's next token.
func (p *parser) name(tok jsonwire.Token) error {
	str := plainString(tok)
	if tok.Has(jsonwire.Escaped) {
		var err error
		if str, err = p.str(tok); err != nil {
			return err
		}
	}
	text := p.textOf(str)
	f := p.t.Find(text)
	if f.Dup {
		if err := p.c.Refuse(ErrDuplicate); err != nil {
			return p.s.Locate(err, tok.Start)
		}
	}
	// Ignored (dup): the later member replaces the earlier one's value.
	p.t.Member(name{str: str, exact: keyOrders(text)}, f)
	return nil
}

// nameText returns the decoded content of a member name.
func (p *parser) nameText(n name) []byte { return p.textOf(n.str) }

// smallSort is the member count up to which an object's members are put in
// order by insertion sort.
const smallSort = 16

// sortMembers puts the members of one object in RFC 8785 order (section
// 3.2.3, compareMembers).
func (p *parser) sortMembers(ms []member) {
	if len(ms) <= smallSort {
		// Insertion sort: no comparison function value, and one pass
		// when the members are already in order.
		for i := 1; i < len(ms); i++ {
			for j := i; j > 0 && p.compareMembers(&ms[j-1], &ms[j]) > 0; j-- {
				ms[j-1], ms[j] = ms[j], ms[j-1]
			}
		}
	} else if !slices.IsSortedFunc(ms, p.cmp) {
		slices.SortFunc(ms, p.cmp)
	}
}

// appendValue appends the canonical text of v when it is not a container,
// or says where its items are (jsontree.Format's Value).
func (p *parser) appendValue(out []byte, v value) ([]byte, jsontree.Span) {
	switch v.kind {
	case kindArray, kindObject:
		return out, jsontree.Span{Container: true, Object: v.kind == kindObject, Lo: v.off, Hi: v.off + v.n}
	}
	return p.appendScalar(out, v), jsontree.Span{}
}

// str makes the value of a string token, which the scanner has read to its
// closing quote (ErrSyntax), and applies its surrogate rule
// (ErrSurrogate). A string without escapes is its text bytes (kindStrIn);
// one with escapes is decoded into p.buf as generalized UTF-8 (kindStrBuf).
func (p *parser) str(tok jsonwire.Token) (value, error) {
	if !tok.Has(jsonwire.Escaped) {
		return plainString(tok), nil
	}
	content := jsonwire.Content(p.in, tok)
	b0 := len(p.buf)
	var lone bool
	p.buf, lone = jsonwire.AppendUnquoted(p.buf, content)
	if lone {
		if err := p.c.Refuse(ErrSurrogate); err != nil {
			return value{}, p.s.Locate(err, tok.Start+1+jsonwire.LoneSurrogate(content))
		}
		// Ignored: each lone surrogate is kept in its 3-byte form.
	}
	return value{kind: kindStrBuf, off: b0, n: len(p.buf) - b0}, nil
}

// plainString is the value of a string token without escapes: its text
// bytes between the quotes.
func plainString(tok jsonwire.Token) value {
	return value{kind: kindStrIn, off: tok.Start + 1, n: tok.End - tok.Start - 2}
}

// number makes the value of a number token, the longest prefix matching
// the RFC 8259 number grammar, and checks its range before anything that
// follows it.
func (p *parser) number(tok jsonwire.Token) (value, error) {
	in := p.in
	s, i := tok.Start, tok.End
	intEnd, fracEnd := i, i
	if tok.Flags&(jsonwire.Fraction|jsonwire.Exponent) != 0 {
		intEnd, fracEnd = jsonwire.Split(in[s:i])
		intEnd, fracEnd = s+intEnd, s+fracEnd
	}
	neg := in[s] == '-'
	intDigits := in[s:intEnd]
	if neg {
		intDigits = intDigits[1:]
	}
	var fracDigits, expDigits []byte
	if tok.Has(jsonwire.Fraction) {
		fracDigits = in[intEnd+1 : fracEnd]
	}
	if tok.Has(jsonwire.Exponent) {
		expDigits = in[fracEnd+1 : i]
	}
	// An integer of at most 15 digits is exact in binary64 and below 1e21,
	// so Number::toString spells it as written (except -0).
	if fracDigits == nil && expDigits == nil && len(intDigits) <= 15 {
		if neg && intDigits[0] == '0' {
			return value{kind: kindZero}, nil
		}
		return value{kind: kindNumIn, off: s, n: i - s}, nil
	}
	if dec, ok := shortDecimal(intDigits, fracDigits, expDigits); ok {
		if dec.nd == 0 {
			return value{kind: kindZero}, nil
		}
		b0 := len(p.buf)
		p.buf = appendES6(p.buf, neg, dec.d[:dec.nd], dec.n)
		return value{kind: kindNumBuf, off: b0, n: len(p.buf) - b0}, nil
	}
	// The token matches the grammar, so the only error is ErrRange: an
	// overflow to ±Inf. An underflow is 0 or -0 with no error.
	f, _ := strconv.ParseFloat(string(in[s:i]), 64)
	inf := math.IsInf(f, 0)
	if inf {
		if err := p.c.Refuse(ErrNumberRange); err != nil {
			return value{}, p.s.Locate(err, s)
		}
	}
	if inf {
		// Ignored: the value is emitted as Infinity or -Infinity.
		if neg {
			return value{kind: kindNegInf}, nil
		}
		return value{kind: kindInf}, nil
	}
	b0 := len(p.buf)
	p.buf = appendNumber(p.buf, f)
	return value{kind: kindNumBuf, off: b0, n: len(p.buf) - b0}, nil
}

// appendScalar appends the canonical text of a value that is not a
// container.
func (p *parser) appendScalar(out []byte, v value) []byte {
	switch v.kind {
	case kindTrue:
		return append(out, "true"...)
	case kindFalse:
		return append(out, "false"...)
	case kindNull:
		return append(out, "null"...)
	case kindZero:
		return append(out, '0')
	case kindInf:
		return append(out, "Infinity"...)
	case kindNegInf:
		return append(out, "-Infinity"...)
	case kindStrIn:
		out = append(out, '"')
		out = append(out, p.in[v.off:v.off+v.n]...)
		return append(out, '"')
	case kindStrBuf:
		return appendString(out, p.buf[v.off:v.off+v.n])
	}
	return append(out, p.textOf(v)...)
}

// needsEscape marks the bytes RFC 8785 section 3.2.2.2 escapes: the quote,
// the backslash and U+0000-U+001F. Everything else is emitted as it is.
var needsEscape = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// appendString appends decoded string content s as a canonical JSON string.
func appendString(out, s []byte) []byte {
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !needsEscape[c] {
			continue
		}
		out = append(out, s[start:i]...)
		var short bool
		if out, short = jsonwire.AppendShortEscape(out, c); !short {
			out = jsonwire.AppendUnitEscape(out, rune(c)) // \u00xx
		}
		start = i + 1
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}

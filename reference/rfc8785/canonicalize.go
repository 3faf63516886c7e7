package rfc8785

import (
	"bytes"
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"conform/reference/internal/lenient"
	"conform/reference/refusal"
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
//
// It never panics, and it is iterative, so nesting is bounded by memory only
// when ErrDepth is ignored. Source: spec/rfc8785.md; RFC 8785 sections 3.1 and
// 3.2.1-3.2.4.
func Canonicalize(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	// Each guard's if holds only its refusal, and what the spec says an
	// ignored guard does follows it, so a deleted guard (a source mutant)
	// behaves as an ignored one.
	bom := bytes.HasPrefix(in, utf8BOM)
	if bom {
		if err := c.Refuse(ErrBOM); err != nil {
			return nil, err
		}
	}
	if bom {
		in = in[3:] // Ignored: the three bytes are skipped.
	}
	valid := utf8.Valid(in)
	if !valid {
		if err := c.Refuse(ErrUTF8); err != nil {
			return nil, err
		}
	}
	if !valid {
		in = lenient.Decode(in) // Ignored: each invalid sequence becomes U+FFFD.
	}
	p := parsers.Get().(*parser)
	p.c, p.in = c, in
	v, err := p.parse()
	var out []byte
	if err == nil {
		out = p.emit(make([]byte, 0, len(in)+len(in)/8+16), v)
	}
	p.release()
	return out, err
}

// utf8BOM is the UTF-8 encoding of U+FEFF.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// parsers keeps parser state (its arenas) between calls, so that a call
// allocates little more than its output.
var parsers = sync.Pool{New: func() any {
	p := &parser{}
	p.cmp = func(a, b member) int { return p.compareMembers(&a, &b) }
	return p
}}

// maxPooled is the arena capacity, in items, above which a parser is
// dropped after use rather than kept, so one huge input does not pin its
// memory.
const maxPooled = 1 << 16

// release empties p and returns it to the pool.
func (p *parser) release() {
	p.c, p.in, p.pos = nil, nil, 0
	if max(cap(p.stack), cap(p.vals), cap(p.mems), cap(p.elems), cap(p.membs), cap(p.levels), cap(p.buf)/16) > maxPooled {
		return
	}
	clear(p.indexes)
	p.buf, p.stack, p.vals, p.mems, p.elems, p.membs, p.indexes, p.levels =
		p.buf[:0], p.stack[:0], p.vals[:0], p.mems[:0], p.elems[:0], p.membs[:0], p.indexes[:0], p.levels[:0]
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
	kindArray              // an array whose elements are elems[off:off+n]
	kindObject             // an object whose members are membs[off:off+n], sorted
)

// value is one parsed JSON value. It holds offsets, not slices, so the
// arenas that hold values are free of pointers: the garbage collector never
// scans them, however large the document.
type value struct {
	off, n int
	kind   kind
}

// member is one object member. Its name is a string value whose content is
// the decoded name as generalized UTF-8 (a lone surrogate kept by an ignored
// ErrSurrogate is its 3-byte form), so equal names are equal bytes.
type member struct {
	name, val value
	// key is the name's first 8 bytes, big-endian, zero-padded: a cheap
	// first test for equality, and for order when exact (see nameKey).
	key   uint64
	exact bool
}

// open is one container whose closing bracket has not been read yet.
type open struct {
	object bool
	base   int // first pending item: index in p.vals or p.mems
	cur    int // object: index in p.mems of the member being read
	index  int // object with many members: index in p.indexes, or -1
}

// parser holds one Canonicalize call's state. Strings and numbers point into
// in or buf (append-only); containers point into elems and membs, which
// receive their items when they close.
type parser struct {
	c       *refusal.Checker
	in      []byte
	pos     int
	buf     []byte
	stack   []open
	vals    []value          // elements of open arrays
	mems    []member         // members of open objects
	elems   []value          // elements of closed arrays
	membs   []member         // members of closed objects, sorted
	indexes []map[string]int // name -> index in mems, for large open objects
	cmp     func(a, b member) int
	levels  []level // emit's stack
}

// level is one container emit is writing: its items are [lo, hi) and the
// next one to write is i.
type level struct {
	object    bool
	lo, i, hi int
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

// syntax refuses with ErrSyntax. The grammar guard has no accept path
// (spec/rfc8785.md rule 3): there is no sensible way to go on past a grammar
// error, so an ignored ErrSyntax still ends the parse with that refusal.
func (p *parser) syntax() error {
	if err := p.c.Refuse(ErrSyntax); err != nil {
		return err
	}
	return &refusal.Error{Guard: ErrSyntax}
}

// isSpace marks the four JSON whitespace bytes (RFC 8259 section 2).
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

func (p *parser) skipWS() {
	for p.pos < len(p.in) && isSpace[p.in[p.pos]] {
		p.pos++
	}
}

// parse reads the whole input as one JSON value with optional whitespace
// around it, in document order, without recursion.
func (p *parser) parse() (value, error) {
	for {
		// A value is expected at p.pos.
		p.skipWS()
		if p.pos >= len(p.in) {
			return value{}, p.syntax()
		}
		var v value
		var err error
		switch c := p.in[p.pos]; c {
		case '[', '{':
			if len(p.stack) >= MaxDepth {
				if err := p.c.Refuse(ErrDepth); err != nil {
					return value{}, err
				}
				// Ignored: parsing continues.
			}
			p.pos++
			p.skipWS()
			if c == '[' {
				if p.pos < len(p.in) && p.in[p.pos] == ']' {
					p.pos++
					v = value{kind: kindArray}
					break
				}
				p.stack = append(p.stack, open{base: len(p.vals), index: -1})
				continue
			}
			if p.pos < len(p.in) && p.in[p.pos] == '}' {
				p.pos++
				v = value{kind: kindObject}
				break
			}
			p.stack = append(p.stack, open{object: true, base: len(p.mems), index: -1})
			if err := p.name(); err != nil {
				return value{}, err
			}
			continue
		case '"':
			v, err = p.str()
		case 't':
			v, err = p.literal("true", kindTrue)
		case 'f':
			v, err = p.literal("false", kindFalse)
		case 'n':
			v, err = p.literal("null", kindNull)
		default:
			v, err = p.number()
		}
		if err != nil {
			return value{}, err
		}
		// v is complete: attach it, then read what follows, closing
		// containers, until another value is expected or the input ends.
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

// literal reads true, false or null at p.pos.
func (p *parser) literal(lit string, k kind) (value, error) {
	if !bytes.HasPrefix(p.in[p.pos:], []byte(lit)) {
		return value{}, p.syntax()
	}
	p.pos += len(lit)
	return value{kind: k}, nil
}

// name reads a member name, its duplicate check and the ':' after it, and
// makes the member the one the next value is attached to. Whitespace before
// the name has been skipped.
func (p *parser) name() error {
	if p.pos >= len(p.in) || p.in[p.pos] != '"' {
		return p.syntax()
	}
	name, err := p.str()
	if err != nil {
		return err
	}
	top := &p.stack[len(p.stack)-1]
	key, exact := nameKey(p.textOf(name))
	j, dup := p.lookup(top, name, key)
	if dup {
		if err := p.c.Refuse(ErrDuplicate); err != nil {
			return err
		}
	}
	if dup {
		top.cur = j // Ignored: the later member replaces the earlier one's value.
	} else {
		top.cur = len(p.mems)
		p.mems = append(p.mems, member{name: name, key: key, exact: exact})
		if top.index >= 0 {
			p.indexes[top.index][string(p.textOf(name))] = top.cur
		}
	}
	p.skipWS()
	if p.pos >= len(p.in) || p.in[p.pos] != ':' {
		return p.syntax()
	}
	p.pos++
	return nil
}

// smallObject is the member count up to which duplicate names are found by a
// linear scan; larger objects build a map once.
const smallObject = 16

// lookup reports whether name is already a member of the open object top, and
// its index in p.mems.
func (p *parser) lookup(top *open, name value, key uint64) (int, bool) {
	s := p.textOf(name)
	ms := p.mems[top.base:]
	if top.index < 0 {
		if len(ms) < smallObject {
			for i := range ms {
				if ms[i].key == key && ms[i].name.n == name.n && bytes.Equal(p.textOf(ms[i].name), s) {
					return top.base + i, true
				}
			}
			return 0, false
		}
		m := make(map[string]int, 2*len(ms))
		for i := range ms {
			m[string(p.textOf(ms[i].name))] = top.base + i
		}
		top.index = len(p.indexes)
		p.indexes = append(p.indexes, m)
	}
	j, ok := p.indexes[top.index][string(s)]
	return j, ok
}

func (p *parser) closeArray() value {
	top := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	off := len(p.elems)
	p.elems = append(p.elems, p.vals[top.base:]...)
	p.vals = p.vals[:top.base]
	return value{kind: kindArray, off: off, n: len(p.elems) - off}
}

func (p *parser) closeObject() value {
	top := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	if top.index >= 0 {
		// Only the innermost open object can own the last index.
		p.indexes[top.index] = nil
		p.indexes = p.indexes[:top.index]
	}
	ms := p.mems[top.base:]
	if len(ms) <= smallObject {
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
	off := len(p.membs)
	p.membs = append(p.membs, ms...)
	p.mems = p.mems[:top.base]
	return value{kind: kindObject, off: off, n: len(p.membs) - off}
}

// stopString marks the bytes that end the fast scan of a string: the quote,
// the backslash and the controls a string may not hold raw.
var stopString = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// str reads the string whose opening quote is at p.pos. A string without
// escapes is its input bytes (kindStrIn); one with escapes is decoded into
// p.buf as generalized UTF-8 (kindStrBuf). The whole string is scanned
// (ErrSyntax) before its surrogate rule runs (ErrSurrogate).
func (p *parser) str() (value, error) {
	in := p.in
	start := p.pos + 1
	i := scanString(in, start)
	if i >= len(in) || in[i] < 0x20 {
		return value{}, p.syntax()
	}
	if in[i] == '"' {
		p.pos = i + 1
		return value{kind: kindStrIn, off: start, n: i - start}, nil
	}
	// Escapes: decode into p.buf.
	b0 := len(p.buf)
	buf := append(p.buf, in[start:i]...)
	lone := false
	for {
		if i >= len(in) {
			return value{}, p.syntax()
		}
		c := in[i]
		if c == '"' {
			break
		}
		if c < 0x20 {
			return value{}, p.syntax()
		}
		if c != '\\' {
			j := scanString(in, i+1)
			buf = append(buf, in[i:j]...)
			i = j
			continue
		}
		if i+1 >= len(in) {
			return value{}, p.syntax()
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
				return value{}, p.syntax()
			}
			i += 6
			if r >= 0xD800 && r <= 0xDBFF && i+1 < len(in) && in[i] == '\\' && in[i+1] == 'u' {
				if r2, ok := hex4(in, i+2); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
					r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
					i += 6
				}
			}
			if r >= 0xD800 && r <= 0xDFFF {
				lone = true
				buf = appendSurrogate(buf, r)
			} else {
				buf = utf8.AppendRune(buf, r)
			}
			continue
		default:
			return value{}, p.syntax()
		}
		i += 2
	}
	p.buf = buf
	p.pos = i + 1
	if lone {
		if err := p.c.Refuse(ErrSurrogate); err != nil {
			return value{}, err
		}
		// Ignored: each lone surrogate is kept in its 3-byte form.
	}
	return value{kind: kindStrBuf, off: b0, n: len(buf) - b0}, nil
}

// appendSurrogate appends the 3-byte generalized UTF-8 form of the surrogate
// code point r (U+D800 is ED A0 80), which utf8.AppendRune would replace.
func appendSurrogate(b []byte, r rune) []byte {
	return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
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

// number reads the longest prefix at p.pos that matches the RFC 8259 number
// grammar, then checks its range before anything that follows it.
func (p *parser) number() (value, error) {
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
		i++
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	default:
		return value{}, p.syntax()
	}
	neg := in[s] == '-'
	intDigits := in[s:i]
	if neg {
		intDigits = intDigits[1:]
	}
	var fracDigits, expDigits []byte
	if i+1 < len(in) && in[i] == '.' && isDigit(in[i+1]) {
		j := i + 2
		for j < len(in) && isDigit(in[j]) {
			j++
		}
		fracDigits = in[i+1 : j]
		i = j
	}
	if i+1 < len(in) && (in[i] == 'e' || in[i] == 'E') {
		j := i + 1
		if in[j] == '+' || in[j] == '-' {
			j++
		}
		if j < len(in) && isDigit(in[j]) {
			for j < len(in) && isDigit(in[j]) {
				j++
			}
			expDigits = in[i+1 : j]
			i = j
		}
	}
	p.pos = i
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
			return value{}, err
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

// emit appends the canonical text of v to out, walking containers with an
// explicit stack.
func (p *parser) emit(out []byte, v value) []byte {
	st := p.levels[:0]
	defer func() { p.levels = st[:0] }()
	for {
		switch v.kind {
		case kindArray:
			out = append(out, '[')
			st = append(st, level{lo: v.off, i: v.off, hi: v.off + v.n})
		case kindObject:
			out = append(out, '{')
			st = append(st, level{object: true, lo: v.off, i: v.off, hi: v.off + v.n})
		default:
			out = p.appendScalar(out, v)
		}
		// Find the next value to write, closing finished containers.
		for {
			if len(st) == 0 {
				return out
			}
			top := &st[len(st)-1]
			if top.i == top.hi {
				if top.object {
					out = append(out, '}')
				} else {
					out = append(out, ']')
				}
				st = st[:len(st)-1]
				continue
			}
			if top.i > top.lo {
				out = append(out, ',')
			}
			if top.object {
				m := &p.membs[top.i]
				out = p.appendScalar(out, m.name)
				out = append(out, ':')
				v = m.val
			} else {
				v = p.elems[top.i]
			}
			top.i++
			break
		}
	}
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
var needsEscape = stopString

const hexDigits = "0123456789abcdef"

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
		switch c {
		case '"':
			out = append(out, '\\', '"')
		case '\\':
			out = append(out, '\\', '\\')
		case '\b':
			out = append(out, '\\', 'b')
		case '\t':
			out = append(out, '\\', 't')
		case '\n':
			out = append(out, '\\', 'n')
		case '\f':
			out = append(out, '\\', 'f')
		case '\r':
			out = append(out, '\\', 'r')
		default:
			out = append(out, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		start = i + 1
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}

// scanString returns the index of the first byte at or after i that ends
// the fast scan of a string (stopString), or len(in). It tests eight bytes
// at a time: a word holds a stop byte when it has a byte below 0x20, a quote
// or a backslash.
func scanString(in []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(in); i += 8 {
		x := binary.LittleEndian.Uint64(in[i:])
		below := (x - ones*0x20) &^ x
		quote := x ^ (ones * '"')
		quote = (quote - ones) &^ quote
		slash := x ^ (ones * '\\')
		slash = (slash - ones) &^ slash
		if (below|quote|slash)&highs != 0 {
			break
		}
	}
	for i < len(in) && !stopString[in[i]] {
		i++
	}
	return i
}

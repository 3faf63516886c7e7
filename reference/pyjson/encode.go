package pyjson

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"conform/reference/internal/lenient"
	"conform/reference/refusal"
)

// MaxDepth is the deepest bracket nesting the pre-scan lets through: the
// outermost array or object is at depth 1 (spec/pyjson-ascii.md rule 3).
const MaxDepth = 128

// MaxIntDigits is CPython 3.11's default sys.int_info.default_max_str_digits:
// the most digits, sign not counted, an integer literal may have.
const MaxIntDigits = 4300

// Encode takes a JSON text (bytes) and returns, as a new ASCII byte slice,
// exactly what CPython 3.11 gives for
//
//	json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True,
//	           separators=(",", ":"))
//
// with text the input decoded as strict UTF-8: integers exact, floats as
// float.__repr__, NaN/Infinity/-Infinity, members sorted by code point with
// the last duplicate kept, every character outside U+0020-U+007E escaped as
// \uxxxx (lowercase hex, astral characters as surrogate pairs, lone
// surrogates as one escape).
//
// It refuses, with a *refusal.Error carrying one guard of Guards, in this
// order (spec/pyjson-ascii.md, "Precedence"): ErrBOM, ErrUTF8 over the whole
// input, ErrDepth from a bracket pre-scan of the whole text, then the first of
// ErrSyntax and ErrIntDigits met in one parse in document order. opts may let
// guards pass (refusal.Ignoring); the work then continues as each guard's
// "Ignored:" note says. ErrSyntax has no accept path: ignoring it changes
// nothing.
//
// It never panics, and it is iterative, so nesting is bounded by memory only
// when ErrDepth is ignored. Source: spec/pyjson-ascii.md; CPython 3.11
// Lib/json, Modules/_json.c and Python/pystrtod.c.
func Encode(in []byte, opts ...refusal.Option) ([]byte, error) {
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
		in = lenient.Decode(in) // Ignored: decode as errors="replace" does.
	}
	if err := prescan(c, in); err != nil {
		return nil, err
	}
	p := parser{c: c, in: in}
	v, err := p.parse()
	if err != nil {
		return nil, err
	}
	return p.emit(make([]byte, 0, len(in)+16), v), nil
}

// utf8BOM is the UTF-8 encoding of U+FEFF.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// prescan is the depth pre-scan of spec/pyjson-ascii.md rule 3, over the
// decoded text: outside strings, [ and { go one deeper and ] and } one
// shallower (not below zero); " opens or closes a string; inside a string a
// backslash skips the next character. Skipping one byte instead of one
// character is the same here, since only ASCII bytes matter and a UTF-8
// continuation byte is never ASCII.
func prescan(c *refusal.Checker, text []byte) error {
	depth := 0
	inString := false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if inString {
			if ch == '\\' {
				i++
			} else if ch == '"' {
				inString = false
			}
			continue
		}
		switch ch {
		case '"':
			inString = true
		case '[', '{':
			depth++
			if depth > MaxDepth {
				if err := c.Refuse(ErrDepth); err != nil {
					return err
				}
				return nil // Ignored: no pre-scan.
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}

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

// number reads a number as CPython's _match_number does: the longest prefix
// matching -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?. Without fraction
// or exponent it is an exact integer, checked against MaxIntDigits as soon
// as it ends; otherwise it is the nearest binary64.
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
	integer := true
	if i+1 < len(in) && in[i] == '.' && isDigit(in[i+1]) {
		integer = false
		i += 2
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	}
	if i+1 < len(in) && (in[i] == 'e' || in[i] == 'E') {
		j := i + 1
		if in[j] == '+' || in[j] == '-' {
			j++
		}
		if j < len(in) && isDigit(in[j]) {
			integer = false
			for j < len(in) && isDigit(in[j]) {
				j++
			}
			i = j
		}
	}
	p.pos = i
	tok := in[s:i:i]
	neg := in[s] == '-'
	if integer {
		digits := len(tok)
		if neg {
			digits--
		}
		if digits > MaxIntDigits {
			if err := p.c.Refuse(ErrIntDigits); err != nil {
				return value{}, err
			}
			// Ignored: the integer is kept exact.
		}
		if neg && tok[1] == '0' {
			return value{kind: kindText, text: litZero}, nil // int("-0") is 0
		}
		return value{kind: kindText, text: tok}, nil
	}
	// The token matches the grammar, so the only error is ErrRange on an
	// overflow to ±Inf, which float() gives as well.
	f, _ := strconv.ParseFloat(string(tok), 64)
	b0 := len(p.buf)
	p.buf = appendRepr(p.buf, f)
	return value{kind: kindText, text: p.buf[b0:len(p.buf):len(p.buf)]}, nil
}

// appendRepr appends what json.dumps writes for the float f: NaN, Infinity,
// -Infinity, or float.__repr__ (repr style "short": the shortest digits that
// round-trip, fixed notation with at least one fractional digit when
// -4 < decpt <= 16, else d[.ddd]e±XX with at least two exponent digits).
func appendRepr(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, litNaN...)
	case math.IsInf(f, 1):
		return append(b, litInf...)
	case math.IsInf(f, -1):
		return append(b, litNInf...)
	case f == 0:
		if math.Signbit(f) {
			return append(b, "-0.0"...)
		}
		return append(b, "0.0"...)
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // [-]d[.ddd]e±XX
	if e[0] == '-' {
		b = append(b, '-')
		e = e[1:]
	}
	var digits [17]byte
	nd, k := 0, 0
	for ; e[k] != 'e'; k++ {
		if e[k] != '.' {
			digits[nd] = e[k]
			nd++
		}
	}
	exp := 0
	for _, c := range e[k+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[k+1] == '-' {
		exp = -exp
	}
	d := digits[:nd]
	decpt := exp + 1 // the value is 0.d1..dn x 10^decpt
	switch {
	case decpt > -4 && decpt <= 0:
		b = append(b, '0', '.')
		for range -decpt {
			b = append(b, '0')
		}
		b = append(b, d...)
	case decpt > 0 && decpt <= 16 && decpt >= nd:
		b = append(b, d...)
		for range decpt - nd {
			b = append(b, '0')
		}
		b = append(b, '.', '0')
	case decpt > 0 && decpt <= 16:
		b = append(b, d[:decpt]...)
		b = append(b, '.')
		b = append(b, d[decpt:]...)
	default:
		b = append(b, d[0])
		if nd > 1 {
			b = append(b, '.')
			b = append(b, d[1:]...)
		}
		b = append(b, 'e')
		x := decpt - 1
		if x < 0 {
			b = append(b, '-')
			x = -x
		} else {
			b = append(b, '+')
		}
		if x < 10 {
			b = append(b, '0')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return b
}

// emit appends the json.dumps text of v to out, walking containers with an
// explicit stack.
func (p *parser) emit(out []byte, v value) []byte {
	if v.kind != kindArray && v.kind != kindObject {
		return appendScalar(out, v)
	}
	type level struct {
		object    bool
		lo, i, hi int
	}
	var st []level
	push := func(out []byte, v value) []byte {
		if v.kind == kindArray {
			out = append(out, '[')
		} else {
			out = append(out, '{')
		}
		st = append(st, level{object: v.kind == kindObject, lo: v.lo, i: v.lo, hi: v.hi})
		return out
	}
	out = push(out, v)
	for len(st) > 0 {
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
		var next value
		if top.object {
			m := &p.membs[top.i]
			out = appendString(out, m.name)
			out = append(out, ':')
			next = m.val
		} else {
			next = p.elems[top.i]
		}
		top.i++
		if next.kind == kindArray || next.kind == kindObject {
			out = push(out, next)
		} else {
			out = appendScalar(out, next)
		}
	}
	return out
}

func appendScalar(out []byte, v value) []byte {
	if v.kind == kindString {
		return appendString(out, v.text)
	}
	return append(out, v.text...)
}

// needsEscape marks the bytes ensure_ascii escapes: the quote, the backslash
// and everything outside U+0020-U+007E (a non-ASCII byte starts or continues
// a character that is escaped whole).
var needsEscape = func() (t [256]bool) {
	for i := range t {
		t[i] = i < 0x20 || i >= 0x7F
	}
	t['"'], t['\\'] = true, true
	return t
}()

const hexDigits = "0123456789abcdef"

// appendString appends the decoded content s (generalized UTF-8) as
// py_encode_basestring_ascii does.
func appendString(out, s []byte) []byte {
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if !needsEscape[c] {
			i++
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
			r, n := decodeGeneralized(s[i:])
			if r >= 0x10000 {
				r -= 0x10000
				out = appendU(out, 0xD800+r>>10)
				out = appendU(out, 0xDC00+r&0x3FF)
			} else {
				out = appendU(out, r)
			}
			i += n
			start = i
			continue
		}
		i++
		start = i
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}

// appendU appends \uxxxx for the UTF-16 unit u, in lowercase hex.
func appendU(out []byte, u rune) []byte {
	return append(out, '\\', 'u', hexDigits[u>>12&0xF], hexDigits[u>>8&0xF], hexDigits[u>>4&0xF], hexDigits[u&0xF])
}

// decodeGeneralized decodes the code point at the start of s, which is
// generalized UTF-8 (surrogates allowed) by construction, and returns it with
// its length in bytes.
func decodeGeneralized(s []byte) (rune, int) {
	c := s[0]
	switch {
	case c < 0x80:
		return rune(c), 1
	case c < 0xE0 && len(s) >= 2:
		return rune(c&0x1F)<<6 | rune(s[1]&0x3F), 2
	case c < 0xF0 && len(s) >= 3:
		return rune(c&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	case len(s) >= 4:
		return rune(c&0x07)<<18 | rune(s[1]&0x3F)<<12 | rune(s[2]&0x3F)<<6 | rune(s[3]&0x3F), 4
	}
	return rune(c), 1
}

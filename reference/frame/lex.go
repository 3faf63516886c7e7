package frame

import (
	"bytes"
	"unicode/utf8"

	"conform/reference/internal/lenient"
	"conform/reference/refusal"
)

// MaxBytes is the largest frame accepted, in bytes (rule 1; seed 001,
// section 6, review decision 6: bounds count bytes, never characters).
const MaxBytes = 262144

// MaxDepth is the deepest nesting accepted: the outermost object is at
// depth 1 (rule 6).
const MaxDepth = 16

// maxSafe is 2^53-1, the largest number a frame may carry (rule 8), as its
// decimal spelling.
const maxSafe = "9007199254740991"

// Lex takes one frame (bytes) and returns nil when it is a strict frame: one
// JSON object with JSON whitespace around it, within MaxBytes and MaxDepth,
// without duplicate member names, whose numbers are 0 or [1-9][0-9]* up to
// 2^53-1, and whose strings hold no control character and no unpaired
// surrogate, raw or escaped.
//
// Otherwise it returns a *refusal.Error carrying one guard of Guards, in this
// order (spec/frame.md, "Precedence"): ErrSize, ErrBOM, ErrUTF8 over the
// whole frame, then the first defect met in one scan in document order:
// ErrNotObject at the first byte, ErrSyntax, ErrDepth, ErrNumber then
// ErrNumberRange, ErrControl or ErrSurrogate (first offending unit of a
// string, after the string's grammar), ErrDuplicate (after the name's
// content rule, before the ':'). opts may let guards pass
// (refusal.Ignoring); the scan then continues as each guard's "Ignored:"
// note in the package documentation says. ErrSyntax has no accept path:
// ignoring it changes nothing.
//
// It never panics and is iterative. Source: spec/frame.md; seed 001,
// section 6, decided encoding rules 8 and 13, review decision 6.
func Lex(in []byte, opts ...refusal.Option) error {
	c := refusal.New(opts...)
	if len(in) > MaxBytes {
		if err := c.Refuse(ErrSize); err != nil {
			return err
		}
		// Ignored: no bound.
	}
	// Each guard's if holds only its refusal, and what the spec says an
	// ignored guard does follows it, so a deleted guard (a source mutant)
	// behaves as an ignored one.
	bom := bytes.HasPrefix(in, utf8BOM)
	if bom {
		if err := c.Refuse(ErrBOM); err != nil {
			return err
		}
	}
	if bom {
		in = in[3:] // Ignored: the three bytes are skipped.
	}
	valid := utf8.Valid(in)
	if !valid {
		if err := c.Refuse(ErrUTF8); err != nil {
			return err
		}
	}
	if !valid {
		in = lenient.Decode(in) // Ignored: each invalid sequence becomes U+FFFD.
	}
	l := lexer{c: c, in: in}
	return l.lex()
}

// utf8BOM is the UTF-8 encoding of U+FEFF.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// open is one container whose closing bracket has not been read yet.
type open struct {
	object bool
	base   int            // object: index in l.names of its first name
	index  map[string]int // object with many members: its names
}

// lexer holds one Lex call's state.
type lexer struct {
	c     *refusal.Checker
	in    []byte
	pos   int
	buf   []byte   // decoded names with escapes; append-only
	stack []open   // open containers, innermost last
	names [][]byte // names of open objects, decoded to generalized UTF-8
	units []uint16 // content's scratch: one string's UTF-16 units
}

// syntax refuses with ErrSyntax. The grammar guard has no accept path
// (spec/frame.md rule 5): there is no sensible way to go on past a grammar
// error, so an ignored ErrSyntax still ends the scan with that refusal.
func (l *lexer) syntax() error {
	if err := l.c.Refuse(ErrSyntax); err != nil {
		return err
	}
	return &refusal.Error{Guard: ErrSyntax}
}

var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

func (l *lexer) skipWS() {
	for l.pos < len(l.in) && isSpace[l.in[l.pos]] {
		l.pos++
	}
}

var (
	litTrue  = []byte("true")
	litFalse = []byte("false")
	litNull  = []byte("null")
)

func (l *lexer) lex() error {
	l.skipWS()
	if l.pos >= len(l.in) {
		return l.syntax()
	}
	if l.in[l.pos] != '{' {
		if err := l.c.Refuse(ErrNotObject); err != nil {
			return err
		}
		// Ignored: any JSON value is lexed.
	}
	for {
		// A value is expected at l.pos.
		l.skipWS()
		if l.pos >= len(l.in) {
			return l.syntax()
		}
		switch c := l.in[l.pos]; {
		case c == '[' || c == '{':
			if len(l.stack) >= MaxDepth {
				if err := l.c.Refuse(ErrDepth); err != nil {
					return err
				}
				// Ignored: lexing continues.
			}
			l.pos++
			l.skipWS()
			if c == '[' {
				if l.pos < len(l.in) && l.in[l.pos] == ']' {
					l.pos++
					break
				}
				l.stack = append(l.stack, open{})
				continue
			}
			if l.pos < len(l.in) && l.in[l.pos] == '}' {
				l.pos++
				break
			}
			l.stack = append(l.stack, open{object: true, base: len(l.names)})
			if err := l.name(); err != nil {
				return err
			}
			continue
		case c == '"':
			if _, err := l.str(); err != nil {
				return err
			}
		case c == 't':
			if err := l.literal(litTrue); err != nil {
				return err
			}
		case c == 'f':
			if err := l.literal(litFalse); err != nil {
				return err
			}
		case c == 'n':
			if err := l.literal(litNull); err != nil {
				return err
			}
		case c == '-' || (c >= '0' && c <= '9'):
			if err := l.number(); err != nil {
				return err
			}
		default:
			return l.syntax()
		}
		// A value is complete: read what follows, closing containers,
		// until another value is expected or the frame ends.
	after:
		for {
			if len(l.stack) == 0 {
				l.skipWS()
				if l.pos != len(l.in) {
					return l.syntax()
				}
				return nil
			}
			top := &l.stack[len(l.stack)-1]
			l.skipWS()
			if l.pos >= len(l.in) {
				return l.syntax()
			}
			c := l.in[l.pos]
			l.pos++
			switch {
			case c == ',':
				if top.object {
					l.skipWS()
					if err := l.name(); err != nil {
						return err
					}
				}
				break after
			case top.object && c == '}':
				l.names = l.names[:top.base]
				l.stack = l.stack[:len(l.stack)-1]
			case !top.object && c == ']':
				l.stack = l.stack[:len(l.stack)-1]
			default:
				return l.syntax()
			}
		}
	}
}

func (l *lexer) literal(lit []byte) error {
	if !bytes.HasPrefix(l.in[l.pos:], lit) {
		return l.syntax()
	}
	l.pos += len(lit)
	return nil
}

// name reads a member name (grammar, then content rule), its duplicate check
// and the ':' after it. Whitespace before the name has been skipped.
func (l *lexer) name() error {
	if l.pos >= len(l.in) || l.in[l.pos] != '"' {
		return l.syntax()
	}
	name, err := l.str()
	if err != nil {
		return err
	}
	top := &l.stack[len(l.stack)-1]
	dup := l.seen(top, name)
	if dup {
		if err := l.c.Refuse(ErrDuplicate); err != nil {
			return err
		}
	}
	if !dup {
		// Ignored duplicates need no second entry: lexing continues.
		if top.index != nil {
			top.index[string(name)] = len(l.names)
		}
		l.names = append(l.names, name)
	}
	l.skipWS()
	if l.pos >= len(l.in) || l.in[l.pos] != ':' {
		return l.syntax()
	}
	l.pos++
	return nil
}

// smallObject is the member count up to which duplicate names are found by a
// linear scan; larger objects build a map once.
const smallObject = 16

// seen reports whether name is already a member name of the open object top.
func (l *lexer) seen(top *open, name []byte) bool {
	ns := l.names[top.base:]
	if top.index == nil {
		if len(ns) < smallObject {
			for _, n := range ns {
				if bytes.Equal(n, name) {
					return true
				}
			}
			return false
		}
		top.index = make(map[string]int, 2*len(ns))
		for i, n := range ns {
			top.index[string(n)] = top.base + i
		}
	}
	_, ok := top.index[string(name)]
	return ok
}

// suspect marks the raw bytes that may start a control unit: U+0000-U+001F
// and U+007F are one byte, U+0080-U+009F are C2 80-C2 9F.
var suspect = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t[0x7F], t[0xC2] = true, true
	return t
}()

// str reads the string whose opening quote is at l.pos: first to its closing
// quote (an unterminated string or a bad escape is ErrSyntax, a raw control
// byte is not), then its content rule over its UTF-16 units in order. It
// returns the content decoded to generalized UTF-8 (adjacent high and low
// surrogate units are one code point, a lone one is its 3-byte form), which
// is one-to-one with the unit sequence, so names compare as units.
func (l *lexer) str() ([]byte, error) {
	in := l.in
	start := l.pos + 1
	i := start
	escapes, controls := false, false
	for {
		if i >= len(in) {
			return nil, l.syntax()
		}
		c := in[i]
		if c == '"' {
			break
		}
		if c != '\\' {
			controls = controls || suspect[c]
			i++
			continue
		}
		if i+1 >= len(in) {
			return nil, l.syntax()
		}
		switch in[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i += 2
		case 'u':
			if _, ok := hex4(in, i+2); !ok {
				return nil, l.syntax()
			}
			i += 6
		default:
			return nil, l.syntax()
		}
		escapes = true
	}
	l.pos = i + 1
	content := in[start:i:i]
	if !escapes && !controls {
		// Raw valid UTF-8 holds no surrogate unit, and no control.
		return content, nil
	}
	if err := l.content(content); err != nil {
		return nil, err
	}
	if !escapes {
		return content, nil
	}
	b0 := len(l.buf)
	l.buf = decode(l.buf, content)
	return l.buf[b0:len(l.buf):len(l.buf)], nil
}

// content applies rule 9 to a string's content, which is grammatical: its
// UTF-16 units in order, escapes decoded to their unit first, where the
// first offending unit refuses. A high surrogate offends when the unit after
// it is not a low surrogate, so it is reported before that unit is looked
// at; a low surrogate offends unless it is the second half of such a pair.
func (l *lexer) content(s []byte) error {
	us := l.units[:0]
	for j := 0; j < len(s); {
		r, n := next(s[j:])
		j += n
		if r >= 0x10000 {
			r -= 0x10000
			us = append(us, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
		} else {
			us = append(us, uint16(r))
		}
	}
	l.units = us
	for k := 0; k < len(us); k++ {
		u := us[k]
		if u <= 0x1F || (u >= 0x7F && u <= 0x9F) {
			if err := l.c.Refuse(ErrControl); err != nil {
				return err
			}
			// Ignored: the unit passes.
		}
		high := u >= 0xD800 && u <= 0xDBFF
		paired := high && k+1 < len(us) && us[k+1] >= 0xDC00 && us[k+1] <= 0xDFFF
		if high && !paired {
			if err := l.c.Refuse(ErrSurrogate); err != nil {
				return err
			}
			// Ignored: the unit passes.
		}
		if u >= 0xDC00 && u <= 0xDFFF {
			// A low half of a pair is skipped below, so this one is lone.
			if err := l.c.Refuse(ErrSurrogate); err != nil {
				return err
			}
			// Ignored: the unit passes.
		}
		if paired {
			k++
		}
	}
	return nil
}

// next reads one code point, or one escaped unit, at the start of s, which
// is grammatical string content of valid UTF-8, and returns it with the
// number of bytes it took.
func next(s []byte) (rune, int) {
	c := s[0]
	if c == '\\' {
		switch s[1] {
		case 'b':
			return '\b', 2
		case 'f':
			return '\f', 2
		case 'n':
			return '\n', 2
		case 'r':
			return '\r', 2
		case 't':
			return '\t', 2
		case 'u':
			r, _ := hex4(s, 2)
			return r, 6
		}
		return rune(s[1]), 2
	}
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(s)
}

// decode appends the grammatical string content s, unescaped, to b as
// generalized UTF-8: an escaped high surrogate followed by an escaped low
// surrogate is one code point, any other surrogate unit its 3-byte form.
func decode(b, s []byte) []byte {
	for j := 0; j < len(s); {
		if s[j] != '\\' {
			k := j + 1
			for k < len(s) && s[k] != '\\' {
				k++
			}
			b = append(b, s[j:k]...)
			j = k
			continue
		}
		r, n := next(s[j:])
		j += n
		if r >= 0xD800 && r <= 0xDBFF && j+1 < len(s) && s[j] == '\\' && s[j+1] == 'u' {
			if r2, ok := hex4(s, j+2); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				j += 6
			}
		}
		if r >= 0xD800 && r <= 0xDFFF {
			b = append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
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

// isNumber marks the bytes a number token is made of (rule 8).
var isNumber = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-.eE") {
		t[c] = true
	}
	return t
}()

// number reads the token at l.pos, the longest run of 0-9 + - . e E, and
// checks its spelling, then its range, as soon as it ends.
func (l *lexer) number() error {
	s := l.pos
	i := s
	for i < len(l.in) && isNumber[l.in[i]] {
		i++
	}
	l.pos = i
	tok := l.in[s:i]
	spelled := wellSpelled(tok)
	if !spelled {
		if err := l.c.Refuse(ErrNumber); err != nil {
			return err
		}
		// Ignored: the token is accepted as it is.
	}
	// Rule 8's range applies to well-spelled tokens only, so an ignored
	// ErrNumber leaves an ill-spelled token unchecked.
	if spelled && (len(tok) > len(maxSafe) || (len(tok) == len(maxSafe) && string(tok) > maxSafe)) {
		if err := l.c.Refuse(ErrNumberRange); err != nil {
			return err
		}
		// Ignored: the token is accepted as it is.
	}
	return nil
}

// wellSpelled reports whether tok is exactly 0 or [1-9][0-9]*.
func wellSpelled(tok []byte) bool {
	if len(tok) == 0 || tok[0] < '0' || tok[0] > '9' || (tok[0] == '0' && len(tok) > 1) {
		return false
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

package frame

import (
	"bytes"

	"github.com/conform-dev/conform/reference/internal/jsonwire"
	"github.com/conform-dev/conform/reference/internal/lenient"
	"github.com/conform-dev/conform/reference/refusal"
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
// ignoring it changes nothing. The refusal says where it happened
// (refusal.Error.At): the byte offset of the defect in in (MaxBytes for
// ErrSize, 0 for ErrBOM, the first invalid byte for ErrUTF8, the first
// byte for ErrNotObject, the bracket, the member name, the number, the
// escape or character of the offending unit) and, for the refusals of the
// scan, the JSON pointer of the value refused.
//
// It never panics and is iterative. Source: spec/frame.md; seed 001,
// section 6, decided encoding rules 8 and 13, review decision 6.
func Lex(in []byte, opts ...refusal.Option) error {
	c := refusal.New(opts...)
	if len(in) > MaxBytes {
		if err := c.Refuse(ErrSize); err != nil {
			return refusal.Locate(err, refusal.AtOffset(MaxBytes))
		}
		// Ignored: no bound.
	}
	// Each guard's if holds only its refusal, and what the spec says an
	// ignored guard does follows it, so a deleted guard (a source mutant)
	// behaves as an ignored one.
	src := lenient.Read(in)
	if src.BOM {
		if err := c.Refuse(ErrBOM); err != nil {
			return refusal.Locate(err, refusal.AtOffset(0))
		}
	}
	if !src.Valid {
		if err := c.Refuse(ErrUTF8); err != nil {
			return refusal.Locate(err, refusal.AtOffset(jsonwire.InvalidUTF8(in)))
		}
	}
	// Ignored: the three bytes of a BOM are skipped; each invalid UTF-8
	// sequence becomes U+FFFD.
	text, start := src.Text()
	l := lexer{c: c, in: text}
	l.s.Reset(text, start, jsonwire.RawControls|jsonwire.NumberRuns)
	err := l.lex(start)
	return src.Relocate(err) // offsets into text are offsets into in
}

// open is one container whose closing bracket has not been read yet.
type open struct {
	object bool
	base   int            // object: index in l.names of its first name
	index  map[string]int // object with many members: its names
}

// lexer holds one Lex call's state.
type lexer struct {
	c     *refusal.Checker
	in    []byte // the text: the frame, or its lenient decoding
	s     jsonwire.Scanner
	buf   []byte   // decoded names with escapes; append-only
	stack []open   // open containers, innermost last
	names [][]byte // names of open objects, decoded to generalized UTF-8
	units []uint16 // content's scratch: one string's UTF-16 units
}

// syntax refuses with ErrSyntax at the byte offset off. The grammar guard
// has no accept path (spec/frame.md rule 5): there is no sensible way to go
// on past a grammar error, so an ignored ErrSyntax still ends the scan with
// that refusal.
func (l *lexer) syntax(off int) error {
	if err := l.c.Refuse(ErrSyntax); err != nil {
		return l.s.Locate(err, off)
	}
	return l.s.Locate(&refusal.Error{Guard: ErrSyntax}, off)
}

// lex reads the text from the offset start token by token in document
// order (the scanner's grammar with RawControls and NumberRuns), checking
// each token's rules as soon as the scanner returns it (spec/frame.md,
// "Precedence").
func (l *lexer) lex(start int) error {
	first := jsonwire.SkipSpace(l.in, start)
	if first >= len(l.in) {
		return l.syntax(first)
	}
	if l.in[first] != '{' {
		if err := l.c.Refuse(ErrNotObject); err != nil {
			return l.s.Locate(err, first)
		}
		// Ignored: any JSON value is lexed.
	}
	for {
		tok := l.s.Next()
		switch tok.Kind {
		case jsonwire.BeginArray, jsonwire.BeginObject:
			if len(l.stack) >= MaxDepth {
				if err := l.c.Refuse(ErrDepth); err != nil {
					return l.s.Locate(err, tok.Start)
				}
				// Ignored: lexing continues.
			}
			if tok.Kind == jsonwire.BeginArray {
				l.stack = append(l.stack, open{})
			} else {
				l.stack = append(l.stack, open{object: true, base: len(l.names)})
			}
		case jsonwire.Name:
			if err := l.name(tok); err != nil {
				return err
			}
		case jsonwire.EndObject:
			l.names = l.names[:l.stack[len(l.stack)-1].base]
			l.stack = l.stack[:len(l.stack)-1]
		case jsonwire.EndArray:
			l.stack = l.stack[:len(l.stack)-1]
		case jsonwire.String:
			if _, err := l.str(tok); err != nil {
				return err
			}
		case jsonwire.Number:
			if err := l.number(tok); err != nil {
				return err
			}
		case jsonwire.True, jsonwire.False, jsonwire.Null:
		case jsonwire.End:
			return nil
		default:
			return l.syntax(tok.Start)
		}
	}
}

// name applies a member name's content rule, then its duplicate check. The
// ':' after it is the scanner's next token.
func (l *lexer) name(tok jsonwire.Token) error {
	name, err := l.str(tok)
	if err != nil {
		return err
	}
	top := &l.stack[len(l.stack)-1]
	dup := l.seen(top, name)
	if dup {
		if err := l.c.Refuse(ErrDuplicate); err != nil {
			return l.s.Locate(err, tok.Start)
		}
	}
	if !dup {
		// Ignored duplicates need no second entry: lexing continues.
		if top.index != nil {
			top.index[string(name)] = len(l.names)
		}
		l.names = append(l.names, name)
	}
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

// str applies rule 9 to a string token, which the scanner has read to its
// closing quote (ErrSyntax; a raw control byte is not a grammar error
// here): its content rule over its UTF-16 units in order. It returns the
// content decoded to generalized UTF-8 (adjacent high and low surrogate
// units are one code point, a lone one is its 3-byte form), which is
// one-to-one with the unit sequence, so names compare as units.
func (l *lexer) str(tok jsonwire.Token) ([]byte, error) {
	content := jsonwire.Content(l.in, tok)
	if tok.Flags&(jsonwire.Escaped|jsonwire.RawControl) == 0 && !suspicious(content) {
		// Raw valid UTF-8 holds no surrogate unit, and no control.
		return content, nil
	}
	if err := l.content(tok.Start+1, content); err != nil {
		return nil, err
	}
	if !tok.Has(jsonwire.Escaped) {
		return content, nil
	}
	b0 := len(l.buf)
	l.buf, _ = jsonwire.AppendUnquoted(l.buf, content)
	return l.buf[b0:len(l.buf):len(l.buf)], nil
}

// suspicious reports whether string content s without escapes or raw
// U+0000-U+001F (the scanner's flags say so) holds a byte that may start a
// control unit: U+007F is 7F, U+0080-U+009F are C2 80-C2 9F.
func suspicious(s []byte) bool {
	return bytes.IndexByte(s, 0x7F) >= 0 || bytes.IndexByte(s, 0xC2) >= 0
}

// content applies rule 9 to a string's content, which is grammatical: its
// UTF-16 units in order, escapes decoded to their unit first, where the
// first offending unit refuses. A high surrogate offends when the unit after
// it is not a low surrogate, so it is reported before that unit is looked
// at; a low surrogate offends unless it is the second half of such a pair.
//
// s is the content of a string token and off its offset in the text; a
// refusal is located at the offending unit's escape or character.
func (l *lexer) content(off int, s []byte) error {
	l.units = jsonwire.AppendUnits(l.units[:0], s)
	us := l.units
	for k := 0; k < len(us); k++ {
		u := us[k]
		if u <= 0x1F || (u >= 0x7F && u <= 0x9F) {
			if err := l.c.Refuse(ErrControl); err != nil {
				return l.s.Locate(err, off+jsonwire.UnitOffset(s, k))
			}
			// Ignored: the unit passes.
		}
		high := u >= 0xD800 && u <= 0xDBFF
		paired := high && k+1 < len(us) && us[k+1] >= 0xDC00 && us[k+1] <= 0xDFFF
		if high && !paired {
			if err := l.c.Refuse(ErrSurrogate); err != nil {
				return l.s.Locate(err, off+jsonwire.UnitOffset(s, k))
			}
			// Ignored: the unit passes.
		}
		if u >= 0xDC00 && u <= 0xDFFF {
			// A low half of a pair is skipped below, so this one is lone.
			if err := l.c.Refuse(ErrSurrogate); err != nil {
				return l.s.Locate(err, off+jsonwire.UnitOffset(s, k))
			}
			// Ignored: the unit passes.
		}
		if paired {
			k++
		}
	}
	return nil
}

// number checks a number token, the longest run of 0-9 + - . e E (rule 8),
// for its spelling, then its range, as soon as it ends.
func (l *lexer) number(t jsonwire.Token) error {
	tok := l.in[t.Start:t.End]
	spelled := jsonwire.Plain(tok)
	if !spelled {
		if err := l.c.Refuse(ErrNumber); err != nil {
			return l.s.Locate(err, t.Start)
		}
		// Ignored: the token is accepted as it is.
	}
	// Rule 8's range applies to well-spelled tokens only, so an ignored
	// ErrNumber leaves an ill-spelled token unchecked.
	if spelled && (len(tok) > len(maxSafe) || (len(tok) == len(maxSafe) && string(tok) > maxSafe)) {
		if err := l.c.Refuse(ErrNumberRange); err != nil {
			return l.s.Locate(err, t.Start)
		}
		// Ignored: the token is accepted as it is.
	}
	return nil
}

package pyjson

import (
	"github.com/conform-dev/conform/reference/internal/jsontree"
	"github.com/conform-dev/conform/reference/internal/jsonwire"
	"github.com/conform-dev/conform/reference/internal/lenient"
	"github.com/conform-dev/conform/reference/refusal"
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
// nothing. The refusal says where it happened (refusal.Error.At): the byte
// offset of the defect in in (0 for ErrBOM, the first invalid byte for
// ErrUTF8, the bracket that goes too deep for ErrDepth, the number for
// ErrIntDigits) and, for the refusals of the parse, the JSON pointer of the
// value refused.
//
// It never panics, and it is iterative, so nesting is bounded by memory only
// when ErrDepth is ignored. Source: spec/pyjson-ascii.md; CPython 3.11
// Lib/json, Modules/_json.c and Python/pystrtod.c.
func Encode(in []byte, opts ...refusal.Option) ([]byte, error) {
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
	// Ignored: the three bytes of a BOM are skipped; invalid UTF-8 is
	// decoded as errors="replace" does.
	text, start := src.Text()
	out, err := encode(c, text, start)
	err = src.Relocate(err) // offsets into text are offsets into in
	return out, err
}

// encode runs the depth pre-scan and the parse over text from the offset
// start, and writes the value.
func encode(c *refusal.Checker, text []byte, start int) ([]byte, error) {
	if err := prescan(c, text, start); err != nil {
		return nil, err
	}
	p := parser{c: c, in: text}
	p.t.Text = jsontree.BytesText
	p.s.Reset(text, start, jsonwire.Constants)
	v, err := p.parse()
	if err != nil {
		return nil, err
	}
	return p.t.Emit(make([]byte, 0, len(text)+16), v, &format), nil
}

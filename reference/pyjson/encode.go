package pyjson

import (
	"bytes"
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

// Package pyjson is the public Go reference of the contract pyjson-ascii/1: the
// bytes CPython 3.11 gives for
//
//	json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True,
//	           separators=(",", ":"))
//
// where text is the input decoded as strict UTF-8. Encode returns those
// bytes or a refusal from the closed table Guards. The Python mirror runs
// the real json module and is the oracle; this package matches it byte for
// byte, and its tests compare the two on every corpus input.
//
// Sources: spec/pyjson-ascii.md; seed 001, section 1 invariant 3 and
// section 2; CPython 3.11 Lib/json/decoder.py, Lib/json/encoder.py,
// Modules/_json.c (scanstring, _match_number, scan_once, the C encoder) and
// Python/pystrtod.c (repr style "short").
//
// Rules, in the order they are checked (spec/pyjson-ascii.md,
// "Precedence"):
//
//  1. A leading UTF-8 byte order mark is refused (ErrBOM). Ignored: the
//     three bytes are skipped.
//  2. The whole input must be valid UTF-8 (ErrUTF8). Ignored: decoded as
//     errors="replace" does (each maximal invalid subpart becomes U+FFFD).
//  3. A depth pre-scan over the whole text, outside strings, refuses the
//     first bracket that goes deeper than MaxDepth, whatever else is wrong
//     (ErrDepth). Ignored: no pre-scan.
//  4. One parse in document order, as json.loads, where the first of these
//     wins:
//     - the grammar CPython accepts (ErrSyntax, which has no accept path):
//     JSON whitespace only; null, true, false, NaN, Infinity, -Infinity;
//     numbers -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?; strings
//     without raw U+0000-U+001F and with the RFC 8259 escapes only;
//     - an integer literal (no fraction, no exponent) of more than
//     MaxIntDigits digits, sign not counted, checked when it ends
//     (ErrIntDigits). Ignored: the integer is kept exact.
//
// Value model and output: integers exact (-0 is 0); other numbers the
// nearest binary64, written as float.__repr__ (-0.0, NaN, Infinity and
// -Infinity included); strings as code points, where an escaped high-low
// surrogate pair is one code point and every other surrogate escape stays a
// lone surrogate; the last of duplicate names wins; members sorted by code
// point; every character outside U+0020-U+007E, and " and \, escaped, with
// lowercase \uxxxx and astral characters as two escapes.
//
// Decoded strings are held as generalized UTF-8 (valid UTF-8 plus the 3-byte
// form of lone surrogates), whose byte order is code point order: Python's
// str order. The parser reads tokens from the reference's one JSON scanner
// (internal/jsonwire, with its Constants grammar) and builds and writes the
// tree with the reference's one tree builder (internal/jsontree); neither
// holds a guard: the guards are here. It is iterative, so nesting is bounded
// by memory only when the pre-scan is ignored.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/pyjson-ascii.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package pyjson

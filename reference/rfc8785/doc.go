// Package rfc8785 is the public Go reference of the contract rfc8785/1: the JSON
// Canonicalization Scheme. Canonicalize takes JSON text and returns the RFC
// 8785 canonical UTF-8 bytes of its value, or a refusal from the closed table
// Guards.
//
// Sources: spec/rfc8785.md (the contract, which this package follows where
// it is stricter than the RFC); RFC 8785 sections 3.1 (input constraints),
// 3.2.1 (whitespace), 3.2.2 (literals, strings 3.2.2.2, numbers 3.2.2.3),
// 3.2.3 (member sorting by UTF-16 code units) and 3.2.4 (UTF-8 output);
// RFC 8259 (grammar); ECMA-262 Number::toString; seed 001, section 2
// ("Canonicalization · rfc8785/1").
//
// Rules, in the order they are checked (spec/rfc8785.md, "Precedence"):
//
//  1. A leading UTF-8 byte order mark is refused (ErrBOM); RFC 8259 section
//     8.1 would let a parser skip it. Ignored: the three bytes are skipped.
//  2. The whole input must be valid UTF-8 per RFC 3629 (ErrUTF8). Ignored:
//     each maximal invalid subpart becomes U+FFFD.
//  3. One parse in document order; the first defect met wins:
//     - the RFC 8259 grammar, with JSON whitespace around one value of any
//     type (ErrSyntax, which has no accept path);
//     - depth above MaxDepth, at the opening bracket of the 129th nested
//     container (ErrDepth; ignored: parsing continues);
//     - a string is scanned to its closing quote before its surrogate rule:
//     a \u escape of a surrogate that is not an escaped high-low pair is
//     refused (ErrSurrogate; ignored: kept as its 3-byte generalized UTF-8
//     form, ED A0 80 for U+D800);
//     - a member name equal, after unescaping, to an earlier one of the same
//     object is refused before the ':' (ErrDuplicate; ignored: the later
//     value replaces the earlier one);
//     - a number token, the longest prefix matching the RFC 8259 grammar,
//     whose nearest binary64 (round half to even) is infinite is refused
//     as soon as it ends (ErrNumberRange; ignored: emitted as Infinity or
//     -Infinity). Underflow is 0, and -0 is emitted as 0.
//
// Output: no whitespace; literals as they are; numbers as Number::toString
// (shortest round-trip digits, fixed notation for 1e-7 <= |x| < 1e21, else
// d[.ddd]e±N); strings with only \" \\ \b \t \n \f \r and \u00xx (lowercase)
// for the other controls, everything else literal UTF-8; object members
// sorted by the unsigned UTF-16 code units of their names; arrays in order.
//
// The parser reads tokens from the reference's one JSON scanner
// (internal/jsonwire), which holds no guard, and checks each token's rules
// here, as soon as the scanner returns it. It is iterative and keeps its
// tree in the reference's one tree builder (internal/jsontree, which holds
// no guard either), pooled, in pointer-free arenas: nesting is bounded by
// memory only, and a call allocates little more than its output.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/rfc8785.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package rfc8785

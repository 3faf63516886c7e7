// Package prim is the public Go reference of prim/1: the primitive rules of the
// managed tool host, each an operation on one JSON value input.
//
// Source: spec/prim.md; spec/README.md ("JSON value inputs"); seed 001,
// section 6, "Decided encoding rules" 6 (timestamps), 7 (integers),
// 8 (strings), 9 (set-like arrays and tools), 10 (base64url), and "Review
// round 1 decisions" 3 (aether.safe-display/1) and 6 (byte bounds count
// UTF-8 bytes).
//
// Operations, each func(input []byte, opts ...refusal.Option) ([]byte,
// error), taking the JSON value input as bytes:
//
//   - Timestamp: YYYY-MM-DDTHH:MM:SS.mmmZ, a real Gregorian instant in years
//     0001-9999, to epoch milliseconds (days-from-civil arithmetic).
//   - Integer, PositiveInteger: a number literal without fraction or
//     exponent, 0 (or 1) to 2^53-1, compared on its digits.
//   - String: no Cc control, no unpaired surrogate, at most 256 Unicode
//     scalar values; output its UTF-8 bytes.
//   - SafeDisplay: 1 to 256 characters of printable ASCII.
//   - SortedSet: an array of strings strictly ascending by code point.
//   - ToolList: an array of {name, version} strictly ascending by (name,
//     version), versions compared as integers.
//   - Base64URL: unpadded canonical base64url of 32 or 64 bytes; output the
//     bytes.
//   - UTF8Length: the number of bytes of a string's UTF-8 form.
//
// Every refusal is one guard of Guards (errors.go), raised through
// refusal.Checker, so the guard-mutation control (refusal.Ignoring) can let
// it pass; each operation's doc says what happens then.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/prim.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package prim

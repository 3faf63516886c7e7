// Package ticker is the public Go reference of ticker/1: the frozen /1 ticker and
// masked-label rules and their /2 closures, each an operation on a JSON
// value input holding a string.
//
// Source: spec/ticker.md; spec/README.md ("JSON value inputs"); seed 001,
// section 2 ("Frozen weakness, never executable"; invariant 5, masked
// labels), section 4 (invariants 1 and 5; the Python traps of the
// browser-order mirror) and section 5 (the /2 closure: equityTicker() and
// closedMaskedLabel()).
//
// Operations, each func(input []byte, opts ...refusal.Option) ([]byte,
// error), returning the string's UTF-8 bytes on acceptance:
//
//   - Symbol: the frozen /1 symbol(), ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$.
//   - EquityTicker: the /2 equityTicker(), ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$.
//   - MaskedLabelV1: the frozen /1 masked label: 1 to 64 UTF-16 units, no Cc
//     control, no unpaired surrogate, no run of five ASCII digits.
//   - ClosedMaskedLabel: the /2 closedMaskedLabel(): 1 to 64 UTF-16 units
//     from a closed set, at most four consecutive digits.
//
// Patterns match the whole string ('$' is the end of the string, a trailing
// newline is a character like any other) and their classes are ASCII only.
// They are matched by hand on UTF-16 units, not with regexp, so no
// regexp-dialect question (Unicode classes, '$' before a final newline)
// can arise.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/ticker.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package ticker

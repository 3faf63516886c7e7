// Package ats is the public Go reference of ats/1 (spec/ats.md): the ATS Spec 1
// order shapes at /1 and /2, the export and optional bindings, and the
// approval and commit gates. Every operation is a func(input []byte, opts
// ...refusal.Option) ([]byte, error) on a JSON value input
// (spec/README.md, "JSON value inputs"); on acceptance it answers the
// rfc8785/1 canonical bytes (JCS) of a verdict object, on refusal one guard
// of the closed table in errors.go (Guards, in spec order).
//
// Source: spec/ats.md, written from seed 001, section 2 ("ATS trading
// contracts (Spec 1, Gate 1.0)": the frozen tags, the eight invariants,
// "Frozen weakness, never executable", "Scope boundary") and section 5
// ("Spec 1 /2 closure: equity ticker and closed masked label").
//
// Rules (spec/ats.md section in parentheses):
//
//   - D(v) is "sha256:" and the 64 lowercase hex digits of SHA-256(JCS(v)),
//     JCS by the rfc8785/1 reference, with no prefix ("The ATS digest");
//     a value without a JCS form refuses with ErrCanonical.
//   - Validators (ExecutionState to ModelOrderProposalV2, "Validators"):
//     object, members in document order (closed shapes), fields in the
//     shape's order (kind, then rule, one message each; schema_version
//     first), cross-field rules in the shape's order, then the verdict
//     {digest, schema_version}. Each /1 and /2 pair is one body
//     parameterized by its tag and by the symbol check (ticker/1 symbol or
//     equity-ticker) or the label check (masked-label-v1 or
//     closed-masked-label). Integers are compared on their literal digits
//     ("Value rules"); money is integer minor units, quantities whole
//     shares.
//   - RedactBindingForExport, OptionalBinding, OptionalBindingV2 ("Export
//     and optional binding") run the binding validators first.
//   - Gates ("Gates"): envelope; for the executable gates the version step
//     (ErrExecutableChain, the seed's text) and re-validation of every
//     member by its /2 validator with no guard ignored, failing closed
//     (ErrExecutableMember); the read set (ErrGateField); the digests dI,
//     dR computed here; the 32 approval-chain branches and, for the commit
//     gates, the 28 commit branches, in table order, on IEEE-754 doubles
//     (NaN passes every "refuse when" condition); the verdict {decision,
//     intent_digest, review_digest}. Branches 4, 29 and 45 are unreachable
//     through validated chains ("Step 7") and stay in place.
//
// The package performs no I/O, holds no credential and places no order
// (spec/ats.md, "Scope"); noio_test.go scans its sources for file,
// network, process and environment APIs.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/ats.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package ats

// Package ed25519 is the public Go reference of ed25519/1: strict, cofactorless
// Ed25519 verification (RFC 8032 pure Ed25519, no prehash) with canonical
// key encodings, small-order keys and R values refused against libsodium's
// blocklist, and S < L.
//
// Source: spec/ed25519.md; spec/README.md ("JSON value inputs"); seed 001,
// section 6, "Review round 1 decisions" 1 and decided encoding rule 2;
// RFC 8032 sections 5.1.3 (decoding) and 5.1.7 (verify); libsodium's
// ge25519_has_small_order (releases 1.0.16-1.0.22).
//
// Departures from RFC 8032, each a decision of spec/ed25519.md: a key whose
// y is non-canonical (y >= p) is refused where RFC 8032 5.1.3 would only
// fail decoding; keys and R values in libsodium's small-order blocklist are
// refused (RFC 8032 does not screen them); the equation is the
// cofactorless [S]B - [k]A == R, compared on R's 32 bytes, never the
// cofactored form RFC 8032 permits.
//
// The operation Verify takes the JSON value input {"key","sig","msg"} as
// bytes; VerifyStrict is the same verification on raw bytes.
//
// The equation is computed with filippo.io/edwards25519 (the package
// crypto/ed25519 is built on), not by calling crypto/ed25519.Verify, so the
// key is decompressed once for both the on-curve rule and the equation.
// The result is the same as crypto/ed25519.Verify on every input that
// passes rules 2-7; the tests check it.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/ed25519.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package ed25519

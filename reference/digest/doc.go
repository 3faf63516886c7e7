// Package digest is the public Go reference of digest/1: the common digest, the
// Ed25519 signing input, the schema digest and the arguments digest of the
// managed tool host, each an operation on a JSON value input.
//
// Notation: H(prefix, v) is "sha256:" followed by the 64 lowercase hex
// digits of SHA-256(ASCII(prefix) + LF + JCS(v)), where JCS is RFC 8785 as
// spec/rfc8785.md states it, computed by this repository's rfc8785/1
// reference (package conform/reference/rfc8785).
//
// Source: spec/digest.md; spec/README.md ("JSON value inputs"); seed 001,
// section 6, "Decided encoding rules" 1 (the common digest), 2 (signing
// inputs), 3 (arguments_digest), 4 (schema digests), 8 (strings), and "Lane
// decisions awaiting review" (open JSON values: unsigned safe integers,
// strings of 256, arrays of 32, 65 536 canonical bytes of arguments; depth
// 8 for arguments, rule 13).
//
// Operations, each func(input []byte, opts ...refusal.Option) ([]byte,
// error):
//
//   - Digest: H(schema_id, object without the omitted members), 71 ASCII
//     bytes.
//   - SigningInput: ASCII(schema_id) + LF + JCS(object without the omitted
//     members), the bytes Ed25519 signs.
//   - SchemaDigest: H("aether.schema/1", document).
//   - ArgumentsDigest: H("aether.managed-tool-arguments/1", arguments) for
//     an open JSON value within the argument bounds.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/digest.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package digest

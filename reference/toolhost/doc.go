// Package toolhost is the public Go reference of toolhost/1, the managed ATS
// tool host v1 bundle (E1): the validators of its twelve closed objects,
// the digests and Ed25519 signatures that seal them, and the nine
// cross-object checks that relate them (gate verdicts).
//
// Every operation takes one JSON value input, an envelope holding the
// documents it needs (and now, epoch milliseconds, or the issued
// challenge, where a rule needs them), and returns either the RFC 8785
// bytes of a small verdict object (pure ASCII) or a *refusal.Error
// carrying one guard of Guards, the closed table of 549 fixed messages,
// each naming a field path and never a value.
//
// The rules, in the order they run (spec/toolhost.md):
//
//   - the envelope (section 1.1): valid JSON, an object, closed, each
//     member present and typed;
//   - each document (section 1.4): closed, the type pass, the rule pass of
//     each field's kind (section 1.3: ID grammar, scdev_ namespace,
//     normalized https origin, timestamps, integers, text, safe display,
//     codes, schema ids, digests, base64url, key screening; sets and
//     arrays of objects, section 1.5; open values, section 1.8), the
//     object rules (section 2), the own digests (section 1.6), the
//     signatures with strict Ed25519 and key screening inside verify
//     (section 1.7), and freshness against now with 30 s of skew (section
//     1.11); a workspace status first meets its 64 KiB bound (section 1.9);
//   - then, in a cross-object check, its relations (sections 4.13-4.21).
//
// Under an ignored guard (refusal.Ignoring) each implementation goes on as
// section 5 says; type guards, grammar shapes, lookups and JCS failures
// have no accept path and stand.
//
// The closed check, type pass and rule pass of every document (sections
// 1.3-1.5, 1.8) are the declaration spec/toolhost/shapes.json run by the
// shape interpreter (shapes.go), and the refusal table is the catalogue's
// (guards.go); the object rules, digests, signatures and relations are
// written by hand. The reference reuses the
// rfc8785/1 reference for JCS, the ed25519/1 reference for strict
// verification, and digest/1's prefixes.
//
// Source: spec/toolhost.md; seed 001, section 6, "Managed ATS tool host v1
// (E1 schema bundle)".
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/toolhost.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package toolhost

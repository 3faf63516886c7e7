// Package bridge is the public Go reference of bridge/4: the NDJSON codec of
// the event seam between the headless brain and the host, at the protocol's
// PROTOCOL_VERSION 4.
//
// Source: spec/bridge.md; spec/README.md ("JSON value inputs"); seed 001,
// section 1 ("AetherCode ↔ Brain bridge event protocol · PROTOCOL_VERSION =
// 4"): the versioning rule, the history (the v2 additions, the
// workflow-swarm frames, the optional agent_done metrics), the two message
// tables, invariant 1 (tool-call correlation), invariant 3 (lossless,
// ASCII-escaped wire) and invariant 5 (the done.reason vocabulary).
//
// Operations, each func(input []byte, opts ...refusal.Option) ([]byte,
// error):
//
//   - Decode: one message to its canonical form (UTF-8), or nothing for a
//     message of an unknown type, which is ignored, not refused.
//   - Encode: one message to its wire line (ASCII-escaped, ensure_ascii,
//     LF-terminated), or nothing for an ignored message.
//   - RoundTrip: the wire line, then the canonical form of decoding it.
//   - Stream: NDJSON lines to the wire lines of the messages not ignored,
//     holding the tool-call correlation rule.
//
// The message tables are data (Messages), read by the decoder here, the
// vector generator and the fuzz generator alike.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/bridge.md states, byte for byte, with refusals from its
// closed table (package refusal); the golden vectors pin them.
package bridge

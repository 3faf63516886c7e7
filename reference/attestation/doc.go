// Package attestation is the public Go reference of attestation/1
// (spec/attestation.md): atoma's proof attestation (seed 000, "contracts —
// AGENTS.md", "Proof attestation"): the typed tool observation (written by
// the runtime only, its requested and executed interaction logs apart),
// the attestation record with its closed one-member obligation
// vocabulary, the verdict that an ok observation with an empty executed
// log is not proof, the two pre-flight refusal prefixes with the one
// predicate over both (IsPreflightRefusal), and witnesses that declare
// their observer and are never relabelled.
//
// The closed objects are declared in spec/attestation/shapes.json and
// validated by the shape interpreter (reference/internal/shape); the
// record's rules, the verdict and the predicate are hand-written here.
package attestation

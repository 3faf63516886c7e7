package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzAttestation: attestation/1's two operations
// (spec/attestation.md), each drawing its own input (gen.Attestation).
func init() {
	register(Target{Name: "FuzzAttestation", Contract: "attestation/1", Ops: []string{"attest", "preflight"}, draw: gen.Attestation})
}

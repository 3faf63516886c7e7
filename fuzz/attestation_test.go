package fuzz

import "testing"

// FuzzAttestation fuzzes attestation/1's two operations.
func FuzzAttestation(f *testing.F) { fuzzTarget(f, "FuzzAttestation") }

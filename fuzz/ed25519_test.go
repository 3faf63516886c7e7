package fuzz

import "testing"

// FuzzEd25519 fuzzes ed25519/1 verify.
func FuzzEd25519(f *testing.F) { fuzzTarget(f, "FuzzEd25519") }

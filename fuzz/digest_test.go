package fuzz

import "testing"

// FuzzDigest fuzzes digest/1's four operations.
func FuzzDigest(f *testing.F) { fuzzTarget(f, "FuzzDigest") }

package fuzz

import "testing"

// FuzzArtifacts fuzzes artifact/1's five operations over valid output
// roots with one change.
func FuzzArtifacts(f *testing.F) { fuzzTarget(f, "FuzzArtifacts") }

package fuzz

import "testing"

// FuzzModelSelector fuzzes model-selector/1's seven operations.
func FuzzModelSelector(f *testing.F) { fuzzTarget(f, "FuzzModelSelector") }

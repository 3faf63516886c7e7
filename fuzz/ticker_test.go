package fuzz

import "testing"

// FuzzTicker fuzzes ticker/1's four operations.
func FuzzTicker(f *testing.F) { fuzzTarget(f, "FuzzTicker") }

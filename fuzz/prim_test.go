package fuzz

import "testing"

// FuzzTimestamp fuzzes prim/1 timestamp.
func FuzzTimestamp(f *testing.F) { fuzzTarget(f, "FuzzTimestamp") }

// FuzzPrim fuzzes the other prim/1 operations.
func FuzzPrim(f *testing.F) { fuzzTarget(f, "FuzzPrim") }

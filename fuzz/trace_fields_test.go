package fuzz

import "testing"

// FuzzTraceFields fuzzes trace-fields/1's read.
func FuzzTraceFields(f *testing.F) { fuzzTarget(f, "FuzzTraceFields") }

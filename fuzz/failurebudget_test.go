package fuzz

import "testing"

// FuzzFailureBudget fuzzes failure-budget/1's decide on event sequences.
func FuzzFailureBudget(f *testing.F) { fuzzTarget(f, "FuzzFailureBudget") }

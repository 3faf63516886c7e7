package fuzz

import "testing"

// FuzzBridge fuzzes bridge/4's four operations.
func FuzzBridge(f *testing.F) { fuzzTarget(f, "FuzzBridge") }

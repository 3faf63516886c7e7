package fuzz

import "testing"

// FuzzJCS fuzzes rfc8785/1 canonicalize.
func FuzzJCS(f *testing.F) { fuzzTarget(f, "FuzzJCS") }

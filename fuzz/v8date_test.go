package fuzz

import "testing"

// FuzzV8Date fuzzes v8date/1 parse.
func FuzzV8Date(f *testing.F) { fuzzTarget(f, "FuzzV8Date") }

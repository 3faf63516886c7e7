package fuzz

import "testing"

// FuzzFrame fuzzes frame/1 lex.
func FuzzFrame(f *testing.F) { fuzzTarget(f, "FuzzFrame") }

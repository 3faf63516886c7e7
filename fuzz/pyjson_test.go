package fuzz

import "testing"

// FuzzPyJSONASCII fuzzes pyjson-ascii/1 encode.
func FuzzPyJSONASCII(f *testing.F) { fuzzTarget(f, "FuzzPyJSONASCII") }

package gocheck

// The Go-only fuzz targets of prim/1. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzTimestampProperties checks prim/1 timestamp and v8date/1 parse
// against time.Parse.
func FuzzTimestampProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzTimestampProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzTimestampProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzBase64URLProperties checks prim/1 base64url against encoding/base64.
func FuzzBase64URLProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzBase64URLProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzBase64URLProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

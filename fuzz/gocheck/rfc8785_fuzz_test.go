package gocheck

// The Go-only fuzz targets of rfc8785/1. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzJCSProperties checks the properties of rfc8785/1: idempotent,
// member order free, its output passes the frame lexer in the lexer's domain.
func FuzzJCSProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzJCSProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzJCSProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzJCSOracle compares rfc8785/1 with github.com/gowebpki/jcs.
func FuzzJCSOracle(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzJCSOracle")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzJCSOracle", data); err != nil {
			t.Fatal(err)
		}
	})
}

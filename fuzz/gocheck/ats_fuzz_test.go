package gocheck

// The Go-only fuzz targets of ats/1. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzATSDocumentProperties checks that ats/1's /1 and /2 validators agree
// but for the symbol and label checks, and that the export depends only
// on the exported members.
func FuzzATSDocumentProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzATSDocumentProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzATSDocumentProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzATSGateProperties checks that ats/1's gates ignore member order,
// that the executable gates answer as the version-blind ones past their
// own steps, and that a /1 member is never executable.
func FuzzATSGateProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzATSGateProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzATSGateProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

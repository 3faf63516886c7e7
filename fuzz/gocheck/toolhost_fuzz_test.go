package gocheck

// The Go-only fuzz targets of toolhost/1. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzToolhostSealObjects checks that the object validators of toolhost/1
// refuse an accepted input once a sealed member changes.
func FuzzToolhostSealObjects(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzToolhostSealObjects")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzToolhostSealObjects", data); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzToolhostSealChecks checks that the cross-object checks of toolhost/1
// refuse an accepted input once a sealed member changes.
func FuzzToolhostSealChecks(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzToolhostSealChecks")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzToolhostSealChecks", data); err != nil {
			t.Fatal(err)
		}
	})
}

package gocheck

// The Go-only fuzz target of artifact/1. This file is what
// go-118-fuzz-build rewrites into a libFuzzer harness
// (.clusterfuzzlite/compile.sh): it may use only the exported checks of
// internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing of another test
// file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzArtifactsParity checks that artifact/1's parity is independent of
// every field it never compares.
func FuzzArtifactsParity(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzArtifactsParity")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzArtifactsParity", data); err != nil {
			t.Fatal(err)
		}
	})
}

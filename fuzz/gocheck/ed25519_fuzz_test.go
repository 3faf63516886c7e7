package gocheck

// The Go-only fuzz targets of ed25519/1. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzEd25519Oracle compares ed25519/1 with crypto/ed25519 plus the strict
// checks.
func FuzzEd25519Oracle(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzEd25519Oracle")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzEd25519Oracle", data); err != nil {
			t.Fatal(err)
		}
	})
}

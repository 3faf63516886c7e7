package gocheck

// The Go-only fuzz targets of digest/1. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzDigestProperties checks that digest/1 ignores member order.
func FuzzDigestProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzDigestProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzDigestProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

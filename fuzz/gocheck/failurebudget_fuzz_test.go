package gocheck

// The Go-only fuzz targets of failure-budget/1. This file is what
// go-118-fuzz-build rewrites into a libFuzzer harness
// (.clusterfuzzlite/compile.sh): it may use only the exported checks of
// internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing of another test
// file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzFailureBudgetProperties checks that failure-budget/1 decisions do not
// depend on member order and that the output has its line structure.
func FuzzFailureBudgetProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzFailureBudgetProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzFailureBudgetProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

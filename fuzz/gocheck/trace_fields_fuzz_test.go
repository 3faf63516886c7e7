package gocheck

// The Go-only fuzz target of trace-fields/1. This file is what
// go-118-fuzz-build rewrites into a libFuzzer harness
// (.clusterfuzzlite/compile.sh): it may use only the exported checks of
// internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing of another test
// file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzTraceFieldsOracle checks trace-fields/1's reader against
// encoding/json as a full parser on every trace it accepts.
func FuzzTraceFieldsOracle(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzTraceFieldsOracle")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzTraceFieldsOracle", data); err != nil {
			t.Fatal(err)
		}
	})
}

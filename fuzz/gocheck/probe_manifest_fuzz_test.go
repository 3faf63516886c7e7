package gocheck

// The Go-only fuzz target of probe-manifest/1. This file is what
// go-118-fuzz-build rewrites into a libFuzzer harness
// (.clusterfuzzlite/compile.sh): it may use only the exported checks of
// internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing of another test
// file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzProbeManifestLaws checks probe-manifest/1's merge laws: shell and
// web entries idempotent, http entries appended in order, every merged
// manifest accepted by the on-disk checker as it is.
func FuzzProbeManifestLaws(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzProbeManifestLaws")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzProbeManifestLaws", data); err != nil {
			t.Fatal(err)
		}
	})
}

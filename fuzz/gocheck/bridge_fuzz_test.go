package gocheck

// The Go-only fuzz targets of bridge/4. This file is what go-118-fuzz-build
// rewrites into a libFuzzer harness (.clusterfuzzlite/compile.sh): it may use
// only the exported checks of internal/fuzz/gocheck and testing.F's Add and Fuzz, nothing
// of another test file, so each function is whole.

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzBridgeProperties checks the codec laws of bridge/4: lossless round
// trips, idempotence, ASCII wire, and streams as their lines' wire lines.
func FuzzBridgeProperties(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzBridgeProperties")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzBridgeProperties", data); err != nil {
			t.Fatal(err)
		}
	})
}

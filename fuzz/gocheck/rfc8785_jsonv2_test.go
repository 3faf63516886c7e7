//go:build goexperiment.jsonv2

package gocheck

// The Go-only target that needs GOEXPERIMENT=jsonv2, in a file of its own
// for go-118-fuzz-build (see rfc8785_fuzz_test.go).

import (
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gocheck"
)

// FuzzJSONTextOracle compares rfc8785/1 with encoding/json/jsontext.
func FuzzJSONTextOracle(f *testing.F) {
	seeds, err := gocheck.CachedSeeds("FuzzJSONTextOracle")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gocheck.CheckInput("FuzzJSONTextOracle", data); err != nil {
			t.Fatal(err)
		}
	})
}

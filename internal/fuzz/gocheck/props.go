// Package gocheck checks the Go reference with nothing but Go: against
// properties of its contracts (an operation is idempotent, ignores member
// order, round-trips, agrees with a standard library's reading) and against
// Go oracles (independent implementations of the same rules). Each
// contract's checks and targets are in its own files, fuzz/gocheck/<ident>*.go
// (spec/README.md, "A contract's own files").
//
// The checks are plain functions returning an error, so that the gopter
// property tests, the native Go fuzz targets (the contracts' own
// <ident>_test.go files) and the libFuzzer builds of those targets for
// ClusterFuzzLite and OSS-Fuzz (.clusterfuzzlite/, which carry neither node
// nor python) share them.
package gocheck

import (
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/jsonmember"
)

// Shuffle returns canonical JSON (no whitespace) with the members of every
// object reordered by draws from s. Arrays keep their order.
func Shuffle(b []byte, s *gen.Source) []byte {
	return jsonmember.Reorder(b, func(parts [][]byte) {
		for k := len(parts) - 1; k > 0; k-- {
			j := s.Intn(k + 1)
			parts[k], parts[j] = parts[j], parts[k]
		}
	})
}

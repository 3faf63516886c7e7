package probemanifest

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the three operations with the Go reference's registry,
// in the order of spec/probe-manifest.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(op(OpMerge, Merge), op(OpCheck, Check), op(OpWriteGuard, WriteGuard))
}

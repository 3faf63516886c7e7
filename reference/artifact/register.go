package artifact

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the five operations with the Go reference's registry, in
// the order of spec/artifact.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(
		op(OpSummary, Summary),
		op(OpTrace, Trace),
		op(OpLifecycle, Lifecycle),
		op(OpParity, Parity),
		op(OpAccept, Accept),
	)
}

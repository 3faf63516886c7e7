package attestation

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the two operations with the Go reference's registry, in
// the order of spec/attestation.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(op(OpAttest, Attest), op(OpPreflight, Preflight))
}

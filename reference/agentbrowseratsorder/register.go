package agentbrowseratsorder

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the six operations with the Go reference's registry, in
// the order of spec/agent-browser-ats-order.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(
		op(OpCall, Call),
		op(OpResult, Result),
		op(OpResolveSiteMode, ResolveSiteMode),
		op(OpDeriveBindingState, DeriveBindingState),
		op(OpRequiresReconciliation, RequiresReconciliation),
		op(OpVerifyResult, VerifyResult),
	)
}

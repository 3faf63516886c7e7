package failurebudget

import "github.com/conform-dev/conform/reference/internal/register"

// init registers Decide with the Go reference's registry
// (spec/failure-budget.md, "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: OpDecide, Guards: Guards, Run: Decide})
}

package trajectory

import "github.com/conform-dev/conform/reference/internal/register"

// init registers Derive with the Go reference's registry
// (spec/trajectory.md, "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: OpDerive, Guards: Guards, Run: Derive})
}

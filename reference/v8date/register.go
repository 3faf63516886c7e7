package v8date

import "conform/reference/register"

// init registers parse with the Go reference's registry (spec/v8date.md,
// "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: Parse})
}

package v8date

import "github.com/conform-dev/conform/reference/internal/register"

// init registers parse with the Go reference's registry (spec/v8date.md,
// "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: Parse})
}

package tracefields

import "github.com/conform-dev/conform/reference/internal/register"

// init registers Read with the Go reference's registry
// (spec/trace-fields.md, "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: OpRead, Guards: Guards, Run: Read})
}

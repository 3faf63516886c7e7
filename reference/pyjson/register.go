package pyjson

import "github.com/conform-dev/conform/reference/internal/register"

// init registers encode with the Go reference's registry
// (spec/pyjson-ascii.md, "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: Encode})
}

package rfc8785

import "conform/reference/register"

// init registers canonicalize with the Go reference's registry
// (spec/rfc8785.md, "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: Canonicalize})
}

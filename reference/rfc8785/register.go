package rfc8785

import "github.com/conform-dev/conform/reference/internal/register"

// init registers canonicalize with the Go reference's registry
// (spec/rfc8785.md, "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: Canonicalize})
}

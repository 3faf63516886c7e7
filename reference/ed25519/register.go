package ed25519

import "github.com/conform-dev/conform/reference/internal/register"

// init registers verify with the Go reference's registry (spec/ed25519.md,
// "Operations").
func init() {
	register.Add(register.Operation{Contract: Contract, Op: Op, Guards: Guards, Run: Verify})
}

package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers toolhost/1's two targets: FuzzToolhostObjects, the twelve
// object validators, and FuzzToolhostChecks, the nine cross-object checks
// (spec/toolhost.md). Each case is a valid, sealed chain drawn from the
// fuzz bytes with one mutation, in the operation's envelope
// (gen.ToolhostValue). A case costs about a millisecond (the chain is
// sealed with Ed25519 and a dozen digests), so the reach test draws at
// most 600 inputs (38400 cases) per target. The generator reaches every
// refusal of the contract's table that the contract does not declare
// unreachable.
func init() {
	ops := gen.ToolhostOps
	draw := func(s *gen.Source, op string) []byte { return gen.ToolhostValue(s, op) }
	register(Target{Name: "FuzzToolhostObjects", Contract: "toolhost/1", Ops: ops[:12], Reach: 600, draw: draw})
	register(Target{Name: "FuzzToolhostChecks", Contract: "toolhost/1", Ops: ops[12:], Reach: 600, draw: draw})
}

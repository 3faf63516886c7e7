package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers agent-browser-ats-order/1's differential target
// (spec/agent-browser-ats-order.md, "Fuzzing"): FuzzAgentBrowserATSOrder,
// the six operations, each drawing a faithful call and result exchange
// with one change (gen.AgentBrowserATSOrder).
func init() {
	register(Target{Name: "FuzzAgentBrowserATSOrder", Contract: "agent-browser-ats-order/1",
		Ops:  []string{"call", "result", "resolve-site-mode", "derive-binding-state", "requires-reconciliation", "verify-result"},
		draw: gen.AgentBrowserATSOrder})
}

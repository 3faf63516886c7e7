package cases

import "conform/fuzz/gen"

// init registers toolhost/1's two targets: FuzzToolhostObjects, the twelve
// object validators, and FuzzToolhostChecks, the nine cross-object checks
// (spec/toolhost.md). Each case is a valid, sealed chain drawn from the
// fuzz bytes with one mutation, in the operation's envelope
// (gen.ToolhostValue). A case costs about a millisecond (the chain is
// sealed with Ed25519 and a dozen digests), so the reach test draws at
// most 600 inputs (38400 cases) per target.
func init() {
	ops := gen.ToolhostOps
	draw := func(s *gen.Source, op string) []byte { return gen.ToolhostValue(s, op) }
	register(Target{Name: "FuzzToolhostObjects", Contract: "toolhost/1", Ops: ops[:12], Reach: 600, draw: draw, NotYetReached: toolhostNotYetReached})
	register(Target{Name: "FuzzToolhostChecks", Contract: "toolhost/1", Ops: ops[12:], Reach: 600, draw: draw, NotYetReached: toolhostNotYetReached})
}

// toolhostNotYetReached are the refusals of toolhost/1 the generator does
// not draw yet (each has golden vectors): a result whose state disagrees
// with its error or payload members, a second valid tool in the canary
// registry, a lease without invoke.
var toolhostNotYetReached = map[string]string{
	"toolhost.e1_tool_count":                       "a canary registry with a second valid tool",
	"toolhost.invocation_capability":               "a lease whose capabilities lack invoke",
	"toolhost.invocation_tool_name_grammar":        "an invocation tool name outside the grammar that stays sealed",
	"toolhost.payload_state":                       "a payload check whose result state disagrees with the payload",
	"toolhost.result_diagnostics_size":             "result diagnostics at their size bound",
	"toolhost.result_error_code_deadline":          "a deadline error code on a result of another state",
	"toolhost.result_error_message_display_length": "a result error message over its display length",
	"toolhost.result_error_not_null":               "an error on a succeeded result",
	"toolhost.result_output_schema_digest_null":    "a null output schema digest on a succeeded result",
	"toolhost.result_payload_not_null":             "a payload on a failed result",
	"toolhost.result_payload_null":                 "a null payload on a succeeded result",
	"toolhost.result_tool_name_grammar":            "a result tool name outside the grammar",
}

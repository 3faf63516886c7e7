package main

// toolhost/1: the vectors of the invocation, cancellation, result and
// the two E1 documents (spec/toolhost.md, sections 2.8-2.12, 1.8, 1.9).
//
// Test keys: NOT FOR PRODUCTION.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// multibyte is a string of U+00E9 (2 UTF-8 bytes) and U+1F600 (4), whose
// canonical bytes differ from its characters and UTF-16 units (review
// decision 6).
var multibyte = "caf\u00e9 \U0001F600"

func thInvocationFile() vfile {
	op := "validate-invocation"
	return thFile(op, "", "The invocation: shape, arguments as an open value (depth 8, arrays of 32, safe integers, 65536 canonical bytes), digests (sections 2.8, 1.8).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "arguments.multibyte", func(c *chain) {
				c.Set("invocation.arguments", O("include_diagnostics", B(false), "note", S(multibyte), "schema_id", S(thSchema("workspace_status_input"))))
			}).withNote("arguments_bytes counts U+00E9 as 2 bytes and U+1F600 as 4."),
			thAccept(op, "arguments.bytes-65536", func(c *chain) {
				args := c.Get("invocation.arguments").Clone()
				padded(args, 65536)
				c.Set("invocation.arguments", args)
			}),
			thAccept(op, "arguments.bounds", func(c *chain) {
				var e32 []*jv
				for i := 0; i < 32; i++ {
					e32 = append(e32, N("9007199254740991"))
				}
				c.Set("invocation.arguments", O("a", A(e32...), "d", gen.Nest(O(), 6), "s", S(strings.Repeat("\U0001F600", 256)), "z", N("0")))
			}),
			thAccept(op, "bounds.hi", func(c *chain) {
				c.Set("invocation.sequence", N("9007199254740991"))
				c.Set("invocation.tool_version", N("9007199254740991"))
				c.Set("invocation.session_generation", N("9007199254740991"))
				c.Set("invocation.invocation_id", S(strings.Repeat("I", 128)))
			}),
			thAccept(op, "bounds.lo", func(c *chain) {
				c.Set("invocation.arguments", O())
				c.Set("invocation.deadline_at", S("2026-09-22T12:30:00.001Z"))
				c.Set("invocation.session_generation", N("1"))
			}),
			thReject(op, "arguments.bytes-65537", "invocation.arguments exceeds 65536 canonical bytes", func(c *chain) {
				args := c.Get("invocation.arguments").Clone()
				padded(args, 65537)
				c.Set("invocation.arguments", args)
			}),
			thReject(op, "deadline_at.order.equal", "invocation.deadline_at is not after invocation.issued_at", func(c *chain) {
				c.Set("invocation.deadline_at", S("2026-09-22T12:30:00.000Z"))
			}),
			thReject(op, "arguments_digest.mismatch", "invocation.arguments_digest does not match the recomputed digest", func(c *chain) {
				c.Set("invocation.arguments_digest", S(thOtherDigest))
			}),
			thReject(op, "invocation_digest.mismatch", "invocation.invocation_digest does not match the recomputed digest", func(c *chain) {
				c.Set("invocation.invocation_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "invocation")...)...)
}

func thCancellationFile() vfile {
	op := "validate-cancellation"
	return thFile(op, "", "The cancellation: shape and digest (section 2.9).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds", func(c *chain) {
				c.Set("cancellation.reason_code", S("R"+strings.Repeat("_", 63)))
				c.Set("cancellation.session_generation", N("9007199254740991"))
			}),
			thAccept(op, "bounds.lo", func(c *chain) {
				c.Set("cancellation.reason_code", S("R"))
				c.Set("cancellation.session_generation", N("1"))
			}),
			thReject(op, "cancellation_digest.mismatch", "cancellation.cancellation_digest does not match the recomputed digest", func(c *chain) {
				c.Set("cancellation.cancellation_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "cancellation")...)...)
}

// failed makes the result one that did not succeed, in state with an error
// code (unpinned, like failedResult).
func failed(state, code string) func(c *chain) {
	return func(c *chain) {
		failedResult(c)
		c.Docs["result"].Put("state", S(state))
		c.Docs["result"].At("error").Put("code", S(code))
	}
}

func thResultFile() vfile {
	op := "validate-result"
	return thFile(op, "", "The result: shape, payload as an open value (depth 15, 262144 canonical bytes), the sixteen state rules, digest (sections 2.10, 1.8).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "state.refused", failed("refused", "TOOL_INPUT_REJECTED")),
			thAccept(op, "state.unavailable", failed("unavailable", "TOOL_CANCELLED")).withNote("unavailable puts no rule on its error code."),
			thAccept(op, "state.cancelled", failed("cancelled", "TOOL_CANCELLED")),
			thAccept(op, "state.deadline-exceeded", func(c *chain) {
				failed("deadline_exceeded", "TOOL_DEADLINE_EXCEEDED")(c)
				c.Set("result.retry_class", S("new_call_after_recovery"))
			}),
			thAccept(op, "stored-redelivery", func(c *chain) {
				c.Set("result.replay_status", S("stored_redelivery"))
				c.Set("result.retry_class", S("redeliver_stored_result"))
			}),
			thAccept(op, "payload.multibyte", func(c *chain) {
				c.Set("result.payload.diagnostics[0].summary", S("cafe feed"))
				c.Set("result.payload.note", S(multibyte))
			}).withNote("bounded_bytes counts U+00E9 as 2 bytes and U+1F600 as 4."),
			thAccept(op, "payload.bytes-262144", func(c *chain) {
				p := c.Get("result.payload").Clone()
				padded(p, 262144)
				c.Set("result.payload", p)
			}),
			thAccept(op, "bounds", func(c *chain) {
				var refs []string
				var diags []*jv
				for i := 0; i < 16; i++ {
					refs = append(refs, "ev-"+string(rune('a'+i)))
					diags = append(diags, O("code", S("D"+strings.Repeat("9", 63)), "summary", S(strings.Repeat("~", 256))))
				}
				c.Set("result.evidence_refs", Strs(refs...))
				c.Set("result.diagnostics", A(diags...))
				c.Set("result.payload.d", gen.Nest(O(), 13))
				c.Set("result.completed_at", S("2026-09-22T12:30:00.500Z"))
				c.Set("result.tool_version", N("9007199254740991"))
			}),
			thAccept(op, "bounds.lo", func(c *chain) {
				failed("refused", "T")(c)
				c.Set("result.evidence_refs", A())
				c.Set("result.error.message", S(" "))
			}),
			thReject(op, "payload.bytes-262145", "result.payload exceeds 262144 canonical bytes", func(c *chain) {
				p := c.Get("result.payload").Clone()
				padded(p, 262145)
				c.Set("result.payload", p)
			}),
			thReject(op, "rule1.completed-before-started", "result.completed_at is before result.started_at", func(c *chain) {
				c.Set("result.completed_at", S("2026-09-22T12:30:00.499Z"))
			}),
			thReject(op, "rule2.error-on-success", "result.error is not null for a succeeded result", func(c *chain) {
				c.Set("result.error", O("code", S("TOOL_NOTE"), "message", S("x")))
			}),
			thReject(op, "rule3.no-error-on-failure", "result.error is null for a result that did not succeed", func(c *chain) {
				failedResult(c)
				c.Set("result.error", Null())
			}),
			thReject(op, "rule4.cancelled-code", "result.error.code is not TOOL_CANCELLED for a cancelled result", failed("cancelled", "TOOL_FAILED")),
			thReject(op, "rule5.deadline-code", "result.error.code is not TOOL_DEADLINE_EXCEEDED for a deadline_exceeded result", failed("deadline_exceeded", "TOOL_CANCELLED")),
			thReject(op, "rule6.refused-cancelled", "result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result", failed("refused", "TOOL_CANCELLED")),
			thReject(op, "rule6.refused-deadline", "result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result", failed("refused", "TOOL_DEADLINE_EXCEEDED")),
			thReject(op, "rule7.no-payload-on-success", "result.payload is null for a succeeded result", func(c *chain) { c.Set("result.payload", Null()) }),
			thReject(op, "rule8.payload-on-failure", "result.payload is not null for a result that did not succeed", func(c *chain) {
				p := c.Get("result.payload").Clone()
				failedResult(c)
				c.Set("result.payload", p)
			}),
			thReject(op, "rule9.no-output-schema-id", "result.output_schema_id is null for a succeeded result", func(c *chain) { c.Set("result.output_schema_id", Null()) }),
			thReject(op, "rule10.output-schema-id-on-failure", "result.output_schema_id is not null for a result that did not succeed", func(c *chain) {
				failedResult(c)
				c.Set("result.output_schema_id", S(thSchema("workspace_status")))
			}),
			thReject(op, "rule11.no-output-schema-digest", "result.output_schema_digest is null for a succeeded result", func(c *chain) { c.Set("result.output_schema_digest", Null()) }),
			thReject(op, "rule12.output-schema-digest-on-failure", "result.output_schema_digest is not null for a result that did not succeed", func(c *chain) {
				failedResult(c)
				c.Set("result.output_schema_digest", S(thE1OutputDigest))
			}),
			thReject(op, "rule13.new-call-on-success", "result.retry_class is new_call_after_recovery for a succeeded result", func(c *chain) {
				c.Set("result.retry_class", S("new_call_after_recovery"))
			}),
			thReject(op, "rule14.redelivery-retry", "result.replay_status is stored_redelivery but result.retry_class is not redeliver_stored_result", func(c *chain) {
				c.Set("result.replay_status", S("stored_redelivery"))
			}),
			thReject(op, "rule15.redeliver-replay", "result.retry_class is redeliver_stored_result but result.replay_status is not stored_redelivery", func(c *chain) {
				c.Set("result.retry_class", S("redeliver_stored_result"))
			}),
			thReject(op, "rule16.bounded-bytes", "result.bounded_bytes does not match result.payload", func(c *chain) { c.Set("result.bounded_bytes", N("578")) }),
			thReject(op, "rule16.bounded-bytes-null-payload", "result.bounded_bytes does not match result.payload", func(c *chain) {
				failedResult(c)
				c.Set("result.bounded_bytes", N("1"))
			}),
			thReject(op, "result_digest.mismatch", "result.result_digest does not match the recomputed digest", func(c *chain) {
				c.Set("result.result_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "result")...)...)
}

func thWSInputFile() vfile {
	op := "validate-workspace-status-input"
	return thFile(op, "", "The E1 tool's arguments: shape; the verdict is the arguments digest (sections 2.11, 4.11).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "include-diagnostics-false", func(c *chain) { c.Set("workspace_status_input.include_diagnostics", B(false)) }),
		}, fieldCases(op, "workspace_status_input")...)...)
}

func thWSFile() vfile {
	op := "validate-workspace-status"
	return thFile(op, "", "The E1 tool's payload: the 64 KiB serialized bound first, shape, digest (sections 2.12, 1.9).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds.hi", func(c *chain) {
				var diags []*jv
				for i := 0; i < 16; i++ {
					diags = append(diags, O("code", S("W"), "summary", S(multibyteASCII(i))))
				}
				c.Set("workspace_status.diagnostics", A(diags...))
				c.Set("workspace_status.local_status.active_invocations", N("9007199254740991"))
				c.Set("workspace_status.runtime_version", S(strings.Repeat("v", 64)))
				c.Set("workspace_status.session_generation", N("9007199254740991"))
			}),
			thAccept(op, "bounds.lo", func(c *chain) {
				c.Set("workspace_status.diagnostics", A())
				c.Set("workspace_status.local_status.active_invocations", N("0"))
				c.Set("workspace_status.ats_status.effective_mode", S("emergency_locked"))
				c.Set("workspace_status.local_status.host_state", S("draining"))
			}),
			thAccept(op, "modes", func(c *chain) {
				c.Set("workspace_status.ats_status.connection", S("disconnected"))
				c.Set("workspace_status.ats_status.effective_mode", S("orders_paused"))
				c.Set("workspace_status.session_generation", N("1"))
			}),
			thReject(op, "size.65537", "workspace_status exceeds 65536 serialized bytes", func(c *chain) {
				p := c.Get("workspace_status").Clone()
				padded(p, 65537)
				c.Set("result.payload", p)
			}),
			thReject(op, "size.65536-unknown", "workspace_status has an unknown member", func(c *chain) {
				p := c.Get("workspace_status").Clone()
				padded(p, 65536)
				c.Set("result.payload", p)
			}).withNote("At the bound, the size rule passes and the padding is an unknown member."),
			thReject(op, "status_digest.mismatch", "workspace_status.status_digest does not match the recomputed digest", func(c *chain) {
				c.Set("workspace_status.status_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "workspace_status")...)...)
}

// multibyteASCII is a printable ASCII summary of 256 characters (display
// text is ASCII only).
func multibyteASCII(i int) string {
	return strings.Repeat(string(rune('A'+i)), 256)
}

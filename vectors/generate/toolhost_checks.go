package main

// toolhost/1: the nine cross-object checks' vectors (spec/toolhost.md,
// sections 3 and 4.13-4.21) and every operation's envelope vectors
// (section 1.1).
//
// Test keys: NOT FOR PRODUCTION.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

func thCheckFiles() []vfile {
	var files []vfile
	op := "check-lease-binding"
	files = append(files, thFile(op, "", "The lease binds the device proof's and the registry's scope, the revocation epoch, and expires within the proof and the trust (section 4.13).",
		thAccept(op, "base", none),
		thAccept(op, "expiry-edges", func(c *chain) {
			c.Set("device_proof.expires_at", S("2027-09-01T00:00:00.000Z"))
			c.Set("host_lease.expires_at", S("2027-09-01T00:00:00.000Z"))
		}).withNote("The lease expires exactly when the device proof and the trust do."),
		thAccept(op, "large-numbers", func(c *chain) {
			for _, p := range []string{"device_proof.revocation_epoch", "host_lease.revocation_epoch"} {
				c.Set(p, N("9007199254740991"))
			}
			for _, p := range []string{"registry.session_generation", "host_lease.session_generation"} {
				c.Set(p, N("9007199254740990"))
			}
		}),
		thAccept(op, "device-b-and-other-agent", func(c *chain) {
			c.Set("device_proof.device_public_key", S(gen.ThPublic("device-b")))
			c.Set("registry.agent_id", S("agent-2"))
			c.Set("host_lease.agent_id", S("agent-2"))
		}),
		thReject(op, "account", "host_lease.account_subject does not match device_proof.account_subject", func(c *chain) { c.Set("host_lease.account_subject", S("user:other")) }),
		thReject(op, "agent", "host_lease.agent_id does not match registry.agent_id", func(c *chain) { c.Set("host_lease.agent_id", S("agent-other")) }),
		thReject(op, "device.proof", "host_lease.device_id does not match device_proof.device_id", func(c *chain) { c.Set("device_proof.device_id", S("scdev_OTHER")) }),
		thReject(op, "device.registry", "host_lease.device_id does not match registry.device_id", func(c *chain) { c.Set("registry.device_id", S("scdev_OTHER")) }),
		thReject(op, "session", "host_lease.local_session_id does not match registry.local_session_id", func(c *chain) { c.Set("registry.local_session_id", S("ls-other")) }),
		thReject(op, "generation", "host_lease.session_generation does not match registry.session_generation", func(c *chain) { c.Set("registry.session_generation", N("5")) }),
		thReject(op, "registry-digest", "host_lease.registry_digest does not match registry.registry_digest", func(c *chain) { c.Set("host_lease.registry_digest", S(thOtherDigest)) }),
		thReject(op, "origin", "host_lease.cloud_origin_id does not match device_proof.cloud_origin_id", func(c *chain) {
			c.Set("device_proof.cloud_origin_id", S("https://other.aethersystems.net"))
		}),
		thReject(op, "epoch", "host_lease.revocation_epoch does not match device_proof.revocation_epoch", func(c *chain) { c.Set("device_proof.revocation_epoch", N("4")) }),
		thReject(op, "proof-expiry", "host_lease.expires_at is after device_proof.expires_at", func(c *chain) {
			c.Set("device_proof.expires_at", S("2026-09-22T12:59:59.999Z"))
		}),
		thReject(op, "trust-expiry", "host_lease.expires_at is after trust.expires_at", func(c *chain) {
			c.Set("trust.expires_at", S("2026-09-22T12:59:59.999Z"))
		}),
		thReject(op, "revalidate.registry-digest", "registry.registry_digest does not match the recomputed digest", func(c *chain) { c.Set("registry.registry_digest", S(thOtherDigest)) }),
		thReject(op, "revalidate.lease-signature", "host_lease.cloud_signature does not verify", func(c *chain) { c.Signer["host_lease"] = "cloud-a" }),
		thReject(op, "revalidate.proof-epoch-fraction", "device_proof.revocation_epoch has a fraction or an exponent", func(c *chain) {
			c.Set("device_proof.revocation_epoch", N("3.0"))
		}),
		thReject(op, "revalidate.trust-key", "trust.keys[].public_key is a small-order Ed25519 key", func(c *chain) {
			k := c.Get("trust.keys")
			k.Push(O("key_id", S("k-x"), "public_key", S(thKeyZero)))
			c.Pinned["trust.keys"] = true
		}),
	))

	op = "check-host-open-binding"
	files = append(files, thFile(op, "", "The host-open proof answers the issued challenge and names the registry's session and the lease's conversation (section 4.14).",
		thAccept(op, "base", none),
		thAccept(op, "other-session", func(c *chain) {
			for _, d := range []string{"host_open_proof", "registry", "host_lease"} {
				c.Set(d+".local_session_id", S("ls-2"))
				c.Set(d+".session_generation", N("9007199254740991"))
			}
			c.Set("host_open_proof.conversation_id", S("conv-2"))
			c.Set("host_lease.conversation_id", S("conv-2"))
		}),
		thReject(op, "challenge", "host_open_proof.challenge does not match the issued challenge", func(c *chain) { c.Challenge = S("JKs_m7J89q9k4-rnelOLStMWvkD23zHnc9VNVuxgeXF") }),
		thReject(op, "challenge.case", "host_open_proof.challenge does not match the issued challenge", func(c *chain) { c.Challenge = S(strings.ToLower(thChallenge())) }),
		thReject(op, "registry.agent", "host_open_proof.agent_id does not match registry.agent_id", func(c *chain) { c.Set("registry.agent_id", S("agent-other")) }),
		thReject(op, "registry.session", "host_open_proof.local_session_id does not match registry.local_session_id", func(c *chain) { c.Set("registry.local_session_id", S("ls-other")) }),
		thReject(op, "registry.generation", "host_open_proof.session_generation does not match registry.session_generation", func(c *chain) { c.Set("registry.session_generation", N("5")) }),
		thReject(op, "registry.digest", "host_open_proof.registry_digest does not match registry.registry_digest", func(c *chain) { c.Set("host_open_proof.registry_digest", S(thOtherDigest)) }),
		thReject(op, "lease.conversation", "host_open_proof.conversation_id does not match host_lease.conversation_id", func(c *chain) { c.Set("host_lease.conversation_id", S("conv-other")) }),
		thReject(op, "lease.agent", "host_open_proof.agent_id does not match host_lease.agent_id", func(c *chain) { c.Set("host_lease.agent_id", S("agent-other")) }),
		thReject(op, "lease.session", "host_open_proof.local_session_id does not match host_lease.local_session_id", func(c *chain) { c.Set("host_lease.local_session_id", S("ls-other")) }),
		thReject(op, "lease.generation", "host_open_proof.session_generation does not match host_lease.session_generation", func(c *chain) { c.Set("host_lease.session_generation", N("5")) }),
		thReject(op, "revalidate.device-signature", "host_open_proof.device_signature does not verify", func(c *chain) { c.Signer["host_open_proof"] = "device-b" }),
		thReject(op, "revalidate.device-key-small-order", "device_proof.device_public_key is a small-order Ed25519 key", func(c *chain) {
			c.Set("device_proof.device_public_key", S(thKeyZero))
			c.Set("host_open_proof.device_signature", S(thForged))
		}).withException("shadowed").withNote("Validated first, the device proof's own screening refuses the forged proof's key; ignored, the screening inside verify does."),
		thReject(op, "revalidate.key-off-curve", "host_open_proof.device_signature key fails Ed25519 key screening", func(c *chain) {
			c.Set("device_proof.device_public_key", S(thKeyY2))
		}).withException("shadowed"),
	))

	op = "check-invocation"
	files = append(files, thFile(op, "", "The invocation is the lease's, selects a registry tool by (name, version) with its schema identity and bounds, and its deadline fits the lease, the tool and now (section 4.15).",
		thAccept(op, "base", none).withNote("The base deadline is exactly max_duration_ms after issued_at."),
		thAccept(op, "deadline-at-lease-expiry", func(c *chain) {
			c.Set("host_lease.expires_at", S("2026-09-22T12:30:30.000Z"))
		}),
		thAccept(op, "argument-bytes-at-bound", func(c *chain) { c.Set("registry.tools[0].max_argument_bytes", N("87")) }),
		thAccept(op, "issued-at-skew-edge", func(c *chain) {
			c.Set("invocation.issued_at", S(plus(c, 30000)))
			c.Set("invocation.deadline_at", S(plus(c, 30001)))
		}),
		thAccept(op, "deadline-skew-edge", func(c *chain) { at(c, "2026-09-22T12:30:59.999Z") }),
		thAccept(op, "second-tool", func(c *chain) {
			t := c.Get("registry.tools[0]").Clone()
			t.Put("version", N("2"))
			t.Put("max_duration_ms", N("60000"))
			c.Set("registry.tools", A(c.Get("registry.tools[0]"), t))
			c.Set("invocation.tool_version", N("2"))
			c.Set("invocation.deadline_at", S("2026-09-22T12:31:00.000Z"))
		}),
		thReject(op, "lease", "invocation.lease_id does not match host_lease.lease_id", func(c *chain) { c.Set("invocation.lease_id", S("lease-other")) }),
		thReject(op, "device", "invocation.device_id does not match host_lease.device_id", func(c *chain) { c.Set("invocation.device_id", S("scdev_OTHER")) }),
		thReject(op, "agent", "invocation.agent_id does not match host_lease.agent_id", func(c *chain) { c.Set("invocation.agent_id", S("agent-other")) }),
		thReject(op, "conversation", "invocation.conversation_id does not match host_lease.conversation_id", func(c *chain) { c.Set("invocation.conversation_id", S("conv-other")) }),
		thReject(op, "session", "invocation.local_session_id does not match host_lease.local_session_id", func(c *chain) { c.Set("invocation.local_session_id", S("ls-other")) }),
		thReject(op, "generation", "invocation.session_generation does not match host_lease.session_generation", func(c *chain) { c.Set("invocation.session_generation", N("5")) }),
		thReject(op, "capability", "host_lease.capabilities does not include invoke", func(c *chain) { c.Set("host_lease.capabilities", Strs("cancel")) }),
		thReject(op, "registry-digest", "host_lease.registry_digest does not match registry.registry_digest", func(c *chain) { c.Set("host_lease.registry_digest", S(thOtherDigest)) }),
		thReject(op, "tool.version", "invocation.tool_name and invocation.tool_version select no registry tool", func(c *chain) { c.Set("invocation.tool_version", N("2")) }),
		thReject(op, "tool.name", "invocation.tool_name and invocation.tool_version select no registry tool", func(c *chain) { c.Set("invocation.tool_name", S("ats.other")) }),
		thReject(op, "input-schema-id", "invocation.input_schema_id does not match registry.tools[].input_schema_id", func(c *chain) {
			c.Set("invocation.input_schema_id", S("aether.managed-tool-other/1"))
		}),
		thReject(op, "input-schema-digest", "invocation.input_schema_digest does not match registry.tools[].input_schema_digest", func(c *chain) {
			c.Set("invocation.input_schema_digest", S(thOtherDigest))
		}),
		thReject(op, "argument-bytes", "invocation.arguments exceeds registry.tools[].max_argument_bytes", func(c *chain) { c.Set("registry.tools[0].max_argument_bytes", N("86")) }),
		thReject(op, "deadline-after-lease", "invocation.deadline_at is after host_lease.expires_at", func(c *chain) {
			c.Set("host_lease.expires_at", S("2026-09-22T12:30:29.999Z"))
		}),
		thReject(op, "deadline-duration", "invocation.deadline_at is more than registry.tools[].max_duration_ms after invocation.issued_at", func(c *chain) {
			c.Set("registry.tools[0].max_duration_ms", N("29999"))
		}),
		thReject(op, "issued-at-not-yet-valid", "invocation.issued_at is more than 30 s after now", func(c *chain) {
			c.Set("invocation.issued_at", S(plus(c, 30001)))
			c.Set("invocation.deadline_at", S(plus(c, 30002)))
		}),
		thReject(op, "deadline-passed", "invocation.deadline_at is 30 s or more before now", func(c *chain) { at(c, "2026-09-22T12:31:00.000Z") }),
		thReject(op, "revalidate.lease-max-calls", "host_lease.max_calls is not an integer from 1 to 9007199254740991", func(c *chain) { c.Set("host_lease.max_calls", N("0")) }),
		thReject(op, "revalidate.invocation-digest", "invocation.invocation_digest does not match the recomputed digest", func(c *chain) { c.Set("invocation.invocation_digest", S(thOtherDigest)) }),
		thReject(op, "revalidate.registry-generation", "registry.session_generation has a fraction or an exponent", func(c *chain) { c.Set("registry.session_generation", N("4.0")) }),
	))

	op = "check-tool-arguments"
	files = append(files, thFile(op, "", "The frozen E1 argument validator: only the E1 input schema by id and pinned digest, the arguments validated as workspace_status_input (section 4.16).",
		thAccept(op, "base", none),
		thAccept(op, "include-diagnostics-false", func(c *chain) { c.Set("invocation.arguments.include_diagnostics", B(false)) }),
		thReject(op, "schema-id", "invocation.input_schema_id has no frozen E1 argument validator", func(c *chain) { c.Set("invocation.input_schema_id", S("aether.managed-tool-other/1")) }),
		thReject(op, "schema-digest", "invocation.input_schema_digest is not the pinned E1 input schema digest", func(c *chain) { c.Set("invocation.input_schema_digest", S(thE1OutputDigest)) }),
		thReject(op, "arguments.unknown", "workspace_status_input has an unknown member", func(c *chain) { c.Set("invocation.arguments.x", I(1)) }),
		thReject(op, "arguments.include-diagnostics-missing", "workspace_status_input.include_diagnostics is missing or is not a boolean", func(c *chain) {
			c.Del("invocation.arguments.include_diagnostics")
		}),
		thReject(op, "arguments.schema-id", "workspace_status_input.schema_id is not aether.managed-tool-workspace-status-input/1", func(c *chain) {
			c.Set("invocation.arguments.schema_id", S("aether.managed-tool-workspace-status/1"))
		}),
		thReject(op, "revalidate.arguments-digest", "invocation.arguments_digest does not match the recomputed digest", func(c *chain) { c.Set("invocation.arguments_digest", S(thOtherDigest)) }),
	))

	op = "check-tool-payload"
	files = append(files, thFile(op, "", "The frozen E1 payload validator: a succeeded result with the E1 output schema by id and pinned digest, its payload validated as workspace_status (section 4.17).",
		thAccept(op, "base", none),
		thAccept(op, "payload-bounds", func(c *chain) {
			c.Set("result.payload.diagnostics", A())
			c.Set("result.payload.local_status.host_state", S("starting"))
		}),
		thReject(op, "state", "result.state is not succeeded", failed("unavailable", "TOOL_UNAVAILABLE")),
		thReject(op, "schema-id", "result.output_schema_id has no frozen E1 payload validator", func(c *chain) { c.Set("result.output_schema_id", S("aether.managed-tool-other/1")) }),
		thReject(op, "schema-digest", "result.output_schema_digest is not the pinned E1 output schema digest", func(c *chain) { c.Set("result.output_schema_digest", S(thE1InputDigest)) }),
		thReject(op, "payload.generation", "workspace_status.session_generation is not an integer from 1 to 9007199254740991", func(c *chain) { c.Set("result.payload.session_generation", N("0")) }),
		thReject(op, "payload.unknown", "workspace_status has an unknown member", func(c *chain) { c.Set("result.payload.x", I(1)) }),
		thReject(op, "payload.status-digest", "workspace_status.status_digest does not match the recomputed digest", func(c *chain) { c.Set("result.payload.status_digest", S(thOtherDigest)) }),
		thReject(op, "payload.size", "workspace_status exceeds 65536 serialized bytes", func(c *chain) {
			p := c.Get("result.payload").Clone()
			padded(p, 70000)
			c.Set("result.payload", p)
		}),
		thReject(op, "revalidate.result-digest", "result.result_digest does not match the recomputed digest", func(c *chain) { c.Set("result.result_digest", S(thOtherDigest)) }),
	))

	op = "check-cancellation"
	files = append(files, thFile(op, "", "The cancellation targets the invocation under the lease, which allows cancel, within the window from issued_at - 30 s to expires_at + 30 s (section 4.18).",
		thAccept(op, "base", none),
		thAccept(op, "window-start-edge", func(c *chain) {
			c.Set("cancellation.requested_at", S("2026-09-22T11:59:30.000Z"))
		}).withNote("The window's start is inclusive."),
		thAccept(op, "window-end-edge", func(c *chain) {
			c.Set("host_lease.expires_at", S("2026-09-22T12:30:00.000Z"))
			at(c, "2026-09-22T12:30:20.000Z")
			c.Set("cancellation.requested_at", S("2026-09-22T12:30:29.999Z"))
		}).withNote("The window's end is exclusive: 1 ms before it is in."),
		thAccept(op, "fresh-edge", func(c *chain) { c.Set("cancellation.requested_at", S(plus(c, 30000))) }),
		thReject(op, "target", "cancellation.target_invocation_id does not match invocation.invocation_id", func(c *chain) { c.Set("cancellation.target_invocation_id", S("inv-0002")) }),
		thReject(op, "target-digest", "cancellation.target_invocation_digest does not match invocation.invocation_digest", func(c *chain) {
			c.Set("cancellation.target_invocation_digest", S(thOtherDigest))
		}),
		thReject(op, "lease", "cancellation.lease_id does not match host_lease.lease_id", func(c *chain) { c.Set("cancellation.lease_id", S("lease-other")) }),
		thReject(op, "generation", "cancellation.session_generation does not match host_lease.session_generation", func(c *chain) { c.Set("cancellation.session_generation", N("5")) }),
		thReject(op, "invocation-lease", "invocation.lease_id does not match host_lease.lease_id", func(c *chain) { c.Set("invocation.lease_id", S("lease-other")) }),
		thReject(op, "capability", "host_lease.capabilities does not include cancel", func(c *chain) { c.Set("host_lease.capabilities", Strs("invoke")) }),
		thReject(op, "window-start", "cancellation.requested_at is more than 30 s before host_lease.issued_at", func(c *chain) {
			c.Set("cancellation.requested_at", S("2026-09-22T11:59:29.999Z"))
		}),
		thReject(op, "window-end", "cancellation.requested_at is 30 s or more after host_lease.expires_at", func(c *chain) {
			c.Set("host_lease.expires_at", S("2026-09-22T12:30:00.000Z"))
			at(c, "2026-09-22T12:30:20.000Z")
			c.Set("cancellation.requested_at", S("2026-09-22T12:30:30.000Z"))
		}),
		thReject(op, "not-yet-valid", "cancellation.requested_at is more than 30 s after now", func(c *chain) { c.Set("cancellation.requested_at", S(plus(c, 30001))) }),
		thReject(op, "revalidate.lease-expired", "host_lease.expires_at is 30 s or more before now", func(c *chain) { at(c, "2026-09-22T13:00:30.000Z") }),
		thReject(op, "revalidate.cancellation-digest", "cancellation.cancellation_digest does not match the recomputed digest", func(c *chain) {
			c.Set("cancellation.cancellation_digest", S(thOtherDigest))
		}),
		thReject(op, "revalidate.invocation-order", "invocation.deadline_at is not after invocation.issued_at", func(c *chain) {
			c.Set("invocation.deadline_at", S("2026-09-22T12:30:00.000Z"))
		}),
	))

	op = "check-result"
	files = append(files, thFile(op, "", "The result answers the invocation, with the selected tool's output schema (when it succeeded) and size bound, within the invocation's times, the deadline winning (section 4.19).",
		thAccept(op, "base", none),
		thAccept(op, "failed-after-deadline", func(c *chain) {
			failed("deadline_exceeded", "TOOL_DEADLINE_EXCEEDED")(c)
			c.Set("result.completed_at", S("2026-09-22T12:35:00.000Z"))
		}).withNote("Only a succeeded result's completion is bound by the deadline, and its output schema is not compared."),
		thAccept(op, "time-edges", func(c *chain) {
			c.Set("result.started_at", S("2026-09-22T12:29:30.000Z"))
			c.Set("result.completed_at", S("2026-09-22T12:31:00.000Z"))
		}),
		thAccept(op, "bytes-at-bound", func(c *chain) { c.Set("registry.tools[0].max_result_bytes", N("579")) }),
		thReject(op, "invocation", "result.invocation_id does not match invocation.invocation_id", func(c *chain) { c.Set("result.invocation_id", S("inv-0002")) }),
		thReject(op, "invocation-digest", "result.invocation_digest does not match invocation.invocation_digest", func(c *chain) { c.Set("result.invocation_digest", S(thOtherDigest)) }),
		thReject(op, "lease", "result.lease_id does not match invocation.lease_id", func(c *chain) { c.Set("result.lease_id", S("lease-other")) }),
		thReject(op, "tool-name", "result.tool_name does not match invocation.tool_name", func(c *chain) { c.Set("result.tool_name", S("ats.other")) }),
		thReject(op, "tool-version", "result.tool_version does not match invocation.tool_version", func(c *chain) { c.Set("result.tool_version", N("2")) }),
		thReject(op, "tool-selection", "invocation.tool_name and invocation.tool_version select no registry tool", func(c *chain) {
			c.Set("invocation.tool_version", N("2"))
			c.Set("result.tool_version", N("2"))
		}),
		thReject(op, "output-schema-id", "result.output_schema_id does not match registry.tools[].output_schema_id", func(c *chain) {
			c.Set("result.output_schema_id", S("aether.managed-tool-other/1"))
		}),
		thReject(op, "output-schema-digest", "result.output_schema_digest does not match registry.tools[].output_schema_digest", func(c *chain) {
			c.Set("result.output_schema_digest", S(thOtherDigest))
		}),
		thReject(op, "max-bytes", "result.bounded_bytes exceeds registry.tools[].max_result_bytes", func(c *chain) { c.Set("registry.tools[0].max_result_bytes", N("578")) }),
		thReject(op, "started-early", "result.started_at is more than 30 s before invocation.issued_at", func(c *chain) {
			c.Set("result.started_at", S("2026-09-22T12:29:29.999Z"))
		}),
		thReject(op, "deadline", "result.completed_at is more than 30 s after invocation.deadline_at", func(c *chain) {
			c.Set("result.completed_at", S("2026-09-22T12:31:00.001Z"))
		}),
		thReject(op, "revalidate.result-digest", "result.result_digest does not match the recomputed digest", func(c *chain) { c.Set("result.result_digest", S(thOtherDigest)) }),
		thReject(op, "revalidate.registry-unknown", "registry has an unknown member", func(c *chain) {
			r := c.Docs["registry"]
			r.Add(S("x"), I(1))
		}),
		thReject(op, "revalidate.invocation-arguments", "invocation.arguments nests deeper than 8", func(c *chain) { c.Set("invocation.arguments.x", gen.Nest(O(), 7)) }),
	))

	op = "assert-e1-canary-registry"
	files = append(files, thFile(op, "", "The E1 canary registry: exactly ats.workspace_status version 1 with the frozen E1 schemas, its dependencies and data classes (section 4.20).",
		thAccept(op, "base", none),
		thAccept(op, "bounds-not-pinned", func(c *chain) {
			c.Set("registry.tools[0].max_argument_bytes", N("65536"))
			c.Set("registry.tools[0].max_duration_ms", N("1"))
		}),
		thReject(op, "two-tools", "registry.tools does not hold exactly one tool", func(c *chain) {
			t := c.Get("registry.tools[0]").Clone()
			t.Put("name", S("ats.x"))
			c.Set("registry.tools", A(c.Get("registry.tools[0]"), t))
		}).withNote("The E1 tool is first, so that with the guard ignored the rules on tools[0] pass."),
		thReject(op, "name", "registry.tools[].name is not ats.workspace_status", func(c *chain) { c.Set("registry.tools[0].name", S("ats.workspace_state")) }),
		thReject(op, "version", "registry.tools[].version is not 1", func(c *chain) { c.Set("registry.tools[0].version", N("2")) }),
		thReject(op, "input-schema-id", "registry.tools[].input_schema_id is not aether.managed-tool-workspace-status-input/1", func(c *chain) {
			c.Set("registry.tools[0].input_schema_id", S("aether.managed-tool-workspace-status-input/2"))
		}),
		thReject(op, "input-schema-digest", "registry.tools[].input_schema_digest is not the pinned E1 input schema digest", func(c *chain) {
			c.Set("registry.tools[0].input_schema_digest", S(thOtherDigest))
		}),
		thReject(op, "output-schema-id", "registry.tools[].output_schema_id is not aether.managed-tool-workspace-status/1", func(c *chain) {
			c.Set("registry.tools[0].output_schema_id", S("aether.managed-tool-workspace-status/2"))
		}),
		thReject(op, "output-schema-digest", "registry.tools[].output_schema_digest is not the pinned E1 output schema digest", func(c *chain) {
			c.Set("registry.tools[0].output_schema_digest", S(thE1InputDigest))
		}),
		thReject(op, "dependencies", "registry.tools[].dependencies is not exactly ats_observer_channel, local_workspace", func(c *chain) {
			c.Set("registry.tools[0].dependencies", Strs("ats_observer_channel", "local_workspace", "network"))
		}),
		thReject(op, "data-classes", "registry.tools[].data_classes is not exactly ats_status, local_status", func(c *chain) {
			c.Set("registry.tools[0].data_classes", Strs("ats_status", "browser_observation", "local_status"))
		}).withNote("Review decision 7: browser observation stays out of E1."),
		thReject(op, "revalidate.registry-digest", "registry.registry_digest does not match the recomputed digest", func(c *chain) { c.Set("registry.registry_digest", S(thOtherDigest)) }),
	))

	op = "check-capability-receipt"
	files = append(files, thFile(op, "", "The observer channel receipt names the runtime capability by digest, and its device and runtime version (section 4.21).",
		thAccept(op, "base", none),
		thAccept(op, "other-capability", func(c *chain) {
			c.Set("runtime_capability.supported_read_operations", Strs("read_ats_status"))
		}).withNote("The receipt's capability digest is resealed to the new capability's."),
		thReject(op, "capability-digest", "observer_channel_receipt.capability_digest does not match runtime_capability.capability_digest", func(c *chain) {
			c.Set("observer_channel_receipt.capability_digest", S(thOtherDigest))
		}),
		thReject(op, "device", "observer_channel_receipt.device_id does not match runtime_capability.device_id", func(c *chain) {
			c.Set("observer_channel_receipt.device_id", S("scdev_OTHER"))
		}),
		thReject(op, "runtime-version", "observer_channel_receipt.runtime_version does not match runtime_capability.runtime_version", func(c *chain) {
			c.Set("observer_channel_receipt.runtime_version", S("ats-runtime 2.4.2"))
		}),
		thReject(op, "revalidate.capability", "runtime_capability.orders_enabled is not false", func(c *chain) { c.Set("runtime_capability.orders_enabled", B(true)) }),
		thReject(op, "revalidate.receipt", "observer_channel_receipt.receipt_digest does not match the recomputed digest", func(c *chain) {
			c.Set("observer_channel_receipt.receipt_digest", S(thOtherDigest))
		}),
	))
	return files
}

// thEnvelopeFiles are, per operation, the envelope's own vectors (section
// 1.1): input that is not JSON, not an object, an extra member, each
// member missing or mistyped, and each bad now.
func thEnvelopeFiles() []vfile {
	var files []vfile
	for _, op := range gen.ToolhostOps {
		members := gen.ToolhostEnvelopes[op]
		base := newChain()
		env := base.Text(members...)
		cs := []vcase{
			refused("not-json", env[:len(env)-1], "input is not valid JSON").withException("grammar"),
			refused("duplicate-member", `{"`+members[0]+`":{},`+env[1:], "input is not valid JSON").withException("grammar"),
			refused("not-object", "["+env+"]", "input is not a JSON object").withException("type-guard"),
			refused("null", "null", "input is not a JSON object").withException("type-guard"),
		}
		extra := "x"
		hasNow := false
		for _, m := range members {
			hasNow = hasNow || m == "now"
		}
		if !hasNow {
			extra = "now"
		}
		cs = append(cs, refused("extra-member."+extra, env[:len(env)-1]+`,"`+extra+`":`+thNow+`}`, "input has a member the operation does not take"))
		for _, m := range members {
			msg := m + " is missing or is not an object"
			switch m {
			case "now":
				msg = "now is missing or is not an integer from -62135596800000 to 253402300799999"
			case "challenge":
				msg = "challenge is missing or is not a string"
			}
			var kept []string
			for _, k := range members {
				if k != m {
					kept = append(kept, k)
				}
			}
			c := newChain()
			cs = append(cs, refused("missing."+m, c.Text(kept...), msg).withException("type-guard"))
			wrong := newChain()
			switch m {
			case "now":
				for _, bad := range []struct{ name, lit string }{
					{"fraction", thNow + ".0"}, {"minus-zero", "-0"}, {"exponent", "1e3"}, {"string", `"` + thNow + `"`},
					{"below-range", "-62135596800001"}, {"above-range", "253402300800000"},
				} {
					w := newChain()
					w.Now = N(bad.lit)
					cs = append(cs, refused("now."+bad.name, w.Text(members...), msg).withException("type-guard"))
				}
				continue
			case "challenge":
				wrong.Challenge = A()
			default:
				wrong.Docs[m] = Strs(m)
				if m == "workspace_status_input" {
					wrong.Docs["invocation"].Put("arguments", Strs(m))
				}
				if m == "workspace_status" {
					wrong.Docs["result"].Put("payload", Strs(m))
				}
			}
			cs = append(cs, refused("wrong-type."+m, wrong.Text(members...), msg).withException("type-guard"))
		}
		files = append(files, thFile(op, "envelope", "The envelope of "+op+": valid JSON, an object, closed, each member present and typed (section 1.1).", cs...))
	}
	return files
}

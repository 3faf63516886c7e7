package main

// toolhost/1: the twelve object validators' vectors (spec/toolhost.md,
// sections 2, 4.1-4.12 and 8.5): accept vectors at the bounds, every
// field's kind rules (toolhost_fields.go), and each document's object
// rules, digests, signatures and freshness.
//
// Test keys: NOT FOR PRODUCTION.

import (
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// none is the mutation of the base chain itself.
func none(*chain) {}

// trustHi is a trust document at its upper bounds: 8 keys, a 128-unit
// key id, the device proof's and the lease's keys among them.
func trustHi(c *chain) {
	keys := A(O("key_id", S("cloud-a"), "public_key", S(gen.ThPublic("cloud-a"))), O("key_id", S("cloud-b"), "public_key", S(gen.ThPublic("cloud-b"))))
	for _, id := range []string{"k-1", "k-2", "k-3", "k-4", "k-5"} {
		keys.Push(O("key_id", S(id), "public_key", S(gen.ThPublic("device-b"))))
	}
	keys.Push(O("key_id", S(strings.Repeat("z", 128)), "public_key", S(gen.ThPublic("cloud-a"))))
	c.Set("trust.keys", keys)
}

func thDocumentFiles() []vfile {
	var files []vfile
	op := "validate-trust"
	files = append(files, thFile(op, "", "The trust document: its shape, its keys' order and screening, its times (section 2.1).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds.keys-8-id-128", trustHi),
			thAccept(op, "bounds.keys-1", func(c *chain) { c.Set("trust.keys", A(c.Get("trust.keys[0]"))) }),
			thReject(op, "keys.repeat", "trust.keys has a repeated key_id", func(c *chain) { c.Set("trust.keys[1].key_id", S("cloud-a")) }),
			thReject(op, "keys.order", "trust.keys is not strictly ascending by key_id", func(c *chain) {
				c.Set("trust.keys", A(c.Get("trust.keys[1]"), c.Get("trust.keys[0]")))
			}),
			thReject(op, "expires_at.order.equal", "trust.expires_at is not after trust.issued_at", func(c *chain) {
				c.Set("trust.expires_at", S("2026-09-01T00:00:00.000Z"))
			}),
			thReject(op, "expires_at.order.before", "trust.expires_at is not after trust.issued_at", func(c *chain) {
				c.Set("trust.expires_at", S("2026-08-31T23:59:59.999Z"))
			}),
		}, fieldCases(op, "trust")...)...))

	op = "validate-device-proof"
	files = append(files, thFile(op, "", "The device proof under trust at now: shape, digest, cloud signature with key screening inside verify, freshness (sections 2.2, 1.7, 4.2).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds.hi", func(c *chain) {
				trustHi(c)
				c.Set("device_proof.key_id", S(strings.Repeat("z", 128)))
				c.Set("device_proof.account_subject", S(strings.Repeat("\U0001F600", 256)))
				c.Set("device_proof.revocation_epoch", N("9007199254740991"))
				c.Set("device_proof.device_id", S("scdev_"+strings.Repeat("Z", 122)))
				c.Set("device_proof.cloud_origin_id", S("https://a-1.b2.example:65535"))
			}),
			thAccept(op, "bounds.lo-fresh-start", func(c *chain) {
				c.Set("device_proof.revocation_epoch", N("0"))
				c.Set("device_proof.account_subject", S("u"))
				c.Set("device_proof.issued_at", S(plus(c, 30000)))
				c.Set("device_proof.cloud_origin_id", S("https://a.bc:8443"))
			}),
			thAccept(op, "bounds.stale-edge", func(c *chain) { c.Set("device_proof.expires_at", S(plus(c, -29999))) }),
			thReject(op, "expires_at.order.equal", "device_proof.expires_at is not after device_proof.issued_at", func(c *chain) {
				c.Set("device_proof.expires_at", S("2026-09-22T00:00:00.000Z"))
				c.Set("device_proof.issued_at", S("2026-09-22T00:00:00.000Z"))
				at(c, "2026-09-22T00:00:10.000Z")
			}),
			thReject(op, "proof_digest.mismatch", "device_proof.proof_digest does not match the recomputed digest", func(c *chain) {
				c.Set("device_proof.proof_digest", S(thOtherDigest))
			}),
			thReject(op, "trust.not-yet-valid", "trust.issued_at is more than 30 s after now", func(c *chain) {
				c.Set("device_proof.issued_at", S("2026-08-31T00:00:00.000Z"))
				c.Set("device_proof.expires_at", S("2026-09-30T00:00:00.000Z"))
				at(c, "2026-08-31T23:59:29.999Z")
			}),
			thReject(op, "trust.expired", "trust.expires_at is 30 s or more before now", func(c *chain) {
				c.Set("device_proof.issued_at", S("2027-08-15T00:00:00.000Z"))
				c.Set("device_proof.expires_at", S("2027-09-15T00:00:00.000Z"))
				at(c, "2027-09-01T00:00:30.000Z")
			}),
			thReject(op, "key_id.unknown", "device_proof.key_id names no key in trust.keys", func(c *chain) { c.Set("device_proof.key_id", S("cloud-c")) }),
			thReject(op, "signature.key-off-curve", "device_proof.cloud_signature key fails Ed25519 key screening", func(c *chain) {
				c.Set("trust.keys[0].public_key", S(thKeyY2))
			}),
			thReject(op, "signature.other-trust-key", "device_proof.cloud_signature does not verify", func(c *chain) { c.Signer["device_proof"] = "cloud-b" }),
			thReject(op, "signature.other-bytes", "device_proof.cloud_signature does not verify", func(c *chain) {
				c.Set("device_proof.cloud_signature", c.Get("host_lease.cloud_signature"))
			}),
			thReject(op, "signature.s-plus-l", "device_proof.cloud_signature does not verify", func(c *chain) {
				c.Set("device_proof.cloud_signature", S(sPlusL(c.Get("device_proof.cloud_signature").Str())))
			}),
			thReject(op, "signature.identity-r", "device_proof.cloud_signature does not verify", func(c *chain) {
				c.Set("device_proof.cloud_signature", S(thIdentityR))
			}),
			thReject(op, "issued_at.not-yet-valid", "device_proof.issued_at is more than 30 s after now", func(c *chain) {
				c.Set("device_proof.issued_at", S(plus(c, 30001)))
			}),
			thReject(op, "expires_at.expired", "device_proof.expires_at is 30 s or more before now", func(c *chain) {
				c.Set("device_proof.expires_at", S(plus(c, -30000)))
			}),
		}, fieldCases(op, "device_proof")...)...))

	op = "validate-host-open-proof"
	files = append(files, thFile(op, "", "The host-open proof against an unvalidated device proof: shape, device key, binding by digest, device signature with key screening inside verify (sections 2.3, 4.3).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "device-b", func(c *chain) {
				c.Set("device_proof.device_public_key", S(gen.ThPublic("device-b")))
				c.Set("host_open_proof.session_generation", N("9007199254740991"))
			}),
			thAccept(op, "generation-1", func(c *chain) { c.Set("host_open_proof.session_generation", N("1")) }),
			thReject(op, "device_public_key.missing", "device_proof.device_public_key is missing or is not a string", func(c *chain) { c.Del("device_proof.device_public_key") }),
			thReject(op, "device_public_key.wrong-type", "device_proof.device_public_key is missing or is not a string", func(c *chain) { c.Set("device_proof.device_public_key", I(1)) }),
			thReject(op, "device_public_key.b64-length", "device_proof.device_public_key is not 43 base64url characters", func(c *chain) {
				c.Set("device_proof.device_public_key", S(canonicalLast(gen.ThPublic("device-a")[:42])))
			}).withException("shadowed").withNote("Ignored, the key decodes to 31 bytes, which the screening inside verify refuses."),
			thReject(op, "device_public_key.b64-alphabet", "device_proof.device_public_key has a character outside A-Z a-z 0-9 - _", func(c *chain) {
				c.Set("device_proof.device_public_key", S(alphabetDefect(gen.ThPublic("device-a"))))
				c.Signer["host_open_proof"] = "device-a"
			}),
			thReject(op, "device_public_key.b64-canonical", "device_proof.device_public_key is not canonical base64url", func(c *chain) {
				c.Set("device_proof.device_public_key", S(bumpLastB64(gen.ThPublic("device-a"), 2)))
				c.Signer["host_open_proof"] = "device-a"
			}),
			thReject(op, "device_proof_digest.mismatch", "host_open_proof.device_proof_digest does not match the device proof", func(c *chain) {
				c.Set("host_open_proof.device_proof_digest", S(thOtherDigest))
			}),
			thReject(op, "device_proof.jcs.lone-surrogate", "a document cannot be canonicalized (RFC 8785)", func(c *chain) {
				c.Set("device_proof.account_subject", Lone("user:", 0xd800, ""))
			}),
			thReject(op, "device_proof.jcs.1e400", "a document cannot be canonicalized (RFC 8785)", func(c *chain) {
				c.Set("device_proof.revocation_epoch", N("1e400"))
			}),
			thReject(op, "signature.forged-zero-key", "host_open_proof.device_signature key fails Ed25519 key screening", func(c *chain) {
				c.Set("device_proof.device_public_key", S(thKeyZero))
				c.Set("host_open_proof.device_signature", S(thForged))
			}).withNote("The all-zero key's forgery of review decision 1: it verifies cofactorlessly, so only the screening inside verify refuses it."),
			thReject(op, "signature.seed-identity-r", "host_open_proof.device_signature key fails Ed25519 key screening", func(c *chain) {
				c.Set("device_proof.device_public_key", S(thKeyZero))
				c.Set("host_open_proof.device_signature", S(thIdentityR))
			}).withException("shadowed").withNote("The seed's forgery: ignored, its R, the identity, is of small order."),
			thReject(op, "signature.key-off-curve", "host_open_proof.device_signature key fails Ed25519 key screening", func(c *chain) {
				c.Set("device_proof.device_public_key", S(thKeyY2))
			}).withException("shadowed").withNote("A key that is not a point cannot verify."),
			thReject(op, "signature.other-device-key", "host_open_proof.device_signature does not verify", func(c *chain) { c.Signer["host_open_proof"] = "device-b" }),
			thReject(op, "signature.s-plus-l", "host_open_proof.device_signature does not verify", func(c *chain) {
				c.Set("host_open_proof.device_signature", S(sPlusL(c.Get("host_open_proof.device_signature").Str())))
			}),
		}, fieldCases(op, "host_open_proof")...)...))

	op = "validate-observer-channel-receipt"
	files = append(files, thFile(op, "", "The observer channel receipt: shape and digest (section 2.4).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds", func(c *chain) {
				c.Set("observer_channel_receipt.channel_id", S(strings.Repeat("C", 128)))
				c.Set("observer_channel_receipt.runtime_version", S(strings.Repeat("~", 64)))
				c.Set("observer_channel_receipt.session_generation", N("1"))
			}),
			thAccept(op, "bounds.hi", func(c *chain) {
				c.Set("observer_channel_receipt.runtime_version", S(" "))
				c.Set("observer_channel_receipt.session_generation", N("9007199254740991"))
			}),
			thReject(op, "receipt_digest.mismatch", "observer_channel_receipt.receipt_digest does not match the recomputed digest", func(c *chain) {
				c.Set("observer_channel_receipt.receipt_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "observer_channel_receipt")...)...))

	op = "validate-runtime-capability"
	files = append(files, thFile(op, "", "The runtime capability: shape, its read-operation set and digest (section 2.5).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds.all-six", func(c *chain) {
				c.Set("runtime_capability.supported_read_operations", Strs("read_account_summary", "read_ats_status", "read_local_status", "read_market_status", "read_orders", "read_positions"))
			}),
			thAccept(op, "bounds.one", func(c *chain) { c.Set("runtime_capability.supported_read_operations", Strs("read_orders")) }),
			thReject(op, "capability_digest.mismatch", "runtime_capability.capability_digest does not match the recomputed digest", func(c *chain) {
				c.Set("runtime_capability.capability_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "runtime_capability")...)...))

	op = "validate-registry"
	tool := func(c *chain, name string, version int64) *jv {
		t := c.Get("registry.tools[0]").Clone()
		t.Put("name", S(name))
		t.Put("version", I(version))
		return t
	}
	files = append(files, thFile(op, "", "The registry: shape, tool order by (name, version) with versions as integers, digest (section 2.6).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds.hi", func(c *chain) {
				c.Set("registry.tools", manyElements("registry", "tools", 16))
				for i := 0; i < 16; i++ {
					p := "registry.tools[" + itoa(i) + "]"
					c.Set(p+".max_argument_bytes", N("65536"))
					c.Set(p+".max_result_bytes", N("262144"))
					c.Set(p+".max_duration_ms", N("3600000"))
					c.Set(p+".data_classes", Strs("account_summary", "ats_status", "browser_observation", "local_status", "market_status"))
					c.Set(p+".dependencies", Strs("ats_observer_channel", "ats_runtime", "cloud_session", "local_clock", "local_workspace", "network"))
				}
				c.Set("registry.tools[15].version", N("9007199254740991"))
				c.Set("registry.session_generation", N("9007199254740991"))
				c.Set("registry.tools[0].name", S("a"+strings.Repeat("b", 127)))
			}),
			thAccept(op, "bounds.lo", func(c *chain) {
				c.Set("registry.tools[0].max_argument_bytes", N("1"))
				c.Set("registry.tools[0].max_result_bytes", N("1"))
				c.Set("registry.tools[0].max_duration_ms", N("1"))
				c.Set("registry.tools[0].data_classes", Strs("market_status"))
				c.Set("registry.tools[0].dependencies", A())
				c.Set("registry.tools[0].version", N("1"))
				c.Set("registry.session_generation", N("1"))
				c.Set("registry.tools[0].input_schema_id", S("a/1"))
				c.Set("registry.tools[0].output_schema_id", S("z"+strings.Repeat("9", 63)+"/999999"))
			}),
			thAccept(op, "tools.version-9-before-10", func(c *chain) { c.Set("registry.tools", A(tool(c, "x", 9), tool(c, "x", 10))) }),
			thAccept(op, "tools.names-by-code-point", func(c *chain) { c.Set("registry.tools", A(tool(c, "X", 2), tool(c, "a", 1), tool(c, "a.b", 1))) }),
			thReject(op, "tools.order.version-10-before-9", "registry.tools is not strictly ascending by (name, version)", func(c *chain) {
				c.Set("registry.tools", A(tool(c, "x", 10), tool(c, "x", 9)))
			}),
			thReject(op, "tools.order.names", "registry.tools is not strictly ascending by (name, version)", func(c *chain) {
				c.Set("registry.tools", A(tool(c, "b", 1), tool(c, "a", 2)))
			}),
			thReject(op, "tools.repeat", "registry.tools has a repeated (name, version)", func(c *chain) {
				c.Set("registry.tools", A(tool(c, "x", 3), tool(c, "x", 3)))
			}),
			thReject(op, "registry_digest.mismatch", "registry.registry_digest does not match the recomputed digest", func(c *chain) {
				c.Set("registry.registry_digest", S(thOtherDigest))
			}),
		}, fieldCases(op, "registry")...)...))

	op = "validate-host-lease"
	files = append(files, thFile(op, "", "The host lease under trust at now: shape, cloud signature with key screening inside verify, freshness (sections 2.7, 1.7, 4.7).",
		append([]vcase{
			thAccept(op, "base", none),
			thAccept(op, "bounds.hi", func(c *chain) {
				c.Set("host_lease.max_calls", N("9007199254740991"))
				c.Set("host_lease.revocation_epoch", N("9007199254740991"))
				c.Set("host_lease.session_generation", N("9007199254740991"))
				c.Set("host_lease.account_subject", S(strings.Repeat("\u00e9", 256)))
				c.Set("host_lease.issued_at", S(plus(c, 30000)))
			}),
			thAccept(op, "bounds.lo", func(c *chain) {
				c.Set("host_lease.max_calls", N("1"))
				c.Set("host_lease.session_generation", N("1"))
				c.Set("host_lease.revocation_epoch", N("0"))
				c.Set("host_lease.capabilities", Strs("invoke"))
				c.Set("host_lease.expires_at", S(plus(c, -29999)))
			}),
			thAccept(op, "trust-edge.start", func(c *chain) { c.Set("trust.issued_at", S(plus(c, 30000))) }),
			thAccept(op, "trust-edge.end", func(c *chain) { c.Set("trust.expires_at", S(plus(c, -29999))) }),
			thReject(op, "expires_at.order.equal", "host_lease.expires_at is not after host_lease.issued_at", func(c *chain) {
				c.Set("host_lease.expires_at", S("2026-09-22T12:00:00.000Z"))
				at(c, "2026-09-22T12:00:10.000Z")
			}),
			thReject(op, "trust.not-yet-valid", "trust.issued_at is more than 30 s after now", func(c *chain) {
				c.Set("host_lease.issued_at", S("2026-08-31T23:00:00.000Z"))
				c.Set("host_lease.expires_at", S("2026-09-01T01:00:00.000Z"))
				at(c, "2026-08-31T23:59:29.999Z")
			}),
			thReject(op, "trust.expired", "trust.expires_at is 30 s or more before now", func(c *chain) {
				c.Set("host_lease.issued_at", S("2027-08-31T23:00:00.000Z"))
				c.Set("host_lease.expires_at", S("2027-09-01T01:00:00.000Z"))
				at(c, "2027-09-01T00:00:30.000Z")
			}),
			thReject(op, "key_id.unknown", "host_lease.key_id names no key in trust.keys", func(c *chain) { c.Set("host_lease.key_id", S("cloud-c")) }),
			thReject(op, "signature.key-off-curve", "host_lease.cloud_signature key fails Ed25519 key screening", func(c *chain) {
				c.Set("trust.keys[1].public_key", S(thKeyY2))
			}),
			thReject(op, "signature.other-trust-key", "host_lease.cloud_signature does not verify", func(c *chain) { c.Signer["host_lease"] = "cloud-a" }),
			thReject(op, "signature.s-plus-l", "host_lease.cloud_signature does not verify", func(c *chain) {
				c.Set("host_lease.cloud_signature", S(sPlusL(c.Get("host_lease.cloud_signature").Str())))
			}),
			thReject(op, "signature.device-proof-signature", "host_lease.cloud_signature does not verify", func(c *chain) {
				c.Set("host_lease.cloud_signature", c.Get("device_proof.cloud_signature"))
			}),
			thReject(op, "issued_at.not-yet-valid", "host_lease.issued_at is more than 30 s after now", func(c *chain) {
				c.Set("host_lease.issued_at", S(plus(c, 30001)))
			}),
			thReject(op, "expires_at.expired", "host_lease.expires_at is 30 s or more before now", func(c *chain) {
				c.Set("host_lease.expires_at", S(plus(c, -30000)))
			}),
		}, fieldCases(op, "host_lease")...)...))

	files = append(files, thInvocationFile(), thCancellationFile(), thResultFile(), thWSInputFile(), thWSFile())
	return files
}

func itoa(i int) string { return strconv.Itoa(i) }

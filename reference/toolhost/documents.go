package toolhost

import (
	"math/big"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The constant schema ids of the twelve documents (spec/toolhost.md,
// section 2): the prefixes of their own digests and signing inputs
// (decision 30), never the value of a document's schema_id member.
const (
	IDTrust                  = "aether.managed-tool-trust/1"
	IDDeviceProof            = "aether.managed-tool-device-proof/1"
	IDHostOpenProof          = "aether.managed-tool-host-open-proof/1"
	IDObserverChannelReceipt = "aether.managed-tool-observer-channel-receipt/1"
	IDRuntimeCapability      = "aether.managed-tool-runtime-capability/1"
	IDRegistry               = "aether.managed-tool-registry/1"
	IDHostLease              = "aether.managed-tool-host-lease/1"
	IDInvocation             = "aether.managed-tool-invocation/1"
	IDCancellation           = "aether.managed-tool-cancellation/1"
	IDResult                 = "aether.managed-tool-result/1"
	IDWorkspaceStatusInput   = "aether.managed-tool-workspace-status-input/1"
	IDWorkspaceStatus        = "aether.managed-tool-workspace-status/1"
)

// The pinned E1 schema digests (section 6.2): the manifest's entries for
// workspace-status-input.schema.json and workspace-status.schema.json.
const (
	E1InputSchemaDigest  = "sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852"
	E1OutputSchemaDigest = "sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305"
)

// Skew is the clock skew of decided rule 11, in milliseconds, either way.
const Skew = 30000

// MaxWorkspaceStatusBytes is the serialized-size bound of a workspace
// status (section 1.9): above it is refused.
const MaxWorkspaceStatusBytes = 65536

// ms returns the epoch milliseconds of the timestamp member name of o.
func ms(o *jsonvalue.Value, name string) int64 { return millis(get(o, name).Units) }

// units returns the units of the string member name of o.
func units(o *jsonvalue.Value, name string) []uint16 { return get(o, name).Units }

// num returns the exact integer of the number member name of o (its
// integer part; section 5).
func num(o *jsonvalue.Value, name string) *big.Int { return bigInt(get(o, name).Text) }

// ownDigest returns H(schemaID, proj(o) without omit), the own digest of
// decided rule 1 (section 1.6).
func ownDigest(c *refusal.Checker, schemaID string, o *jsonvalue.Value, d *decl, omit ...string) (string, error) {
	return digestOf(c, schemaID, without(proj(o, d), omit...))
}

// late and stale are the freshness rules of section 1.11: a start more
// than 30 s after now, and now at or past an end plus 30 s.
func late(start, now int64) bool { return start > now+Skew }
func stale(end, now int64) bool  { return now >= end+Skew }

// validateTrust is section 1.4 steps 1-4 for trust (section 2.1).
func validateTrust(c *refusal.Checker, t *jsonvalue.Value) error {
	if err := validateShape(c, "trust", t); err != nil {
		return err
	}
	if ms(t, "expires_at") <= ms(t, "issued_at") {
		if err := c.Refuse(ErrTrustExpiresAtOrder); err != nil {
			return err
		}
	}
	return nil
}

// trustAtUse is "trust expiry at every use" (section 1.7, cloud
// signatures, rules 1 and 2): the trust document has started and has not
// expired at now.
func trustAtUse(c *refusal.Checker, t *jsonvalue.Value, now int64) error {
	if late(ms(t, "issued_at"), now) {
		if err := c.Refuse(ErrTrustNotYetValid); err != nil {
			return err
		}
	}
	if stale(ms(t, "expires_at"), now) {
		if err := c.Refuse(ErrTrustExpired); err != nil {
			return err
		}
	}
	return nil
}

// trustKey returns the public key bytes of the first element of
// trust.keys whose key_id is keyID (section 1.7, rule 3), or nil.
func trustKey(t *jsonvalue.Value, keyID []uint16) []byte {
	keys := get(t, "keys")
	for i := range keys.Elems {
		if equalUnits(units(&keys.Elems[i], "key_id"), keyID) {
			return b64Decode(units(&keys.Elems[i], "public_key"))
		}
	}
	return nil
}

// validateDeviceProof is section 1.4 for device_proof (section 2.2): steps
// 1-4, the proof_digest check, the cloud signature with trust at now, and
// freshness. It returns the proof's own digest as recomputed. The trust
// document must have been validated.
func validateDeviceProof(c *refusal.Checker, dp, t *jsonvalue.Value, now int64) (string, error) {
	if err := validateShape(c, "device_proof", dp); err != nil {
		return "", err
	}
	if ms(dp, "expires_at") <= ms(dp, "issued_at") {
		if err := c.Refuse(ErrDeviceProofExpiresAtOrder); err != nil {
			return "", err
		}
	}
	own, err := ownDigest(c, IDDeviceProof, dp, declDeviceProof, "proof_digest", "cloud_signature")
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(dp, "proof_digest"), own) {
		if err := c.Refuse(ErrDeviceProofProofDigestMismatch); err != nil {
			return "", err
		}
	}
	if err := trustAtUse(c, t, now); err != nil {
		return "", err
	}
	key := trustKey(t, units(dp, "key_id"))
	if key == nil {
		if err := c.Refuse(ErrDeviceProofKeyUnknown); err != nil {
			return "", err
		}
		return "", &refusal.Error{Guard: ErrDeviceProofKeyUnknown}
	}
	msg, err := signingInput(c, IDDeviceProof, without(proj(dp, declDeviceProof), "cloud_signature"))
	if err != nil {
		return "", err
	}
	sig := b64Decode(units(dp, "cloud_signature"))
	if keyScreeningFails(key) {
		if err := c.Refuse(ErrDeviceProofSignatureKey); err != nil {
			return "", err
		}
	}
	if !signatureVerifies(key, msg, sig) {
		if err := c.Refuse(ErrDeviceProofSignature); err != nil {
			return "", err
		}
	}
	if late(ms(dp, "issued_at"), now) {
		if err := c.Refuse(ErrDeviceProofNotYetValid); err != nil {
			return "", err
		}
	}
	if stale(ms(dp, "expires_at"), now) {
		if err := c.Refuse(ErrDeviceProofExpired); err != nil {
			return "", err
		}
	}
	return own, nil
}

// deviceProofDigest is the binding digest of section 4.3 step 3:
// H("aether.managed-tool-device-proof/1", proj(device_proof) without
// proof_digest and cloud_signature), over the declared members that are
// present, whatever their values.
func deviceProofDigest(c *refusal.Checker, dp *jsonvalue.Value) (string, error) {
	return ownDigest(c, IDDeviceProof, dp, declDeviceProof, "proof_digest", "cloud_signature")
}

// validateHostOpenProof is section 4.3 steps 1-4: the shape of the
// host-open proof, the device key read from the (possibly unvalidated)
// device proof, the binding to that proof, and the device signature with
// the key screening inside verify. It returns the device proof's digest
// as recomputed in step 3.
func validateHostOpenProof(c *refusal.Checker, hop, dp *jsonvalue.Value) (string, error) {
	if err := validateShape(c, "host_open_proof", hop); err != nil {
		return "", err
	}
	if err := declared.Type(c, "device_proof", "device_public_key", dp); err != nil {
		return "", err
	}
	if err := declared.Rule(c, "device_proof", "device_public_key", 0, get(dp, "device_public_key")); err != nil {
		return "", err
	}
	key := b64Decode(units(dp, "device_public_key"))
	bound, err := deviceProofDigest(c, dp)
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(hop, "device_proof_digest"), bound) {
		if err := c.Refuse(ErrHostOpenProofDeviceProofDigestMismatch); err != nil {
			return "", err
		}
	}
	msg, err := signingInput(c, prefixHostOpen, without(proj(hop, declHostOpenProof), "schema_id", "device_signature"))
	if err != nil {
		return "", err
	}
	sig := b64Decode(units(hop, "device_signature"))
	if keyScreeningFails(key) {
		if err := c.Refuse(ErrHostOpenProofSignatureKey); err != nil {
			return "", err
		}
	}
	if !signatureVerifies(key, msg, sig) {
		if err := c.Refuse(ErrHostOpenProofSignature); err != nil {
			return "", err
		}
	}
	return bound, nil
}

// validateObserverChannelReceipt is section 1.4 for
// observer_channel_receipt (section 2.4); it returns its own digest.
func validateObserverChannelReceipt(c *refusal.Checker, r *jsonvalue.Value) (string, error) {
	if err := validateShape(c, "observer_channel_receipt", r); err != nil {
		return "", err
	}
	own, err := ownDigest(c, IDObserverChannelReceipt, r, declObserverChannelReceipt, "receipt_digest")
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(r, "receipt_digest"), own) {
		if err := c.Refuse(ErrObserverChannelReceiptReceiptDigestMismatch); err != nil {
			return "", err
		}
	}
	return own, nil
}

// validateRuntimeCapability is section 1.4 for runtime_capability
// (section 2.5); it returns its own digest.
func validateRuntimeCapability(c *refusal.Checker, rc *jsonvalue.Value) (string, error) {
	if err := validateShape(c, "runtime_capability", rc); err != nil {
		return "", err
	}
	own, err := ownDigest(c, IDRuntimeCapability, rc, declRuntimeCapability, "capability_digest")
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(rc, "capability_digest"), own) {
		if err := c.Refuse(ErrRuntimeCapabilityCapabilityDigestMismatch); err != nil {
			return "", err
		}
	}
	return own, nil
}

// validateRegistry is section 1.4 for registry (section 2.6); it returns
// its own digest.
func validateRegistry(c *refusal.Checker, r *jsonvalue.Value) (string, error) {
	if err := validateShape(c, "registry", r); err != nil {
		return "", err
	}
	own, err := ownDigest(c, IDRegistry, r, declRegistry, "registry_digest")
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(r, "registry_digest"), own) {
		if err := c.Refuse(ErrRegistryRegistryDigestMismatch); err != nil {
			return "", err
		}
	}
	return own, nil
}

// validateHostLease is section 1.4 for host_lease (section 2.7): steps
// 1-4, the cloud signature with trust at now, and freshness. The trust
// document must have been validated.
func validateHostLease(c *refusal.Checker, hl, t *jsonvalue.Value, now int64) error {
	if err := validateShape(c, "host_lease", hl); err != nil {
		return err
	}
	if ms(hl, "expires_at") <= ms(hl, "issued_at") {
		if err := c.Refuse(ErrHostLeaseExpiresAtOrder); err != nil {
			return err
		}
	}
	if err := trustAtUse(c, t, now); err != nil {
		return err
	}
	key := trustKey(t, units(hl, "key_id"))
	if key == nil {
		if err := c.Refuse(ErrHostLeaseKeyUnknown); err != nil {
			return err
		}
		return &refusal.Error{Guard: ErrHostLeaseKeyUnknown}
	}
	msg, err := signingInput(c, IDHostLease, without(proj(hl, declHostLease), "cloud_signature"))
	if err != nil {
		return err
	}
	sig := b64Decode(units(hl, "cloud_signature"))
	if keyScreeningFails(key) {
		if err := c.Refuse(ErrHostLeaseSignatureKey); err != nil {
			return err
		}
	}
	if !signatureVerifies(key, msg, sig) {
		if err := c.Refuse(ErrHostLeaseSignature); err != nil {
			return err
		}
	}
	if late(ms(hl, "issued_at"), now) {
		if err := c.Refuse(ErrHostLeaseNotYetValid); err != nil {
			return err
		}
	}
	if stale(ms(hl, "expires_at"), now) {
		if err := c.Refuse(ErrHostLeaseExpired); err != nil {
			return err
		}
	}
	return nil
}

// invocationSeal is what validateInvocation recomputes.
type invocationSeal struct {
	argumentsDigest, own string
	argumentsBytes       int
}

// validateInvocation is section 1.4 for invocation (section 2.8): steps
// 1-4, then arguments_digest, then invocation_digest.
func validateInvocation(c *refusal.Checker, inv *jsonvalue.Value) (invocationSeal, error) {
	var s invocationSeal
	if err := validateShape(c, "invocation", inv); err != nil {
		return s, err
	}
	if ms(inv, "deadline_at") <= ms(inv, "issued_at") {
		if err := c.Refuse(ErrInvocationDeadlineAtOrder); err != nil {
			return s, err
		}
	}
	canon, err := jcs(c, get(inv, "arguments"))
	if err != nil {
		return s, err
	}
	s.argumentsBytes = len(canon)
	s.argumentsDigest = h(prefixArguments, canon)
	if !jsonvalue.EqualString(units(inv, "arguments_digest"), s.argumentsDigest) {
		if err := c.Refuse(ErrInvocationArgumentsDigestMismatch); err != nil {
			return s, err
		}
	}
	if s.own, err = ownDigest(c, IDInvocation, inv, declInvocation, "invocation_digest"); err != nil {
		return s, err
	}
	if !jsonvalue.EqualString(units(inv, "invocation_digest"), s.own) {
		if err := c.Refuse(ErrInvocationInvocationDigestMismatch); err != nil {
			return s, err
		}
	}
	return s, nil
}

// validateCancellation is section 1.4 for cancellation (section 2.9); it
// returns its own digest.
func validateCancellation(c *refusal.Checker, x *jsonvalue.Value) (string, error) {
	if err := validateShape(c, "cancellation", x); err != nil {
		return "", err
	}
	own, err := ownDigest(c, IDCancellation, x, declCancellation, "cancellation_digest")
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(x, "cancellation_digest"), own) {
		if err := c.Refuse(ErrCancellationCancellationDigestMismatch); err != nil {
			return "", err
		}
	}
	return own, nil
}

// payloadBytes returns the number of canonical bytes of result.payload, 0
// for null (rule 16 of section 2.10).
func payloadBytes(c *refusal.Checker, r *jsonvalue.Value) (int, error) {
	p := get(r, "payload")
	if p.Kind == jsonvalue.Null {
		return 0, nil
	}
	canon, err := jcs(c, p)
	return len(canon), err
}

// validateResult is section 1.4 for result (section 2.10): steps 1-3, the
// sixteen object rules in order, then result_digest. It returns its own
// digest.
func validateResult(c *refusal.Checker, r *jsonvalue.Value) (string, error) {
	if err := validateShape(c, "result", r); err != nil {
		return "", err
	}
	if ms(r, "completed_at") < ms(r, "started_at") {
		if err := c.Refuse(ErrResultCompletedAtOrder); err != nil {
			return "", err
		}
	}
	state := units(r, "state")
	succeeded := jsonvalue.EqualString(state, "succeeded")
	errObj := get(r, "error")
	if succeeded && errObj.Kind != jsonvalue.Null {
		if err := c.Refuse(ErrResultErrorNotNull); err != nil {
			return "", err
		}
	}
	if !succeeded && errObj.Kind == jsonvalue.Null {
		if err := c.Refuse(ErrResultErrorNull); err != nil {
			return "", err
		}
	}
	if jsonvalue.EqualString(state, "cancelled") && errObj.Kind == jsonvalue.Object && !jsonvalue.EqualString(units(errObj, "code"), "TOOL_CANCELLED") {
		if err := c.Refuse(ErrResultErrorCodeCancelled); err != nil {
			return "", err
		}
	}
	if jsonvalue.EqualString(state, "deadline_exceeded") && errObj.Kind == jsonvalue.Object && !jsonvalue.EqualString(units(errObj, "code"), "TOOL_DEADLINE_EXCEEDED") {
		if err := c.Refuse(ErrResultErrorCodeDeadline); err != nil {
			return "", err
		}
	}
	if jsonvalue.EqualString(state, "refused") && errObj.Kind == jsonvalue.Object && oneOf(units(errObj, "code"), "TOOL_CANCELLED", "TOOL_DEADLINE_EXCEEDED") {
		if err := c.Refuse(ErrResultErrorCodeRefused); err != nil {
			return "", err
		}
	}
	payload := get(r, "payload")
	if succeeded && payload.Kind == jsonvalue.Null {
		if err := c.Refuse(ErrResultPayloadNull); err != nil {
			return "", err
		}
	}
	if !succeeded && payload.Kind != jsonvalue.Null {
		if err := c.Refuse(ErrResultPayloadNotNull); err != nil {
			return "", err
		}
	}
	outID := get(r, "output_schema_id")
	if succeeded && outID.Kind == jsonvalue.Null {
		if err := c.Refuse(ErrResultOutputSchemaIDNull); err != nil {
			return "", err
		}
	}
	if !succeeded && outID.Kind != jsonvalue.Null {
		if err := c.Refuse(ErrResultOutputSchemaIDNotNull); err != nil {
			return "", err
		}
	}
	outDigest := get(r, "output_schema_digest")
	if succeeded && outDigest.Kind == jsonvalue.Null {
		if err := c.Refuse(ErrResultOutputSchemaDigestNull); err != nil {
			return "", err
		}
	}
	if !succeeded && outDigest.Kind != jsonvalue.Null {
		if err := c.Refuse(ErrResultOutputSchemaDigestNotNull); err != nil {
			return "", err
		}
	}
	replay, retry := units(r, "replay_status"), units(r, "retry_class")
	if succeeded && jsonvalue.EqualString(retry, "new_call_after_recovery") {
		if err := c.Refuse(ErrResultRetryClassSucceeded); err != nil {
			return "", err
		}
	}
	if jsonvalue.EqualString(replay, "stored_redelivery") && !jsonvalue.EqualString(retry, "redeliver_stored_result") {
		if err := c.Refuse(ErrResultRetryClassRedelivery); err != nil {
			return "", err
		}
	}
	if jsonvalue.EqualString(retry, "redeliver_stored_result") && !jsonvalue.EqualString(replay, "stored_redelivery") {
		if err := c.Refuse(ErrResultReplayStatusRedelivery); err != nil {
			return "", err
		}
	}
	n, err := payloadBytes(c, r)
	if err != nil {
		return "", err
	}
	if num(r, "bounded_bytes").Cmp(big.NewInt(int64(n))) != 0 {
		if err := c.Refuse(ErrResultBoundedBytesMismatch); err != nil {
			return "", err
		}
	}
	own, err := ownDigest(c, IDResult, r, declResult, "result_digest")
	if err != nil {
		return "", err
	}
	if !jsonvalue.EqualString(units(r, "result_digest"), own) {
		if err := c.Refuse(ErrResultResultDigestMismatch); err != nil {
			return "", err
		}
	}
	return own, nil
}

// validateWorkspaceStatusInput is section 1.4 for workspace_status_input
// (section 2.11): steps 1-3 (it has no object rules and no digest).
func validateWorkspaceStatusInput(c *refusal.Checker, w *jsonvalue.Value) error {
	return validateShape(c, "workspace_status_input", w)
}

// validateWorkspaceStatus is section 1.4 for workspace_status (section
// 2.12): the serialized-size bound first (step 0), then steps 1-3 and
// status_digest. It returns its own digest and S(workspace_status).
func validateWorkspaceStatus(c *refusal.Checker, w *jsonvalue.Value) (string, int64, error) {
	size := serializedSize(w)
	if size > MaxWorkspaceStatusBytes {
		if err := c.Refuse(ErrWorkspaceStatusSize); err != nil {
			return "", 0, err
		}
	}
	if err := validateShape(c, "workspace_status", w); err != nil {
		return "", 0, err
	}
	own, err := ownDigest(c, IDWorkspaceStatus, w, declWorkspaceStatus, "status_digest")
	if err != nil {
		return "", 0, err
	}
	if !jsonvalue.EqualString(units(w, "status_digest"), own) {
		if err := c.Refuse(ErrWorkspaceStatusStatusDigestMismatch); err != nil {
			return "", 0, err
		}
	}
	return own, size, nil
}

// serializedSize is S(v) of section 1.9, defined on the value as read.
func serializedSize(v *jsonvalue.Value) int64 {
	switch v.Kind {
	case jsonvalue.Null, jsonvalue.True:
		return 4
	case jsonvalue.False:
		return 5
	case jsonvalue.Number:
		return int64(len(v.Text))
	case jsonvalue.String:
		return stringSize(v.Units)
	case jsonvalue.Array:
		n := int64(2)
		for i := range v.Elems {
			n += serializedSize(&v.Elems[i])
		}
		if len(v.Elems) > 0 {
			n += int64(len(v.Elems) - 1)
		}
		return n
	}
	n := int64(2)
	for i := range v.Members {
		n += stringSize(v.Members[i].Name) + 1 + serializedSize(&v.Members[i].Value)
	}
	if len(v.Members) > 0 {
		n += int64(len(v.Members) - 1)
	}
	return n
}

// stringSize is S of a string (section 1.9): 2, plus 2 for each of ",
// \, U+0008, U+0009, U+000A, U+000C and U+000D, 6 for any other
// U+0000-U+001F, and the UTF-8 length of every other code point (3 for a
// lone surrogate).
func stringSize(u []uint16) int64 {
	// A unit below U+0020 or a quote or backslash is a code point of one
	// UTF-8 byte; its escape adds 1 (two-character escapes) or 5 (\u00XX).
	n := int64(2 + jsonvalue.UTF8Len(u))
	for _, c := range u {
		switch {
		case c == '"' || c == '\\' || c == '\b' || c == '\t' || c == '\n' || c == '\f' || c == '\r':
			n++
		case c < 0x20:
			n += 5
		}
	}
	return n
}

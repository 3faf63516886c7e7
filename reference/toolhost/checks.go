package toolhost

import (
	"math/big"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The nine cross-object checks (spec/toolhost.md, sections 3 and
// 4.13-4.21), gate verdicts. Each takes a JSON value input, the envelope
// of the documents it relates (and now or the challenge where a rule needs
// them), validates every document in full first, in the envelope's order,
// then runs its own rules in order, the first that fails winning. It
// returns the JCS bytes of its verdict or a *refusal.Error carrying one
// guard of Guards. opts may let guards pass (refusal.Ignoring). None
// panics.

// differ reports whether two string members differ, unit for unit.
func differ(a, b *jsonvalue.Value, name string) bool {
	return !equalUnits(units(a, name), units(b, name))
}

// differNum reports whether two number members differ as exact integers.
func differNum(a, b *jsonvalue.Value, name string) bool {
	return num(a, name).Cmp(num(b, name)) != 0
}

// CheckLeaseBinding takes {trust, device_proof, registry, host_lease, now}
// and returns JCS of {expires_at_ms, lease_id, proof_digest,
// registry_digest} (section 4.13): the lease's scope equalities with the
// device proof and the registry, the revocation epoch fence, and its
// expiry within the proof's and the trust's.
func CheckLeaseBinding(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust", "device_proof", "registry", "host_lease", "now")
	if err != nil {
		return nil, err
	}
	t, dp, reg, hl := e.doc("trust"), e.doc("device_proof"), e.doc("registry"), e.doc("host_lease")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	proof, err := validateDeviceProof(c, dp, t, e.now)
	if err != nil {
		return nil, err
	}
	regDigest, err := validateRegistry(c, reg)
	if err != nil {
		return nil, err
	}
	if err := validateHostLease(c, hl, t, e.now); err != nil {
		return nil, err
	}
	if differ(hl, dp, "account_subject") {
		if err := c.Refuse(ErrLeaseBindingAccount); err != nil {
			return nil, err
		}
	}
	if differ(hl, reg, "agent_id") {
		if err := c.Refuse(ErrLeaseBindingAgent); err != nil {
			return nil, err
		}
	}
	if differ(hl, dp, "device_id") {
		if err := c.Refuse(ErrLeaseBindingDeviceProof); err != nil {
			return nil, err
		}
	}
	if differ(hl, reg, "device_id") {
		if err := c.Refuse(ErrLeaseBindingDeviceRegistry); err != nil {
			return nil, err
		}
	}
	if differ(hl, reg, "local_session_id") {
		if err := c.Refuse(ErrLeaseBindingSession); err != nil {
			return nil, err
		}
	}
	if differNum(hl, reg, "session_generation") {
		if err := c.Refuse(ErrLeaseBindingGeneration); err != nil {
			return nil, err
		}
	}
	if err := leaseRegistryDigest(c, hl, reg); err != nil {
		return nil, err
	}
	if differ(hl, dp, "cloud_origin_id") {
		if err := c.Refuse(ErrLeaseBindingOrigin); err != nil {
			return nil, err
		}
	}
	if differNum(hl, dp, "revocation_epoch") {
		if err := c.Refuse(ErrLeaseBindingEpoch); err != nil {
			return nil, err
		}
	}
	if ms(hl, "expires_at") > ms(dp, "expires_at") {
		if err := c.Refuse(ErrLeaseBindingProofExpiry); err != nil {
			return nil, err
		}
	}
	if ms(hl, "expires_at") > ms(t, "expires_at") {
		if err := c.Refuse(ErrLeaseBindingTrustExpiry); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.millisOf(hl, "expires_at").copyOf("lease_id", get(hl, "lease_id")).str("proof_digest", proof).
		str("registry_digest", regDigest).bytes(c)
}

// leaseRegistryDigest is the lease's registry binding (section 4.13 rule 7
// and section 4.15 rule 8, one guard).
func leaseRegistryDigest(c *refusal.Checker, hl, reg *jsonvalue.Value) error {
	if differ(hl, reg, "registry_digest") {
		if err := c.Refuse(ErrLeaseRegistryDigest); err != nil {
			return err
		}
	}
	return nil
}

// CheckHostOpenBinding takes {trust, device_proof, host_open_proof,
// registry, host_lease, challenge, now} and returns JCS of
// {device_proof_digest, lease_id, registry_digest} (section 4.14): the
// proof answers the issued challenge and names the registry's session and
// the lease's conversation.
func CheckHostOpenBinding(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust", "device_proof", "host_open_proof", "registry", "host_lease", "challenge", "now")
	if err != nil {
		return nil, err
	}
	t, dp, hop, reg, hl := e.doc("trust"), e.doc("device_proof"), e.doc("host_open_proof"), e.doc("registry"), e.doc("host_lease")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	if _, err := validateDeviceProof(c, dp, t, e.now); err != nil {
		return nil, err
	}
	bound, err := validateHostOpenProof(c, hop, dp)
	if err != nil {
		return nil, err
	}
	regDigest, err := validateRegistry(c, reg)
	if err != nil {
		return nil, err
	}
	if err := validateHostLease(c, hl, t, e.now); err != nil {
		return nil, err
	}
	if !equalUnits(units(hop, "challenge"), e.challenge) {
		if err := c.Refuse(ErrHostOpenChallenge); err != nil {
			return nil, err
		}
	}
	if differ(hop, reg, "agent_id") {
		if err := c.Refuse(ErrHostOpenRegistryAgent); err != nil {
			return nil, err
		}
	}
	if differ(hop, reg, "local_session_id") {
		if err := c.Refuse(ErrHostOpenRegistrySession); err != nil {
			return nil, err
		}
	}
	if differNum(hop, reg, "session_generation") {
		if err := c.Refuse(ErrHostOpenRegistryGeneration); err != nil {
			return nil, err
		}
	}
	if differ(hop, reg, "registry_digest") {
		if err := c.Refuse(ErrHostOpenRegistryDigest); err != nil {
			return nil, err
		}
	}
	if differ(hop, hl, "conversation_id") {
		if err := c.Refuse(ErrHostOpenLeaseConversation); err != nil {
			return nil, err
		}
	}
	if differ(hop, hl, "agent_id") {
		if err := c.Refuse(ErrHostOpenLeaseAgent); err != nil {
			return nil, err
		}
	}
	if differ(hop, hl, "local_session_id") {
		if err := c.Refuse(ErrHostOpenLeaseSession); err != nil {
			return nil, err
		}
	}
	if differNum(hop, hl, "session_generation") {
		if err := c.Refuse(ErrHostOpenLeaseGeneration); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.str("device_proof_digest", bound).copyOf("lease_id", get(hl, "lease_id")).str("registry_digest", regDigest).bytes(c)
}

// invocationLease is section 4.15 rule 1 and section 4.18 rule 5, one
// guard: the invocation is under the lease.
func invocationLease(c *refusal.Checker, inv, hl *jsonvalue.Value) error {
	if differ(inv, hl, "lease_id") {
		if err := c.Refuse(ErrInvocationLease); err != nil {
			return err
		}
	}
	return nil
}

// selectTool is section 4.15 rule 9 and section 4.19 rule 6, one guard:
// the first registry tool whose name and version are the invocation's.
// The guard has no accept path (section 5).
func selectTool(c *refusal.Checker, reg, inv *jsonvalue.Value) (*jsonvalue.Value, error) {
	tools := get(reg, "tools")
	var tool *jsonvalue.Value
	for i := range tools.Elems {
		t := &tools.Elems[i]
		if equalUnits(units(t, "name"), units(inv, "tool_name")) && num(t, "version").Cmp(num(inv, "tool_version")) == 0 {
			tool = t
			break
		}
	}
	if tool == nil {
		if err := c.Refuse(ErrInvocationTool); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrInvocationTool}
	}
	return tool, nil
}

// hasCapability reports whether host_lease.capabilities holds name.
func hasCapability(hl *jsonvalue.Value, name string) bool {
	caps := get(hl, "capabilities")
	for i := range caps.Elems {
		if jsonvalue.EqualString(caps.Elems[i].Units, name) {
			return true
		}
	}
	return false
}

// exceeds reports whether the count n is above the number member name of
// tool, compared exactly.
func exceeds(n int64, tool *jsonvalue.Value, name string) bool {
	return big.NewInt(n).Cmp(num(tool, name)) > 0
}

// CheckInvocation takes {trust, registry, host_lease, invocation, now} and
// returns JCS of {arguments_bytes, deadline_at_ms, invocation_digest,
// lease_id, registry_digest, tool_name, tool_version} (section 4.15): the
// invocation's scope is the lease's, the lease allows invoke and binds the
// registry, the tool is selected by (name, version) with its schema
// identity and bounds, and the deadline fits the lease, the tool and now.
func CheckInvocation(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust", "registry", "host_lease", "invocation", "now")
	if err != nil {
		return nil, err
	}
	t, reg, hl, inv := e.doc("trust"), e.doc("registry"), e.doc("host_lease"), e.doc("invocation")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	regDigest, err := validateRegistry(c, reg)
	if err != nil {
		return nil, err
	}
	if err := validateHostLease(c, hl, t, e.now); err != nil {
		return nil, err
	}
	s, err := validateInvocation(c, inv)
	if err != nil {
		return nil, err
	}
	if err := invocationLease(c, inv, hl); err != nil {
		return nil, err
	}
	if differ(inv, hl, "device_id") {
		if err := c.Refuse(ErrInvocationDevice); err != nil {
			return nil, err
		}
	}
	if differ(inv, hl, "agent_id") {
		if err := c.Refuse(ErrInvocationAgent); err != nil {
			return nil, err
		}
	}
	if differ(inv, hl, "conversation_id") {
		if err := c.Refuse(ErrInvocationConversation); err != nil {
			return nil, err
		}
	}
	if differ(inv, hl, "local_session_id") {
		if err := c.Refuse(ErrInvocationSession); err != nil {
			return nil, err
		}
	}
	if differNum(inv, hl, "session_generation") {
		if err := c.Refuse(ErrInvocationGeneration); err != nil {
			return nil, err
		}
	}
	if !hasCapability(hl, "invoke") {
		if err := c.Refuse(ErrInvocationCapability); err != nil {
			return nil, err
		}
	}
	if err := leaseRegistryDigest(c, hl, reg); err != nil {
		return nil, err
	}
	tool, err := selectTool(c, reg, inv)
	if err != nil {
		return nil, err
	}
	if differ(inv, tool, "input_schema_id") {
		if err := c.Refuse(ErrInvocationInputSchemaID); err != nil {
			return nil, err
		}
	}
	if differ(inv, tool, "input_schema_digest") {
		if err := c.Refuse(ErrInvocationInputSchemaDigest); err != nil {
			return nil, err
		}
	}
	if exceeds(int64(s.argumentsBytes), tool, "max_argument_bytes") {
		if err := c.Refuse(ErrInvocationArgumentBytes); err != nil {
			return nil, err
		}
	}
	if ms(inv, "deadline_at") > ms(hl, "expires_at") {
		if err := c.Refuse(ErrInvocationDeadlineLease); err != nil {
			return nil, err
		}
	}
	if exceeds(ms(inv, "deadline_at")-ms(inv, "issued_at"), tool, "max_duration_ms") {
		if err := c.Refuse(ErrInvocationDeadlineDuration); err != nil {
			return nil, err
		}
	}
	if late(ms(inv, "issued_at"), e.now) {
		if err := c.Refuse(ErrInvocationNotYetValid); err != nil {
			return nil, err
		}
	}
	if stale(ms(inv, "deadline_at"), e.now) {
		if err := c.Refuse(ErrInvocationDeadlinePassed); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.integer("arguments_bytes", int64(s.argumentsBytes)).millisOf(inv, "deadline_at").str("invocation_digest", s.own).
		copyOf("lease_id", get(hl, "lease_id")).str("registry_digest", regDigest).
		copyOf("tool_name", get(inv, "tool_name")).copyOf("tool_version", get(inv, "tool_version")).bytes(c)
}

// CheckToolArguments takes {invocation} and returns JCS of
// {arguments_digest, input_schema_id, invocation_digest} (section 4.16):
// the invocation is validated, then dispatched to the frozen E1 argument
// validator (the only one; any other schema fails closed), which validates
// its arguments as the document workspace_status_input.
func CheckToolArguments(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "invocation")
	if err != nil {
		return nil, err
	}
	inv := e.doc("invocation")
	s, err := validateInvocation(c, inv)
	if err != nil {
		return nil, err
	}
	if !jsonvalue.EqualString(units(inv, "input_schema_id"), IDWorkspaceStatusInput) {
		if err := c.Refuse(ErrArgumentsSchemaID); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrArgumentsSchemaID}
	}
	if !jsonvalue.EqualString(units(inv, "input_schema_digest"), E1InputSchemaDigest) {
		if err := c.Refuse(ErrArgumentsSchemaDigest); err != nil {
			return nil, err
		}
	}
	if err := validateWorkspaceStatusInput(c, get(inv, "arguments")); err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.str("arguments_digest", s.argumentsDigest).copyOf("input_schema_id", get(inv, "input_schema_id")).
		str("invocation_digest", s.own).bytes(c)
}

// CheckToolPayload takes {result} and returns JCS of {output_schema_id,
// result_digest, status_digest} (section 4.17): the result is validated,
// must have succeeded, and is dispatched to the frozen E1 payload
// validator, which validates its payload as the document workspace_status
// (the 64 KiB bound first).
func CheckToolPayload(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "result")
	if err != nil {
		return nil, err
	}
	r := e.doc("result")
	own, err := validateResult(c, r)
	if err != nil {
		return nil, err
	}
	if !jsonvalue.EqualString(units(r, "state"), "succeeded") {
		if err := c.Refuse(ErrPayloadState); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrPayloadState}
	}
	outID := get(r, "output_schema_id")
	if outID.Kind != jsonvalue.String || !jsonvalue.EqualString(outID.Units, IDWorkspaceStatus) {
		if err := c.Refuse(ErrPayloadSchemaID); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrPayloadSchemaID}
	}
	outDigest := get(r, "output_schema_digest")
	if outDigest.Kind != jsonvalue.String || !jsonvalue.EqualString(outDigest.Units, E1OutputSchemaDigest) {
		if err := c.Refuse(ErrPayloadSchemaDigest); err != nil {
			return nil, err
		}
	}
	payload := get(r, "payload")
	if err := envDocument(c, "workspace_status", payload); err != nil {
		return nil, err
	}
	status, _, err := validateWorkspaceStatus(c, payload)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.copyOf("output_schema_id", outID).str("result_digest", own).str("status_digest", status).bytes(c)
}

// CheckCancellation takes {trust, host_lease, invocation, cancellation,
// now} and returns JCS of {cancellation_digest, invocation_digest,
// lease_id} (section 4.18): the cancellation targets the invocation under
// the lease, the lease allows cancel, and the request falls in the window
// from lease.issued_at - 30 s (inclusive) to lease.expires_at + 30 s
// (exclusive) and is fresh.
func CheckCancellation(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust", "host_lease", "invocation", "cancellation", "now")
	if err != nil {
		return nil, err
	}
	t, hl, inv, x := e.doc("trust"), e.doc("host_lease"), e.doc("invocation"), e.doc("cancellation")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	if err := validateHostLease(c, hl, t, e.now); err != nil {
		return nil, err
	}
	s, err := validateInvocation(c, inv)
	if err != nil {
		return nil, err
	}
	own, err := validateCancellation(c, x)
	if err != nil {
		return nil, err
	}
	if !equalUnits(units(x, "target_invocation_id"), units(inv, "invocation_id")) {
		if err := c.Refuse(ErrCancellationTarget); err != nil {
			return nil, err
		}
	}
	if !equalUnits(units(x, "target_invocation_digest"), units(inv, "invocation_digest")) {
		if err := c.Refuse(ErrCancellationTargetDigest); err != nil {
			return nil, err
		}
	}
	if differ(x, hl, "lease_id") {
		if err := c.Refuse(ErrCancellationLease); err != nil {
			return nil, err
		}
	}
	if differNum(x, hl, "session_generation") {
		if err := c.Refuse(ErrCancellationGeneration); err != nil {
			return nil, err
		}
	}
	if err := invocationLease(c, inv, hl); err != nil {
		return nil, err
	}
	if !hasCapability(hl, "cancel") {
		if err := c.Refuse(ErrCancellationCapability); err != nil {
			return nil, err
		}
	}
	if ms(x, "requested_at") < ms(hl, "issued_at")-Skew {
		if err := c.Refuse(ErrCancellationWindowStart); err != nil {
			return nil, err
		}
	}
	if ms(x, "requested_at") >= ms(hl, "expires_at")+Skew {
		if err := c.Refuse(ErrCancellationWindowEnd); err != nil {
			return nil, err
		}
	}
	if late(ms(x, "requested_at"), e.now) {
		if err := c.Refuse(ErrCancellationNotYetValid); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.str("cancellation_digest", own).str("invocation_digest", s.own).copyOf("lease_id", get(hl, "lease_id")).bytes(c)
}

// CheckResult takes {registry, invocation, result} and returns JCS of
// {bounded_bytes, invocation_digest, result_digest, state} (section 4.19):
// the result answers the invocation, its output schema identity (when it
// succeeded) and size are the selected tool's, and its times fit the
// invocation's, the deadline winning.
func CheckResult(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "registry", "invocation", "result")
	if err != nil {
		return nil, err
	}
	reg, inv, r := e.doc("registry"), e.doc("invocation"), e.doc("result")
	if _, err := validateRegistry(c, reg); err != nil {
		return nil, err
	}
	s, err := validateInvocation(c, inv)
	if err != nil {
		return nil, err
	}
	own, err := validateResult(c, r)
	if err != nil {
		return nil, err
	}
	if differ(r, inv, "invocation_id") {
		if err := c.Refuse(ErrResultInvocation); err != nil {
			return nil, err
		}
	}
	if differ(r, inv, "invocation_digest") {
		if err := c.Refuse(ErrResultInvocationDigest); err != nil {
			return nil, err
		}
	}
	if differ(r, inv, "lease_id") {
		if err := c.Refuse(ErrResultLease); err != nil {
			return nil, err
		}
	}
	if !equalUnits(units(r, "tool_name"), units(inv, "tool_name")) {
		if err := c.Refuse(ErrResultToolName); err != nil {
			return nil, err
		}
	}
	if num(r, "tool_version").Cmp(num(inv, "tool_version")) != 0 {
		if err := c.Refuse(ErrResultToolVersion); err != nil {
			return nil, err
		}
	}
	tool, err := selectTool(c, reg, inv)
	if err != nil {
		return nil, err
	}
	succeeded := jsonvalue.EqualString(units(r, "state"), "succeeded")
	if succeeded && !sameString(get(r, "output_schema_id"), get(tool, "output_schema_id")) {
		if err := c.Refuse(ErrResultOutputSchemaID); err != nil {
			return nil, err
		}
	}
	if succeeded && !sameString(get(r, "output_schema_digest"), get(tool, "output_schema_digest")) {
		if err := c.Refuse(ErrResultOutputSchemaDigest); err != nil {
			return nil, err
		}
	}
	if num(r, "bounded_bytes").Cmp(num(tool, "max_result_bytes")) > 0 {
		if err := c.Refuse(ErrResultMaxBytes); err != nil {
			return nil, err
		}
	}
	if ms(r, "started_at") < ms(inv, "issued_at")-Skew {
		if err := c.Refuse(ErrResultStartedEarly); err != nil {
			return nil, err
		}
	}
	if succeeded && ms(r, "completed_at") > ms(inv, "deadline_at")+Skew {
		if err := c.Refuse(ErrResultDeadline); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.copyOf("bounded_bytes", get(r, "bounded_bytes")).str("invocation_digest", s.own).str("result_digest", own).
		copyOf("state", get(r, "state")).bytes(c)
}

// sameString reports whether a (a string or null) is the string b, unit
// for unit.
func sameString(a, b *jsonvalue.Value) bool {
	return a.Kind == jsonvalue.String && equalUnits(a.Units, b.Units)
}

// AssertE1CanaryRegistry takes {registry} and returns JCS of
// {input_schema_digest, output_schema_digest, registry_digest, tool_name,
// tool_version} (section 4.20): the registry is the E1 canary, exactly one
// tool ats.workspace_status version 1 with the frozen E1 schemas, its
// dependencies and its data classes.
func AssertE1CanaryRegistry(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "registry")
	if err != nil {
		return nil, err
	}
	reg := e.doc("registry")
	own, err := validateRegistry(c, reg)
	if err != nil {
		return nil, err
	}
	tools := get(reg, "tools")
	if len(tools.Elems) != 1 {
		if err := c.Refuse(ErrE1ToolCount); err != nil {
			return nil, err
		}
		if len(tools.Elems) == 0 {
			return nil, &refusal.Error{Guard: ErrE1ToolCount} // section 5: no tools[0] to go on with
		}
	}
	tool := &tools.Elems[0]
	if !jsonvalue.EqualString(units(tool, "name"), "ats.workspace_status") {
		if err := c.Refuse(ErrE1ToolName); err != nil {
			return nil, err
		}
	}
	if num(tool, "version").Cmp(big.NewInt(1)) != 0 {
		if err := c.Refuse(ErrE1ToolVersion); err != nil {
			return nil, err
		}
	}
	if !jsonvalue.EqualString(units(tool, "input_schema_id"), IDWorkspaceStatusInput) {
		if err := c.Refuse(ErrE1InputSchemaID); err != nil {
			return nil, err
		}
	}
	if !jsonvalue.EqualString(units(tool, "input_schema_digest"), E1InputSchemaDigest) {
		if err := c.Refuse(ErrE1InputSchemaDigest); err != nil {
			return nil, err
		}
	}
	if !jsonvalue.EqualString(units(tool, "output_schema_id"), IDWorkspaceStatus) {
		if err := c.Refuse(ErrE1OutputSchemaID); err != nil {
			return nil, err
		}
	}
	if !jsonvalue.EqualString(units(tool, "output_schema_digest"), E1OutputSchemaDigest) {
		if err := c.Refuse(ErrE1OutputSchemaDigest); err != nil {
			return nil, err
		}
	}
	if !exactly(get(tool, "dependencies"), "ats_observer_channel", "local_workspace") {
		if err := c.Refuse(ErrE1Dependencies); err != nil {
			return nil, err
		}
	}
	if !exactly(get(tool, "data_classes"), "ats_status", "local_status") {
		if err := c.Refuse(ErrE1DataClasses); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.copyOf("input_schema_digest", get(tool, "input_schema_digest")).copyOf("output_schema_digest", get(tool, "output_schema_digest")).
		str("registry_digest", own).copyOf("tool_name", get(tool, "name")).copyOf("tool_version", get(tool, "version")).bytes(c)
}

// exactly reports whether the array a is exactly the strings want, in
// order.
func exactly(a *jsonvalue.Value, want ...string) bool {
	if len(a.Elems) != len(want) {
		return false
	}
	for i, w := range want {
		if a.Elems[i].Kind != jsonvalue.String || !jsonvalue.EqualString(a.Elems[i].Units, w) {
			return false
		}
	}
	return true
}

// CheckCapabilityReceipt takes {runtime_capability,
// observer_channel_receipt} and returns JCS of {capability_digest,
// channel_id, receipt_digest} (section 4.21): the receipt names the
// capability by digest, and its device and runtime version.
func CheckCapabilityReceipt(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "runtime_capability", "observer_channel_receipt")
	if err != nil {
		return nil, err
	}
	rc, r := e.doc("runtime_capability"), e.doc("observer_channel_receipt")
	capDigest, err := validateRuntimeCapability(c, rc)
	if err != nil {
		return nil, err
	}
	receipt, err := validateObserverChannelReceipt(c, r)
	if err != nil {
		return nil, err
	}
	if differ(r, rc, "capability_digest") {
		if err := c.Refuse(ErrReceiptCapabilityDigest); err != nil {
			return nil, err
		}
	}
	if differ(r, rc, "device_id") {
		if err := c.Refuse(ErrReceiptDevice); err != nil {
			return nil, err
		}
	}
	if differ(r, rc, "runtime_version") {
		if err := c.Refuse(ErrReceiptRuntimeVersion); err != nil {
			return nil, err
		}
	}
	v := &verdict{}
	return v.str("capability_digest", capDigest).copyOf("channel_id", get(r, "channel_id")).str("receipt_digest", receipt).bytes(c)
}

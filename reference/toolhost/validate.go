package toolhost

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The twelve object validators (spec/toolhost.md, sections 4.1-4.12). Each
// takes a JSON value input, the operation's envelope, and returns the JCS
// bytes of its verdict, or a *refusal.Error carrying one guard of Guards:
// the envelope's refusals first (section 1.1), then the documents' in the
// order given, the first that fails winning. opts may let guards pass
// (refusal.Ignoring; section 5 says how each one goes on). None panics.

// ValidateTrust takes {trust} and returns JCS of {expires_at_ms,
// issued_at_ms, key_ids, schema_id} (section 4.1): the trust document's
// shape and its order rule, with no clock.
func ValidateTrust(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust")
	if err != nil {
		return nil, err
	}
	t := e.doc("trust")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	ids := jsonvalue.Value{Kind: jsonvalue.Array, Elems: []jsonvalue.Value{}}
	keys := get(t, "keys")
	for i := range keys.Elems {
		ids.Elems = append(ids.Elems, *get(&keys.Elems[i], "key_id"))
	}
	v := &verdict{}
	return v.millisOf(t, "expires_at").millisOf(t, "issued_at").add("key_ids", ids).str("schema_id", IDTrust).bytes(c)
}

// ValidateDeviceProof takes {trust, device_proof, now} and returns JCS of
// {device_id, expires_at_ms, issued_at_ms, key_id, proof_digest,
// schema_id} (section 4.2): trust validated, then the device proof with
// its digest, its cloud signature under trust at now, and its freshness.
func ValidateDeviceProof(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust", "device_proof", "now")
	if err != nil {
		return nil, err
	}
	t, dp := e.doc("trust"), e.doc("device_proof")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	own, err := validateDeviceProof(c, dp, t, e.now)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.copyOf("device_id", get(dp, "device_id")).millisOf(dp, "expires_at").millisOf(dp, "issued_at").
		copyOf("key_id", get(dp, "key_id")).str("proof_digest", own).str("schema_id", IDDeviceProof).bytes(c)
}

// ValidateHostOpenProof takes {host_open_proof, device_proof}, the device
// proof unvalidated, and returns JCS of {device_proof_digest, schema_id}
// (section 4.3): the proof's shape, the device key, the binding to the
// device proof by its recomputed digest, and the device signature with the
// key screening inside verify.
func ValidateHostOpenProof(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "host_open_proof", "device_proof")
	if err != nil {
		return nil, err
	}
	bound, err := validateHostOpenProof(c, e.doc("host_open_proof"), e.doc("device_proof"))
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.str("device_proof_digest", bound).str("schema_id", IDHostOpenProof).bytes(c)
}

// ValidateObserverChannelReceipt takes {observer_channel_receipt} and
// returns JCS of {opened_at_ms, receipt_digest, schema_id} (section 4.4).
func ValidateObserverChannelReceipt(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "observer_channel_receipt")
	if err != nil {
		return nil, err
	}
	r := e.doc("observer_channel_receipt")
	own, err := validateObserverChannelReceipt(c, r)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.millisOf(r, "opened_at").str("receipt_digest", own).str("schema_id", IDObserverChannelReceipt).bytes(c)
}

// ValidateRuntimeCapability takes {runtime_capability} and returns JCS of
// {capability_digest, observed_at_ms, schema_id} (section 4.5).
func ValidateRuntimeCapability(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "runtime_capability")
	if err != nil {
		return nil, err
	}
	rc := e.doc("runtime_capability")
	own, err := validateRuntimeCapability(c, rc)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.str("capability_digest", own).millisOf(rc, "observed_at").str("schema_id", IDRuntimeCapability).bytes(c)
}

// ValidateRegistry takes {registry} and returns JCS of {registry_digest,
// schema_id, tools}, tools the number of tools (section 4.6).
func ValidateRegistry(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "registry")
	if err != nil {
		return nil, err
	}
	r := e.doc("registry")
	own, err := validateRegistry(c, r)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.str("registry_digest", own).str("schema_id", IDRegistry).integer("tools", int64(len(get(r, "tools").Elems))).bytes(c)
}

// ValidateHostLease takes {trust, host_lease, now} and returns JCS of
// {expires_at_ms, issued_at_ms, key_id, lease_id, schema_id} (section 4.7):
// trust validated, then the lease with its cloud signature under trust at
// now and its freshness.
func ValidateHostLease(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "trust", "host_lease", "now")
	if err != nil {
		return nil, err
	}
	t, hl := e.doc("trust"), e.doc("host_lease")
	if err := validateTrust(c, t); err != nil {
		return nil, err
	}
	if err := validateHostLease(c, hl, t, e.now); err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.millisOf(hl, "expires_at").millisOf(hl, "issued_at").copyOf("key_id", get(hl, "key_id")).
		copyOf("lease_id", get(hl, "lease_id")).str("schema_id", IDHostLease).bytes(c)
}

// ValidateInvocation takes {invocation} and returns JCS of
// {arguments_bytes, arguments_digest, deadline_at_ms, invocation_digest,
// issued_at_ms, schema_id} (section 4.8).
func ValidateInvocation(in []byte, opts ...refusal.Option) ([]byte, error) {
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
	v := &verdict{}
	return v.integer("arguments_bytes", int64(s.argumentsBytes)).str("arguments_digest", s.argumentsDigest).
		millisOf(inv, "deadline_at").str("invocation_digest", s.own).millisOf(inv, "issued_at").
		str("schema_id", IDInvocation).bytes(c)
}

// ValidateCancellation takes {cancellation} and returns JCS of
// {cancellation_digest, requested_at_ms, schema_id} (section 4.9).
func ValidateCancellation(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "cancellation")
	if err != nil {
		return nil, err
	}
	x := e.doc("cancellation")
	own, err := validateCancellation(c, x)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.str("cancellation_digest", own).millisOf(x, "requested_at").str("schema_id", IDCancellation).bytes(c)
}

// ValidateResult takes {result} and returns JCS of {bounded_bytes,
// completed_at_ms, result_digest, schema_id, started_at_ms, state}
// (section 4.10).
func ValidateResult(in []byte, opts ...refusal.Option) ([]byte, error) {
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
	v := &verdict{}
	return v.copyOf("bounded_bytes", get(r, "bounded_bytes")).millisOf(r, "completed_at").str("result_digest", own).
		str("schema_id", IDResult).millisOf(r, "started_at").copyOf("state", get(r, "state")).bytes(c)
}

// ValidateWorkspaceStatusInput takes {workspace_status_input} and returns
// JCS of {arguments_digest, schema_id} (section 4.11), arguments_digest
// being H("aether.managed-tool-arguments/1", proj(workspace_status_input)).
func ValidateWorkspaceStatusInput(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "workspace_status_input")
	if err != nil {
		return nil, err
	}
	w := e.doc("workspace_status_input")
	if err := validateWorkspaceStatusInput(c, w); err != nil {
		return nil, err
	}
	d, err := digestOf(c, prefixArguments, proj(w, declWorkspaceStatusInput))
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.str("arguments_digest", d).str("schema_id", IDWorkspaceStatusInput).bytes(c)
}

// ValidateWorkspaceStatus takes {workspace_status} and returns JCS of
// {observed_at_ms, schema_id, serialized_bytes, status_digest} (section
// 4.12): the 64 KiB bound first.
func ValidateWorkspaceStatus(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	e, err := readEnvelope(c, in, "workspace_status")
	if err != nil {
		return nil, err
	}
	w := e.doc("workspace_status")
	own, size, err := validateWorkspaceStatus(c, w)
	if err != nil {
		return nil, err
	}
	v := &verdict{}
	return v.millisOf(w, "observed_at").str("schema_id", IDWorkspaceStatus).integer("serialized_bytes", size).
		str("status_digest", own).bytes(c)
}

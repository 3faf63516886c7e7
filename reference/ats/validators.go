package ats

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// read parses the JSON value input (spec/README.md, "JSON value inputs").
// ErrInput has no accept path.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, err := jsonvalue.Parse(in)
	if err != nil {
		return nil, hold(c.Refuse(ErrInput), true, ErrInput)
	}
	return &v, nil
}

// jcs returns JCS(v), the rfc8785/1 canonical form of v as read (numbers
// from their literals, strings as unescaped), computed by the rfc8785/1
// reference on v written back as JSON text. It refuses with ErrCanonical,
// which has no accept path, when JCS(v) does not exist: a string or member
// name with a lone surrogate, or a number whose nearest double is infinite
// (spec/ats.md, "The ATS digest").
func jcs(c *refusal.Checker, v *jsonvalue.Value) ([]byte, error) {
	out, err := rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, v))
	if err != nil {
		return nil, hold(c.Refuse(ErrCanonical), true, ErrCanonical)
	}
	return out, nil
}

// digestOf returns D(v): "sha256:" and the 64 lowercase hex digits of
// SHA-256(JCS(v)), no prefix or separator before the JCS bytes (spec/ats.md,
// "The ATS digest"). It refuses as jcs does.
func digestOf(c *refusal.Checker, v *jsonvalue.Value) (string, error) {
	canon, err := jcs(c, v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// str16 is a JSON string value of the ASCII text s.
func str16(s string) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.String, Units: jsonvalue.FromString(s)}
}

// object builds an object value from name, value pairs.
func object(members ...jsonvalue.Member) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.Object, Members: members}
}

// member is one name, value pair of object.
func member(name string, v jsonvalue.Value) jsonvalue.Member {
	return jsonvalue.Member{Name: jsonvalue.FromString(name), Value: v}
}

// verdictValue validates v with s and returns its verdict object
// {"digest": D(v), "schema_version": v's tag}, or {"digest": D(v)} for
// the untagged usage (spec/ats.md, "Validator verdicts"). It refuses with
// the first refusal of s's procedure, then ErrCanonical.
func verdictValue(c *refusal.Checker, s *shape, v *jsonvalue.Value) (jsonvalue.Value, error) {
	if err := s.validate(c, v); err != nil {
		return jsonvalue.Value{}, err
	}
	d, err := digestOf(c, v)
	if err != nil {
		return jsonvalue.Value{}, err
	}
	out := object(member("digest", str16(d)))
	if tag, ok := v.Get("schema_version"); ok && s.tag != "" {
		out.Members = append(out.Members, member("schema_version", *tag))
	}
	return out, nil
}

// encode returns JCS of a verdict built by this package; ErrCanonical,
// with no accept path, if it has none (a tag let through with a lone
// surrogate, which the document's own digest has already refused).
func encode(c *refusal.Checker, v jsonvalue.Value) ([]byte, error) {
	return jcs(c, &v)
}

// validator returns the operation of one validator (spec/ats.md,
// "Validators"): a JSON value input, validated by s's procedure; on
// acceptance JCS of its verdict object.
func validator(s *shape) func(in []byte, opts ...refusal.Option) ([]byte, error) {
	return func(in []byte, opts ...refusal.Option) ([]byte, error) {
		c := refusal.New(opts...)
		v, err := read(c, in)
		if err != nil {
			return nil, err
		}
		out, err := verdictValue(c, s, v)
		if err != nil {
			return nil, err
		}
		return encode(c, out)
	}
}

// The sixteen validator operations, each func(input []byte, opts
// ...refusal.Option) ([]byte, error): input a JSON value input holding the
// document; output on acceptance JCS of {"digest", "schema_version"}
// ({"digest"} for GrantUsage). Each refuses, in order (spec/ats.md,
// "Precedence"): ErrInput; ErrType; ErrUnknownMember (members in document
// order); per field in the shape's order ErrMissingMember or the field's
// own guard; the shape's cross-field rules; ErrCanonical. opts may ignore
// guards as spec/ats.md, "Ignored guards and exception tags", says.
var (
	// ExecutionState validates aether.ats.execution-state/1 (the mode
	// ladder, seed invariant 2; spec/ats.md, "execution-state").
	ExecutionState = validator(executionState)
	// ConnectorCapability validates aether.ats.connector-capability/1
	// (support is not permission, seed invariant 1).
	ConnectorCapability = validator(connectorCapability)
	// AccountBindingV1 validates aether.ats.account-binding/1 (the /1
	// masked-label check).
	AccountBindingV1 = validator(accountBindingV1)
	// AccountBindingV2 validates aether.ats.account-binding/2 (the /2
	// closed masked-label check).
	AccountBindingV2 = validator(accountBindingV2)
	// DelegatedTradingGrantV1 validates aether.ats.delegated-trading-grant/1
	// (allowlist elements with the /1 symbol check).
	DelegatedTradingGrantV1 = validator(grantV1)
	// DelegatedTradingGrantV2 validates aether.ats.delegated-trading-grant/2
	// (allowlist elements with the /2 equity-ticker check).
	DelegatedTradingGrantV2 = validator(grantV2)
	// GrantUsage validates the untagged grant usage object.
	GrantUsage = validator(grantUsage)
	// EquityOrderIntentV1 validates aether.ats.equity-order-intent/1.
	EquityOrderIntentV1 = validator(intentV1)
	// EquityOrderIntentV2 validates aether.ats.equity-order-intent/2.
	EquityOrderIntentV2 = validator(intentV2)
	// OrderReviewReceipt validates aether.ats.order-review-receipt/1.
	OrderReviewReceipt = validator(orderReviewReceipt)
	// OperatorApprovalV1 validates aether.ats.operator-approval/1.
	OperatorApprovalV1 = validator(approvalV1)
	// OperatorApprovalV2 validates aether.ats.operator-approval/2.
	OperatorApprovalV2 = validator(approvalV2)
	// ExecutionReceiptV1 validates aether.ats.execution-receipt/1 (fill
	// facts and ambiguity, seed invariants 7 and 8).
	ExecutionReceiptV1 = validator(receiptV1)
	// ExecutionReceiptV2 validates aether.ats.execution-receipt/2.
	ExecutionReceiptV2 = validator(receiptV2)
	// ModelOrderProposalV1 validates aether.ats.model-order-proposal/1, the
	// closed untrusted model input.
	ModelOrderProposalV1 = validator(proposalV1)
	// ModelOrderProposalV2 validates aether.ats.model-order-proposal/2.
	ModelOrderProposalV2 = validator(proposalV2)
)

// RedactBindingForExport takes a JSON value input holding an account
// binding, /1 or /2, and returns JCS of its export projection: exactly
// account_binding_id, binding_generation, binding_schema_version (the
// binding's schema_version), environment, masked_label, provider and
// status; account_ref, adapter_id, endpoint_schema_digest, currency and
// linked_at_ms are never exported (seed invariant 5). The binding is
// validated with AccountBindingV2's procedure when it is an object whose
// schema_version is the string aether.ats.account-binding/2, else with
// AccountBindingV1's, and refuses as that validator does.
//
// Source: spec/ats.md, "redact-binding-for-export".
func RedactBindingForExport(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	s := accountBindingV1
	if is(v, "schema_version", TagAccountBindingV2) {
		s = accountBindingV2
	}
	if _, err := verdictValue(c, s, v); err != nil {
		return nil, err
	}
	out := object()
	for _, m := range [][2]string{
		{"account_binding_id", "account_binding_id"},
		{"binding_generation", "binding_generation"},
		{"binding_schema_version", "schema_version"},
		{"environment", "environment"},
		{"masked_label", "masked_label"},
		{"provider", "provider"},
		{"status", "status"},
	} {
		if x, ok := v.Get(m[1]); ok {
			out.Members = append(out.Members, member(m[0], *x))
		}
	}
	return encode(c, out)
}

// optional is the body of OptionalBinding and OptionalBindingV2: the JSON
// null is "no binding", {"binding":null}; any other value is validated with
// s and answers {"binding": <its verdict object>}.
func optional(s *shape, in []byte, opts []refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind == jsonvalue.Null {
		return encode(c, object(member("binding", *v)))
	}
	out, err := verdictValue(c, s, v)
	if err != nil {
		return nil, err
	}
	return encode(c, object(member("binding", out)))
}

// OptionalBinding takes a JSON value input holding null or an account
// binding /1 and returns JCS of {"binding": null} or {"binding": the
// binding's AccountBindingV1 verdict object}. It refuses as
// AccountBindingV1 does (a /2 binding at schema_version).
//
// Source: spec/ats.md, "optional-binding, optional-binding-v2".
func OptionalBinding(in []byte, opts ...refusal.Option) ([]byte, error) {
	return optional(accountBindingV1, in, opts)
}

// OptionalBindingV2 is OptionalBinding with AccountBindingV2.
//
// Source: spec/ats.md, "optional-binding, optional-binding-v2".
func OptionalBindingV2(in []byte, opts ...refusal.Option) ([]byte, error) {
	return optional(accountBindingV2, in, opts)
}

// Digest returns D(v), the ATS digest of spec/ats.md ("The ATS digest"):
// "sha256:" and the 64 lowercase hex digits of SHA-256(JCS(v)), and true;
// or "" and false when JCS(v) does not exist (a string or member name with
// a lone surrogate, a number whose nearest double is infinite). It is the
// pure computation only: a contract that digests documents with it
// refuses at its own site, with its own message (seed 001, sections 2 to
// 4 share this digest).
func Digest(v *jsonvalue.Value) (string, bool) {
	out, err := rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, v))
	if err != nil {
		return "", false
	}
	sum := sha256.Sum256(out)
	return "sha256:" + hex.EncodeToString(sum[:]), true
}

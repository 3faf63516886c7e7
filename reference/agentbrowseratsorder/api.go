package agentbrowseratsorder

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// read parses the input and runs validate on it, with the checker of
// opts: the first steps every operation shares.
func read(in []byte, opts []refusal.Option, validate func(*refusal.Checker, *jsonvalue.Value) error) (*refusal.Checker, *jsonvalue.Value, error) {
	c := refusal.New(opts...)
	v, err := parse(c, in)
	if err != nil {
		return nil, nil, err
	}
	if err := validate(c, v); err != nil {
		return nil, nil, err
	}
	return c, v, nil
}

// objectRules is validate for an object shape, then its rules.
func objectRules(object string, rules func(*refusal.Checker, *jsonvalue.Value) error) func(*refusal.Checker, *jsonvalue.Value) error {
	return func(c *refusal.Checker, v *jsonvalue.Value) error {
		if err := declared.Validate(c, object, v); err != nil {
			return err
		}
		return rules(c, v)
	}
}

// withDigest answers JCS of {"digest": D(v)} and the members of v named.
func withDigest(c *refusal.Checker, v *jsonvalue.Value, names ...string) ([]byte, error) {
	d, err := digestOf(c, v)
	if err != nil {
		return nil, err
	}
	pairs := []any{"digest", str(d)}
	for _, n := range names {
		pairs = append(pairs, n, *field(v, n))
	}
	return verdict(c, pairs...)
}

// Call validates an aether.ats.browser-order-call/1 document (seed 001,
// section 4, invariants 1 to 4) and answers JCS of {"digest": D(call),
// "operation"}. It refuses, in order (spec/agent-browser-ats-order.md,
// "Precedence"): ErrInput; the declaration's type, closed, missing and
// member guards of the call and its principal, adapter and binding; the
// parameters as params-<operation> with the ticket's ErrTicketLimitPrice;
// ErrDeadlineOrder, ErrDeadlineWindow, ErrMutationWindow, ErrUnbound,
// ErrBindingEnvironment; ErrCanonical.
func Call(in []byte, opts ...refusal.Option) ([]byte, error) {
	c, v, err := read(in, opts, validateCall)
	if err != nil {
		return nil, err
	}
	return withDigest(c, v, "operation")
}

// Result validates an aether.ats.browser-order-result/1 document (seed
// 001, section 4, invariants 5 to 10) and answers JCS of {"digest":
// D(result), "operation", "status"}. It refuses, in order: ErrInput; the
// declaration's guards of the result and its principal and adapter;
// ErrResultReason, ErrResultData, ErrAmbiguousOperation,
// ErrDuplicateCommit; the data as data-<operation> with its objects' and
// its own rules (ErrEvidenceSecond, ErrUnverifiedCarries,
// ErrUnverifiedControl, ErrTicketLimitPrice, ErrTicketDigest,
// ErrFillEvidence, ErrFillExceeds, ErrFillStatus, ErrFillPrice,
// ErrCommitOrderID); ErrCanonical.
func Result(in []byte, opts ...refusal.Option) ([]byte, error) {
	c, v, err := read(in, opts, validateResult)
	if err != nil {
		return nil, err
	}
	return withDigest(c, v, "operation", "status")
}

// ResolveSiteMode is resolveSiteMode() (seed 001, section 4, invariant
// 7): it takes an evidence object {primary, second_supported, second} and
// answers JCS of {"site_mode": "paper", "live" or null}, null for an
// absent primary, or an absent or contradicting second indicator where
// the adapter has one. It refuses ErrInput, the evidence's declared
// guards, ErrEvidenceSecond, ErrCanonical.
func ResolveSiteMode(in []byte, opts ...refusal.Option) ([]byte, error) {
	c, v, err := read(in, opts, objectRules("evidence", evidenceRule))
	if err != nil {
		return nil, err
	}
	return verdict(c, "site_mode", resolve(v))
}

// DeriveBindingState is deriveBrowserBindingState() (seed 001, section 4,
// invariants 6 and 7): it takes a verify_session result's data object and
// answers JCS of {"site_mode", "state"}: user_control for an unverified
// session, live_locked for a resolved live mode, observe_only for an
// unresolved mode or a paper session without trade permission,
// paper_bindable otherwise. It refuses ErrInput, the data's declared
// guards and rules, ErrCanonical.
func DeriveBindingState(in []byte, opts ...refusal.Option) ([]byte, error) {
	c, v, err := read(in, opts, objectRules("data-verify_session", sessionRules))
	if err != nil {
		return nil, err
	}
	mode := jsonvalue.Value{Kind: jsonvalue.Null}
	if e := field(v, "site_mode_evidence"); e.Kind == jsonvalue.Object {
		mode = resolve(e)
	}
	state := "paper_bindable"
	switch {
	case field(v, "verified").Kind == jsonvalue.False:
		state = "user_control"
	case mode.Kind == jsonvalue.String && jsonvalue.EqualString(mode.Units, "live"):
		state = "live_locked"
	case mode.Kind == jsonvalue.Null, !isText(v, "permission", "trade"):
		state = "observe_only"
	}
	return verdict(c, "site_mode", mode, "state", str(state))
}

// RequiresReconciliation is requiresReconciliation() (seed 001, section
// 4, invariant 10): it takes a result, validated as Result does, and
// answers JCS of {"requires_reconciliation"}: true for a mutation not
// refused and for duplicate_commit. It refuses as Result does.
func RequiresReconciliation(in []byte, opts ...refusal.Option) ([]byte, error) {
	c, v, err := read(in, opts, validateResult)
	if err != nil {
		return nil, err
	}
	return verdict(c, "requires_reconciliation", boolean(requires(v)))
}

// VerifyResult is verifyBrowserResult(call, result, now) (seed 001,
// section 4, invariant 11): it takes {call, result, now} and answers JCS
// of {"call_digest", "requires_reconciliation", "result_digest"}. It
// refuses, in order: ErrInput; the envelope's, the call's and the
// result's guards and rules as Call and Result give them; then the gate:
// ErrGateOperation, ErrGateRequest, ErrGateGeneration, ErrGatePrincipal,
// ErrGateAdapter, ErrGateReplay (observed more than MaxClockSkewMS before
// issued_at), ErrGateClock (more than MaxClockSkewMS after now),
// ErrGateBinding, ErrGateParams, ErrGateStaleRead (a read observed after
// its deadline; never a mutation); ErrCanonical.
func VerifyResult(in []byte, opts ...refusal.Option) ([]byte, error) {
	c, v, err := read(in, opts, objectRules("verify-result", func(c *refusal.Checker, v *jsonvalue.Value) error {
		call, res := field(v, "call"), field(v, "result")
		if err := callRules(c, call); err != nil {
			return err
		}
		if err := resultRules(c, res); err != nil {
			return err
		}
		return gate(c, call, res, instant(field(v, "now")))
	}))
	if err != nil {
		return nil, err
	}
	call, res := field(v, "call"), field(v, "result")
	cd, err := digestOf(c, call)
	if err != nil {
		return nil, err
	}
	rd, err := digestOf(c, res)
	if err != nil {
		return nil, err
	}
	return verdict(c, "call_digest", str(cd), "requires_reconciliation", boolean(requires(res)), "result_digest", str(rd))
}

// gate is verifyBrowserResult's rules 1 to 10 on a validated call and
// result, with now in epoch milliseconds.
func gate(c *refusal.Checker, call, res *jsonvalue.Value, now float64) error {
	if !same(call, res, "operation") {
		if err := c.Refuse(ErrGateOperation); err != nil {
			return err
		}
	}
	if !same(call, res, "request_id") {
		if err := c.Refuse(ErrGateRequest); err != nil {
			return err
		}
	}
	if !same(call, res, "session_generation") {
		if err := c.Refuse(ErrGateGeneration); err != nil {
			return err
		}
	}
	cp, rp := field(call, "principal"), field(res, "principal")
	if !same(cp, rp, "user_id") || !same(cp, rp, "agent_id") || !same(cp, rp, "browser_session_id") {
		if err := c.Refuse(ErrGatePrincipal); err != nil {
			return err
		}
	}
	ca, ra := field(call, "adapter"), field(res, "adapter")
	if !same(ca, ra, "adapter_id") || !same(ca, ra, "adapter_version") || !same(ca, ra, "adapter_digest") {
		if err := c.Refuse(ErrGateAdapter); err != nil {
			return err
		}
	}
	obs := instant(field(res, "observed_at"))
	if obs < instant(field(call, "issued_at"))-MaxClockSkewMS {
		if err := c.Refuse(ErrGateReplay); err != nil {
			return err
		}
	}
	if obs > now+MaxClockSkewMS {
		if err := c.Refuse(ErrGateClock); err != nil {
			return err
		}
	}
	binding, data := field(call, "binding"), field(res, "data")
	bound := binding.Kind == jsonvalue.Object && data.Kind == jsonvalue.Object && field(data, "account_fingerprint") != nil
	if bound && (!same(binding, data, "account_fingerprint") || !same(binding, data, "site_mode")) {
		if err := c.Refuse(ErrGateBinding); err != nil {
			return err
		}
	}
	if data.Kind == jsonvalue.Object {
		op, _ := text(res, "operation")
		agree, err := agrees(c, op, field(call, "params"), data)
		if err != nil {
			return err
		}
		if !agree {
			if err := c.Refuse(ErrGateParams); err != nil {
				return err
			}
		}
	}
	if !isMutation(res) && obs > instant(field(call, "deadline_at")) {
		return c.Refuse(ErrGateStaleRead)
	}
	return nil
}

// agrees is gate rule 9's comparison: whether the data of op agrees with
// the call's parameters (a member either side lacks agrees).
func agrees(c *refusal.Checker, op string, params, data *jsonvalue.Value) (bool, error) {
	switch op {
	case "read_market":
		return same(params, data, "symbol"), nil
	case "read_order", "cancel_order":
		return same(params, data, "site_order_id"), nil
	case "verify_ticket":
		x, y := field(params, "ticket_digest"), field(data, "rendered_ticket_digest")
		return x == nil || y == nil || jsonvalue.Equal(x.Units, y.Units), nil
	case "prepare_ticket":
		t := field(params, "ticket")
		if t == nil || t.Kind != jsonvalue.Object {
			return true, nil
		}
		d, err := digestOf(c, t)
		if err != nil {
			return false, err
		}
		return isNull(data, "rendered_ticket_digest") || isText(data, "rendered_ticket_digest", d), nil
	case "commit_once":
		return same(params, data, "ticket_digest"), nil
	}
	return true, nil
}

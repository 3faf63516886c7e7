package agentbrowseratsorder

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The operation classes of seed 001, section 4.
var (
	operations = []string{"verify_session", "read_market", "read_account", "verify_ticket", "read_order",
		"read_positions", "prepare_ticket", "commit_once", "cancel_order", "end_control"}
	refusalReasons   = []string{"session_unverified", "binding_mismatch", "site_unavailable", "ticket_mismatch", "not_found", "duplicate_commit"}
	ambiguityReasons = []string{"outcome_unknown", "connection_lost"}
)

// oneOf reports whether member name of o is one of the strings set.
func oneOf(o *jsonvalue.Value, name string, set []string) bool {
	for _, s := range set {
		if isText(o, name, s) {
			return true
		}
	}
	return false
}

// isMutation reports whether o's operation is commit_once or cancel_order.
func isMutation(o *jsonvalue.Value) bool {
	return oneOf(o, "operation", []string{"commit_once", "cancel_order"})
}

// EnvironmentForSiteMode is environmentForSiteMode(site_mode): paper gives
// provider_sandbox, live gives provider_live, anything else "" (seed 001,
// section 4, invariant 3).
func EnvironmentForSiteMode(siteMode string) string {
	switch siteMode {
	case "paper":
		return "provider_sandbox"
	case "live":
		return "provider_live"
	}
	return ""
}

// validateNested validates o as the object "<prefix><operation>", or, for
// an operation outside the ten (only after an ignored enum), requires o
// to be empty (ErrUnknownMember).
func validateNested(c *refusal.Checker, prefix string, doc, o *jsonvalue.Value) error {
	op, _ := text(doc, "operation")
	if !oneOf(doc, "operation", operations) {
		if len(o.Members) > 0 {
			return c.Refuse(ErrUnknownMember)
		}
		return nil
	}
	return declared.Validate(c, prefix+op, o)
}

// ticketRule is the ticket's object rule (ErrTicketLimitPrice).
func ticketRule(c *refusal.Checker, t *jsonvalue.Value) error {
	limit := isText(t, "order_type", "limit")
	market := isText(t, "order_type", "market")
	if limit && isNull(t, "limit_price_minor") || market && !isNull(t, "limit_price_minor") {
		return c.Refuse(ErrTicketLimitPrice)
	}
	return nil
}

// callRules are the call's object rules 1 to 6, in order.
func callRules(c *refusal.Checker, call *jsonvalue.Value) error {
	params := field(call, "params")
	if err := validateNested(c, "params-", call, params); err != nil {
		return err
	}
	if isText(call, "operation", "prepare_ticket") && field(params, "ticket") != nil {
		if err := ticketRule(c, field(params, "ticket")); err != nil {
			return err
		}
	}
	iss, dl := instant(field(call, "issued_at")), instant(field(call, "deadline_at"))
	if dl <= iss {
		if err := c.Refuse(ErrDeadlineOrder); err != nil {
			return err
		}
	}
	if dl-iss > 120000 {
		if err := c.Refuse(ErrDeadlineWindow); err != nil {
			return err
		}
	}
	if isMutation(call) && dl-iss > 30000 {
		if err := c.Refuse(ErrMutationWindow); err != nil {
			return err
		}
	}
	binding := field(call, "binding")
	if binding.Kind == jsonvalue.Null && !oneOf(call, "operation", []string{"verify_session", "end_control"}) {
		if err := c.Refuse(ErrUnbound); err != nil {
			return err
		}
	}
	mode, _ := text(binding, "site_mode")
	env, _ := text(binding, "environment")
	if binding.Kind == jsonvalue.Object && env != EnvironmentForSiteMode(mode) {
		return c.Refuse(ErrBindingEnvironment)
	}
	return nil
}

// validateCall runs the procedure on a call.
var validateCall = objectRules("call", callRules)

// resultRules are the result's object rules 1 to 5, in order, with the
// data object's own rules.
func resultRules(c *refusal.Checker, res *jsonvalue.Value) error {
	ok, refused, ambiguous := isText(res, "status", "ok"), isText(res, "status", "refused"), isText(res, "status", "ambiguous")
	if ok && !isNull(res, "reason") || refused && !oneOf(res, "reason", refusalReasons) || ambiguous && !oneOf(res, "reason", ambiguityReasons) {
		if err := c.Refuse(ErrResultReason); err != nil {
			return err
		}
	}
	data := field(res, "data")
	if ok && data.Kind == jsonvalue.Null || !ok && data.Kind != jsonvalue.Null {
		if err := c.Refuse(ErrResultData); err != nil {
			return err
		}
	}
	if ambiguous && !isMutation(res) {
		if err := c.Refuse(ErrAmbiguousOperation); err != nil {
			return err
		}
	}
	if isText(res, "reason", "duplicate_commit") && !isText(res, "operation", "commit_once") {
		if err := c.Refuse(ErrDuplicateCommit); err != nil {
			return err
		}
	}
	if data.Kind != jsonvalue.Object {
		return nil
	}
	if err := validateNested(c, "data-", res, data); err != nil {
		return err
	}
	op, _ := text(res, "operation")
	return dataRules(c, op, data)
}

// dataRules are the object rules of data-<op> (and of the objects it
// holds) on a validated data object.
func dataRules(c *refusal.Checker, op string, data *jsonvalue.Value) error {
	switch op {
	case "verify_session":
		return sessionRules(c, data)
	case "verify_ticket", "prepare_ticket":
		return ticketDataRules(c, data)
	case "read_order":
		return fillRules(c, data)
	case "commit_once":
		id := !isNull(data, "site_order_id")
		if isText(data, "outcome", "confirmed") && !id || isText(data, "outcome", "site_rejected") && id {
			return c.Refuse(ErrCommitOrderID)
		}
	}
	return nil
}

// ticketDataRules are the rules of rendered ticket data: the ticket's
// rule, then ErrTicketDigest (the digest recomputed).
func ticketDataRules(c *refusal.Checker, data *jsonvalue.Value) error {
	if err := ticketRule(c, field(data, "rendered_ticket")); err != nil {
		return err
	}
	d, err := digestOf(c, field(data, "rendered_ticket"))
	if err != nil {
		return err
	}
	if !isText(data, "rendered_ticket_digest", d) {
		return c.Refuse(ErrTicketDigest)
	}
	return nil
}

// fillRules are the rules of read_order data, in order: ErrFillEvidence,
// ErrFillExceeds, ErrFillStatus, ErrFillPrice.
func fillRules(c *refusal.Checker, data *jsonvalue.Value) error {
	fq, q := number(data, "filled_quantity"), number(data, "quantity")
	priced := !isNull(data, "average_fill_price_minor")
	if isText(data, "evidence", "order_list") && (fq > 0 || priced) {
		if err := c.Refuse(ErrFillEvidence); err != nil {
			return err
		}
	}
	if fq > q {
		if err := c.Refuse(ErrFillExceeds); err != nil {
			return err
		}
	}
	if (isText(data, "order_status", "open") || isText(data, "order_status", "rejected")) && fq != 0 ||
		isText(data, "order_status", "partially_filled") && (fq == 0 || fq == q) ||
		isText(data, "order_status", "filled") && fq != q ||
		isText(data, "order_status", "cancelled") && fq == q {
		if err := c.Refuse(ErrFillStatus); err != nil {
			return err
		}
	}
	if !priced && fq > 0 || priced && fq == 0 {
		return c.Refuse(ErrFillPrice)
	}
	return nil
}

// evidenceRule is the evidence object's rule (ErrEvidenceSecond).
func evidenceRule(c *refusal.Checker, e *jsonvalue.Value) error {
	if field(e, "second_supported").Kind == jsonvalue.False && !isNull(e, "second") {
		return c.Refuse(ErrEvidenceSecond)
	}
	return nil
}

// sessionRules are the rules of data-verify_session: the evidence's rule,
// then ErrUnverifiedCarries and ErrUnverifiedControl.
func sessionRules(c *refusal.Checker, data *jsonvalue.Value) error {
	if e := field(data, "site_mode_evidence"); e.Kind == jsonvalue.Object {
		if err := evidenceRule(c, e); err != nil {
			return err
		}
	}
	unverified := field(data, "verified").Kind == jsonvalue.False
	carries := !isNull(data, "origin") || !isNull(data, "account_label") || !isNull(data, "site_mode_evidence") || !isNull(data, "permission")
	if unverified && carries {
		if err := c.Refuse(ErrUnverifiedCarries); err != nil {
			return err
		}
	}
	if unverified && !isText(data, "control", "user") {
		return c.Refuse(ErrUnverifiedControl)
	}
	return nil
}

// validateResult runs the procedure on a result.
var validateResult = objectRules("result", resultRules)

// requires is requiresReconciliation on a validated result.
func requires(res *jsonvalue.Value) bool {
	return isMutation(res) && !isText(res, "status", "refused") || isText(res, "reason", "duplicate_commit")
}

// resolve is resolveSiteMode on a validated evidence object: null, or the
// primary indicator's value.
func resolve(e *jsonvalue.Value) jsonvalue.Value {
	null := jsonvalue.Value{Kind: jsonvalue.Null}
	primary, second := field(e, "primary"), field(e, "second")
	if primary.Kind != jsonvalue.String {
		return null
	}
	if field(e, "second_supported").Kind == jsonvalue.True && (second.Kind != jsonvalue.String || !jsonvalue.Equal(second.Units, primary.Units)) {
		return null
	}
	return *primary
}

package ats

import (
	"math"
	"strconv"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/ticker"
)

// The schema tags of spec/ats.md, "The shapes": the frozen /1 tags and
// their /2 closure (seed 001, sections 2 and 5).
const (
	TagExecutionState      = "aether.ats.execution-state/1"
	TagConnectorCapability = "aether.ats.connector-capability/1"
	TagAccountBindingV1    = "aether.ats.account-binding/1"
	TagAccountBindingV2    = "aether.ats.account-binding/2"
	TagGrantV1             = "aether.ats.delegated-trading-grant/1"
	TagGrantV2             = "aether.ats.delegated-trading-grant/2"
	TagIntentV1            = "aether.ats.equity-order-intent/1"
	TagIntentV2            = "aether.ats.equity-order-intent/2"
	TagReview              = "aether.ats.order-review-receipt/1"
	TagApprovalV1          = "aether.ats.operator-approval/1"
	TagApprovalV2          = "aether.ats.operator-approval/2"
	TagReceiptV1           = "aether.ats.execution-receipt/1"
	TagReceiptV2           = "aether.ats.execution-receipt/2"
	TagProposalV1          = "aether.ats.model-order-proposal/1"
	TagProposalV2          = "aether.ats.model-order-proposal/2"
)

// The enumerated values the cross-field rules and the gate branches test
// (spec/ats.md, "Field rules", "execution-state" and "Step 7").
const (
	modeOffline    = "offline"
	modeObserve    = "observe"
	modeReviewOnly = "review_only"
	modePaper      = "paper"
	modeApprove    = "approve"
	modeAuto       = "auto"
	modePaused     = "orders_paused"
	modeLocked     = "emergency_locked"

	envPaper = "paper"
	envLive  = "live"

	outAccepted  = "accepted"
	outFilled    = "filled"
	outPartial   = "partially_filled"
	outRefused   = "refused"
	outCancelled = "cancelled"
	outAmbiguous = "ambiguous"

	statusRevoked = "revoked"
	statusRefused = "refused"
	statusExpired = "expired"
	statusSpent   = "spent"
	decRejected   = "rejected"
)

// The label and allowlist bounds (spec/ats.md, "Decisions" 3; ticker/1's
// masked-label rule 1 and seed invariant 5).
const (
	maxLabel     = 64 // UTF-16 units of a masked label
	maxDigitRun  = 4  // consecutive ASCII digits a masked label may hold
	maxAllowlist = 64 // symbols of a grant's allowlist
)

// rank returns the ladder rank of a mode, offline 0 to auto 5, and
// whether the mode is on the ladder (a halt state or any other string is
// not; spec/ats.md, "execution-state").
func rank(mode []uint16) (int, bool) {
	for i, m := range []string{modeOffline, modeObserve, modeReviewOnly, modePaper, modeApprove, modeAuto} {
		if jsonvalue.EqualString(mode, m) {
			return i, true
		}
	}
	return 0, false
}

// checkTag is `schema_version`: a string equal to tag.
func checkTag(c *refusal.Checker, x *jsonvalue.Value, tag string) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !jsonvalue.EqualString(unitsOf(x), tag) {
		return hold(c.Refuse(ErrSchemaVersion), wrong, ErrSchemaVersion)
	}
	return nil
}

// checkSymbol is the `symbol check` of a symbol or an allowlist element:
// /1 ticker/1 symbol (ErrSymbol), /2 ticker/1 equity-ticker
// (ErrEquityTicker). A value that is not a string fails it with no accept
// path.
func checkSymbol(c *refusal.Checker, x *jsonvalue.Value, v2 bool) error {
	wrong := !kindIs(x, jsonvalue.String)
	if v2 {
		if wrong || !ticker.MatchesEquity(unitsOf(x)) {
			return hold(c.Refuse(ErrEquityTicker), wrong, ErrEquityTicker)
		}
		return nil
	}
	if wrong || !ticker.MatchesSymbol(unitsOf(x)) {
		return hold(c.Refuse(ErrSymbol), wrong, ErrSymbol)
	}
	return nil
}

// checkAllowlist is `symbol_allowlist`: an array of at most 64 elements
// (ErrAllowlistShape; more than 64 elements, ignored, are still checked),
// each passing the symbol check, then compared with the previous element
// by code point order: equal is ErrAllowlistRepeat, smaller
// ErrAllowlistOrder. The empty array is valid and permits nothing.
func checkAllowlist(c *refusal.Checker, x *jsonvalue.Value, v2 bool) error {
	wrong := !kindIs(x, jsonvalue.Array)
	if wrong || len(x.Elems) > maxAllowlist {
		if err := hold(c.Refuse(ErrAllowlistShape), wrong, ErrAllowlistShape); err != nil {
			return err
		}
	}
	for i := range x.Elems {
		if err := checkSymbol(c, &x.Elems[i], v2); err != nil {
			return err
		}
		if i == 0 {
			continue
		}
		prev, cur := x.Elems[i-1].Units, x.Elems[i].Units
		if jsonvalue.Equal(prev, cur) {
			if err := c.Refuse(ErrAllowlistRepeat); err != nil {
				return err
			}
		}
		if before(cur, prev) {
			if err := c.Refuse(ErrAllowlistOrder); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkLabel is `masked_label`: a string (ErrLabelType, no accept path),
// of 1 to 64 UTF-16 units (ErrLabelLength), then ticker/1's one unit scan:
// /1 masked-label-v1 (ErrLabelControl, ErrLabelSurrogate,
// ErrLabelDigitsV1), /2 closed-masked-label (ErrLabelChar,
// ErrLabelDigits). An ignored guard lets the scan go on past the unit.
func checkLabel(c *refusal.Checker, x *jsonvalue.Value, v2 bool) error {
	if !kindIs(x, jsonvalue.String) {
		return hold(c.Refuse(ErrLabelType), true, ErrLabelType)
	}
	u := x.Units
	if len(u) < 1 || len(u) > maxLabel {
		if err := c.Refuse(ErrLabelLength); err != nil {
			return err
		}
	}
	if v2 {
		return scanClosed(c, u)
	}
	return scanV1(c, u)
}

// scanV1 is step 2 of ticker/1 masked-label-v1: at the first hit, a Cc
// unit (ErrLabelControl), an unpaired surrogate (ErrLabelSurrogate), or an
// ASCII digit that makes five consecutive ASCII digits (ErrLabelDigitsV1).
func scanV1(c *refusal.Checker, u []uint16) error {
	run := 0
	for i := 0; i < len(u); {
		x := u[i]
		_, n, lone := jsonvalue.At(u, i)
		i += n
		control := jsonvalue.IsControl(x)
		if control {
			run = 0
			if err := c.Refuse(ErrLabelControl); err != nil {
				return err
			}
			continue
		}
		if lone {
			run = 0
			if err := c.Refuse(ErrLabelSurrogate); err != nil {
				return err
			}
			continue
		}
		if !isDigitU(x) {
			run = 0
			continue
		}
		run++
		if run > maxDigitRun {
			if err := c.Refuse(ErrLabelDigitsV1); err != nil {
				return err
			}
		}
	}
	return nil
}

// scanClosed is step 2 of ticker/1 closed-masked-label: at the first hit,
// a unit outside the closed set (ErrLabelChar; each half of an astral
// character is such a unit) or an ASCII digit that makes five consecutive
// digits (ErrLabelDigits).
func scanClosed(c *refusal.Checker, u []uint16) error {
	run := 0
	for _, x := range u {
		if !ticker.InClosedLabelSet(x) {
			run = 0
			if err := c.Refuse(ErrLabelChar); err != nil {
				return err
			}
			continue
		}
		if !isDigitU(x) {
			run = 0
			continue
		}
		run++
		if run > maxDigitRun {
			if err := c.Refuse(ErrLabelDigits); err != nil {
				return err
			}
		}
	}
	return nil
}

// field is one field of a shape: its member name and its check.
type field struct {
	name  string
	check check
}

// shape is one document shape (spec/ats.md, "The shapes"): its tag ("" for
// the untagged usage), its fields in check order, whether it is the /2
// body (the symbol and label check variant), and its cross-field rules.
type shape struct {
	tag    string
	v2     bool
	fields []field
	cross  func(c *refusal.Checker, d *jsonvalue.Value) error
}

// has reports whether name is a field of s.
func (s *shape) has(name []uint16) bool {
	for _, f := range s.fields {
		if jsonvalue.EqualString(name, f.name) {
			return true
		}
	}
	return false
}

// validate runs steps 1 to 4 of spec/ats.md, "Procedure", on v: object
// (ErrType, no accept path), members in document order
// (ErrUnknownMember; ignored, the member is skipped), fields in the
// shape's order (ErrMissingMember, then the field's own check, on the
// absent value when the missing-member guard is ignored), then the
// cross-field rules.
func (s *shape) validate(c *refusal.Checker, v *jsonvalue.Value) error {
	if v.Kind != jsonvalue.Object {
		return hold(c.Refuse(ErrType), true, ErrType)
	}
	for i := range v.Members {
		if !s.has(v.Members[i].Name) {
			if err := c.Refuse(ErrUnknownMember); err != nil {
				return err
			}
		}
	}
	for _, f := range s.fields {
		x, ok := v.Get(f.name)
		if !ok {
			if err := c.Refuse(ErrMissingMember); err != nil {
				return err
			}
			x = nil
		}
		if err := f.check(c, x); err != nil {
			return err
		}
	}
	if s.cross == nil {
		return nil
	}
	return s.cross(c, v)
}

// num reads the number member name of a validated document as an IEEE-754
// double: the literal's nearest double, an overflowing literal as an
// infinity by its sign (spec/ats.md, "Procedure": cross-field numbers are
// compared as doubles). A member that is absent or not a number reads as
// NaN, which makes every comparison false; a validated document has none.
func num(d *jsonvalue.Value, name string) float64 {
	x, ok := d.Get(name)
	if !ok || x.Kind != jsonvalue.Number {
		return math.NaN()
	}
	return double(x.Text)
}

// double is a JSON number literal's nearest IEEE-754 double, round half to
// even; a literal beyond the double range is +Inf or -Inf by its sign
// (strconv.ParseFloat gives that value with its range error, which is
// dropped: spec/ats.md, "Traps").
func double(text string) float64 {
	f, _ := strconv.ParseFloat(text, 64)
	return f
}

// str returns the string member name of d, and whether d has it as a
// string.
func str(d *jsonvalue.Value, name string) ([]uint16, bool) {
	x, ok := d.Get(name)
	if !ok || x.Kind != jsonvalue.String {
		return nil, false
	}
	return x.Units, true
}

// is reports whether d's member name is the string s.
func is(d *jsonvalue.Value, name, s string) bool {
	u, ok := str(d, name)
	return ok && jsonvalue.EqualString(u, s)
}

// null reports whether d's member name is present and the JSON null.
func null(d *jsonvalue.Value, name string) bool {
	x, ok := d.Get(name)
	return ok && x.Kind == jsonvalue.Null
}

// The cross-field rules of each shape, in check order (spec/ats.md, "The
// shapes"). An ignored rule lets the next one run.

// stateRules: execution-state rules 1 to 3.
func stateRules(c *refusal.Checker, d *jsonvalue.Value) error {
	req, _ := str(d, "requested_mode")
	eff, _ := str(d, "effective_mode")
	r, reqOn := rank(req)
	e, effOn := rank(eff)
	if reqOn && effOn && e > r {
		if err := c.Refuse(ErrStateExceeds); err != nil {
			return err
		}
	}
	same := jsonvalue.Equal(req, eff)
	if !same && null(d, "reason") {
		if err := c.Refuse(ErrStateReasonMissing); err != nil {
			return err
		}
	}
	if same && !null(d, "reason") {
		if err := c.Refuse(ErrStateReasonExtra); err != nil {
			return err
		}
	}
	return nil
}

// grantRules: delegated-trading-grant rule 1.
func grantRules(c *refusal.Checker, d *jsonvalue.Value) error {
	if num(d, "expires_at_ms") <= num(d, "issued_at_ms") {
		if err := c.Refuse(ErrGrantWindow); err != nil {
			return err
		}
	}
	return nil
}

// intentRules: equity-order-intent rule 1.
func intentRules(c *refusal.Checker, d *jsonvalue.Value) error {
	if num(d, "expires_at_ms") <= num(d, "created_at_ms") {
		if err := c.Refuse(ErrIntentWindow); err != nil {
			return err
		}
	}
	return nil
}

// reviewRules: order-review-receipt rules 1 to 3.
func reviewRules(c *refusal.Checker, d *jsonvalue.Value) error {
	deadline := num(d, "approval_deadline_ms")
	if deadline <= num(d, "reviewed_at_ms") {
		if err := c.Refuse(ErrReviewDeadline); err != nil {
			return err
		}
	}
	if deadline > num(d, "reservation_expires_at_ms") {
		if err := c.Refuse(ErrReviewReservation); err != nil {
			return err
		}
	}
	if is(d, "status", statusRefused) != !null(d, "refusal_reason") {
		if err := c.Refuse(ErrReviewRefusal); err != nil {
			return err
		}
	}
	return nil
}

// approvalRules: operator-approval rule 1.
func approvalRules(c *refusal.Checker, d *jsonvalue.Value) error {
	if num(d, "expires_at_ms") <= num(d, "approved_at_ms") {
		if err := c.Refuse(ErrApprovalWindow); err != nil {
			return err
		}
	}
	return nil
}

// receiptRules: execution-receipt rules 1 to 10 (seed invariants 7 and 8).
func receiptRules(c *refusal.Checker, d *jsonvalue.Value) error {
	ambiguous := is(d, "outcome", outAmbiguous)
	fill := is(d, "outcome", outFilled) || is(d, "outcome", outPartial)
	ordered := fill || is(d, "outcome", outAccepted)
	confirmed := kindIs(get(d, "broker_confirmed"), jsonvalue.True)
	noQty, noPrice := null(d, "filled_quantity"), null(d, "average_fill_price_minor")
	if ambiguous && confirmed {
		if err := c.Refuse(ErrReceiptAmbiguousConfirmed); err != nil {
			return err
		}
	}
	if ordered && !confirmed {
		if err := c.Refuse(ErrReceiptUnconfirmed); err != nil {
			return err
		}
	}
	if ordered && null(d, "broker_order_ref") {
		if err := c.Refuse(ErrReceiptOrderRef); err != nil {
			return err
		}
	}
	if fill && (noQty || noPrice) {
		if err := c.Refuse(ErrReceiptFillMissing); err != nil {
			return err
		}
	}
	if !fill && (!noQty || !noPrice) {
		if err := c.Refuse(ErrReceiptFillExtra); err != nil {
			return err
		}
	}
	filled, quantity := num(d, "filled_quantity"), num(d, "quantity")
	if !noQty && filled > quantity {
		if err := c.Refuse(ErrReceiptOverfill); err != nil {
			return err
		}
	}
	if is(d, "outcome", outFilled) && !noQty && filled < quantity {
		if err := c.Refuse(ErrReceiptUnderfill); err != nil {
			return err
		}
	}
	if is(d, "outcome", outPartial) && !noQty && filled == quantity {
		if err := c.Refuse(ErrReceiptPartialWhole); err != nil {
			return err
		}
	}
	if ambiguous != !null(d, "reconciliation_state") {
		if err := c.Refuse(ErrReceiptReconciliation); err != nil {
			return err
		}
	}
	if ambiguous != !null(d, "ambiguity_reason") {
		if err := c.Refuse(ErrReceiptAmbiguityReason); err != nil {
			return err
		}
	}
	return nil
}

// get returns d's member name, or nil.
func get(d *jsonvalue.Value, name string) *jsonvalue.Value {
	x, _ := d.Get(name)
	return x
}

// tagField is the schema_version field of a shape with tag.
func tagField(tag string) field {
	return field{"schema_version", func(c *refusal.Checker, x *jsonvalue.Value) error { return checkTag(c, x, tag) }}
}

// symbolField and labelField and allowlistField are the three fields whose
// check depends on the /1 or /2 body.
func symbolField(v2 bool) field {
	return field{"symbol", func(c *refusal.Checker, x *jsonvalue.Value) error { return checkSymbol(c, x, v2) }}
}

func labelField(v2 bool) field {
	return field{"masked_label", func(c *refusal.Checker, x *jsonvalue.Value) error { return checkLabel(c, x, v2) }}
}

func allowlistField(v2 bool) field {
	return field{"symbol_allowlist", func(c *refusal.Checker, x *jsonvalue.Value) error { return checkAllowlist(c, x, v2) }}
}

// The shapes (spec/ats.md, "The shapes"). Each /1 and /2 pair is one body
// (a constructor) parameterized by the tag and the check variant only.

var executionState = &shape{tag: TagExecutionState, cross: stateRules, fields: []field{
	tagField(TagExecutionState),
	{"requested_mode", checkRequestedMode},
	{"effective_mode", checkEffectiveMode},
	{"reason", checkReason},
	{"observed_at_ms", checkObservedAtMs},
}}

var connectorCapability = &shape{tag: TagConnectorCapability, fields: []field{
	tagField(TagConnectorCapability),
	{"provider", checkProvider},
	{"adapter_id", checkAdapterID},
	{"endpoint_schema_digest", checkEndpointSchemaDigest},
	{"environments", checkEnvironments},
	{"order_types", checkOrderTypes},
	{"provider_confirmation_modes", checkProviderConfirmationModes},
	{"grants_execution_authority", checkGrantsExecutionAuthority},
	{"observed_at_ms", checkObservedAtMs},
}}

func accountBinding(tag string, v2 bool) *shape {
	return &shape{tag: tag, v2: v2, fields: []field{
		tagField(tag),
		{"account_binding_id", checkAccountBindingID},
		{"binding_generation", checkBindingGeneration},
		{"provider", checkProvider},
		{"adapter_id", checkAdapterID},
		{"endpoint_schema_digest", checkEndpointSchemaDigest},
		{"environment", checkEnvironment},
		{"account_ref", checkAccountRef},
		labelField(v2),
		{"currency", checkCurrency},
		{"status", checkBindingStatus},
		{"linked_at_ms", checkLinkedAtMs},
	}}
}

func delegatedTradingGrant(tag string, v2 bool) *shape {
	return &shape{tag: tag, v2: v2, cross: grantRules, fields: []field{
		tagField(tag),
		{"grant_id", checkGrantID},
		{"grant_version", checkGrantVersion},
		{"account_binding_id", checkAccountBindingID},
		{"environment", checkEnvironment},
		allowlistField(v2),
		{"sides", checkSides},
		{"currency", checkCurrency},
		{"max_order_quantity", checkMaxOrderQuantity},
		{"max_order_notional_minor", checkMaxOrderNotionalMinor},
		{"max_daily_orders", checkMaxDailyOrders},
		{"max_daily_notional_minor", checkMaxDailyNotionalMinor},
		{"max_position_notional_minor", checkMaxPositionNotionalMinor},
		{"confirmation", checkConfirmation},
		{"issued_at_ms", checkIssuedAtMs},
		{"expires_at_ms", checkExpiresAtMs},
	}}
}

var grantUsage = &shape{fields: []field{
	{"grant_id", checkGrantID},
	{"orders_submitted", checkOrdersSubmitted},
	{"notional_submitted_minor", checkNotionalSubmittedMinor},
}}

func equityOrderIntent(tag string, v2 bool) *shape {
	return &shape{tag: tag, v2: v2, cross: intentRules, fields: []field{
		tagField(tag),
		{"intent_id", checkIntentID},
		{"client_order_id", checkClientOrderID},
		{"request_id", checkRequestID},
		{"provider", checkProvider},
		{"account_binding_id", checkAccountBindingID},
		{"binding_generation", checkBindingGeneration},
		{"adapter_id", checkAdapterID},
		{"endpoint_schema_digest", checkEndpointSchemaDigest},
		{"environment", checkEnvironment},
		{"grant_id", checkGrantID},
		symbolField(v2),
		{"side", checkSide},
		{"quantity", checkQuantity},
		{"order_type", checkOrderType},
		{"limit_price_minor", checkLimitPriceMinor},
		{"currency", checkCurrency},
		{"created_at_ms", checkCreatedAtMs},
		{"expires_at_ms", checkExpiresAtMs},
	}}
}

var orderReviewReceipt = &shape{tag: TagReview, cross: reviewRules, fields: []field{
	tagField(TagReview),
	{"review_id", checkReviewID},
	{"intent_digest", checkIntentDigest},
	{"provider", checkProvider},
	{"account_binding_id", checkAccountBindingID},
	{"binding_generation", checkBindingGeneration},
	{"adapter_id", checkAdapterID},
	{"endpoint_schema_digest", checkEndpointSchemaDigest},
	{"environment", checkEnvironment},
	{"grant_id", checkGrantID},
	{"grant_version", checkGrantVersion},
	{"status", checkReviewStatus},
	{"refusal_reason", checkRefusalReason},
	{"reservation_ref", checkReservationRef},
	{"reviewed_at_ms", checkReviewedAtMs},
	{"approval_deadline_ms", checkApprovalDeadlineMs},
	{"reservation_expires_at_ms", checkReservationExpiresAtMs},
}}

func operatorApproval(tag string, v2 bool) *shape {
	return &shape{tag: tag, v2: v2, cross: approvalRules, fields: []field{
		tagField(tag),
		{"approval_id", checkApprovalID},
		{"review_digest", checkReviewDigest},
		{"intent_digest", checkIntentDigest},
		{"provider", checkProvider},
		{"account_binding_id", checkAccountBindingID},
		{"binding_generation", checkBindingGeneration},
		{"adapter_id", checkAdapterID},
		{"endpoint_schema_digest", checkEndpointSchemaDigest},
		{"environment", checkEnvironment},
		symbolField(v2),
		{"side", checkSide},
		{"quantity", checkQuantity},
		{"order_type", checkOrderType},
		{"limit_price_minor", checkLimitPriceMinor},
		{"currency", checkCurrency},
		{"operator_ref", checkOperatorRef},
		{"decision", checkDecision},
		{"confirmation", checkConfirmation},
		{"status", checkApprovalStatus},
		{"approved_at_ms", checkApprovedAtMs},
		{"expires_at_ms", checkExpiresAtMs},
	}}
}

func executionReceipt(tag string, v2 bool) *shape {
	return &shape{tag: tag, v2: v2, cross: receiptRules, fields: []field{
		tagField(tag),
		{"receipt_id", checkReceiptID},
		{"intent_digest", checkIntentDigest},
		{"provider", checkProvider},
		{"account_binding_id", checkAccountBindingID},
		{"binding_generation", checkBindingGeneration},
		{"environment", checkEnvironment},
		symbolField(v2),
		{"side", checkSide},
		{"quantity", checkQuantity},
		{"currency", checkCurrency},
		{"outcome", checkOutcome},
		{"broker_confirmed", checkBrokerConfirmed},
		{"broker_order_ref", checkBrokerOrderRef},
		{"filled_quantity", checkFilledQuantity},
		{"average_fill_price_minor", checkAverageFillPriceMinor},
		{"reconciliation_state", checkReconciliationState},
		{"ambiguity_reason", checkAmbiguityReason},
		{"recorded_at_ms", checkRecordedAtMs},
	}}
}

func modelOrderProposal(tag string, v2 bool) *shape {
	return &shape{tag: tag, v2: v2, fields: []field{
		tagField(tag),
		{"strategy_ref", checkStrategyRef},
		{"quote_ref", checkQuoteRef},
		symbolField(v2),
		{"side", checkSide},
		{"quantity", checkQuantity},
		{"order_type", checkOrderType},
		{"limit_price_minor", checkLimitPriceMinor},
		{"expires_at_ms", checkExpiresAtMs},
	}}
}

// The sixteen validators' shapes.
var (
	accountBindingV1 = accountBinding(TagAccountBindingV1, false)
	accountBindingV2 = accountBinding(TagAccountBindingV2, true)
	grantV1          = delegatedTradingGrant(TagGrantV1, false)
	grantV2          = delegatedTradingGrant(TagGrantV2, true)
	intentV1         = equityOrderIntent(TagIntentV1, false)
	intentV2         = equityOrderIntent(TagIntentV2, true)
	approvalV1       = operatorApproval(TagApprovalV1, false)
	approvalV2       = operatorApproval(TagApprovalV2, true)
	receiptV1        = executionReceipt(TagReceiptV1, false)
	receiptV2        = executionReceipt(TagReceiptV2, true)
	proposalV1       = modelOrderProposal(TagProposalV1, false)
	proposalV2       = modelOrderProposal(TagProposalV2, true)
)

package ats

import (
	"math"
	"strconv"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
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
	maxDigitRun = 4 // consecutive ASCII digits a masked label may hold
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

// shape is one validator's shape (spec/ats.md, "The shapes"): the
// declaration's object of the same name (spec/ats/shapes.json: its tag,
// its fields in check order with their rules, and the /1 or /2 symbol and
// label checks), its tag ("" for the untagged usage), and its cross-field
// rules.
type shape struct {
	name  string
	tag   string
	cross func(c *refusal.Checker, d *jsonvalue.Value) error
}

// validate runs steps 1 to 4 of spec/ats.md, "Procedure", on v: steps 1
// to 3 as the declaration states them (object, ErrType with no accept
// path; members in document order, ErrUnknownMember; fields in the shape's
// order, ErrMissingMember then the field's own guard), then the
// cross-field rules.
func (s *shape) validate(c *refusal.Checker, v *jsonvalue.Value) error {
	if err := declared.Validate(c, s.name, v); err != nil {
		return err
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

// The sixteen validators' shapes (spec/ats.md, "The shapes"). Each /1 and
// /2 pair is one body: the declaration gives the two the same fields but
// the tag and the symbol and label check variant, and they share their
// cross-field rules.
var (
	executionState      = &shape{name: OpExecutionState, tag: TagExecutionState, cross: stateRules}
	connectorCapability = &shape{name: OpConnectorCapability, tag: TagConnectorCapability}
	accountBindingV1    = &shape{name: OpAccountBindingV1, tag: TagAccountBindingV1}
	accountBindingV2    = &shape{name: OpAccountBindingV2, tag: TagAccountBindingV2}
	grantV1             = &shape{name: OpDelegatedTradingGrantV1, tag: TagGrantV1, cross: grantRules}
	grantV2             = &shape{name: OpDelegatedTradingGrantV2, tag: TagGrantV2, cross: grantRules}
	grantUsage          = &shape{name: OpGrantUsage}
	intentV1            = &shape{name: OpEquityOrderIntentV1, tag: TagIntentV1, cross: intentRules}
	intentV2            = &shape{name: OpEquityOrderIntentV2, tag: TagIntentV2, cross: intentRules}
	orderReviewReceipt  = &shape{name: OpOrderReviewReceipt, tag: TagReview, cross: reviewRules}
	approvalV1          = &shape{name: OpOperatorApprovalV1, tag: TagApprovalV1, cross: approvalRules}
	approvalV2          = &shape{name: OpOperatorApprovalV2, tag: TagApprovalV2, cross: approvalRules}
	receiptV1           = &shape{name: OpExecutionReceiptV1, tag: TagReceiptV1, cross: receiptRules}
	receiptV2           = &shape{name: OpExecutionReceiptV2, tag: TagReceiptV2, cross: receiptRules}
	proposalV1          = &shape{name: OpModelOrderProposalV1, tag: TagProposalV1}
	proposalV2          = &shape{name: OpModelOrderProposalV2, tag: TagProposalV2}
)

package ats

// The field rules of spec/ats.md, "Field rules": one check per field, each
// with its own refusal site (one guard, one message). A check takes the
// member's value, or nil when the member is absent (its missing_member
// guard ignored): an absent value, like a value of the wrong kind, fails
// the kind and has no accept path (the refusal stands even when its guard
// is ignored: "Ignored guards and exception tags"). A value of the right
// kind that breaks the rule is kept when the guard is ignored.

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// check is one field's check: x is the member's value or nil.
type check func(c *refusal.Checker, x *jsonvalue.Value) error

// hold turns the result of a guard's Refuse into the field check's
// result: the refusal; or, when the guard is ignored, nil for a value of
// the right kind (the value is kept) and the refusal anyway for a value of
// the wrong kind (wrong), which has no accept path.
func hold(err error, wrong bool, g refusal.Guard) error {
	if err != nil {
		return err
	}
	if wrong {
		return &refusal.Error{Guard: g}
	}
	return nil
}

// kindIs reports whether x is present and of kind k.
func kindIs(x *jsonvalue.Value, k jsonvalue.Kind) bool { return x != nil && x.Kind == k }

// isNull reports whether x is present and the JSON null.
func isNull(x *jsonvalue.Value) bool { return kindIs(x, jsonvalue.Null) }

// unitsOf returns x's units (nil for an absent value or another kind).
func unitsOf(x *jsonvalue.Value) []uint16 {
	if x == nil {
		return nil
	}
	return x.Units
}

// allStrings reports whether x is an array whose elements are all strings.
func allStrings(x *jsonvalue.Value) bool {
	if !kindIs(x, jsonvalue.Array) {
		return false
	}
	for i := range x.Elems {
		if x.Elems[i].Kind != jsonvalue.String {
			return false
		}
	}
	return true
}

// literalOf returns x's number literal ("" for an absent value or another
// kind).
func literalOf(x *jsonvalue.Value) string {
	if x == nil {
		return ""
	}
	return x.Text
}

// checkAccountBindingID is `account_binding_id`: string; ErrAccountBindingID.
func checkAccountBindingID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "bind") {
		return hold(c.Refuse(ErrAccountBindingID), wrong, ErrAccountBindingID)
	}
	return nil
}

// checkAccountRef is `account_ref`: string; ErrAccountRef.
func checkAccountRef(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "acct") {
		return hold(c.Refuse(ErrAccountRef), wrong, ErrAccountRef)
	}
	return nil
}

// checkAdapterID is `adapter_id`: string; ErrAdapterID.
func checkAdapterID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isName(unitsOf(x)) {
		return hold(c.Refuse(ErrAdapterID), wrong, ErrAdapterID)
	}
	return nil
}

// checkAmbiguityReason is `ambiguity_reason`: string or null; ErrAmbiguityReason.
func checkAmbiguityReason(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isReasonCode(unitsOf(x)) {
		return hold(c.Refuse(ErrAmbiguityReason), wrong, ErrAmbiguityReason)
	}
	return nil
}

// checkApprovalDeadlineMs is `approval_deadline_ms`: number; ErrApprovalDeadlineMs.
func checkApprovalDeadlineMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrApprovalDeadlineMs), wrong, ErrApprovalDeadlineMs)
	}
	return nil
}

// checkApprovalID is `approval_id`: string; ErrApprovalID.
func checkApprovalID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "approval") {
		return hold(c.Refuse(ErrApprovalID), wrong, ErrApprovalID)
	}
	return nil
}

// checkApprovedAtMs is `approved_at_ms`: number; ErrApprovedAtMs.
func checkApprovedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrApprovedAtMs), wrong, ErrApprovedAtMs)
	}
	return nil
}

// checkAverageFillPriceMinor is `average_fill_price_minor`: number or null; ErrAverageFillPriceMinor.
func checkAverageFillPriceMinor(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxPrice) {
		return hold(c.Refuse(ErrAverageFillPriceMinor), wrong, ErrAverageFillPriceMinor)
	}
	return nil
}

// checkBindingGeneration is `binding_generation`: number; ErrBindingGeneration.
func checkBindingGeneration(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxSafe) {
		return hold(c.Refuse(ErrBindingGeneration), wrong, ErrBindingGeneration)
	}
	return nil
}

// checkBrokerConfirmed is `broker_confirmed`: boolean; ErrBrokerConfirmed.
func checkBrokerConfirmed(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.True) && !kindIs(x, jsonvalue.False)
	if wrong || !(true) {
		return hold(c.Refuse(ErrBrokerConfirmed), wrong, ErrBrokerConfirmed)
	}
	return nil
}

// checkBrokerOrderRef is `broker_order_ref`: string or null; ErrBrokerOrderRef.
func checkBrokerOrderRef(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "broker") {
		return hold(c.Refuse(ErrBrokerOrderRef), wrong, ErrBrokerOrderRef)
	}
	return nil
}

// checkClientOrderID is `client_order_id`: string; ErrClientOrderID.
func checkClientOrderID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "client") {
		return hold(c.Refuse(ErrClientOrderID), wrong, ErrClientOrderID)
	}
	return nil
}

// checkConfirmation is `confirmation`: string; ErrConfirmation.
func checkConfirmation(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "per_order") {
		return hold(c.Refuse(ErrConfirmation), wrong, ErrConfirmation)
	}
	return nil
}

// checkCreatedAtMs is `created_at_ms`: number; ErrCreatedAtMs.
func checkCreatedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrCreatedAtMs), wrong, ErrCreatedAtMs)
	}
	return nil
}

// checkCurrency is `currency`: string; ErrCurrency.
func checkCurrency(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isCurrency(unitsOf(x)) {
		return hold(c.Refuse(ErrCurrency), wrong, ErrCurrency)
	}
	return nil
}

// checkDecision is `decision`: string; ErrDecision.
func checkDecision(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "approved", "rejected") {
		return hold(c.Refuse(ErrDecision), wrong, ErrDecision)
	}
	return nil
}

// checkEffectiveMode is `effective_mode`: string; ErrEffectiveMode.
func checkEffectiveMode(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), modeOffline, modeObserve, modeReviewOnly, modePaper, modeApprove, modeAuto, modePaused, modeLocked) {
		return hold(c.Refuse(ErrEffectiveMode), wrong, ErrEffectiveMode)
	}
	return nil
}

// checkEndpointSchemaDigest is `endpoint_schema_digest`: string; ErrEndpointSchemaDigest.
func checkEndpointSchemaDigest(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isDigest(unitsOf(x)) {
		return hold(c.Refuse(ErrEndpointSchemaDigest), wrong, ErrEndpointSchemaDigest)
	}
	return nil
}

// checkEnvironment is `environment`: string; ErrEnvironment.
func checkEnvironment(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), envPaper, envLive) {
		return hold(c.Refuse(ErrEnvironment), wrong, ErrEnvironment)
	}
	return nil
}

// checkEnvironments is `environments`: array of strings; ErrEnvironments.
func checkEnvironments(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !allStrings(x)
	if wrong || !setOf(x.Elems, "live", "paper") {
		return hold(c.Refuse(ErrEnvironments), wrong, ErrEnvironments)
	}
	return nil
}

// checkExpiresAtMs is `expires_at_ms`: number; ErrExpiresAtMs.
func checkExpiresAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrExpiresAtMs), wrong, ErrExpiresAtMs)
	}
	return nil
}

// checkFilledQuantity is `filled_quantity`: number or null; ErrFilledQuantity.
func checkFilledQuantity(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxQuantity) {
		return hold(c.Refuse(ErrFilledQuantity), wrong, ErrFilledQuantity)
	}
	return nil
}

// checkGrantID is `grant_id`: string; ErrGrantID.
func checkGrantID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "grant") {
		return hold(c.Refuse(ErrGrantID), wrong, ErrGrantID)
	}
	return nil
}

// checkGrantVersion is `grant_version`: number; ErrGrantVersion.
func checkGrantVersion(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxSafe) {
		return hold(c.Refuse(ErrGrantVersion), wrong, ErrGrantVersion)
	}
	return nil
}

// checkGrantsExecutionAuthority is `grants_execution_authority`: boolean; ErrGrantsExecutionAuthority.
func checkGrantsExecutionAuthority(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.True) && !kindIs(x, jsonvalue.False)
	if wrong || !(x.Kind == jsonvalue.False) {
		return hold(c.Refuse(ErrGrantsExecutionAuthority), wrong, ErrGrantsExecutionAuthority)
	}
	return nil
}

// checkIntentDigest is `intent_digest`: string; ErrIntentDigest.
func checkIntentDigest(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isDigest(unitsOf(x)) {
		return hold(c.Refuse(ErrIntentDigest), wrong, ErrIntentDigest)
	}
	return nil
}

// checkIntentID is `intent_id`: string; ErrIntentID.
func checkIntentID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "intent") {
		return hold(c.Refuse(ErrIntentID), wrong, ErrIntentID)
	}
	return nil
}

// checkIssuedAtMs is `issued_at_ms`: number; ErrIssuedAtMs.
func checkIssuedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrIssuedAtMs), wrong, ErrIssuedAtMs)
	}
	return nil
}

// checkLimitPriceMinor is `limit_price_minor`: number; ErrLimitPriceMinor.
func checkLimitPriceMinor(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxPrice) {
		return hold(c.Refuse(ErrLimitPriceMinor), wrong, ErrLimitPriceMinor)
	}
	return nil
}

// checkLinkedAtMs is `linked_at_ms`: number; ErrLinkedAtMs.
func checkLinkedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrLinkedAtMs), wrong, ErrLinkedAtMs)
	}
	return nil
}

// checkMaxDailyNotionalMinor is `max_daily_notional_minor`: number; ErrMaxDailyNotionalMinor.
func checkMaxDailyNotionalMinor(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxMoney) {
		return hold(c.Refuse(ErrMaxDailyNotionalMinor), wrong, ErrMaxDailyNotionalMinor)
	}
	return nil
}

// checkMaxDailyOrders is `max_daily_orders`: number; ErrMaxDailyOrders.
func checkMaxDailyOrders(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxQuantity) {
		return hold(c.Refuse(ErrMaxDailyOrders), wrong, ErrMaxDailyOrders)
	}
	return nil
}

// checkMaxOrderNotionalMinor is `max_order_notional_minor`: number; ErrMaxOrderNotionalMinor.
func checkMaxOrderNotionalMinor(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxMoney) {
		return hold(c.Refuse(ErrMaxOrderNotionalMinor), wrong, ErrMaxOrderNotionalMinor)
	}
	return nil
}

// checkMaxOrderQuantity is `max_order_quantity`: number; ErrMaxOrderQuantity.
func checkMaxOrderQuantity(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxQuantity) {
		return hold(c.Refuse(ErrMaxOrderQuantity), wrong, ErrMaxOrderQuantity)
	}
	return nil
}

// checkMaxPositionNotionalMinor is `max_position_notional_minor`: number; ErrMaxPositionNotionalMinor.
func checkMaxPositionNotionalMinor(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxMoney) {
		return hold(c.Refuse(ErrMaxPositionNotionalMinor), wrong, ErrMaxPositionNotionalMinor)
	}
	return nil
}

// checkNotionalSubmittedMinor is `notional_submitted_minor`: number; ErrNotionalSubmittedMinor.
func checkNotionalSubmittedMinor(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxMoney) {
		return hold(c.Refuse(ErrNotionalSubmittedMinor), wrong, ErrNotionalSubmittedMinor)
	}
	return nil
}

// checkObservedAtMs is `observed_at_ms`: number; ErrObservedAtMs.
func checkObservedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrObservedAtMs), wrong, ErrObservedAtMs)
	}
	return nil
}

// checkOperatorRef is `operator_ref`: string; ErrOperatorRef.
func checkOperatorRef(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "operator") {
		return hold(c.Refuse(ErrOperatorRef), wrong, ErrOperatorRef)
	}
	return nil
}

// checkOrderType is `order_type`: string; ErrOrderType.
func checkOrderType(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "limit") {
		return hold(c.Refuse(ErrOrderType), wrong, ErrOrderType)
	}
	return nil
}

// checkOrderTypes is `order_types`: array of strings; ErrOrderTypes.
func checkOrderTypes(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !allStrings(x)
	if wrong || !setOf(x.Elems, "limit", "market") {
		return hold(c.Refuse(ErrOrderTypes), wrong, ErrOrderTypes)
	}
	return nil
}

// checkOrdersSubmitted is `orders_submitted`: number; ErrOrdersSubmitted.
func checkOrdersSubmitted(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxQuantity) {
		return hold(c.Refuse(ErrOrdersSubmitted), wrong, ErrOrdersSubmitted)
	}
	return nil
}

// checkOutcome is `outcome`: string; ErrOutcome.
func checkOutcome(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), outAccepted, outFilled, outPartial, outRefused, outCancelled, outAmbiguous) {
		return hold(c.Refuse(ErrOutcome), wrong, ErrOutcome)
	}
	return nil
}

// checkProvider is `provider`: string; ErrProvider.
func checkProvider(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isName(unitsOf(x)) {
		return hold(c.Refuse(ErrProvider), wrong, ErrProvider)
	}
	return nil
}

// checkProviderConfirmationModes is `provider_confirmation_modes`: array of strings; ErrProviderConfirmationModes.
func checkProviderConfirmationModes(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !allStrings(x)
	if wrong || !setOf(x.Elems, "per_order", "session", "standing") {
		return hold(c.Refuse(ErrProviderConfirmationModes), wrong, ErrProviderConfirmationModes)
	}
	return nil
}

// checkQuantity is `quantity`: number; ErrQuantity.
func checkQuantity(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "1", maxQuantity) {
		return hold(c.Refuse(ErrQuantity), wrong, ErrQuantity)
	}
	return nil
}

// checkQuoteRef is `quote_ref`: string; ErrQuoteRef.
func checkQuoteRef(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "quote") {
		return hold(c.Refuse(ErrQuoteRef), wrong, ErrQuoteRef)
	}
	return nil
}

// checkReason is `reason`: string or null; ErrReason.
func checkReason(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isReasonCode(unitsOf(x)) {
		return hold(c.Refuse(ErrReason), wrong, ErrReason)
	}
	return nil
}

// checkReceiptID is `receipt_id`: string; ErrReceiptID.
func checkReceiptID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "receipt") {
		return hold(c.Refuse(ErrReceiptID), wrong, ErrReceiptID)
	}
	return nil
}

// checkReconciliationState is `reconciliation_state`: string or null; ErrReconciliationState.
func checkReconciliationState(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "pending", "querying_broker", "operator_required") {
		return hold(c.Refuse(ErrReconciliationState), wrong, ErrReconciliationState)
	}
	return nil
}

// checkRecordedAtMs is `recorded_at_ms`: number; ErrRecordedAtMs.
func checkRecordedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrRecordedAtMs), wrong, ErrRecordedAtMs)
	}
	return nil
}

// checkRefusalReason is `refusal_reason`: string or null; ErrRefusalReason.
func checkRefusalReason(c *refusal.Checker, x *jsonvalue.Value) error {
	if isNull(x) {
		return nil
	}
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isReasonCode(unitsOf(x)) {
		return hold(c.Refuse(ErrRefusalReason), wrong, ErrRefusalReason)
	}
	return nil
}

// checkRequestID is `request_id`: string; ErrRequestID.
func checkRequestID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "req") {
		return hold(c.Refuse(ErrRequestID), wrong, ErrRequestID)
	}
	return nil
}

// checkRequestedMode is `requested_mode`: string; ErrRequestedMode.
func checkRequestedMode(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), modeOffline, modeObserve, modeReviewOnly, modePaper, modeApprove, modeAuto) {
		return hold(c.Refuse(ErrRequestedMode), wrong, ErrRequestedMode)
	}
	return nil
}

// checkReservationExpiresAtMs is `reservation_expires_at_ms`: number; ErrReservationExpiresAtMs.
func checkReservationExpiresAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrReservationExpiresAtMs), wrong, ErrReservationExpiresAtMs)
	}
	return nil
}

// checkReservationRef is `reservation_ref`: string; ErrReservationRef.
func checkReservationRef(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "resv") {
		return hold(c.Refuse(ErrReservationRef), wrong, ErrReservationRef)
	}
	return nil
}

// checkReviewDigest is `review_digest`: string; ErrReviewDigest.
func checkReviewDigest(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isDigest(unitsOf(x)) {
		return hold(c.Refuse(ErrReviewDigest), wrong, ErrReviewDigest)
	}
	return nil
}

// checkReviewID is `review_id`: string; ErrReviewID.
func checkReviewID(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "review") {
		return hold(c.Refuse(ErrReviewID), wrong, ErrReviewID)
	}
	return nil
}

// checkReviewedAtMs is `reviewed_at_ms`: number; ErrReviewedAtMs.
func checkReviewedAtMs(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.Number)
	if wrong || !inRange(literalOf(x), "0", maxSafe) {
		return hold(c.Refuse(ErrReviewedAtMs), wrong, ErrReviewedAtMs)
	}
	return nil
}

// checkSide is `side`: string; ErrSide.
func checkSide(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "buy", "sell") {
		return hold(c.Refuse(ErrSide), wrong, ErrSide)
	}
	return nil
}

// checkSides is `sides`: array of strings; ErrSides.
func checkSides(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !allStrings(x)
	if wrong || !setOf(x.Elems, "buy", "sell") {
		return hold(c.Refuse(ErrSides), wrong, ErrSides)
	}
	return nil
}

// checkBindingStatus is `status`: string; ErrBindingStatus.
func checkBindingStatus(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "active", statusRevoked) {
		return hold(c.Refuse(ErrBindingStatus), wrong, ErrBindingStatus)
	}
	return nil
}

// checkReviewStatus is `status`: string; ErrReviewStatus.
func checkReviewStatus(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "previewed", statusRefused, statusExpired) {
		return hold(c.Refuse(ErrReviewStatus), wrong, ErrReviewStatus)
	}
	return nil
}

// checkApprovalStatus is `status`: string; ErrApprovalStatus.
func checkApprovalStatus(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !oneOf(unitsOf(x), "unspent", statusSpent) {
		return hold(c.Refuse(ErrApprovalStatus), wrong, ErrApprovalStatus)
	}
	return nil
}

// checkStrategyRef is `strategy_ref`: string; ErrStrategyRef.
func checkStrategyRef(c *refusal.Checker, x *jsonvalue.Value) error {
	wrong := !kindIs(x, jsonvalue.String)
	if wrong || !isRef(unitsOf(x), "strategy") {
		return hold(c.Refuse(ErrStrategyRef), wrong, ErrStrategyRef)
	}
	return nil
}

package ats

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/ats.md).
const Contract = "ats/1"

// The operation names of ats/1 (spec/ats.md, "Operations"), in table order.
const (
	OpExecutionState                  = "execution-state"
	OpConnectorCapability             = "connector-capability"
	OpAccountBindingV1                = "account-binding-v1"
	OpAccountBindingV2                = "account-binding-v2"
	OpDelegatedTradingGrantV1         = "delegated-trading-grant-v1"
	OpDelegatedTradingGrantV2         = "delegated-trading-grant-v2"
	OpGrantUsage                      = "grant-usage"
	OpEquityOrderIntentV1             = "equity-order-intent-v1"
	OpEquityOrderIntentV2             = "equity-order-intent-v2"
	OpOrderReviewReceipt              = "order-review-receipt"
	OpOperatorApprovalV1              = "operator-approval-v1"
	OpOperatorApprovalV2              = "operator-approval-v2"
	OpExecutionReceiptV1              = "execution-receipt-v1"
	OpExecutionReceiptV2              = "execution-receipt-v2"
	OpModelOrderProposalV1            = "model-order-proposal-v1"
	OpModelOrderProposalV2            = "model-order-proposal-v2"
	OpRedactBindingForExport          = "redact-binding-for-export"
	OpOptionalBinding                 = "optional-binding"
	OpOptionalBindingV2               = "optional-binding-v2"
	OpVerifyApprovalChain             = "verify-approval-chain"
	OpVerifyCommitAuthority           = "verify-commit-authority"
	OpVerifyExecutableApprovalChain   = "verify-executable-approval-chain"
	OpVerifyExecutableCommitAuthority = "verify-executable-commit-authority"
)

// The closed refusal table of ats/1, in the order of spec/ats.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position. Each comment names the operations that can give the refusal;
// "Refusals", "Validators", "Gates" and "Ignored guards and exception
// tags" of spec/ats.md say when and what an ignored guard lets through.
var (
	// ErrInput is ats.input (every operation).
	ErrInput = refusal.Guard{Contract: Contract, Code: "ats.input", Message: "input is not valid JSON"}
	// ErrType is ats.type (19 operations: execution-state, connector-capability, account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, grant-usage, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, model-order-proposal-v1, model-order-proposal-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrType = refusal.Guard{Contract: Contract, Code: "ats.type", Message: "document is not a JSON object"}
	// ErrUnknownMember is ats.unknown_member (19 operations: execution-state, connector-capability, account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, grant-usage, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, model-order-proposal-v1, model-order-proposal-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrUnknownMember = refusal.Guard{Contract: Contract, Code: "ats.unknown_member", Message: "document has a member outside its shape"}
	// ErrMissingMember is ats.missing_member (19 operations: execution-state, connector-capability, account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, grant-usage, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, model-order-proposal-v1, model-order-proposal-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrMissingMember = refusal.Guard{Contract: Contract, Code: "ats.missing_member", Message: "document lacks a member of its shape"}
	// ErrSchemaVersion is ats.schema_version (18 operations: execution-state, connector-capability, account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, model-order-proposal-v1, model-order-proposal-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrSchemaVersion = refusal.Guard{Contract: Contract, Code: "ats.schema_version", Message: "schema_version is not the schema tag this validator checks"}
	// ErrAccountBindingID is ats.account_binding_id (14 operations: account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrAccountBindingID = refusal.Guard{Contract: Contract, Code: "ats.account_binding_id", Message: "account_binding_id is not a reference with prefix bind_"}
	// ErrAccountRef is ats.account_ref (5 operations: account-binding-v1, account-binding-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrAccountRef = refusal.Guard{Contract: Contract, Code: "ats.account_ref", Message: "account_ref is not a reference with prefix acct_"}
	// ErrAdapterID is ats.adapter_id (11 operations: connector-capability, account-binding-v1, account-binding-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrAdapterID = refusal.Guard{Contract: Contract, Code: "ats.adapter_id", Message: "adapter_id is not a lowercase name"}
	// ErrAmbiguityReason is ats.ambiguity_reason (execution-receipt-v1, execution-receipt-v2).
	ErrAmbiguityReason = refusal.Guard{Contract: Contract, Code: "ats.ambiguity_reason", Message: "ambiguity_reason is not null or a reason code"}
	// ErrApprovalDeadlineMs is ats.approval_deadline_ms (order-review-receipt).
	ErrApprovalDeadlineMs = refusal.Guard{Contract: Contract, Code: "ats.approval_deadline_ms", Message: "approval_deadline_ms is not an integer from 0 to 9007199254740991"}
	// ErrApprovalID is ats.approval_id (operator-approval-v1, operator-approval-v2).
	ErrApprovalID = refusal.Guard{Contract: Contract, Code: "ats.approval_id", Message: "approval_id is not a reference with prefix approval_"}
	// ErrApprovedAtMs is ats.approved_at_ms (operator-approval-v1, operator-approval-v2).
	ErrApprovedAtMs = refusal.Guard{Contract: Contract, Code: "ats.approved_at_ms", Message: "approved_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrAverageFillPriceMinor is ats.average_fill_price_minor (execution-receipt-v1, execution-receipt-v2).
	ErrAverageFillPriceMinor = refusal.Guard{Contract: Contract, Code: "ats.average_fill_price_minor", Message: "average_fill_price_minor is not null or an integer from 1 to 1000000000"}
	// ErrBindingGeneration is ats.binding_generation (12 operations: account-binding-v1, account-binding-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrBindingGeneration = refusal.Guard{Contract: Contract, Code: "ats.binding_generation", Message: "binding_generation is not an integer from 1 to 9007199254740991"}
	// ErrBrokerConfirmed is ats.broker_confirmed (execution-receipt-v1, execution-receipt-v2).
	ErrBrokerConfirmed = refusal.Guard{Contract: Contract, Code: "ats.broker_confirmed", Message: "broker_confirmed is not true or false"}
	// ErrBrokerOrderRef is ats.broker_order_ref (execution-receipt-v1, execution-receipt-v2).
	ErrBrokerOrderRef = refusal.Guard{Contract: Contract, Code: "ats.broker_order_ref", Message: "broker_order_ref is not null or a reference with prefix broker_"}
	// ErrClientOrderID is ats.client_order_id (equity-order-intent-v1, equity-order-intent-v2).
	ErrClientOrderID = refusal.Guard{Contract: Contract, Code: "ats.client_order_id", Message: "client_order_id is not a reference with prefix client_"}
	// ErrConfirmation is ats.confirmation (delegated-trading-grant-v1, delegated-trading-grant-v2, operator-approval-v1, operator-approval-v2).
	ErrConfirmation = refusal.Guard{Contract: Contract, Code: "ats.confirmation", Message: "confirmation is not per_order"}
	// ErrCreatedAtMs is ats.created_at_ms (equity-order-intent-v1, equity-order-intent-v2).
	ErrCreatedAtMs = refusal.Guard{Contract: Contract, Code: "ats.created_at_ms", Message: "created_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrCurrency is ats.currency (13 operations: account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, equity-order-intent-v1, equity-order-intent-v2, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrCurrency = refusal.Guard{Contract: Contract, Code: "ats.currency", Message: "currency is not three ASCII capital letters"}
	// ErrDecision is ats.decision (operator-approval-v1, operator-approval-v2).
	ErrDecision = refusal.Guard{Contract: Contract, Code: "ats.decision", Message: "decision is not approved or rejected"}
	// ErrEffectiveMode is ats.effective_mode (execution-state).
	ErrEffectiveMode = refusal.Guard{Contract: Contract, Code: "ats.effective_mode", Message: "effective_mode is not a ladder mode, orders_paused or emergency_locked"}
	// ErrEndpointSchemaDigest is ats.endpoint_schema_digest (11 operations: connector-capability, account-binding-v1, account-binding-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrEndpointSchemaDigest = refusal.Guard{Contract: Contract, Code: "ats.endpoint_schema_digest", Message: "endpoint_schema_digest is not a sha256 digest"}
	// ErrEnvironment is ats.environment (14 operations: account-binding-v1, account-binding-v2, delegated-trading-grant-v1, delegated-trading-grant-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrEnvironment = refusal.Guard{Contract: Contract, Code: "ats.environment", Message: "environment is not paper or live"}
	// ErrEnvironments is ats.environments (connector-capability).
	ErrEnvironments = refusal.Guard{Contract: Contract, Code: "ats.environments", Message: "environments is not a strictly ascending non-empty array of live, paper"}
	// ErrExpiresAtMs is ats.expires_at_ms (8 operations: delegated-trading-grant-v1, delegated-trading-grant-v2, equity-order-intent-v1, equity-order-intent-v2, operator-approval-v1, operator-approval-v2, model-order-proposal-v1, model-order-proposal-v2).
	ErrExpiresAtMs = refusal.Guard{Contract: Contract, Code: "ats.expires_at_ms", Message: "expires_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrFilledQuantity is ats.filled_quantity (execution-receipt-v1, execution-receipt-v2).
	ErrFilledQuantity = refusal.Guard{Contract: Contract, Code: "ats.filled_quantity", Message: "filled_quantity is not null or an integer from 1 to 1000000"}
	// ErrGrantID is ats.grant_id (6 operations: delegated-trading-grant-v1, delegated-trading-grant-v2, grant-usage, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt).
	ErrGrantID = refusal.Guard{Contract: Contract, Code: "ats.grant_id", Message: "grant_id is not a reference with prefix grant_"}
	// ErrGrantVersion is ats.grant_version (delegated-trading-grant-v1, delegated-trading-grant-v2, order-review-receipt).
	ErrGrantVersion = refusal.Guard{Contract: Contract, Code: "ats.grant_version", Message: "grant_version is not an integer from 1 to 9007199254740991"}
	// ErrGrantsExecutionAuthority is ats.grants_execution_authority (connector-capability).
	ErrGrantsExecutionAuthority = refusal.Guard{Contract: Contract, Code: "ats.grants_execution_authority", Message: "grants_execution_authority is not false"}
	// ErrIntentDigest is ats.intent_digest (5 operations: order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2).
	ErrIntentDigest = refusal.Guard{Contract: Contract, Code: "ats.intent_digest", Message: "intent_digest is not a sha256 digest"}
	// ErrIntentID is ats.intent_id (equity-order-intent-v1, equity-order-intent-v2).
	ErrIntentID = refusal.Guard{Contract: Contract, Code: "ats.intent_id", Message: "intent_id is not a reference with prefix intent_"}
	// ErrIssuedAtMs is ats.issued_at_ms (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrIssuedAtMs = refusal.Guard{Contract: Contract, Code: "ats.issued_at_ms", Message: "issued_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrLimitPriceMinor is ats.limit_price_minor (6 operations: equity-order-intent-v1, equity-order-intent-v2, operator-approval-v1, operator-approval-v2, model-order-proposal-v1, model-order-proposal-v2).
	ErrLimitPriceMinor = refusal.Guard{Contract: Contract, Code: "ats.limit_price_minor", Message: "limit_price_minor is not an integer from 1 to 1000000000"}
	// ErrLinkedAtMs is ats.linked_at_ms (5 operations: account-binding-v1, account-binding-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrLinkedAtMs = refusal.Guard{Contract: Contract, Code: "ats.linked_at_ms", Message: "linked_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrLabelType is ats.label_type (5 operations: account-binding-v1, account-binding-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrLabelType = refusal.Guard{Contract: Contract, Code: "ats.label_type", Message: "masked_label is not a string"}
	// ErrLabelLength is ats.label_length (5 operations: account-binding-v1, account-binding-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrLabelLength = refusal.Guard{Contract: Contract, Code: "ats.label_length", Message: "masked label is not 1 to 64 UTF-16 units"}
	// ErrLabelControl is ats.label_control (account-binding-v1, redact-binding-for-export, optional-binding).
	ErrLabelControl = refusal.Guard{Contract: Contract, Code: "ats.label_control", Message: "masked label contains a control character"}
	// ErrLabelSurrogate is ats.label_surrogate (account-binding-v1, redact-binding-for-export, optional-binding).
	ErrLabelSurrogate = refusal.Guard{Contract: Contract, Code: "ats.label_surrogate", Message: "masked label contains an unpaired surrogate"}
	// ErrLabelDigitsV1 is ats.label_digits_v1 (account-binding-v1, redact-binding-for-export, optional-binding).
	ErrLabelDigitsV1 = refusal.Guard{Contract: Contract, Code: "ats.label_digits_v1", Message: "masked label has five or more consecutive digits"}
	// ErrLabelChar is ats.label_char (account-binding-v2, redact-binding-for-export, optional-binding-v2).
	ErrLabelChar = refusal.Guard{Contract: Contract, Code: "ats.label_char", Message: "masked label has a character outside the closed set"}
	// ErrLabelDigits is ats.label_digits (account-binding-v2, redact-binding-for-export, optional-binding-v2).
	ErrLabelDigits = refusal.Guard{Contract: Contract, Code: "ats.label_digits", Message: "masked label has more than four consecutive digits"}
	// ErrMaxDailyNotionalMinor is ats.max_daily_notional_minor (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrMaxDailyNotionalMinor = refusal.Guard{Contract: Contract, Code: "ats.max_daily_notional_minor", Message: "max_daily_notional_minor is not an integer from 0 to 1000000000000000"}
	// ErrMaxDailyOrders is ats.max_daily_orders (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrMaxDailyOrders = refusal.Guard{Contract: Contract, Code: "ats.max_daily_orders", Message: "max_daily_orders is not an integer from 0 to 1000000"}
	// ErrMaxOrderNotionalMinor is ats.max_order_notional_minor (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrMaxOrderNotionalMinor = refusal.Guard{Contract: Contract, Code: "ats.max_order_notional_minor", Message: "max_order_notional_minor is not an integer from 0 to 1000000000000000"}
	// ErrMaxOrderQuantity is ats.max_order_quantity (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrMaxOrderQuantity = refusal.Guard{Contract: Contract, Code: "ats.max_order_quantity", Message: "max_order_quantity is not an integer from 1 to 1000000"}
	// ErrMaxPositionNotionalMinor is ats.max_position_notional_minor (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrMaxPositionNotionalMinor = refusal.Guard{Contract: Contract, Code: "ats.max_position_notional_minor", Message: "max_position_notional_minor is not an integer from 0 to 1000000000000000"}
	// ErrNotionalSubmittedMinor is ats.notional_submitted_minor (grant-usage).
	ErrNotionalSubmittedMinor = refusal.Guard{Contract: Contract, Code: "ats.notional_submitted_minor", Message: "notional_submitted_minor is not an integer from 0 to 1000000000000000"}
	// ErrObservedAtMs is ats.observed_at_ms (execution-state, connector-capability).
	ErrObservedAtMs = refusal.Guard{Contract: Contract, Code: "ats.observed_at_ms", Message: "observed_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrOperatorRef is ats.operator_ref (operator-approval-v1, operator-approval-v2).
	ErrOperatorRef = refusal.Guard{Contract: Contract, Code: "ats.operator_ref", Message: "operator_ref is not a reference with prefix operator_"}
	// ErrOrderType is ats.order_type (6 operations: equity-order-intent-v1, equity-order-intent-v2, operator-approval-v1, operator-approval-v2, model-order-proposal-v1, model-order-proposal-v2).
	ErrOrderType = refusal.Guard{Contract: Contract, Code: "ats.order_type", Message: "order_type is not limit"}
	// ErrOrderTypes is ats.order_types (connector-capability).
	ErrOrderTypes = refusal.Guard{Contract: Contract, Code: "ats.order_types", Message: "order_types is not a strictly ascending non-empty array of limit, market"}
	// ErrOrdersSubmitted is ats.orders_submitted (grant-usage).
	ErrOrdersSubmitted = refusal.Guard{Contract: Contract, Code: "ats.orders_submitted", Message: "orders_submitted is not an integer from 0 to 1000000"}
	// ErrOutcome is ats.outcome (execution-receipt-v1, execution-receipt-v2).
	ErrOutcome = refusal.Guard{Contract: Contract, Code: "ats.outcome", Message: "outcome is not accepted, filled, partially_filled, refused, cancelled or ambiguous"}
	// ErrProvider is ats.provider (13 operations: connector-capability, account-binding-v1, account-binding-v2, equity-order-intent-v1, equity-order-intent-v2, order-review-receipt, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrProvider = refusal.Guard{Contract: Contract, Code: "ats.provider", Message: "provider is not a lowercase name"}
	// ErrProviderConfirmationModes is ats.provider_confirmation_modes (connector-capability).
	ErrProviderConfirmationModes = refusal.Guard{Contract: Contract, Code: "ats.provider_confirmation_modes", Message: "provider_confirmation_modes is not a strictly ascending non-empty array of per_order, session, standing"}
	// ErrQuantity is ats.quantity (8 operations: equity-order-intent-v1, equity-order-intent-v2, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, model-order-proposal-v1, model-order-proposal-v2).
	ErrQuantity = refusal.Guard{Contract: Contract, Code: "ats.quantity", Message: "quantity is not an integer from 1 to 1000000"}
	// ErrQuoteRef is ats.quote_ref (model-order-proposal-v1, model-order-proposal-v2).
	ErrQuoteRef = refusal.Guard{Contract: Contract, Code: "ats.quote_ref", Message: "quote_ref is not a reference with prefix quote_"}
	// ErrReason is ats.reason (execution-state).
	ErrReason = refusal.Guard{Contract: Contract, Code: "ats.reason", Message: "reason is not null or a reason code"}
	// ErrReceiptID is ats.receipt_id (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptID = refusal.Guard{Contract: Contract, Code: "ats.receipt_id", Message: "receipt_id is not a reference with prefix receipt_"}
	// ErrReconciliationState is ats.reconciliation_state (execution-receipt-v1, execution-receipt-v2).
	ErrReconciliationState = refusal.Guard{Contract: Contract, Code: "ats.reconciliation_state", Message: "reconciliation_state is not null, pending, querying_broker or operator_required"}
	// ErrRecordedAtMs is ats.recorded_at_ms (execution-receipt-v1, execution-receipt-v2).
	ErrRecordedAtMs = refusal.Guard{Contract: Contract, Code: "ats.recorded_at_ms", Message: "recorded_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrRefusalReason is ats.refusal_reason (order-review-receipt).
	ErrRefusalReason = refusal.Guard{Contract: Contract, Code: "ats.refusal_reason", Message: "refusal_reason is not null or a reason code"}
	// ErrRequestID is ats.request_id (equity-order-intent-v1, equity-order-intent-v2).
	ErrRequestID = refusal.Guard{Contract: Contract, Code: "ats.request_id", Message: "request_id is not a reference with prefix req_"}
	// ErrRequestedMode is ats.requested_mode (execution-state).
	ErrRequestedMode = refusal.Guard{Contract: Contract, Code: "ats.requested_mode", Message: "requested_mode is not offline, observe, review_only, paper, approve or auto"}
	// ErrReservationExpiresAtMs is ats.reservation_expires_at_ms (order-review-receipt).
	ErrReservationExpiresAtMs = refusal.Guard{Contract: Contract, Code: "ats.reservation_expires_at_ms", Message: "reservation_expires_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrReservationRef is ats.reservation_ref (order-review-receipt).
	ErrReservationRef = refusal.Guard{Contract: Contract, Code: "ats.reservation_ref", Message: "reservation_ref is not a reference with prefix resv_"}
	// ErrReviewDigest is ats.review_digest (operator-approval-v1, operator-approval-v2).
	ErrReviewDigest = refusal.Guard{Contract: Contract, Code: "ats.review_digest", Message: "review_digest is not a sha256 digest"}
	// ErrReviewID is ats.review_id (order-review-receipt).
	ErrReviewID = refusal.Guard{Contract: Contract, Code: "ats.review_id", Message: "review_id is not a reference with prefix review_"}
	// ErrReviewedAtMs is ats.reviewed_at_ms (order-review-receipt).
	ErrReviewedAtMs = refusal.Guard{Contract: Contract, Code: "ats.reviewed_at_ms", Message: "reviewed_at_ms is not an integer from 0 to 9007199254740991"}
	// ErrSide is ats.side (8 operations: equity-order-intent-v1, equity-order-intent-v2, operator-approval-v1, operator-approval-v2, execution-receipt-v1, execution-receipt-v2, model-order-proposal-v1, model-order-proposal-v2).
	ErrSide = refusal.Guard{Contract: Contract, Code: "ats.side", Message: "side is not buy or sell"}
	// ErrSides is ats.sides (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrSides = refusal.Guard{Contract: Contract, Code: "ats.sides", Message: "sides is not a strictly ascending non-empty array of buy, sell"}
	// ErrBindingStatus is ats.binding_status (5 operations: account-binding-v1, account-binding-v2, redact-binding-for-export, optional-binding, optional-binding-v2).
	ErrBindingStatus = refusal.Guard{Contract: Contract, Code: "ats.binding_status", Message: "status is not active or revoked"}
	// ErrReviewStatus is ats.review_status (order-review-receipt).
	ErrReviewStatus = refusal.Guard{Contract: Contract, Code: "ats.review_status", Message: "status is not previewed, refused or expired"}
	// ErrApprovalStatus is ats.approval_status (operator-approval-v1, operator-approval-v2).
	ErrApprovalStatus = refusal.Guard{Contract: Contract, Code: "ats.approval_status", Message: "status is not unspent or spent"}
	// ErrStrategyRef is ats.strategy_ref (model-order-proposal-v1, model-order-proposal-v2).
	ErrStrategyRef = refusal.Guard{Contract: Contract, Code: "ats.strategy_ref", Message: "strategy_ref is not a reference with prefix strategy_"}
	// ErrSymbol is ats.symbol (5 operations: delegated-trading-grant-v1, equity-order-intent-v1, operator-approval-v1, execution-receipt-v1, model-order-proposal-v1).
	ErrSymbol = refusal.Guard{Contract: Contract, Code: "ats.symbol", Message: "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"}
	// ErrEquityTicker is ats.equity_ticker (5 operations: delegated-trading-grant-v2, equity-order-intent-v2, operator-approval-v2, execution-receipt-v2, model-order-proposal-v2).
	ErrEquityTicker = refusal.Guard{Contract: Contract, Code: "ats.equity_ticker", Message: "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"}
	// ErrAllowlistShape is ats.allowlist_shape (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrAllowlistShape = refusal.Guard{Contract: Contract, Code: "ats.allowlist_shape", Message: "symbol_allowlist is not an array of at most 64 symbols"}
	// ErrAllowlistOrder is ats.allowlist_order (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrAllowlistOrder = refusal.Guard{Contract: Contract, Code: "ats.allowlist_order", Message: "symbol_allowlist is not strictly ascending"}
	// ErrAllowlistRepeat is ats.allowlist_repeat (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrAllowlistRepeat = refusal.Guard{Contract: Contract, Code: "ats.allowlist_repeat", Message: "symbol_allowlist has a repeated symbol"}
	// ErrStateExceeds is ats.state_exceeds (execution-state).
	ErrStateExceeds = refusal.Guard{Contract: Contract, Code: "ats.state_exceeds", Message: "effective_mode exceeds requested_mode"}
	// ErrStateReasonMissing is ats.state_reason_missing (execution-state).
	ErrStateReasonMissing = refusal.Guard{Contract: Contract, Code: "ats.state_reason_missing", Message: "effective_mode differs from requested_mode without a reason"}
	// ErrStateReasonExtra is ats.state_reason_extra (execution-state).
	ErrStateReasonExtra = refusal.Guard{Contract: Contract, Code: "ats.state_reason_extra", Message: "reason is set while effective_mode equals requested_mode"}
	// ErrGrantWindow is ats.grant_window (delegated-trading-grant-v1, delegated-trading-grant-v2).
	ErrGrantWindow = refusal.Guard{Contract: Contract, Code: "ats.grant_window", Message: "expires_at_ms is not after issued_at_ms"}
	// ErrIntentWindow is ats.intent_window (equity-order-intent-v1, equity-order-intent-v2).
	ErrIntentWindow = refusal.Guard{Contract: Contract, Code: "ats.intent_window", Message: "expires_at_ms is not after created_at_ms"}
	// ErrReviewDeadline is ats.review_deadline (order-review-receipt).
	ErrReviewDeadline = refusal.Guard{Contract: Contract, Code: "ats.review_deadline", Message: "approval_deadline_ms is not after reviewed_at_ms"}
	// ErrReviewReservation is ats.review_reservation (order-review-receipt).
	ErrReviewReservation = refusal.Guard{Contract: Contract, Code: "ats.review_reservation", Message: "approval_deadline_ms is after reservation_expires_at_ms"}
	// ErrReviewRefusal is ats.review_refusal (order-review-receipt).
	ErrReviewRefusal = refusal.Guard{Contract: Contract, Code: "ats.review_refusal", Message: "refusal_reason is not set exactly when status is refused"}
	// ErrApprovalWindow is ats.approval_window (operator-approval-v1, operator-approval-v2).
	ErrApprovalWindow = refusal.Guard{Contract: Contract, Code: "ats.approval_window", Message: "expires_at_ms is not after approved_at_ms"}
	// ErrReceiptAmbiguousConfirmed is ats.receipt_ambiguous_confirmed (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptAmbiguousConfirmed = refusal.Guard{Contract: Contract, Code: "ats.receipt_ambiguous_confirmed", Message: "ambiguous outcome is broker-confirmed"}
	// ErrReceiptUnconfirmed is ats.receipt_unconfirmed (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptUnconfirmed = refusal.Guard{Contract: Contract, Code: "ats.receipt_unconfirmed", Message: "outcome requires broker confirmation"}
	// ErrReceiptOrderRef is ats.receipt_order_ref (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptOrderRef = refusal.Guard{Contract: Contract, Code: "ats.receipt_order_ref", Message: "confirmed order outcome lacks broker_order_ref"}
	// ErrReceiptFillMissing is ats.receipt_fill_missing (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptFillMissing = refusal.Guard{Contract: Contract, Code: "ats.receipt_fill_missing", Message: "fill outcome lacks fill facts"}
	// ErrReceiptFillExtra is ats.receipt_fill_extra (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptFillExtra = refusal.Guard{Contract: Contract, Code: "ats.receipt_fill_extra", Message: "fill facts on an outcome without a fill"}
	// ErrReceiptOverfill is ats.receipt_overfill (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptOverfill = refusal.Guard{Contract: Contract, Code: "ats.receipt_overfill", Message: "filled_quantity exceeds quantity"}
	// ErrReceiptUnderfill is ats.receipt_underfill (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptUnderfill = refusal.Guard{Contract: Contract, Code: "ats.receipt_underfill", Message: "filled outcome fills less than quantity"}
	// ErrReceiptPartialWhole is ats.receipt_partial_whole (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptPartialWhole = refusal.Guard{Contract: Contract, Code: "ats.receipt_partial_whole", Message: "partially_filled outcome fills the whole quantity"}
	// ErrReceiptReconciliation is ats.receipt_reconciliation (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptReconciliation = refusal.Guard{Contract: Contract, Code: "ats.receipt_reconciliation", Message: "reconciliation_state is not set exactly when outcome is ambiguous"}
	// ErrReceiptAmbiguityReason is ats.receipt_ambiguity_reason (execution-receipt-v1, execution-receipt-v2).
	ErrReceiptAmbiguityReason = refusal.Guard{Contract: Contract, Code: "ats.receipt_ambiguity_reason", Message: "ambiguity_reason is not set exactly when outcome is ambiguous"}
	// ErrCanonical is ats.canonical (every operation).
	ErrCanonical = refusal.Guard{Contract: Contract, Code: "ats.canonical", Message: "value cannot be canonicalized"}
	// ErrEnvelope is ats.envelope (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrEnvelope = refusal.Guard{Contract: Contract, Code: "ats.envelope", Message: "gate input is not the operation's chain envelope"}
	// ErrGateField is ats.gate_field (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrGateField = refusal.Guard{Contract: Contract, Code: "ats.gate_field", Message: "a chain member field the gate reads is absent or of the wrong type"}
	// ErrExecutableChain is ats.executable_chain (verify-executable-approval-chain, verify-executable-commit-authority).
	ErrExecutableChain = refusal.Guard{Contract: Contract, Code: "ats.executable_chain", Message: "Only an order chain whose intent, approval, account binding and grant are all /2 may authorize an executable order; any /1 member makes it a historical record."}
	// ErrExecutableMember is ats.executable_member (verify-executable-approval-chain, verify-executable-commit-authority).
	ErrExecutableMember = refusal.Guard{Contract: Contract, Code: "ats.executable_member", Message: "An executable order chain member failed re-validation; only freshly validated /2 documents and well-formed inputs may authorize an order."}
	// ErrChainReviewIntent is ats.chain_review_intent (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewIntent = refusal.Guard{Contract: Contract, Code: "ats.chain_review_intent", Message: "Review does not answer this intent."}
	// ErrChainApprovalReview is ats.chain_approval_review (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalReview = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_review", Message: "Approval does not answer this review."}
	// ErrChainApprovalIntent is ats.chain_approval_intent (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalIntent = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_intent", Message: "Approval does not answer this intent."}
	// ErrChainApprovalReviewIntent is ats.chain_approval_review_intent (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalReviewIntent = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_review_intent", Message: "Approval and review disagree about the intent."}
	// ErrChainReviewProvider is ats.chain_review_provider (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewProvider = refusal.Guard{Contract: Contract, Code: "ats.chain_review_provider", Message: "Review names another provider than the order."}
	// ErrChainReviewBinding is ats.chain_review_binding (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewBinding = refusal.Guard{Contract: Contract, Code: "ats.chain_review_binding", Message: "Review names another account binding than the order."}
	// ErrChainReviewGeneration is ats.chain_review_generation (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewGeneration = refusal.Guard{Contract: Contract, Code: "ats.chain_review_generation", Message: "Review names another binding generation than the order."}
	// ErrChainReviewAdapter is ats.chain_review_adapter (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewAdapter = refusal.Guard{Contract: Contract, Code: "ats.chain_review_adapter", Message: "Review names another adapter than the order."}
	// ErrChainReviewEndpoint is ats.chain_review_endpoint (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewEndpoint = refusal.Guard{Contract: Contract, Code: "ats.chain_review_endpoint", Message: "Review names another endpoint schema digest than the order."}
	// ErrChainReviewEnvironment is ats.chain_review_environment (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewEnvironment = refusal.Guard{Contract: Contract, Code: "ats.chain_review_environment", Message: "Review names another execution environment than the order."}
	// ErrChainApprovalProvider is ats.chain_approval_provider (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalProvider = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_provider", Message: "Approval names another provider than the order."}
	// ErrChainApprovalBinding is ats.chain_approval_binding (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalBinding = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_binding", Message: "Approval names another account binding than the order."}
	// ErrChainApprovalGeneration is ats.chain_approval_generation (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalGeneration = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_generation", Message: "Approval names another binding generation than the order."}
	// ErrChainApprovalAdapter is ats.chain_approval_adapter (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalAdapter = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_adapter", Message: "Approval names another adapter than the order."}
	// ErrChainApprovalEndpoint is ats.chain_approval_endpoint (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalEndpoint = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_endpoint", Message: "Approval names another endpoint schema digest than the order."}
	// ErrChainApprovalEnvironment is ats.chain_approval_environment (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalEnvironment = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_environment", Message: "Approval names another execution environment than the order."}
	// ErrChainReviewGrant is ats.chain_review_grant (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewGrant = refusal.Guard{Contract: Contract, Code: "ats.chain_review_grant", Message: "Review was made under another grant than the order."}
	// ErrChainApprovalSymbol is ats.chain_approval_symbol (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalSymbol = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_symbol", Message: "Approval restates another symbol than the order."}
	// ErrChainApprovalSide is ats.chain_approval_side (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalSide = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_side", Message: "Approval restates another side than the order."}
	// ErrChainApprovalQuantity is ats.chain_approval_quantity (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalQuantity = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_quantity", Message: "Approval restates another quantity than the order."}
	// ErrChainApprovalPrice is ats.chain_approval_price (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalPrice = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_price", Message: "Approval restates another limit price than the order."}
	// ErrChainApprovalCurrency is ats.chain_approval_currency (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalCurrency = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_currency", Message: "Approval restates another currency than the order."}
	// ErrChainReviewRefused is ats.chain_review_refused (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewRefused = refusal.Guard{Contract: Contract, Code: "ats.chain_review_refused", Message: "Broker refused this order at review."}
	// ErrChainReviewExpired is ats.chain_review_expired (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewExpired = refusal.Guard{Contract: Contract, Code: "ats.chain_review_expired", Message: "Review expired."}
	// ErrChainApprovalRejected is ats.chain_approval_rejected (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalRejected = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_rejected", Message: "Operator rejected this order."}
	// ErrChainApprovalSpent is ats.chain_approval_spent (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalSpent = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_spent", Message: "Approval was already spent."}
	// ErrChainIntentExpired is ats.chain_intent_expired (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainIntentExpired = refusal.Guard{Contract: Contract, Code: "ats.chain_intent_expired", Message: "Order intent expired."}
	// ErrChainReviewDeadlinePassed is ats.chain_review_deadline_passed (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReviewDeadlinePassed = refusal.Guard{Contract: Contract, Code: "ats.chain_review_deadline_passed", Message: "Review approval deadline passed."}
	// ErrChainReservationExpired is ats.chain_reservation_expired (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainReservationExpired = refusal.Guard{Contract: Contract, Code: "ats.chain_reservation_expired", Message: "Reservation expired."}
	// ErrChainApprovalEarly is ats.chain_approval_early (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalEarly = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_early", Message: "Approval predates the review."}
	// ErrChainApprovalLate is ats.chain_approval_late (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalLate = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_late", Message: "Approval was given after the review approval deadline."}
	// ErrChainApprovalExpired is ats.chain_approval_expired (verify-approval-chain, verify-commit-authority, verify-executable-approval-chain, verify-executable-commit-authority).
	ErrChainApprovalExpired = refusal.Guard{Contract: Contract, Code: "ats.chain_approval_expired", Message: "Approval expired."}
	// ErrCommitBindingAccount is ats.commit_binding_account (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingAccount = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_account", Message: "Order is not aimed at the bound account."}
	// ErrCommitBindingRelinked is ats.commit_binding_relinked (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingRelinked = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_relinked", Message: "Account was re-linked after this order was reviewed."}
	// ErrCommitBindingProvider is ats.commit_binding_provider (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingProvider = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_provider", Message: "Bound account is at another provider than the order."}
	// ErrCommitBindingAdapter is ats.commit_binding_adapter (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingAdapter = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_adapter", Message: "Bound account uses another adapter than the order."}
	// ErrCommitBindingEndpoint is ats.commit_binding_endpoint (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingEndpoint = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_endpoint", Message: "Bound account uses another endpoint schema digest than the order."}
	// ErrCommitBindingEnvironment is ats.commit_binding_environment (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingEnvironment = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_environment", Message: "Order environment does not match the binding environment."}
	// ErrCommitBindingRevoked is ats.commit_binding_revoked (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingRevoked = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_revoked", Message: "Account binding is revoked."}
	// ErrCommitBindingCurrency is ats.commit_binding_currency (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitBindingCurrency = refusal.Guard{Contract: Contract, Code: "ats.commit_binding_currency", Message: "Order currency does not match the account currency."}
	// ErrCommitGrantOther is ats.commit_grant_other (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantOther = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_other", Message: "Grant is not the grant this order was made under."}
	// ErrCommitGrantChanged is ats.commit_grant_changed (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantChanged = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_changed", Message: "Grant changed after review."}
	// ErrCommitGrantBinding is ats.commit_grant_binding (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantBinding = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_binding", Message: "Grant is for another account binding."}
	// ErrCommitGrantBindingEnvironment is ats.commit_grant_binding_environment (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantBindingEnvironment = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_binding_environment", Message: "Grant environment does not match the binding environment."}
	// ErrCommitGrantEnvironment is ats.commit_grant_environment (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantEnvironment = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_environment", Message: "Order environment does not match the grant environment."}
	// ErrCommitGrantNotYet is ats.commit_grant_not_yet (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantNotYet = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_not_yet", Message: "Grant is not yet in force."}
	// ErrCommitGrantExpired is ats.commit_grant_expired (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantExpired = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_expired", Message: "Grant expired."}
	// ErrCommitGrantSymbol is ats.commit_grant_symbol (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantSymbol = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_symbol", Message: "Symbol is not in the grant allowlist."}
	// ErrCommitGrantSide is ats.commit_grant_side (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantSide = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_side", Message: "Grant does not permit this side."}
	// ErrCommitGrantCurrency is ats.commit_grant_currency (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantCurrency = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_currency", Message: "Order currency does not match the grant currency."}
	// ErrCommitGrantQuantity is ats.commit_grant_quantity (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantQuantity = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_quantity", Message: "Order quantity exceeds the grant per-order limit."}
	// ErrCommitGrantNotional is ats.commit_grant_notional (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitGrantNotional = refusal.Guard{Contract: Contract, Code: "ats.commit_grant_notional", Message: "Order notional exceeds the grant per-order limit."}
	// ErrCommitUsageGrant is ats.commit_usage_grant (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitUsageGrant = refusal.Guard{Contract: Contract, Code: "ats.commit_usage_grant", Message: "Usage is not this grant's usage."}
	// ErrCommitUsageOrders is ats.commit_usage_orders (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitUsageOrders = refusal.Guard{Contract: Contract, Code: "ats.commit_usage_orders", Message: "Order count exceeds the grant daily limit."}
	// ErrCommitUsageNotional is ats.commit_usage_notional (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitUsageNotional = refusal.Guard{Contract: Contract, Code: "ats.commit_usage_notional", Message: "Daily notional exceeds the grant daily limit."}
	// ErrCommitPositionLimit is ats.commit_position_limit (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitPositionLimit = refusal.Guard{Contract: Contract, Code: "ats.commit_position_limit", Message: "Resulting position exceeds the grant position limit."}
	// ErrCommitModeLocked is ats.commit_mode_locked (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitModeLocked = refusal.Guard{Contract: Contract, Code: "ats.commit_mode_locked", Message: "Emergency lock is engaged."}
	// ErrCommitModePaused is ats.commit_mode_paused (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitModePaused = refusal.Guard{Contract: Contract, Code: "ats.commit_mode_paused", Message: "Orders are paused."}
	// ErrCommitModeSubmission is ats.commit_mode_submission (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitModeSubmission = refusal.Guard{Contract: Contract, Code: "ats.commit_mode_submission", Message: "Mode does not allow order submission."}
	// ErrCommitModePaper is ats.commit_mode_paper (verify-commit-authority, verify-executable-commit-authority).
	ErrCommitModePaper = refusal.Guard{Contract: Contract, Code: "ats.commit_mode_paper", Message: "Paper mode can submit only paper orders."}
)

// Guards is the closed refusal table of ats/1 in table order, 165 guards.
// Callers must not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrUnknownMember, ErrMissingMember,
	ErrSchemaVersion, ErrAccountBindingID, ErrAccountRef, ErrAdapterID,
	ErrAmbiguityReason, ErrApprovalDeadlineMs, ErrApprovalID, ErrApprovedAtMs,
	ErrAverageFillPriceMinor, ErrBindingGeneration, ErrBrokerConfirmed, ErrBrokerOrderRef,
	ErrClientOrderID, ErrConfirmation, ErrCreatedAtMs, ErrCurrency,
	ErrDecision, ErrEffectiveMode, ErrEndpointSchemaDigest, ErrEnvironment,
	ErrEnvironments, ErrExpiresAtMs, ErrFilledQuantity, ErrGrantID,
	ErrGrantVersion, ErrGrantsExecutionAuthority, ErrIntentDigest, ErrIntentID,
	ErrIssuedAtMs, ErrLimitPriceMinor, ErrLinkedAtMs, ErrLabelType,
	ErrLabelLength, ErrLabelControl, ErrLabelSurrogate, ErrLabelDigitsV1,
	ErrLabelChar, ErrLabelDigits, ErrMaxDailyNotionalMinor, ErrMaxDailyOrders,
	ErrMaxOrderNotionalMinor, ErrMaxOrderQuantity, ErrMaxPositionNotionalMinor, ErrNotionalSubmittedMinor,
	ErrObservedAtMs, ErrOperatorRef, ErrOrderType, ErrOrderTypes,
	ErrOrdersSubmitted, ErrOutcome, ErrProvider, ErrProviderConfirmationModes,
	ErrQuantity, ErrQuoteRef, ErrReason, ErrReceiptID,
	ErrReconciliationState, ErrRecordedAtMs, ErrRefusalReason, ErrRequestID,
	ErrRequestedMode, ErrReservationExpiresAtMs, ErrReservationRef, ErrReviewDigest,
	ErrReviewID, ErrReviewedAtMs, ErrSide, ErrSides,
	ErrBindingStatus, ErrReviewStatus, ErrApprovalStatus, ErrStrategyRef,
	ErrSymbol, ErrEquityTicker, ErrAllowlistShape, ErrAllowlistOrder,
	ErrAllowlistRepeat, ErrStateExceeds, ErrStateReasonMissing, ErrStateReasonExtra,
	ErrGrantWindow, ErrIntentWindow, ErrReviewDeadline, ErrReviewReservation,
	ErrReviewRefusal, ErrApprovalWindow, ErrReceiptAmbiguousConfirmed, ErrReceiptUnconfirmed,
	ErrReceiptOrderRef, ErrReceiptFillMissing, ErrReceiptFillExtra, ErrReceiptOverfill,
	ErrReceiptUnderfill, ErrReceiptPartialWhole, ErrReceiptReconciliation, ErrReceiptAmbiguityReason,
	ErrCanonical, ErrEnvelope, ErrGateField, ErrExecutableChain,
	ErrExecutableMember, ErrChainReviewIntent, ErrChainApprovalReview, ErrChainApprovalIntent,
	ErrChainApprovalReviewIntent, ErrChainReviewProvider, ErrChainReviewBinding, ErrChainReviewGeneration,
	ErrChainReviewAdapter, ErrChainReviewEndpoint, ErrChainReviewEnvironment, ErrChainApprovalProvider,
	ErrChainApprovalBinding, ErrChainApprovalGeneration, ErrChainApprovalAdapter, ErrChainApprovalEndpoint,
	ErrChainApprovalEnvironment, ErrChainReviewGrant, ErrChainApprovalSymbol, ErrChainApprovalSide,
	ErrChainApprovalQuantity, ErrChainApprovalPrice, ErrChainApprovalCurrency, ErrChainReviewRefused,
	ErrChainReviewExpired, ErrChainApprovalRejected, ErrChainApprovalSpent, ErrChainIntentExpired,
	ErrChainReviewDeadlinePassed, ErrChainReservationExpired, ErrChainApprovalEarly, ErrChainApprovalLate,
	ErrChainApprovalExpired, ErrCommitBindingAccount, ErrCommitBindingRelinked, ErrCommitBindingProvider,
	ErrCommitBindingAdapter, ErrCommitBindingEndpoint, ErrCommitBindingEnvironment, ErrCommitBindingRevoked,
	ErrCommitBindingCurrency, ErrCommitGrantOther, ErrCommitGrantChanged, ErrCommitGrantBinding,
	ErrCommitGrantBindingEnvironment, ErrCommitGrantEnvironment, ErrCommitGrantNotYet, ErrCommitGrantExpired,
	ErrCommitGrantSymbol, ErrCommitGrantSide, ErrCommitGrantCurrency, ErrCommitGrantQuantity,
	ErrCommitGrantNotional, ErrCommitUsageGrant, ErrCommitUsageOrders, ErrCommitUsageNotional,
	ErrCommitPositionLimit, ErrCommitModeLocked, ErrCommitModePaused, ErrCommitModeSubmission,
	ErrCommitModePaper,
}

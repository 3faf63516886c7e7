package ats

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

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

// Guards is the closed refusal table of ats/1 in the order of spec/ats.md
// ("Refusals"), read from the catalogue: each message is fixed ASCII text
// and carries no value or position. "Refusals", "Validators", "Gates" and
// "Ignored guards and exception tags" of spec/ats.md say which operations
// give each and what an ignored guard lets through. Callers must not
// modify it.
var Guards = interp.Guards(Contract)

// guard returns the guard of Guards with code; a code the table lacks is
// a broken build (the catalogue is embedded), so it panics at init.
func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts of the package refuse with by name
// (the procedure's own, the cross-field rules, the export and the gates).
// The field rules' guards are the declaration's (spec/ats/shapes.json).
var (
	ErrInput                         = guard("ats.input")
	ErrType                          = guard("ats.type")
	ErrUnknownMember                 = guard("ats.unknown_member")
	ErrMissingMember                 = guard("ats.missing_member")
	ErrStateExceeds                  = guard("ats.state_exceeds")
	ErrStateReasonMissing            = guard("ats.state_reason_missing")
	ErrStateReasonExtra              = guard("ats.state_reason_extra")
	ErrGrantWindow                   = guard("ats.grant_window")
	ErrIntentWindow                  = guard("ats.intent_window")
	ErrReviewDeadline                = guard("ats.review_deadline")
	ErrReviewReservation             = guard("ats.review_reservation")
	ErrReviewRefusal                 = guard("ats.review_refusal")
	ErrApprovalWindow                = guard("ats.approval_window")
	ErrReceiptAmbiguousConfirmed     = guard("ats.receipt_ambiguous_confirmed")
	ErrReceiptUnconfirmed            = guard("ats.receipt_unconfirmed")
	ErrReceiptOrderRef               = guard("ats.receipt_order_ref")
	ErrReceiptFillMissing            = guard("ats.receipt_fill_missing")
	ErrReceiptFillExtra              = guard("ats.receipt_fill_extra")
	ErrReceiptOverfill               = guard("ats.receipt_overfill")
	ErrReceiptUnderfill              = guard("ats.receipt_underfill")
	ErrReceiptPartialWhole           = guard("ats.receipt_partial_whole")
	ErrReceiptReconciliation         = guard("ats.receipt_reconciliation")
	ErrReceiptAmbiguityReason        = guard("ats.receipt_ambiguity_reason")
	ErrCanonical                     = guard("ats.canonical")
	ErrEnvelope                      = guard("ats.envelope")
	ErrGateField                     = guard("ats.gate_field")
	ErrExecutableChain               = guard("ats.executable_chain")
	ErrExecutableMember              = guard("ats.executable_member")
	ErrChainReviewIntent             = guard("ats.chain_review_intent")
	ErrChainApprovalReview           = guard("ats.chain_approval_review")
	ErrChainApprovalIntent           = guard("ats.chain_approval_intent")
	ErrChainApprovalReviewIntent     = guard("ats.chain_approval_review_intent")
	ErrChainReviewProvider           = guard("ats.chain_review_provider")
	ErrChainReviewBinding            = guard("ats.chain_review_binding")
	ErrChainReviewGeneration         = guard("ats.chain_review_generation")
	ErrChainReviewAdapter            = guard("ats.chain_review_adapter")
	ErrChainReviewEndpoint           = guard("ats.chain_review_endpoint")
	ErrChainReviewEnvironment        = guard("ats.chain_review_environment")
	ErrChainApprovalProvider         = guard("ats.chain_approval_provider")
	ErrChainApprovalBinding          = guard("ats.chain_approval_binding")
	ErrChainApprovalGeneration       = guard("ats.chain_approval_generation")
	ErrChainApprovalAdapter          = guard("ats.chain_approval_adapter")
	ErrChainApprovalEndpoint         = guard("ats.chain_approval_endpoint")
	ErrChainApprovalEnvironment      = guard("ats.chain_approval_environment")
	ErrChainReviewGrant              = guard("ats.chain_review_grant")
	ErrChainApprovalSymbol           = guard("ats.chain_approval_symbol")
	ErrChainApprovalSide             = guard("ats.chain_approval_side")
	ErrChainApprovalQuantity         = guard("ats.chain_approval_quantity")
	ErrChainApprovalPrice            = guard("ats.chain_approval_price")
	ErrChainApprovalCurrency         = guard("ats.chain_approval_currency")
	ErrChainReviewRefused            = guard("ats.chain_review_refused")
	ErrChainReviewExpired            = guard("ats.chain_review_expired")
	ErrChainApprovalRejected         = guard("ats.chain_approval_rejected")
	ErrChainApprovalSpent            = guard("ats.chain_approval_spent")
	ErrChainIntentExpired            = guard("ats.chain_intent_expired")
	ErrChainReviewDeadlinePassed     = guard("ats.chain_review_deadline_passed")
	ErrChainReservationExpired       = guard("ats.chain_reservation_expired")
	ErrChainApprovalEarly            = guard("ats.chain_approval_early")
	ErrChainApprovalLate             = guard("ats.chain_approval_late")
	ErrChainApprovalExpired          = guard("ats.chain_approval_expired")
	ErrCommitBindingAccount          = guard("ats.commit_binding_account")
	ErrCommitBindingRelinked         = guard("ats.commit_binding_relinked")
	ErrCommitBindingProvider         = guard("ats.commit_binding_provider")
	ErrCommitBindingAdapter          = guard("ats.commit_binding_adapter")
	ErrCommitBindingEndpoint         = guard("ats.commit_binding_endpoint")
	ErrCommitBindingEnvironment      = guard("ats.commit_binding_environment")
	ErrCommitBindingRevoked          = guard("ats.commit_binding_revoked")
	ErrCommitBindingCurrency         = guard("ats.commit_binding_currency")
	ErrCommitGrantOther              = guard("ats.commit_grant_other")
	ErrCommitGrantChanged            = guard("ats.commit_grant_changed")
	ErrCommitGrantBinding            = guard("ats.commit_grant_binding")
	ErrCommitGrantBindingEnvironment = guard("ats.commit_grant_binding_environment")
	ErrCommitGrantEnvironment        = guard("ats.commit_grant_environment")
	ErrCommitGrantNotYet             = guard("ats.commit_grant_not_yet")
	ErrCommitGrantExpired            = guard("ats.commit_grant_expired")
	ErrCommitGrantSymbol             = guard("ats.commit_grant_symbol")
	ErrCommitGrantSide               = guard("ats.commit_grant_side")
	ErrCommitGrantCurrency           = guard("ats.commit_grant_currency")
	ErrCommitGrantQuantity           = guard("ats.commit_grant_quantity")
	ErrCommitGrantNotional           = guard("ats.commit_grant_notional")
	ErrCommitUsageGrant              = guard("ats.commit_usage_grant")
	ErrCommitUsageOrders             = guard("ats.commit_usage_orders")
	ErrCommitUsageNotional           = guard("ats.commit_usage_notional")
	ErrCommitPositionLimit           = guard("ats.commit_position_limit")
	ErrCommitModeLocked              = guard("ats.commit_mode_locked")
	ErrCommitModePaused              = guard("ats.commit_mode_paused")
	ErrCommitModeSubmission          = guard("ats.commit_mode_submission")
	ErrCommitModePaper               = guard("ats.commit_mode_paper")

	// Field guards that other packages name (the Go-only ticker checks).
	ErrEquityTicker   = guard("ats.equity_ticker")
	ErrLabelChar      = guard("ats.label_char")
	ErrLabelControl   = guard("ats.label_control")
	ErrLabelDigits    = guard("ats.label_digits")
	ErrLabelDigitsV1  = guard("ats.label_digits_v1")
	ErrLabelSurrogate = guard("ats.label_surrogate")
	ErrSymbol         = guard("ats.symbol")
)

package agentbrowseratsorder

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version
// (spec/agent-browser-ats-order.md).
const Contract = "agent-browser-ats-order/1"

// The operation names (spec/agent-browser-ats-order.md, "Operations"), in
// table order.
const (
	OpCall                   = "call"
	OpResult                 = "result"
	OpResolveSiteMode        = "resolve-site-mode"
	OpDeriveBindingState     = "derive-binding-state"
	OpRequiresReconciliation = "requires-reconciliation"
	OpVerifyResult           = "verify-result"
)

// MaxClockSkewMS is MAX_CLOCK_SKEW_MS, the replay and future bound of
// verifyBrowserResult in milliseconds (seed 001, section 4, invariant 11).
const MaxClockSkewMS = 5000

// Guards is the closed refusal table in the order of
// spec/agent-browser-ats-order.md ("Refusals"), read from the catalogue:
// each message is fixed ASCII text and carries no value or position.
// Callers must not modify it.
var Guards = interp.Guards(Contract)

func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts of the package refuse with by name:
// the input, the object rules, the gate and the canonical form. The member
// rules' guards are the declaration's.
var (
	ErrInput              = guard("agent-browser-ats-order.input")
	ErrUnknownMember      = guard("agent-browser-ats-order.unknown_member")
	ErrTicketLimitPrice   = guard("agent-browser-ats-order.ticket_limit_price")
	ErrDeadlineOrder      = guard("agent-browser-ats-order.deadline_order")
	ErrDeadlineWindow     = guard("agent-browser-ats-order.deadline_window")
	ErrMutationWindow     = guard("agent-browser-ats-order.mutation_window")
	ErrUnbound            = guard("agent-browser-ats-order.unbound")
	ErrBindingEnvironment = guard("agent-browser-ats-order.binding_environment")
	ErrResultReason       = guard("agent-browser-ats-order.result_reason")
	ErrResultData         = guard("agent-browser-ats-order.result_data")
	ErrAmbiguousOperation = guard("agent-browser-ats-order.ambiguous_operation")
	ErrDuplicateCommit    = guard("agent-browser-ats-order.duplicate_commit")
	ErrEvidenceSecond     = guard("agent-browser-ats-order.evidence_second")
	ErrUnverifiedCarries  = guard("agent-browser-ats-order.unverified_carries")
	ErrUnverifiedControl  = guard("agent-browser-ats-order.unverified_control")
	ErrTicketDigest       = guard("agent-browser-ats-order.ticket_digest")
	ErrCommitOrderID      = guard("agent-browser-ats-order.commit_order_id")
	ErrFillEvidence       = guard("agent-browser-ats-order.fill_evidence")
	ErrFillExceeds        = guard("agent-browser-ats-order.fill_exceeds")
	ErrFillStatus         = guard("agent-browser-ats-order.fill_status")
	ErrFillPrice          = guard("agent-browser-ats-order.fill_price")
	ErrGateOperation      = guard("agent-browser-ats-order.gate_operation")
	ErrGateRequest        = guard("agent-browser-ats-order.gate_request")
	ErrGateGeneration     = guard("agent-browser-ats-order.gate_generation")
	ErrGatePrincipal      = guard("agent-browser-ats-order.gate_principal")
	ErrGateAdapter        = guard("agent-browser-ats-order.gate_adapter")
	ErrGateReplay         = guard("agent-browser-ats-order.gate_replay")
	ErrGateClock          = guard("agent-browser-ats-order.gate_clock")
	ErrGateBinding        = guard("agent-browser-ats-order.gate_binding")
	ErrGateParams         = guard("agent-browser-ats-order.gate_params")
	ErrGateStaleRead      = guard("agent-browser-ats-order.gate_stale_read")
	ErrCanonical          = guard("agent-browser-ats-order.canonical")
)

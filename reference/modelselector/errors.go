package modelselector

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/model-selector.md).
const Contract = "model-selector/1"

// The operation names of model-selector/1 (spec/model-selector.md,
// "Operations"), in table order.
const (
	OpParse              = "parse"
	OpTransport          = "transport"
	OpPayer              = "payer"
	OpTierSelectors      = "tier-selectors"
	OpRunPayers          = "run-payers"
	OpCommitSha          = "commit-sha"
	OpPublicationReceipt = "publication-receipt"
)

// Guards is the closed refusal table of model-selector/1 in the order of
// spec/model-selector.md ("Refusals"), read from the catalogue: each
// message is fixed ASCII text and carries no value or position. Callers
// must not modify it.
var Guards = interp.Guards(Contract)

func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts refuse with by name (the grammar's are
// also the declaration's codes of its check "selector", and the member
// rules' guards are the declaration's, spec/model-selector/shapes.json).
var (
	ErrInput      = guard("model-selector.input")
	ErrType       = guard("model-selector.type")
	ErrSegments   = guard("model-selector.segments")
	ErrMode       = guard("model-selector.mode")
	ErrVendor     = guard("model-selector.vendor")
	ErrModel      = guard("model-selector.model")
	ErrOllama     = guard("model-selector.ollama")
	ErrPin        = guard("model-selector.pin")
	ErrAdmissible = guard("model-selector.admissible")
	ErrCommitSha  = guard("model-selector.commit_sha")
)

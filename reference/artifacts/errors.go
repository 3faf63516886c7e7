package artifacts

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/artifacts.md).
const Contract = "artifacts/1"

// The operation names of artifacts/1 (spec/artifacts.md, "Operations"), in
// table order.
const (
	OpSummary   = "summary"
	OpTrace     = "trace"
	OpLifecycle = "lifecycle"
	OpParity    = "parity"
	OpAccept    = "accept"
)

// Guards is the closed refusal table of artifacts/1 in the order of
// spec/artifacts.md ("Refusals"), read from the catalogue: each message is
// fixed ASCII text and carries no value or position. Callers must not
// modify it.
var Guards = interp.Guards(Contract)

// guard returns the guard of Guards with code; a code the table lacks is a
// broken build (the catalogue is embedded), so it panics at init.
func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts of the package refuse with by name;
// the member rules' guards are the declaration's
// (spec/artifacts/shapes.json).
var (
	ErrInput               = guard("artifacts.input")
	ErrType                = guard("artifacts.type")
	ErrUntracedVerdict     = guard("artifacts.untraced_verdict")
	ErrUntracedConfidence  = guard("artifacts.untraced_confidence")
	ErrUntracedModel       = guard("artifacts.untraced_model")
	ErrTracedModel         = guard("artifacts.traced_model")
	ErrVersion             = guard("artifacts.version")
	ErrVersionNewer        = guard("artifacts.version_newer")
	ErrEnvelopeRunID       = guard("artifacts.envelope_run_id")
	ErrEnvelopeEntries     = guard("artifacts.envelope_entries")
	ErrProjection          = guard("artifacts.projection")
	ErrDefinitionEnds      = guard("artifacts.definition_ends")
	ErrLifecycleDefinition = guard("artifacts.lifecycle_definition")
	ErrLifecycleOrder      = guard("artifacts.lifecycle_order")
	ErrTree                = guard("artifacts.tree")
	ErrSummaryMissing      = guard("artifacts.summary_missing")
	ErrSummaryJSON         = guard("artifacts.summary_json")
	ErrVetoTrace           = guard("artifacts.veto_trace")
	ErrPathEmpty           = guard("artifacts.path_empty")
	ErrPathAbsolute        = guard("artifacts.path_absolute")
	ErrPathBackslash       = guard("artifacts.path_backslash")
	ErrPathParent          = guard("artifacts.path_parent")
	ErrPathTarget          = guard("artifacts.path_target")
	ErrPathSymlink         = guard("artifacts.path_symlink")
	ErrTraceMissing        = guard("artifacts.trace_missing")
	ErrTraceJSON           = guard("artifacts.trace_json")
	ErrParityMismatch      = guard("artifacts.parity_mismatch")
)

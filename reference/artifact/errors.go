package artifact

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/artifact.md).
const Contract = "artifact/1"

// The operation names of artifact/1 (spec/artifact.md, "Operations"), in
// table order.
const (
	OpSummary   = "summary"
	OpTrace     = "trace"
	OpLifecycle = "lifecycle"
	OpParity    = "parity"
	OpAccept    = "accept"
)

// Guards is the closed refusal table of artifact/1 in the order of
// spec/artifact.md ("Refusals"), read from the catalogue: each message is
// fixed ASCII text and carries no value or position. Callers must not
// modify it.
var Guards = interp.Guards(Contract)

// guard returns the guard of Guards with code; a code the table lacks is a
// broken build (the catalogue is embedded), so it panics at init.
func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts of the package refuse with by name;
// the member rules' guards are the declaration's
// (spec/artifact/shapes.json).
var (
	ErrInput               = guard("artifact.input")
	ErrType                = guard("artifact.type")
	ErrUntracedVerdict     = guard("artifact.untraced_verdict")
	ErrUntracedConfidence  = guard("artifact.untraced_confidence")
	ErrUntracedModel       = guard("artifact.untraced_model")
	ErrTracedModel         = guard("artifact.traced_model")
	ErrVersion             = guard("artifact.version")
	ErrVersionNewer        = guard("artifact.version_newer")
	ErrEnvelopeRunID       = guard("artifact.envelope_run_id")
	ErrEnvelopeEntries     = guard("artifact.envelope_entries")
	ErrProjection          = guard("artifact.projection")
	ErrDefinitionEnds      = guard("artifact.definition_ends")
	ErrLifecycleDefinition = guard("artifact.lifecycle_definition")
	ErrLifecycleOrder      = guard("artifact.lifecycle_order")
	ErrTree                = guard("artifact.tree")
	ErrSummaryMissing      = guard("artifact.summary_missing")
	ErrSummaryJSON         = guard("artifact.summary_json")
	ErrVetoTrace           = guard("artifact.veto_trace")
	ErrPathEmpty           = guard("artifact.path_empty")
	ErrPathAbsolute        = guard("artifact.path_absolute")
	ErrPathBackslash       = guard("artifact.path_backslash")
	ErrPathParent          = guard("artifact.path_parent")
	ErrPathTarget          = guard("artifact.path_target")
	ErrPathSymlink         = guard("artifact.path_symlink")
	ErrTraceMissing        = guard("artifact.trace_missing")
	ErrTraceJSON           = guard("artifact.trace_json")
	ErrParityMismatch      = guard("artifact.parity_mismatch")
)

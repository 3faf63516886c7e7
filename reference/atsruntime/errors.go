package atsruntime

import (
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
)

// Contract is the contract name with its version (spec/ats-runtime.md).
const Contract = "ats-runtime/1"

// The operation names of ats-runtime/1 (spec/ats-runtime.md, "Operations"),
// in table order.
const (
	OpRuntimeInstallation     = "runtime-installation"
	OpRuntimeCapabilities     = "runtime-capabilities"
	OpDataProfile             = "data-profile"
	OpDataProbe               = "data-probe"
	OpStrategySource          = "strategy-source"
	OpStrategyCompileArtifact = "strategy-compile-artifact"
	OpStrategyActivation      = "strategy-activation"
	OpTradeJournal            = "trade-journal"
	OpHumanNoteRevision       = "human-note-revision"
	OpJournalPreferences      = "journal-preferences"
	OpAgeProbeReceipt         = "age-probe-receipt"
	OpStageArtifact           = "stage-artifact"
	OpAdmitActivation         = "admit-activation"
	OpSaveNote                = "save-note"
)

// Guards is the closed refusal table of ats-runtime/1 in the order of
// spec/ats-runtime.md ("Refusals"), read from the catalogue: each message
// is fixed ASCII text and carries no value or position. Callers must not
// modify it.
var Guards = interp.Guards(Contract)

// guard returns the guard of Guards with code; a code the table lacks is a
// broken build (the catalogue is embedded), so it panics at init.
func guard(code string) refusal.Guard { return interp.Guard(Guards, code) }

// The guards the hand-written parts of the package refuse with by name:
// the input, the object rules of the shapes, the decisions and the
// canonical form. The member rules' guards are the declaration's
// (spec/ats-runtime/shapes.json).
var (
	ErrInput                    = guard("ats-runtime.input")
	ErrCapabilitiesLocalMode    = guard("ats-runtime.capabilities_local_mode")
	ErrProbeReasonExtra         = guard("ats-runtime.probe_reason_extra")
	ErrProbeReasonMissing       = guard("ats-runtime.probe_reason_missing")
	ErrArtifactProgramMissing   = guard("ats-runtime.artifact_program_missing")
	ErrArtifactProgramExtra     = guard("ats-runtime.artifact_program_extra")
	ErrActivationExceeds        = guard("ats-runtime.activation_exceeds")
	ErrActivationReasonMissing  = guard("ats-runtime.activation_reason_missing")
	ErrActivationGrantMissing   = guard("ats-runtime.activation_grant_missing")
	ErrActivationGrantExtra     = guard("ats-runtime.activation_grant_extra")
	ErrJournalReflectionExtra   = guard("ats-runtime.journal_reflection_extra")
	ErrJournalReflectionMissing = guard("ats-runtime.journal_reflection_missing")
	ErrNoteSupersedes           = guard("ats-runtime.note_supersedes")
	ErrProbeClock               = guard("ats-runtime.probe_clock")
	ErrStageLanguage            = guard("ats-runtime.stage_language")
	ErrStageSourceID            = guard("ats-runtime.stage_source_id")
	ErrStageSourceDigest        = guard("ats-runtime.stage_source_digest")
	ErrStageNotCompiled         = guard("ats-runtime.stage_not_compiled")
	ErrStageID                  = guard("ats-runtime.stage_id")
	ErrActivationProbe          = guard("ats-runtime.activation_probe")
	ErrNoteEntry                = guard("ats-runtime.note_entry")
	ErrNoteConflict             = guard("ats-runtime.note_conflict")
	ErrCanonical                = guard("ats-runtime.canonical")
)

package atsruntime

import (
	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// init registers the 14 operations with the Go reference's registry, in
// the order of spec/ats-runtime.md's Operations table.
func init() {
	op := func(name string, run func([]byte, ...refusal.Option) ([]byte, error)) register.Operation {
		return register.Operation{Contract: Contract, Op: name, Guards: Guards, Run: run}
	}
	register.Add(
		op(OpRuntimeInstallation, RuntimeInstallation),
		op(OpRuntimeCapabilities, RuntimeCapabilities),
		op(OpDataProfile, DataProfile),
		op(OpDataProbe, DataProbe),
		op(OpStrategySource, StrategySource),
		op(OpStrategyCompileArtifact, StrategyCompileArtifact),
		op(OpStrategyActivation, StrategyActivation),
		op(OpTradeJournal, TradeJournal),
		op(OpHumanNoteRevision, HumanNoteRevision),
		op(OpJournalPreferences, JournalPreferences),
		op(OpAgeProbeReceipt, AgeProbeReceipt),
		op(OpStageArtifact, StageArtifact),
		op(OpAdmitActivation, AdmitActivation),
		op(OpSaveNote, SaveNote),
	)
}

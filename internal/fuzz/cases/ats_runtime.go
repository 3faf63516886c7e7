package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers ats-runtime/1's two differential targets
// (spec/ats-runtime.md): FuzzATSRuntimeDocuments, the ten validators, each
// drawing its valid base document with one or two changes; and
// FuzzATSRuntimeDecisions, the four decisions, each drawing valid documents
// in the relations it tests with now and then one change
// (gen.ATSRuntimeDecision).
func init() {
	register(Target{Name: "FuzzATSRuntimeDocuments", Contract: "ats-runtime/1",
		Ops: gen.ARValidators, draw: gen.ATSRuntimeDocument})
	register(Target{Name: "FuzzATSRuntimeDecisions", Contract: "ats-runtime/1",
		Ops:  []string{"age-probe-receipt", "stage-artifact", "admit-activation", "save-note"},
		draw: gen.ATSRuntimeDecision})
}

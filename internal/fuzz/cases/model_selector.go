package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzModelSelector: model-selector/1's seven operations
// (spec/model-selector.md), each drawing its own input (gen.ModelSelector).
func init() {
	register(Target{Name: "FuzzModelSelector", Contract: "model-selector/1",
		Ops:  []string{"parse", "transport", "payer", "tier-selectors", "run-payers", "commit-sha", "publication-receipt"},
		draw: gen.ModelSelector})
}

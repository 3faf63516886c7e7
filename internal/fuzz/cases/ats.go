package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers ats/1's two differential targets (spec/ats.md):
// FuzzATSDocuments, the sixteen validators and the three operations built
// on the binding validators, each drawing its canonical document with one
// or two changes; and FuzzATSGates, the four gates, each drawing a valid /2
// chain with one change (gen.ATSMutateChain).
func init() {
	docs := []string{"execution-state", "connector-capability", "account-binding-v1", "account-binding-v2",
		"delegated-trading-grant-v1", "delegated-trading-grant-v2", "grant-usage", "equity-order-intent-v1",
		"equity-order-intent-v2", "order-review-receipt", "operator-approval-v1", "operator-approval-v2",
		"execution-receipt-v1", "execution-receipt-v2", "model-order-proposal-v1", "model-order-proposal-v2",
		"redact-binding-for-export", "optional-binding", "optional-binding-v2"}
	register(Target{Name: "FuzzATSDocuments", Contract: "ats/1", Ops: docs, draw: gen.ATSDocument})
	register(Target{Name: "FuzzATSGates", Contract: "ats/1",
		Ops:  []string{"verify-approval-chain", "verify-commit-authority", "verify-executable-approval-chain", "verify-executable-commit-authority"},
		draw: gen.ATSGateInput})
}

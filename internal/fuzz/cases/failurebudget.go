package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzFailureBudget: failure-budget/1 decide on event
// sequences of calls that repeat, with every classification rule, host
// decisions, states, retries and replies (spec/failure-budget.md).
func init() {
	register(Target{Name: "FuzzFailureBudget", Contract: "failure-budget/1", Ops: []string{"decide"},
		draw: func(s *gen.Source, _ string) []byte { return gen.BudgetSequence(s) }})
}

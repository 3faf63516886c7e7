package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

func TestFailureBudgetProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("failure-budget decisions ignore member order, one line per call then the checkpoint", prop.ForAll(func(b []byte) bool {
		return ok(FailureBudgetLaws(fgen.BudgetSequence(fgen.New(b)), fgen.New(b[len(b)/2:])))
	}, drawn()))
	props.TestingRun(t)
}

// TestFailureBudgetLawsOnKnownInputs checks the laws on two calls that
// differ only in member order (the second repeats the first), and that a
// refused input is no counterexample.
func TestFailureBudgetLawsOnKnownInputs(t *testing.T) {
	in := []byte(`{"rounds":false,"events":[{"event":"call","tool":"t","args":{"b":1,"a":2},"exit_code":1},{"args":{"a":2,"b":1},"tool":"t","event":"call","exit_code":1}]}`)
	if err := FailureBudgetLaws(in, fgen.New([]byte{1, 2, 3, 4})); err != nil {
		t.Fatal(err)
	}
	if err := FailureBudgetLaws([]byte(`[]`), fgen.New(nil)); err != nil {
		t.Fatal(err)
	}
}

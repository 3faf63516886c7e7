package gocheck

import (
	"bytes"
	"fmt"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/failurebudget"
)

// init registers FuzzFailureBudgetProperties, reading FuzzFailureBudget's
// format.
func init() {
	register(Target{Name: "FuzzFailureBudgetProperties", Input: "FuzzFailureBudget", check: func(c cases.Case, s *gen.Source) error {
		return FailureBudgetLaws(c.Input, s)
	}})
}

// FailureBudgetLaws checks two laws of failure-budget/1 on an accepted
// sequence in (spec/failure-budget.md): the member order of every object
// (events, args, retries) changes no decision, since fingerprints are
// taken over stable JSON and events are read by name (members reordered
// by draws from s); and the output is one line per call up to a stop,
// numbered from 0, then one checkpoint line. It returns nil when both
// hold, or when Decide refuses in.
func FailureBudgetLaws(in []byte, s *gen.Source) error {
	out, err := failurebudget.Decide(in)
	if err != nil {
		return nil
	}
	shuffled := Shuffle(in, s)
	again, err := failurebudget.Decide(shuffled)
	if err != nil || !bytes.Equal(again, out) {
		return fmt.Errorf("%q decides to %q, but with its members reordered, %q decides to %q (%v)", in, out, shuffled, again, err)
	}
	lines := bytes.Split(bytes.TrimSuffix(out, []byte{'\n'}), []byte{'\n'})
	for i, l := range lines[:len(lines)-1] {
		if !bytes.HasPrefix(l, fmt.Appendf(nil, `{"call":%d,"decision":"`, i)) {
			return fmt.Errorf("%q: line %d is %q", in, i, l)
		}
	}
	last := lines[len(lines)-1]
	stopped := len(lines) > 1 && bytes.Contains(lines[len(lines)-2], []byte(`"decision":"stop"`))
	if !bytes.HasPrefix(last, []byte(`{"checkpoint":`)) || stopped == bytes.Equal(last, []byte(`{"checkpoint":null}`)) {
		return fmt.Errorf("%q: the last line %q does not match the stop (%v)", in, last, stopped)
	}
	return nil
}

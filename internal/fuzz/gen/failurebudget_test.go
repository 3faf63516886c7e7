package gen

import (
	"bytes"
	"testing"
)

// TestBudgetGeneratorsTerminate: the failure-budget generators return on
// empty input.
func TestBudgetGeneratorsTerminate(t *testing.T) { terminates(t, BudgetSequence) }

// TestBudgetSequencesRepeatCalls checks sequences repeat a call often
// enough to spend a budget, and hold replies and host decisions.
func TestBudgetSequencesRepeatCalls(t *testing.T) {
	var repeats, hosts, replies int
	for _, b := range samples(1000, 400, BudgetSequence) {
		if bytes.Count(b, []byte(`"args":{"command":"make"}`)) >= 4 {
			repeats++
		}
		if bytes.Contains(b, []byte(`"host":`)) {
			hosts++
		}
		if bytes.Contains(b, []byte(`"reply"`)) {
			replies++
		}
	}
	if repeats < 20 || hosts == 0 || replies == 0 {
		t.Errorf("repeats %d, with host decisions %d, with replies %d", repeats, hosts, replies)
	}
}

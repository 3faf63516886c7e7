package report

import "testing"

func TestAgreement(t *testing.T) {
	rows := []Row{
		{Case: "a", Impl: "go", Outcome: Agree}, {Case: "a", Impl: "ts", Outcome: Agree},
		{Case: "b", Impl: "go", Outcome: Agree}, {Case: "b", Impl: "ts", Outcome: WrongOutput},
		{Case: "c", Impl: "go", Outcome: Agree}, {Case: "c", Impl: "ts", Outcome: Skipped},
		{Case: "d", Impl: "go", Outcome: Skipped},
		{Case: "e", Impl: "go", Outcome: Agree}, {Case: "e", Impl: "ts", Outcome: Nondeterministic},
		{Case: "f", Impl: "go", Outcome: Agree}, {Case: "f", Impl: "ts", Outcome: WrongMessage, Known: &Known{}},
	}
	if agree, total := Agreement(Report{Rows: rows}); agree != 1 || total != 6 {
		t.Errorf("%d of %d, want 1 of 6 (a alone: c was skipped by ts)", agree, total)
	}
}

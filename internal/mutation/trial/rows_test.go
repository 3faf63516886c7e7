package trial

import (
	"testing"

	"github.com/conform-dev/conform/spec/shapes"
)

func TestDeclareRows(t *testing.T) {
	outs := []RowOutcome{
		{RowMutant: RowMutant{Contract: "lamp/1", Row: shapes.Row{ID: "a"}}, Status: Survived},
		{RowMutant: RowMutant{Contract: "lamp/1", Row: shapes.Row{ID: "b"}}, Status: Killed},
		{RowMutant: RowMutant{Contract: "lamp/1", Row: shapes.Row{ID: "c"}}, Status: Survived},
	}
	stale := DeclareRows(outs, map[string]map[string]string{"lamp/1": {"a": "why", "b": "wrong", "z": "gone"}})
	if len(stale) != 1 || stale[0] != "lamp/1 z" {
		t.Errorf("stale = %v", stale)
	}
	if outs[0].Status != Ignored || outs[0].Equivalent != "why" {
		t.Errorf("a declared survivor: %+v", outs[0])
	}
	if outs[1].Status != Killed || outs[1].Equivalent != "wrong" {
		t.Errorf("a declared row that was killed keeps its status: %+v", outs[1])
	}
	if outs[2].Status != Survived {
		t.Errorf("an undeclared survivor: %+v", outs[2])
	}
}

package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
)

func TestPyJSONProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("pyjson-ascii output parses back to the same value", prop.ForAll(func(b []byte) bool {
		return ok(PyJSONRoundTrip(jsonText(b)))
	}, drawn()))
	props.TestingRun(t)
}

// TestPyLoadsModel checks the json.loads model the round-trip property
// rests on: it tells -0.0 from 0.0 and refuses what Python refuses.
func TestPyLoadsModel(t *testing.T) {
	v1, err1 := PyLoads([]byte(`{"a":[1,2.0,"\ud800",-0.0]}`))
	v2, err2 := PyLoads([]byte(`{"a":[1,2.0,"\ud800",0.0]}`))
	if err1 != nil || err2 != nil || v1.Equal(v2) {
		t.Errorf("PyLoads/Equal: -0.0 and 0.0 must differ (%v %v)", err1, err2)
	}
	if _, err := PyLoads([]byte(`[1,]`)); err == nil {
		t.Error("PyLoads accepts a trailing comma")
	}
}

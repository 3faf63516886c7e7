package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

func TestTraceFieldsProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("trace-fields agrees with encoding/json wherever it parses the trace", prop.ForAll(func(b []byte) bool {
		return ok(TraceFieldsAgainstJSON(fgen.TraceFields(fgen.New(b), "read")))
	}, drawn()))
	props.Property("trace-fields ignores member order and whitespace", prop.ForAll(func(b []byte) bool {
		return ok(TraceFieldsOrderLaw(fgen.TraceFields(fgen.New(b), "read"), fgen.New(b[len(b)/2:])))
	}, drawn()))
	props.TestingRun(t)
}

// TestTraceFieldsOracleOnKnownInputs checks that the oracle and the law
// hold on a document both parsers read, and that a trace encoding/json
// reads with a repeated name, or refuses, is not compared.
func TestTraceFieldsOracleOnKnownInputs(t *testing.T) {
	in := []byte(`{"mode":"coordinator","values":["a","z"],"types":["b"]}` + "\n" + `{"b":[1, {"c":null}], "a" : { "x" : "y z" }}`)
	if err := TraceFieldsAgainstJSON(in); err != nil {
		t.Fatal(err)
	}
	if err := TraceFieldsOrderLaw(in, fgen.New([]byte{7, 1, 9, 3})); err != nil {
		t.Fatal(err)
	}
	members, ok := parseTop([]byte(`{"a":1,"a":2}`))
	if ok || members != nil {
		t.Fatalf("a repeated name parsed as %v", members)
	}
	if _, ok := parseTop([]byte(`{"a":[1,}`)); ok {
		t.Fatal("a trace malformed below depth 1 is not one encoding/json accepts")
	}
}

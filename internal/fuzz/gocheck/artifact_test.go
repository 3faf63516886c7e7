package gocheck

import (
	"bytes"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/artifact"
)

// TestArtifactsParityProperty is the law of spec/artifact.md ("parity")
// over drawn parity inputs: no field outside the four decision fields
// changes the parity outcome or the differing fields.
func TestArtifactsParityProperty(t *testing.T) {
	props := gopter.NewProperties(parameters())
	accepted := 0
	props.Property("artifact parity is independent of every non-parity field", prop.ForAll(func(b []byte) bool {
		in := fgen.Artifacts(fgen.New(b), "parity")
		if _, err := artifact.Parity(in); err == nil {
			accepted++
		}
		return ok(ArtifactsParityLaw(in, fgen.New(b[len(b)/2:])))
	}, drawn()))
	props.TestingRun(t)
	if accepted < 200 {
		t.Errorf("only %d drawn parity inputs were accepted: the law was hardly tried", accepted)
	}
}

// TestArtifactsParityLawHasTeeth checks that the law fails when a change
// reaches a parity field, and holds on a known accepted input.
func TestArtifactsParityLawHasTeeth(t *testing.T) {
	const trace = `{"run_id":"r","entries":[{"epistemic_state":"known","decision":{"verdict":"pass","confidence":0.5,"stop_reason":"done"}}]}`
	in := []byte(`{"summary":{"verdict":"pass","confidence":0.5,"epistemic_status":"known","stop_reason":"done","termination_reason":"done","convergence":{"state":"converged","iterations":1},"runtime_version":"1.0.0","trace_path":"trace/run_trace.json","model":{"name":"m","digest":"sha256:0000000000000000000000000000000000000000000000000000000000000000"}},"trace":` + trace + `}`)
	for i := range 64 {
		if err := ArtifactsParityLaw(in, fgen.New([]byte{byte(i), byte(i * 7), 3, 9, byte(i * 13)})); err != nil {
			t.Fatal(err)
		}
	}
	if err := ArtifactsParityLaw([]byte(`[]`), fgen.New(nil)); err != nil {
		t.Fatal(err)
	}
	// A change that reaches a parity field is a counterexample.
	for _, flip := range [][2]string{{`"verdict":"pass","confidence"`, `"verdict":"fail","confidence"`}, {`"stop_reason":"done"}`, `"stop_reason":"other"}`}, {`"epistemic_state":"known"`, `"epistemic_state":"unknown"`}} {
		changed := bytes.Replace(in, []byte(flip[0]), []byte(flip[1]), 1)
		if bytes.Equal(changed, in) || sameParity(in, changed) == nil {
			t.Errorf("changing %s to %s is not caught", flip[0], flip[1])
		}
	}
}

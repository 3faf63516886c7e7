package ats

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// ops are the ats/1 operations by name.
func ops(t *testing.T) map[string]vectortest.Run {
	out := map[string]vectortest.Run{}
	for name, run := range opsByName(t) {
		out[name] = run
	}
	return out
}

// TestVectors runs every ats/1 vector through the reference: each
// accept vector gives its exact output, each reject vector its exact
// message.
func TestVectors(t *testing.T) {
	vectortest.Expect(t, vectortest.Load(t, "../../vectors/ats/*.jsonl"), ops(t))
}

// TestVectorsSingleCause is the single-cause proof of spec/ats.md
// ("Ignored guards and exception tags") on the Go reference: each reject
// vector, with its own guard ignored, is accepted, unless it carries an
// exception tag, when it is still refused (with any message of the table).
func TestVectorsSingleCause(t *testing.T) {
	vectortest.SingleCause(t, vectortest.Load(t, "../../vectors/ats/*.jsonl"), ops(t), Guards)
}

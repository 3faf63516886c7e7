package toolhost

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// ops are the toolhost/1 operations by name.
func ops() map[string]vectortest.Run {
	out := map[string]vectortest.Run{}
	for _, o := range Operations {
		out[o.Name] = vectortest.Run(o.Run)
	}
	return out
}

// TestVectors runs every toolhost/1 vector through the reference: each
// accept vector gives its exact output, each reject vector its exact
// message.
func TestVectors(t *testing.T) {
	vectortest.Expect(t, vectortest.Load(t, "../../vectors/toolhost/*.jsonl"), ops())
}

// TestVectorsSingleCause is the single-cause proof of spec/toolhost.md
// section 5 on the Go reference: each reject vector, with its own guard
// ignored, is accepted, unless it carries an exception tag, when it is
// still refused (with any message of the table).
func TestVectorsSingleCause(t *testing.T) {
	vectortest.SingleCause(t, vectortest.Load(t, "../../vectors/toolhost/*.jsonl"), ops(), Guards)
}

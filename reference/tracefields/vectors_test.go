package tracefields

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// TestVectors runs every vector of the contract through the reference:
// each accept vector gives its exact output, each reject vector its exact
// message, and with its own guard ignored is accepted unless its tag says
// why not.
func TestVectors(t *testing.T) {
	vectortest.Contract(t, Contract, 1, "../../vectors/trace-fields/*.jsonl", Guards)
}

package agentbrowseratsorder

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// TestVectors runs every vector through the reference: each accept vector
// gives its exact output, each reject vector its exact message, and with
// its own guard ignored is accepted unless its tag says why not
// (spec/agent-browser-ats-order.md, "Ignored guards and exception tags").
func TestVectors(t *testing.T) {
	vectortest.Contract(t, Contract, 6, "../../vectors/agent-browser-ats-order/*.jsonl", Guards)
}

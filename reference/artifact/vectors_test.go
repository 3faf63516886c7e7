package artifact

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// TestVectors runs every artifact/1 vector through the reference: each
// accept vector gives its exact output, each reject vector its exact
// message, and with its own guard ignored is accepted unless its tag says
// why not (spec/artifact.md, "Ignored guards and exception tags").
func TestVectors(t *testing.T) {
	vectortest.Contract(t, Contract, 5, "../../vectors/artifact/*.jsonl", Guards)
}

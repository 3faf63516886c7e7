package artifact

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// vectors are the artifact/1 vector files.
const vectors = "../../vectors/artifact/*.jsonl"

// TestVectors runs every artifact/1 vector through the reference: each
// accept vector gives its exact output, each reject vector its exact
// message.
func TestVectors(t *testing.T) {
	vectortest.Expect(t, vectortest.Load(t, vectors), vectortest.Registered(t, Contract, 5))
}

// TestVectorsSingleCause is the single-cause proof of spec/artifact.md
// ("Ignored guards and exception tags") on the Go reference.
func TestVectorsSingleCause(t *testing.T) {
	vectortest.SingleCause(t, vectortest.Load(t, vectors), vectortest.Registered(t, Contract, 5), Guards)
}

package agentbrowseratsorder

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// vectorFiles are the contract's vector files.
const vectorFiles = "../../vectors/agent-browser-ats-order/*.jsonl"

// TestVectors runs every vector through the reference: each accept vector
// gives its exact output, each reject vector its exact message.
func TestVectors(t *testing.T) {
	vectortest.Expect(t, vectortest.Load(t, vectorFiles), vectortest.Registered(t, Contract, 6))
}

// TestVectorsSingleCause is the single-cause proof of
// spec/agent-browser-ats-order.md ("Ignored guards and exception tags") on
// the Go reference.
func TestVectorsSingleCause(t *testing.T) {
	vectortest.SingleCause(t, vectortest.Load(t, vectorFiles), vectortest.Registered(t, Contract, 6), Guards)
}

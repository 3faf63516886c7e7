package agentbrowseratsorder

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// ops are the agent-browser-ats-order/1 operations by name, from the registry.
func ops(t *testing.T) map[string]vectortest.Run {
	t.Helper()
	out := map[string]vectortest.Run{}
	for _, o := range register.All() {
		if o.Contract == Contract {
			out[o.Op] = o.Run
		}
	}
	if len(out) != 6 {
		t.Fatalf("%d agent-browser-ats-order/1 operations registered, want 6", len(out))
	}
	return out
}

// TestVectors runs every agent-browser-ats-order/1 vector through the reference: each
// accept vector gives its exact output, each reject vector its exact
// message.
func TestVectors(t *testing.T) {
	vectortest.Expect(t, vectortest.Load(t, "../../vectors/agent-browser-ats-order/*.jsonl"), ops(t))
}

// TestVectorsSingleCause is the single-cause proof of spec/agent-browser-ats-order.md
// ("Ignored guards and exception tags") on the Go reference.
func TestVectorsSingleCause(t *testing.T) {
	vectortest.SingleCause(t, vectortest.Load(t, "../../vectors/agent-browser-ats-order/*.jsonl"), ops(t), Guards)
}

package attestation

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/internal/vectortest"
)

// ops are the attestation/1 operations by name, from the registry.
func ops(t *testing.T) map[string]vectortest.Run {
	t.Helper()
	out := map[string]vectortest.Run{}
	for _, o := range register.All() {
		if o.Contract == Contract {
			out[o.Op] = o.Run
		}
	}
	if len(out) != 2 {
		t.Fatalf("%d attestation/1 operations registered, want 2", len(out))
	}
	return out
}

// TestVectors runs every attestation/1 vector through the reference:
// each accept vector gives its exact output, each reject vector its exact
// message.
func TestVectors(t *testing.T) {
	vectortest.Expect(t, vectortest.Load(t, "../../vectors/attestation/*.jsonl"), ops(t))
}

// TestVectorsSingleCause is the single-cause proof on the Go reference:
// with its guard ignored, each reject vector is accepted unless its tag
// says why not.
func TestVectorsSingleCause(t *testing.T) {
	vectortest.SingleCause(t, vectortest.Load(t, "../../vectors/attestation/*.jsonl"), ops(t), Guards)
}

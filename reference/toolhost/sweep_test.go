package toolhost

import (
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/internal/sweep"
)

// TestMutatedInputs runs random edits of the base chain's envelope of
// every operation: each ends in output or a refusal of the table, with no
// guard, one guard or every guard ignored (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	chain, _ := specChain(t)
	r := rand.New(rand.NewPCG(13, 14))
	n := 300
	if testing.Short() {
		n = 30
	}
	for _, o := range Operations {
		seed := string(envelopeOf(chain, envelopes[o.Name]...))
		sweep.Mutations(t, r, Contract+" "+o.Name, sweep.Run(o.Run), Guards, []string{seed}, n)
	}
}

package v8date

import (
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/internal/sweep"
)

// TestMutatedInputs runs random edits of a valid input of parse: each ends
// in output or a refusal of the table (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	sweep.Mutations(t, r, Contract+" "+Op, Parse, Guards, []string{`"0000-02-29T23:59:59.999Z"`}, 1500)
}

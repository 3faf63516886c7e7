package ticker

import (
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/internal/sweep"
)

// TestMutatedInputs runs random edits of valid inputs of every operation:
// each ends in output or a refusal of the table (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		op    string
		run   sweep.Run
		seeds []string
	}{
		{OpSymbol, Symbol, []string{`"HTTPS://X"`}},
		{OpEquityTicker, EquityTicker, []string{`"BRK.B"`}},
		{OpMaskedLabelV1, MaskedLabelV1, []string{`"Checking 1234"`}},
		{OpClosedMaskedLabel, ClosedMaskedLabel, []string{`"Checking \u2022\u20221234"`}},
	} {
		sweep.Mutations(t, r, Contract+" "+c.op, c.run, Guards, c.seeds, 1500)
	}
}

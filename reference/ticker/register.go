package ticker

import "github.com/conform-dev/conform/reference/internal/register"

// init registers the four operations with the Go reference's registry, in
// the order of spec/ticker.md's Operations table.
func init() {
	register.Add(
		register.Operation{Contract: Contract, Op: OpSymbol, Guards: Guards, Run: Symbol},
		register.Operation{Contract: Contract, Op: OpEquityTicker, Guards: Guards, Run: EquityTicker},
		register.Operation{Contract: Contract, Op: OpMaskedLabelV1, Guards: Guards, Run: MaskedLabelV1},
		register.Operation{Contract: Contract, Op: OpClosedMaskedLabel, Guards: Guards, Run: ClosedMaskedLabel},
	)
}

package bridge

import "github.com/conform-dev/conform/reference/internal/register"

// init registers the four operations with the Go reference's registry, in
// the order of spec/bridge.md's Operations table.
func init() {
	register.Add(
		register.Operation{Contract: Contract, Op: OpDecode, Guards: Guards, Run: Decode},
		register.Operation{Contract: Contract, Op: OpEncode, Guards: Guards, Run: Encode},
		register.Operation{Contract: Contract, Op: OpRoundTrip, Guards: Guards, Run: RoundTrip},
		register.Operation{Contract: Contract, Op: OpStream, Guards: Guards, Run: Stream},
	)
}

package prim

import "github.com/conform-dev/conform/reference/internal/register"

// init registers the nine operations with the Go reference's registry, in
// the order of spec/prim.md's Operations table.
func init() {
	register.Add(
		register.Operation{Contract: Contract, Op: OpTimestamp, Guards: Guards, Run: Timestamp},
		register.Operation{Contract: Contract, Op: OpInteger, Guards: Guards, Run: Integer},
		register.Operation{Contract: Contract, Op: OpPositiveInteger, Guards: Guards, Run: PositiveInteger},
		register.Operation{Contract: Contract, Op: OpString, Guards: Guards, Run: String},
		register.Operation{Contract: Contract, Op: OpSafeDisplay, Guards: Guards, Run: SafeDisplay},
		register.Operation{Contract: Contract, Op: OpSortedSet, Guards: Guards, Run: SortedSet},
		register.Operation{Contract: Contract, Op: OpToolList, Guards: Guards, Run: ToolList},
		register.Operation{Contract: Contract, Op: OpBase64URL, Guards: Guards, Run: Base64URL},
		register.Operation{Contract: Contract, Op: OpUTF8Length, Guards: Guards, Run: UTF8Length},
	)
}

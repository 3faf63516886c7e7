package toolhost

import "github.com/conform-dev/conform/reference/internal/register"

// init registers the 21 operations with the Go reference's registry, in
// the order of spec/toolhost.md's Operations table.
func init() {
	for _, o := range Operations {
		register.Add(register.Operation{Contract: Contract, Op: o.Name, Guards: Guards, Run: o.Run})
	}
}

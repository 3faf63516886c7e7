// Package reference is the public Go reference implementation of conform's
// contracts: one package per contract under reference/, each with its
// closed refusal table, registering its operations in its init function
// (reference/internal/register), and this registry, which lists them for the runner
// and the in-process harness. The contract packages are imported once, in
// contracts.go.
//
// Source: spec/README.md (the catalogue, and "Adding a contract") and
// mirrors/PROTOCOL.md (the `run`, `ignore` and `guards` requests the
// registry answers).
//
// It is public: another module may run any contract's operation by name
// through it, with the answers the contract's spec promises (the golden
// vectors pin them).
package reference

import (
	"sync"

	"github.com/conform-dev/conform/reference/internal/register"
)

// Operation is one contract operation of the Go reference
// (register.Operation: contract, operation, the contract's guards, Run).
type Operation = register.Operation

// Operations returns every operation of the Go reference in the order of
// spec/catalogue.json: contracts sorted by name, each contract's operations
// in the order of its spec's Operations table. Each call returns a new
// slice.
func Operations() []Operation { return register.All() }

// Lookup returns the operation named by contract (with its version, such as
// "<name>/1") and op, and whether there is one.
func Lookup(contract, op string) (Operation, bool) {
	o, ok := byName()[[2]string{contract, op}]
	return o, ok
}

// byName indexes Operations once: Lookup runs once per case, and building
// the table on every call was a tenth of a fuzz worker's CPU.
var byName = sync.OnceValue(func() map[[2]string]Operation {
	m := map[[2]string]Operation{}
	for _, o := range Operations() {
		m[[2]string{o.Contract, o.Op}] = o
	}
	return m
})

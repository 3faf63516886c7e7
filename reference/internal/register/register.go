// Package register is the bottom of the Go reference's registry: every
// contract package adds its operations here in its init function, and
// package reference, which imports every contract package once
// (reference/contracts.go), lists them. It imports nothing but
// reference/refusal, so that any contract package can register itself.
//
// Source: spec/README.md ("Adding a contract": one registration line per
// language) and mirrors/PROTOCOL.md (the `run`, `ignore` and `guards`
// requests the registry answers).
package register

import (
	"fmt"
	"sort"
	"sync"

	"github.com/conform-dev/conform/reference/refusal"
)

// Operation is one contract operation of the Go reference.
type Operation struct {
	// Contract is the contract name with its version, "<name>/<version>".
	Contract string
	// Op is the operation name, as in the contract's Operations table.
	Op string
	// Guards is the contract's whole closed refusal table, in the spec's
	// order, shared by every operation of the contract. Callers must not
	// modify it.
	Guards []refusal.Guard
	// Run takes the input bytes and returns the output bytes on acceptance
	// (empty and non-nil where the spec's output is empty) or a
	// *refusal.Error carrying one of Guards. opts may let guards pass
	// (refusal.Ignoring). It never panics.
	Run func(input []byte, opts ...refusal.Option) ([]byte, error)
}

var registry struct {
	sync.Mutex
	ops []Operation
}

// Add registers ops, which a contract package lists in the order of its
// spec's Operations table. It panics, at initialisation, on an operation
// without a contract, a name, guards or Run, and on an operation already
// registered: both are programming errors no input can cause.
func Add(ops ...Operation) {
	registry.Lock()
	defer registry.Unlock()
	for _, o := range ops {
		if o.Contract == "" || o.Op == "" || len(o.Guards) == 0 || o.Run == nil {
			panic(fmt.Sprintf("register: incomplete operation %q %q", o.Contract, o.Op))
		}
		for _, have := range registry.ops {
			if have.Contract == o.Contract && have.Op == o.Op {
				panic(fmt.Sprintf("register: %s %s registered twice", o.Contract, o.Op))
			}
		}
		registry.ops = append(registry.ops, o)
	}
}

// All returns every registered operation in the catalogue's order
// (spec/catalogue.json): contracts sorted by name with version, each
// contract's operations in the order it registered them. Each call returns
// a new slice.
func All() []Operation {
	registry.Lock()
	defer registry.Unlock()
	out := append([]Operation(nil), registry.ops...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Contract < out[j].Contract })
	return out
}

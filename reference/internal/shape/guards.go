package shape

import (
	"fmt"

	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/reference/refusal"
)

// Guards returns the closed refusal table of contract ("<name>/<version>")
// in table order, one guard per row of its spec's Refusals table, read from
// the embedded catalogue (spec/catalogue.json): the table is written once,
// in the spec. A contract the catalogue lacks is a broken build and panics.
func Guards(contract string) []refusal.Guard {
	k, ok := spec.MustLoad().Contract(contract)
	if !ok {
		panic(fmt.Sprintf("the catalogue has no contract %s", contract))
	}
	out := make([]refusal.Guard, len(k.Refusals))
	for i, r := range k.Refusals {
		out[i] = refusal.Guard{Contract: contract, Code: r.Code, Message: r.Message}
	}
	return out
}

// Guard returns the guard of guards whose code is code. A code the table
// lacks is a broken build and panics (package initialisation reads them).
func Guard(guards []refusal.Guard, code string) refusal.Guard {
	for _, g := range guards {
		if g.Code == code {
			return g
		}
	}
	panic(fmt.Sprintf("no guard has code %s", code))
}

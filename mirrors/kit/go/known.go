package kit

import (
	"fmt"
	"slices"
	"strings"
)

// catalogueContract is one contract of catalogue.go.
type catalogueContract struct {
	contract string
	ops      []string
	refusals []Guard
}

func lookup(contract string) (catalogueContract, bool) {
	for _, c := range catalogue {
		if c.contract == contract {
			return c, true
		}
	}
	return catalogueContract{}, false
}

// Known returns nil when the catalogue this kit was released with holds
// contract ("example/1") and its operation op ("canonicalize"); otherwise
// an error that names what it does not know and what it does: the
// contracts, or the contract's operations.
func Known(contract, op string) error {
	c, ok := lookup(contract)
	if !ok {
		names := make([]string, len(catalogue))
		for i, c := range catalogue {
			names[i] = c.contract
		}
		return fmt.Errorf("unknown contract %q (the catalogue knows %s)", contract, strings.Join(names, ", "))
	}
	if !slices.Contains(c.ops, op) {
		return fmt.Errorf("contract %s has no operation %q (its operations: %s)", contract, op, strings.Join(c.ops, ", "))
	}
	return nil
}

// Refusals returns the refusal table of contract in the catalogue this
// kit was released with (spec/<name>.md, "Refusals"), in order; nil for a
// contract it does not know.
func Refusals(contract string) []Guard {
	c, _ := lookup(contract)
	return slices.Clone(c.refusals)
}

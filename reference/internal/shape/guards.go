package shape

import (
	"encoding/json"
	"fmt"

	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec"
)

// Guards returns the closed refusal table of contract ("<name>/<version>")
// in table order, one guard per row of its spec's Refusals table, read from
// the public catalogue (spec.JSON, spec/catalogue.json): the table is
// written once, in the spec. A contract the catalogue lacks, or a
// catalogue that does not decode, is a broken build and panics.
func Guards(contract string) []refusal.Guard {
	k := entry(contract)
	out := make([]refusal.Guard, len(k.Refusals))
	for i, r := range k.Refusals {
		out[i] = refusal.Guard{Contract: contract, Code: r.Code, Message: r.Message}
	}
	return out
}

// Thresholds returns contract's Thresholds table (spec/<name>.md,
// "Thresholds"; the catalogue's thresholds), value by name; empty when it
// has none. A contract the catalogue lacks panics, as in Guards.
func Thresholds(contract string) map[string]int {
	out := map[string]int{}
	for _, t := range entry(contract).Thresholds {
		out[t.Name] = t.Value
	}
	return out
}

// catalogued is what the reference reads of one contract's catalogue
// entry.
type catalogued struct {
	Contract string `json:"contract"`
	Refusals []struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"refusals"`
	Thresholds []struct {
		Name  string `json:"name"`
		Value int    `json:"value"`
	} `json:"thresholds"`
}

// entry decodes contract's entry of the embedded catalogue; a catalogue
// that does not decode, or lacks contract, is a broken build and panics.
func entry(contract string) catalogued {
	var cat struct {
		Contracts []catalogued `json:"contracts"`
	}
	if err := json.Unmarshal(spec.JSON(), &cat); err != nil {
		panic(fmt.Sprintf("spec/catalogue.json: %v", err))
	}
	for _, k := range cat.Contracts {
		if k.Contract == contract {
			return k
		}
	}
	panic(fmt.Sprintf("the catalogue has no contract %s", contract))
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

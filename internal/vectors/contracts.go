package vectors

import (
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/spec"
)

// The contract table: which contracts and operations a vector file may
// name, and where each contract's files lie. It is read from the
// catalogue (spec/catalogue.json), never written here.

// contract is one known contract: its name with version, its operations and
// its vectors directory (the name without the version).
type contract struct {
	name string
	ops  []string
	dir  string
	// unreachable holds the messages of the refusals whose exception is
	// Unreachable in the contract's Refusals table.
	unreachable map[string]bool
	// thresholds holds the names of the contract's Thresholds table.
	thresholds map[string]bool
}

// contracts is the closed table of contracts vectors may name, with their
// operations, in catalogue order. Tests may replace it.
var contracts = fromCatalogue(spec.MustLoad())

// fromCatalogue returns the contract table of cat: each contract's vectors
// directory is its name (spec/README.md, "The catalogue").
func fromCatalogue(cat spec.Catalogue) []contract {
	out := make([]contract, len(cat.Contracts))
	for i, k := range cat.Contracts {
		out[i] = contract{name: k.Contract, ops: k.OpNames(), dir: k.Name, thresholds: map[string]bool{}}
		for _, t := range k.Thresholds {
			out[i].thresholds[t.Name] = true
		}
		for _, r := range k.Refusals {
			if r.Exception == Unreachable {
				if out[i].unreachable == nil {
					out[i].unreachable = map[string]bool{}
				}
				out[i].unreachable[r.Message] = true
			}
		}
	}
	return out
}

// DeclaredUnreachable reports whether the refusal with this message of
// contract (a name with version) is declared unreachable: its row
// of the contract's Refusals table (the catalogue) has the exception
// Unreachable (README.md, "Exception vocabulary"). No vector may aim at
// it, and the audits require that ignoring its guard changes no vector.
// An unknown contract or message is not declared unreachable.
func DeclaredUnreachable(contract, message string) bool {
	c, ok := contractNamed(contract)
	return ok && c.unreachable[message]
}

// ContractDirs returns the vectors directory of every contract, in
// catalogue order: the directories a vector set holds besides FindingsDir.
func ContractDirs() []string {
	dirs := make([]string, len(contracts))
	for i, c := range contracts {
		dirs[i] = c.dir
	}
	return dirs
}

// hasOp reports whether op is one of c's operations.
func (c contract) hasOp(op string) bool {
	for _, o := range c.ops {
		if o == op {
			return true
		}
	}
	return false
}

func contractNamed(name string) (contract, bool) {
	for _, c := range contracts {
		if c.name == name {
			return c, true
		}
	}
	return contract{}, false
}

func contractDir(dir string) bool {
	for _, c := range contracts {
		if c.dir == dir {
			return true
		}
	}
	return false
}

// quoteList renders ops as "a", "b", "c".
func quoteList(ops []string) string {
	q := make([]string, len(ops))
	for i, o := range ops {
		q[i] = strconv.Quote(o)
	}
	return strings.Join(q, ", ")
}

// Package differential is the engine of conform's differential fuzzing:
// the native Go fuzz targets (fuzz/, one per input format of package
// cases, in each contract's fuzz/<ident>_test.go) run through it,
// each running the Go reference in-process and the mirrors as persistent
// harness processes, and failing on any difference in output bytes,
// refusal message or verdict.
//
// A fuzz input expands to a batch of cases (cases.Target.Cases), which the
// target pipelines to every mirror at once: that is what keeps the mirrors
// busy while the protocol's round trip is in flight. A failure names the
// case that disagreed, so Go's minimizer shrinks the input to it.
//
// Which mirrors run, and how, is read from the environment once per
// process (Config); each fuzz worker process starts its own set lazily and
// TestMain closes it.
package differential

import (
	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/impl"
)

// Target is one differential fuzz target: the input format of the same
// name.
type Target = cases.Target

// Targets are the differential targets (cases.Targets).
var Targets = cases.Targets

// MaxBatch bounds the cases one fuzz input expands to.
const MaxBatch = cases.MaxBatch

// Lookup returns the target called name.
func Lookup(name string) (Target, bool) { return cases.Lookup(name) }

// ForContract returns the targets of a contract, in table order.
func ForContract(contract string) []Target { return cases.ForContract(contract) }

// Contracts lists the contracts that have targets, sorted.
func Contracts() []string { return cases.Contracts() }

// StructuredSeed returns a structured fuzz input (cases.StructuredSeed).
func StructuredSeed(name string, i, n int) []byte { return cases.StructuredSeed(name, i, n) }

// Seeds returns t's seed corpus (cases.Seeds).
func Seeds(t Target, corpora string) ([][]byte, error) { return cases.Seeds(t, corpora) }

// Jobs expands a fuzz input of t into harness jobs.
func Jobs(t Target, data []byte) []impl.Job {
	cs := t.Cases(data)
	jobs := make([]impl.Job, len(cs))
	for i, c := range cs {
		jobs[i] = impl.Job{Contract: c.Contract, Op: c.Op, Input: c.Input}
	}
	return jobs
}

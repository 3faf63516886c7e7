// Package control gives the guard audit one view of every implementation
// conform drives: the runner's Impl (name, handshake, RunBatch) plus the
// guard-mutation controls of mirrors/PROTOCOL.md, `guards` (the closed
// refusal table), `ignore` (let named guards pass) and `shift` (move named
// thresholds).
//
// A *harness.Client already has the controls, so the TypeScript and Python
// mirrors (and a Go reference served by cmd/conform-harness, mutant or not)
// are used as they are. The in-process Go reference gets them from Reference,
// which reads the registry's tables (reference.Operations) and sets
// runner.Reference.Ignore and Shift, the in-process forms of the `ignore`
// and `shift` requests.
package control

import (
	"context"
	"sync"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/reference"
)

// Impl is one implementation with the guard-mutation controls.
type Impl interface {
	impl.Impl
	// Guards returns the implementation's closed refusal table, every
	// contract it serves, in its own order. An error means the
	// implementation broke while answering.
	Guards(ctx context.Context) ([]protocol.Guard, error)
	// SetIgnore replaces the ignore set with pairs (nil clears it) and
	// returns the pairs the implementation has no guard for. An error means
	// the implementation broke while answering.
	SetIgnore(ctx context.Context, pairs []protocol.GuardPair) ([]protocol.GuardPair, error)
	// SetShift replaces the shift set with shifts (nil clears it) and
	// returns the thresholds the implementation does not have.
	// harness.ErrNoShift means it has no shift control at all; any other
	// error that it broke while answering.
	SetShift(ctx context.Context, shifts []protocol.Shift) ([]protocol.ThresholdPair, error)
}

var _ Impl = (*harness.Client)(nil)

// Reacher is an implementation that can tell which guards each run
// reaches: the messages of the guards it asks (ignored or not). Only the
// in-process Go reference is one. Ignoring a guard cannot change a run
// that never asks it, so the single-cause audit reruns only the vectors
// that reach the guards it ignores.
type Reacher interface {
	// Reached runs jobs with nothing ignored and returns, per job, the
	// set of messages of the guards it asked.
	Reached(ctx context.Context, jobs []impl.Job) []map[string]bool
}

var _ Reacher = goRef{}

// Reference wraps the in-process Go reference r (whose Ignore field it
// owns from now on) as an Impl.
func Reference(r *runner.Reference) Impl { return goRef{r} }

type goRef struct{ *runner.Reference }

// Guards lists the registry's tables in registry order, each guard once
// (operations of one contract share its table). It never fails.
func (g goRef) Guards(context.Context) ([]protocol.Guard, error) {
	var out []protocol.Guard
	seen := map[protocol.Guard]bool{}
	for _, op := range reference.Operations() {
		for _, gd := range op.Guards {
			pg := protocol.Guard{Contract: gd.Contract, Code: gd.Code, Message: gd.Message}
			if !seen[pg] {
				seen[pg] = true
				out = append(out, pg)
			}
		}
	}
	return out, nil
}

// Reached runs each job alone with Reference.Observe set, and returns the
// guards each asked; the ignore and shift sets are cleared meanwhile and
// restored after.
func (g goRef) Reached(ctx context.Context, jobs []impl.Job) []map[string]bool {
	ignore, shift := g.Reference.Ignore, g.Reference.Shift
	g.Reference.Ignore, g.Reference.Shift = nil, nil
	defer func() { g.Reference.Ignore, g.Reference.Shift, g.Reference.Observe = ignore, shift, nil }()
	out := make([]map[string]bool, len(jobs))
	for i := range jobs {
		seen := map[string]bool{}
		g.Reference.Observe = func(m string) { seen[m] = true }
		g.Reference.RunBatch(ctx, jobs[i:i+1])
		out[i] = seen
	}
	return out
}

// SetShift replaces Reference.Shift with shifts, grouped by contract, and
// returns the thresholds no contract's Thresholds table (the catalogue)
// lists, as a harness would. It never fails.
func (g goRef) SetShift(_ context.Context, shifts []protocol.Shift) ([]protocol.ThresholdPair, error) {
	known := catalogueThresholds()
	shift := map[string]map[string]int{}
	unknown := []protocol.ThresholdPair{}
	for _, s := range shifts {
		p := protocol.ThresholdPair{Contract: s.Contract, Threshold: s.Threshold}
		if !known[p] {
			unknown = append(unknown, p)
			continue
		}
		if shift[s.Contract] == nil {
			shift[s.Contract] = map[string]int{}
		}
		shift[s.Contract][s.Threshold] += s.By
	}
	g.Reference.Shift = shift
	return unknown, nil
}

// catalogueThresholds is every threshold of the catalogue's contracts,
// read once: the audit asks for it on every shift.
var catalogueThresholds = sync.OnceValue(func() map[protocol.ThresholdPair]bool {
	known := map[protocol.ThresholdPair]bool{}
	for _, k := range spec.MustLoad().Contracts {
		for _, t := range k.Thresholds {
			known[protocol.ThresholdPair{Contract: k.Contract, Threshold: t.Name}] = true
		}
	}
	return known
})

// SetIgnore replaces Reference.Ignore with pairs, grouped by contract, and
// returns the pairs no table lists, as a harness would. It never fails.
func (g goRef) SetIgnore(ctx context.Context, pairs []protocol.GuardPair) ([]protocol.GuardPair, error) {
	table, _ := g.Guards(ctx)
	known := map[protocol.GuardPair]bool{}
	for _, gd := range table {
		known[protocol.GuardPair{Contract: gd.Contract, Message: gd.Message}] = true
	}
	ignore := map[string][]string{}
	unknown := []protocol.GuardPair{}
	for _, p := range pairs {
		ignore[p.Contract] = append(ignore[p.Contract], p.Message)
		if !known[p] {
			unknown = append(unknown, p)
		}
	}
	g.Reference.Ignore = ignore
	return unknown, nil
}

package singlecause

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/spec"
)

// Threshold is the verdict on one threshold of one implementation: the
// single-cause proof of a number the contract compares a count with
// (spec/<name>.md, "Thresholds"). The threshold is moved by one either way
// (down only while it stays at or above its least value) through the
// protocol's `shift` control, and the contract's vectors are rerun each
// time. It is Flipped when every vector that changed declares the
// threshold (its `at`), every vector declaring it changed under at least
// one shift, and each shift changed at least one vector; Exception when
// the implementation has no shift control (its handshake lists no
// "shift"), so nothing can be proven; Broken otherwise.
type Threshold struct {
	Contract string `json:"contract"`
	Name     string `json:"name"`
	Value    int    `json:"value"`
	Status   Status `json:"status"`
	// Reasons says why, one line each; a Broken threshold has at least one.
	Reasons []string `json:"reasons"`
	// Declared counts the vectors that declare the threshold.
	Declared int `json:"declared"`
	// Shifts are the shifts run, each with the number of vectors it
	// changed.
	Shifts []ShiftRun `json:"shifts,omitempty"`
	// Undeclared are vectors that changed under a shift but do not declare
	// the threshold; Unchanged those that declare it and changed under no
	// shift.
	Undeclared []Change `json:"undeclared,omitempty"`
	Unchanged  []Vector `json:"unchanged,omitempty"`
}

// ShiftRun is one shift of a threshold and the vectors it changed.
type ShiftRun struct {
	By      int `json:"by"`
	Changed int `json:"changed"`
}

// thresholdsOf returns the Thresholds table of contract from the
// catalogue; tests replace it.
var thresholdsOf = func(contract string) []spec.Threshold {
	k, ok := spec.MustLoad().Contract(contract)
	if !ok {
		return nil
	}
	return k.Thresholds
}

// thresholds proves every threshold of the contracts of a.run (in the
// order they first appear), each over the vectors at byContract of its
// contract, or at all with RerunAll. It clears the shift set after each.
func (a *auditor) thresholds(ctx context.Context, byContract map[string][]int, all []int) {
	var contracts []string
	for _, c := range a.run {
		if !slices.Contains(contracts, c.Contract) {
			contracts = append(contracts, c.Contract)
		}
	}
	for _, contract := range contracts {
		for _, t := range thresholdsOf(contract) {
			if ctx.Err() != nil || a.res.Broke != "" {
				return
			}
			scope := byContract[contract]
			if a.opts.RerunAll {
				scope = all
			}
			a.res.Thresholds = append(a.res.Thresholds, a.threshold(ctx, contract, t, scope))
		}
	}
}

// threshold proves one threshold of contract over the vectors at scope.
func (a *auditor) threshold(ctx context.Context, contract string, t spec.Threshold, scope []int) Threshold {
	v := Threshold{Contract: contract, Name: t.Name, Value: t.Value}
	declared := map[int]bool{}
	for _, i := range scope {
		if slices.Contains(a.run[i].At, t.Name) {
			declared[i] = true
		}
	}
	v.Declared = len(declared)
	changed := map[int]bool{}
	for _, by := range []int{-1, 1} {
		if t.Value+by < t.Min {
			continue
		}
		unknown, err := a.im.SetShift(ctx, []protocol.Shift{{Contract: contract, Threshold: t.Name, By: by}})
		switch {
		case errors.Is(err, harness.ErrNoShift):
			v.Status = Exception
			v.Reasons = append(v.Reasons, "the implementation has no shift control (its handshake lists no \"shift\" feature): its thresholds cannot be moved, so nothing proves them single-cause")
			return v
		case err != nil:
			a.res.Broke = fmt.Sprintf("shift %s %s by %d: %v", contract, t.Name, by, err)
			v.Status = Broken
			v.Reasons = append(v.Reasons, "the implementation broke on the shift request: "+err.Error())
			return v
		case len(unknown) > 0:
			v.Status = Broken
			v.Reasons = append(v.Reasons, "the implementation serves shift but answered this threshold as unknown")
			return v
		}
		got := a.batch(ctx, scope)
		if b := broke(a.im); b != "" {
			a.res.Broke = fmt.Sprintf("with %s %s shifted by %d: %s", contract, t.Name, by, b)
		}
		run := ShiftRun{By: by}
		for _, i := range scope {
			ch := Change{Vector: vectorOf(a.run[i]), Before: answerOf(a.base[i]), After: answerOf(got[i])}
			if ch.Before.Equal(ch.After) {
				continue
			}
			run.Changed++
			changed[i] = true
			if !declared[i] {
				v.Undeclared = append(v.Undeclared, ch)
			}
		}
		v.Shifts = append(v.Shifts, run)
	}
	if _, err := a.im.SetShift(ctx, nil); err != nil && a.res.Broke == "" {
		a.res.Broke = fmt.Sprintf("shift (clear): %v", err)
	}
	for _, i := range scope {
		if declared[i] && !changed[i] {
			v.Unchanged = append(v.Unchanged, vectorOf(a.run[i]))
		}
	}
	for _, s := range v.Shifts {
		if s.Changed == 0 {
			v.Reasons = append(v.Reasons, fmt.Sprintf("shifted by %+d, it changed no vector: nothing pins that side of it", s.By))
		}
	}
	if n := len(v.Undeclared); n > 0 {
		c := v.Undeclared[0]
		v.Reasons = append(v.Reasons, fmt.Sprintf("%d vectors that do not declare it changed; first: %s: %s -> %s", n, c.Vector, c.Before, c.After))
	}
	if n := len(v.Unchanged); n > 0 {
		v.Reasons = append(v.Reasons, fmt.Sprintf("%d vectors declare it but changed under no shift; first: %s", n, v.Unchanged[0]))
	}
	if a.res.Broke != "" {
		v.Reasons = append(v.Reasons, "the implementation broke: "+a.res.Broke)
	}
	if len(v.Reasons) > 0 {
		v.Status = Broken
		return v
	}
	v.Status = Flipped
	var bys []string
	for _, s := range v.Shifts {
		bys = append(bys, fmt.Sprintf("%+d", s.By))
	}
	v.Reasons = append(v.Reasons, fmt.Sprintf("shifted by %s, it changed exactly the %d vectors declared at it, and none of the other %d", strings.Join(bys, " and "), v.Declared, len(scope)-v.Declared))
	return v
}

package singlecause

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// counter is a scripted implementation of contract t/1 with one threshold,
// "limit.n" (value 3, least 1): the input "n:K" answers "over" when K is at
// least the limit, else "under". forget lists thresholds it answers
// unknown; noShift makes it a harness without the shift control.
type counter struct {
	shift   int
	noShift bool
	unknown bool
}

func (c *counter) Name() string { return "counter" }
func (c *counter) Implementation() impl.Info {
	return impl.Info{Contracts: map[string][]string{"t/1": {"op"}}}
}
func (c *counter) Guards(context.Context) ([]protocol.Guard, error) { return nil, nil }
func (c *counter) SetIgnore(context.Context, []protocol.GuardPair) ([]protocol.GuardPair, error) {
	return nil, nil
}
func (c *counter) SetShift(_ context.Context, shifts []protocol.Shift) ([]protocol.ThresholdPair, error) {
	if c.noShift {
		return nil, harness.ErrNoShift
	}
	c.shift = 0
	var unknown []protocol.ThresholdPair
	for _, s := range shifts {
		if c.unknown {
			unknown = append(unknown, protocol.ThresholdPair{Contract: s.Contract, Threshold: s.Threshold})
			continue
		}
		c.shift += s.By
	}
	return unknown, nil
}
func (c *counter) RunBatch(_ context.Context, jobs []impl.Job) []impl.Result {
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		k, _ := strconv.Atoi(strings.TrimPrefix(string(j.Input), "n:"))
		answer := "under"
		if k >= 3+c.shift {
			answer = "over"
		}
		out[i] = impl.Result{Outcome: protocol.OutcomeOK, Output: []byte(answer)}
	}
	return out
}

func countCase(k int, answer string, at ...string) vectors.Case {
	c := okCase("n:" + strconv.Itoa(k))
	c.Output, c.At = []byte(answer), at
	return c
}

func TestThresholdVerdicts(t *testing.T) {
	saved := thresholdsOf
	defer func() { thresholdsOf = saved }()
	thresholdsOf = func(contract string) []spec.Threshold {
		if contract != "t/1" {
			return nil
		}
		return []spec.Threshold{{Name: "limit.n", Value: 3, Min: 1}}
	}
	// n:2 changes when the limit drops to 2, n:3 when it rises to 4; n:0
	// and n:9 never change.
	pinned := []vectors.Case{countCase(0, "under"), countCase(2, "under", "limit.n"), countCase(3, "over", "limit.n"), countCase(9, "over")}
	for _, c := range []struct {
		name   string
		im     *counter
		cases  []vectors.Case
		status Status
		reason string
	}{
		{"pinned", &counter{}, pinned, Flipped, "changed exactly the 2 vectors"},
		{"no shift control", &counter{noShift: true}, pinned, Exception, "no shift control"},
		{"threshold unknown", &counter{unknown: true}, pinned, Broken, "as unknown"},
		{"undeclared change", &counter{}, []vectors.Case{countCase(2, "under", "limit.n"), countCase(3, "over")}, Broken, "do not declare it"},
		{"declared, never changes", &counter{}, []vectors.Case{countCase(2, "under", "limit.n"), countCase(3, "over", "limit.n"), countCase(9, "over", "limit.n")}, Broken, "changed under no shift"},
		{"one side unpinned", &counter{}, []vectors.Case{countCase(2, "under", "limit.n")}, Broken, "shifted by +1, it changed no vector"},
	} {
		r := Audit(context.Background(), c.cases, c.im, Options{})
		if len(r.Thresholds) != 1 {
			t.Fatalf("%s: %d threshold verdicts, want 1 (broke %q)", c.name, len(r.Thresholds), r.Broke)
		}
		v := r.Thresholds[0]
		if v.Status != c.status || !strings.Contains(strings.Join(v.Reasons, "\n"), c.reason) {
			t.Errorf("%s: %s %v, want %s with %q", c.name, v.Status, v.Reasons, c.status, c.reason)
		}
		if r.OK() != (c.status != Broken) {
			t.Errorf("%s: OK() is %v with a %s threshold", c.name, r.OK(), c.status)
		}
		if !c.im.noShift && !c.im.unknown && c.im.shift != 0 {
			t.Errorf("%s: the shift set was not cleared (%d)", c.name, c.im.shift)
		}
	}
}

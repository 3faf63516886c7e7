package fuzz

import (
	"context"
	"strings"
	"testing"

	"conform/impl"
	"conform/runner"
)

// breakingMirror answers as the reference and records a protocol break on
// every batch, as a harness.Client does for a batch whose answer line
// broke the protocol while its cases, replayed one run request each,
// answered clean. With pin set, it also fails the first case (the replay
// pinned the break to it).
type breakingMirror struct {
	*runner.Reference
	pin    bool
	breaks []string
}

func (m *breakingMirror) Name() string { return "breaker" }

func (m *breakingMirror) Breaks() []string { return m.breaks }

func (m *breakingMirror) RunBatch(ctx context.Context, jobs []impl.Job) []impl.Result {
	m.breaks = append(m.breaks, "violation: line ends with CR")
	out := m.Reference.RunBatch(ctx, jobs)
	if m.pin {
		out[0] = impl.Result{Outcome: impl.Errored, Message: "violation: line ends with CR", Uncaught: true}
	}
	return out
}

// TestCheckReportsUnpinnedBatchBreaks: a batch break that no single case
// repeats is a disagreement of its own (the answers agree, so without it
// the break would pass unseen); a pinned break is its case's disagreement
// only; a later Check reports only breaks new since it began.
func TestCheckReportsUnpinnedBatchBreaks(t *testing.T) {
	jcs, _ := Lookup("FuzzJCS")
	jobs := Jobs(jcs, StructuredSeed("breaks", 0, 256))
	m := &breakingMirror{Reference: &runner.Reference{Version: "test"}}
	d := Differ{Reference: &runner.Reference{Version: "test"}, Mirrors: []impl.Impl{m}}
	for range 2 {
		ds := d.Check(context.Background(), jobs)
		if len(ds) != 1 || ds[0].Impl != "breaker" || ds[0].Break != "violation: line ends with CR" || ds[0].Cases != len(jobs) {
			t.Fatalf("disagreements %+v", ds)
		}
		if s := ds[0].String(); !strings.Contains(s, "breaker broke the protocol on a batch of 64 cases") || !strings.Contains(s, "repro:") {
			t.Errorf("message %q", s)
		}
	}
	m.pin = true
	ds := d.Check(context.Background(), jobs)
	if len(ds) != 1 || ds[0].Break != "" || ds[0].Job.Input == nil || ds[0].Got.Outcome != impl.Errored {
		t.Fatalf("a pinned break: disagreements %+v", ds)
	}
}

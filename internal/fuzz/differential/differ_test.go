package differential

import (
	"context"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/runner"
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

// partialMirror announces one operation of a contract and answers every
// case it is sent wrongly, recording what it was sent: an outside
// implementation of one operation, with a bug.
type partialMirror struct {
	*runner.Reference
	contract, op string
	sent         []string
}

func (m *partialMirror) Name() string { return "team" }

func (m *partialMirror) Implementation() impl.Info {
	return impl.Info{Name: "team", Contracts: map[string][]string{m.contract: {m.op}}}
}

func (m *partialMirror) RunBatch(_ context.Context, jobs []impl.Job) []impl.Result {
	out := make([]impl.Result, len(jobs))
	for i, j := range jobs {
		m.sent = append(m.sent, j.Op)
		out[i] = impl.Result{Outcome: impl.OK, Output: []byte("wrong")}
	}
	return out
}

// An outside implementation that announces some operations of a target is
// compared on those (its bug found) and sent no other; one that announces
// none of them is left out of the target's comparison.
func TestPartialImplementationIsComparedOnWhatItAnnounces(t *testing.T) {
	var tg Target
	for _, x := range Targets {
		if len(x.Ops) > 1 {
			tg = x
			break
		}
	}
	if tg.Name == "" {
		t.Fatal("no target of several operations")
	}
	jobs := Jobs(tg, StructuredSeed("partial", 0, 256))
	ops := map[string]bool{}
	for _, j := range jobs {
		ops[j.Op] = true
	}
	if len(ops) < 2 {
		t.Fatalf("the seed's jobs cover operations %v of %s", ops, tg.Name)
	}
	m := &partialMirror{Reference: &runner.Reference{Version: "test"}, contract: tg.Contract, op: jobs[0].Op}
	s := &Set{outside: map[string]bool{"team": true},
		Differ: Differ{Reference: &runner.Reference{Version: "test"}, Mirrors: []impl.Impl{m}}}
	d := s.For(tg)
	if len(d.Mirrors) != 1 {
		t.Fatalf("For left out an implementation that announces %s", m.op)
	}
	ds := d.Check(context.Background(), jobs)
	if len(ds) == 0 {
		t.Fatal("the bug on the announced operation was not found")
	}
	for _, x := range ds {
		if x.Impl != "team" || x.Job.Op != m.op {
			t.Errorf("a disagreement on %s of %s", x.Job.Op, x.Impl)
		}
	}
	for _, op := range m.sent {
		if op != m.op {
			t.Fatalf("sent %s, which it does not announce", op)
		}
	}
	m.contract = "none/1"
	if d := s.For(tg); len(d.Mirrors) != 0 {
		t.Error("For kept an implementation that announces none of the target's operations")
	}
}

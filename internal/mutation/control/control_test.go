package control

import (
	"context"
	"testing"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/reference"
)

func TestReference(t *testing.T) {
	ctx := context.Background()
	im := Reference(&runner.Reference{Version: "test"})
	gs, err := im.Guards(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[protocol.Guard]bool{}
	for _, g := range gs {
		if seen[g] {
			t.Errorf("%v listed twice", g)
		}
		seen[g] = true
	}
	for _, op := range reference.Operations() {
		for _, g := range op.Guards {
			if !seen[protocol.Guard{Contract: g.Contract, Code: g.Code, Message: g.Message}] {
				t.Errorf("%v missing", g)
			}
		}
	}

	// Ignoring a guard lets a vector aimed at it, with no exception tag,
	// pass; the unknown pair is reported; clearing restores the refusal.
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	var v vectors.Case
	for _, c := range vectors.Cases(files) {
		if c.Expect == vectors.ExpectRefused && c.Exception == "" {
			v = c
			break
		}
	}
	if v.ID == "" {
		t.Fatal("no refused vector without an exception tag")
	}
	op := struct{ Contract, Op string }{v.Contract, v.Op}
	input := v.Input
	job := []impl.Job{{Contract: op.Contract, Op: op.Op, Input: input}}
	before := im.RunBatch(ctx, job)[0]
	if before.Outcome != protocol.OutcomeRefused {
		t.Fatalf("%s: %+v", op.Contract, before)
	}
	bogus := protocol.GuardPair{Contract: op.Contract, Message: "no such guard"}
	unknown, err := im.SetIgnore(ctx, []protocol.GuardPair{{Contract: op.Contract, Message: before.Message}, bogus})
	if err != nil || len(unknown) != 1 || unknown[0] != bogus {
		t.Errorf("unknown %v, err %v", unknown, err)
	}
	if after := im.RunBatch(ctx, job)[0]; after.Outcome == protocol.OutcomeRefused && after.Message == before.Message {
		t.Errorf("ignored, still %+v", after)
	}
	if _, err := im.SetIgnore(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if again := im.RunBatch(ctx, job)[0]; again.Outcome != protocol.OutcomeRefused || again.Message != before.Message {
		t.Errorf("cleared, got %+v", again)
	}
}

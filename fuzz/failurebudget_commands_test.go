package fuzz

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/commands"
	ggen "github.com/leanovate/gopter/gen"

	"github.com/conform-dev/conform/internal/fuzz/campaign"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/impl"
)

// The gopter commands test of failure-budget/1 (spec/failure-budget.md): a
// command appends one event (gen.BudgetEvent) to the sequence; after each,
// the whole sequence is decided by the Go reference (the model) and by one
// mirror through its harness, and the two answers must be the same bytes.
// A divergence is shrunk by gopter to a minimal sequence, which is then
// written into vectors/findings/ as a fuzz finding is (campaign.WriteFindings).
//
// go test runs a few sequences per mirror; the long run is
//
//	CONFORM_BUDGET_COMMANDS=5m go test -run TestFailureBudgetCommands -timeout 20m ./fuzz/
//
// which repeats the property with new seeds for five minutes per mirror.

const (
	budgetContract = "failure-budget/1"
	// envBudgetCommands is how long to run the property per mirror (a Go
	// duration); unset, it runs budgetSequences sequences once.
	envBudgetCommands = "CONFORM_BUDGET_COMMANDS"
	budgetSequences   = 20
)

// budgetSUT is one mirror and the sequence so far.
type budgetSUT struct {
	differ *differential.Differ
	events []string
}

// budgetInput is the decide input of events.
func budgetInput(events []string) []byte {
	return []byte(`{"rounds":true,"events":[` + strings.Join(events, ",") + `]}`)
}

// budgetFailure keeps the last disagreement seen: after shrinking, the
// minimal one.
var budgetFailure struct {
	sync.Mutex
	d *differential.Disagreement
}

func budgetCommands(d *differential.Differ) *commands.ProtoCommands {
	return &commands.ProtoCommands{
		NewSystemUnderTestFunc: func(commands.State) commands.SystemUnderTest { return &budgetSUT{differ: d} },
		InitialStateGen:        ggen.Const([]string(nil)),
		GenCommandFunc: func(commands.State) gopter.Gen {
			return func(p *gopter.GenParameters) *gopter.GenResult {
				seed := make([]byte, 24)
				for i := range seed {
					seed[i] = byte(p.Rng.Intn(256))
				}
				return gopter.NewGenResult(budgetEvent(fgen.BudgetEvent(fgen.New(seed))), gopter.NoShrinker)
			}
		},
	}
}

// budgetEvent is one command: append the event and compare the answers.
type budgetEvent string

func (e budgetEvent) Run(sut commands.SystemUnderTest) commands.Result {
	s := sut.(*budgetSUT)
	s.events = append(s.events, string(e))
	job := impl.Job{Contract: budgetContract, Op: "decide", Input: budgetInput(s.events)}
	return s.differ.Check(context.Background(), []impl.Job{job})
}

func (e budgetEvent) NextState(state commands.State) commands.State {
	events, _ := state.([]string)
	return append(append([]string(nil), events...), string(e))
}

func (budgetEvent) PreCondition(commands.State) bool { return true }

func (budgetEvent) PostCondition(_ commands.State, result commands.Result) *gopter.PropResult {
	ds := result.([]differential.Disagreement)
	if len(ds) == 0 {
		return &gopter.PropResult{Status: gopter.PropTrue}
	}
	budgetFailure.Lock()
	budgetFailure.d = &ds[0]
	budgetFailure.Unlock()
	return &gopter.PropResult{Status: gopter.PropFalse}
}

func (e budgetEvent) String() string { return string(e) }

// TestFailureBudgetCommands runs the commands property against each mirror
// of this process's set.
func TestFailureBudgetCommands(t *testing.T) {
	set, err := differential.Process()
	if err != nil {
		t.Fatalf("starting the implementations: %v", err)
	}
	target, ok := differential.Lookup("FuzzFailureBudget")
	if !ok {
		t.Fatal("no target FuzzFailureBudget")
	}
	if err := set.Declared(target); err != nil {
		t.Fatal(err)
	}
	if len(set.Mirrors) == 0 {
		t.Fatal("no mirror to compare with the reference")
	}
	var budget time.Duration
	if v := os.Getenv(envBudgetCommands); v != "" {
		if budget, err = time.ParseDuration(v); err != nil {
			t.Fatalf("%s=%q: %v", envBudgetCommands, v, err)
		}
	}
	for _, m := range set.Mirrors {
		t.Run(m.Name(), func(t *testing.T) {
			d := set.For(target)
			d.Mirrors = []impl.Impl{m}
			start, runs, seed := time.Now(), 0, int64(20261201)
			for {
				p := gopter.DefaultTestParametersWithSeed(seed)
				p.MinSuccessfulTests = budgetSequences
				p.MaxSize = 40
				props := gopter.NewProperties(p)
				props.Property("the mirror decides every event sequence as the reference does", commands.Prop(budgetCommands(d)))
				res := props.Run(gopter.NewFormatedReporter(true, 160, os.Stderr))
				runs++
				if !res {
					budgetFailure.Lock()
					f := budgetFailure.d
					budgetFailure.Unlock()
					if f == nil {
						t.Fatal("the property failed without a disagreement")
					}
					written, err := campaign.WriteFindings("../vectors", "TestFailureBudgetCommands", []differential.Disagreement{*f})
					t.Fatalf("%s disagrees with the reference on the minimal sequence below; written as %v (%v)\n%s", m.Name(), written, err, f.String())
				}
				if time.Since(start) >= budget {
					break
				}
				seed++
			}
			t.Logf("%s: %d runs of %d sequences each, %s", m.Name(), runs, budgetSequences, time.Since(start).Round(time.Second))
		})
	}
}

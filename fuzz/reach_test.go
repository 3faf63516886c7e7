package fuzz

import (
	"fmt"
	"sort"
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/reference"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestGeneratedInputsReachEveryRefusal draws up to 3000 structured inputs
// per target (or the target's Reach), runs their cases through the
// reference, and checks that every refusal of each contract's table, and an
// acceptance of every operation, occur, with no exception but the refusals
// a contract declares unreachable and those a target records as not yet
// reached: the structured mode reaches the boundaries, not just its easy
// middle. A target stops drawing once it has seen an acceptance of each of
// its operations and every refusal those operations can give, so that a
// generator which reaches them all early (and whose cases are costly,
// sealed chains) costs no more than it must.
func TestGeneratedInputsReachEveryRefusal(t *testing.T) {
	seen := map[string]map[string]int{}
	for _, tg := range differential.Targets {
		if seen[tg.Contract] == nil {
			seen[tg.Contract] = map[string]int{}
		}
		t.Run(tg.Name, func(t *testing.T) {
			accepted := map[string]int{}
			want := map[string]bool{}
			contract, ok := spec.MustLoad().Contract(tg.Contract)
			if !ok {
				t.Fatalf("%s is not in the catalogue", tg.Contract)
			}
			for _, op := range tg.Ops {
				for _, r := range contract.RefusalsOf(op) {
					if _, later := tg.NotYetReached[r.Code]; later || vectors.DeclaredUnreachable(tg.Contract, r.Message) {
						continue // not expected: no reason to draw on for it
					}
					want[r.Message] = true
				}
			}
			done := func() bool {
				for _, op := range tg.Ops {
					if accepted[op] == 0 {
						return false
					}
				}
				for m := range want {
					if seen[tg.Contract][m] == 0 {
						return false
					}
				}
				return true
			}
			cases, inputs := 0, 0
			budget := tg.Reach
			if budget == 0 {
				budget = 3000
			}
			for i := range budget {
				if done() {
					break
				}
				inputs++
				for _, j := range tg.Cases(differential.StructuredSeed(tg.Name+"/reach", i, 400)) {
					cases++
					op, _ := reference.Lookup(j.Contract, j.Op)
					_, err := op.Run(j.Input)
					if err == nil {
						accepted[j.Op]++
						continue
					}
					e, ok := refusal.As(err)
					if !ok {
						t.Fatalf("%s %q: %v", j.Op, j.Input, err)
					}
					seen[tg.Contract][e.Guard.Message]++
				}
			}
			for _, op := range tg.Ops {
				if accepted[op] == 0 {
					t.Errorf("no generated %s input is accepted", op)
				}
			}
			t.Logf("%d inputs, %d cases, accepted: %v", inputs, cases, accepted)
		})
	}
	// A contract's refusals are shared by its operations, and its targets
	// split the operations: check each contract over all its targets. A
	// refusal a target records as not yet reached (Target.NotYetReached)
	// must be missing, and nothing else.
	notYet := map[string]map[string]string{}
	for _, tg := range differential.Targets {
		for code, why := range tg.NotYetReached {
			if notYet[tg.Contract] == nil {
				notYet[tg.Contract] = map[string]string{}
			}
			notYet[tg.Contract][code] = why
		}
	}
	for contract, msgs := range seen {
		for _, op := range reference.Operations() {
			if op.Contract != contract {
				continue
			}
			for _, g := range op.Guards {
				if _, ok := notYet[contract][g.Code]; ok && msgs[g.Message] > 0 {
					t.Errorf("%s: %s is reached now: remove it from the target's NotYetReached", contract, g.Code)
				}
				delete(notYet[contract], g.Code)
			}
		}
		for code := range notYet[contract] {
			t.Errorf("%s: NotYetReached names %s, which is no refusal of the contract", contract, code)
		}
		var missing []string
		for _, op := range reference.Operations() {
			if op.Contract != contract {
				continue
			}
			for _, g := range op.Guards {
				if _, ok := tgNotYet(contract)[g.Code]; ok {
					continue
				}
				// A refusal its contract declares unreachable
				// (vectors.DeclaredUnreachable) need not occur.
				if msgs[g.Message] == 0 && !vectors.DeclaredUnreachable(contract, g.Message) && !contains(missing, g.Code) {
					missing = append(missing, g.Code)
				}
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: refusals never reached: %v", contract, missing)
		}
		t.Logf("%s: %s", contract, summary(msgs))
	}
}

// tgNotYet is what the targets of contract record as not yet reached.
func tgNotYet(contract string) map[string]string {
	out := map[string]string{}
	for _, tg := range differential.Targets {
		if tg.Contract == contract {
			for code, why := range tg.NotYetReached {
				out[code] = why
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func summary(seen map[string]int) string {
	var parts []string
	for k, n := range seen {
		parts = append(parts, fmt.Sprintf("%q %d", k, n))
	}
	sort.Strings(parts)
	return fmt.Sprint(parts)
}

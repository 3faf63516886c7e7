package ats

import (
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/internal/sweep"
)

// TestMutatedInputs runs random edits of the canonical instances of
// spec/ats.md through their validators and of the faithful /2 chain
// through the four gates: each ends in output or a refusal of the table
// (sweep.Mutations), never a panic.
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 1))
	ops := opsByName(t)
	for _, c := range canonicalInstances(t) {
		sweep.Mutations(t, r, Contract+" "+c.op, ops[c.op], Guards, []string{c.text}, 300)
	}
	commit, chain := faithful(t)
	for _, g := range []struct {
		op, seed string
	}{
		{OpVerifyApprovalChain, chain},
		{OpVerifyExecutableApprovalChain, chain},
		{OpVerifyCommitAuthority, commit},
		{OpVerifyExecutableCommitAuthority, commit},
	} {
		sweep.Mutations(t, r, Contract+" "+g.op, ops[g.op], Guards, []string{g.seed}, 1500)
	}
}

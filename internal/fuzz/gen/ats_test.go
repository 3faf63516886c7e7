package gen

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestATSCanonicalDigests checks the literal canonical instances against
// the digests spec/ats.md gives them, through ATSDigest (gowebpki/jcs).
func TestATSCanonicalDigests(t *testing.T) {
	for name, c := range map[string]struct {
		d    ATSDoc
		want string
	}{
		"state":       {ATSState, "sha256:b8057a9a7f9fbf51e8cbfbbdc2a6cace3dd3cad2ea91e13686d725c270011622"},
		"binding-v2":  {ATSBindingV2, "sha256:6a193d05b5125f3492e6684567915af61ae2b1e4402b03d97d8569745411b083"},
		"grant-v2":    {ATSGrantV2, "sha256:dc9a8bc45235a710329f50ad4507e6f7bdac09158bed93b8e9e824c5e91dc153"},
		"usage":       {ATSUsage, "sha256:fec545a366f0592a0503774fcf3aac68c5665af472bfb2efe3f7f455c09e18f4"},
		"intent-v2":   {ATSIntentV2, "sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d"},
		"review-v2":   {ATSReviewV2, "sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f"},
		"approval-v2": {ATSApprovalV2, "sha256:603d33efa3302886c6e8aeaba437700977f3b74ac30878572aa9dfd582449498"},
		"proposal-v1": {ATSProposalV1, "sha256:3ae9933fa64bb9ec3f7e8487041106bfcf2df74667d1f616db6690a1a0363ac0"},
	} {
		if got, ok := ATSDigest(c.d); !ok || got != c.want {
			t.Errorf("%s: %s %v, spec %s", name, got, ok, c.want)
		}
	}
	// The faithful chain is already sealed: resealing changes nothing.
	f := ATSFaithful()
	if !bytes.Equal(f.Reseal().Commit(), f.Commit()) {
		t.Error("resealing F changes it")
	}
}

// TestATSGeneratorsTerminate: the ats/1 generators return on empty input,
// and their inputs are JSON (but for the truncated ones).
func TestATSGeneratorsTerminate(t *testing.T) {
	for op := range ATSDocOps {
		_ = ATSDocument(New(nil), op)
	}
	_ = ATSGateInput(New(nil), "verify-commit-authority")
	valid := 0
	for i := range 300 {
		c := ATSValidChain(New(noise(i, 64)))
		if json.Valid(c.Commit()) && json.Valid(c.ApprovalChain()) {
			valid++
		}
	}
	if valid != 300 {
		t.Errorf("%d of 300 valid chains are JSON", valid)
	}
}

// TestATSMutateChainDrawsEveryChange checks that every change of
// ATSChanges is drawn, and that a change other than "none" changes the
// chain's bytes in most draws.
func TestATSMutateChainDrawsEveryChange(t *testing.T) {
	seen := map[string]int{}
	changed := 0
	for i := range 2000 {
		s := New(noise(i, 200))
		c := ATSValidChain(s)
		m, kind := ATSMutateChain(s, c)
		seen[kind]++
		if kind != "none" && !bytes.Equal(m.Commit(), c.Commit()) {
			changed++
		}
	}
	for _, k := range ATSChanges {
		if seen[k] == 0 {
			t.Errorf("change %s never drawn", k)
		}
	}
	if changed < 1500 {
		t.Errorf("only %d of 2000 changes changed the chain", changed)
	}
}

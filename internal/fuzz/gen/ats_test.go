package gen

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestATSCanonicalDigests checks every canonical instance of spec/ats.md
// against the digest the spec gives it, through ATSDigest
// (gowebpki/jcs), and that the instance text is already its JCS form.
func TestATSCanonicalDigests(t *testing.T) {
	if len(atsInstances) != 17 {
		t.Errorf("%d canonical instances, spec/ats.md gives 17", len(atsInstances))
	}
	for _, i := range atsInstances {
		d := atsParse(i.Text)
		if got, ok := ATSDigest(d); !ok || got != i.Digest {
			t.Errorf("spec/ats.md:%d %s: %s %v, spec %s", i.Line, i.Name, got, ok, i.Digest)
		}
		if string(d.JSON()) != i.Text {
			t.Errorf("spec/ats.md:%d %s: the text does not read back as written", i.Line, i.Name)
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

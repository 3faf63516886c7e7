package gen

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/conform-dev/conform/spec/shapes"
)

// TestATSCanonicalDigests checks every canonical instance of spec/ats.md
// against the digest the spec gives it, through gowebpki/jcs, and that the
// instance text reads back as written (checkInstanceDigests); the texts
// are their JCS forms, so that digest is also ATSDigest's.
func TestATSCanonicalDigests(t *testing.T) {
	checkInstanceDigests(t, "ats.md", atsInstances, 17)
	for _, i := range atsInstances {
		if canon, ok := JCS([]byte(i.Text)); !ok || string(canon) != i.Text {
			t.Errorf("spec/ats.md:%d %s: the text is not its JCS form", i.Line, i.Name)
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

// TestATSPoolCoversEveryCheck draws values for every named check of the
// ats/1 declaration: each string or array check has values of its own
// (the int check's are the declared defects' numbers), and none panics.
func TestATSPoolCoversEveryCheck(t *testing.T) {
	var walk func(rules []shapes.Rule)
	seen := map[string]bool{}
	walk = func(rules []shapes.Rule) {
		for _, r := range rules {
			walk(r.Rules)
			if r.Rule != shapes.RuleCheck || r.Check == "int" || seen[r.Check] {
				continue
			}
			seen[r.Check] = true
			for i := range 200 {
				if v := atsPool(New(noise(i, 32)), r, nil); v == nil {
					t.Errorf("check %s: no value", r.Check)
					break
				}
			}
		}
	}
	for _, o := range atsDecl.Objects {
		for _, m := range o.Members {
			walk(m.Rules)
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d named checks seen", len(seen))
	}
}

// TestATSDocumentDraws draws 500 inputs of each of the 19 operations:
// none panics, and most are JSON objects that differ from the canonical
// document.
func TestATSDocumentDraws(t *testing.T) {
	if len(ATSDocOps) != 19 {
		t.Errorf("%d operations with a canonical document, ats/1 has 19", len(ATSDocOps))
	}
	for op, base := range ATSDocOps {
		changed := 0
		for i := range 500 {
			in := ATSDocument(New(noise(i, 96)), op)
			if json.Valid(in) && !bytes.Equal(in, base.JSON()) {
				changed++
			}
		}
		if changed < 300 {
			t.Errorf("%s: only %d of 500 inputs are changed JSON", op, changed)
		}
	}
}

package main

// ats-runtime/1 canonical instances (spec/ats-runtime.md, "Decisions" 11):
// the fifteen frozen documents that stand for the seed's
// ats_spec2_golden.json, written once in the fuzz generator
// (gen.ARFrozen), and the seal of an artifact (gen.ARSeal).

import "github.com/conform-dev/conform/internal/fuzz/gen"

// arCanonical is the canonical instance name of validator op.
func arCanonical(op, name string) textDoc {
	for _, f := range gen.ARFrozen {
		if f.Op == op && f.Name == name {
			return textDocOf(f.Doc)
		}
	}
	panic("ats-runtime: no canonical instance " + op + " " + name)
}

// The canonical instances the object rules and decisions start from.
var (
	arCapabilities      = arCanonical("runtime-capabilities", "canonical-runtime-reply")
	arProfile           = arCanonical("data-profile", "canonical")
	arProbe             = arCanonical("data-probe", "canonical-verified")
	arProbeFailed       = arCanonical("data-probe", "canonical-failed")
	arSource            = arCanonical("strategy-source", "canonical-nano")
	arSourcePine        = arCanonical("strategy-source", "canonical-pine")
	arArtifact          = arCanonical("strategy-compile-artifact", "canonical-compiled")
	arArtifactFailed    = arCanonical("strategy-compile-artifact", "canonical-failed")
	arActivation        = arCanonical("strategy-activation", "canonical-paper")
	arActivationObserve = arCanonical("strategy-activation", "canonical-observe")
	arJournal           = arCanonical("trade-journal", "canonical")
	arNote              = arCanonical("human-note-revision", "canonical")
)

// arSeal returns artifact d with artifact_id := D(d without artifact_id)
// (gen.ARSeal).
func arSeal(d textDoc) textDoc { return textDocOf(gen.ARSeal(genDocOf(d))) }

package main

// ats-runtime/1 canonical instances (spec/ats-runtime.md, "Decisions" 11):
// the fifteen frozen documents that stand for the seed's
// ats_spec2_golden.json, written once in the fuzz generator
// (gen.ARFrozen), and the seal of an artifact (gen.ARSeal).

import "github.com/conform-dev/conform/internal/fuzz/gen"

// The canonical instances the object rules and decisions start from.
var (
	arCapabilities      = textDocOf(gen.ARCanonical("runtime-capabilities", "canonical-runtime-reply"))
	arProfile           = textDocOf(gen.ARCanonical("data-profile", "canonical"))
	arProbe             = textDocOf(gen.ARCanonical("data-probe", "canonical-verified"))
	arProbeFailed       = textDocOf(gen.ARCanonical("data-probe", "canonical-failed"))
	arSource            = textDocOf(gen.ARCanonical("strategy-source", "canonical-nano"))
	arSourcePine        = textDocOf(gen.ARCanonical("strategy-source", "canonical-pine"))
	arArtifact          = textDocOf(gen.ARCanonical("strategy-compile-artifact", "canonical-compiled"))
	arArtifactFailed    = textDocOf(gen.ARCanonical("strategy-compile-artifact", "canonical-failed"))
	arActivation        = textDocOf(gen.ARCanonical("strategy-activation", "canonical-paper"))
	arActivationObserve = textDocOf(gen.ARCanonical("strategy-activation", "canonical-observe"))
	arJournal           = textDocOf(gen.ARCanonical("trade-journal", "canonical"))
	arNote              = textDocOf(gen.ARCanonical("human-note-revision", "canonical"))
)

// arSeal returns artifact d with artifact_id := D(d without artifact_id)
// (gen.ARSeal).
func arSeal(d textDoc) textDoc { return textDocOf(gen.ARSeal(genDocOf(d))) }

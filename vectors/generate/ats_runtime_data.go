package main

// ats-runtime/1 canonical instances (spec/ats-runtime.md, "Decisions" 11):
// the fifteen frozen documents that stand for the seed's
// ats_spec2_golden.json, written once in the spec ("Canonical instances")
// and read by the fuzz generator (gen.ARFrozen), and the seal of an
// artifact (gen.ARSeal).

import "github.com/conform-dev/conform/internal/fuzz/gen"

// arBase is validator op's base document, its first canonical instance
// (gen.ARBases).
func arBase(op string) gen.Doc { return gen.ARBases[op] }

// The other canonical instances the decisions start from.
var (
	arProbeFailed       = gen.ARCanonical("data-probe", "canonical-failed")
	arSourcePine        = gen.ARCanonical("strategy-source", "canonical-pine")
	arArtifactFailed    = gen.ARCanonical("strategy-compile-artifact", "canonical-failed")
	arActivationObserve = gen.ARCanonical("strategy-activation", "canonical-observe")
)

// arSeal returns artifact d with artifact_id := D(d without artifact_id)
// (gen.ARSeal).
func arSeal(d gen.Doc) gen.Doc { return gen.ARSeal(d) }

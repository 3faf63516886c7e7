package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers artifact/1's differential target (spec/artifact.md,
// "Fuzzing"): FuzzArtifacts, the five operations, each drawing a valid
// output root (a summary and its trace, v1 or v2, or the veto form) with
// one change applied (gen.Artifacts).
func init() {
	register(Target{Name: "FuzzArtifacts", Contract: "artifact/1",
		Ops:  []string{"summary", "trace", "lifecycle", "parity", "accept"},
		draw: gen.Artifacts})
}

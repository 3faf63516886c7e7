package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers artifacts/1's differential target (spec/artifacts.md,
// "Fuzzing"): FuzzArtifacts, the five operations, each drawing a valid
// output root (a summary and its trace, v1 or v2, or the veto form) with
// one change applied (gen.Artifacts).
func init() {
	register(Target{Name: "FuzzArtifacts", Contract: "artifacts/1",
		Ops:  []string{"summary", "trace", "lifecycle", "parity", "accept"},
		draw: gen.Artifacts})
}

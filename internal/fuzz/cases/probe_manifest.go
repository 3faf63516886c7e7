package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzProbeManifest: probe-manifest/1's three operations
// (spec/probe-manifest.md), each drawing its own input (gen.ProbeManifest).
func init() {
	register(Target{Name: "FuzzProbeManifest", Contract: "probe-manifest/1", Ops: []string{"merge", "check", "write-guard"}, draw: gen.ProbeManifest})
}

package fuzz

import "testing"

// FuzzProbeManifest fuzzes probe-manifest/1's three operations.
func FuzzProbeManifest(f *testing.F) { fuzzTarget(f, "FuzzProbeManifest") }

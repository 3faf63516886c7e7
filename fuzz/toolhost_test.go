package fuzz

import "testing"

// FuzzToolhostObjects fuzzes toolhost/1's twelve object validators.
func FuzzToolhostObjects(f *testing.F) { fuzzTarget(f, "FuzzToolhostObjects") }

// FuzzToolhostChecks fuzzes toolhost/1's nine cross-object checks.
func FuzzToolhostChecks(f *testing.F) { fuzzTarget(f, "FuzzToolhostChecks") }

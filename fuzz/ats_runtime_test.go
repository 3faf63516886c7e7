package fuzz

import "testing"

// FuzzATSRuntimeDocuments fuzzes ats-runtime/1's ten validators.
func FuzzATSRuntimeDocuments(f *testing.F) { fuzzTarget(f, "FuzzATSRuntimeDocuments") }

// FuzzATSRuntimeDecisions fuzzes ats-runtime/1's four decisions: probe
// ageing, staging, admission and note saves.
func FuzzATSRuntimeDecisions(f *testing.F) { fuzzTarget(f, "FuzzATSRuntimeDecisions") }

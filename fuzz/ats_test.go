package fuzz

import "testing"

// FuzzATSDocuments fuzzes ats/1's validators and the export and optional
// bindings.
func FuzzATSDocuments(f *testing.F) { fuzzTarget(f, "FuzzATSDocuments") }

// FuzzATSGates fuzzes ats/1's four gates with valid /2 chains carrying one
// change.
func FuzzATSGates(f *testing.F) { fuzzTarget(f, "FuzzATSGates") }

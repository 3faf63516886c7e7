package fuzz

import "testing"

// FuzzTrajectory fuzzes trajectory/1's derive.
func FuzzTrajectory(f *testing.F) { fuzzTarget(f, "FuzzTrajectory") }

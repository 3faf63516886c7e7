package main

import "testing"

// TestTimestampOutputs cross-checks the hand-written epoch milliseconds of
// prim/1 timestamp against Go's time package.
func TestTimestampOutputs(t *testing.T) {
	var files []vfile
	for _, f := range primFiles() {
		if f.op == "timestamp" {
			files = append(files, f)
		}
	}
	if n := checkTimestampOutputs(t, files); n < 20 {
		t.Errorf("only %d accepted timestamps", n)
	}
}

package campaign

import "testing"

// TestProgressLines feeds the progress parser the lines Go's engine
// prints.
func TestProgressLines(t *testing.T) {
	var p Progress
	lines := []string{
		"fuzz: elapsed: 0s, gathering baseline coverage: 0/646 completed",
		"fuzz: elapsed: 6s, gathering baseline coverage: 340/646 completed",
		"fuzz: elapsed: 12s, execs: 1349 (274/sec), new interesting: 5 (total: 651)",
		"--- FAIL: FuzzJCS (12.32s)",
		"    Failing input written to testdata/fuzz/FuzzJCS/88a3f848939267f7",
	}
	if !p.Line(lines[0]) || p.Baseline != "0/646" {
		t.Errorf("baseline: %+v", p)
	}
	p.Line(lines[1])
	if p.Baseline != "340/646" || p.Elapsed != "6s" || p.Corpus != 646 {
		t.Errorf("baseline: %+v", p)
	}
	if !p.Line(lines[2]) || p.Execs != 1349 || p.ExecsPerSec != 274 || p.Corpus != 651 || p.Baseline != "" {
		t.Errorf("progress: %+v", p)
	}
	// While the engine minimizes a failing input, it says so instead of
	// a rate: once when it finds it, then every 3 s.
	if !p.Line("fuzz: minimizing 412-byte failing input file") || !p.Minimizing || p.Elapsed != "12s" {
		t.Errorf("minimizing starts: %+v", p)
	}
	if !p.Line("fuzz: elapsed: 15s, minimizing") || !p.Minimizing || p.Elapsed != "15s" {
		t.Errorf("minimizing: %+v", p)
	}
	if p.Line(lines[3]) || p.Line(lines[4]) || p.Failing != "testdata/fuzz/FuzzJCS/88a3f848939267f7" || p.Failures != 1 {
		t.Errorf("failure: %+v", p)
	}
	// Without coverage instrumentation the engine says "testing seed corpus"
	// and prints no interesting count.
	var q Progress
	if !q.Line("fuzz: elapsed: 0s, testing seed corpus: 1/1 completed, now fuzzing with 1 workers") || q.Baseline != "1/1" {
		t.Errorf("seed corpus line: %+v", q)
	}
	if !q.Line("fuzz: elapsed: 3s, execs: 34513 (11502/sec)") || q.ExecsPerSec != 11502 {
		t.Errorf("uninstrumented progress: %+v", q)
	}
	// A seed that fails is named once, by its entry.
	var s Progress
	if s.Line("    failure while testing seed corpus entry: FuzzJCS/seed#12") || s.Seed != "seed#12" || s.Failures != 1 {
		t.Errorf("seed failure: %+v", s)
	}
}

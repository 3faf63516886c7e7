package fuzz

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/fuzz/share"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/vectors"
)

// harnessBinary builds cmd/conform-harness, which serves the fakes
// (conform-harness --fake <bug>), into a temporary directory of t.
func harnessBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), driver.HarnessName)
	if err := driver.BuildHarness(context.Background(), "", bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

// fakeSet starts the fake called bug, served by conform-harness.
func fakeSet(t *testing.T, bug string) *differential.Set {
	t.Helper()
	s, err := differential.Start(context.Background(), differential.Config{Impls: []string{"fake:" + bug}, Transport: "local", Timeout: 10 * time.Second, FakeExe: harnessBinary(t)}, os.Stderr)
	t.Cleanup(s.Close)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStructuredInputsFindSeededBug runs generated inputs (no seeds: no
// golden vector, no corpus) through FuzzJCS's differential check against
// a mirror that sorts members by code point instead of UTF-16 unit, and
// requires the bug to be found within 2000 inputs, with a failure that
// names the implementation and gives the input and a reproducer. The same
// inputs through the targets of every other contract, which the bug does
// not touch, find nothing (the control).
func TestStructuredInputsFindSeededBug(t *testing.T) {
	s := fakeSet(t, "codepoint-sort")
	jcs, _ := differential.Lookup("FuzzJCS")
	found := -1
	var d differential.Disagreement
	for i := 0; i < 2000 && found < 0; i++ {
		if ds := s.Check(context.Background(), differential.Jobs(jcs, differential.StructuredSeed("teeth", i, 256))); len(ds) > 0 {
			found, d = i, ds[0]
		}
	}
	if found < 0 {
		t.Fatal("the seeded bug was not found in 2000 generated inputs")
	}
	msg := d.String()
	t.Logf("found at input %d:\n%s", found, msg)
	for _, want := range []string{d.Job.Contract + " " + d.Job.Op + ": fake:codepoint-sort disagrees with go", "input (", "go:     ok", "fake:codepoint-sort: ok", "repro:  "} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q", want)
		}
	}
	c := vectors.Case{Contract: d.Job.Contract, Op: d.Job.Op, Input: d.Job.Input, Expect: vectors.ExpectReference}
	if d.Impl != "fake:codepoint-sort" || d.Job.Contract != jcs.Contract || runner.Verdict(c, d.Want, d.Got) != report.WrongOutput {
		t.Errorf("disagreement %+v", d)
	}
	controls := 0
	for _, other := range differential.Targets {
		if other.Contract == jcs.Contract {
			continue
		}
		controls++
		for i := range 40 {
			if ds := s.Check(context.Background(), differential.Jobs(other, differential.StructuredSeed("teeth", i, 256))); len(ds) > 0 {
				t.Fatalf("control %s: the fake disagrees where it has no bug:\n%s", other.Name, ds[0])
			}
		}
	}
	if controls == 0 {
		t.Fatal("no target of another contract to control with")
	}
}

// TestFuzzEngineFindsSeededBug runs Go's fuzzing engine on FuzzJCS, in a
// child process of this test binary, against the code-point-sort fake,
// with one empty structured seed (EnvSeeds=minimal), so that the bug has
// to be found by fuzzing. The child must fail within its 90 s budget,
// write the (minimized) failing input under testdata/fuzz/FuzzJCS/, and
// that input must still disagree when replayed. The test binary is not
// coverage-instrumented (go test builds it without -fuzz), so this is the
// engine's mutation without guidance; conform fuzz builds with it.
func TestFuzzEngineFindsSeededBug(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the fuzzing engine for up to 90 s")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	cmd := exec.Command(exe, "-test.run=^$", "-test.fuzz=^FuzzJCS$", "-test.fuzztime=90s",
		"-test.fuzzcachedir="+filepath.Join(work, "cache"), "-test.parallel=1")
	cmd.Dir = work
	cmd.Env = append(os.Environ(), differential.EnvImpls+"=fake:codepoint-sort", differential.EnvSeeds+"=minimal", differential.EnvFakeExe+"="+harnessBinary(t))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err == nil {
		t.Fatalf("the fuzzer did not find the seeded bug in 90 s:\n%s", tail(out))
	}
	text := string(out)
	t.Logf("found in %s:\n%s", took.Round(time.Second), tail(out))
	for _, want := range []string{"fake:codepoint-sort disagrees with go", "repro:", "Failing input written to testdata/fuzz/FuzzJCS/"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	files, _ := filepath.Glob(filepath.Join(work, "testdata", "fuzz", "FuzzJCS", "*"))
	if len(files) != 1 {
		t.Fatalf("%d failing inputs written, want 1", len(files))
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	data, err := share.DecodeGo(b)
	if err != nil {
		t.Fatal(err)
	}
	jcs, _ := differential.Lookup("FuzzJCS")
	if ds := fakeSet(t, "codepoint-sort").Check(context.Background(), differential.Jobs(jcs, data)); len(ds) == 0 {
		t.Errorf("the written input %q does not disagree when replayed", data)
	}
}

func tail(b []byte) string {
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// TestSetReportsBatchBreaks runs the batch-cr fake, whose batch answers
// break the protocol while each case alone answers clean: Check reports
// the break (without it every answer would agree), and only the break.
func TestSetReportsBatchBreaks(t *testing.T) {
	s := fakeSet(t, "batch-cr")
	jobs := differential.Jobs(differential.Targets[0], differential.StructuredSeed("batch-cr", 0, 256))
	ds := s.Check(context.Background(), jobs)
	if len(ds) != 1 || ds[0].Impl != "fake:batch-cr" || !strings.Contains(ds[0].Break, "line ends with CR") || ds[0].Cases != len(jobs) {
		t.Fatalf("disagreements %+v", ds)
	}
}

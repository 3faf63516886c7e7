package fuzz

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/reference"
)

// TestMain runs the tests and closes the mirrors this process started
// (or, as a benchmark worker, measures).
func TestMain(m *testing.M) {
	if spec := os.Getenv(envBenchWorker); spec != "" {
		os.Exit(benchWorker(spec, os.Stdin, os.Stdout))
	}
	code := m.Run()
	differential.CloseProcess()
	os.Exit(code)
}

// corporaDir is the public corpora: $CONFORM_CORPORA, or shared/corpora
// beside the repository.
func corporaDir() string {
	if d := os.Getenv("CONFORM_CORPORA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "corpora")
}

// fuzzTarget seeds the target called name and fuzzes it: each input
// expands to a batch of cases (Target.Cases), run through the reference and
// this process's mirrors (Process); any disagreement fails the input.
func fuzzTarget(f *testing.F, name string) {
	t, ok := differential.Lookup(name)
	if !ok {
		f.Fatalf("no target %s", name)
	}
	switch v := os.Getenv(differential.EnvSeeds); v {
	case "", "all":
		seeds, err := differential.Seeds(t, corporaDir())
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range seeds {
			f.Add(s)
		}
	case "minimal":
		f.Add([]byte{1})
	default:
		f.Fatalf("%s=%q: want all or minimal", differential.EnvSeeds, v)
	}
	f.Fuzz(func(tt *testing.T, data []byte) {
		jobs := differential.Jobs(t, data)
		if len(jobs) == 0 {
			return
		}
		set, err := differential.Process()
		if err != nil {
			tt.Fatalf("starting the implementations: %v", err)
		}
		if err := set.Declared(t); err != nil {
			tt.Fatal(err)
		}
		ds := set.For(t).Check(context.Background(), jobs)
		differential.Count(len(jobs))
		if len(ds) == 0 {
			return
		}
		var b strings.Builder
		cases := 0
		for _, d := range ds {
			if d.Break == "" {
				cases++
			}
		}
		fmt.Fprintf(&b, "%d of the input's %d cases disagree", cases, len(jobs))
		if cases < len(ds) {
			b.WriteString("; a mirror broke the protocol on its batch")
		}
		for i, d := range ds {
			if i == 3 {
				fmt.Fprintf(&b, "\n(and %d more)", len(ds)-3)
				break
			}
			b.WriteString("\n")
			b.WriteString(d.String())
		}
		tt.Fatal(b.String())
	})
}

// TestEveryOperationHasATarget checks that the target table and the Fuzz
// functions that run fuzzTarget (one per contract's own test file,
// fuzz/<ident>_test.go) name the same targets, and that every operation of
// the reference belongs to exactly one target.
func TestEveryOperationHasATarget(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]bool{}
	re := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\) \{ fuzzTarget\(f, "(Fuzz\w+)"\) \}$`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			if m[1] != m[2] || funcs[m[1]] {
				t.Errorf("%s: %s fuzzes %s, or is declared twice", f, m[1], m[2])
			}
			funcs[m[1]] = true
		}
	}
	for _, tg := range differential.Targets {
		if !funcs[tg.Name] {
			t.Errorf("target %s has no fuzz function", tg.Name)
		}
		delete(funcs, tg.Name)
	}
	for name := range funcs {
		t.Errorf("fuzz function %s is not in differential.Targets", name)
	}
	for _, op := range reference.Operations() {
		n := 0
		for _, tg := range differential.Targets {
			if tg.Contract == op.Contract && tg.OpIndex(op.Op) >= 0 {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s %s belongs to %d targets", op.Contract, op.Op, n)
		}
	}
}

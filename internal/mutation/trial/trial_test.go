package trial

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/mutation/weaken"
	"github.com/conform-dev/conform/internal/vectors"
)

// Every mutant of the fixture package builds: the generator makes mutants
// that compile, and a mutant that does not is recorded as CompileError.
func TestFixtureMutantsBuild(t *testing.T) {
	root, err := filepath.Abs("../mutant/testdata/fixture")
	if err != nil {
		t.Fatal(err)
	}
	p, err := mutant.ScanPackage(root, "guard", []string{"guard.go"})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[mutant.Mutator]int{}
	// Building the mutated package, not the command, is what compiling
	// means here, and it skips a link per mutant.
	opts := Options{Root: root, Main: "./guard"}
	errs := make([]error, len(p.Mutants))
	sem := make(chan struct{}, max(runtime.NumCPU(), 2))
	var wg sync.WaitGroup
	for i := range p.Mutants {
		seen[p.Mutants[i].Mutator]++
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			_, errs[i] = Build(context.Background(), opts, p.Sources, &p.Mutants[i], t.TempDir())
		}()
	}
	wg.Wait()
	for i, m := range p.Mutants {
		if errs[i] != nil {
			t.Errorf("mutant %s %s `%s` -> `%s` does not build: %v", m.ID, m.Mutator, m.Original, m.Replacement, errs[i])
		}
	}
	for _, mu := range mutant.Mutators {
		if seen[mu] == 0 {
			t.Errorf("no %s mutant", mu)
		}
	}

	bad := p.Mutants[0]
	bad.ID, bad.Replacement = "000000000000", "undefinedName"
	out := Try(context.Background(), opts, p.Sources, bad, nil)
	if out.Status != CompileError || !strings.Contains(out.Detail, "undefinedName") || out.Valid() {
		t.Errorf("a mutant that does not compile: %+v", out)
	}
	var be *BuildError
	if _, err := Build(context.Background(), opts, p.Sources, &bad, t.TempDir()); !errors.As(err, &be) {
		t.Errorf("Build of a broken mutant: %v", err)
	}
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	root, _, err := mutant.ModuleRoot(context.Background(), ".")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// A vector set with one vector removed lets a mutant survive: the first
// bound mutant of the Go reference that exactly one vector kills survives
// once that vector is gone.
func TestWeakenedVectorsLetAMutantSurvive(t *testing.T) {
	ctx := context.Background()
	root := moduleRoot(t)
	set, err := mutant.Scan(ctx, root, "./cmd/conform-harness")
	if err != nil {
		t.Fatal(err)
	}
	src := vectors.Embedded()
	cases, err := weaken.Cases(src)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Root: root, Main: "./cmd/conform-harness"}
	if fails, err := Baseline(ctx, opts, cases); err != nil || len(fails) > 0 {
		t.Fatalf("baseline: %v %v", err, fails)
	}
	var candidates []mutant.Mutant
	for _, mu := range []mutant.Mutator{mutant.BoundOperator, mutant.BoundConstant} {
		for _, m := range set.Mutants {
			if m.Mutator == mu {
				candidates = append(candidates, m)
			}
		}
	}
	batch := max(opts.jobs(), 2)
	var found *Outcome
	for i := 0; i < len(candidates) && i < 48 && found == nil; i += batch {
		for _, o := range Run(ctx, opts, set.Sources, candidates[i:min(i+batch, len(candidates))], cases) {
			if o.Status == Killed && o.Killers == 1 {
				found = &o
				break
			}
		}
	}
	if found == nil {
		t.Fatal("no bound mutant among the first 48 is killed by exactly one vector")
	}
	weak, err := weaken.Without(src, found.KilledBy.ID)
	if err != nil {
		t.Fatal(err)
	}
	weakCases, err := weaken.Cases(weak)
	if err != nil {
		t.Fatal(err)
	}
	if len(weakCases) != len(cases)-1 {
		t.Fatalf("%d cases after removing one of %d", len(weakCases), len(cases))
	}
	again := Try(ctx, opts, set.Sources, found.Mutant, weakCases)
	if again.Status != Survived {
		t.Errorf("mutant %s (%s) with %s removed: %s %v", found.Mutant.ID, found.Mutant.Description, found.KilledBy, again.Status, again.KilledBy)
	}
	var buf bytes.Buffer
	WriteText(&buf, []Outcome{again}, set.Sources, nil, false)
	for _, s := range []string{"surviving mutants", found.Mutant.ID, found.Mutant.File + ":", "+++ b/", "again: conform mutate --mutants --mutant " + found.Mutant.ID + " -v"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, buf.String())
		}
	}
}

func TestScoresAndDeclare(t *testing.T) {
	mk := func(id, contract string, st Status) Outcome {
		return Outcome{Status: st, Mutant: mutant.Mutant{ID: id, File: "f.go", Mutator: mutant.Negate, Original: id, Replacement: "x",
			Site: mutant.Site{Contract: contract, Code: "c", Cond: "cond"}}}
	}
	outs := []Outcome{
		mk("a", "x/1", Killed), mk("b", "x/1", Survived), mk("c", "x/1", CompileError),
		mk("d", "y/1", Timeout), mk("e", "y/1", Survived), mk("f", "", Killed),
	}
	outs[0].KilledBy = &Failure{ID: "v"}
	eqs := []mutant.Equivalent{
		{File: "f.go", Code: "c", Cond: "cond", Mutator: mutant.Negate, Original: "e", Replacement: "x", Why: "same", Line: 1},
		{File: "f.go", Code: "c", Cond: "cond", Mutator: mutant.Negate, Original: "a", Replacement: "x", Why: "wrong", Line: 2},
		{File: "g.go", Code: "c", Cond: "cond", Mutator: mutant.Negate, Original: "z", Replacement: "x", Why: "stale", Line: 3},
	}
	unmatched := Declare(outs, eqs)
	if len(unmatched) != 1 || unmatched[0].Line != 3 {
		t.Errorf("unmatched %+v", unmatched)
	}
	if outs[4].Status != Ignored || !outs[0].WrongDeclaration() || outs[1].Status != Survived {
		t.Errorf("declare: %v %v %v", outs[4].Status, outs[0].WrongDeclaration(), outs[1].Status)
	}
	got := map[string]Score{}
	for _, s := range Scores(outs) {
		got[s.Contract] = s
	}
	if s := got["x/1"]; s.Total != 3 || s.Valid() != 2 || s.Percent() != 50 {
		t.Errorf("x/1 %+v %v", s, s.Percent())
	}
	if s := got["y/1"]; s.Valid() != 1 || s.Percent() != 100 || s.Counts[Ignored] != 1 {
		t.Errorf("y/1 %+v", s)
	}
	if s := got["all"]; s.Total != 6 || s.Detected() != 3 || s.Valid() != 4 {
		t.Errorf("all %+v", s)
	}
	if _, ok := got["(unresolved)"]; !ok {
		t.Error("no (unresolved) score")
	}
	var buf bytes.Buffer
	WriteText(&buf, outs, map[string][]byte{"f.go": []byte("abcdef")}, unmatched, true)
	for _, s := range []string{"surviving mutants", "declared equivalent", "WRONG equivalence", "did not build", "match no mutant", "killed mutants", "50.0%"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, buf.String())
		}
	}
	// One name per status: the table's header and the summary's counts
	// use the same words.
	header, _, _ := strings.Cut(buf.String(), "\n")
	counted := got["all"].Counted()
	for _, st := range statuses {
		if !strings.Contains(header, st.Words()) || !strings.Contains(counted, st.Words()) {
			t.Errorf("%s (%q) missing from the header %q or the counts %q", st, st.Words(), header, counted)
		}
	}
	if want := "2 killed, 1 timeout, 1 survived, 0 no coverage, 1 equivalent, 1 did not build, 0 did not start"; counted != want {
		t.Errorf("counted %q", counted)
	}
}

// RowScores counts row mutants per contract as Scores counts source ones.
func TestRowScores(t *testing.T) {
	rows := []RowOutcome{{Status: Killed}, {Status: NoCoverage}, {Status: Killed}}
	rows[0].Contract, rows[1].Contract, rows[2].Contract = "x/1", "x/1", "y/1"
	s := RowScores(rows)
	if len(s) != 3 || s[0].Contract != "x/1" || s[0].Total != 2 || s[0].Percent() != 50 || s[2].Contract != "all" || s[2].Detected() != 2 {
		t.Errorf("row scores %+v", s)
	}
}

// Run keeps the order of its mutants and tries each once.
func TestRunOrder(t *testing.T) {
	root, _ := filepath.Abs("../mutant/testdata/fixture")
	p, err := mutant.ScanPackage(root, "guard", []string{"guard.go"})
	if err != nil {
		t.Fatal(err)
	}
	ms := p.Mutants[:3]
	for i := range ms {
		ms[i].Replacement = "undefinedName" // fails fast, no harness needed
	}
	outs := Run(context.Background(), Options{Root: root, Main: ".", Jobs: 2}, p.Sources, ms, nil)
	var ids []string
	for _, o := range outs {
		ids = append(ids, o.Mutant.ID)
		if o.Status != CompileError {
			t.Errorf("%s: %s", o.Mutant.ID, o.Status)
		}
	}
	if !slices.Equal(ids, []string{ms[0].ID, ms[1].ID, ms[2].ID}) {
		t.Errorf("order %v", ids)
	}
	if _, err := os.Stat(filepath.Join(root, "guard", "guard.go")); err != nil {
		t.Error(err)
	}
}

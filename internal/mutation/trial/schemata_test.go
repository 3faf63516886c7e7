package trial

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/internal/vectors"
	specdata "github.com/conform-dev/conform/spec"
)

// sampleSeed is the seed of the sample: CONFORM_SAMPLE_SEED, to repeat a
// run, or the clock.
func sampleSeed(t *testing.T) uint64 {
	if s := os.Getenv("CONFORM_SAMPLE_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("CONFORM_SAMPLE_SEED=%q: %v", s, err)
		}
		return n
	}
	return uint64(time.Now().UnixNano())
}

// theReference scans the Go reference's source for mutants and loads the
// golden vectors: the module root, the mutants and the cases.
func theReference(tb testing.TB) (string, *mutant.Set, []vectors.Case) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		tb.Fatal(err)
	}
	set, err := mutant.Scan(context.Background(), root, "./cmd/conform-harness")
	if err != nil {
		tb.Fatal(err)
	}
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		tb.Fatal(err)
	}
	return root, set, vectors.Cases(files)
}

// perContract groups mutants by the contract of the guard they attack,
// and lists the contracts in order.
func perContract(ms []mutant.Mutant) (map[string][]mutant.Mutant, []string) {
	by := map[string][]mutant.Mutant{}
	for _, m := range ms {
		by[m.Site.Contract] = append(by[m.Site.Contract], m)
	}
	var contracts []string
	for c := range by {
		contracts = append(contracts, c)
	}
	sort.Strings(contracts)
	return by, contracts
}

// same reports whether two verdicts agree: the same status (a mutant no
// vector reaches is a survivor the per-build method cannot tell apart)
// and, for a killed one, the same first vector that kills it.
func same(a, b Status, ka, kb *Failure) bool {
	if a == NoCoverage {
		a = Survived
	}
	if b == NoCoverage {
		b = Survived
	}
	if a != b {
		return false
	}
	return ka == nil && kb == nil || ka != nil && kb != nil && ka.ID == kb.ID
}

// On a random sample of the Go reference's mutants, one source mutant of
// every contract and three row mutants, the schemata build and the
// per-build method give the same verdicts, and a killed mutant is killed
// first by the same vector. The seed is in the log.
func TestSchemataAgreesWithPerBuild(t *testing.T) {
	ctx := context.Background()
	root, set, cases := theReference(t)
	seed := sampleSeed(t)
	t.Logf("sample seed %d (CONFORM_SAMPLE_SEED=%d repeats this sample)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))

	byContract, contracts := perContract(set.Mutants)
	var sample []mutant.Mutant
	for _, c := range contracts {
		ms := byContract[c]
		sample = append(sample, ms[rng.IntN(len(ms))])
	}
	var all []RowMutant
	cat := spec.MustLoad()
	for _, k := range cat.Contracts {
		if k.Shapes == "" {
			continue
		}
		for _, r := range specdata.MustShapes(k.Name).Rows() {
			all = append(all, RowMutant{Contract: k.Contract, Row: r})
		}
	}
	var rows []RowMutant
	for range 3 {
		rows = append(rows, all[rng.IntN(len(all))])
	}

	opts := Options{Root: root, Main: "./cmd/conform-harness", Jobs: 2, Timeout: 20 * time.Second}
	t0 := time.Now()
	per := Run(ctx, opts, set.Sources, sample, cases)
	perRows, err := Rows(ctx, opts, rows, cases)
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	opts.Timeout = 0
	sr, err := Schemata(ctx, opts, set.Sources, sample, rows, cases)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d source and %d row mutants: per build %s, schemata %s (%d vector runs of %d)",
		len(sample), len(rows), t1.Sub(t0).Round(time.Millisecond), time.Since(t1).Round(time.Millisecond), sr.VectorRuns, sr.AllRuns)
	if len(per) != len(sample) || len(sr.Outcomes) != len(sample) || len(sr.Rows) != len(rows) {
		t.Fatalf("verdicts: %d per build, %d schemata, %d rows for %d and %d mutants", len(per), len(sr.Outcomes), len(sr.Rows), len(sample), len(rows))
	}
	for i, m := range sample {
		a, b := per[i], sr.Outcomes[i]
		if !same(a.Status, b.Status, a.KilledBy, b.KilledBy) {
			t.Errorf("%s %s %s (%s): per build %s by %v, schemata %s by %v (%s)", m.ID, m.Site, m.Mutator, m.Site.Contract, a.Status, a.KilledBy, b.Status, b.KilledBy, b.Detail)
		}
	}
	for i, r := range rows {
		a, b := perRows[i], sr.Rows[i]
		if !same(a.Status, b.Status, a.KilledBy, b.KilledBy) {
			t.Errorf("row %s %s: per build %s by %v, schemata %s by %v (%s)", r.Contract, r.Row.ID, a.Status, a.KilledBy, b.Status, b.KilledBy, b.Detail)
		}
	}
}

// The watchdog: a mutant that hangs the harness is Timeout once the
// harness has been silent for the timeout, the harness is restarted (so
// that the next mutant gets a fresh process) and the mutant is active
// again in the new one; a mutant that changes nothing survives, and one
// no vector reaches is NoCoverage without a run.
func TestTryActiveWatchdog(t *testing.T) {
	ctx := context.Background()
	cases := []vectors.Case{
		{ID: "a", Contract: "x/1", Op: "op", Input: []byte("1"), Expect: vectors.ExpectOK, Output: []byte("1")},
		{ID: "b", Contract: "x/1", Op: "op", Input: []byte("2"), Expect: vectors.ExpectOK, Output: []byte("2")},
	}
	cmd := transport.Command{Path: "python3", Args: []string{"testdata/switch_harness.py"}}
	c := harness.New("switch", transport.Local{}, cmd, harness.Options{Timeout: 500 * time.Millisecond, MaxRestarts: 1})
	defer c.Close()
	if st, _, _, detail, runs := tryActive(ctx, c, "calm", true, cases); st != Survived || runs != 2 {
		t.Errorf("a mutant that changes nothing: %s (%s), %d runs", st, detail, runs)
	}
	if st, _, _, _, runs := tryActive(ctx, c, "calm", true, nil); st != NoCoverage || runs != 0 {
		t.Errorf("a mutant no vector reaches: %s, %d runs", st, runs)
	}
	// A row mutant the harness's declaration cannot apply did not start:
	// run, it would survive, a survivor that was never a mutant.
	for _, cs := range [][]vectors.Case{cases, nil} {
		if st, _, _, detail, runs := tryActive(ctx, c, "x/1 gone", false, cs); st != RuntimeError || runs != 0 {
			t.Errorf("a row mutant the harness does not have, %d vectors reach it: %s (%s), %d runs", len(cs), st, detail, runs)
		}
	}
	t0 := time.Now()
	st, first, _, _, _ := tryActive(ctx, c, "hang", true, cases)
	if st != Timeout || first == nil || first.ID != "a" {
		t.Errorf("a mutant that hangs: %s, first %v", st, first)
	}
	if took := time.Since(t0); took > 10*time.Second {
		t.Errorf("the watchdog took %s", took)
	}
	if c.Restarts() == 0 {
		t.Errorf("the hung harness was not restarted")
	}
}

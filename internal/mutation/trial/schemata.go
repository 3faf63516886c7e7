package trial

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/mutation/schema"
	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/internal/vectors"
)

// NoCoverage is the verdict on a mutant that no vector reaches: no vector
// runs its switch point (or validates its row's object), so none can
// kill it. It counts as a survivor: the vectors miss that site.
const NoCoverage Status = "NoCoverage"

// Undetected reports whether the vectors missed the mutant: it survived
// or no vector reached it.
func (o Outcome) Undetected() bool { return o.Status == Survived || o.Status == NoCoverage }

// Undetected reports whether the vectors missed the row mutant.
func (o RowOutcome) Undetected() bool { return o.Status == Survived || o.Status == NoCoverage }

// SchemataRun is what a schemata audit did, beside its verdicts.
type SchemataRun struct {
	// Outcomes are the source mutants' verdicts, in the order given;
	// Rows the row mutants'.
	Outcomes []Outcome    `json:"-"`
	Rows     []RowOutcome `json:"-"`
	// Switched counts the source mutants behind the switch; PerBuild
	// those built on their own (schema.Build.Dropped: no switch point,
	// or no type-check in the schemata).
	Switched int `json:"switched"`
	PerBuild int `json:"per_build"`
	// VectorRuns counts the vectors run with a mutant active; AllRuns
	// what running every vector each mutant was tried on before (every
	// vector for a source mutant, its contract's for a row) would have
	// been.
	VectorRuns int `json:"vector_runs"`
	AllRuns    int `json:"all_runs"`
	// Timeout is the watchdog's bound on a silent harness (Options.Timeout,
	// or derived from the reach pass).
	Timeout time.Duration `json:"timeout_ns"`
	// Prepare, Build and Reach time the schemata's writing and type check,
	// the two builds, and the pass with no mutant active.
	Prepare time.Duration `json:"prepare_ns"`
	Build   time.Duration `json:"build_ns"`
	Reach   time.Duration `json:"reach_ns"`
}

// chunk is how many reaching vectors a mutant runs at a time: it stops
// after the first chunk that kills it.
const chunk = 64

// Schemata tries every source mutant of mutants and every row mutant of
// rows in one schemata build of the main package (package schema), Jobs
// harness processes at a time, and returns their verdicts.
//
// First the normal build and the schemata build, with no mutant active,
// run every vector: their answers must be the same, or the schemata are
// broken and it fails (every mutant would look killed). That pass also
// records which vectors reach each switch point and each object a row
// mutant changes. Each mutant then runs only those vectors, chunk at a
// time, stopping at the first chunk that kills it (Killers counts the
// failures of that chunk); a mutant no vector reaches is NoCoverage. The
// harness restarts after a mutant that hangs it (Timeout) or crashes it.
// A mutant the schemata leave out is built on its own (Try).
func Schemata(ctx context.Context, opts Options, sources map[string][]byte, mutants []mutant.Mutant, rows []RowMutant, cases []vectors.Case) (*SchemataRun, error) {
	run := &SchemataRun{}
	t0 := time.Now()
	ps, err := schema.List(ctx, opts.Root, opts.Main)
	if err != nil {
		return nil, err
	}
	b, err := schema.Prepare(ps, sources, mutants)
	if err != nil {
		return nil, err
	}
	run.Prepare = time.Since(t0)

	t1 := time.Now()
	dir, err := os.MkdirTemp("", "conform-schemata-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	normal, err := Build(ctx, opts, nil, nil, dir)
	if err != nil {
		return nil, err
	}
	bin, err := buildSchemata(ctx, opts, b, dir)
	if err != nil {
		return nil, err
	}
	run.Build = time.Since(t1)

	t2 := time.Now()
	reach, slow, err := reachPass(ctx, opts, normal, bin, cases)
	if err != nil {
		return nil, err
	}
	run.Reach = time.Since(t2)
	run.Timeout = opts.Timeout
	if run.Timeout <= 0 {
		// As PIT and Stryker do: the baseline's time times a factor, plus
		// a constant for the noise of a loaded machine.
		run.Timeout = slow*3/2 + 5*time.Second
	}
	opts.Timeout = run.Timeout

	// The work: each item is one mutant and the vectors that reach it.
	type item struct {
		source *mutant.Mutant
		row    *RowMutant
		idx    int
		cases  []vectors.Case
	}
	var items []item
	run.Outcomes = make([]Outcome, len(mutants))
	run.Rows = make([]RowOutcome, len(rows))
	dropped := map[string]bool{}
	for _, d := range b.Dropped {
		dropped[d.Mutant.ID] = true
	}
	byContract := map[string][]int{}
	for i, c := range cases {
		byContract[c.Contract] = append(byContract[c.Contract], i)
	}
	var perBuild []int
	for i := range mutants {
		m := &mutants[i]
		run.Outcomes[i].Mutant = *m
		run.AllRuns += len(cases)
		if dropped[m.ID] {
			perBuild = append(perBuild, i)
			continue
		}
		items = append(items, item{source: m, idx: i, cases: pick(cases, reach[schema.Reach(b.Point[m.ID])], nil)})
	}
	for i := range rows {
		r := &rows[i]
		run.Rows[i].RowMutant = *r
		run.AllRuns += len(byContract[r.Contract])
		items = append(items, item{row: r, idx: i, cases: pick(cases, reach[schema.RowReach(r.Contract, r.Row.ID)], byContract[r.Contract])})
	}
	run.Switched, run.PerBuild = len(mutants)-len(perBuild), len(perBuild)

	total := len(items) + len(perBuild)
	var progress func(finished, _ int)
	if opts.Progress != nil {
		progress = func(finished, _ int) { opts.Progress(finished, total) }
	}
	// Each worker keeps its harness process from one mutant to the next.
	clients := make([]*harness.Client, opts.jobs())
	runs := make([]int, len(items))
	parallel(ctx, opts.jobs(), len(items), progress, func(w, i int) {
		it, c := items[i], clients[w]
		if c == nil || c.Restarts() > 0 || c.Quarantined() {
			// A fresh process for each mutant after one that broke the
			// harness: its restarts are its own.
			if c != nil {
				c.Close()
			}
			c = harness.New("schemata", transport.Local{}, transport.Command{Path: bin}, harness.Options{Timeout: opts.Timeout, MaxRestarts: 1})
			clients[w] = c
		}
		id := ""
		if it.source != nil {
			id = it.source.ID
		} else {
			id = it.row.Contract + " " + it.row.Row.ID
		}
		t := time.Now()
		status, first, killers, detail, n := tryActive(ctx, c, id, it.source != nil, it.cases)
		if it.source != nil {
			o := &run.Outcomes[it.idx]
			o.Status, o.KilledBy, o.Killers, o.Detail, o.Run = status, first, killers, detail, time.Since(t)
		} else {
			o := &run.Rows[it.idx]
			o.Status, o.KilledBy, o.Killers, o.Detail, o.Run = status, first, killers, detail, time.Since(t)
		}
		runs[i] = n
	})
	for _, c := range clients {
		if c != nil {
			c.Close()
		}
	}
	for _, n := range runs {
		run.VectorRuns += n
	}
	for k, i := range perBuild {
		if ctx.Err() != nil {
			break
		}
		run.Outcomes[i] = Try(ctx, opts, sources, mutants[i], cases)
		run.VectorRuns += len(cases)
		if opts.Progress != nil {
			opts.Progress(len(items)+k+1, total)
		}
	}
	return run, ctx.Err()
}

// tryActive activates mutant id in the harness c and runs cases through
// it, chunk at a time, until a chunk kills it. It returns the verdict,
// and how many vectors it ran.
func tryActive(ctx context.Context, c *harness.Client, id string, source bool, cases []vectors.Case) (Status, *Failure, int, string, int) {
	// The switch is asked first, so that a mutant the build cannot apply
	// is never counted as one no vector reaches.
	_, known, err := c.SetMutant(ctx, id)
	if err != nil {
		return RuntimeError, nil, 0, err.Error(), 0
	}
	switch {
	case source && !known:
		return RuntimeError, nil, 0, "the schemata build does not have it", 0
	case !known:
		// Counted as a survivor, a row that never applied would pass for
		// a weak vector set, or hide behind an equivalence declaration.
		return RuntimeError, nil, 0, "no declaration of the build applies this row mutant", 0
	case len(cases) == 0:
		return NoCoverage, nil, 0, "no vector reaches it", 0
	}
	runs := 0
	for from := 0; from < len(cases); from += chunk {
		part := cases[from:min(from+chunk, len(cases))]
		fails, firstTimeout, err := runCases(ctx, c, part)
		runs += len(part)
		if err != nil || len(fails) > 0 {
			st, first, n, detail := verdict(fails, firstTimeout, err)
			return st, first, n, detail, runs
		}
	}
	return Survived, nil, 0, "", runs
}

// pick returns the cases at the indices of reached (sorted), keeping only
// those in within when within is not nil.
func pick(cases []vectors.Case, reached, within []int) []vectors.Case {
	keep := map[int]bool{}
	for _, i := range within {
		keep[i] = true
	}
	var out []vectors.Case
	for _, i := range reached {
		if within == nil || keep[i] {
			out = append(out, cases[i])
		}
	}
	return out
}

// buildSchemata builds the main package with b's files in place (and its
// register file added) into dir and returns the binary's path.
func buildSchemata(ctx context.Context, opts Options, b *schema.Build, dir string) (string, error) {
	replace := map[string]string{}
	names := make([]string, 0, len(b.Files))
	for f := range b.Files {
		names = append(names, f)
	}
	sort.Strings(names)
	for i, f := range names {
		copyPath := filepath.Join(dir, fmt.Sprintf("%03d-%s", i, filepath.Base(f)))
		if err := os.WriteFile(copyPath, b.Files[f], 0o644); err != nil {
			return "", err
		}
		orig, err := filepath.Abs(filepath.Join(opts.Root, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		replace[orig] = copyPath
	}
	ov, err := json.Marshal(map[string]map[string]string{"Replace": replace})
	if err != nil {
		return "", err
	}
	ovPath := filepath.Join(dir, "schemata-overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		return "", err
	}
	return goBuild(ctx, opts, filepath.Join(dir, "schemata-harness"), ovPath)
}

// reachPass runs every case, one at a time, through the normal build and
// through the schemata build with no mutant active, and requires the same
// answers. It returns, per reach key, the indices of the cases that reach
// it (in case order), and the longest time the schemata build took over a
// chunk of cases (the sum of the chunk slowest cases' times).
func reachPass(ctx context.Context, opts Options, normal, bin string, cases []vectors.Case) (map[string][]int, time.Duration, error) {
	n := harness.New("normal", transport.Local{}, transport.Command{Path: normal}, harness.Options{Timeout: opts.Timeout, MaxRestarts: -1})
	defer n.Close()
	s := harness.New("schemata", transport.Local{}, transport.Command{Path: bin}, harness.Options{Timeout: opts.Timeout, MaxRestarts: -1})
	defer s.Close()
	for _, c := range []*harness.Client{n, s} {
		if _, err := c.Start(ctx); err != nil {
			return nil, 0, fmt.Errorf("the %s harness did not start: %w", c.Name(), err)
		}
	}
	want := n.RunBatch(ctx, jobsOf(cases))
	if _, _, err := s.SetMutant(ctx, ""); err != nil {
		return nil, 0, fmt.Errorf("the schemata harness: %w", err)
	}
	reach := map[string][]int{}
	took := make([]time.Duration, len(cases))
	for i := range cases {
		t := time.Now()
		got := s.RunBatch(ctx, jobsOf(cases[i:i+1]))[0]
		took[i] = time.Since(t)
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		if !sameAnswer(want[i], got) {
			return nil, 0, fmt.Errorf("the schemata build with no mutant active answers %s %s (%s) %s, the normal build %s: the schemata are broken, and every verdict would be wrong",
				cases[i].Source, cases[i].Name, cases[i].ID, answer(got), answer(want[i]))
		}
		keys, _, err := s.SetMutant(ctx, "")
		if err != nil {
			return nil, 0, fmt.Errorf("the schemata harness: %w", err)
		}
		for _, k := range keys {
			reach[k] = append(reach[k], i)
		}
	}
	sort.Slice(took, func(i, j int) bool { return took[i] > took[j] })
	var slow time.Duration
	for _, d := range took[:min(chunk, len(took))] {
		slow += d
	}
	return reach, slow, nil
}

// sameAnswer reports whether two answers are the same for the audit: the
// outcome, the output bytes, the message, where a refusal happened and
// why a case was skipped (an errored answer's trace names lines, which
// the schemata move, and is not compared).
func sameAnswer(a, b impl.Result) bool {
	return a.Outcome == b.Outcome && bytes.Equal(a.Output, b.Output) && a.Message == b.Message && a.At == b.At && a.Reason == b.Reason
}

func jobsOf(cases []vectors.Case) []impl.Job {
	jobs := make([]impl.Job, len(cases))
	for i, cs := range cases {
		jobs[i] = impl.Job{Contract: cs.Contract, Op: cs.Op, Input: cs.Input}
	}
	return jobs
}

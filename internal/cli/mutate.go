package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/mutation/singlecause"
	"github.com/conform-dev/conform/internal/mutation/stryker"
	"github.com/conform-dev/conform/internal/mutation/trial"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/spec/shapes"
)

type mutateOptions struct {
	implFlags
	singleCause  bool
	mutants      bool
	rows         bool
	contracts    []string
	vectorsDir   string
	probeGrammar bool
	rerunAll     bool
	source       string
	maxMutants   int
	// declaredOnly restricts the mutants to those an equivalence
	// declaration names.
	declaredOnly  bool
	mutators      []string
	only          []string
	jobs          int
	mutantTimeout time.Duration
	// perBuild builds each mutant on its own (trial.Run, trial.Rows)
	// instead of the schemata build (trial.Schemata).
	perBuild   bool
	equivalent []string
	reportPath string
	force      bool
	format     string
	verbose    bool
}

// equivalentName is the file name of a package's equivalence
// declarations: reference/<pkg>/equivalent.jsonl, each contract's own.
const equivalentName = "equivalent.jsonl"

// equivalentBound bounds one declarations file.
var equivalentBound = infile.Bound{Max: 1 << 20, What: "one equivalence declarations file"}

func newMutateCmd(env *Env) *cobra.Command {
	o := &mutateOptions{}
	cmd := &cobra.Command{
		Use:   "mutate",
		Short: "Guard mutation audit: every guard single-cause, every mutant of the Go reference killed",
		Long: `mutate proves two things (run everything, or a part with --single-cause,
--mutants or --rows).

Single-cause (--single-cause), in every implementation (--impl): for each
guard of its refusal table, tell it to ignore that guard (the protocol's
ignore control; the Go reference in-process), rerun every vector, and
require that each vector aimed at the guard flips to accepted or carries an
exception tag from the closed vocabulary of vectors/README.md, and that no
other vector changes. Each guard is reported flipped, exception or broken,
with the reason. A grammar guard (every vector aimed at it tagged grammar)
has no accept path and is never ignored, as the specs say: it is reported
exception/grammar without a run, unless --probe-grammar runs it and requires
that ignoring it changes nothing at all. One harness process per
implementation serves every guard; the implementations run concurrently.
A guard's rerun is the vectors of its own contract; then, per contract, one
batch with all its audited guards ignored reruns every other contract's
vectors, and a change there is traced to the guard that causes it
(--rerun-all reruns every vector for every guard instead).

Source mutation (--mutants) of the Go reference: every refusal site of the
packages cmd/conform-harness links (found with go/ast in the module that
holds the current directory, or --source) gets mutants that delete the
guard, negate its condition, and shift its bounds by one (< and <=, > and
>=, +-1 on integer constants). Every mutant is compiled into one schemata
build behind a switch (mutation/README.md, "Schemata"); a pass with no
mutant active must answer every vector as the normal build does, and
records which vectors reach each mutant; each mutant then runs only those:
killed (naming the first vector that failed), survived, no coverage (no
vector reaches it), timeout, or did not build. --per-build builds each
mutant on its own with go build -overlay (the tree is never copied or
touched) and runs every vector through it, as before schemata. Row mutants
(--rows) of the declarations of shapes go through the same switch. Mutants declared equivalent (each
mutated package's equivalent.jsonl, such as reference/<pkg>/equivalent.jsonl;
or the --equivalent files instead) that survive are reported equivalent,
not surviving. A mutant is named by its file, guard, condition, mutator,
original, replacement and, where the condition has several alike, its
occurrence; a declaration that matches more than one mutant is an error
(exit 2). --mutator and --max-mutants select row mutants too. --report
writes the mutation-testing-elements JSON (Stryker's HTML report reads
it): the source mutants in their Go files, the row mutants in their
declarations.

Exit codes: 0 every guard single-cause and every mutant killed; 1 a guard
is broken, a mutant survived, or an equivalence declaration is wrong; 2
usage or configuration error; 3 an implementation failed to start or broke
the protocol, or the unmutated harness does not build.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runMutate(cmd, env, o) },
	}
	o.register(cmd, []string{"go", "ts", "python"})
	f := cmd.Flags()
	f.BoolVar(&o.singleCause, "single-cause", false, "run the single-cause audit (with none of --single-cause, --mutants and --rows, all three run)")
	f.BoolVar(&o.mutants, "mutants", false, "run the source mutation of the Go reference")
	f.BoolVar(&o.rows, "rows", false, "run the row mutants of the declarations of shapes (spec/<name>/shapes.json)")
	f.StringSliceVar(&o.contracts, "contract", nil, "audit only these contracts (guards and mutants of their guards)")
	f.StringVar(&o.vectorsDir, "vectors", "", "use the vector set in this directory instead of the one compiled in")
	f.BoolVar(&o.probeGrammar, "probe-grammar", false, "also ignore grammar guards, requiring that nothing changes")
	f.BoolVar(&o.rerunAll, "rerun-all", false, "rerun every vector of every contract for every guard (default: the guard's contract, then one sweep of the other contracts per contract)")
	f.StringVar(&o.source, "source", "", "module root to mutate (default: the module holding the current directory)")
	f.IntVar(&o.maxMutants, "max-mutants", 0, "try at most this many source mutants, in source order, and this many row mutants, in declaration order (0: all)")
	f.BoolVar(&o.declaredOnly, "declared-only", false, "try only the mutants an equivalence declaration names: each declaration still holds (its mutant survives every vector)")
	f.StringSliceVar(&o.mutators, "mutator", nil, "only these mutators: "+mutatorNames)
	f.StringSliceVar(&o.only, "mutant", nil, "only the mutants with these ids, as printed: a source mutant's 12 hex digits, a row mutant's id with or without its contract")
	f.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "mutants built and run at once")
	f.DurationVar(&o.mutantTimeout, "mutant-timeout", 0, "longest silence allowed from a mutant's harness that owes an answer (0: 1.5 times the slowest chunk of the schemata's pass with no mutant, plus 5s; 10s with --per-build)")
	f.BoolVar(&o.perBuild, "per-build", false, "build and run each mutant on its own, every vector (the method before schemata), instead of one schemata build run only on the vectors that reach each mutant")
	f.StringArrayVar(&o.equivalent, "equivalent", nil, "equivalent-mutant declarations to use instead of each mutated package's "+equivalentName+" (repeatable)")
	f.StringVar(&o.reportPath, "report", "", "write the mutation-testing-elements JSON report of the source and row mutants to this file (atomically)")
	f.BoolVar(&o.force, "force", false, "replace an existing --report file")
	f.StringVar(&o.format, "format", "text", "stdout format: text or json")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "also list every killed mutant and the vector that killed it")
	return cmd
}

// mutateResult is the whole audit, as --format json prints it.
type mutateResult struct {
	SingleCause []singlecause.Result `json:"single_cause,omitempty"`
	// SingleCauseSeconds is the single-cause audit's wall time, harness
	// start included.
	SingleCauseSeconds float64         `json:"single_cause_seconds,omitempty"`
	Mutation           *mutationResult `json:"mutation,omitempty"`
	Rows               *rowsResult     `json:"rows,omitempty"`
	// Schemata is what the schemata build did (nil with --per-build).
	Schemata *trial.SchemataRun `json:"schemata,omitempty"`
	ExitCode int                `json:"exit_code"`
}

type mutationResult struct {
	Main      string              `json:"main"`
	Sites     int                 `json:"sites"`
	Generated int                 `json:"generated"`
	Baseline  []trial.Failure     `json:"baseline_failures,omitempty"`
	Outcomes  []trial.Outcome     `json:"outcomes"`
	Scores    []trial.Score       `json:"scores"`
	Stale     []mutant.Equivalent `json:"stale_equivalents,omitempty"`
	Seconds   float64             `json:"seconds"`
	Jobs      int                 `json:"jobs"`
	sources   map[string][]byte   `json:"-"`
}

func runMutate(cmd *cobra.Command, env *Env, o *mutateOptions) error {
	if o.format != "text" && o.format != "json" {
		return usageErr("unknown --format %q (text or json)", o.format)
	}
	if o.maxMutants < 0 {
		return usageErr("--max-mutants must not be negative (0: all)")
	}
	if o.jobs < 1 {
		return usageErr("--jobs must be at least 1")
	}
	for _, m := range o.mutators {
		if !slices.Contains(mutant.Mutators, mutant.Mutator(m)) && !slices.Contains(shapes.RowMutators, m) {
			return usageErr("unknown --mutator %q (%s)", m, mutatorNames)
		}
	}
	all := !o.singleCause && !o.mutants && !o.rows
	doSingle, doMutants, doRows := all || o.singleCause, all || o.mutants, all || o.rows
	if o.reportPath != "" && !doMutants && !doRows {
		return usageErr("--report writes the mutation report: it needs --mutants or --rows")
	}
	if o.reportPath != "" {
		// Checked now, before the audit spends its time; the report is
		// linked into place at the end, which checks again.
		if err := atomicfile.CheckWritable(o.reportPath, o.force); err != nil {
			return usageErr("--report: %v", err)
		}
	}
	set, err := loadCases(o.vectorsDir, nil, env.Stderr)
	if err != nil {
		return err
	}
	cases, err := filterContracts(set.cases, o.contracts)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	res := &mutateResult{}
	text := o.format == "text"
	code := report.ExitAgree
	worse := func(c int) {
		if c > code {
			code = c
		}
	}

	if doSingle {
		t0 := time.Now()
		s, err := startImpls(ctx, &o.implFlags, env.Stderr)
		if err != nil {
			return err
		}
		res.SingleCause = singlecause.AuditAll(ctx, cases, controlImpls(s), singlecause.Options{Contracts: o.contracts, ProbeGrammar: o.probeGrammar, RerunAll: o.rerunAll})
		s.Close()
		res.SingleCauseSeconds = time.Since(t0).Seconds()
		var names []string
		flipped, exception, broken := 0, 0, 0
		thresholds := map[singlecause.Status]int{}
		for _, r := range res.SingleCause {
			names = append(names, r.Impl)
			n := r.Counts()
			flipped, exception, broken = flipped+n[singlecause.Flipped], exception+n[singlecause.Exception], broken+n[singlecause.Broken]
			for st, k := range r.ThresholdCounts() {
				thresholds[st] += k
			}
			switch {
			case r.Broke != "":
				worse(report.ExitBroken)
			case !r.OK():
				worse(report.ExitDisagree)
			}
		}
		if text {
			fmt.Fprintf(env.Stdout, "== single-cause audit: %s, %d vectors ==\n\n", strings.Join(names, ", "), countVectors(cases))
			singlecause.WriteText(env.Stdout, res.SingleCause)
			more := ""
			if t := thresholds[singlecause.Flipped] + thresholds[singlecause.Exception] + thresholds[singlecause.Broken]; t > 0 {
				more = fmt.Sprintf("; %d threshold verdicts: %d flipped, %d exception, %d broken", t,
					thresholds[singlecause.Flipped], thresholds[singlecause.Exception], thresholds[singlecause.Broken])
			}
			fmt.Fprintf(env.Stdout, "\nsingle-cause: %d guard verdicts in %.1fs (harness start included): %d flipped, %d exception, %d broken%s\n",
				flipped+exception+broken, res.SingleCauseSeconds, flipped, exception, broken, more)
		}
	}

	if doMutants || doRows {
		if text && doSingle {
			fmt.Fprintln(env.Stdout)
		}
		var mp *mutantPlan
		var rp *rowPlan
		if doMutants {
			if mp, err = planMutants(ctx, o, cases); err != nil {
				return err
			}
		}
		if doRows {
			if rp, err = planRows(ctx, o); err != nil {
				return err
			}
		}
		if err := unknownIDs(o, mp, rp); err != nil {
			return err
		}
		if err := nothingToTry(o, mp, rp); err != nil {
			return err
		}
		sr, err := tryPlans(ctx, env, o, mp, rp, cases)
		if err != nil {
			return err
		}
		if doMutants {
			mr, c := mp.finish(sr)
			res.Mutation = mr
			worse(c)
			if text {
				writeMutantsText(env.Stdout, mr, o.verbose, doRows)
			}
		}
		if doRows {
			if text && doMutants {
				fmt.Fprintln(env.Stdout)
			}
			rr, c := rp.finish(sr)
			res.Rows = rr
			worse(c)
			if text {
				fmt.Fprintf(env.Stdout, "== row mutants of the declarations of shapes ==\n\n")
				writeRowsText(env.Stdout, rr, o.verbose, doMutants)
			}
		}
		if o.reportPath != "" {
			if err := writeReport(o, set.vectorsSHA256, cases, res, rp); err != nil {
				return usageErr("writing the report: %v", err)
			}
		}
		res.Schemata = sr.Schemata
		if text && sr.Schemata != nil {
			writeSchemataText(env.Stdout, sr.Schemata)
		}
	}
	res.ExitCode = code
	if text {
		fmt.Fprintf(env.Stdout, "\nexit code %d\n", code)
	} else if err := writeJSON(env.Stdout, res); err != nil {
		return err
	}
	return exitCode(code)
}

func countVectors(cases []vectors.Case) int {
	n := 0
	for _, c := range cases {
		if c.Corpus == "" {
			n++
		}
	}
	return n
}

// mutantPlan is the source-mutation part of an audit, before its mutants
// are tried: the result so far, the mutants picked, the declarations.
type mutantPlan struct {
	mr     *mutationResult
	src    *mutant.Set
	eqs    []mutant.Equivalent
	picked []mutant.Mutant
	// ids are the ids of the mutants --mutant may name: those of the
	// audited contracts (and, with --declared-only, declared).
	ids map[string]bool
	t0  time.Time
}

// planMutants scans the source and selects the mutants.
func planMutants(ctx context.Context, o *mutateOptions, cases []vectors.Case) (*mutantPlan, error) {
	src, err := scanSource(ctx, o.source)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	eqs, err := loadEquivalents(src, o.equivalent)
	if err != nil {
		return nil, err
	}
	mr := &mutationResult{Main: harnessMain, Jobs: o.jobs, sources: src.Sources}
	for _, m := range src.Mutants {
		if o.audits(m.Site.Contract) {
			mr.Generated++
		}
	}
	for _, s := range src.Sites {
		if s.Conditional() && o.audits(s.Contract) {
			mr.Sites++
		}
	}
	pool := src.Mutants
	if o.declaredOnly {
		pool = declared(pool, eqs)
	}
	ids := map[string]bool{}
	for _, m := range pool {
		if o.audits(m.Site.Contract) {
			ids[m.ID] = true
		}
	}
	return &mutantPlan{mr: mr, src: src, eqs: eqs, picked: selectMutants(pool, o), ids: ids, t0: time.Now()}, nil
}

// tried is what tryPlans did: the verdicts on the source mutants and the
// row mutants, and the schemata run (nil with --per-build).
type tried struct {
	// baseline lists the vectors the unmutated harness fails: then no
	// mutant was tried, since every verdict would be meaningless.
	baseline []trial.Failure
	outcomes []trial.Outcome
	rows     []trial.RowOutcome
	seconds  float64
	Schemata *trial.SchemataRun
}

// tryPlans tries the mutants of mp and rp (either may be nil): in one
// schemata build, or, with --per-build, each on its own.
func tryPlans(ctx context.Context, env *Env, o *mutateOptions, mp *mutantPlan, rp *rowPlan, cases []vectors.Case) (*tried, error) {
	var picked []mutant.Mutant
	var sources map[string][]byte
	root := ""
	if mp != nil {
		picked, sources, root = mp.picked, mp.src.Sources, mp.src.Root
	}
	var rows []trial.RowMutant
	if rp != nil {
		rows, root = rp.rows, rp.root
	}
	base, err := trial.Baseline(ctx, trial.Options{Root: root, Main: harnessMain, Timeout: o.mutantTimeout}, cases)
	if ctx.Err() != nil {
		// The runs the interruption cut short are not the reference's
		// failures, and no verdict or report follows.
		return nil, usageErr("interrupted before any mutant was tried")
	}
	if err != nil {
		var be *trial.BuildError
		if errors.As(err, &be) {
			return nil, brokenErr(fmt.Errorf("the unmutated %s does not build: %s", harnessMain, be.Output))
		}
		return nil, brokenErr(err)
	}
	if len(base) > 0 {
		return &tried{baseline: base}, nil
	}
	opts := trial.Options{Root: root, Main: harnessMain, Jobs: o.jobs, Timeout: o.mutantTimeout, Progress: progress(env.terminal, len(picked)+len(rows))}
	t0 := time.Now()
	tr := &tried{}
	if o.perBuild {
		if opts.Timeout <= 0 {
			opts.Timeout = 10 * time.Second
		}
		tr.outcomes = trial.Run(ctx, opts, sources, picked, cases)
		if ctx.Err() != nil {
			return nil, usageErr("interrupted after %d of %d mutants", len(tr.outcomes), len(picked))
		}
		if tr.rows, err = trial.Rows(ctx, opts, rows, cases); err != nil {
			var be *trial.BuildError
			if errors.As(err, &be) {
				return nil, brokenErr(fmt.Errorf("the unmutated %s does not build: %s", harnessMain, be.Output))
			}
			return nil, usageErr("interrupted: %v", err)
		}
	} else if len(picked)+len(rows) > 0 {
		sr, err := trial.Schemata(ctx, opts, sources, picked, rows, cases)
		if err != nil {
			if ctx.Err() != nil {
				return nil, usageErr("interrupted: %v", err)
			}
			return nil, brokenErr(fmt.Errorf("schemata: %w", err))
		}
		tr.outcomes, tr.rows, tr.Schemata = sr.Outcomes, sr.Rows, sr
	}
	tr.seconds = time.Since(t0).Seconds()
	return tr, nil
}

// finish applies the declarations to the verdicts and returns the result
// and the exit code it calls for.
func (p *mutantPlan) finish(tr *tried) (*mutationResult, int) {
	mr := p.mr
	mr.Seconds = time.Since(p.t0).Seconds()
	if len(tr.baseline) > 0 {
		mr.Baseline = tr.baseline
		return mr, report.ExitDisagree
	}
	mr.Outcomes = tr.outcomes
	trial.Declare(mr.Outcomes, p.eqs)
	mr.Stale = mutant.Stale(p.eqs, p.src.Mutants)
	mr.Scores = trial.Scores(mr.Outcomes)
	code := report.ExitAgree
	for _, out := range mr.Outcomes {
		if out.Undetected() || out.WrongDeclaration() {
			code = report.ExitDisagree
		}
	}
	return mr, code
}

// writeMutantsText writes the source-mutation section of the text report;
// shared says that row mutants ran in the same trial, so that its time is
// theirs too.
func writeMutantsText(w io.Writer, mr *mutationResult, verbose, shared bool) {
	fmt.Fprintf(w, "== source mutation of the Go reference (%s) ==\n\n", mr.Main)
	if len(mr.Baseline) > 0 {
		fmt.Fprintf(w, "the unmutated reference fails %d vectors, so no mutant was tried (run conform run); first: %s\n", len(mr.Baseline), mr.Baseline[0])
		return
	}
	trial.WriteText(w, mr.Outcomes, mr.sources, mr.Stale, verbose)
	all := trial.Scores(mr.Outcomes)
	total := all[len(all)-1]
	fmt.Fprintf(w, "\nsource mutation: %d guarded refusal sites, %d mutants generated, %d tried, %d at a time, %s: %s; score %.1f%%\n",
		mr.Sites, mr.Generated, total.Total, mr.Jobs, took(mr.Seconds, shared), total.Counted(), total.Percent())
}

// took says how long a part of the audit took: its own seconds, or, when
// source and row mutants shared one trial, the shared run's.
func took(seconds float64, shared bool) string {
	if shared {
		return fmt.Sprintf("in %.1fs (the run source and row mutants share)", seconds)
	}
	return fmt.Sprintf("in %.1fs", seconds)
}

// writeSchemataText writes what the schemata build saved.
func writeSchemataText(w io.Writer, sr *trial.SchemataRun) {
	saved := 0.0
	if sr.AllRuns > 0 {
		saved = 100 * float64(sr.AllRuns-sr.VectorRuns) / float64(sr.AllRuns)
	}
	fmt.Fprintf(w, "\nschemata: %d source mutants behind the switch, %d built on their own; %d vector runs with a mutant active, of %d that running every vector would take (%.1f%% saved); schemata %.1fs, builds %.1fs, pass with no mutant %.1fs; watchdog %s\n",
		sr.Switched, sr.PerBuild, sr.VectorRuns, sr.AllRuns, saved, sr.Prepare.Seconds(), sr.Build.Seconds(), sr.Reach.Seconds(), sr.Timeout.Round(time.Millisecond))
}

// unknownIDs refuses the ids of --mutant that name no mutant of the
// parts that run (mp, rp; nil for a part that does not), naming them.
func unknownIDs(o *mutateOptions, mp *mutantPlan, rp *rowPlan) error {
	var unknown []string
	for _, id := range o.only {
		if !(mp != nil && mp.ids[id]) && !(rp != nil && rp.ids[id]) {
			unknown = append(unknown, strconv.Quote(id))
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	var kinds []string
	if mp != nil {
		kinds = append(kinds, "a source mutant's 12 hex digits")
	}
	if rp != nil {
		kind := "a row mutant's id, with or without its contract"
		if rp.example != "" {
			kind += fmt.Sprintf(" (%q)", rp.example)
		}
		kinds = append(kinds, kind)
	}
	verb := "names"
	if len(unknown) > 1 {
		verb = "name"
	}
	return usageErr("--mutant: %s %s no mutant of the audited contracts (an id is %s, as printed)", strings.Join(unknown, ", "), verb, strings.Join(kinds, ", or "))
}

// nothingToTry refuses an audit that would try no mutant and pass: a
// part asked for by name (--mutants, --rows) that selects none, or, with
// neither named, both parts selecting none. mp and rp are the plans of
// the parts that run (nil for one that does not).
func nothingToTry(o *mutateOptions, mp *mutantPlan, rp *rowPlan) error {
	sources, rows := mp != nil && len(mp.picked) > 0, rp != nil && len(rp.rows) > 0
	scope, declare, file := "the audited contracts", "declare", "spec/<name>/shapes.json"
	if len(o.contracts) > 0 {
		scope = strings.Join(o.contracts, ", ")
	}
	if len(o.contracts) == 1 {
		name, _, _ := strings.Cut(o.contracts[0], "/")
		declare, file = "declares", "spec/"+name+"/shapes.json"
	}
	switch {
	case o.mutants && mp != nil && !sources:
		return usageErr("--mutants: no source mutant of %s is selected (--mutator, --mutant and --declared-only select among them)", scope)
	case o.rows && rp != nil && !rows && len(rp.files) == 0:
		return usageErr("--rows: %s %s no shapes (no %s), so there is no row mutant to try", scope, declare, file)
	case o.rows && rp != nil && !rows:
		return usageErr("--rows: no row mutant of %s is selected (--mutator and --mutant select among them)", scope)
	case !o.mutants && !o.rows && !sources && !rows:
		return usageErr("no source or row mutant of %s is selected", scope)
	}
	return nil
}

// audits reports whether contract is one the audit covers: every one
// without --contract, else those it names.
func (o *mutateOptions) audits(contract string) bool {
	return len(o.contracts) == 0 || slices.Contains(o.contracts, contract)
}

// mutatorNames are the names --mutator takes: the source mutators, then
// the row mutators.
var mutatorNames = func() string {
	var names []string
	for _, m := range mutant.Mutators {
		names = append(names, string(m))
	}
	return strings.Join(append(names, shapes.RowMutators...), ", ")
}()

// writeReport writes the mutation-testing-elements report of the audit
// res to --report: its source mutants, each in its Go file, and its row
// mutants, each in its contract's declaration (rp; nil when rows were not
// run), the vectors of cases its tests.
func writeReport(o *mutateOptions, vectorsSHA256 string, cases []vectors.Case, res *mutateResult, rp *rowPlan) error {
	config := map[string]any{"contracts": o.contracts, "vectors_sha256": vectorsSHA256, "max_mutants": o.maxMutants}
	var outs []trial.Outcome
	var sources map[string][]byte
	if mr := res.Mutation; mr != nil {
		outs, sources, config["main"] = mr.Outcomes, mr.sources, mr.Main
	}
	rep := stryker.Build(outs, sources, cases, Version, config)
	if rr := res.Rows; rr != nil && rp != nil {
		if n := rep.AddRows(rr.Outcomes, rp.files, rp.texts); n > 0 {
			return fmt.Errorf("%d row mutants have no declaration file", n)
		}
	}
	data, err := rep.Marshal()
	if err != nil {
		return err
	}
	return stryker.WriteFile(o.reportPath, data, o.force)
}

// selectMutants applies --contract, --mutator, --mutant and --max-mutants,
// in that order, keeping source order.
func selectMutants(all []mutant.Mutant, o *mutateOptions) []mutant.Mutant {
	var out []mutant.Mutant
	for _, m := range all {
		if !o.audits(m.Site.Contract) {
			continue
		}
		if len(o.mutators) > 0 && !slices.Contains(o.mutators, string(m.Mutator)) {
			continue
		}
		if len(o.only) > 0 && !slices.Contains(o.only, m.ID) {
			continue
		}
		out = append(out, m)
		if o.maxMutants > 0 && len(out) == o.maxMutants {
			break
		}
	}
	return out
}

// declared returns the mutants of all that an equivalence declaration
// matches (--declared-only): the cheap check that every declaration still
// names a mutant no vector kills, without the whole audit.
func declared(all []mutant.Mutant, eqs []mutant.Equivalent) []mutant.Mutant {
	var out []mutant.Mutant
	for _, m := range all {
		if slices.ContainsFunc(eqs, func(e mutant.Equivalent) bool { return e.Matches(m) }) {
			out = append(out, m)
		}
	}
	return out
}

// loadEquivalents reads the equivalence declarations: the files paths,
// or, when none is given, the equivalent.jsonl of every package the scan
// found sites in (absent: none), each of which may declare mutants of its
// own package's files only. A declaration that matches more than one
// mutant of the source (mutant.Ambiguous) is a usage error, as is a file
// that does not parse.
func loadEquivalents(src *mutant.Set, paths []string) ([]mutant.Equivalent, error) {
	type file struct{ path, name, dir string }
	var files []file
	for _, p := range paths {
		files = append(files, file{path: p, name: p})
	}
	if len(paths) == 0 {
		for _, pkg := range src.Packages {
			rel := path.Join(pkg.Dir, equivalentName)
			files = append(files, file{path: filepath.Join(src.Root, filepath.FromSlash(rel)), name: rel, dir: pkg.Dir})
		}
	}
	var eqs []mutant.Equivalent
	for _, f := range files {
		data, err := infile.ReadFile(f.path, equivalentBound)
		if err != nil {
			if f.dir != "" && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, usageErr("--equivalent: %v", err)
		}
		got, err := mutant.ParseEquivalents(f.name, data)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		for _, e := range got {
			if f.dir != "" && path.Dir(e.File) != f.dir {
				return nil, usageErr("%s: declares a mutant of %s, outside its package %s", e.Where(), e.File, f.dir)
			}
		}
		eqs = append(eqs, got...)
	}
	if errs := mutant.Ambiguous(eqs, src.Mutants); len(errs) > 0 {
		return nil, usageErr("%v", errors.Join(errs...))
	}
	return eqs, nil
}

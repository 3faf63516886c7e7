package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"conform/fuzz"
	"conform/fuzz/share"
	"conform/mirrors"
	"conform/report"
)

// fuzzOptions are the flags of conform fuzz.
type fuzzOptions struct {
	contracts []string
	targets   []string
	duration  time.Duration
	minimize  time.Duration
	impls     []string
	transport string
	timeout   time.Duration
	parallel  int
	seeds     string
	module    string
	workdir   string
	vectors   string
	cache     string
	list      bool
}

func newFuzzCmd(env *Env) *cobra.Command {
	o := &fuzzOptions{}
	cmd := &cobra.Command{
		Use:   "fuzz [--contract C | --target FuzzX] --time 5m",
		Short: "Differential fuzzing: Go's fuzzing engine on the reference, every input also run through the mirrors",
		Long: `fuzz runs the native Go fuzz targets of the fuzz/ package (one or more per
contract; --list shows them) with Go's coverage-guided engine. Each fuzz
input expands to a batch of cases, run through the Go reference in-process
and through each mirror's harness, pipelined; a difference in output bytes,
refusal message or verdict fails the input. Each fuzz worker process starts
its own harnesses.

fuzz needs the conform module's source: it builds the targets with
go test -c -fuzz and runs them. Run it from the repository, as
go run ./cmd/conform fuzz ..., or point --module at a checkout.

Targets run one after another, each for --time. The corpus Go's engine
grows is kept where go test -fuzz keeps it ($GOCACHE/fuzz/conform/fuzz),
so both share it (conform corpus export carries it to other machines).
While it runs, fuzz prints a progress line on stderr: execs/s, cases/s,
corpus size, findings. As each target ends, its summary line and findings
go to stdout.

A finding is minimized by Go's engine and written twice: as a Go corpus
entry under fuzz/testdata/fuzz/<target>/, which go test ./fuzz/ replays,
and as a vector expecting the reference's answer under
vectors/findings/<contract>/, listed in vectors/MANIFEST, which every
implementation replays in conform run; conform repro <id> reruns it.

Exit codes: 0 no finding; 1 a finding; 2 usage or configuration error
(a runtime missing, no module source, a vector set that does not load);
3 the fuzz run itself failed; 130 interrupted (SIGINT or SIGTERM).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runFuzz(cmd.Context(), env, o) },
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.contracts, "contract", nil, "fuzz the targets of these contracts (default: every target)")
	f.StringSliceVar(&o.targets, "target", nil, "fuzz these targets (see --list)")
	f.DurationVar(&o.duration, "time", 5*time.Minute, "how long to fuzz each target")
	f.DurationVar(&o.minimize, "minimize-time", 10*time.Second, "how long Go's engine may minimize one input (a new-coverage input or a failing one; go test's default, 60s, stalls a run whose inputs each cost a mirror round trip)")
	f.StringSliceVar(&o.impls, "impl", []string{"ts", "python"}, "implementations compared with the Go reference: ts, python; none runs the reference alone (fake:<bug> test doubles for tests)")
	f.StringVar(&o.transport, "transport", "local", "how mirrors run: local or container (images from conform images build)")
	f.DurationVar(&o.timeout, "timeout", 10*time.Second, "longest silence allowed from a harness that owes an answer")
	f.IntVar(&o.parallel, "parallel", 0, "fuzz worker processes, each with its own harnesses (default: the number of CPUs)")
	f.StringVar(&o.seeds, "seeds", "all", "seed corpus: all (golden vectors, public corpora, structured seeds) or minimal")
	f.StringVar(&o.module, "module", "", "the conform module's directory (default: found from the working directory)")
	f.StringVar(&o.workdir, "workdir", "", "where the fuzz processes run and write testdata/fuzz/ (default: the module's fuzz/)")
	f.StringVar(&o.vectors, "vectors", "", "the vector directory findings are written into (default: the module's vectors/)")
	f.StringVar(&o.cache, "cache", "", "where Go's engine keeps the corpus it grows, one directory per target (default: $GOCACHE/fuzz/conform/fuzz, as go test -fuzz)")
	f.BoolVar(&o.list, "list", false, "list the targets and exit")
	return cmd
}

// fuzzRun is what one target's run ended with.
type fuzzRun struct {
	target   fuzz.Target
	progress fuzzProgress
	stats    fuzz.Stats
	took     time.Duration
	findings []fuzz.Written
	failing  string // the Go corpus file of the failing input, module-relative
	// unsettled says why a failure the engine found gave no finding: a
	// protocol break no single case repeats, or a failure that did not
	// repeat at all. Either fails the run (exit 3).
	unsettled string
	// interrupted: SIGINT or SIGTERM ended the target's run early.
	interrupted bool
}

func runFuzz(ctx context.Context, env *Env, o *fuzzOptions) error {
	if o.list {
		for _, t := range fuzz.Targets {
			fmt.Fprintf(env.Stdout, "%-16s %-15s %s\n", t.Name, t.Contract, strings.Join(t.Ops, " "))
		}
		return nil
	}
	targets, err := pickTargets(o)
	if err != nil {
		return err
	}
	if o.duration <= 0 || o.minimize <= 0 {
		return usageErr("--time and --minimize-time must be positive")
	}
	if o.seeds != "all" && o.seeds != "minimal" {
		return usageErr("--seeds must be all or minimal")
	}
	if o.transport != "local" && o.transport != "container" {
		return usageErr("unknown --transport %q (local or container)", o.transport)
	}
	impls := splitList(o.impls)
	if len(impls) == 0 {
		return usageErr("--impl names no implementation (none: the reference alone)")
	}
	if len(impls) == 1 && impls[0] == "none" {
		impls = nil // the reference alone: the engine's own speed
	}
	for _, n := range impls {
		_, fake, err := fuzz.FakeCommand(n, "")
		if err != nil {
			return usageErr("%v", err)
		}
		if fake {
			continue
		}
		m, ok := mirrors.Lookup(n)
		if !ok {
			return usageErr("unknown implementation %q for --impl (ts, python; the Go reference always runs)", n)
		}
		for _, p := range m.Needs {
			if _, err := exec.LookPath(p); err != nil && o.transport == "local" {
				return usageErr("%v", &mirrors.MissingRuntimeError{Mirror: n, Program: p})
			}
		}
	}
	mod, err := moduleRoot(o.module)
	if err != nil {
		return usageErr("%v", err)
	}
	workdir := o.workdir
	if workdir == "" {
		workdir = filepath.Join(mod, "fuzz")
	}
	vecDir := o.vectors
	if vecDir == "" {
		vecDir = filepath.Join(mod, "vectors")
	}
	// The findings go into vecDir: a set that does not load is a usage
	// error now, not a broken run after a target has found something.
	if _, err := loadCases(vecDir, nil, io.Discard); err != nil {
		return err
	}
	cache := o.cache
	if cache == "" {
		if cache, err = fuzzCache(mod); err != nil {
			return usageErr("%v", err)
		}
	}
	scratch, err := os.MkdirTemp("", "conform-fuzz-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	exe := filepath.Join(scratch, "fuzz.test")
	fmt.Fprintf(env.Stderr, "conform fuzz: building the fuzz targets (go test -c -fuzz, in %s) ...\n", mod)
	build := exec.CommandContext(ctx, "go", "test", "-c", "-fuzz", "^"+targets[0].Name+"$", "-o", exe, "./fuzz")
	build.Dir = mod
	if out, err := build.CombinedOutput(); err != nil {
		return brokenErr(fmt.Errorf("building the fuzz targets: %v\n%s", err, out))
	}
	// Check the implementations start before fuzzing, so that a missing
	// runtime is a configuration error rather than a failed target.
	cfg := fuzz.Config{Impls: impls, Transport: o.transport, Timeout: o.timeout, FakeExe: exe}
	probe, err := fuzz.Start(ctx, cfg, env.Stderr)
	if err != nil {
		var missing *mirrors.MissingRuntimeError
		if errors.As(err, &missing) {
			return usageErr("%v", err)
		}
		return brokenErr(fmt.Errorf("starting the implementations: %v", err))
	}
	for _, t := range targets {
		if err := probe.Declared(t); err != nil {
			probe.Close()
			return brokenErr(err)
		}
	}
	probe.Close()

	// The reruns ask the implementations that were fuzzed (a fake's
	// finding does not show against the mirrors).
	rerunImpls := shellQuote(implsEnv(impls))
	// Each target's summary and findings are printed as it ends: a long
	// campaign's log shows them without waiting for the last target.
	printRun := func(r fuzzRun) {
		fmt.Fprintln(env.Stdout, r.summary(impls))
		if r.unsettled != "" && r.failing != "" {
			fmt.Fprintf(env.Stdout, "  replay it: %s=%s go test -run '%s/%s' ./fuzz/\n", fuzz.EnvImpls, rerunImpls, r.target.Name, filepath.Base(r.failing))
		}
		for _, w := range r.findings {
			if !w.New {
				fmt.Fprintf(env.Stdout, "  finding %s: already a vector (%s)\n", w.ID, w.Path)
				fmt.Fprintf(env.Stdout, "    rerun it: %s repro %s --vectors %s --impl %s\n", invocation(), w.ID, shellQuote(vecDir), rerunImpls)
				continue
			}
			fmt.Fprintf(env.Stdout, "  finding %s: vector %s, Go corpus %s\n", w.ID, filepath.Join(vecDir, w.Path), filepath.Join(workdir, r.failing))
			fmt.Fprintf(env.Stdout, "    rerun it: %s repro %s --vectors %s --impl %s\n", invocation(), w.ID, shellQuote(vecDir), rerunImpls)
			if r.failing != "" {
				fmt.Fprintf(env.Stdout, "    and:      %s=%s go test -run '%s/%s' ./fuzz/\n", fuzz.EnvImpls, rerunImpls, r.target.Name, filepath.Base(r.failing))
			}
		}
	}
	ran, found, unsettled := 0, 0, false
	var runErr error
	for _, t := range targets {
		if ctx.Err() != nil {
			break
		}
		r, err := fuzzOne(ctx, env, o, t, exe, workdir, cache, scratch, cfg, vecDir, mod)
		if err != nil {
			runErr = err // the runs before it are reported already
			break
		}
		printRun(r)
		ran++
		found += len(r.findings)
		unsettled = unsettled || r.unsettled != ""
	}
	if ctx.Err() != nil && ran < len(targets) {
		fmt.Fprintf(env.Stderr, "conform fuzz: interrupted; %d of %d targets not run\n", len(targets)-ran, len(targets))
	}
	// An error or a break outranks an interruption, which outranks
	// findings: a cut run's exit code must not read as a complete one.
	switch {
	case runErr != nil:
		return runErr
	case unsettled:
		return exitCode(report.ExitBroken)
	case ctx.Err() != nil:
		return exitCode(report.ExitInterrupted)
	case found > 0:
		return exitCode(report.ExitDisagree)
	}
	return nil
}

// pickTargets resolves --target and --contract into targets, in table
// order; neither means every target.
func pickTargets(o *fuzzOptions) ([]fuzz.Target, error) {
	var out []fuzz.Target
	add := func(t fuzz.Target) {
		for _, x := range out {
			if x.Name == t.Name {
				return
			}
		}
		out = append(out, t)
	}
	for _, name := range splitList(o.targets) {
		t, ok := fuzz.Lookup(name)
		if !ok {
			return nil, usageErr("unknown target %q (conform fuzz --list)", name)
		}
		add(t)
	}
	for _, c := range splitList(o.contracts) {
		ts := fuzz.ForContract(c)
		if len(ts) == 0 {
			return nil, usageErr("no fuzz target for contract %q (known: %s)", c, strings.Join(fuzz.Contracts(), ", "))
		}
		for _, t := range ts {
			add(t)
		}
	}
	if len(out) == 0 && len(o.targets) == 0 && len(o.contracts) == 0 {
		out = append(out, fuzz.Targets...)
	}
	return out, nil
}

func splitList(list []string) []string {
	var out []string
	for _, s := range list {
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// moduleRoot returns dir, or the nearest directory at or above the working
// directory whose go.mod declares module conform.
func moduleRoot(dir string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		for d := wd; ; d = filepath.Dir(d) {
			if isConformModule(d) {
				return d, nil
			}
			if filepath.Dir(d) == d {
				return "", errors.New("conform fuzz needs the conform module's source: run it from the repository (go run ./cmd/conform fuzz) or give --module")
			}
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if !isConformModule(abs) {
		return "", fmt.Errorf("--module %s: no go.mod of module conform there", dir)
	}
	return abs, nil
}

func isConformModule(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(first) == "module conform"
}

// fuzzCache is where go test -fuzz keeps the corpus of package
// conform/fuzz: $GOCACHE/fuzz/conform/fuzz.
func fuzzCache(mod string) (string, error) {
	cmd := exec.Command("go", "env", "GOCACHE")
	cmd.Dir = mod
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOCACHE: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" || dir == "off" {
		return "", errors.New("the Go build cache is off (GOCACHE): Go's fuzzing engine keeps its corpus there")
	}
	return filepath.Join(dir, "fuzz", "conform", "fuzz"), nil
}

// fuzzOne runs one target with Go's engine and turns a failure into
// findings.
func fuzzOne(ctx context.Context, env *Env, o *fuzzOptions, t fuzz.Target, exe, workdir, cache, scratch string, cfg fuzz.Config, vecDir, mod string) (fuzzRun, error) {
	r := fuzzRun{target: t}
	stats := filepath.Join(scratch, "stats-"+t.Name)
	if err := os.MkdirAll(stats, 0o755); err != nil {
		return r, err
	}
	if err := os.MkdirAll(workdir, 0o755); err != nil {
		return r, usageErr("--workdir: %v", err)
	}
	args := []string{"-test.run=^$", "-test.fuzz=^" + t.Name + "$", "-test.fuzztime=" + o.duration.String(),
		"-test.fuzzcachedir=" + cache, "-test.fuzzminimizetime=" + o.minimize.String()}
	parallel := o.parallel
	if parallel <= 0 {
		parallel = runtime.NumCPU()
	}
	args = append(args, "-test.parallel="+strconv.Itoa(parallel))
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = workdir
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 15 * time.Second
	corpora := os.Getenv("CONFORM_CORPORA")
	if corpora == "" {
		corpora = filepath.Join(filepath.Dir(mod), "shared", "corpora")
	}
	cmd.Env = append(os.Environ(),
		fuzz.EnvImpls+"="+implsEnv(cfg.Impls), fuzz.EnvTransport+"="+cfg.Transport,
		fuzz.EnvTimeout+"="+cfg.Timeout.String(), fuzz.EnvStats+"="+stats, fuzz.EnvSeeds+"="+o.seeds,
		fuzz.EnvFakeExe+"="+exe, "CONFORM_CORPORA="+corpora)
	if os.Getenv("GOMAXPROCS") == "" {
		// Each worker process only waits on its harnesses between short
		// bursts of work; with one P its idle threads do not spin for work
		// the mirrors need the cores for (measured: about 1.5 times the
		// cases per second on two cores).
		cmd.Env = append(cmd.Env, "GOMAXPROCS=1")
	}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, brokenErr(err)
	}
	var log bytes.Buffer
	done := make(chan struct{})
	var mu sync.Mutex
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		lastStats, lastAt, rate := fuzz.Stats{}, time.Now(), 0.0
		for sc.Scan() {
			line := sc.Text()
			mu.Lock()
			log.WriteString(line + "\n")
			if !r.progress.line(line) {
				mu.Unlock()
				continue
			}
			now, s := time.Now(), fuzz.ReadStats(stats)
			// The workers' counts are written about once a second, and the
			// engine's lines can come closer together: a rate over a
			// shorter span would be a jump, not a rate.
			if now.Sub(lastAt) >= 2*time.Second {
				rate = float64(s.Cases-lastStats.Cases) / now.Sub(lastAt).Seconds()
				lastStats, lastAt = s, now
			}
			fmt.Fprintf(env.Stderr, "conform fuzz: %s %s/%s | %s | %.0f cases/s | findings %d\n",
				t.Name, r.progress.elapsed, o.duration, r.progress.status(), rate, r.progress.failures)
			mu.Unlock()
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	err := cmd.Wait()
	_ = pw.Close()
	<-done
	r.took = time.Since(start)
	r.stats = fuzz.ReadStats(stats)
	if err == nil {
		return r, nil
	}
	if ctx.Err() != nil {
		fmt.Fprintf(env.Stderr, "conform fuzz: %s interrupted\n", t.Name)
		r.interrupted = true
		return r, nil
	}
	data, err := failingInput(&r, o, t, workdir, cache, mod)
	if err != nil {
		return r, brokenErr(fmt.Errorf("%v\n%s", err, tailString(log.String(), 4000)))
	}
	fmt.Fprintf(env.Stderr, "conform fuzz: %s found a disagreement:\n%s", t.Name, tailString(failureText(log.String()), 6000))
	set, err := fuzz.Start(ctx, cfg, env.Stderr)
	if err != nil {
		return r, brokenErr(err)
	}
	ds, err := fuzz.Rerun(ctx, &set.Differ, t, data)
	set.Close()
	if err != nil {
		return r, brokenErr(err)
	}
	if len(ds) == 0 {
		fmt.Fprintf(env.Stderr, "conform fuzz: the failing input agrees when run again (a timeout or a crash that did not repeat); no vector written\n")
		r.unsettled = "a failure that did not repeat"
		return r, nil
	}
	for _, d := range ds {
		if d.Break != "" {
			fmt.Fprintf(env.Stderr, "conform fuzz: %s\n", d)
			r.unsettled = d.Impl + " broke the protocol on a batch"
		}
	}
	r.findings, err = fuzz.WriteFindings(vecDir, t.Name, ds)
	if err != nil {
		return r, brokenErr(fmt.Errorf("writing the findings: %v", err))
	}
	return r, nil
}

// failingInput returns the input the engine reported failing: the file it
// wrote under testdata/fuzz/ (minimized), or a seed corpus entry (an f.Add
// seed by index, recomputed; or a file of the corpus directories), for
// which Go writes nothing.
func failingInput(r *fuzzRun, o *fuzzOptions, t fuzz.Target, workdir, cache, mod string) ([]byte, error) {
	var file string
	switch {
	case r.progress.failing != "":
		r.failing = r.progress.failing
		file = filepath.Join(workdir, filepath.FromSlash(r.progress.failing))
	case strings.HasPrefix(r.progress.seed, "seed#"):
		n, err := strconv.Atoi(strings.TrimPrefix(r.progress.seed, "seed#"))
		if err != nil {
			return nil, err
		}
		if o.seeds == "minimal" {
			return []byte{1}, nil
		}
		corpora := os.Getenv("CONFORM_CORPORA")
		if corpora == "" {
			corpora = filepath.Join(filepath.Dir(mod), "shared", "corpora")
		}
		seeds, err := fuzz.Seeds(t, corpora)
		if err != nil || n < 0 || n >= len(seeds) {
			return nil, fmt.Errorf("%s failed on its seed %s, which cannot be recomputed: %v", t.Name, r.progress.seed, err)
		}
		return seeds[n], nil
	case r.progress.seed != "":
		for _, dir := range []string{filepath.Join(workdir, "testdata", "fuzz", t.Name), filepath.Join(cache, t.Name)} {
			if _, err := os.Stat(filepath.Join(dir, r.progress.seed)); err == nil {
				file = filepath.Join(dir, r.progress.seed)
				if dir != filepath.Join(cache, t.Name) {
					r.failing = "testdata/fuzz/" + t.Name + "/" + r.progress.seed
				}
			}
		}
		if file == "" {
			return nil, fmt.Errorf("%s failed on the corpus entry %s, which is in neither testdata nor the cache", t.Name, r.progress.seed)
		}
	default:
		return nil, fmt.Errorf("%s failed without a failing input", t.Name)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading the failing input: %v", err)
	}
	data, err := share.DecodeGo(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return data, nil
}

// summary is the run's line on stdout: target, contract, time, execs,
// cases, corpus, findings, and who was compared with the reference.
func (r fuzzRun) summary(impls []string) string {
	rate := func(n int64) string {
		if r.took <= 0 {
			return "0"
		}
		return strconv.FormatFloat(float64(n)/r.took.Seconds(), 'f', 0, 64)
	}
	s := fmt.Sprintf("%-16s %-15s %8s  %d execs (%s/s)  %d cases (%s/s)  corpus %d  findings %d",
		r.target.Name, r.target.Contract, r.took.Round(time.Second), r.stats.Execs, rate(r.stats.Execs),
		r.stats.Cases, rate(r.stats.Cases), r.progress.corpus, len(r.findings))
	if len(impls) == 0 {
		s += "  (go alone)"
	} else {
		s += "  (go vs " + strings.Join(impls, ",") + ")"
	}
	if r.unsettled != "" {
		s += "  (failed: " + r.unsettled + ")"
	}
	if r.interrupted {
		s += "  (interrupted)"
	}
	return s
}

// fuzzProgress follows the progress lines of Go's fuzzing engine.
type fuzzProgress struct {
	elapsed     string
	execs       int64
	execsPerSec int64
	corpus      int
	baseline    string // "108/646" while gathering baseline coverage
	minimizing  bool   // the engine is minimizing a failing input
	failures    int
	failing     string // testdata/fuzz/<target>/<name> once written
	seed        string // the seed corpus entry that failed: seed#N or a file name
}

var (
	progressRE = regexp.MustCompile(`^fuzz: elapsed: (\S+), execs: (\d+) \((\d+)/sec\)(?:, new interesting: \d+ \(total: (\d+)\))?`)
	// The engine says "minimizing N-byte failing input file" once, when
	// it finds the failure, then "elapsed: X, minimizing" every 3 s.
	minimizeRE = regexp.MustCompile(`^fuzz: (?:elapsed: (\S+), minimizing|minimizing \d+-byte failing input file)$`)
	baselineRE = regexp.MustCompile(`^fuzz: elapsed: (\S+), (?:gathering baseline coverage|testing seed corpus): (\d+)/(\d+) completed`)
	failingRE  = regexp.MustCompile(`Failing input written to (testdata/fuzz/\S+)`)
	seedFailRE = regexp.MustCompile(`failure while testing seed corpus entry: [^/\s]+/(\S+)`)
)

// line takes one output line and reports whether it was a progress line.
func (p *fuzzProgress) line(s string) bool {
	s = strings.TrimSpace(s)
	if m := progressRE.FindStringSubmatch(s); m != nil {
		p.elapsed = m[1]
		p.execs, _ = strconv.ParseInt(m[2], 10, 64)
		p.execsPerSec, _ = strconv.ParseInt(m[3], 10, 64)
		if m[4] != "" {
			p.corpus, _ = strconv.Atoi(m[4])
		}
		p.baseline = ""
		p.minimizing = false
		return true
	}
	if m := minimizeRE.FindStringSubmatch(s); m != nil {
		if m[1] != "" {
			p.elapsed = m[1]
		}
		p.minimizing = true
		return true
	}
	if m := baselineRE.FindStringSubmatch(s); m != nil {
		p.elapsed = m[1]
		p.baseline = m[2] + "/" + m[3]
		p.corpus, _ = strconv.Atoi(m[3])
		return true
	}
	if m := failingRE.FindStringSubmatch(s); m != nil {
		p.failing = m[1]
		p.failures++
		return false
	}
	if m := seedFailRE.FindStringSubmatch(s); m != nil && p.seed == "" {
		p.seed = m[1]
		p.failures++
		return false
	}
	return false
}

func (p *fuzzProgress) status() string {
	if p.baseline != "" {
		return "seeds " + p.baseline
	}
	if p.minimizing {
		return "minimizing a failing input"
	}
	return fmt.Sprintf("%d execs/s | corpus %d", p.execsPerSec, p.corpus)
}

// failureText is the part of the engine's output from the first FAIL line.
func failureText(log string) string {
	if i := strings.Index(log, "--- FAIL"); i >= 0 {
		return log[i:]
	}
	return log
}

func tailString(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// implsEnv is the EnvImpls value for impls: "none" for the reference
// alone.
func implsEnv(impls []string) string {
	if len(impls) == 0 {
		return "none"
	}
	return strings.Join(impls, ",")
}

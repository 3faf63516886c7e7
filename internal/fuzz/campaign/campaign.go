// Package campaign runs conform's differential fuzz targets with Go's
// fuzzing engine, as `conform fuzz` does: it builds the targets into an
// instrumented test binary (go test -c -fuzz), starts the implementations
// once to check they run and declare every operation of the targets, runs
// each target in worker processes for a while, reads the engine's output
// (progress, the failing input it wrote or the seed it failed on) and the
// workers' counts (differential.Stats) into rates, reruns a failing input through
// the implementations, and writes what still disagrees as findings
// (WriteFindings). The command line (cli) keeps the flags and renders what
// a campaign reports.
package campaign

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
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/fuzz/share"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/module"
)

// Config is one campaign: what is compared, where the processes run, and
// for how long.
type Config struct {
	// Module is the root of the conform module's source (ModuleRoot); the
	// targets are built from it.
	Module string
	// Workdir is where the fuzz processes run, and so where Go's engine
	// writes failing inputs (testdata/fuzz/<target>/).
	Workdir string
	// Vectors is the vector directory the findings are written into.
	Vectors string
	// Cache is where Go's engine keeps the corpus it grows, one directory
	// per target (-test.fuzzcachedir; GoCache gives go test's own).
	Cache string
	// Corpora is the public corpora directory the seed corpora read
	// (Corpora gives the default).
	Corpora string
	// Duration is how long each target runs; Minimize how long the engine
	// may minimize one input.
	Duration, Minimize time.Duration
	// Parallel is the number of worker processes; 0 means the CPU count.
	Parallel int
	// Seeds is "all" or "minimal" (differential.EnvSeeds).
	Seeds string
	// Impls are the implementations compared with the reference, and how
	// they run. Its FakeExe is filled in by Build when a fake is compared.
	Impls differential.Config
	// Log receives the campaign's messages (one line each, prefixed
	// "conform fuzz: "): the build, a target cut short, a failure found,
	// a failure that does not repeat. Nil discards them.
	Log io.Writer
	// Progress, when set, is called with each progress line of the engine
	// (from the goroutine that reads its output).
	Progress func(Tick)
}

// Tick is the state of a running target when the engine reports progress.
type Tick struct {
	Target differential.Target
	// Progress is what the engine's output said so far.
	Progress Progress
	// Rate is the cases per second the workers compared, over the last two
	// seconds or more.
	Rate float64
}

// Run is what one target's run ended with.
type Run struct {
	Target   differential.Target
	Progress Progress
	// Stats are the workers' totals; Took the run's wall time.
	Stats differential.Stats
	Took  time.Duration
	// Findings are the disagreements written to the vectors.
	Findings []Written
	// Failing is the Go corpus file of the failing input, relative to the
	// work directory ("testdata/fuzz/<target>/<name>"), when there is one.
	Failing string
	// Unsettled says why a failure the engine found gave no finding: a
	// protocol break no single case repeats, or a failure that did not
	// repeat at all. Either fails the campaign.
	Unsettled string
	// Interrupted: the context ended the target's run early.
	Interrupted bool
}

// Campaign is a built campaign: the instrumented test binary and, when a
// fake is compared, the conform-harness that serves it, in a scratch
// directory that Close removes.
type Campaign struct {
	cfg     Config
	scratch string
	exe     string
}

// Build builds the fuzz targets into a test binary instrumented for first
// (go test -c -fuzz, in cfg.Module) and, when cfg.Impls names a fake, the
// conform-harness that serves it (driver.BuildHarness). It fails when
// either does not build, with go's output. It returns the campaign even
// when it fails; Close removes what it made.
func Build(ctx context.Context, cfg Config, first differential.Target) (*Campaign, error) {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	c := &Campaign{cfg: cfg}
	scratch, err := os.MkdirTemp("", "conform-fuzz-")
	if err != nil {
		return c, err
	}
	c.scratch = scratch
	c.exe = filepath.Join(scratch, "fuzz.test")
	fmt.Fprintf(cfg.Log, "conform fuzz: building the fuzz targets (go test -c -fuzz, in %s) ...\n", cfg.Module)
	build := exec.CommandContext(ctx, "go", "test", "-c", "-fuzz", "^"+first.Name+"$", "-o", c.exe, "./fuzz")
	build.Dir = cfg.Module
	if out, err := build.CombinedOutput(); err != nil {
		return c, fmt.Errorf("building the fuzz targets: %v\n%s", err, out)
	}
	for _, n := range cfg.Impls.Impls {
		if strings.HasPrefix(n, "fake:") && c.cfg.Impls.FakeExe == "" {
			bin := filepath.Join(scratch, driver.HarnessName)
			if err := driver.BuildHarness(ctx, cfg.Module, bin); err != nil {
				return c, fmt.Errorf("building the harness of the fakes: %v", err)
			}
			c.cfg.Impls.FakeExe = bin
		}
	}
	return c, nil
}

// Close removes the scratch directory. It may be called on a nil campaign.
func (c *Campaign) Close() {
	if c != nil && c.scratch != "" {
		_ = os.RemoveAll(c.scratch)
	}
}

// Probe starts the implementations once, as each worker will, and checks
// that every one declares every operation of the targets, so that a
// missing runtime is found before any target runs. A configuration problem
// is the driver's *driver.ConfigError; an implementation that does not
// start, or lacks an operation, is any other error.
func (c *Campaign) Probe(ctx context.Context, targets []differential.Target) error {
	set, err := differential.Start(ctx, c.cfg.Impls, c.cfg.Log)
	defer set.Close()
	if err != nil {
		if driver.IsConfig(err) {
			return err
		}
		return fmt.Errorf("starting the implementations: %w", err)
	}
	for _, t := range targets {
		if err := set.Declared(t); err != nil {
			return err
		}
	}
	return nil
}

// Run runs target t with Go's engine for the configured duration, in
// worker processes that compare the implementations of the configuration,
// and reports each progress line to cfg.Progress. When the engine fails,
// Run reruns the failing input and writes what disagrees again to the
// vectors (WriteFindings); a failure that does not repeat, or a protocol
// break no single case repeats, is Run.Unsettled. A cancelled context cuts
// the run short (Run.Interrupted) and is no error. An error means the
// campaign itself failed: the engine failed without a failing input conform
// can read, the rerun could not start, or the findings could not be
// written.
func (c *Campaign) Run(ctx context.Context, t differential.Target) (Run, error) {
	cfg := c.cfg
	r := Run{Target: t}
	stats := filepath.Join(c.scratch, "stats-"+t.Name)
	if err := os.MkdirAll(stats, 0o755); err != nil {
		return r, err
	}
	if err := os.MkdirAll(cfg.Workdir, 0o755); err != nil {
		return r, err
	}
	args := []string{"-test.run=^$", "-test.fuzz=^" + t.Name + "$", "-test.fuzztime=" + cfg.Duration.String(),
		"-test.fuzzcachedir=" + cfg.Cache, "-test.fuzzminimizetime=" + cfg.Minimize.String()}
	parallel := cfg.Parallel
	if parallel <= 0 {
		parallel = runtime.NumCPU()
	}
	args = append(args, "-test.parallel="+strconv.Itoa(parallel))
	cmd := exec.CommandContext(ctx, c.exe, args...)
	cmd.Dir = cfg.Workdir
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 15 * time.Second
	cmd.Env = append(os.Environ(),
		differential.EnvImpls+"="+cfg.Impls.ImplsEnv(), differential.EnvTransport+"="+cfg.Impls.Transport,
		differential.EnvTimeout+"="+cfg.Impls.Timeout.String(), differential.EnvStats+"="+stats, differential.EnvSeeds+"="+cfg.Seeds,
		differential.EnvFakeExe+"="+cfg.Impls.FakeExe, differential.EnvOutside+"="+cfg.Impls.OutsideEnv(), "CONFORM_CORPORA="+cfg.Corpora)
	if os.Getenv("GOMAXPROCS") == "" {
		// Each worker process only waits on its harnesses between short
		// bursts of work; with one P its idle threads do not spin for work
		// the mirrors need the cores for (measured: about 1.5 times the
		// cases per second on two cores).
		cmd.Env = append(cmd.Env, "GOMAXPROCS=1")
	}
	if os.Getenv("GOGC") == "" {
		// A worker's live heap is small and its garbage is per batch: at
		// the default GOGC the collector was about a quarter of its CPU
		// (fuzz/README.md, "Issue 32"); 400 measured 0.4-0.9 µs less per
		// case of the target with the cheapest cases, 8-16% of the
		// worker's CPU.
		cmd.Env = append(cmd.Env, "GOGC=400")
	}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	var log bytes.Buffer
	done := make(chan struct{})
	var mu sync.Mutex
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		lastStats, lastAt, rate := differential.Stats{}, time.Now(), 0.0
		for sc.Scan() {
			line := sc.Text()
			mu.Lock()
			log.WriteString(line + "\n")
			if !r.Progress.Line(line) {
				mu.Unlock()
				continue
			}
			now, s := time.Now(), differential.ReadStats(stats)
			// The workers' counts are written about once a second, and the
			// engine's lines can come closer together: a rate over a
			// shorter span would be a jump, not a rate.
			if now.Sub(lastAt) >= 2*time.Second {
				rate = float64(s.Cases-lastStats.Cases) / now.Sub(lastAt).Seconds()
				lastStats, lastAt = s, now
			}
			if cfg.Progress != nil {
				cfg.Progress(Tick{Target: t, Progress: r.Progress, Rate: rate})
			}
			mu.Unlock()
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	err := cmd.Wait()
	_ = pw.Close()
	<-done
	r.Took = time.Since(start)
	r.Stats = differential.ReadStats(stats)
	if err == nil {
		return r, nil
	}
	if ctx.Err() != nil {
		fmt.Fprintf(cfg.Log, "conform fuzz: %s interrupted\n", t.Name)
		r.Interrupted = true
		return r, nil
	}
	data, err := c.failingInput(&r, t)
	if err != nil {
		return r, fmt.Errorf("%v\n%s", err, tail(log.String(), 4000))
	}
	fmt.Fprintf(cfg.Log, "conform fuzz: %s found a disagreement:\n%s", t.Name, tail(failureText(log.String()), 6000))
	set, err := differential.Start(ctx, cfg.Impls, cfg.Log)
	if err != nil {
		set.Close()
		return r, err
	}
	ds, err := Rerun(ctx, set.For(t), t, data)
	set.Close()
	if err != nil {
		return r, err
	}
	if len(ds) == 0 {
		fmt.Fprintf(cfg.Log, "conform fuzz: the failing input agrees when run again (a timeout or a crash that did not repeat); no vector written\n")
		r.Unsettled = "a failure that did not repeat"
		return r, nil
	}
	for _, d := range ds {
		if d.Break != "" {
			fmt.Fprintf(cfg.Log, "conform fuzz: %s\n", d)
			r.Unsettled = d.Impl + " broke the protocol on a batch"
		}
	}
	r.Findings, err = WriteFindings(cfg.Vectors, t.Name, ds)
	if err != nil {
		return r, fmt.Errorf("writing the findings: %v", err)
	}
	return r, nil
}

// failingInput returns the input the engine reported failing: the file it
// wrote under testdata/fuzz/ (minimized), or a seed corpus entry (an f.Add
// seed by index, recomputed; or a file of the corpus directories), for
// which Go writes nothing. It sets r.Failing to the Go corpus file of the
// work directory that holds the input, if any.
func (c *Campaign) failingInput(r *Run, t differential.Target) ([]byte, error) {
	cfg := c.cfg
	var file string
	switch {
	case r.Progress.Failing != "":
		r.Failing = r.Progress.Failing
		file = filepath.Join(cfg.Workdir, filepath.FromSlash(r.Progress.Failing))
	case strings.HasPrefix(r.Progress.Seed, "seed#"):
		n, err := strconv.Atoi(strings.TrimPrefix(r.Progress.Seed, "seed#"))
		if err != nil {
			return nil, err
		}
		if cfg.Seeds == "minimal" {
			return []byte{1}, nil
		}
		seeds, err := differential.Seeds(t, cfg.Corpora)
		if err != nil || n < 0 || n >= len(seeds) {
			return nil, fmt.Errorf("%s failed on its seed %s, which cannot be recomputed: %v", t.Name, r.Progress.Seed, err)
		}
		return seeds[n], nil
	case r.Progress.Seed != "":
		for _, dir := range []string{filepath.Join(cfg.Workdir, "testdata", "fuzz", t.Name), filepath.Join(cfg.Cache, t.Name)} {
			if _, err := os.Stat(filepath.Join(dir, r.Progress.Seed)); err == nil {
				file = filepath.Join(dir, r.Progress.Seed)
				if dir != filepath.Join(cfg.Cache, t.Name) {
					r.Failing = "testdata/fuzz/" + t.Name + "/" + r.Progress.Seed
				}
			}
		}
		if file == "" {
			return nil, fmt.Errorf("%s failed on the corpus entry %s, which is in neither testdata nor the cache", t.Name, r.Progress.Seed)
		}
	default:
		return nil, fmt.Errorf("%s failed without a failing input", t.Name)
	}
	b, err := infile.ReadFile(file, failingBound)
	if err != nil {
		return nil, fmt.Errorf("reading the failing input: %v", err)
	}
	data, err := share.DecodeGo(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return data, nil
}

// failureText is the part of the engine's output from the first FAIL line.
func failureText(log string) string {
	if i := strings.Index(log, "--- FAIL"); i >= 0 {
		return log[i:]
	}
	return log
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// ModuleRoot returns dir (made absolute), which must hold the go.mod of
// conform's module (module.Path), or when dir is empty the nearest directory at or above
// the working directory that does. Not finding one is an error that says
// how to run conform fuzz.
func ModuleRoot(dir string) (string, error) {
	if dir == "" {
		root, err := module.Root()
		if err != nil {
			return "", errors.New("conform fuzz needs the conform module's source: run it from the repository (go run ./cmd/conform fuzz) or give --module")
		}
		return root, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if !module.Declares(abs) {
		return "", fmt.Errorf("--module %s: no go.mod of module %s there", dir, module.Path)
	}
	return abs, nil
}

// failingBound bounds the failing input Go's engine wrote (a Go corpus
// file, share.MaxEntry), which a campaign reads besides its vectors.
var failingBound = infile.Bound{Max: share.MaxEntry, What: "one corpus entry"}

// FuzzCache is the root of Go's fuzz cache, $GOCACHE/fuzz, where go test
// -fuzz keeps the corpus of package P's target T in P/T, as `go env
// GOCACHE` run in the module mod says. An error when Go's build cache is
// off.
func FuzzCache(mod string) (string, error) {
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
	return filepath.Join(dir, "fuzz"), nil
}

// GoCache is where go test -fuzz keeps the corpus of the differential
// targets' package, <module>/fuzz: $GOCACHE/fuzz/<module>/fuzz
// (FuzzCache).
func GoCache(mod string) (string, error) {
	root, err := FuzzCache(mod)
	if err != nil {
		return "", err
	}
	return filepath.Join(root, filepath.FromSlash(module.Package("fuzz"))), nil
}

// Corpora is the public corpora directory the seed corpora read:
// $CONFORM_CORPORA, or shared/corpora beside the module mod.
func Corpora(mod string) string {
	if d := os.Getenv("CONFORM_CORPORA"); d != "" {
		return d
	}
	return filepath.Join(filepath.Dir(mod), "shared", "corpora")
}

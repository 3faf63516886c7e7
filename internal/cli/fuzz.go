package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/fuzz/campaign"
	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/mirrors"
	"github.com/conform-dev/conform/internal/module"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/repro"
)

// fuzzOptions are the flags of conform fuzz.
type fuzzOptions struct {
	contracts []string
	targets   []string
	duration  time.Duration
	minimize  time.Duration
	impls     []string
	config    string
	flags     *pflag.FlagSet
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

Targets run one after another, each for --time (default 5m): with no
--target or --contract, every target, ` + fmt.Sprintf("%d targets, so about %s in all", len(differential.Targets), time.Duration(len(differential.Targets))*5*time.Minute) + `
with the default; fuzz says its total when it starts. The corpus Go's engine
grows is kept where go test -fuzz keeps it ($GOCACHE/fuzz/` + module.Package("fuzz") + `),
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
	o.flags = f
	f.StringArrayVar(&o.impls, "impl", []string{"ts", "python"}, "implementations compared with the Go reference: ts, python, a name the configuration file defines, an outside implementation NAME=COMMAND ARGS... or NAME=image:REF; none runs the reference alone (fake:<bug> test doubles for tests)")
	f.StringVar(&o.config, "config", "", "the configuration file of outside implementations (default: conform.toml or conform.yaml in the working directory, if there)")
	f.StringVar(&o.transport, "transport", "local", "how mirrors run: local or container (images from conform images build)")
	f.DurationVar(&o.timeout, "timeout", 10*time.Second, "longest silence allowed from a harness that owes an answer")
	f.IntVar(&o.parallel, "parallel", 0, "fuzz worker processes, each with its own harnesses (default: the number of CPUs)")
	f.StringVar(&o.seeds, "seeds", "all", "seed corpus: all (golden vectors, public corpora, structured seeds) or minimal")
	f.StringVar(&o.module, "module", "", "the conform module's directory (default: found from the working directory)")
	f.StringVar(&o.workdir, "workdir", "", "an existing directory where the fuzz processes run and write testdata/fuzz/ (default: the module's fuzz/)")
	f.StringVar(&o.vectors, "vectors", "", "the vector directory findings are written into (default: the module's vectors/)")
	f.StringVar(&o.cache, "cache", "", "where Go's engine keeps the corpus it grows, one directory per target (default: $GOCACHE/fuzz/"+module.Package("fuzz")+", as go test -fuzz)")
	f.BoolVar(&o.list, "list", false, "list the targets and exit")
	return cmd
}

func runFuzz(ctx context.Context, env *Env, o *fuzzOptions) error {
	if o.list {
		for _, t := range differential.Targets {
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
	// --impl and the configuration file, as every command reads them.
	sel := implFlags{impls: o.impls, config: o.config, defaults: []string{"ts", "python"}, flags: o.flags}
	if err := sel.resolve(); err != nil {
		return err
	}
	outside := map[string]bool{}
	cwd, _ := os.Getwd()
	for i, x := range sel.outside {
		outside[x.Name] = true
		if x.Image == "" && x.Dir == "" {
			// The workers run in --workdir: a command of the command
			// line runs where conform was started.
			sel.outside[i].Dir = cwd
		}
	}
	impls := splitList(sel.names)
	if len(impls) == 0 {
		return usageErr("--impl names no implementation (none: the reference alone)")
	}
	if len(impls) == 1 && impls[0] == "none" {
		impls = nil // the reference alone: the engine's own speed
	}
	for _, n := range impls {
		if outside[n] {
			continue
		}
		if strings.HasPrefix(n, "fake:") {
			if err := driver.Check(n); err != nil {
				return usageErr("%v", err)
			}
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
	// Every check the workers' start makes, before anything is built.
	if err := driver.Validate(impls, driver.WithTransport(o.transport), driver.WithTimeout(o.timeout), driver.WithOutside(sel.outside...)); err != nil {
		return usageErr("%v", err)
	}
	mod, err := campaign.ModuleRoot(o.module)
	if err != nil {
		return usageErr("%v", err)
	}
	workdir := o.workdir
	if workdir == "" {
		workdir = filepath.Join(mod, "fuzz")
	}
	// The work directory is used, never made: a mistyped path would
	// otherwise leave a directory tree behind.
	if fi, err := os.Stat(workdir); err != nil || !fi.IsDir() {
		return usageErr("--workdir %s is not an existing directory", workdir)
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
	fmt.Fprintf(env.Stderr, "conform fuzz: %d targets, %s each (--time): about %s in all\n", len(targets), o.duration, time.Duration(len(targets))*o.duration)
	cache := o.cache
	if cache == "" {
		if cache, err = campaign.GoCache(mod); err != nil {
			return usageErr("%v", err)
		}
	}
	cfg := campaign.Config{
		Module: mod, Workdir: workdir, Vectors: vecDir, Cache: cache, Corpora: campaign.Corpora(mod),
		Duration: o.duration, Minimize: o.minimize, Parallel: o.parallel, Seeds: o.seeds,
		Impls: differential.Config{Impls: impls, Transport: o.transport, Timeout: o.timeout, Outside: sel.outside},
		Log:   env.Stderr,
		Progress: func(t campaign.Tick) {
			fmt.Fprintf(env.Stderr, "conform fuzz: %s %s/%s | %s | %.0f cases/s | findings %d\n",
				t.Target.Name, t.Progress.Elapsed, o.duration, fuzzStatus(t.Progress), t.Rate, t.Progress.Failures)
		},
	}
	c, err := campaign.Build(ctx, cfg, targets[0])
	defer c.Close()
	if err != nil {
		return brokenErr(err)
	}
	// Check the implementations start before fuzzing, so that a missing
	// runtime is a configuration error rather than a failed target.
	if err := c.Probe(ctx, targets); err != nil {
		if driver.IsConfig(err) {
			return usageErr("%v", err)
		}
		return brokenErr(err)
	}

	// The reruns ask the implementations that were fuzzed (a fake's
	// finding does not show against the mirrors), as they ran.
	rerunImpls := cfg.Impls.ImplsEnv()
	rs := cfg.Impls.Setup()
	rs.Invocation, rs.Vectors = repro.Invocation(), vecDir
	if sel.file != nil {
		rs.Config, rs.ConfigNames = sel.file.Path, sel.file.Names()
	}
	// Each target's summary and findings are printed as it ends: a long
	// campaign's log shows them without waiting for the last target.
	printRun := func(r campaign.Run) {
		fmt.Fprintln(env.Stdout, fuzzSummary(r, impls))
		if r.Unsettled != "" && r.Failing != "" {
			fmt.Fprintf(env.Stdout, "  replay it: %s\n", rs.FuzzReplay(differential.ReplayEnv, rerunImpls, r.Target.Name, filepath.Base(r.Failing)))
		}
		for _, w := range r.Findings {
			if !w.New {
				fmt.Fprintf(env.Stdout, "  finding %s: already a vector (%s)\n", w.ID, w.Path)
				fmt.Fprintf(env.Stdout, "    rerun it: %s\n", rs.Finding(w.ID, rerunImpls))
				continue
			}
			fmt.Fprintf(env.Stdout, "  finding %s: vector %s, Go corpus %s\n", w.ID, filepath.Join(vecDir, w.Path), filepath.Join(workdir, r.Failing))
			fmt.Fprintf(env.Stdout, "    rerun it: %s\n", rs.Finding(w.ID, rerunImpls))
			if r.Failing != "" {
				fmt.Fprintf(env.Stdout, "    and:      %s\n", rs.FuzzReplay(differential.ReplayEnv, rerunImpls, r.Target.Name, filepath.Base(r.Failing)))
			}
		}
	}
	ran, found, unsettled := 0, 0, false
	var runErr error
	for _, t := range targets {
		if ctx.Err() != nil {
			break
		}
		r, err := c.Run(ctx, t)
		if err != nil {
			runErr = brokenErr(err) // the runs before it are reported already
			break
		}
		printRun(r)
		ran++
		found += len(r.Findings)
		unsettled = unsettled || r.Unsettled != ""
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
func pickTargets(o *fuzzOptions) ([]differential.Target, error) {
	var out []differential.Target
	add := func(t differential.Target) {
		for _, x := range out {
			if x.Name == t.Name {
				return
			}
		}
		out = append(out, t)
	}
	for _, name := range splitList(o.targets) {
		t, ok := differential.Lookup(name)
		if !ok {
			return nil, usageErr("unknown target %q (conform fuzz --list)", name)
		}
		add(t)
	}
	for _, c := range splitList(o.contracts) {
		ts := differential.ForContract(c)
		if len(ts) == 0 {
			return nil, usageErr("no fuzz target for contract %q (known: %s)", c, strings.Join(differential.Contracts(), ", "))
		}
		for _, t := range ts {
			add(t)
		}
	}
	if len(out) == 0 && len(o.targets) == 0 && len(o.contracts) == 0 {
		out = append(out, differential.Targets...)
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

// fuzzSummary is a target run's line on stdout: target, contract, time,
// execs, cases, corpus, findings, and who was compared with the reference.
func fuzzSummary(r campaign.Run, impls []string) string {
	rate := func(n int64) string {
		if r.Took <= 0 {
			return "0"
		}
		return strconv.FormatFloat(float64(n)/r.Took.Seconds(), 'f', 0, 64)
	}
	s := fmt.Sprintf("%-16s %-15s %8s  %d execs (%s/s)  %d cases (%s/s)  corpus %d  findings %d",
		r.Target.Name, r.Target.Contract, r.Took.Round(time.Second), r.Stats.Execs, rate(r.Stats.Execs),
		r.Stats.Cases, rate(r.Stats.Cases), r.Progress.Corpus, len(r.Findings))
	if len(impls) == 0 {
		s += "  (go alone)"
	} else {
		s += "  (go vs " + strings.Join(impls, ",") + ")"
	}
	if r.Unsettled != "" {
		s += "  (failed: " + r.Unsettled + ")"
	}
	if r.Interrupted {
		s += "  (interrupted)"
	}
	return s
}

// fuzzStatus renders the engine's state for the progress line: the seeds
// while it runs its seed corpus, minimizing, or its rate and corpus.
func fuzzStatus(p campaign.Progress) string {
	if p.Baseline != "" {
		return "seeds " + p.Baseline
	}
	if p.Minimizing {
		return "minimizing a failing input"
	}
	return fmt.Sprintf("%d execs/s | corpus %d", p.ExecsPerSec, p.Corpus)
}

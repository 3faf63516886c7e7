// Package trial builds each mutant of the Go reference and runs the golden
// vectors through it: the second half of the guard audit (issue 6, "Source
// mutation of the Go reference").
//
// A mutant is built with `go build -overlay`: an overlay file maps the
// original file's absolute path to a mutated copy in a temporary directory,
// so the tree is never copied or touched, and go build's cache rebuilds only
// the mutated package and what depends on it. The main package built is the
// Go reference's harness (cmd/conform-harness), into a temporary binary,
// which is then driven like any mirror: a harness.Client over
// transport.Local, the whole vector set pipelined in one batch.
//
// A mutant is Killed when some vector's answer is not exactly what the
// vector requires (the first such vector, in vector order, is named),
// Timeout when the first such answer is a timeout, Survived when every
// vector passes, CompileError when it does not build, and RuntimeError when
// its harness does not start. Mutants are tried in parallel, Jobs at a time.
package trial

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/harness"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/transport"
	"github.com/conform-dev/conform/internal/vectors"
)

// Status is a mutant's verdict; the values are the mutation-testing-elements
// report's MutantStatus names.
type Status string

// The verdicts a trial gives.
const (
	// Killed: some vector's answer was not the one it requires.
	Killed Status = "Killed"
	// Survived: every vector passed.
	Survived Status = "Survived"
	// Timeout: the first vector that failed got no answer in time.
	Timeout Status = "Timeout"
	// CompileError: the mutant does not build.
	CompileError Status = "CompileError"
	// RuntimeError: the mutant's harness did not start.
	RuntimeError Status = "RuntimeError"
	// Ignored: a survivor declared equivalent (see Declare).
	Ignored Status = "Ignored"
)

// Options shape a trial run.
type Options struct {
	// Root is the module root; Main the main package to build, relative to
	// Root ("./cmd/conform-harness").
	Root string
	Main string
	// Jobs is how many mutants are built and run at once; zero means
	// runtime.NumCPU().
	Jobs int
	// Timeout is the longest silence allowed from a mutant harness that
	// owes an answer; zero means 10 s.
	Timeout time.Duration
	// BuildTimeout bounds one go build; zero means 5 minutes.
	BuildTimeout time.Duration
	// Progress, when set, is told after each mutant how many are done.
	Progress func(done, total int)
}

func (o Options) jobs() int {
	if o.Jobs > 0 {
		return o.Jobs
	}
	return runtime.NumCPU()
}

func (o Options) buildTimeout() time.Duration {
	if o.BuildTimeout > 0 {
		return o.BuildTimeout
	}
	return 5 * time.Minute
}

// Failure is one vector a mutant (or the unmutated build) did not pass.
type Failure struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Source string `json:"source"`
	// Want and Got are one-line answers: `ok (12 bytes)`, `refused "msg"`.
	Want string `json:"want"`
	Got  string `json:"got"`
}

// String is "source name (id): want W, got G".
func (f Failure) String() string {
	return fmt.Sprintf("%s %s (%s): want %s, got %s", f.Source, f.Name, f.ID, f.Want, f.Got)
}

// Outcome is the verdict on one mutant.
type Outcome struct {
	Mutant mutant.Mutant `json:"mutant"`
	Status Status        `json:"status"`
	// KilledBy is the first vector the mutant failed, for Killed and
	// Timeout.
	KilledBy *Failure `json:"killed_by,omitempty"`
	// Killers counts the vectors the mutant failed.
	Killers int `json:"killers"`
	// Detail is the compiler's or the harness's error for CompileError
	// and RuntimeError.
	Detail string `json:"detail,omitempty"`
	// Equivalent is the declaration that says the mutant is equivalent,
	// if one does (see Declare).
	Equivalent *mutant.Equivalent `json:"equivalent,omitempty"`
	// Build and Run are how long building and running took.
	Build time.Duration `json:"build_ns"`
	Run   time.Duration `json:"run_ns"`
}

// Detected reports whether the vectors caught the mutant (Killed or
// Timeout).
func (o Outcome) Detected() bool { return o.Status == Killed || o.Status == Timeout }

// Valid reports whether the mutant counts in a mutation score (NoCoverage
// counts, as a survivor): it built,
// its harness started, and it is not a declared equivalent that survived.
func (o Outcome) Valid() bool {
	return o.Status != CompileError && o.Status != RuntimeError && o.Status != Ignored
}

// WrongDeclaration reports whether o was declared equivalent and the
// vectors killed it anyway: the declaration is wrong.
func (o Outcome) WrongDeclaration() bool { return o.Equivalent != nil && o.Detected() }

// Declare applies the equivalence declarations eqs to outs: a survivor
// that a declaration matches becomes Ignored, a detected one keeps its
// status (WrongDeclaration then reports it). It returns the declarations
// that match no outcome (stale, or outside this run's mutants).
func Declare(outs []Outcome, eqs []mutant.Equivalent) (unmatched []mutant.Equivalent) {
	for _, e := range eqs {
		hit := false
		for i := range outs {
			if !e.Matches(outs[i].Mutant) {
				continue
			}
			hit = true
			e := e
			outs[i].Equivalent = &e
			if outs[i].Undetected() {
				outs[i].Status = Ignored
			}
		}
		if !hit {
			unmatched = append(unmatched, e)
		}
	}
	return unmatched
}

// Build builds the main package with the mutant applied (nil m builds the
// original) into a binary in dir and returns its path. A compile error is
// returned as *BuildError.
func Build(ctx context.Context, opts Options, sources map[string][]byte, m *mutant.Mutant, dir string) (string, error) {
	bin := filepath.Join(dir, "harness")
	ovPath := ""
	if m != nil {
		src, ok := sources[m.File]
		if !ok {
			return "", fmt.Errorf("mutant %s: no source for %s", m.ID, m.File)
		}
		mutated, err := m.Apply(src)
		if err != nil {
			return "", err
		}
		copyPath := filepath.Join(dir, filepath.Base(m.File))
		if err := os.WriteFile(copyPath, mutated, 0o644); err != nil {
			return "", err
		}
		orig, err := filepath.Abs(filepath.Join(opts.Root, filepath.FromSlash(m.File)))
		if err != nil {
			return "", err
		}
		ov, err := json.Marshal(map[string]map[string]string{"Replace": {orig: copyPath}})
		if err != nil {
			return "", err
		}
		ovPath = filepath.Join(dir, "overlay.json")
		if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
			return "", err
		}
	}
	return goBuild(ctx, opts, bin, ovPath)
}

// goBuild builds the main package into bin, with the overlay file ovPath
// when it is not empty. A compile error is returned as *BuildError.
func goBuild(ctx context.Context, opts Options, bin, ovPath string) (string, error) {
	args := []string{"build", "-o", bin}
	if ovPath != "" {
		args = append(args, "-overlay", ovPath)
	}
	args = append(args, opts.Main)
	bctx, cancel := context.WithTimeout(ctx, opts.buildTimeout())
	defer cancel()
	cmd := exec.CommandContext(bctx, "go", args...)
	cmd.Dir = opts.Root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", &BuildError{Output: strings.TrimSpace(out.String()), Err: err}
	}
	return bin, nil
}

// BuildError is a go build that failed: the mutant does not compile.
type BuildError struct {
	Output string
	Err    error
}

// Error is "go build: <exit status>: <compiler output>".
func (e *BuildError) Error() string {
	return fmt.Sprintf("go build: %v: %s", e.Err, e.Output)
}

// check runs cases through the harness binary bin and returns every vector
// it fails, in vector order. An error means the harness did not start.
func check(ctx context.Context, opts Options, bin string, cases []vectors.Case) ([]Failure, bool, error) {
	return checkWith(ctx, opts, transport.Command{Path: bin}, cases)
}

// checkWith is check with the harness command cmd.
func checkWith(ctx context.Context, opts Options, cmd transport.Command, cases []vectors.Case) ([]Failure, bool, error) {
	c := harness.New("mutant", transport.Local{}, cmd, harness.Options{Timeout: opts.Timeout, MaxRestarts: 1})
	defer c.Close()
	if _, err := c.Start(ctx); err != nil {
		return nil, false, err
	}
	return runCases(ctx, c, cases)
}

// runCases runs cases through the started client c and returns every
// vector it fails, in vector order, and whether the first failure is a
// timeout.
func runCases(ctx context.Context, c *harness.Client, cases []vectors.Case) ([]Failure, bool, error) {
	got := c.RunBatch(ctx, jobsOf(cases))
	var fails []Failure
	firstTimeout := false
	for i, cs := range cases {
		if pass(cs, got[i]) {
			continue
		}
		if len(fails) == 0 && got[i].Outcome == impl.Timeout {
			firstTimeout = true
		}
		fails = append(fails, Failure{ID: cs.ID, Name: cs.Name, Source: cs.Source, Want: want(cs), Got: answer(got[i])})
	}
	return fails, firstTimeout, nil
}

func pass(c vectors.Case, r impl.Result) bool {
	switch c.Expect {
	case vectors.ExpectOK:
		return r.Outcome == protocol.OutcomeOK && bytes.Equal(r.Output, c.Output)
	case vectors.ExpectRefused:
		return r.Outcome == protocol.OutcomeRefused && r.Message == c.Message
	}
	return true
}

func want(c vectors.Case) string {
	if c.Expect == vectors.ExpectOK {
		return fmt.Sprintf("ok (%d bytes)", len(c.Output))
	}
	return fmt.Sprintf("refused %q", c.Message)
}

func answer(r impl.Result) string {
	switch r.Outcome {
	case protocol.OutcomeOK:
		return fmt.Sprintf("ok (%d bytes)", len(r.Output))
	case protocol.OutcomeSkipped:
		return fmt.Sprintf("skipped %q", r.Reason)
	}
	msg := r.Message
	if len(msg) > 200 {
		msg = msg[:200] + "..."
	}
	return fmt.Sprintf("%s %q", r.Outcome, msg)
}

// Baseline builds the unmutated main package and runs cases through it. It
// returns the vectors the build fails (none, for a sound vector set and
// reference), or an error when it does not build or start: every verdict
// on a mutant would be meaningless then.
func Baseline(ctx context.Context, opts Options, cases []vectors.Case) ([]Failure, error) {
	dir, err := os.MkdirTemp("", "conform-baseline-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin, err := Build(ctx, opts, nil, nil, dir)
	if err != nil {
		return nil, err
	}
	fails, _, err := check(ctx, opts, bin, cases)
	if err != nil {
		return nil, fmt.Errorf("the unmutated harness did not start: %w", err)
	}
	return fails, nil
}

// Try builds and runs one mutant in a private temporary directory, which
// it removes.
func Try(ctx context.Context, opts Options, sources map[string][]byte, m mutant.Mutant, cases []vectors.Case) Outcome {
	out := Outcome{Mutant: m}
	dir, err := os.MkdirTemp("", "conform-mutant-"+m.ID+"-")
	if err != nil {
		out.Status, out.Detail = RuntimeError, err.Error()
		return out
	}
	defer os.RemoveAll(dir)
	t0 := time.Now()
	bin, err := Build(ctx, opts, sources, &m, dir)
	out.Build = time.Since(t0)
	if err != nil {
		var be *BuildError
		if errors.As(err, &be) {
			out.Status, out.Detail = CompileError, firstLines(be.Output, 5)
		} else {
			out.Status, out.Detail = RuntimeError, err.Error()
		}
		return out
	}
	t1 := time.Now()
	fails, firstTimeout, err := check(ctx, opts, bin, cases)
	out.Run = time.Since(t1)
	out.Status, out.KilledBy, out.Killers, out.Detail = verdict(fails, firstTimeout, err)
	return out
}

// verdict is a mutant's status from the vectors it failed (fails, the
// first of them a timeout when firstTimeout) or the harness's error: the
// first vector that killed it and how many did, or the error's text.
func verdict(fails []Failure, firstTimeout bool, err error) (status Status, killedBy *Failure, killers int, detail string) {
	switch {
	case err != nil:
		return RuntimeError, nil, 0, err.Error()
	case len(fails) == 0:
		return Survived, nil, 0, ""
	case firstTimeout:
		return Timeout, &fails[0], len(fails), ""
	}
	return Killed, &fails[0], len(fails), ""
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

// Run tries every mutant over cases, Jobs at a time, and returns their
// outcomes in the order of mutants. A cancelled ctx leaves the remaining
// mutants out of the result.
func Run(ctx context.Context, opts Options, sources map[string][]byte, mutants []mutant.Mutant, cases []vectors.Case) []Outcome {
	out := make([]Outcome, len(mutants))
	done := make([]bool, len(mutants))
	parallel(ctx, opts.jobs(), len(mutants), opts.Progress, func(_, i int) {
		o := Try(ctx, opts, sources, mutants[i], cases)
		if ctx.Err() == nil {
			out[i], done[i] = o, true
		}
	})
	var kept []Outcome
	for i, o := range out {
		if done[i] {
			kept = append(kept, o)
		}
	}
	return kept
}

// Package cli is conform's command line: one cobra command per verb, each
// with an options struct and a run function. main only calls Main.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/spec/shapes"
)

// Version is conform's version.
const Version = "0.1.0"

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageErr(format string, args ...any) error {
	return &exitError{report.ExitUsage, fmt.Errorf(format, args...)}
}

func brokenErr(err error) error { return &exitError{report.ExitBroken, err} }

// exitCode is an error that is nothing but an exit code: the command has
// already said everything on stdout.
func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return &exitError{code: code}
}

// Env is what a command talks to; tests replace it.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// terminal is the Stderr Main was given, before escaping: the only
	// writer a progress bar (which moves the cursor) may use.
	terminal io.Writer
}

// NewRoot builds the command tree over env.
func NewRoot(env *Env) *cobra.Command {
	root := &cobra.Command{
		Use:           "conform",
		Short:         "Differential conformance of the Go reference and the TypeScript and Python mirrors",
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr("%v", err) })
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		// The row audit sets the variable on its own harnesses; in
		// conform's own process it would mutate the in-process reference,
		// the expectation of every comparison.
		if v, ok := os.LookupEnv(shapes.MutantEnv); ok {
			fmt.Fprintf(env.Stderr, "conform: warning: %s=%q is set: the Go reference in this process runs that row mutant, so its answers are not the contract's (unset it; conform mutate --rows sets it on its own harnesses)\n", shapes.MutantEnv, v)
		}
	}
	root.AddCommand(newRunCmd(env), newEvalCmd(env), newReproCmd(env), newVectorsCmd(env), newReportCmd(env))
	root.AddCommand(newImagesCmd(env))
	root.AddCommand(newMutateCmd(env), newGuardsCmd(env))
	root.AddCommand(newFuzzCmd(env), newCorpusCmd(env))
	root.AddCommand(newDiffCmd(env), newHistoryCmd(env), newDeltaCmd(env))
	return root
}

// errInterrupted is the cause of the context of a command a signal
// interrupted.
var errInterrupted = errors.New("interrupted")

// Grace is how long Main waits, after SIGINT or SIGTERM, for the command
// to stop on its own (close its harnesses, keep a partial report) before
// it returns anyway; a second signal returns at once. A local harness
// still running then dies with conform (transport.Local), a container's
// engine removes it.
const Grace = 5 * time.Second

// Main runs conform with args and returns the process exit code. Errors go
// to stderr; a usage error is exit 2 (report.ExitUsage). Everything the
// commands write to stdout and stderr passes through an escaping writer
// (internal/escape), so that no byte from outside (a harness, a vector, a
// corpus, a file name, a report) acts on a terminal. SIGINT or SIGTERM, in
// any phase of any command, is exit 130 (report.ExitInterrupted) and
// "conform: interrupted" on stderr, whatever the command made of its
// cancelled context; Main waits Grace for the command to stop.
func Main(args []string, env *Env) int {
	out, errw := escape.NewWriter(env.Stdout), escape.NewWriter(env.Stderr)
	defer out.Flush()
	defer errw.Flush()
	wrapped := &Env{Stdin: env.Stdin, Stdout: out, Stderr: errw, terminal: env.Stderr}
	if env.terminal != nil {
		wrapped.terminal = env.terminal
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	done := make(chan int, 1)
	go func() { done <- execute(ctx, args, wrapped) }()
	select {
	case code := <-done:
		if context.Cause(ctx) == errInterrupted {
			return interrupted(errw)
		}
		return code
	case <-sigs:
	}
	cancel(errInterrupted)
	select {
	case <-done:
	case <-sigs:
	case <-time.After(Grace):
		fmt.Fprintf(errw, "conform: still stopping after %s; leaving now\n", Grace)
	}
	return interrupted(errw)
}

func interrupted(w io.Writer) int {
	fmt.Fprintln(w, "conform: interrupted")
	return report.ExitInterrupted
}

// execute runs the command line args and returns its exit code, writing
// its errors to env.Stderr.
func execute(ctx context.Context, args []string, env *Env) int {
	root := NewRoot(env)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	if context.Cause(ctx) == errInterrupted {
		// Whatever the command made of its cancelled context (a failed
		// start, a refused read), it was interrupted: Main says so.
		return report.ExitInterrupted
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(env.Stderr, "conform: %v\n", ee.err)
		}
		return ee.code
	}
	// cobra's own errors (unknown command, bad args) are usage errors.
	fmt.Fprintf(env.Stderr, "conform: %v\n", err)
	return report.ExitUsage
}

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

	"github.com/spf13/cobra"

	"conform/report"
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
	root.AddCommand(newRunCmd(env), newEvalCmd(env), newReproCmd(env), newVectorsCmd(env), newReportCmd(env))
	root.AddCommand(newImagesCmd(env))
	root.AddCommand(newMutateCmd(env), newGuardsCmd(env))
	root.AddCommand(newFuzzCmd(env), newCorpusCmd(env))
	return root
}

// Main runs conform with args and returns the process exit code. Errors go
// to stderr; a usage error is exit 2 (report.ExitUsage).
func Main(args []string, env *Env) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := NewRoot(env)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
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

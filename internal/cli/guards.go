package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/mutation/control"
	"github.com/conform-dev/conform/internal/mutation/inventory"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/runner"
)

// harnessMain is the main package of the Go reference's harness, the one
// mutants are built from and whose refusal sites are listed.
const harnessMain = "./cmd/conform-harness"

type guardsOptions struct {
	implFlags
	contracts  []string
	vectorsDir string
	source     string
	format     string
}

func newGuardsCmd(env *Env) *cobra.Command {
	o := &guardsOptions{}
	cmd := &cobra.Command{
		Use:   "guards",
		Short: "List every guard per contract and implementation, and flag the unproven ones",
		Long: `guards asks each implementation for its closed refusal table (the protocol's
guards request; the Go reference in-process) and lists, per contract, every
guard: its code, its message, which implementations have it, how many
vectors aim at it (and how many of those are tagged grammar), and the Go
reference's refusal sites in the source (file:line, found with go/ast in the
module that holds the current directory, or --source).

It flags every message no vector aims at, every vector whose message no
implementation has, a guard some implementation lacks or lists under another
code, a message listed under two codes, and a Go guard with no refusal site
or a site whose guard the table lacks. The mirrors' refusal sites are not
listed: the protocol exposes their tables, not their source.

Exit codes: 0 no flags; 1 a flag was raised; 2 usage or configuration
error; 3 an implementation failed to start or broke the protocol.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runGuards(cmd, env, o) },
	}
	o.register(cmd, []string{"go", "ts", "python"})
	f := cmd.Flags()
	f.StringSliceVar(&o.contracts, "contract", nil, "list only these contracts")
	f.StringVar(&o.vectorsDir, "vectors", "", "count the vector set in this directory instead of the one compiled in")
	f.StringVar(&o.source, "source", "", "module root to scan for the Go reference's refusal sites (default: the module holding the current directory)")
	f.StringVar(&o.format, "format", "text", "stdout format: text or json")
	return cmd
}

func runGuards(cmd *cobra.Command, env *Env, o *guardsOptions) error {
	if o.format != "text" && o.format != "json" {
		return usageErr("unknown --format %q (text or json)", o.format)
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
	s, err := startImpls(ctx, &o.implFlags, env.Stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	var tables []inventory.Table
	for _, im := range controlImpls(s) {
		gs, err := im.Guards(ctx)
		if err != nil {
			return brokenErr(fmt.Errorf("%s: guards: %w", im.Name(), err))
		}
		tables = append(tables, inventory.Table{Impl: im.Name(), Guards: gs})
	}
	var sites []mutant.Site
	known := false
	if src, err := scanSource(ctx, o.source); err != nil {
		if o.source != "" {
			return usageErr("%v", err)
		}
		fmt.Fprintf(env.Stderr, "conform: Go refusal sites not listed: %v\n", err)
	} else {
		sites, known = src.Sites, true
	}
	inv := inventory.Build(tables, cases, "go", sites, known, o.contracts)
	if o.format == "json" {
		if err := writeJSON(env.Stdout, inv); err != nil {
			return err
		}
	} else {
		inv.WriteText(env.Stdout)
	}
	if inv.Problems() > 0 {
		return exitCode(report.ExitDisagree)
	}
	return nil
}

// controlImpls gives every started implementation its guard-mutation
// controls: the in-process reference through control.Reference, harness
// clients as they are.
func controlImpls(s *started) []control.Impl {
	var out []control.Impl
	for _, im := range s.impls {
		switch x := im.(type) {
		case *runner.Reference:
			out = append(out, control.Reference(x))
		case control.Impl:
			out = append(out, x)
		}
	}
	return out
}

// scanSource finds the module root (dir, or the module holding the current
// directory), checks that it is conform's own module, and scans the Go
// reference's harness for refusal sites and mutants.
func scanSource(ctx context.Context, dir string) (*mutant.Set, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		dir = wd
	}
	root, module, err := mutant.ModuleRoot(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("no source tree (run from conform's source, or pass --source): %w", err)
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path != "" && bi.Main.Path != module {
		return nil, fmt.Errorf("%s holds module %q, not %q (pass --source)", root, module, bi.Main.Path)
	}
	return mutant.Scan(ctx, root, harnessMain)
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

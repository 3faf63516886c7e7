package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"conform/mutation/control"
	"conform/mutation/singlecause"
	"conform/runner"
)

type mutateOptions struct {
	implFlags
	contracts    []string
	probeGrammar bool
}

func newMutateCmd(env *Env) *cobra.Command {
	o := &mutateOptions{}
	cmd := &cobra.Command{
		Use:  "mutate",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runMutate(cmd, env, o) },
	}
	o.register(cmd, []string{"go", "ts", "python"})
	cmd.Flags().StringSliceVar(&o.contracts, "contract", nil, "")
	cmd.Flags().BoolVar(&o.probeGrammar, "probe-grammar", false, "")
	return cmd
}

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

func runMutate(cmd *cobra.Command, env *Env, o *mutateOptions) error {
	set, err := loadCases("", nil, env.Stderr)
	if err != nil {
		return err
	}
	cases, err := filterContracts(set.cases, o.contracts)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	t0 := time.Now()
	s, err := startImpls(ctx, &o.implFlags, env.Stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	fmt.Fprintf(env.Stderr, "started in %v\n", time.Since(t0))
	res := singlecause.AuditAll(ctx, cases, controlImpls(s), singlecause.Options{Contracts: o.contracts, ProbeGrammar: o.probeGrammar})
	singlecause.WriteText(env.Stdout, res)
	return nil
}

func newGuardsCmd(env *Env) *cobra.Command { return &cobra.Command{Use: "guards"} }

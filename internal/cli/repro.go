package cli

import (
	"github.com/spf13/cobra"
)

func newReproCmd(env *Env) *cobra.Command {
	o := &runOptions{format: "text"}
	cmd := &cobra.Command{
		Use:   "repro CASE-ID",
		Short: "Rerun one case on the reference and one or more implementations",
		Long: `repro reruns the case with this id (as printed by run) through the Go
reference and the given implementations, and prints the same matrix, diff
and exit code as run. A corpus case needs the --corpus it came from. The
repro line run prints carries everything that chose what ran: the
transport and, under the container transport, each mirror's image ID
(--image), the vectors and corpus, each outside implementation by its
--impl value (an image by its ID and arguments) or its --config, and
--timeout, --max-restarts and --allow-skips when they were not the
defaults; its paths are absolute, and a line that names an outside
command of the command line starts with cd DIR &&, DIR the directory
conform ran in (the command's words may be relative to it), so that it
runs from any directory.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.only = args
			set, err := loadCases(o.vectorsDir, o.corpora, env.Stderr)
			if err != nil {
				return err
			}
			if len(pick(set.cases, args)) == 0 {
				hint := ""
				if o.vectorsDir == "" {
					// A built conform carries the vectors it was built with;
					// a finding conform fuzz wrote since is only on disk.
					hint = "; a vector added since this conform was built needs --vectors DIR"
				}
				return usageErr("no case %q in the vectors or the given corpora (a corpus case needs its --corpus%s)", args[0], hint)
			}
			return runRun(cmd, env, o)
		},
	}
	o.register(cmd, []string{"go", "ts", "python"})
	cmd.Flags().StringArrayVar(&o.corpora, "corpus", nil, "corpus directory the case came from (repeatable)")
	cmd.Flags().StringVar(&o.vectorsDir, "vectors", "", "the vector directory the case came from, if not the compiled-in set")
	cmd.Flags().StringVar(&o.reportPath, "report", "", "also write the JSONL report to this file")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace an existing --report file")
	cmd.Flags().StringVar(&o.format, "format", "text", "stdout format: text or jsonl")
	cmd.Flags().BoolVar(&o.allowSkips, "allow-skips", false, "do not fail for a case an implementation announced and answered skipped")
	return cmd
}

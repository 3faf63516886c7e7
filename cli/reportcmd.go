package cli

import (
	"os"

	"github.com/spf13/cobra"

	"conform/report"
)

func newReportCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "report FILE",
		Short: "Render a saved JSONL report as text",
		Long: `report reads a JSONL report written by run --report and prints the same
text run prints. It refuses a malformed or incomplete report (no footer),
naming the file and line, and exits with the run's own exit code.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return usageErr("%v", err)
			}
			defer f.Close()
			var s report.Summary
			if err := report.Scan(f, args[0], &s); err != nil {
				return usageErr("%v", err)
			}
			report.RenderText(env.Stdout, &s)
			return exitCode(s.Foot.ExitCode)
		},
	}
}

package cli

import (
	"github.com/spf13/cobra"

	"conform/internal/infile"
	"conform/report"
)

func newReportCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "report FILE",
		Short: "Render a saved JSONL report as text",
		Long: `report reads a JSONL report written by run --report and prints the same
text run prints. It refuses a malformed or incomplete report (no footer),
naming the file and line: a line that is not valid UTF-8, a case line of
an implementation or contract the header does not list, a footer whose
counts or exit code contradict its lines. It exits with the run's own exit
code. Every string of the report is shown escaped (control characters,
bidirectional controls, invalid UTF-8).

Bounds: a line of at most 256 MiB; the file must be a regular file (a
named pipe is refused unopened). The report is read as it streams, in
bounded memory.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			f, err := infile.Open(args[0])
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

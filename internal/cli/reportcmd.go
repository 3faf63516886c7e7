package cli

import (
	"github.com/spf13/cobra"
)

func newReportCmd(env *Env) *cobra.Command {
	o := &reportOptions{}
	cmd := &cobra.Command{
		Use:   "report FILE",
		Short: "Render a saved JSONL report as text, JUnit, markdown, HTML or a badge",
		Long: `report reads a JSONL report written by run --report and renders it: as the
same text run prints (--format text, the default), or as JSONL again, JUnit
XML, a markdown job summary (with --previous, what changed since an earlier
report), one self-contained HTML page, an SVG badge, or shields.io endpoint
JSON (report/README.md, "Renderings"). With --ledger, the run is judged
against that divergence ledger afresh. It refuses a malformed or incomplete
report (no footer), naming the file and line: a line that is not valid UTF-8,
a case line of an implementation or contract the header does not list, a
footer whose counts or exit code contradict its lines. It exits with the
run's own exit code. Every string of the report is shown escaped (control
characters, bidirectional controls, invalid UTF-8).

The text, markdown and HTML renderings group the disagreements by
implementation, outcome, expectation and source, with a count and three
examples each (those the divergence ledger expects folded to one line a
group; --show-expected unfolds them), then detail the first --show N;
--only IMPL/OUTCOME keeps only those (repeatable). A report written with
run --omit-agreeing, without its agreeing rows, is read with what its
omitted line says it left out.

Bounds: a line of at most 256 MiB; the file must be a regular file (a
named pipe is refused unopened). The report is read as it streams, in
bounded memory.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runReport(cmd, env, o, args[0]) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "rendering: "+formatHelp())
	f.StringVarP(&o.out.path, "output", "o", "", "write the rendering to this file (atomically) instead of stdout")
	f.BoolVar(&o.out.force, "force", false, "replace an existing --output file")
	f.StringVar(&o.previous, "previous", "", "an earlier JSONL report: the markdown says what changed since")
	f.StringVar(&o.ledger, "ledger", "", "judge the run against this divergence ledger (ledger/README.md)")
	f.StringVar(&o.vectorsDir, "vectors", "", "the vector set the HTML page takes inputs from (default: the one compiled in)")
	o.shown.register(cmd)
	return cmd
}

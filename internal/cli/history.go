package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report/history"
)

// historyOptions are the flags of conform history.
type historyOptions struct {
	format string
	out    output
	title  string
	last   int
}

func newHistoryCmd(env *Env) *cobra.Command {
	o := &historyOptions{}
	cmd := &cobra.Command{
		Use:   "history FILE",
		Short: "Render a history of runs (one summary line per run) as text, or as an HTML page with a trend chart per contract",
		Long: `history renders a history file, one compact summary line per run that
history append wrote (internal/report/README.md, "History"): as text (the
default), a table of the runs (date, commit, conform version, vector
manifest, exit code, implementation versions as they changed) and per
contract its interop score and each implementation's agreement run by
run; or, with --format html, one self-contained page with a trend chart per
contract (agreement over time per implementation, and the interop score,
an inline SVG; no script, nothing loaded).

It exits 0, or 2 when the file cannot be read: each refusal names the
file and line (a line that is no history line, of a newer or older
format, a date that is no day, a negative count).

Bounds: the file at most 64 MiB, a line at most 1 MiB, 100,000 lines; the
file must be a regular file.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error { return runHistory(env, o, args[0]) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "rendering: text or html")
	f.StringVarP(&o.out.path, "output", "o", "", "write the rendering to this file (atomically) instead of stdout")
	f.BoolVar(&o.out.force, "force", false, "replace an existing --output file")
	f.StringVar(&o.title, "title", "", "the HTML page's title (default: conform history)")
	f.IntVar(&o.last, "last", 0, "render the last N runs only (0: all)")
	cmd.AddCommand(newHistoryAppendCmd(env))
	return cmd
}

// runHistory renders the history file at path as o says.
func runHistory(env *Env, o *historyOptions, path string) error {
	if o.format != "text" && o.format != "html" {
		return usageErr("unknown --format %q (text, html)", o.format)
	}
	if o.last < 0 {
		return usageErr("--last %d: want 0 (all) or more", o.last)
	}
	if err := o.out.check(); err != nil {
		return err
	}
	lines, _, err := history.Read(path)
	if err != nil {
		return usageErr("%v", err)
	}
	if o.last > 0 && len(lines) > o.last {
		lines = lines[len(lines)-o.last:]
	}
	w := o.out.writer(env.Stdout)
	if o.format == "html" {
		err = history.WriteHTML(w, path, o.title, lines)
	} else {
		err = history.WriteText(w, path, lines)
	}
	if err != nil {
		return usageErr("rendering %s: %v", o.format, err)
	}
	return o.out.commit()
}

// historyAppendOptions are the flags of conform history append.
type historyAppendOptions struct {
	report string
	commit string
}

func newHistoryAppendCmd(env *Env) *cobra.Command {
	o := &historyAppendOptions{}
	cmd := &cobra.Command{
		Use:   "append --report RUN.jsonl --commit SHA HISTORY",
		Short: "Append a run's summary line to a history file",
		Long: `append reads a JSONL report of run --report and appends its summary line
to the history file HISTORY, which it creates when there is none: the
run's date (UTC) and start, the commit given, the conform version, the
vector manifest's hash, each implementation's announced version, and per
contract the interop score and each implementation's outcome counts.

It refuses, with exit 2 and the file and line: a report it cannot read (as
conform report refuses one), a history file it cannot read, and a run the
file already holds (the same start and commit). The longer file replaces
the old one atomically, and only while it still holds what was read: a
file changed meanwhile is left as it is.`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error { return runHistoryAppend(env, o, args[0]) },
	}
	f := cmd.Flags()
	f.StringVar(&o.report, "report", "", "the JSONL report of the run (required)")
	f.StringVar(&o.commit, "commit", "", "the commit of the checkout that ran (required)")
	return cmd
}

// runHistoryAppend appends the line of o.report to the history at path.
func runHistoryAppend(env *Env, o *historyAppendOptions, path string) error {
	if o.report == "" || o.commit == "" {
		return usageErr("history append needs --report and --commit")
	}
	if err := history.CheckCommit(o.commit); err != nil {
		return usageErr("--commit: %v", err)
	}
	f, err := infile.Open(o.report)
	if err != nil {
		return usageErr("--report: %v", err)
	}
	defer f.Close()
	line, err := history.FromReport(f, o.report, o.commit)
	if err != nil {
		return usageErr("%v", err)
	}
	n, err := history.Append(path, line)
	if err != nil {
		return usageErr("%v", err)
	}
	fmt.Fprintf(env.Stdout, "%s:%d: the run of %s at %s (exit code %d)\n", path, n, line.Date, line.Commit, line.ExitCode)
	return nil
}

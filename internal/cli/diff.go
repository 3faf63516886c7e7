package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/diff"
)

// diffFormats are the renderings of conform diff.
var diffFormats = []string{"text", "markdown", "json"}

// diffOptions are the flags of conform diff.
type diffOptions struct {
	format string
	out    output
	max    int
}

func newDiffCmd(env *Env) *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff OLD.jsonl NEW.jsonl",
		Short: "Compare two saved JSONL reports: regressions, fixes, what still fails, new and removed cases",
		Long: `diff compares two JSONL reports of run --report, case by case and
implementation by implementation (a case by its id, whether it came from a
corpus, and the implementation's name), and reports:

  regressions    rows that fail in NEW and passed, took no part or were
                 absent in OLD (a new case that fails is one)
  fixed          rows that failed in OLD and agree in NEW
  still failing  rows that fail in both (with both outcomes)
  new cases      rows only NEW has, that do not fail
  removed cases  rows only OLD has
  coverage       rows one report ran and the other skipped unannounced

A row fails when it disagrees (a disagreement the divergence ledger
expects included: its entry and link are shown beside it) or skips a case
its implementation announced. diff also lists the implementations whose
announced versions (or name, runtime, image, contracts) changed between
the headers, the vector manifests, and each contract's interop score (the
share of its cases every implementation agrees on) in both.

--format text (the default), markdown (a job summary) or json (every
entry). It exits 1 when there is any regression, 0 otherwise, and 2 when a
report cannot be read: malformed or incomplete (no footer), or of a
report format this conform does not read (an older or a newer one), each
named by file and line.

Bounds: a report line of at most 256 MiB; each file must be a regular
file. The old report is kept in memory, one small record per row.`,
		Args: cobra.ExactArgs(2),
		RunE: func(_ *cobra.Command, args []string) error { return runDiff(env, o, args[0], args[1]) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "rendering: text, markdown or json")
	f.StringVarP(&o.out.path, "output", "o", "", "write the rendering to this file (atomically) instead of stdout")
	f.BoolVar(&o.out.force, "force", false, "replace an existing --output file")
	f.IntVar(&o.max, "max", diff.DefaultMax, "entries of each class listed by text and markdown (0: all)")
	return cmd
}

// runDiff compares the reports at oldPath and newPath as o says
// (newDiffCmd).
func runDiff(env *Env, o *diffOptions, oldPath, newPath string) error {
	known := false
	for _, f := range diffFormats {
		known = known || f == o.format
	}
	if !known {
		return usageErr("unknown --format %q (text, markdown, json)", o.format)
	}
	if o.max < 0 {
		return usageErr("--max %d: want 0 (all) or more", o.max)
	}
	if err := o.out.check(); err != nil {
		return err
	}
	oldF, err := infile.Open(oldPath)
	if err != nil {
		return usageErr("%v", err)
	}
	defer oldF.Close()
	newF, err := infile.Open(newPath)
	if err != nil {
		return usageErr("%v", err)
	}
	defer newF.Close()
	res, err := diff.Compare(oldF, oldPath, newF, newPath)
	if err != nil {
		return usageErr("%v", err)
	}
	w := o.out.writer(env.Stdout)
	if err := writeDiff(w, o.format, res, o.max); err != nil {
		return usageErr("rendering %s: %v", o.format, err)
	}
	if err := o.out.commit(); err != nil {
		return err
	}
	if res.Regressions() > 0 {
		return exitCode(report.ExitDisagree)
	}
	return nil
}

func writeDiff(w io.Writer, format string, res *diff.Result, limit int) error {
	switch format {
	case "markdown":
		return diff.WriteMarkdown(w, res, limit)
	case "json":
		return diff.WriteJSON(w, res)
	}
	return diff.WriteText(w, res, limit)
}

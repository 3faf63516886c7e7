package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/conform-dev/conform/internal/driver"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/runner"
	"github.com/conform-dev/conform/internal/vectors"
)

type runOptions struct {
	implFlags
	contracts        []string
	vectorsDir       string
	corpora          []string
	failFast         bool
	maxDisagreements int
	reportPath       string
	force            bool
	format           string
	// rerun reruns each disagreement; ledger judges the run against a
	// divergence ledger; previous is the report markdown compares with.
	rerun      int
	ledger     string
	previous   string
	allowSkips bool
	// only restricts the run to these case ids (repro).
	only []string
	// shown says what the rendering shows of the disagreements;
	// omitAgreeing leaves the agreeing rows out of the --report file.
	shown        viewFlags
	omitAgreeing bool
}

func newRunCmd(env *Env) *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run every vector (and corpus) through the reference and the mirrors and compare",
		Long: `run sends every golden vector, and every entry of each --corpus, to the Go
reference and to each mirror, and compares output bytes, refusal messages and
verdicts. It prints a contract x implementation matrix, then each
disagreement with a diff and a one-line reproducer.

A case an implementation announced in its handshake and answered skipped
(or that conform could not send it) was not answered: it is counted apart
from disagreements, shown under the matrix, and fails the run (exit 1)
unless --allow-skips.

--report FILE is written to FILE.*.partial and linked into place at the
end: a FILE that exists, or appears during the run, is never replaced
without --force (the finished report is then kept at the .partial name).
With --omit-agreeing the file leaves out the agreeing rows (for large
corpora): an omitted line before the footer says what it left out, and
the footer still counts every row (report/README.md); the output on
stdout holds every row.

The text, markdown and HTML renderings group the disagreements by
implementation, outcome, expectation and source, with a count and three
examples each (those the divergence ledger expects folded to one line a
group; --show-expected unfolds them), then detail the first --show N;
--only IMPL/OUTCOME keeps only those (repeatable).

Bounds of what run reads (exit 2 naming the bound; README.md "Bounds"): a
vector set's MANIFEST 1 MiB, a vector file 64 MiB, the set 256 MiB and its
expanded inputs 256 MiB; a corpus file 64 MiB (a .gz file's expanded
stream too), 500,000 lines per es6numbers file, 100,000 names per
directory, 500,000 corpus cases in all. A file that is not a regular file
(a named pipe, a device) is refused unopened.

Exit codes: 0 every implementation answered and agreed with every case; 1
a disagreement was found, or a skip of an announced case; 2 usage or
configuration error; 3 an implementation failed to start or broke the
protocol; 130 interrupted (SIGINT or SIGTERM, in any phase).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runRun(cmd, env, o) },
	}
	o.register(cmd, []string{"go", "ts", "python"})
	f := cmd.Flags()
	f.StringSliceVar(&o.contracts, "contract", nil, "run only these contracts ("+strings.Join(contractNames(), ", ")+")")
	f.StringVar(&o.vectorsDir, "vectors", "", "run the vector set in this directory instead of the one compiled in")
	f.StringArrayVar(&o.corpora, "corpus", nil, "also run a corpus directory (repeatable): jcs pairs, es6numbers, JSONTestSuite, or a parent of them")
	f.BoolVarP(&o.failFast, "fail-fast", "x", false, "stop after the first disagreement")
	f.IntVar(&o.maxDisagreements, "max-disagreements", 0, "stop after this many disagreements (0: no bound)")
	f.StringVar(&o.reportPath, "report", "", "write the JSONL report to this file (atomically)")
	f.BoolVar(&o.force, "force", false, "replace an existing --report file")
	f.StringVar(&o.format, "format", "text", "stdout format: "+formatHelp())
	f.IntVar(&o.rerun, "rerun", 0, "rerun each disagreement this many times; a case answered differently is nondeterministic")
	f.StringVar(&o.ledger, "ledger", "", "judge the run against this divergence ledger (ledger/README.md): expected disagreements do not fail it")
	f.StringVar(&o.previous, "previous", "", "an earlier JSONL report: --format markdown says what changed since")
	f.BoolVar(&o.allowSkips, "allow-skips", false, "do not fail the run for cases an implementation announced and answered skipped")
	f.BoolVar(&o.omitAgreeing, "omit-agreeing", false, "leave the agreeing rows out of the --report file (the footer still counts them; for large corpora)")
	o.shown.register(cmd)
	return cmd
}

func runRun(cmd *cobra.Command, env *Env, o *runOptions) error {
	if err := checkFormat(o.format); err != nil {
		return err
	}
	if o.maxDisagreements < 0 || o.rerun < 0 {
		return usageErr("--max-disagreements and --rerun must not be negative")
	}
	view, err := o.shown.view(cmd)
	if err != nil {
		return err
	}
	if o.omitAgreeing && o.reportPath == "" {
		return usageErr("--omit-agreeing leaves agreeing rows out of the --report file: give --report FILE")
	}
	// The ledger may name the outside implementations of this run: the
	// configuration file and --impl say which, before anything starts.
	if err := o.implFlags.resolve(); err != nil {
		return err
	}
	var outside []string
	for _, x := range o.implFlags.outside {
		outside = append(outside, x.Name)
	}
	// --only names implementations of the run: the Go reference, which
	// always runs, and those named.
	run := report.Header{Impls: []report.ImplMeta{{Impl: impl.Reference}}}
	for _, name := range driver.Names(o.implFlags.names) {
		run.Impls = append(run.Impls, report.ImplMeta{Impl: name})
	}
	if err := checkView(run, view); err != nil {
		return err
	}
	led, err := loadLedger(o.ledger, outside...)
	if err != nil {
		return err
	}
	prev, err := loadPrevious(o.previous)
	if err != nil {
		return err
	}
	set, err := loadCases(o.vectorsDir, o.corpora, env.Stderr)
	if err != nil {
		return err
	}
	if err := gateRun(o.vectorsDir, set.cases, env.Stderr); err != nil {
		return err
	}
	cases, err := filterContracts(set.cases, o.contracts)
	if err != nil {
		return err
	}
	if len(o.only) > 0 {
		cases = pick(cases, o.only)
	}
	var file *report.File
	if o.reportPath != "" {
		if file, err = report.Create(o.reportPath, o.force); err != nil {
			return usageErr("--report: %v", err)
		}
	}
	ctx := cmd.Context()
	s, err := startImpls(ctx, &o.implFlags, env.Stderr)
	if err != nil {
		if file != nil {
			file.Abandon()
		}
		return err
	}
	defer s.Close()

	header := report.Header{
		ConformVersion: Version, Protocol: protocol.Version, StartedAt: time.Now().UTC(),
		VectorsSHA256: set.vectorsSHA256, Transport: o.transport, Impls: s.meta, Corpora: set.corpora,
		Contracts: contractsOf(cases), AllowSkips: o.allowSkips,
	}
	// The report file is published first (publishFirst): what conform
	// prints after it, the footer's exit code included, is then the code
	// it exits with, also when publishing fails.
	var printed multiSink
	summary := report.Summary{View: view}
	var whole collector
	switch o.format {
	case "text":
		printed = append(printed, &summary)
	case "jsonl":
		printed = append(printed, report.NewWriter(env.Stdout))
	default:
		printed = append(printed, &whole)
	}
	var last lastFooter
	printed = append(printed, &last)
	var sink runner.Sink = printed
	var published *publishFirst
	if file != nil {
		published = &publishFirst{file: file, out: file, next: printed}
		if o.omitAgreeing {
			published.out = report.LeaveOutAgreeing(file)
		}
		sink = published
	}
	if led != nil {
		sink = led.Sink(sink)
	}
	opts := runner.Options{
		FailFast: o.failFast, MaxDisagreements: o.maxDisagreements, Rerun: o.rerun,
		Repro: reproFor(reproSetup(&o.implFlags, o.vectorsDir, o.allowSkips, s)), Progress: progress(env.terminal, len(cases)),
	}
	runner.Run(ctx, cases, s.impls, header, opts, sink)
	foot := last.f
	switch o.format {
	case "text":
		report.RenderText(env.Stdout, &summary)
	case "jsonl":
	default:
		if err := render(env.Stdout, o.format, whole.rep, renderOptions{previous: prev, vectorsDir: o.vectorsDir, view: view}); err != nil {
			return usageErr("rendering %s: %v", o.format, err)
		}
	}
	if published != nil {
		if published.abandoned != "" {
			fmt.Fprintf(env.Stderr, "conform: the partial report is left at %s\n", published.abandoned)
		} else if published.err != nil {
			return usageErr("--report: %v", published.err)
		}
	}
	return exitCode(foot.ExitCode)
}

// publishFirst writes the events to the report file and passes them on;
// at the footer it publishes the file (Commit, or Abandon for an
// interrupted run) before the footer goes on, and a file it cannot publish
// makes the footer that goes on say exit code 2 (report.ExitUsage), the
// code conform then exits with: what is printed never claims a code
// conform does not exit with. The file keeps the run's own footer.
type publishFirst struct {
	// file is the report file; out is where the events go to it: the
	// file, or what leaves the agreeing rows out of it
	// (report.LeaveOutAgreeing).
	file *report.File
	out  report.Sink
	next runner.Sink
	// err is why the file could not be published; abandoned, the path of
	// an interrupted run's partial report.
	err       error
	abandoned string
}

func (p *publishFirst) Header(h report.Header) {
	p.out.Header(h)
	p.next.Header(h)
}

func (p *publishFirst) Row(r report.Row) {
	p.out.Row(r)
	p.next.Row(r)
}

func (p *publishFirst) Footer(f report.Footer) {
	p.out.Footer(f)
	if f.Stopped == "interrupted" {
		p.abandoned = p.file.Abandon()
	} else if p.err = p.file.Commit(); p.err != nil {
		f.ExitCode = report.ExitUsage
	}
	p.next.Footer(f)
}

func pick(cases []vectors.Case, ids []string) []vectors.Case {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var out []vectors.Case
	for _, c := range cases {
		if want[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

func contractsOf(cases []vectors.Case) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.Contract] {
			seen[c.Contract] = true
			out = append(out, c.Contract)
		}
	}
	return out
}

// progress returns a progress callback drawing a bar on w when w is a
// terminal, and nil otherwise (CI logs get no bar).
func progress(w io.Writer, total int) func(done, total int) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("cases"), progressbar.OptionShowCount(),
		progressbar.OptionShowIts(), progressbar.OptionClearOnFinish())
	return func(done, _ int) { _ = bar.Set(done) }
}

type multiSink []runner.Sink

func (m multiSink) Header(h report.Header) {
	for _, s := range m {
		s.Header(h)
	}
}
func (m multiSink) Row(r report.Row) {
	for _, s := range m {
		s.Row(r)
	}
}
func (m multiSink) Footer(f report.Footer) {
	for _, s := range m {
		s.Footer(f)
	}
}

// contractNames lists the Go reference's contracts, sorted.
func contractNames() []string {
	var names []string
	for name := range (&runner.Reference{}).Implementation().Contracts {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

package cli

import (
	"github.com/spf13/cobra"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
)

// reportOptions are the flags of conform report.
type reportOptions struct {
	format     string
	out        output
	previous   string
	ledger     string
	vectorsDir string
	// shown says what the rendering shows of the disagreements.
	shown viewFlags
}

// runReport renders the saved report at path as o says (newReportCmd).
func runReport(cmd *cobra.Command, env *Env, o *reportOptions, path string) error {
	if err := checkFormat(o.format); err != nil {
		return err
	}
	view, err := o.shown.view(cmd)
	if err != nil {
		return err
	}
	if err := o.out.check(); err != nil {
		return err
	}
	led, err := loadLedger(o.ledger, outsideOf(path)...)
	if err != nil {
		return err
	}
	prev, err := loadPrevious(o.previous)
	if err != nil {
		return err
	}
	f, err := infile.Open(path)
	if err != nil {
		return usageErr("%v", err)
	}
	defer f.Close()
	s := report.Summary{View: view}
	var c collector
	var last report.OmittedSink = &c
	if o.format == "text" {
		last = &s
	}
	var sink report.Sink = last
	if led != nil {
		// The ledger judges the rows; what a report without its agreeing
		// rows left out goes straight to the rendering.
		sink = leftOutTo{unjudged{led.Sink(last)}, last}
	}
	if err := report.Scan(f, path, sink); err != nil {
		return usageErr("%v", err)
	}
	head := c.rep.Header
	if o.format == "text" {
		head = s.Head
	}
	if err := checkView(head, view); err != nil {
		return err
	}
	w := o.out.writer(env.Stdout)
	code := c.rep.Footer.ExitCode
	if o.format == "text" {
		report.RenderText(w, &s)
		code = s.Foot.ExitCode
	} else if err := render(w, o.format, c.rep, renderOptions{previous: prev, vectorsDir: o.vectorsDir, view: view}); err != nil {
		return usageErr("rendering %s: %v", o.format, err)
	}
	if err := o.out.commit(); err != nil {
		return err
	}
	return exitCode(code)
}

// outsideOf returns the outside implementations the report at path lists
// in its header, which its ledger may name; none when the header cannot be
// read (Scan then says why).
func outsideOf(path string) []string {
	f, err := infile.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	h, err := report.ReadHeader(f, path)
	if err != nil {
		return nil
	}
	var names []string
	for _, m := range h.Impls {
		if m.Outside != "" {
			names = append(names, m.Impl)
		}
	}
	return names
}

// leftOutTo passes a report's events to a sink that judges them (the
// divergence ledger's, which needs no row it does not see) and the
// omitted line of a report without its agreeing rows straight to the
// rendering behind it.
type leftOutTo struct {
	report.Sink
	rendering report.OmittedSink
}

func (l leftOutTo) Omitted(o report.Omitted) { l.rendering.Omitted(o) }

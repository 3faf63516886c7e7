package cli

import (
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
}

// runReport renders the saved report at path as o says (newReportCmd).
func runReport(env *Env, o *reportOptions, path string) error {
	if err := checkFormat(o.format); err != nil {
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
	var s report.Summary
	var c collector
	var sink report.Sink = &c
	if o.format == "text" {
		sink = &s
	}
	if led != nil {
		sink = unjudged{led.Sink(sink)}
	}
	if err := report.Scan(f, path, sink); err != nil {
		return usageErr("%v", err)
	}
	w := o.out.writer(env.Stdout)
	code := c.rep.Footer.ExitCode
	if o.format == "text" {
		report.RenderText(w, &s)
		code = s.Foot.ExitCode
	} else if err := render(w, o.format, c.rep, renderOptions{previous: prev, vectorsDir: o.vectorsDir}); err != nil {
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

package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/ledger"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/report/badge"
	"github.com/conform-dev/conform/internal/report/html"
	"github.com/conform-dev/conform/internal/report/junit"
	"github.com/conform-dev/conform/internal/report/markdown"
	"github.com/conform-dev/conform/internal/repro"
	"github.com/conform-dev/conform/internal/vectors"
)

// formats are the renderings of a report, on run's and report's --format
// (report/README.md, "Renderings").
var formats = []string{"text", "jsonl", "junit", "markdown", "html", "badge", "shields"}

func formatHelp() string { return strings.Join(formats, ", ") }

func checkFormat(f string) error {
	for _, x := range formats {
		if x == f {
			return nil
		}
	}
	return usageErr("unknown --format %q (%s)", f, formatHelp())
}

// collector keeps a whole report: the renderings other than text and
// jsonl need every row before they write.
type collector struct{ rep report.Report }

func (c *collector) Header(h report.Header)   { c.rep.Header = h }
func (c *collector) Row(r report.Row)         { c.rep.Rows = append(c.rep.Rows, r) }
func (c *collector) Omitted(o report.Omitted) { c.rep.Omitted = &o }
func (c *collector) Footer(f report.Footer)   { c.rep.Footer = f }

// renderOptions are what a rendering may need besides the report.
type renderOptions struct {
	// previous is an earlier report, for markdown's changes.
	previous *report.Report
	// vectorsDir is the vector set whose inputs the HTML page shows for
	// the cases whose rows lack them ("" for the compiled-in set).
	vectorsDir string
	// view is what markdown and HTML show of the disagreements (--show,
	// --only, --show-expected).
	view report.View
}

// render writes rep in format (one of formats but text, which run and
// report write from their Summary) on w.
func render(w io.Writer, format string, rep report.Report, o renderOptions) error {
	switch format {
	case "jsonl":
		wr := report.NewWriter(w)
		wr.Header(rep.Header)
		for _, r := range rep.Rows {
			wr.Row(r)
		}
		if rep.Omitted != nil {
			wr.Omitted(*rep.Omitted)
		}
		wr.Footer(rep.Footer)
		return wr.Err()
	case "junit":
		return junit.Write(w, rep)
	case "markdown":
		return markdown.WriteView(w, rep, o.previous, o.view)
	case "html":
		return html.Write(w, rep, html.Options{Input: inputLookup(o.vectorsDir), Repro: func(id, impls, corpus string) string {
			return repro.Case(repro.Invocation(), id, impls, o.vectorsDir, corpus)
		}, View: o.view})
	case "badge":
		return badge.SVG(w, rep)
	case "shields":
		return badge.Endpoint(w, rep)
	}
	return fmt.Errorf("no renderer for %q", format)
}

// inputLookup returns the input of a vector by case id, from the vector
// set (the compiled-in one, or dir): a case id is derived from the
// contract, operation and input, so an id found names the same input in
// any set. It returns nil when the set does not load.
func inputLookup(dir string) func(string) ([]byte, bool) {
	fsys, _, err := vectorsFS(dir)
	if err != nil {
		return nil
	}
	files, err := vectors.Load(fsys)
	if err != nil {
		return nil
	}
	inputs := map[string][]byte{}
	for _, c := range vectors.Cases(files) {
		inputs[c.ID] = c.Input
	}
	return func(id string) ([]byte, bool) {
		b, ok := inputs[id]
		return b, ok
	}
}

// output is where a rendering goes: stdout, or with --output a file
// published atomically once the rendering is whole (atomicfile.Write):
// an existing one, or one that appears meanwhile, replaced only with
// --force.
type output struct {
	path  string
	force bool
	buf   bytes.Buffer
}

// check refuses, before any work, an output path that exists without
// --force or is not a regular file.
func (o *output) check() error {
	if o.path == "" {
		return nil
	}
	if err := atomicfile.CheckWritable(o.path, o.force); err != nil {
		return usageErr("--output: %v", err)
	}
	return nil
}

// writer is what the rendering writes to.
func (o *output) writer(stdout io.Writer) io.Writer {
	if o.path == "" {
		return stdout
	}
	return &o.buf
}

// commit publishes the rendering written to a file.
func (o *output) commit() error {
	if o.path == "" {
		return nil
	}
	// Checked again as it is published: a file that appeared during the
	// rendering is kept unless --force.
	if err := atomicfile.Write(o.path, o.buf.Bytes(), o.force); err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// loadLedger reads the ledger a --ledger flag names ("" for none); its
// entries may name the outside implementations given.
func loadLedger(path string, outside ...string) (*ledger.Ledger, error) {
	if path == "" {
		return nil, nil
	}
	l, err := ledger.Load(path, outside...)
	if err != nil {
		return nil, usageErr("--ledger: %v", err)
	}
	return l, nil
}

// loadPrevious reads the report a --previous flag names ("" for none).
func loadPrevious(path string) (*report.Report, error) {
	if path == "" {
		return nil, nil
	}
	f, err := infile.Open(path)
	if err != nil {
		return nil, usageErr("--previous: %v", err)
	}
	defer f.Close()
	rep, err := report.Read(f, path)
	if err != nil {
		return nil, usageErr("--previous: %v", err)
	}
	return &rep, nil
}

// unjudged forgets what a ledger said of a saved run, so that another
// ledger judges it afresh.
type unjudged struct{ next report.Sink }

func (u unjudged) Header(h report.Header) { u.next.Header(h) }
func (u unjudged) Row(r report.Row)       { r.Known = nil; u.next.Row(r) }
func (u unjudged) Footer(f report.Footer) { f.Ledger = nil; u.next.Footer(f) }

// lastFooter keeps the footer of a run as the last sink saw it: after the
// divergence ledger judged it.
type lastFooter struct{ f report.Footer }

func (*lastFooter) Header(report.Header)     {}
func (*lastFooter) Row(report.Row)           {}
func (l *lastFooter) Footer(f report.Footer) { l.f = f }

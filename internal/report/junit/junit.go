// Package junit renders a conform report (the JSONL stream, package
// report) as JUnit XML, the format CI systems read test results in: one
// testsuite per contract and implementation, one testcase per case and
// implementation. A disagreement is a failure whose text holds the diff and
// the reproducer; a skipped row, and a disagreement the divergence ledger
// expects, are skipped; the ledger's expired and stale entries and the
// harnesses' protocol breaks are failures of a testsuite of their own.
//
// Every string from outside conform (names, messages, outputs, paths) goes
// through package display before XML escaping, so the document holds no
// character XML 1.0 forbids and none that reorders what a reader sees.
package junit

import (
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
)

// suites is the document element.
type suites struct {
	XMLName   xml.Name `xml:"testsuites"`
	Name      string   `xml:"name,attr"`
	Tests     int      `xml:"tests,attr"`
	Failures  int      `xml:"failures,attr"`
	Errors    int      `xml:"errors,attr"`
	Skipped   int      `xml:"skipped,attr"`
	Time      string   `xml:"time,attr"`
	Timestamp string   `xml:"timestamp,attr"`
	Suites    []*suite `xml:"testsuite"`
}

type suite struct {
	Name       string     `xml:"name,attr"`
	Tests      int        `xml:"tests,attr"`
	Failures   int        `xml:"failures,attr"`
	Errors     int        `xml:"errors,attr"`
	Skipped    int        `xml:"skipped,attr"`
	Timestamp  string     `xml:"timestamp,attr"`
	Properties []property `xml:"properties>property,omitempty"`
	Cases      []tcase    `xml:"testcase"`
}

type property struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type tcase struct {
	Name      string   `xml:"name,attr"`
	Classname string   `xml:"classname,attr"`
	Failure   *problem `xml:"failure,omitempty"`
	Skipped   *problem `xml:"skipped,omitempty"`
}

type problem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

// Write renders rep as a JUnit XML document on w. The testsuites come in
// the order of the header's contracts, then of its implementations; their
// testcases in the order of the rows. It returns the first write error.
func Write(w io.Writer, rep report.Report) error {
	h, f := rep.Header, rep.Footer
	doc := &suites{Name: "conform", Timestamp: h.StartedAt.UTC().Format(time.RFC3339)}
	if !f.FinishedAt.IsZero() && !h.StartedAt.IsZero() {
		doc.Time = fmt.Sprintf("%.3f", f.FinishedAt.Sub(h.StartedAt).Seconds())
	}
	byKey := map[string]*suite{}
	var order []string
	key := func(contract, im string) string { return contract + "\x00" + im }
	add := func(contract, im string) *suite {
		k := key(contract, im)
		if s := byKey[k]; s != nil {
			return s
		}
		s := &suite{Name: escape.Line(contract + " on " + im), Timestamp: doc.Timestamp}
		for _, m := range h.Impls {
			if m.Impl == im {
				s.Properties = implProperties(m)
			}
		}
		byKey[k] = s
		order = append(order, k)
		return s
	}
	for _, c := range h.Contracts {
		for _, m := range h.Impls {
			add(c, m.Impl)
		}
	}
	for _, r := range rep.Rows {
		s := add(r.Contract, r.Impl)
		s.Cases = append(s.Cases, testcase(r))
	}
	for _, k := range order {
		if s := byKey[k]; len(s.Cases) > 0 {
			doc.Suites = append(doc.Suites, s)
		}
	}
	if run := runSuite(f, doc.Timestamp); run != nil {
		doc.Suites = append(doc.Suites, run)
	}
	for _, s := range doc.Suites {
		s.Tests = len(s.Cases)
		for _, c := range s.Cases {
			if c.Failure != nil {
				s.Failures++
			}
			if c.Skipped != nil {
				s.Skipped++
			}
		}
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Skipped += s.Skipped
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// implProperties describes an implementation as it said in its handshake.
func implProperties(m report.ImplMeta) []property {
	ps := []property{
		{"implementation", m.Name}, {"version", m.Version}, {"language", m.Language + " " + m.LanguageVersion},
		{"runtime", m.Runtime + " " + m.RuntimeVersion}, {"transport", m.Transport},
	}
	if m.Image != "" {
		ps = append(ps, property{"image", m.Image}, property{"image_id", m.ImageID})
	}
	if p := m.Provenance(); p != "" {
		ps = append(ps, property{"outside", p})
	}
	for i := range ps {
		ps[i].Value = escape.Line(ps[i].Value)
	}
	return ps
}

// testcase is one row: passed when it agrees, skipped when it was skipped
// or the ledger expects its disagreement, failed otherwise.
func testcase(r report.Row) tcase {
	c := tcase{
		Name:      escape.Line(fmt.Sprintf("%s [%s]", r.Name, r.Case)),
		Classname: escape.Line(r.Contract + " " + r.Op),
	}
	switch {
	case r.Outcome == report.Skipped:
		c.Skipped = &problem{Message: escape.Line("skipped: " + r.Got.Reason)}
	case !r.Outcome.Disagrees():
	case r.Known != nil:
		c.Skipped = &problem{
			Message: escape.Line(fmt.Sprintf("expected %s (divergence ledger %s, %s, until %s)", r.Outcome, r.Known.Entry, r.Known.Link, r.Known.Expires)),
			Body:    body(r),
		}
	default:
		c.Failure = &problem{Message: escape.Line(summary(r)), Type: string(r.Outcome), Body: body(r)}
	}
	return c
}

// summary is a failure's one-line message.
func summary(r report.Row) string {
	switch r.Outcome {
	case report.WrongMessage, report.UnknownMessage, report.AcceptedShouldRefuse, report.RefusedShouldAccept, report.WrongOutput:
		return fmt.Sprintf("%s (expected by %s)", r.Outcome, r.ExpectedBy)
	case report.Nondeterministic:
		return fmt.Sprintf("nondeterministic: %d reruns answered differently", len(r.Reruns))
	}
	return fmt.Sprintf("%s: %s", r.Outcome, escape.Clip(r.Got.Message, 200))
}

// body is a disagreement's text: the case, its input, the diff, the
// reruns, the trace and the reproducer.
func body(r report.Row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s [%s] on %s: %s\n", r.Contract, r.Op, r.Name, r.Case, r.Impl, r.Outcome)
	fmt.Fprintf(&b, "source: %s\n", r.Source)
	if r.Input != nil {
		fmt.Fprintf(&b, "input: %s\n", escape.Clip(fmt.Sprintf("%q", r.Input), 2000))
		fmt.Fprintf(&b, "input (hex): %s\n", escape.Clip(fmt.Sprintf("%x", r.Input), 2000))
	}
	fmt.Fprintf(&b, "expected by %s; diff (-expected +got):\n%s", r.ExpectedBy, report.Diff(r))
	for i, a := range r.Reruns {
		fmt.Fprintf(&b, "rerun %d: %s\n", i+1, report.AnswerLine(a))
	}
	if r.Got.Trace != "" {
		fmt.Fprintf(&b, "trace:\n%s\n", escape.Clip(r.Got.Trace, 4000))
	}
	if r.Repro != "" {
		fmt.Fprintf(&b, "repro: %s\n", r.Repro)
	}
	return escape.Text(b.String())
}

// runSuite is the testsuite of what fails a run besides its rows: each
// protocol break, and each expired or stale ledger entry. It is nil when
// there is none.
func runSuite(f report.Footer, ts string) *suite {
	s := &suite{Name: "conform run", Timestamp: ts}
	for im, breaks := range sorted(f.Breaks) {
		for i, b := range breaks {
			s.Cases = append(s.Cases, tcase{Name: escape.Line(fmt.Sprintf("%s protocol break %d", im, i+1)), Classname: "harness",
				Failure: &problem{Message: escape.Line(b), Type: "protocol-break"}})
		}
	}
	if l := f.Ledger; l != nil {
		for _, e := range l.Expired {
			s.Cases = append(s.Cases, tcase{Name: escape.Line(e), Classname: "ledger",
				Failure: &problem{Message: escape.Line("expired entry: " + e), Type: "ledger-expired"}})
		}
		for _, e := range l.Stale {
			s.Cases = append(s.Cases, tcase{Name: escape.Line(e), Classname: "ledger",
				Failure: &problem{Message: escape.Line("stale entry: " + e), Type: "ledger-stale"}})
		}
	}
	if len(s.Cases) == 0 {
		return nil
	}
	return s
}

// sorted yields m's entries in key order.
func sorted(m map[string][]string) func(func(string, []string) bool) {
	return func(yield func(string, []string) bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

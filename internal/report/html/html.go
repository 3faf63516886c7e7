// Package html renders a conform report (the JSONL stream, package report)
// as one self-contained HTML page, the way JSONTestSuite's results page
// shows parsers side by side: the matrix of contract x implementation
// counts, a table of the disagreements grouped by implementation,
// outcome, expectation and source (report.Grouper; the groups the
// divergence ledger expects folded, Options.View), then the cases
// grouped by identical behaviour across the implementations (the outcome
// each gave), filterable by contract, outcome and implementation. A case
// with a disagreement, or with a skip its implementation announced, is
// listed whole: it opens its input (text and hex), the expected answer,
// every implementation's answer (with the reruns of a nondeterministic
// one and the ledger entry that expects a divergence) and the
// reproducers. Every other case (agreement, and skips
// of what an implementation never announced) is only counted, by
// contract and behaviour, so that the page of a large clean run stays
// small; the JSONL report holds each of them.
//
// The page loads nothing: its style and script are inline, and a Content
// Security Policy allows no script but its own (by hash), no connection
// and no resource from anywhere. The report's data travels as JSON in a
// non-executed script element, with <, > and & escaped, and every string
// from outside conform goes through package escape first; the script
// builds the page with DOM text nodes only, never from markup. So no
// case input, message or harness name can run script or change the page.
package html

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	htmlesc "html"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/report"
)

// MaxBytes bounds the bytes of one input or output the page shows (as
// text and as hex); the JSONL report holds them whole.
const MaxBytes = 32 << 10

//go:embed page.js
var script string

//go:embed page.css
var style string

// Options are what the page shows beyond the report itself.
type Options struct {
	// Title heads the page; empty means "conform report".
	Title string
	// Input returns the input bytes of a case the page lists when the
	// report lacks them (a report records the input of disagreeing rows
	// only; a case listed for an announced skip alone has none): the CLI
	// looks the case up in the vector set by id. Nil, or false, shows that
	// the input is not recorded. It is not asked about the cases the page
	// only counts.
	Input func(caseID string) ([]byte, bool)
	// Repro returns the reproducer of a listed case on the implementations
	// impls (names joined by commas), from the corpus root corpus ("" for
	// a vector): the page shows it for a case whose rows recorded none (a
	// case listed for an announced skip alone). Nil leaves such a case
	// without one.
	Repro func(caseID, impls, corpus string) string
	// View says which disagreements the table of groups holds (Only) and
	// whether the groups the divergence ledger expects start unfolded
	// (ShowExpected); the page lists every case whatever its Show.
	View report.View
}

// Write renders rep as an HTML page on w: the cases with a disagreeing
// row or an announced skip whole, the others as counts by contract and
// behaviour, every list of the page's data [] when empty. It returns the
// first write error, or an error encoding the data.
func Write(w io.Writer, rep report.Report, opts Options) error {
	data, err := json.Marshal(build(rep, opts))
	if err != nil {
		return err
	}
	// json.Marshal escapes <, > and & (and U+2028, U+2029) in strings, so
	// nothing in data can end the script element that holds it.
	title := opts.Title
	if title == "" {
		title = "conform report"
	}
	sum := sha256.Sum256([]byte(script))
	csp := "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<title>" + htmlesc.EscapeString(escape.Line(title)) + "</title>\n")
	b.WriteString("<style>\n" + style + "</style>\n</head>\n<body>\n")
	b.WriteString("<h1>" + htmlesc.EscapeString(escape.Line(title)) + "</h1>\n")
	b.WriteString("<noscript><p>This report is drawn by its own inline script; the JSON it draws from is in the element #conform-data.</p></noscript>\n")
	b.WriteString("<main id=\"report\"></main>\n")
	b.WriteString("<script type=\"application/json\" id=\"conform-data\">")
	b.Write(data)
	b.WriteString("</script>\n<script>")
	b.WriteString(script)
	b.WriteString("</script>\n</body>\n</html>\n")
	_, err = w.Write(b.Bytes())
	return err
}

// page is the data the script draws. Every list the script iterates is
// empty, never null, when there is nothing in it (build).
type page struct {
	Meta      [][2]string `json:"meta"`
	Impls     []implInfo  `json:"impls"`
	Contracts []string    `json:"contracts"`
	Outcomes  []string    `json:"outcomes"`
	// Disagreeing are the outcomes that disagree (report.Outcome's
	// Disagrees): the page's script reads them rather than know them.
	Disagreeing []string `json:"disagreeing"`
	// Cases are the cases listed whole: those with a disagreeing row or
	// an announced skip (listed).
	Cases []pcase `json:"cases"`
	// Counted are the other cases, as counts of the cases of one
	// contract that behaved alike.
	Counted []counted `json:"counted"`
	Notices []string  `json:"notices"`
	// Interop is each contract's interop score (report.InteropOf), as
	// "A/T (P)", by the contract's name as Contracts holds it.
	Interop map[string]string `json:"interop"`
	Ledger  bool              `json:"ledger"`
	Exit    int               `json:"exit"`
	// Groups are the disagreements Options.View selects, grouped by
	// implementation, outcome, expectation and source (report.Grouper),
	// GroupsTotal their rows and GroupsOverflow the rows of groups beyond
	// report.MaxGroups; Only is the view's --only ("" for none),
	// Disagreements the run's, ShowExpected whether the groups the ledger
	// expects start unfolded.
	Groups         []pgroup `json:"groups"`
	GroupsTotal    int      `json:"groupsTotal"`
	GroupsOverflow int      `json:"groupsOverflow"`
	Only           string   `json:"only"`
	Disagreements  int      `json:"disagreements"`
	ShowExpected   bool     `json:"showExpected"`
	// LeftOut counts, by contract and implementation, the agreeing rows a
	// report without them (report.Report.Omitted) left out that no entry
	// of Cases or Counted stands for (none, in a report conform wrote):
	// the matrix adds them. LeftOutNote says the report left rows out (""
	// when it did not).
	LeftOut     map[string]map[string]int `json:"leftOut"`
	LeftOutNote string                    `json:"leftOutNote"`
}

// pgroup is a group of disagreements as the page shows it.
type pgroup struct {
	Impl     string `json:"impl"`
	Outcome  string `json:"outcome"`
	Expected string `json:"expected"`
	Source   string `json:"source"`
	Rows     int    `json:"rows"`
	// Known is the ledger entry that expects the group's rows, "" for
	// rows no entry expects.
	Known    string     `json:"known"`
	Examples []pexample `json:"examples"`
}

// pexample is an example row of a group.
type pexample struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Where string `json:"where"`
	Got   string `json:"got"`
}

// counted is how many cases of a contract, not listed, had these rows.
type counted struct {
	Contract string `json:"contract"`
	// Rows holds one entry per implementation of the header, in its
	// order, with its outcome only; nil where the implementation has no
	// row for these cases.
	Rows  []*prow `json:"rows"`
	Cases int     `json:"cases"`
}

type implInfo struct {
	Impl  string `json:"impl"`
	Label string `json:"label"`
}

type pcase struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Contract string `json:"contract"`
	Op       string `json:"op"`
	Source   string `json:"source"`
	By       string `json:"by"`
	// Input is nil when the report does not hold the case's input and
	// Options.Input does not know it.
	Input    *bytesV `json:"input"`
	Expected answer  `json:"expected"`
	// Repro reruns the case on every implementation; set when no row
	// recorded a reproducer of its own.
	Repro string `json:"repro,omitempty"`
	// Rows holds one entry per implementation of the header, in its
	// order; nil where the implementation has no row for the case.
	Rows []*prow `json:"rows"`
}

type prow struct {
	Outcome string   `json:"outcome"`
	Known   string   `json:"known,omitempty"`
	Got     *answer  `json:"got,omitempty"`
	Reruns  []answer `json:"reruns,omitempty"`
	Repro   string   `json:"repro,omitempty"`
}

type answer struct {
	Outcome string  `json:"outcome"`
	Output  *bytesV `json:"output,omitempty"`
	Message string  `json:"message,omitempty"`
	Trace   string  `json:"trace,omitempty"`
	Reason  string  `json:"reason,omitempty"`
}

// bytesV is bytes as the page shows them: as display text, and as hex.
type bytesV struct {
	Text string `json:"text"`
	Hex  string `json:"hex"`
	Len  int    `json:"len"`
}

func bytesOf(b []byte) *bytesV {
	v := &bytesV{Len: len(b)}
	shown := b
	if len(shown) > MaxBytes {
		shown = shown[:MaxBytes]
	}
	v.Text, v.Hex = escape.Text(string(shown)), hex.EncodeToString(shown)
	return v
}

func answerOf(a report.Answer) answer {
	x := answer{Outcome: escape.Line(a.Outcome), Message: escape.Text(a.Message), Trace: escape.Text(escape.Clip(a.Trace, MaxBytes)), Reason: escape.Line(a.Reason)}
	if a.Outcome == "ok" {
		x.Output = bytesOf(a.Output)
	}
	return x
}

func same(a, b report.Answer) bool {
	return a.Outcome == b.Outcome && bytes.Equal(a.Output, b.Output) && a.Message == b.Message && a.Trace == "" && a.Reason == ""
}

// listed reports whether the page lists a case whole rather than only
// counting it: when one of its rows disagrees, or is a skip of a case its
// implementation announced (what fails a run, beside its notices).
func listed(h report.Header, r report.Row) bool {
	return r.Outcome.Disagrees() || report.Announced(h, r)
}

// build gathers the report's rows into cases, in the order they first
// appear, each with a row per implementation: the cases listed whole, and
// the counts of the others by contract and behaviour.
func build(rep report.Report, opts Options) page {
	h, f := rep.Header, rep.Footer
	p := page{Meta: [][2]string{}, Impls: []implInfo{}, Contracts: []string{}, Outcomes: []string{}, Disagreeing: []string{}, Cases: []pcase{},
		Counted: []counted{}, Notices: []string{}, Interop: map[string]string{}, Exit: f.ExitCode, Ledger: f.Ledger != nil,
		Groups: []pgroup{}, Only: escape.Line(opts.View.OnlyString()), Disagreements: f.Disagreements, ShowExpected: opts.View.ShowExpected,
		LeftOut: map[string]map[string]int{}}
	groupsOf(&p, rep, opts.View)
	for c, s := range report.InteropOf(rep) {
		p.Interop[escape.Line(c)] = s.String()
	}
	meta := [][2]string{
		{"conform", h.ConformVersion}, {"started", h.StartedAt.UTC().Format(time.RFC3339)},
		{"finished", f.FinishedAt.UTC().Format(time.RFC3339)}, {"transport", h.Transport},
		{"vectors manifest", h.VectorsSHA256}, {"exit code", itoa(f.ExitCode)},
	}
	for _, c := range h.Corpora {
		meta = append(meta, [2]string{"corpus", c.Path + ": " + itoa(c.Cases) + " cases (" + strings.Join(c.Layouts, ", ") + ")"})
	}
	for _, m := range meta {
		p.Meta = append(p.Meta, [2]string{escape.Line(m[0]), escape.Line(m[1])})
	}
	implAt := map[string]int{}
	addImpl := func(name, label string) {
		if _, ok := implAt[name]; !ok {
			implAt[name] = len(p.Impls)
			p.Impls = append(p.Impls, implInfo{Impl: escape.Line(name), Label: escape.Line(label)})
		}
	}
	for _, m := range h.Impls {
		label := m.Impl + ": " + m.Name + " " + m.Version + " (" + m.Language + " " + m.LanguageVersion + ", " + m.Runtime + " " + m.RuntimeVersion + ", " + m.Transport
		if m.Image != "" {
			label += ", image " + m.Image
		}
		label += ")"
		if p := m.Provenance(); p != "" {
			label += "; " + p
		}
		addImpl(m.Impl, label)
	}
	for _, r := range rep.Rows {
		addImpl(r.Impl, r.Impl)
	}
	for _, o := range report.Outcomes {
		p.Outcomes = append(p.Outcomes, string(o))
		if o.Disagrees() {
			p.Disagreeing = append(p.Disagreeing, string(o))
		}
	}
	// First the cases the page lists whole, and the contracts in the
	// order they appear.
	whole := map[string]bool{}
	contracts := map[string]bool{}
	for _, r := range rep.Rows {
		if listed(h, r) {
			whole[r.Case] = true
		}
		if !contracts[r.Contract] {
			contracts[r.Contract] = true
			p.Contracts = append(p.Contracts, escape.Line(r.Contract))
		}
	}
	at := map[string]int{}
	// idOf and corpusOf are each listed case's id and corpus root as the
	// report has them, unescaped, to look it up by.
	var idOf, idContract []string
	corpusOf := map[string]string{}
	// The outcomes of each case only counted, by implementation, and its
	// contract, in the order the cases first appear.
	type tally struct {
		contract string
		outcomes []string
	}
	tallies := map[string]*tally{}
	var tallied []string
	for _, r := range rep.Rows {
		if !whole[r.Case] {
			t := tallies[r.Case]
			if t == nil {
				t = &tally{contract: r.Contract, outcomes: make([]string, len(p.Impls))}
				tallies[r.Case] = t
				tallied = append(tallied, r.Case)
			}
			t.outcomes[implAt[r.Impl]] = string(r.Outcome)
			continue
		}
		i, ok := at[r.Case]
		if !ok {
			i = len(p.Cases)
			at[r.Case] = i
			c := pcase{ID: escape.Line(r.Case), Name: escape.Line(r.Name), Contract: escape.Line(r.Contract), Op: escape.Line(r.Op),
				Source: escape.Line(r.Source), By: escape.Line(r.ExpectedBy), Expected: answerOf(r.Expected)}
			if c.Expected.Outcome == "refused" && r.Expected.Message == "" {
				c.Expected.Message = "(any message)"
			}
			c.Rows = make([]*prow, len(p.Impls))
			idOf = append(idOf, r.Case)
			idContract = append(idContract, r.Contract)
			corpusOf[r.Case] = r.Corpus
			p.Cases = append(p.Cases, c)
		}
		c := &p.Cases[i]
		if c.Input == nil && r.Input != nil {
			c.Input = bytesOf(r.Input)
		}
		row := &prow{Outcome: string(r.Outcome), Repro: escape.Line(r.Repro)}
		if !same(r.Expected, r.Got) {
			g := answerOf(r.Got)
			row.Got = &g
		}
		for _, a := range r.Reruns {
			row.Reruns = append(row.Reruns, answerOf(a))
		}
		if r.Known != nil {
			row.Known = escape.Line(r.Known.Entry + " (" + r.Known.Link + ", until " + r.Known.Expires + ")")
		}
		c.Rows[implAt[r.Impl]] = row
	}
	// A report without its agreeing rows: conform writes the rows of a
	// case on every implementation together (a run that stops early stops
	// after a whole case), so a row a case lacks is an agreeing one left
	// out, and the cases left out whole agreed on every implementation.
	// What that does not account for (in a report conform did not write)
	// the matrix adds (LeftOut). leftWhole are the cases left out whole,
	// by contract: their tally (every implementation agreed), and how
	// many.
	type left struct {
		t     *tally
		cases int
	}
	var leftWhole []left
	if o := rep.Omitted; o != nil {
		p.LeftOutNote = escape.Line("The report leaves out its " + itoa(o.Total()) + " agreeing rows (run --omit-agreeing): the matrix counts them, the groups of behaviour show the cases they were of.")
		filled := map[string]map[string]int{}
		fill := func(contract string, rows func(k int) bool) {
			for _, im := range h.Impls {
				if rows(implAt[im.Impl]) {
					if filled[contract] == nil {
						filled[contract] = map[string]int{}
					}
					filled[contract][im.Impl]++
				}
			}
		}
		for i := range p.Cases {
			c := &p.Cases[i]
			fill(idContract[i], func(k int) bool {
				if c.Rows[k] == nil {
					c.Rows[k] = &prow{Outcome: string(report.Agree)}
					return true
				}
				return false
			})
		}
		for _, id := range tallied {
			t := tallies[id]
			fill(t.contract, func(k int) bool {
				if t.outcomes[k] == "" {
					t.outcomes[k] = string(report.Agree)
					return true
				}
				return false
			})
		}
		for _, contract := range sortedKeys(o.Contracts) {
			oc := o.Contracts[contract]
			if !contracts[contract] {
				contracts[contract] = true
				p.Contracts = append(p.Contracts, escape.Line(contract))
			}
			if oc.Cases > 0 {
				t := tally{contract: contract, outcomes: make([]string, len(p.Impls))}
				for _, im := range h.Impls {
					t.outcomes[implAt[im.Impl]] = string(report.Agree)
				}
				leftWhole = append(leftWhole, left{&t, oc.Cases})
			}
			for impl, n := range oc.Rows {
				if n -= filled[contract][impl] + oc.Cases; n != 0 {
					if p.LeftOut[escape.Line(contract)] == nil {
						p.LeftOut[escape.Line(contract)] = map[string]int{}
					}
					p.LeftOut[escape.Line(contract)][escape.Line(impl)] = n
				}
			}
		}
	}
	type behaviour struct{ contract, outcomes string }
	countAt := map[behaviour]int{}
	all := make([]left, 0, len(tallied)+len(leftWhole))
	for _, id := range tallied {
		all = append(all, left{tallies[id], 1})
	}
	all = append(all, leftWhole...)
	for _, l := range all {
		t := l.t
		key := behaviour{t.contract, fmt.Sprintf("%q", t.outcomes)}
		i, ok := countAt[key]
		if !ok {
			i = len(p.Counted)
			countAt[key] = i
			g := counted{Contract: escape.Line(t.contract), Rows: make([]*prow, len(t.outcomes))}
			for k, o := range t.outcomes {
				if o != "" {
					g.Rows[k] = &prow{Outcome: o}
				}
			}
			p.Counted = append(p.Counted, g)
		}
		p.Counted[i].Cases += l.cases
	}
	// A case listed for an announced skip alone has no input in the
	// report: the vector set may know it.
	if opts.Input != nil {
		for i := range p.Cases {
			c := &p.Cases[i]
			if c.Input == nil {
				if in, ok := opts.Input(idOf[i]); ok {
					c.Input = bytesOf(in)
				}
			}
		}
	}
	if opts.Repro != nil {
		var impls []string
		for _, im := range p.Impls {
			impls = append(impls, im.Impl)
		}
		all := strings.Join(impls, ",")
		for i := range p.Cases {
			c := &p.Cases[i]
			if !slices.ContainsFunc(c.Rows, func(r *prow) bool { return r != nil && r.Repro != "" }) {
				c.Repro = escape.Line(opts.Repro(idOf[i], all, corpusOf[idOf[i]]))
			}
		}
	}
	for _, im := range sortedKeys(f.Breaks) {
		for _, b := range f.Breaks[im] {
			p.Notices = append(p.Notices, escape.Line("protocol break of "+im+": "+b))
		}
	}
	if len(f.Quarantined) > 0 {
		p.Notices = append(p.Notices, escape.Line("quarantined: "+strings.Join(f.Quarantined, ", ")))
	}
	if l := f.Ledger; l != nil {
		p.Notices = append(p.Notices, escape.Line("divergence ledger "+l.File+": "+itoa(l.Expected)+" expected, "+itoa(l.Unexpected)+" unexpected disagreements"))
		for _, e := range l.Expired {
			p.Notices = append(p.Notices, escape.Line("expired ledger entry: "+e))
		}
		for _, e := range l.Stale {
			p.Notices = append(p.Notices, escape.Line("stale ledger entry: "+e))
		}
	}
	if f.Stopped != "" {
		p.Notices = append(p.Notices, escape.Line("stopped early: "+f.Stopped))
	}
	return p
}

// groupsOf puts the disagreements view v selects in p, grouped
// (report.GroupsOf), every string escaped.
func groupsOf(p *page, rep report.Report, v report.View) {
	g := report.GroupsOf(rep, v)
	p.GroupsTotal, p.GroupsOverflow = g.Total, g.Overflow
	for _, gr := range g.Groups() {
		x := pgroup{Impl: escape.Line(gr.Impl), Outcome: escape.Line(string(gr.Outcome)), Expected: escape.Line(gr.ExpectedLabel()),
			Source: escape.Line(gr.SourceLabel()), Rows: gr.Rows, Examples: []pexample{}}
		if k := gr.Known; k != nil {
			x.Known = escape.Line(k.Entry + " (" + k.Link + ", until " + k.Expires + ")")
		}
		for _, r := range gr.Examples {
			x.Examples = append(x.Examples, pexample{ID: escape.Line(r.Case), Name: escape.Line(r.Name),
				Where: escape.Line(report.ExampleWhere(gr.GroupKey, r)), Got: escape.Clip(escape.Line(report.AnswerLine(r.Got)), 300)})
		}
		p.Groups = append(p.Groups, x)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

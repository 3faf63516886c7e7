// Package diff compares two conform reports (the JSONL stream, package
// report) of the same suite, case by case and implementation by
// implementation: what regressed, what was fixed, what still fails, which
// cases are new or gone, which implementations changed their announced
// versions, and how each contract's interop score moved. `conform diff`
// renders its Result as text, markdown or JSON.
//
// A row's state is one of: pass (it agreed), fail (it disagreed, the
// divergence ledger's expected disagreements included, or it skipped a
// case its implementation announced: no pass), unrun (a skip of a case
// the implementation did not announce: it takes no part) and absent (the
// report has no such row). A row is matched across the reports by its
// case id, its implementation and whether it came from a corpus; a case
// the same run holds more than once (the same input in two corpus files)
// is matched occurrence by occurrence, in the reports' order.
package diff

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"time"

	"github.com/conform-dev/conform/internal/report"
)

// Class names how one case and implementation changed between the old
// report and the new.
type Class string

// The classes of a change. Unchanged rows (a pass, an unrun row, in both)
// are only counted.
const (
	// Regression: the row fails in the new report, and passed, took no
	// part or was absent in the old (a new case that fails is one too).
	Regression Class = "regression"
	// Fixed: the row failed in the old report and passes in the new.
	Fixed Class = "fixed"
	// StillFailing: the row fails in both, with the same outcome or not.
	StillFailing Class = "still-failing"
	// NewCase: the row is absent from the old report and does not fail in
	// the new.
	NewCase Class = "new-case"
	// RemovedCase: the row is in the old report and absent from the new.
	RemovedCase Class = "removed-case"
	// Coverage: the row took part in one report and not in the other
	// (its implementation announced the case in one handshake only), and
	// fails in neither the way a regression does: a failure that became
	// unrun, a pass that became unrun, an unrun row that now passes.
	Coverage Class = "coverage"
)

// Classes lists every Class in the order the renderings show them.
var Classes = []Class{Regression, Fixed, StillFailing, NewCase, RemovedCase, Coverage}

// Title returns the class as a heading says it, plural: "regressions".
func (c Class) Title() string {
	switch c {
	case Regression:
		return "regressions"
	case Fixed:
		return "fixed"
	case StillFailing:
		return "still failing"
	case NewCase:
		return "new cases"
	case RemovedCase:
		return "removed cases"
	case Coverage:
		return "coverage changes"
	}
	return string(c)
}

// Entry is one case and implementation whose state changed, or that
// fails in both reports.
type Entry struct {
	Class    Class  `json:"class"`
	Case     string `json:"case"`
	Name     string `json:"name"`
	Contract string `json:"contract"`
	Op       string `json:"op"`
	Impl     string `json:"impl"`
	// Source is where the case came from, in the new report (in the old
	// for a removed case).
	Source string `json:"source"`
	// Old and New are the row's outcomes in each report; empty when the
	// report has no such row.
	Old report.Outcome `json:"old,omitempty"`
	New report.Outcome `json:"new,omitempty"`
	// Known is the divergence ledger entry that expects the row's
	// disagreement, with its link: the new report's, else the old's.
	Known *report.Known `json:"known,omitempty"`
	// Repro reruns the case, as the new report's failing row says (the
	// old report's for a removed one).
	Repro string `json:"repro,omitempty"`
}

// Side is what the diff says about one of the two reports.
type Side struct {
	// File is the report's path, as given.
	File           string    `json:"file"`
	Format         int       `json:"format"`
	ConformVersion string    `json:"conform_version"`
	StartedAt      time.Time `json:"started_at"`
	VectorsSHA256  string    `json:"vectors_manifest_sha256"`
	Transport      string    `json:"transport"`
	// Stopped is why the run ended early, if it did: the cases it did
	// not reach show as absent.
	Stopped  string `json:"stopped,omitempty"`
	ExitCode int    `json:"exit_code"`
	// Interop is each contract's interop score (report.Interop).
	Interop map[string]report.InteropScore `json:"interop"`
}

// ImplChange is an implementation whose announced identity differs
// between the headers: added, removed, or with fields changed.
type ImplChange struct {
	Impl string `json:"impl"`
	// Change is "added", "removed" or "changed".
	Change string `json:"change"`
	// Old and New are the implementation's version in each header ("" for
	// the report without it).
	Old string `json:"old,omitempty"`
	New string `json:"new,omitempty"`
	// Fields lists what changed of an implementation in both, in the
	// header's order: version first.
	Fields []FieldChange `json:"fields,omitempty"`
}

// FieldChange is one header field of an implementation that changed.
type FieldChange struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// InteropChange is one contract's interop score in both reports; a
// contract one of them lacks has a zero score there.
type InteropChange struct {
	Contract string              `json:"contract"`
	Old      report.InteropScore `json:"old"`
	New      report.InteropScore `json:"new"`
}

// Result is the comparison of two reports.
type Result struct {
	Old Side `json:"old"`
	New Side `json:"new"`
	// Impls lists the implementations added, removed or changed, by name.
	Impls []ImplChange `json:"implementations"`
	// Interop lists every contract of either report, by name.
	Interop []InteropChange `json:"interop"`
	// Counts counts the entries per class; Unchanged the rows of both
	// reports with the same state, that pass or take no part in both.
	Counts    map[Class]int `json:"counts"`
	Unchanged int           `json:"unchanged"`
	// Entries lists every entry: in the new report's order, then the
	// removed ones in the old report's.
	Entries []Entry `json:"entries"`
}

// Regressions returns the number of regressions: a diff with any exits 1.
func (r *Result) Regressions() int { return r.Counts[Regression] }

// Of returns the entries of class c, in Entries' order.
func (r *Result) Of(c Class) []Entry {
	var out []Entry
	for _, e := range r.Entries {
		if e.Class == c {
			out = append(out, e)
		}
	}
	return out
}

// state is a row's standing (package comment).
type state uint8

const (
	absent state = iota
	pass
	fail
	unrun
)

func stateOf(h report.Header, r report.Row) state {
	switch {
	case r.Outcome == report.Agree:
		return pass
	case r.Outcome == report.Skipped && !report.Announced(h, r):
		return unrun
	}
	return fail
}

// classify names the change from one state to another; "" is unchanged.
func classify(before, now state) Class {
	switch {
	case now == absent:
		return RemovedCase
	case now == fail && before == fail:
		return StillFailing
	case now == fail:
		return Regression
	case before == absent:
		return NewCase
	case before == fail && now == pass:
		return Fixed
	case before != now:
		return Coverage
	}
	return ""
}

// key matches a row across the reports.
type key struct {
	id, impl string
	corpus   bool
}

// oldRow is what the diff keeps of a row of the old report.
type oldRow struct {
	name, contract, op, source, repro string
	outcome                           report.Outcome
	st                                state
	known                             *report.Known
	seq                               int
}

// bucket holds the old report's rows of one key, in order; next is the
// first one no new row has matched yet.
type bucket struct {
	rows []oldRow
	next int
}

// oldSide collects the old report.
type oldSide struct {
	head    report.Header
	rows    map[key]*bucket
	n       int
	interop report.Interop
	foot    report.Footer
}

func (o *oldSide) Header(h report.Header) { o.head = h; o.interop.Header(h) }

func (o *oldSide) Row(r report.Row) {
	o.interop.Row(r)
	k := key{r.Case, r.Impl, r.Corpus != ""}
	b := o.rows[k]
	if b == nil {
		b = &bucket{}
		o.rows[k] = b
	}
	var repro string
	if r.Outcome.Disagrees() {
		repro = r.Repro
	}
	b.rows = append(b.rows, oldRow{name: r.Name, contract: r.Contract, op: r.Op, source: r.Source, repro: repro,
		outcome: r.Outcome, st: stateOf(o.head, r), known: r.Known, seq: o.n})
	o.n++
}

func (o *oldSide) Footer(f report.Footer) { o.foot = f }

// newSide compares the new report's rows with the old as they stream.
type newSide struct {
	old     *oldSide
	head    report.Header
	res     *Result
	interop report.Interop
	foot    report.Footer
}

func (n *newSide) Header(h report.Header) { n.head = h; n.interop.Header(h) }

func (n *newSide) Row(r report.Row) {
	n.interop.Row(r)
	before := oldRow{st: absent}
	if b := n.old.rows[key{r.Case, r.Impl, r.Corpus != ""}]; b != nil && b.next < len(b.rows) {
		before = b.rows[b.next]
		b.next++ // matched: not a removed case
	}
	now := stateOf(n.head, r)
	c := classify(before.st, now)
	if c == "" {
		n.res.Unchanged++
		return
	}
	e := Entry{Class: c, Case: r.Case, Name: r.Name, Contract: r.Contract, Op: r.Op, Impl: r.Impl, Source: r.Source,
		Old: before.outcome, New: r.Outcome, Known: r.Known}
	if e.Known == nil && now == fail {
		e.Known = before.known
	}
	if r.Outcome.Disagrees() {
		e.Repro = r.Repro
	}
	n.res.Counts[c]++
	n.res.Entries = append(n.res.Entries, e)
}

func (n *newSide) Footer(f report.Footer) { n.foot = f }

// Compare reads the old report from oldR and the new from newR (named
// oldName and newName in errors, "NAME:LINE: problem", and in the
// result) and compares them. Each is read as report.Scan reads one: a
// report it refuses (malformed, incomplete, of a format this conform does
// not read: report.CheckFormat) is an error, never a panic. It keeps one
// small record per row of the old report, and the entries.
func Compare(oldR io.Reader, oldName string, newR io.Reader, newName string) (*Result, error) {
	old := &oldSide{rows: map[key]*bucket{}}
	if err := report.Scan(oldR, oldName, old); err != nil {
		return nil, err
	}
	res := &Result{Counts: map[Class]int{}}
	for _, c := range Classes {
		res.Counts[c] = 0
	}
	now := &newSide{old: old, res: res}
	if err := report.Scan(newR, newName, now); err != nil {
		return nil, err
	}
	// The old rows no new row matched, in the old report's order.
	var removed []oldRow
	var keys []key
	for k, b := range old.rows {
		for _, r := range b.rows[b.next:] {
			removed = append(removed, r)
			keys = append(keys, k)
		}
	}
	idx := make([]int, len(removed))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return removed[idx[a]].seq < removed[idx[b]].seq })
	for _, i := range idx {
		r, k := removed[i], keys[i]
		res.Entries = append(res.Entries, Entry{Class: RemovedCase, Case: k.id, Name: r.name, Contract: r.contract, Op: r.op,
			Impl: k.impl, Source: r.source, Old: r.outcome, Known: r.known, Repro: r.repro})
		res.Counts[RemovedCase]++
	}
	res.Old = side(oldName, old.head, old.foot, old.interop.Scores())
	res.New = side(newName, now.head, now.foot, now.interop.Scores())
	res.Impls = implChanges(old.head, now.head)
	res.Interop = interopChanges(res.Old.Interop, res.New.Interop)
	return res, nil
}

func side(name string, h report.Header, f report.Footer, scores map[string]report.InteropScore) Side {
	return Side{File: name, Format: h.Format, ConformVersion: h.ConformVersion, StartedAt: h.StartedAt,
		VectorsSHA256: h.VectorsSHA256, Transport: h.Transport, Stopped: f.Stopped, ExitCode: f.ExitCode, Interop: scores}
}

// implChanges lists the implementations of the headers that were added,
// removed or changed (implFields), by name.
func implChanges(oldH, newH report.Header) []ImplChange {
	olds := map[string]report.ImplMeta{}
	for _, m := range oldH.Impls {
		olds[m.Impl] = m
	}
	news := map[string]report.ImplMeta{}
	for _, m := range newH.Impls {
		news[m.Impl] = m
	}
	var out []ImplChange
	for name, m := range news {
		o, had := olds[name]
		if !had {
			out = append(out, ImplChange{Impl: name, Change: "added", New: m.Version})
			continue
		}
		var fields []FieldChange
		of, nf := implFields(o), implFields(m)
		for i := range of {
			if of[i][1] != nf[i][1] {
				fields = append(fields, FieldChange{Field: of[i][0], Old: of[i][1], New: nf[i][1]})
			}
		}
		if fields != nil {
			out = append(out, ImplChange{Impl: name, Change: "changed", Old: o.Version, New: m.Version, Fields: fields})
		}
	}
	for name, m := range olds {
		if _, ok := news[name]; !ok {
			out = append(out, ImplChange{Impl: name, Change: "removed", Old: m.Version})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Impl < out[j].Impl })
	return out
}

// implFields lists the header fields of an implementation that say what
// ran, as name and value: its announced version first.
func implFields(m report.ImplMeta) [][2]string {
	var contracts []string
	for c, ops := range m.Contracts {
		contracts = append(contracts, fmt.Sprintf("%s(%d)", c, len(ops)))
	}
	slices.Sort(contracts)
	return [][2]string{
		{"version", m.Version},
		{"name", m.Name},
		{"language", m.Language + " " + m.LanguageVersion},
		{"runtime", m.Runtime + " " + m.RuntimeVersion},
		{"image_id", m.ImageID},
		{"contracts", fmt.Sprint(contracts)},
	}
}

func interopChanges(old, now map[string]report.InteropScore) []InteropChange {
	names := map[string]bool{}
	for c := range old {
		names[c] = true
	}
	for c := range now {
		names[c] = true
	}
	out := make([]InteropChange, 0, len(names))
	for c := range names {
		out = append(out, InteropChange{Contract: c, Old: old[c], New: now[c]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Contract < out[j].Contract })
	return out
}

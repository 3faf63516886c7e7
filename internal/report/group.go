package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// GroupExamples is how many example rows a group of disagreements keeps
// (Group.Examples): the first rows of the group, in the stream's order.
const GroupExamples = 3

// MaxGroups bounds the groups a Grouper keeps, so that a run of any size
// is grouped in bounded memory; the rows of further groups are only
// counted (Grouper.Overflow).
const MaxGroups = 10_000

// exampleBytes bounds the output and message an example row keeps.
const exampleBytes = 1 << 10

// Filter selects disagreeing rows by implementation and outcome, as
// --only IMPL/OUTCOME says; "*" on either side matches any.
type Filter struct {
	// Impl is an implementation's name, or "*" for any.
	Impl string
	// Outcome is a groupable outcome (Groupable), or "*" for any
	// disagreement.
	Outcome Outcome
}

// ParseFilter parses "IMPL/OUTCOME" (the last "/" splits it: no
// implementation's name holds one): IMPL an implementation's name or "*",
// OUTCOME "*" (every disagreement, Outcome.Disagrees) or an outcome of
// Outcomes that can be grouped (Groupable): a disagreement, or one that
// is neither agreement nor a skip (other-message). It returns the filter,
// or an error that says what is wrong with s.
func ParseFilter(s string) (Filter, error) {
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return Filter{}, fmt.Errorf("%q is not IMPL/OUTCOME (\"ts/wrong-message\", \"*/errored\", \"ts/*\")", s)
	}
	impl, o := s[:i], Outcome(s[i+1:])
	if impl == "" || o == "" {
		return Filter{}, fmt.Errorf("%q is not IMPL/OUTCOME: both sides are needed (\"*\" for any)", s)
	}
	if o != "*" {
		if !slices.Contains(Outcomes, o) {
			return Filter{}, fmt.Errorf("%q: unknown outcome %q (%s)", s, o, groupableNames())
		}
		if !Groupable(o) {
			return Filter{}, fmt.Errorf("%q: %s rows are not grouped (%s)", s, o, groupableNames())
		}
	}
	return Filter{Impl: impl, Outcome: o}, nil
}

// Groupable reports whether rows of outcome o can be grouped: every
// outcome but agreement and a skip (announced skips are listed apart).
func Groupable(o Outcome) bool { return o != Agree && o != Skipped }

// groupableNames lists the outcomes that can be grouped.
func groupableNames() string {
	var names []string
	for _, o := range Outcomes {
		if Groupable(o) {
			names = append(names, string(o))
		}
	}
	return strings.Join(names, ", ")
}

// Matches reports whether row r is of the filter's implementation and
// outcome: "*" matches any implementation, and any disagreement
// (Outcome.Disagrees).
func (f Filter) Matches(r Row) bool {
	if f.Impl != "*" && f.Impl != r.Impl {
		return false
	}
	if f.Outcome == "*" {
		return r.Outcome.Disagrees()
	}
	return f.Outcome == r.Outcome && Groupable(r.Outcome)
}

// String returns the filter as --only takes it: "IMPL/OUTCOME".
func (f Filter) String() string { return f.Impl + "/" + string(f.Outcome) }

// CheckFilters returns nil when every filter's implementation is "*" or
// one of header h's, and otherwise an error naming the first that is not
// and the implementations h has.
func CheckFilters(h Header, fs []Filter) error {
	var names []string
	for _, im := range h.Impls {
		names = append(names, im.Impl)
	}
	for _, f := range fs {
		if f.Impl != "*" && !slices.Contains(names, f.Impl) {
			return fmt.Errorf("--only %s: no implementation %q in the run (%s)", f, f.Impl, strings.Join(names, ", "))
		}
	}
	return nil
}

// View is what a rendering shows of a run's disagreements beside the
// matrix: which rows it groups (Only) and how many it details after the
// groups (Show), and whether the rows the divergence ledger expects are
// unfolded (ShowExpected). The zero View is each rendering's default:
// every disagreement grouped, the expected ones folded, the first few
// unexpected ones detailed.
type View struct {
	// Show bounds the disagreements detailed after the groups: 0 means
	// the rendering's default (MaxShown in text), a negative Show none.
	Show int
	// Only keeps the rows some filter matches; empty keeps every
	// disagreeing row.
	Only []Filter
	// ShowExpected unfolds the rows a divergence ledger expects: their
	// groups show their examples, and they are detailed like the others.
	ShowExpected bool
}

// Selects reports whether the view groups row r: with no filter, when r
// disagrees (Outcome.Disagrees); otherwise when a filter of Only
// matches r (Filter.Matches), which may select rows of a groupable
// outcome that is no disagreement (other-message) by name.
func (v View) Selects(r Row) bool {
	if len(v.Only) == 0 {
		return r.Outcome.Disagrees()
	}
	return slices.ContainsFunc(v.Only, func(f Filter) bool { return f.Matches(r) })
}

// Details reports whether the view details row r after the groups: it
// selects r, and r is unexpected or ShowExpected unfolds the expected.
func (v View) Details(r Row) bool { return v.Selects(r) && (r.Known == nil || v.ShowExpected) }

// Limit returns how many rows the view details, for a rendering whose
// default is def: def when Show is 0, none when Show is negative.
func (v View) Limit(def int) int {
	switch {
	case v.Show == 0:
		return def
	case v.Show < 0:
		return 0
	}
	return v.Show
}

// OnlyString returns the view's filters as the command line gave them,
// "ts/wrong-output, */errored"; "" when there is none.
func (v View) OnlyString() string {
	var parts []string
	for _, f := range v.Only {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, ", ")
}

// GroupKey is what the disagreeing rows of one group share: the
// implementation, the outcome, the expectation they disagree with, where
// the cases came from, and the divergence ledger entry that expects them.
type GroupKey struct {
	// Impl is the implementation, Outcome the rows' outcome.
	Impl    string
	Outcome Outcome
	// ExpectedOutcome and ExpectedMessage are the expectation: "ok", or
	// "refused" with the refusal message (the contract's message or code;
	// "" where any message is accepted). An expected output is not part
	// of the key: every case has its own.
	ExpectedOutcome string
	ExpectedMessage string
	// Source is where the cases came from: the vector file (Row.Source
	// without its ":LINE"), or for a corpus case the corpus root the run
	// was given (Row.Corpus), Corpus then true.
	Source string
	Corpus bool
	// Entry is the ledger entry that expects the rows (Known.Entry), ""
	// for rows no entry expects.
	Entry string
}

// KeyOf returns the group key of row r.
func KeyOf(r Row) GroupKey {
	k := GroupKey{Impl: r.Impl, Outcome: r.Outcome, ExpectedOutcome: r.Expected.Outcome, Source: r.Source}
	if r.Expected.Outcome == "refused" {
		k.ExpectedMessage = r.Expected.Message
	}
	if r.Corpus != "" {
		k.Source, k.Corpus = r.Corpus, true
	} else if i := strings.LastIndexByte(k.Source, ':'); i > 0 && digits(k.Source[i+1:]) {
		k.Source = k.Source[:i]
	}
	if r.Known != nil {
		k.Entry = r.Known.Entry
	}
	return k
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ExpectedLabel returns the expectation as the renderings show it: "ok",
// `refused "MESSAGE"` (Go-quoted) or "refused (any message)". It is the
// report's text, unescaped beyond the quoting: each renderer escapes it
// its way.
func (k GroupKey) ExpectedLabel() string {
	switch {
	case k.ExpectedOutcome != "refused":
		return k.ExpectedOutcome
	case k.ExpectedMessage == "":
		return "refused (any message)"
	}
	return "refused " + strconv.Quote(k.ExpectedMessage)
}

// SourceLabel returns where the cases came from as the renderings show
// it: the vector file, or "corpus ROOT"; unescaped.
func (k GroupKey) SourceLabel() string {
	if k.Corpus {
		return "corpus " + k.Source
	}
	return k.Source
}

// ExampleWhere returns where in its group's source (k) the case of
// example row r is, as the renderings show it after the case: ", line 7"
// in a vector file, ", FILE" (the path under the root) in a corpus, ""
// when the row's source says no more than the group's. It is the
// report's text, unescaped.
func ExampleWhere(k GroupKey, r Row) string {
	rest, ok := strings.CutPrefix(r.Source, k.Source)
	switch {
	case !ok || rest == "":
		if r.Source == k.Source || r.Source == "" {
			return ""
		}
		return ", " + r.Source
	case !k.Corpus && strings.HasPrefix(rest, ":"):
		return ", line " + rest[1:]
	}
	return ", " + strings.TrimPrefix(rest, "/")
}

// Group is the disagreeing rows of one key: how many, the ledger entry
// that expects them (the first row's), and the first GroupExamples rows,
// each without its input, trace and reruns and with its output and
// message clipped to 1 KiB.
type Group struct {
	GroupKey
	// Rows counts the group's rows.
	Rows int
	// Known is the ledger entry that expects the rows, nil when Entry is
	// "".
	Known *Known
	// Examples are the group's first rows, at most GroupExamples.
	Examples []Row
}

// Grouper folds disagreeing rows into groups by GroupKey as they stream,
// in bounded memory: at most MaxGroups groups of at most GroupExamples
// examples each. The zero Grouper is ready.
type Grouper struct {
	groups map[GroupKey]*Group
	order  []*Group
	// Total counts the rows added; Overflow those of groups beyond
	// MaxGroups, counted and not kept.
	Total    int
	Overflow int
}

// Add folds row r into its group.
func (g *Grouper) Add(r Row) {
	g.Total++
	k := KeyOf(r)
	gr := g.groups[k]
	if gr == nil {
		if len(g.order) == MaxGroups {
			g.Overflow++
			return
		}
		if g.groups == nil {
			g.groups = map[GroupKey]*Group{}
		}
		gr = &Group{GroupKey: k, Known: r.Known}
		g.groups[k] = gr
		g.order = append(g.order, gr)
	}
	gr.Rows++
	if len(gr.Examples) < GroupExamples {
		gr.Examples = append(gr.Examples, example(r))
	}
}

// example is r as a group keeps it (Group).
func example(r Row) Row {
	r.Input, r.Reruns = nil, nil
	r.Got.Trace = ""
	clip := func(b []byte) []byte {
		if len(b) > exampleBytes {
			return b[:exampleBytes:exampleBytes]
		}
		return b
	}
	r.Got.Output, r.Expected.Output = clip(r.Got.Output), clip(r.Expected.Output)
	if len(r.Got.Message) > exampleBytes {
		r.Got.Message = r.Got.Message[:exampleBytes]
	}
	return r
}

// Groups returns the groups: those no ledger entry expects first, then
// the expected ones, each part the larger groups first and groups of
// equal size in the order their first rows came.
func (g *Grouper) Groups() []Group {
	out := make([]Group, len(g.order))
	for i, gr := range g.order {
		out[i] = *gr
	}
	slices.SortStableFunc(out, func(a, b Group) int {
		if (a.Entry == "") != (b.Entry == "") {
			if a.Entry == "" {
				return -1
			}
			return 1
		}
		return b.Rows - a.Rows
	})
	return out
}

// GroupsOf groups the rows of rep that view v selects (View.Selects) and
// returns the Grouper that holds them.
func GroupsOf(rep Report, v View) *Grouper {
	g := &Grouper{}
	for _, r := range rep.Rows {
		if v.Selects(r) {
			g.Add(r)
		}
	}
	return g
}

package report

import (
	"errors"
	"fmt"
	"sort"
)

// Omitted is the line a report whose agreeing case lines were left out
// (conform run --report FILE --omit-agreeing, for large corpora) carries
// just before its footer (README.md, "Leaving agreeing rows out"): what
// it left out, so that the footer's counts, the matrix and each
// contract's interop score still add up. The footer counts every row, as
// ever.
type Omitted struct {
	Type string `json:"type"` // "omitted"
	// Outcome is the outcome of every row left out: agree, the only one
	// ever left out.
	Outcome Outcome `json:"outcome"`
	// Contracts holds, for each contract some of whose rows were left
	// out, what they were; never null.
	Contracts map[string]OmittedContract `json:"contracts"`
}

// OmittedContract is what a report left out of one contract.
type OmittedContract struct {
	// Rows counts the rows left out, per implementation.
	Rows map[string]int `json:"rows"`
	// Cases counts the contract's cases none of whose rows is in the
	// report (every row of them agreed).
	Cases int `json:"cases"`
	// Interop is the contract's interop score's agreeing cases (Interop)
	// over every row, those left out included; its cases are the cases of
	// the rows in the report and Cases.
	Interop int `json:"interop"`
}

// RowsOf returns how many rows of implementation impl o left out, over
// every contract.
func (o *Omitted) RowsOf(impl string) int {
	if o == nil {
		return 0
	}
	n := 0
	for _, c := range o.Contracts {
		n += c.Rows[impl]
	}
	return n
}

// Total returns how many rows o left out, over every contract and
// implementation.
func (o *Omitted) Total() int {
	if o == nil {
		return 0
	}
	n := 0
	for _, c := range o.Contracts {
		for _, k := range c.Rows {
			n += k
		}
	}
	return n
}

// OmittedSink is a Sink that takes the omitted line of a report too
// (Omitted): Scan hands it over, before the footer. A report with an
// omitted line is refused by Scan to a Sink that is no OmittedSink: what
// such a sink computes needs every row.
type OmittedSink interface {
	Sink
	Omitted(Omitted)
}

// Omitted writes the omitted line, which goes just before the footer.
func (w *Writer) Omitted(o Omitted) {
	o.Type, o.Outcome = "omitted", Agree
	if o.Contracts == nil {
		o.Contracts = map[string]OmittedContract{}
	}
	w.line(o)
}

// LeaveOutAgreeing returns a Sink that passes every event of a run on to
// next but its agreeing rows, which it counts, and that writes, just
// before the footer (which it passes on unchanged, counting every row),
// the omitted line (Omitted) saying what it left out. It keeps one byte
// per case, as Interop does.
func LeaveOutAgreeing(next OmittedSink) Sink {
	return &leaveOut{next: next, cases: map[string]map[string]uint8{}, rows: map[string]map[string]int{}}
}

// present marks a case some row of which is in the report (leaveOut).
const present uint8 = 1 << 7

type leaveOut struct {
	next OmittedSink
	head Header
	// cases holds per contract each case's interop state (interopState),
	// and whether a row of it is in the report (present); rows counts the
	// rows left out per contract and implementation.
	cases map[string]map[string]uint8
	rows  map[string]map[string]int
}

func (l *leaveOut) Header(h Header) { l.head = h; l.next.Header(h) }

func (l *leaveOut) Row(r Row) {
	byCase := l.cases[r.Contract]
	if byCase == nil {
		byCase = map[string]uint8{}
		l.cases[r.Contract] = byCase
	}
	st := interopState(l.head, r, byCase[r.Case])
	if r.Outcome == Agree {
		if l.rows[r.Contract] == nil {
			l.rows[r.Contract] = map[string]int{}
		}
		l.rows[r.Contract][r.Impl]++
	} else {
		st |= present
		l.next.Row(r)
	}
	byCase[r.Case] = st
}

func (l *leaveOut) Footer(f Footer) {
	o := Omitted{Contracts: map[string]OmittedContract{}}
	for contract, rows := range l.rows {
		c := OmittedContract{Rows: rows}
		for _, st := range l.cases[contract] {
			if st&present == 0 {
				c.Cases++
			}
			if st&^present == tookPart {
				c.Interop++
			}
		}
		o.Contracts[contract] = c
	}
	l.next.Omitted(o)
	l.next.Footer(f)
}

// omittedCheck is what Scan keeps to hold an omitted line to the case
// lines: per contract, the interop state (interopState) of each case
// with a line that does not agree, the only lines a report with an
// omitted line holds. It keeps one byte per such case.
type omittedCheck map[string]map[string]uint8

func (c omittedCheck) row(h Header, r Row) {
	if r.Outcome == Agree {
		return
	}
	byCase := c[r.Contract]
	if byCase == nil {
		byCase = map[string]uint8{}
		c[r.Contract] = byCase
	}
	byCase[r.Case] = interopState(h, r, byCase[r.Case])
}

// check holds omitted line o to the case lines before it: it refuses an
// outcome other than agree, a report that holds agreeing lines, a
// contract or implementation the header does not list, a negative count
// or one over the header's cases,
// a contract with no row left out, more cases left out whole than rows,
// and an interop score its contract's lines contradict (fewer agreeing
// cases than those left out whole, or more than those and the cases whose
// every line is a skip of what its implementation did not announce).
func (c omittedCheck) check(o Omitted, h Header, tally map[string]map[Outcome]int, impls, contracts map[string]bool) error {
	if o.Outcome != Agree {
		return fmt.Errorf("an omitted line of outcome %q: only agreeing rows are left out", o.Outcome)
	}
	for _, impl := range sortedKeys(tally) {
		if n := tally[impl][Agree]; n > 0 {
			return fmt.Errorf("an omitted line in a report that holds %d agreeing case lines of %s", n, impl)
		}
	}
	names := make([]string, 0, len(o.Contracts))
	for name := range o.Contracts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		oc := o.Contracts[name]
		if !contracts[name] {
			return fmt.Errorf("omitted rows of contract %q, which the header does not list", name)
		}
		rows := 0
		for _, impl := range sortedKeys(oc.Rows) {
			n := oc.Rows[impl]
			switch {
			case !impls[impl]:
				return fmt.Errorf("omitted rows of implementation %q, which the header does not list", impl)
			case n < 0 || n > h.Cases:
				return fmt.Errorf("%d omitted rows of %s on %s, of a run of %d cases", n, name, impl, h.Cases)
			}
			rows += n
		}
		switch {
		case rows == 0:
			return fmt.Errorf("omitted rows of %s: none counted", name)
		case oc.Cases < 0 || oc.Interop < 0:
			return fmt.Errorf("omitted rows of %s: a negative count", name)
		case oc.Cases > rows:
			return fmt.Errorf("omitted rows of %s: %d cases left out whole, with %d rows left out", name, oc.Cases, rows)
		}
		skipsOnly := 0
		for _, st := range c[name] {
			if st&tookPart == 0 {
				skipsOnly++
			}
		}
		if oc.Interop < oc.Cases || oc.Interop > oc.Cases+skipsOnly {
			return fmt.Errorf("omitted rows of %s: an interop score of %d agreeing cases, its lines call for %d to %d", name, oc.Interop, oc.Cases, oc.Cases+skipsOnly)
		}
	}
	return nil
}

// errNeedsEveryRow is why Scan refuses a report with an omitted line to
// a sink that is no OmittedSink.
var errNeedsEveryRow = errors.New("the report leaves out its agreeing rows (conform run --omit-agreeing), and this reader needs every row")

package report

import (
	"fmt"
	"math"
)

// InteropScore is the interop score of one contract in one run: of its
// Cases, the Agree cases on which every implementation that takes part
// in the case agreed with the expectation.
type InteropScore struct {
	// Agree counts the cases every taking-part implementation agreed
	// with; Cases counts every case of the contract in the run.
	Agree int `json:"agree"`
	Cases int `json:"cases"`
}

// Share returns Agree/Cases, between 0 and 1; 0 when there is no case.
func (s InteropScore) Share() float64 {
	if s.Cases == 0 {
		return 0
	}
	return float64(s.Agree) / float64(s.Cases)
}

// Percent renders the share as a person reads it: "100%" only when every
// case agrees, else rounded down to a tenth ("99.9%" for 9999 of 10000,
// never "100.0%"), and "-" when there is no case.
func (s InteropScore) Percent() string {
	switch {
	case s.Cases == 0:
		return "-"
	case s.Agree == s.Cases:
		return "100%"
	}
	return fmt.Sprintf("%.1f%%", math.Floor(1000*float64(s.Agree)/float64(s.Cases))/10)
}

// String renders the score as "A/T (P)": "1268/1270 (99.8%)".
func (s InteropScore) String() string {
	return fmt.Sprintf("%d/%d (%s)", s.Agree, s.Cases, s.Percent())
}

// Interop computes the interop score of every contract of a run from its
// case lines, as they stream (it is a Sink; Header must come first). A
// row takes part in its case unless it is a skip of a case its
// implementation did not announce (Announced): an implementation that
// does not implement a contract does not lower the contract's score, but
// one that announced the case and skipped it, errored, timed out or
// disagreed in any way (a disagreement the divergence ledger expects
// included) does. A case counts as agreeing when at least one row takes
// part and every row that takes part agrees. It keeps one byte per case.
//
// The score is not a member of the report's footer: the case lines hold
// it, and a reader of format 1 refuses a member it does not know
// (README.md, "Interop score").
type Interop struct {
	head Header
	// cases maps a contract to its cases (by id) and their state, a set
	// of the flags below.
	cases map[string]map[string]uint8
	// omitted is what a report without its agreeing rows left out.
	omitted *Omitted
}

const (
	tookPart uint8 = 1 << iota
	notAgreed
)

// Header records the run's header, which says what each implementation
// announced.
func (x *Interop) Header(h Header) { x.head = h }

// Row counts one case line.
func (x *Interop) Row(r Row) {
	if x.cases == nil {
		x.cases = map[string]map[string]uint8{}
	}
	byCase := x.cases[r.Contract]
	if byCase == nil {
		byCase = map[string]uint8{}
		x.cases[r.Contract] = byCase
	}
	byCase[r.Case] = interopState(x.head, r, byCase[r.Case])
}

// interopState returns the state st of a case (a set of the flags
// tookPart and notAgreed) with row r of a run of header h added.
func interopState(h Header, r Row, st uint8) uint8 {
	if r.Outcome != Skipped || Announced(h, r) {
		st |= tookPart
		if r.Outcome != Agree {
			st |= notAgreed
		}
	}
	return st
}

// Omitted records what a report without its agreeing rows left out
// (Omitted): the score of each contract with rows left out is then the
// omitted line's, over every row.
func (x *Interop) Omitted(o Omitted) { x.omitted = &o }

// Footer does nothing: the score is the case lines'.
func (x *Interop) Footer(Footer) {}

// Scores returns the score of every contract that has a case line, or
// rows left out (Omitted).
func (x *Interop) Scores() map[string]InteropScore {
	out := make(map[string]InteropScore, len(x.cases))
	for contract, byCase := range x.cases {
		s := InteropScore{Cases: len(byCase)}
		for _, st := range byCase {
			if st == tookPart {
				s.Agree++
			}
		}
		out[contract] = s
	}
	if x.omitted != nil {
		for contract, oc := range x.omitted.Contracts {
			// The cases of the lines and those left out whole; the agreeing
			// ones the line says (Scan held it to the lines).
			out[contract] = InteropScore{Agree: oc.Interop, Cases: len(x.cases[contract]) + oc.Cases}
		}
	}
	return out
}

// InteropOf returns the interop score of every contract of a whole report
// (Interop), what it left out (Report.Omitted) included.
func InteropOf(rep Report) map[string]InteropScore {
	var x Interop
	x.Header(rep.Header)
	for _, r := range rep.Rows {
		x.Row(r)
	}
	if rep.Omitted != nil {
		x.Omitted(*rep.Omitted)
	}
	return x.Scores()
}

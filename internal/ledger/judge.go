package ledger

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// Sink judges a run's rows against a ledger as they stream past, and
// passes every event on to Next: each disagreeing row an entry expects
// gets its Known, and the footer gets the LedgerSummary and the exit code
// the ledger leaves (Footer). It is a report.Sink and a runner.Sink.
type Sink struct {
	// Next receives every event, judged.
	Next report.Sink
	// Today is the day expiry is judged on; zero means the run's start day
	// (the header's started_at, UTC), so that a saved report is judged the
	// same later.
	Today time.Time

	l      *Ledger
	header report.Header
	judged []judgement
	counts report.LedgerSummary
}

// judgement is what one entry met in a run.
type judgement struct {
	// hits counts the rows the entry expected.
	hits int
	// ran is true when a row of the run had a case the entry's pattern
	// matches and the entry's implementation.
	ran bool
	// outcomes counts the outcomes of those rows.
	outcomes map[report.Outcome]int
}

// Sink returns a Sink judging a run against l, passing events to next.
func (l *Ledger) Sink(next report.Sink) *Sink {
	return &Sink{Next: next, l: l, judged: make([]judgement, len(l.Entries))}
}

// Header records the run's scope and passes the header on.
func (s *Sink) Header(h report.Header) {
	s.header = h
	if s.Today.IsZero() {
		s.Today = h.StartedAt.UTC().Truncate(24 * time.Hour)
	}
	s.Next.Header(h)
}

// Row marks a disagreeing row the first live (unexpired) entry expects,
// notes what every matching entry met (each live entry expecting the
// row's outcome is met, not only the first), and passes the row on.
func (s *Sink) Row(r report.Row) {
	for i, e := range s.l.Entries {
		if e.Impl != r.Impl || !e.matches(r) {
			continue
		}
		j := &s.judged[i]
		j.ran = true
		if j.outcomes == nil {
			j.outcomes = map[report.Outcome]int{}
		}
		j.outcomes[r.Outcome]++
		// Every live entry that expects the row's outcome is met by it (so
		// an entry is never stale for being shadowed); the first one
		// gives the row its link.
		if r.Outcome == e.Outcome && !s.expired(e) {
			j.hits++
			if r.Known == nil {
				r.Known = &report.Known{Entry: e.Where(), Link: e.Link, Expires: e.Expires.Format(time.DateOnly)}
			}
		}
	}
	if r.Outcome.Disagrees() {
		if r.Known != nil {
			s.counts.Expected++
		} else {
			s.counts.Unexpected++
		}
	}
	s.Next.Row(r)
}

// Footer completes the ledger summary (the expired and the stale
// entries), sets the exit code the ledger leaves and passes the footer on.
// A run that agreed or disagreed exits 1 when a disagreement is unexpected,
// an entry is expired or stale, or (without allow_skips) an announced case
// was skipped, and 0 otherwise (report.ExitCodeOf); a run that broke, was
// interrupted or failed otherwise keeps its code.
func (s *Sink) Footer(f report.Footer) {
	sum := s.Summary(f)
	f.Ledger = &sum
	if f.ExitCode == report.ExitAgree || f.ExitCode == report.ExitDisagree {
		f.ExitCode = report.ExitCodeOf(s.header, f, f.Disagreements, f.AnnouncedSkips)
	}
	s.Next.Footer(f)
}

// Summary is the ledger summary of the rows seen so far, for a run whose
// footer is f: the expected and unexpected counts, every expired entry,
// and every stale one (Covers says which entries a run can judge stale).
func (s *Sink) Summary(f report.Footer) report.LedgerSummary {
	sum := s.counts
	sum.File = s.l.File
	for i, e := range s.l.Entries {
		j := s.judged[i]
		switch {
		case s.expired(e):
			sum.Expired = append(sum.Expired, fmt.Sprintf("%s: case %s on %s expired on %s (%s)", e.Where(), e.Case, e.Impl, e.Expires.Format(time.DateOnly), e.Link))
		case j.hits > 0:
		case j.ran && f.Stopped == "":
			// A run that stopped early (-x, --max-disagreements) may not
			// have reached the rows the entry expects: unjudged.
			sum.Stale = append(sum.Stale, fmt.Sprintf("%s: case %s on %s is no longer %s: its rows were %s", e.Where(), e.Case, e.Impl, e.Outcome, outcomeList(j.outcomes)))
		case s.Covers(e, f):
			sum.Stale = append(sum.Stale, fmt.Sprintf("%s: case %s on %s matched no case of a run of every contract", e.Where(), e.Case, e.Impl))
		}
	}
	return sum
}

// Covers reports whether the run of header s.header and footer f can
// judge an entry whose pattern matched none of its cases stale: the run
// covered every case it was given (it did not stop early), ran every
// contract of the catalogue and the entry's implementation, and, for a
// corpus entry, loaded a corpus. A narrower run leaves such an entry
// unjudged.
func (s *Sink) Covers(e Entry, f report.Footer) bool {
	if f.Stopped != "" {
		return false
	}
	ran := slices.ContainsFunc(s.header.Impls, func(m report.ImplMeta) bool { return m.Impl == e.Impl })
	if !ran || e.Source == SourceCorpus && len(s.header.Corpora) == 0 {
		return false
	}
	cat, err := spec.Load()
	if err != nil {
		return false
	}
	for _, k := range cat.Contracts {
		if !slices.Contains(s.header.Contracts, k.Contract) {
			return false
		}
	}
	return true
}

func (s *Sink) expired(e Entry) bool { return s.Today.After(e.Expires) }

// matches reports whether the entry's case pattern matches the row's case
// id or name, its source the row's, and its contract, when it names one,
// the row's.
func (e Entry) matches(r report.Row) bool {
	if (e.Source == SourceCorpus) != (r.Corpus != "") || e.Contract != "" && e.Contract != r.Contract {
		return false
	}
	if ok, _ := path.Match(e.Case, r.Case); ok {
		return true
	}
	ok, _ := path.Match(e.Case, r.Name)
	return ok
}

func outcomeList(m map[report.Outcome]int) string {
	var parts []string
	for o, n := range m {
		parts = append(parts, fmt.Sprintf("%d %s", n, o))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

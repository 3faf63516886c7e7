package reporttest

import (
	"time"

	"github.com/conform-dev/conform/internal/report"
)

// Complete returns the report of header h and rows as conform writes it:
// the header's case count set to the distinct positions of the rows (rows
// of one case and implementation each, in order; it assumes every case
// has a row for every implementation of h), the footer's counts,
// disagreements, announced skips and exit code (report.ExitCodeOf) held
// to the rows, and each row's type. Its JSONL reads back (report.Scan).
func Complete(h report.Header, rows []report.Row) report.Report {
	h.Type, h.Format = "header", report.FormatVersion
	if h.StartedAt.IsZero() {
		h.StartedAt = time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	}
	f := report.Footer{Type: "footer", FinishedAt: h.StartedAt.Add(time.Minute), Counts: map[string]map[report.Outcome]int{}, Restarts: map[string]int{}}
	for _, im := range h.Impls {
		f.Counts[im.Impl] = map[report.Outcome]int{}
	}
	out := make([]report.Row, len(rows))
	for i, r := range rows {
		r.Type = "case"
		if r.ExpectedBy == "" {
			r.ExpectedBy = "vector"
		}
		if r.Expected.Outcome == "" {
			r.Expected = report.Answer{Outcome: "ok", Output: []byte("x")}
		}
		if r.Got.Outcome == "" {
			r.Got = answerFor(r.Outcome)
		}
		out[i] = r
		f.Counts[r.Impl][r.Outcome]++
		if r.Outcome.Disagrees() {
			f.Disagreements++
		}
		if report.Announced(h, r) {
			f.AnnouncedSkips++
		}
	}
	if len(h.Impls) > 0 {
		h.Cases = len(rows) / len(h.Impls)
	}
	f.ExitCode = report.ExitCodeOf(h, f, f.Disagreements, f.AnnouncedSkips)
	return report.Report{Header: h, Rows: out, Footer: f}
}

// answerFor is an observed answer that fits outcome o against the
// expectation Complete sets ("ok", "x").
func answerFor(o report.Outcome) report.Answer {
	switch o {
	case report.Agree:
		return report.Answer{Outcome: "ok", Output: []byte("x")}
	case report.WrongOutput, report.Nondeterministic:
		return report.Answer{Outcome: "ok", Output: []byte("y")}
	case report.RefusedShouldAccept, report.WrongMessage:
		return report.Answer{Outcome: "refused", Message: "no"}
	case report.Skipped:
		return report.Answer{Outcome: "skipped", Reason: "not declared in the handshake"}
	case report.Timeout:
		return report.Answer{Outcome: "timeout"}
	}
	return report.Answer{Outcome: "errored", Message: "crash"}
}

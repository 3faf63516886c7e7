// Package history keeps the results of conform runs over time: one
// compact JSON line per run (Line), appended to a history file that the
// nightly carries from night to night, and its renderings, text and one
// self-contained HTML page with a trend chart per contract (agreement
// over time, per implementation, and the interop score).
//
// A line holds the run's date and commit, the conform version, the vector
// manifest's hash, each implementation's announced version, and per
// contract the interop score (report.Interop) and the outcome counts of
// each implementation. The format is in internal/report/README.md,
// "History".
package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
)

// FormatVersion is the version of a history line, its "format" member.
const FormatVersion = 1

// The bounds of a history file a reader takes (README.md, "Bounds").
const (
	// MaxFile bounds the whole file.
	MaxFile = 64 << 20
	// MaxLine bounds one line: a run of every contract and a dozen
	// implementations takes a few KiB.
	MaxLine = 1 << 20
	// MaxLines bounds the lines (runs) of one file: a run a night for
	// 270 years.
	MaxLines = 100_000
)

// Line is one run in a history file.
type Line struct {
	// Format is FormatVersion.
	Format int `json:"format"`
	// Date is the day the run started, UTC, YYYY-MM-DD; StartedAt the
	// instant.
	Date      string    `json:"date"`
	StartedAt time.Time `json:"started_at"`
	// Commit is the commit of the checkout that ran, as given.
	Commit         string `json:"commit"`
	ConformVersion string `json:"conform_version"`
	VectorsSHA256  string `json:"vectors_manifest_sha256"`
	Transport      string `json:"transport"`
	// ExitCode is the run's; Stopped why it ended early, if it did.
	ExitCode int    `json:"exit_code"`
	Stopped  string `json:"stopped,omitempty"`
	// Impls lists the implementations, in the report header's order.
	Impls []Impl `json:"implementations"`
	// Contracts lists the contracts that have case lines, by name.
	Contracts []Contract `json:"contracts"`
}

// Impl is an implementation of a run, as its handshake announced it.
type Impl struct {
	Impl    string `json:"impl"`
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Contract is one contract of a run: its interop score and each
// implementation's counts.
type Contract struct {
	Contract string              `json:"contract"`
	Interop  report.InteropScore `json:"interop"`
	// Impls lists the implementations with case lines of the contract,
	// in the header's order.
	Impls []Counts `json:"impls"`
}

// Counts is one implementation's outcomes on one contract's cases.
type Counts struct {
	Impl string `json:"impl"`
	// Announced is whether the implementation's handshake announced the
	// contract: one that did not skipped every case, and takes no part.
	Announced bool                   `json:"announced"`
	Counts    map[report.Outcome]int `json:"counts"`
}

// Total returns the number of cases counted.
func (c Counts) Total() int {
	n := 0
	for _, k := range c.Counts {
		n += k
	}
	return n
}

// Agreement returns the implementation's agreement on the contract: the
// cases it agreed with, of all, as a score.
func (c Counts) Agreement() report.InteropScore {
	return report.InteropScore{Agree: c.Counts[report.Agree], Cases: c.Total()}
}

// commitRE is what a commit may be: a hash, a tag, a branch name.
var commitRE = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z._/+-]{0,99}$`)

// CheckCommit returns nil for a commit a line may carry: 1 to 100 ASCII
// letters, digits and . _ / + -, starting with a letter or digit.
func CheckCommit(commit string) error {
	if !commitRE.MatchString(commit) {
		return fmt.Errorf("commit %q: want a commit hash or name (letters, digits, . _ / + -; at most 100)", commit)
	}
	return nil
}

// summary is the sink FromReport folds a report into.
type summary struct {
	head    report.Header
	foot    report.Footer
	counts  map[string]map[string]map[report.Outcome]int // contract, impl, outcome
	interop report.Interop
}

func (s *summary) Header(h report.Header) { s.head = h; s.interop.Header(h) }
func (s *summary) Footer(f report.Footer) { s.foot = f }
func (s *summary) Row(r report.Row) {
	s.interop.Row(r)
	s.count(r.Contract, r.Impl, r.Outcome, 1)
}

// Omitted counts the agreeing rows a report without them left out, and
// takes its interop scores (report.Interop.Omitted).
func (s *summary) Omitted(o report.Omitted) {
	s.interop.Omitted(o)
	for contract, oc := range o.Contracts {
		for impl, n := range oc.Rows {
			s.count(contract, impl, report.Agree, n)
		}
	}
}

func (s *summary) count(contract, impl string, o report.Outcome, n int) {
	byImpl := s.counts[contract]
	if byImpl == nil {
		byImpl = map[string]map[report.Outcome]int{}
		s.counts[contract] = byImpl
	}
	if byImpl[impl] == nil {
		byImpl[impl] = map[report.Outcome]int{}
	}
	byImpl[impl][o] += n
}

// FromReport reads a JSONL report from r (named name in errors, which
// say "name:line: problem", as report.Scan's) and returns its history
// line, of the given commit (CheckCommit).
func FromReport(r io.Reader, name, commit string) (Line, error) {
	if err := CheckCommit(commit); err != nil {
		return Line{}, err
	}
	s := &summary{counts: map[string]map[string]map[report.Outcome]int{}}
	if err := report.Scan(r, name, s); err != nil {
		return Line{}, err
	}
	h := s.head
	l := Line{Format: FormatVersion, Date: h.StartedAt.UTC().Format(time.DateOnly), StartedAt: h.StartedAt.UTC(), Commit: commit,
		ConformVersion: h.ConformVersion, VectorsSHA256: h.VectorsSHA256, Transport: h.Transport,
		ExitCode: s.foot.ExitCode, Stopped: s.foot.Stopped, Impls: []Impl{}, Contracts: []Contract{}}
	for _, m := range h.Impls {
		l.Impls = append(l.Impls, Impl{Impl: m.Impl, Name: m.Name, Version: m.Version})
	}
	scores := s.interop.Scores()
	names := make([]string, 0, len(s.counts))
	for c := range s.counts {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		k := Contract{Contract: c, Interop: scores[c], Impls: []Counts{}}
		for _, m := range h.Impls {
			if counts := s.counts[c][m.Impl]; counts != nil {
				_, announced := m.Contracts[c]
				k.Impls = append(k.Impls, Counts{Impl: m.Impl, Announced: announced, Counts: counts})
			}
		}
		l.Contracts = append(l.Contracts, k)
	}
	return l, nil
}

// Parse reads the lines of a history file from r (named name in errors,
// "name:line: problem"). A line is a JSON object of format FormatVersion;
// members it does not know are accepted (a newer conform may add some),
// those it knows must be well-formed: a date of the calendar that is the
// day of started_at, a commit (CheckCommit), counts that are not negative,
// an interop score of at most its cases. It refuses a line over MaxLine,
// more than MaxLines lines, text that is not UTF-8, and an empty line.
func Parse(r io.Reader, name string) ([]Line, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	var out []Line
	n := 0
	for sc.Scan() {
		n++
		if n > MaxLines {
			return nil, fmt.Errorf("%s:%d: more than %d lines, the bound on a history file", name, n, MaxLines)
		}
		l, err := parseLine(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = &infile.TooLargeError{Bound: infile.Bound{Max: MaxLine, What: "one history line"}}
		}
		return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	return out, nil
}

func parseLine(b []byte) (Line, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return Line{}, errors.New("an empty line")
	}
	if !utf8.Valid(b) {
		return Line{}, errors.New("not valid UTF-8")
	}
	var probe struct {
		Format *int `json:"format"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return Line{}, fmt.Errorf("not a history line (a JSON object with a numeric format): %v", err)
	}
	switch {
	case probe.Format == nil:
		return Line{}, errors.New("no format member: not a history line")
	case *probe.Format < FormatVersion:
		return Line{}, fmt.Errorf("history format %d is older than any this conform reads (%d)", *probe.Format, FormatVersion)
	case *probe.Format > FormatVersion:
		return Line{}, fmt.Errorf("history format %d is newer than this conform reads (%d): read it with a newer conform", *probe.Format, FormatVersion)
	}
	var l Line
	if err := json.Unmarshal(b, &l); err != nil {
		return Line{}, err
	}
	day, err := time.Parse(time.DateOnly, l.Date)
	switch {
	case err != nil:
		return Line{}, fmt.Errorf("date %q: want YYYY-MM-DD", l.Date)
	case l.StartedAt.IsZero() || day.Format(time.DateOnly) != l.StartedAt.UTC().Format(time.DateOnly):
		return Line{}, fmt.Errorf("started_at %s is not on the date %s", l.StartedAt.Format(time.RFC3339), l.Date)
	}
	if err := CheckCommit(l.Commit); err != nil {
		return Line{}, err
	}
	switch l.ExitCode {
	case report.ExitAgree, report.ExitDisagree, report.ExitUsage, report.ExitBroken, report.ExitInterrupted:
	default:
		return Line{}, fmt.Errorf("exit code %d is not one conform gives", l.ExitCode)
	}
	for _, c := range l.Contracts {
		if c.Contract == "" {
			return Line{}, errors.New("a contract without its name")
		}
		if c.Interop.Agree < 0 || c.Interop.Agree > c.Interop.Cases || c.Interop.Cases > MaxCount {
			return Line{}, fmt.Errorf("contract %q: interop %d of %d cases", c.Contract, c.Interop.Agree, c.Interop.Cases)
		}
		for _, im := range c.Impls {
			if im.Impl == "" {
				return Line{}, fmt.Errorf("contract %q: counts without their implementation", c.Contract)
			}
			sum := 0
			for o, k := range im.Counts {
				// Checked one by one, so that the sum cannot overflow.
				if k < 0 || k > MaxCount || sum+k > MaxCount {
					return Line{}, fmt.Errorf("contract %q, implementation %q: %d %s (counts are 0 to %d together)", c.Contract, im.Impl, k, o, MaxCount)
				}
				sum += k
			}
		}
	}
	return l, nil
}

// MaxCount bounds the counts of one implementation for one contract
// together, and a contract's cases, in a history line: far above any run
// (a run holds at most the 500,000 corpus cases and its vectors), far
// below what the sums and shares of the renderings could overflow.
const MaxCount = 1 << 40

// Read reads the history file at path whole (a regular file of at most
// MaxFile bytes, infile) and parses it (Parse). It returns the lines and
// the bytes read.
func Read(path string) ([]Line, []byte, error) {
	raw, err := infile.ReadFile(path, infile.Bound{Max: MaxFile, What: "a history file"})
	if err != nil {
		return nil, nil, err
	}
	lines, err := Parse(bytes.NewReader(raw), path)
	if err != nil {
		return nil, nil, err
	}
	return lines, raw, nil
}

// Append adds l as the last line of the history file at path, creating it
// when there is none, and returns the line's number. It reads the file as
// Read does, refuses a line of the same run (started_at and commit) as one
// the file holds, and a file already at MaxLines, and publishes the longer
// file with atomicfile.Update: a file that changed or appeared meanwhile
// is left as it is, and the error says so.
func Append(path string, l Line) (int, error) {
	var lines []Line
	var raw []byte
	if _, err := os.Lstat(path); err == nil {
		if lines, raw, err = Read(path); err != nil {
			return 0, err
		}
		if raw == nil {
			raw = []byte{}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	for i, old := range lines {
		if old.StartedAt.Equal(l.StartedAt) && old.Commit == l.Commit {
			return 0, fmt.Errorf("%s:%d: already holds the run started %s at %s", path, i+1, l.StartedAt.Format(time.RFC3339), l.Commit)
		}
	}
	if len(lines) >= MaxLines {
		return 0, fmt.Errorf("%s: holds %d lines, the bound on a history file: start a new one", path, len(lines))
	}
	js, err := json.Marshal(l)
	if err != nil {
		return 0, err
	}
	data := append([]byte{}, raw...)
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	data = append(append(data, js...), '\n')
	if err := atomicfile.Update(path, raw, data); err != nil {
		return 0, err
	}
	return len(lines) + 1, nil
}

package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/infile"
)

// Report is a whole run, as read back from its JSONL stream.
type Report struct {
	Header Header
	Rows   []Row
	// Omitted is what a report without its agreeing rows left out (its
	// omitted line); nil for a report that holds every row.
	Omitted *Omitted
	Footer  Footer
}

// Sink receives a report's events in order; Summary is one.
type Sink interface {
	Header(Header)
	Row(Row)
	Footer(Footer)
}

// Read parses a whole JSONL report into memory, its omitted line
// (Report.Omitted) included; see Scan for what it refuses.
func Read(r io.Reader, name string) (Report, error) {
	var c collect
	err := Scan(r, name, &c)
	return c.rep, err
}

// ReadHeader reads the header of a JSONL report, its first line, and
// nothing after it: what Scan refuses of a first line it refuses, with
// "NAME:1: problem".
func ReadHeader(r io.Reader, name string) (Header, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), MaxLine)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return Header{}, fmt.Errorf("%s:1: %v", name, err)
		}
		return Header{}, fmt.Errorf("%s:1: empty, no header", name)
	}
	line := sc.Bytes()
	if !utf8.Valid(line) {
		return Header{}, fmt.Errorf("%s:1: not valid UTF-8", name)
	}
	var probe struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &probe); err != nil {
		return Header{}, fmt.Errorf("%s:1: not a JSON object: %v", name, err)
	}
	if probe.Type != "header" {
		return Header{}, fmt.Errorf("%s:1: first line is %q, not the header", name, probe.Type)
	}
	h, err := decodeHeader(line)
	if err != nil {
		return Header{}, fmt.Errorf("%s:1: %v", name, err)
	}
	return h, nil
}

// decodeHeader decodes a header line strictly, of this format version.
// The version is read first, so that a report of another format is
// refused for its format (CheckFormat), not for a member it has or lacks.
func decodeHeader(line []byte) (Header, error) {
	var probe struct {
		Format *json.Number `json:"format"`
	}
	if err := json.Unmarshal(line, &probe); err != nil {
		return Header{}, err
	}
	if probe.Format == nil {
		return Header{}, fmt.Errorf("the header has no format member: not a conform report")
	}
	n, err := probe.Format.Int64()
	if err != nil {
		return Header{}, fmt.Errorf("report format %s is not a version number", probe.Format)
	}
	if err := CheckFormat(n); err != nil {
		return Header{}, err
	}
	var h Header
	if err := strict(line, &h); err != nil {
		return Header{}, err
	}
	for _, m := range h.Impls {
		switch {
		case m.Compare != "" && m.Compare != CompareExact && m.Compare != CompareVerdict && m.Compare != CompareMap:
			return Header{}, fmt.Errorf("implementation %s: compare %q is not exact, verdict or map", escape.Line(m.Impl), escape.Clip(m.Compare, 64))
		case (m.Compare == CompareMap) != (len(m.Messages) > 0):
			return Header{}, fmt.Errorf("implementation %s: compare %q with %d mapped messages (a map goes with compare map, and only with it)", escape.Line(m.Impl), escape.Clip(m.Compare, 64), len(m.Messages))
		}
	}
	return h, nil
}

// CheckFormat returns nil for a report format version this conform reads
// (FormatVersion; there is no other yet), and otherwise an error that
// says which way it is off: "report format 0 is older than any this
// conform reads (1)" or "report format 2 is newer than this conform
// reads (1): read it with a newer conform".
func CheckFormat(version int64) error {
	switch {
	case version == FormatVersion:
		return nil
	case version < FormatVersion:
		return fmt.Errorf("report format %d is older than any this conform reads (%d): render it with the conform that wrote it, or run again", version, FormatVersion)
	}
	return fmt.Errorf("report format %d is newer than this conform reads (%d): read it with a newer conform", version, FormatVersion)
}

type collect struct{ rep Report }

func (c *collect) Header(h Header)   { c.rep.Header = h }
func (c *collect) Row(r Row)         { c.rep.Rows = append(c.rep.Rows, r) }
func (c *collect) Omitted(o Omitted) { c.rep.Omitted = &o }
func (c *collect) Footer(f Footer)   { c.rep.Footer = f }

// MaxLine bounds one line of a report a reader takes (README.md,
// "Bounds"): a case line carries the input, expected and observed outputs
// of one case in base64, each at most what one protocol line carries.
const MaxLine = 256 << 20

var lineBound = infile.Bound{Max: MaxLine, What: "one report line"}

// Scan parses a JSONL report and hands its events to sink as it reads, so
// a report of any size is checked in bounded memory: each line within
// MaxLine, and what a sink counts keyed only by the header's
// implementations and contracts. name is used in errors, which say
// "name:line: problem". It refuses a report that does not start with a
// header, has a line that is not valid UTF-8, an unknown line type or
// field, a case line without its identity, with an unknown outcome, or of
// an implementation or contract the header does not list, lines after the
// footer, no footer (an incomplete run), or a footer whose counts,
// disagreements, announced skips or exit code (ExitCodeOf) do not match
// the case lines.
//
// A report without its agreeing rows has an omitted line (Omitted) just
// before its footer; Scan holds it to the case lines (no agreeing one, a
// second omitted line or a case line after it is refused, nor anything
// omittedCheck.check refuses), hands it to a sink that is an OmittedSink
// and refuses it to any other, and then holds the footer to the case
// lines and the rows left out together.
func Scan(r io.Reader, name string, sink Sink) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), MaxLine)
	known := map[Outcome]bool{}
	for _, o := range Outcomes {
		known[o] = true
	}
	var header Header
	impls, contracts := map[string]bool{}, map[string]bool{}
	tally := map[string]map[Outcome]int{}
	rows, disagreements, skips := 0, 0, 0
	n, footer := 0, false
	// omitted is the omitted line once read; check what holds it to the
	// case lines.
	var omitted *Omitted
	check := omittedCheck{}
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if footer {
			return fmt.Errorf("%s:%d: line after the footer", name, n)
		}
		// encoding/json would take invalid UTF-8 and turn it into U+FFFD
		// unseen: a report conform wrote never holds any.
		if !utf8.Valid(line) {
			return fmt.Errorf("%s:%d: not valid UTF-8", name, n)
		}
		var probe struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(line, &probe); err != nil {
			return fmt.Errorf("%s:%d: not a JSON object: %v", name, n, err)
		}
		if n == 1 && probe.Type != "header" {
			return fmt.Errorf("%s:%d: first line is %q, not the header", name, n, probe.Type)
		}
		var err error
		switch probe.Type {
		case "header":
			if n != 1 {
				return fmt.Errorf("%s:%d: a second header", name, n)
			}
			header, err = decodeHeader(line)
			if err == nil {
				for _, im := range header.Impls {
					impls[im.Impl] = true
				}
				for _, c := range header.Contracts {
					contracts[c] = true
				}
				sink.Header(header)
			}
		case "case":
			var row Row
			err = strict(line, &row)
			switch {
			case err != nil:
			case row.Case == "" || row.Contract == "" || row.Op == "" || row.Impl == "":
				err = fmt.Errorf("case line lacks its case, contract, op or impl")
			case !known[row.Outcome]:
				err = fmt.Errorf("unknown outcome %q", row.Outcome)
			case !impls[row.Impl]:
				err = fmt.Errorf("case line of implementation %q, which the header does not list", row.Impl)
			case !contracts[row.Contract]:
				err = fmt.Errorf("case line of contract %q, which the header does not list", row.Contract)
			case omitted != nil:
				err = fmt.Errorf("a case line after the omitted line")
			default:
				check.row(header, row)
				rows++
				if tally[row.Impl] == nil {
					tally[row.Impl] = map[Outcome]int{}
				}
				tally[row.Impl][row.Outcome]++
				if row.Outcome.Disagrees() {
					disagreements++
				}
				if Announced(header, row) {
					skips++
				}
				sink.Row(row)
			}
		case "omitted":
			var o Omitted
			err = strict(line, &o)
			if err == nil && omitted != nil {
				err = fmt.Errorf("a second omitted line")
			}
			if err == nil {
				err = check.check(o, header, tally, impls, contracts)
			}
			if err == nil {
				osink, ok := sink.(OmittedSink)
				if !ok {
					err = errNeedsEveryRow
					break
				}
				omitted = &o
				// The footer counts the rows left out too.
				for _, oc := range o.Contracts {
					for impl, k := range oc.Rows {
						if tally[impl] == nil {
							tally[impl] = map[Outcome]int{}
						}
						tally[impl][Agree] += k
						rows += k
					}
				}
				osink.Omitted(o)
			}
		case "footer":
			var f Footer
			err = strict(line, &f)
			if err == nil {
				err = checkFooter(f, tally, rows, disagreements, skips, header)
			}
			if err == nil {
				footer = true
				sink.Footer(f)
			}
		default:
			err = fmt.Errorf("unknown line type %q", probe.Type)
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = &infile.TooLargeError{Bound: lineBound}
		}
		return fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	if n == 0 {
		return fmt.Errorf("%s: empty report", name)
	}
	if !footer {
		return fmt.Errorf("%s: no footer: the run did not finish, so the report is incomplete", name)
	}
	return nil
}

// checkFooter holds the footer to the case lines before it.
func checkFooter(f Footer, tally map[string]map[Outcome]int, rows, disagreements, skips int, h Header) error {
	switch f.ExitCode {
	case ExitAgree, ExitDisagree, ExitUsage, ExitBroken, ExitInterrupted:
	default:
		return fmt.Errorf("exit code %d is not one conform gives", f.ExitCode)
	}
	if f.Disagreements != disagreements {
		return fmt.Errorf("footer says %d disagreements, the case lines hold %d", f.Disagreements, disagreements)
	}
	if f.AnnouncedSkips != skips {
		return fmt.Errorf("footer says %d skips of announced cases, the case lines hold %d", f.AnnouncedSkips, skips)
	}
	if want := ExitCodeOf(h, f, disagreements, skips); f.ExitCode != want {
		return fmt.Errorf("footer says exit code %d, its lines call for %d", f.ExitCode, want)
	}
	for impl, counts := range tally {
		for o, n := range counts {
			if f.Counts[impl][o] != n {
				return fmt.Errorf("footer counts %d %s for %s, the case lines hold %d", f.Counts[impl][o], o, impl, n)
			}
		}
	}
	for impl, counts := range f.Counts {
		if !impls(h)[impl] {
			return fmt.Errorf("footer counts implementation %q, which the header does not list", impl)
		}
		for o, n := range counts {
			if n != 0 && tally[impl][o] != n {
				return fmt.Errorf("footer counts %d %s for %s, the case lines hold %d", n, o, impl, tally[impl][o])
			}
		}
	}
	if f.Stopped == "" && rows != h.Cases*len(h.Impls) {
		return fmt.Errorf("%d case lines for %d cases and %d implementations, and the run did not stop early", rows, h.Cases, len(h.Impls))
	}
	return nil
}

func impls(h Header) map[string]bool {
	m := map[string]bool{}
	for _, im := range h.Impls {
		m[im.Impl] = true
	}
	return m
}

func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

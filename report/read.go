package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Report is a whole run, as read back from its JSONL stream.
type Report struct {
	Header Header
	Rows   []Row
	Footer Footer
}

// Sink receives a report's events in order; Summary is one.
type Sink interface {
	Header(Header)
	Row(Row)
	Footer(Footer)
}

// Read parses a whole JSONL report into memory; see Scan for what it
// refuses.
func Read(r io.Reader, name string) (Report, error) {
	var c collect
	err := Scan(r, name, &c)
	return c.rep, err
}

type collect struct{ rep Report }

func (c *collect) Header(h Header) { c.rep.Header = h }
func (c *collect) Row(r Row)       { c.rep.Rows = append(c.rep.Rows, r) }
func (c *collect) Footer(f Footer) { c.rep.Footer = f }

// Scan parses a JSONL report and hands its events to sink as it reads, so
// a report of any size is checked in bounded memory. name is used in
// errors, which say "name:line: problem". It refuses a report that does
// not start with a header, has an unknown line type or field, a case line
// without its identity or with an unknown outcome, lines after the footer,
// no footer (an incomplete run), or a footer whose counts, disagreements
// or exit code do not match the case lines.
func Scan(r io.Reader, name string, sink Sink) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 256<<20)
	known := map[Outcome]bool{}
	for _, o := range Outcomes {
		known[o] = true
	}
	var header Header
	tally := map[string]map[Outcome]int{}
	rows, disagreements := 0, 0
	n, footer := 0, false
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if footer {
			return fmt.Errorf("%s:%d: line after the footer", name, n)
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
			err = strict(line, &header)
			if err == nil && header.Format != FormatVersion {
				err = fmt.Errorf("report format %d, this conform reads %d", header.Format, FormatVersion)
			}
			if err == nil {
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
			default:
				rows++
				if tally[row.Impl] == nil {
					tally[row.Impl] = map[Outcome]int{}
				}
				tally[row.Impl][row.Outcome]++
				if row.Outcome.Disagrees() {
					disagreements++
				}
				sink.Row(row)
			}
		case "footer":
			var f Footer
			err = strict(line, &f)
			if err == nil {
				err = checkFooter(f, tally, rows, disagreements, header)
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
func checkFooter(f Footer, tally map[string]map[Outcome]int, rows, disagreements int, h Header) error {
	switch f.ExitCode {
	case ExitAgree, ExitDisagree, ExitUsage, ExitBroken, ExitInterrupted:
	default:
		return fmt.Errorf("exit code %d is not one conform gives", f.ExitCode)
	}
	if f.Disagreements != disagreements {
		return fmt.Errorf("footer says %d disagreements, the case lines hold %d", f.Disagreements, disagreements)
	}
	for impl, counts := range tally {
		for o, n := range counts {
			if f.Counts[impl][o] != n {
				return fmt.Errorf("footer counts %d %s for %s, the case lines hold %d", f.Counts[impl][o], o, impl, n)
			}
		}
	}
	for impl, counts := range f.Counts {
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

func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

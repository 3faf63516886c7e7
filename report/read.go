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

// Read parses a JSONL report. name is used in errors, which say
// "name:line: problem". It refuses a report that does not start with a
// header, has an unknown line type or field, has lines after the footer,
// or has no footer (an incomplete run).
func Read(r io.Reader, name string) (Report, error) {
	var rep Report
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 256<<20)
	n, footer := 0, false
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if footer {
			return rep, fmt.Errorf("%s:%d: line after the footer", name, n)
		}
		var probe struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(line, &probe); err != nil {
			return rep, fmt.Errorf("%s:%d: not a JSON object: %v", name, n, err)
		}
		if n == 1 && probe.Type != "header" {
			return rep, fmt.Errorf("%s:%d: first line is %q, not the header", name, n, probe.Type)
		}
		var err error
		switch probe.Type {
		case "header":
			if n != 1 {
				return rep, fmt.Errorf("%s:%d: a second header", name, n)
			}
			err = strict(line, &rep.Header)
			if err == nil && rep.Header.Format != FormatVersion {
				err = fmt.Errorf("report format %d, this conform reads %d", rep.Header.Format, FormatVersion)
			}
		case "case":
			var row Row
			err = strict(line, &row)
			rep.Rows = append(rep.Rows, row)
		case "footer":
			err = strict(line, &rep.Footer)
			footer = true
		default:
			err = fmt.Errorf("unknown line type %q", probe.Type)
		}
		if err != nil {
			return rep, fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return rep, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	if n == 0 {
		return rep, fmt.Errorf("%s: empty report", name)
	}
	if !footer {
		return rep, fmt.Errorf("%s: no footer: the run did not finish, so the report is incomplete", name)
	}
	return rep, nil
}

func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// Package stryker writes the results of source and row mutants as a
// mutation-testing-elements report: the JSON schema Stryker's HTML report
// (mutation-testing-elements) reads, schemaVersion "1"
// (github.com/stryker-mutator/mutation-testing-elements,
// packages/report-schema). Vectors are the "tests": every vector file is a
// test file and every vector a test, so a killed mutant's killedBy names
// the vector that killed it. A row mutant lives in its contract's
// declaration of shapes, a JSON file.
package stryker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/mutation/trial"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/spec/shapes"
)

// SchemaURL is the report schema's published location.
const SchemaURL = "https://git.io/mutation-testing-schema"

// Report is the top-level object.
type Report struct {
	Schema        string              `json:"$schema,omitempty"`
	SchemaVersion string              `json:"schemaVersion"`
	Thresholds    Thresholds          `json:"thresholds"`
	ProjectRoot   string              `json:"projectRoot,omitempty"`
	Files         map[string]File     `json:"files"`
	TestFiles     map[string]TestFile `json:"testFiles,omitempty"`
	Framework     *Framework          `json:"framework,omitempty"`
	Config        map[string]any      `json:"config,omitempty"`
}

// Thresholds colour the score: at or above High is good, below Low bad.
type Thresholds struct {
	High int `json:"high"`
	Low  int `json:"low"`
}

// File is one mutated source file: its language, full original text and
// mutants.
type File struct {
	Language string   `json:"language"`
	Source   string   `json:"source"`
	Mutants  []Mutant `json:"mutants"`
}

// Mutant is one mutant and its status.
type Mutant struct {
	ID           string   `json:"id"`
	MutatorName  string   `json:"mutatorName"`
	Replacement  string   `json:"replacement,omitempty"`
	Location     Location `json:"location"`
	Status       string   `json:"status"`
	Description  string   `json:"description,omitempty"`
	StatusReason string   `json:"statusReason,omitempty"`
	KilledBy     []string `json:"killedBy,omitempty"`
	Duration     float64  `json:"duration,omitempty"`
}

// Location is a span; End is exclusive.
type Location struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Position is a line and column, both from 1.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// TestFile is one vector file, its vectors the tests.
type TestFile struct {
	Tests []Test `json:"tests"`
}

// Test is one vector: its case id and name, and its line.
type Test struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Location *OpenLocation `json:"location,omitempty"`
}

// OpenLocation is a location whose end may be absent.
type OpenLocation struct {
	Start Position `json:"start"`
}

// Framework names the tool that made the report.
type Framework struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// DefaultThresholds are the audit's: a score under 100 is not good enough,
// and under 90 is bad.
var DefaultThresholds = Thresholds{High: 100, Low: 90}

// Build makes the report of outs: one file per mutated file, holding its
// text from sources, and one test file per vector file of cases. version
// is conform's version; config is recorded as the report's config.
func Build(outs []trial.Outcome, sources map[string][]byte, cases []vectors.Case, version string, config map[string]any) Report {
	r := Report{
		Schema: SchemaURL, SchemaVersion: "1", Thresholds: DefaultThresholds,
		Files: map[string]File{}, Framework: &Framework{Name: "conform mutate", Version: version}, Config: config,
	}
	for _, o := range outs {
		m := o.Mutant
		f, ok := r.Files[m.File]
		if !ok {
			f = File{Language: "go", Source: string(sources[m.File]), Mutants: []Mutant{}}
		}
		sm := Mutant{
			ID: m.ID, MutatorName: string(m.Mutator), Replacement: m.Replacement, Status: string(o.Status),
			Location:    Location{Start: Position{m.Start.Line, m.Start.Column}, End: Position{m.End.Line, m.End.Column}},
			Description: m.Description,
			Duration:    float64((o.Build + o.Run).Milliseconds()),
		}
		equivalent := ""
		if o.Equivalent != nil {
			equivalent = o.Equivalent.Why
		}
		sm.KilledBy, sm.StatusReason = why(o.Status, o.KilledBy, o.Killers, equivalent, o.Detail)
		f.Mutants = append(f.Mutants, sm)
		r.Files[m.File] = f
	}
	for _, c := range cases {
		// Source is "<file as shown>:<Line>"; the file's name may hold
		// colons too.
		file, ok := strings.CutSuffix(c.Source, ":"+strconv.Itoa(c.Line))
		if !ok || c.Corpus != "" || c.Line == 0 {
			continue
		}
		t := Test{ID: c.ID, Name: c.Contract + " " + c.Name, Location: &OpenLocation{Start: Position{Line: c.Line, Column: 1}}}
		if r.TestFiles == nil {
			r.TestFiles = map[string]TestFile{}
		}
		tf := r.TestFiles[file]
		tf.Tests = append(tf.Tests, t)
		r.TestFiles[file] = tf
	}
	return r
}

// AddRows adds the row mutants of rows (mutation/README.md, "Row
// mutants") to r, each in the file of its contract's declaration: files
// maps a contract ("<name>/<version>") to that file ("spec/<name>/shapes.json"),
// texts a file to its text. A row's id in the report is "<contract> <row
// id>", its mutator the row's (RuleDrop, BoundWiden, PatternLoosen,
// PinnedFlip), and its location what the row changes (shapes.Spans): the
// rule's JSON object, or for an object's closed check its "unknown" code;
// the file's first line when the text does not hold it. A row whose
// contract files lacks is left out, and counted in the number AddRows
// returns.
func (r *Report) AddRows(rows []trial.RowOutcome, files map[string]string, texts map[string][]byte) (skipped int) {
	spans := map[string]map[string][2]int{}
	for _, o := range rows {
		file, ok := files[o.Contract]
		if !ok {
			skipped++
			continue
		}
		f, ok := r.Files[file]
		if !ok {
			f = File{Language: "json", Source: string(texts[file]), Mutants: []Mutant{}}
			spans[file], _ = shapes.Spans(texts[file]) // text that is not JSON: every row on the first line
		}
		sm := Mutant{
			ID: o.Contract + " " + o.Row.ID, MutatorName: o.Row.Mutator, Status: string(o.Status),
			Location: firstLine, Description: o.Row.Detail, Duration: float64(o.Run.Milliseconds()),
		}
		if sp, ok := spans[file][shapes.RowSpanKey(o.Row.ID)]; ok {
			sm.Location = Location{Start: position(texts[file], sp[0]), End: position(texts[file], sp[1])}
		}
		sm.KilledBy, sm.StatusReason = why(o.Status, o.KilledBy, o.Killers, o.Equivalent, o.Detail)
		f.Mutants = append(f.Mutants, sm)
		r.Files[file] = f
	}
	return skipped
}

// firstLine is the location of a row whose place is unknown.
var firstLine = Location{Start: Position{1, 1}, End: Position{1, 2}}

// position is the line and column (both from 1, the column in bytes, as
// the source mutants' are) of byte offset off of text.
func position(text []byte, off int) Position {
	off = min(off, len(text))
	return Position{Line: 1 + bytes.Count(text[:off], []byte("\n")), Column: off - bytes.LastIndexByte(text[:off], '\n')}
}

// why is a mutant's killedBy and statusReason: the vector that killed it
// and how many failed, the reason it was declared equivalent, the
// trial's detail, or, for a survivor, that every vector passes.
func why(st trial.Status, killedBy *trial.Failure, killers int, equivalent, detail string) ([]string, string) {
	switch {
	case killedBy != nil:
		if killers == 1 {
			return []string{killedBy.ID}, fmt.Sprintf("%s; 1 vector fails", killedBy)
		}
		return []string{killedBy.ID}, fmt.Sprintf("%s; %d vectors fail", killedBy, killers)
	case st == trial.Ignored:
		return nil, "declared equivalent: " + equivalent
	case detail != "":
		return nil, detail
	case st == trial.Survived:
		return nil, "every vector passes"
	}
	return nil, ""
}

// Marshal encodes r as indented JSON with a final newline.
func (r Report) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ErrExists is the cause of WriteFile's error when the path exists and
// force is false (errors.Is).
var ErrExists = atomicfile.ErrExists

// WriteFile publishes data at path (atomicfile.Write): into a temporary
// file beside it, synced, then linked into place, so path only ever holds
// a complete report and a file at path, there before or appeared since,
// is never replaced unless force is set; the refused report is then kept
// beside it, at the name the *atomicfile.ExistsError gives.
func WriteFile(path string, data []byte, force bool) error {
	return atomicfile.Write(path, data, force)
}

var (
	versionRE = regexp.MustCompile(`^([1-2]\d*|0)(\.(([1-9]\d*)|0)){0,2}$`)
	statuses  = map[string]bool{"Killed": true, "Survived": true, "NoCoverage": true, "CompileError": true,
		"RuntimeError": true, "Timeout": true, "Ignored": true, "Pending": true}
)

// Validate checks data, a JSON report, against the schema's required
// fields and types: schemaVersion (its pattern), thresholds high and low
// (integers 0-100), files with language, source and mutants, each mutant's
// id (unique), mutatorName, status (the schema's enum) and location (start
// and end, line and column integers from 1), and that every killedBy id is
// a test of testFiles. It returns every problem found, joined.
func Validate(data []byte) error {
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	if v, ok := doc["schemaVersion"].(string); !ok || !versionRE.MatchString(v) {
		bad("schemaVersion: missing or not a version string")
	}
	if th, ok := doc["thresholds"].(map[string]any); !ok {
		bad("thresholds: missing or not an object")
	} else {
		for _, k := range []string{"high", "low"} {
			if !isInt(th[k], 0, 100) {
				bad("thresholds.%s: missing or not an integer 0-100", k)
			}
		}
	}
	tests := map[string]bool{}
	if tf, ok := doc["testFiles"].(map[string]any); ok {
		for name, v := range tf {
			f, _ := v.(map[string]any)
			list, ok := f["tests"].([]any)
			if !ok {
				bad("testFiles[%s].tests: missing or not an array", name)
				continue
			}
			for i, t := range list {
				tm, _ := t.(map[string]any)
				id, ok1 := tm["id"].(string)
				_, ok2 := tm["name"].(string)
				if !ok1 || !ok2 {
					bad("testFiles[%s].tests[%d]: id and name are required strings", name, i)
				}
				tests[id] = true
			}
		}
	}
	files, ok := doc["files"].(map[string]any)
	if !ok {
		bad("files: missing or not an object")
	}
	ids := map[string]bool{}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f, ok := files[name].(map[string]any)
		if !ok {
			bad("files[%s]: not an object", name)
			continue
		}
		for _, k := range []string{"language", "source"} {
			if _, ok := f[k].(string); !ok {
				bad("files[%s].%s: missing or not a string", name, k)
			}
		}
		ms, ok := f["mutants"].([]any)
		if !ok {
			bad("files[%s].mutants: missing or not an array", name)
			continue
		}
		for i, mv := range ms {
			at := fmt.Sprintf("files[%s].mutants[%d]", name, i)
			m, ok := mv.(map[string]any)
			if !ok {
				bad("%s: not an object", at)
				continue
			}
			id, ok := m["id"].(string)
			if !ok {
				bad("%s.id: missing or not a string", at)
			} else if ids[id] {
				bad("%s.id: %s repeats", at, id)
			}
			ids[id] = true
			if _, ok := m["mutatorName"].(string); !ok {
				bad("%s.mutatorName: missing or not a string", at)
			}
			if s, _ := m["status"].(string); !statuses[s] {
				bad("%s.status: %q is not a MutantStatus", at, s)
			}
			loc, _ := m["location"].(map[string]any)
			for _, end := range []string{"start", "end"} {
				p, _ := loc[end].(map[string]any)
				if !isInt(p["line"], 1, -1) || !isInt(p["column"], 1, -1) {
					bad("%s.location.%s: line and column must be integers from 1", at, end)
				}
			}
			if kb, ok := m["killedBy"]; ok {
				list, ok := kb.([]any)
				if !ok {
					bad("%s.killedBy: not an array", at)
				}
				for _, k := range list {
					if s, _ := k.(string); !tests[s] {
						bad("%s.killedBy: %v is not a test of testFiles", at, k)
					}
				}
			}
		}
	}
	if len(probs) > 0 {
		return errors.New(strings.Join(probs, "\n"))
	}
	return nil
}

// isInt reports whether v is a JSON number holding an integer in
// [lo, hi] (hi < 0: no upper bound).
func isInt(v any, lo, hi float64) bool {
	f, ok := v.(float64)
	return ok && f == float64(int64(f)) && f >= lo && (hi < 0 || f <= hi)
}

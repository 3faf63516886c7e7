package mutant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Equivalent declares one mutant equivalent to the original: no input can
// tell them apart, so no vector can kill it. Declarations are JSON Lines,
// in the equivalent.jsonl of the package of the mutated file
// (reference/<pkg>/equivalent.jsonl, a contract's own file), one object
// per line with these fields, all required but occurrence; lines that are
// empty or start with # are skipped. A mutant matches by its text, not its
// id or line, so a declaration survives edits elsewhere in the file.
type Equivalent struct {
	// File is the mutated file, relative to the module root.
	File string `json:"file"`
	// Code is the guard's code, "<prefix>.<name>".
	Code string `json:"code"`
	// Cond is the guard condition as Site.Cond shows it (white space runs
	// as one space).
	Cond string `json:"cond"`
	// Mutator, Original and Replacement are the mutant's.
	Mutator     Mutator `json:"mutator"`
	Original    string  `json:"original"`
	Replacement string  `json:"replacement"`
	// Occurrence is the mutant's Occurrence, which a declaration must
	// give when the site has several mutants of that mutator, original
	// and replacement (Ambiguous); 0 (omitted) matches any.
	Occurrence int `json:"occurrence,omitempty"`
	// Why is the argument that no input tells the mutant apart.
	Why string `json:"why"`
	// Source and Line are the declaration's file and line (not part of
	// the JSON).
	Source string `json:"-"`
	Line   int    `json:"-"`
}

// Matches reports whether m is the mutant e declares.
func (e Equivalent) Matches(m Mutant) bool {
	return e.File == m.File && e.Code == m.Site.Code && e.Cond == m.Site.Cond &&
		e.Mutator == m.Mutator && e.Original == m.Original && e.Replacement == m.Replacement &&
		(e.Occurrence == 0 || e.Occurrence == m.Occurrence)
}

// Where is "source:line".
func (e Equivalent) Where() string { return fmt.Sprintf("%s:%d", e.Source, e.Line) }

// Ambiguous returns an error for each declaration of eqs that matches
// more than one mutant of ms (every mutant of the source), naming the
// declaration's file and line and the occurrences it matches: a
// declaration must name exactly one mutant, or the audit could not tell a
// wrong one (some of the mutants it matches are killed) from a right one.
func Ambiguous(eqs []Equivalent, ms []Mutant) []error {
	var out []error
	for _, e := range eqs {
		var occ []string
		for _, m := range ms {
			if e.Matches(m) {
				occ = append(occ, strconv.Itoa(m.Occurrence))
			}
		}
		if len(occ) > 1 {
			out = append(out, fmt.Errorf("%s: the declaration matches %d mutants (`%s` -> `%s`, occurrences %s of %s in `%s`): give the one it means with \"occurrence\"",
				e.Where(), len(occ), e.Original, e.Replacement, strings.Join(occ, ", "), e.Mutator, e.Cond))
		}
	}
	return out
}

// ParseEquivalents parses declarations. It refuses a line that is not one
// JSON object, has an unknown field, lacks a field, or names an unknown
// mutator, naming name:line.
func ParseEquivalents(name string, data []byte) ([]Equivalent, error) {
	var out []Equivalent
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader([]byte(t)))
		dec.DisallowUnknownFields()
		var e Equivalent
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%s:%d: more than one JSON value", name, i+1)
		}
		if e.File == "" || e.Code == "" || e.Cond == "" || e.Original == "" || e.Replacement == "" || e.Why == "" {
			return nil, fmt.Errorf("%s:%d: file, code, cond, mutator, original, replacement and why are all required", name, i+1)
		}
		known := false
		for _, m := range Mutators {
			known = known || e.Mutator == m
		}
		if !known {
			return nil, fmt.Errorf("%s:%d: unknown mutator %q", name, i+1, e.Mutator)
		}
		if e.Occurrence < 0 {
			return nil, fmt.Errorf("%s:%d: occurrence %d: want 1 or more (or none)", name, i+1, e.Occurrence)
		}
		e.Source, e.Line = name, i+1
		out = append(out, e)
	}
	return out, nil
}

// Stale returns the declarations of eqs that match none of ms (every
// mutant of the source): the code they describe has changed.
func Stale(eqs []Equivalent, ms []Mutant) []Equivalent {
	var out []Equivalent
	for _, e := range eqs {
		hit := false
		for _, m := range ms {
			if e.Matches(m) {
				hit = true
				break
			}
		}
		if !hit {
			out = append(out, e)
		}
	}
	return out
}

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/mutation/trial"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// rowEquivalentName is the file, beside a contract's declaration of shapes
// (spec/<name>/), that declares its equivalent row mutants: one JSON
// object per line, {"row": ID, "reason": TEXT}.
const rowEquivalentName = "equivalent-rows.jsonl"

// rowsResult is the row-mutant audit, as --format json prints it.
type rowsResult struct {
	// Baseline lists the vectors the unmutated harness fails: then no
	// row mutant was tried.
	Baseline []trial.Failure    `json:"baseline_failures,omitempty"`
	Outcomes []trial.RowOutcome `json:"outcomes"`
	// Declared counts the row mutants the audited contracts' declarations
	// give, of which --mutator, --mutant and --max-mutants chose Outcomes.
	Declared int      `json:"declared"`
	Stale    []string `json:"stale_equivalents,omitempty"`
	Seconds  float64  `json:"seconds"`
}

// rowPlan is the row-mutant part of an audit, before its mutants are
// tried: the rows, their declarations, the stale ones.
type rowPlan struct {
	root string
	// files is each audited contract's declaration file, relative to
	// root ("spec/<name>/shapes.json"), texts each file's text: where
	// the report puts the contract's rows.
	files map[string]string
	texts map[string][]byte
	// ids are the ids --mutant may name: each row's id, bare and after
	// its contract and a space, as the text report prints it.
	ids         map[string]bool
	declared    int    // the rows of the audited contracts, before selection
	example     string // the first of them, as printed: an id for messages
	rows        []trial.RowMutant
	equivalents map[string]map[string]string
	stale       []string
	t0          time.Time
}

// planRows makes the row mutants of every declaration of shapes in the
// source (of the audited contracts) and reads their equivalence
// declarations.
func planRows(ctx context.Context, o *mutateOptions) (*rowPlan, error) {
	dir := o.source
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		dir = wd
	}
	root, _, err := mutant.ModuleRoot(ctx, dir)
	if err != nil {
		return nil, usageErr("no source tree (run from conform's source, or pass --source): %v", err)
	}
	cat, err := spec.ParseDir(os.DirFS(root), "spec")
	if err != nil {
		return nil, usageErr("%v", err)
	}
	p := &rowPlan{root: root, files: map[string]string{}, texts: map[string][]byte{}, ids: map[string]bool{}, equivalents: map[string]map[string]string{}, t0: time.Now()}
	for _, k := range cat.Contracts {
		if k.Shapes == "" || !o.audits(k.Contract) {
			continue
		}
		d, err := spec.ParseShapes(os.DirFS(root), "spec", k)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(k.Shapes)))
		if err != nil {
			return nil, usageErr("%v", err)
		}
		p.files[k.Contract], p.texts[k.Shapes] = k.Shapes, text
		all := map[string]bool{}
		for _, r := range d.Rows() {
			all[r.ID] = true
			p.declared++
			p.ids[r.ID], p.ids[k.Contract+" "+r.ID] = true, true
			if p.example == "" {
				p.example = k.Contract + " " + r.ID
			}
			named := len(o.only) == 0 || slices.Contains(o.only, r.ID) || slices.Contains(o.only, k.Contract+" "+r.ID)
			full := o.maxMutants > 0 && len(p.rows) == o.maxMutants
			if !full && named && (len(o.mutators) == 0 || slices.Contains(o.mutators, r.Mutator)) {
				p.rows = append(p.rows, trial.RowMutant{Contract: k.Contract, Row: r})
			}
		}
		rel := filepath.Join("spec", k.Name, rowEquivalentName)
		eq, err := readRowEquivalents(filepath.Join(root, rel), filepath.ToSlash(rel))
		if err != nil {
			return nil, usageErr("%v", err)
		}
		for id := range eq {
			if !all[id] {
				p.stale = append(p.stale, k.Contract+" "+id)
			}
		}
		p.equivalents[k.Contract] = eq
	}
	return p, nil
}

// finish applies the declarations to the verdicts of the rows and
// returns the result and the exit code it calls for: a survivor, a stale
// declaration or a declared row that was killed is a disagreement; a
// harness that did not start is broken.
func (p *rowPlan) finish(tr *tried) (*rowsResult, int) {
	if len(tr.baseline) > 0 {
		return &rowsResult{Baseline: tr.baseline, Seconds: time.Since(p.t0).Seconds()}, report.ExitDisagree
	}
	outs := tr.rows
	res := &rowsResult{Outcomes: outs, Declared: p.declared, Seconds: time.Since(p.t0).Seconds()}
	trial.DeclareRows(outs, p.equivalents)
	sort.Strings(p.stale)
	res.Stale = p.stale // against every row of the declaration, not the rows tried
	code := report.ExitAgree
	if len(res.Stale) > 0 {
		code = report.ExitDisagree
	}
	for _, out := range outs {
		switch {
		case out.Status == trial.RuntimeError:
			code = max(code, report.ExitBroken)
		case out.Undetected(), out.Equivalent != "" && out.Status != trial.Ignored:
			code = max(code, report.ExitDisagree)
		}
	}
	return res, code
}

// readRowEquivalents reads a file of row equivalence declarations (name
// names it in errors, with the line); an absent file declares none. A row
// declared twice, a line that is not one object with a row and a reason,
// or unknown members are errors.
func readRowEquivalents(path, name string) (map[string]string, error) {
	data, err := infile.ReadFile(path, equivalentBound)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var e struct {
			Row    string `json:"row"`
			Reason string `json:"reason"`
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil || dec.More() || e.Row == "" || e.Reason == "" {
			return nil, fmt.Errorf("%s:%d: not one object with a row and a reason", name, n)
		}
		if _, dup := out[e.Row]; dup {
			return nil, fmt.Errorf("%s:%d: row %s is declared twice", name, n, e.Row)
		}
		out[e.Row] = e.Reason
	}
	return out, nil
}

// writeRowsText writes the score table per contract, lists the row
// mutants that survived, were declared equivalent or did not start (and,
// verbose, those killed), then the summary line; shared says that source
// mutants ran in the same trial (took).
func writeRowsText(w io.Writer, res *rowsResult, verbose, shared bool) {
	if len(res.Baseline) > 0 {
		fmt.Fprintf(w, "the unmutated reference fails %d vectors, so no row mutant was tried (run conform run); first: %s\n", len(res.Baseline), res.Baseline[0])
		return
	}
	scores := trial.RowScores(res.Outcomes)
	if len(res.Outcomes) > 0 {
		trial.WriteScores(w, scores)
		fmt.Fprintln(w)
	}
	for _, o := range res.Outcomes {
		switch {
		case o.Status == trial.Survived:
			fmt.Fprintf(w, "SURVIVED %s %s: %s (guard %s)\n  again: conform mutate --rows --contract %s --mutant %s -v\n",
				o.Contract, o.Row.ID, o.Row.Detail, o.Row.Code, o.Contract, o.Row.ID)
		case o.Status == trial.NoCoverage:
			fmt.Fprintf(w, "NO COVERAGE %s %s: %s (guard %s): no vector validates its object\n", o.Contract, o.Row.ID, o.Row.Detail, o.Row.Code)
		case o.Status == trial.RuntimeError:
			fmt.Fprintf(w, "DID NOT START %s %s: %s\n", o.Contract, o.Row.ID, o.Detail)
		case o.Equivalent != "" && o.Status != trial.Ignored:
			fmt.Fprintf(w, "WRONG DECLARATION %s %s: declared equivalent (%s), yet %s killed it\n", o.Contract, o.Row.ID, o.Equivalent, o.KilledBy)
		case o.Status == trial.Ignored:
			fmt.Fprintf(w, "equivalent %s %s: %s\n", o.Contract, o.Row.ID, o.Equivalent)
		case verbose:
			fmt.Fprintf(w, "killed %s %s by %s\n", o.Contract, o.Row.ID, o.KilledBy)
		}
	}
	for _, s := range res.Stale {
		fmt.Fprintf(w, "STALE declaration %s: no such row mutant\n", s)
	}
	of := ""
	if res.Declared != len(res.Outcomes) {
		of = fmt.Sprintf(" (of %d declared)", res.Declared)
	}
	fmt.Fprintf(w, "\nrow mutants: %d tried%s %s: %s; score %.1f%%\n",
		len(res.Outcomes), of, took(res.Seconds, shared), scores[len(scores)-1].Counted(), scores[len(scores)-1].Percent())
}

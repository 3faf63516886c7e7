package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/mutation/trial"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// Row mutants through the CLI: a declaration's closed check dropped is
// killed by a vector of its contract, and a row its contract declares
// equivalent survives as equivalent; both exit 0. They run in the
// schemata build, on fewer vectors than all of their contract's.
func TestMutateRows(t *testing.T) {
	cat := spec.MustLoad()
	var k spec.Contract
	for _, c := range cat.Contracts {
		if c.Shapes != "" {
			k = c
			break
		}
	}
	if k.Shapes == "" {
		t.Fatal("no contract declares its shapes")
	}
	d, err := spec.ParseShapes(os.DirFS("../.."), "spec", k)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{d.Objects[0].Name + "/closed/RuleDrop"}
	eq, err := readRowEquivalents(filepath.Join("..", "..", "spec", k.Name, rowEquivalentName), "eq")
	if err != nil {
		t.Fatal(err)
	}
	for id := range eq {
		ids = append(ids, id)
		break
	}
	path := filepath.Join(t.TempDir(), "mutation.json")
	r := conform(t, "", "mutate", "--rows", "--contract", k.Contract, "--mutant", strings.Join(ids, ","), "--format", "json", "--report", path)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	var res mutateResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.Rows == nil || len(res.Rows.Outcomes) != len(ids) {
		t.Fatalf("rows: %+v", res.Rows)
	}
	for _, o := range res.Rows.Outcomes {
		want := trial.Killed
		if o.Row.ID != ids[0] {
			want = trial.Ignored
		}
		if o.Status != want || (want == trial.Killed) != (o.KilledBy != nil) {
			t.Errorf("%s: %s (killed by %v), want %s", o.Row.ID, o.Status, o.KilledBy, want)
		}
	}
	// Through the schemata build: the rows ran only on the vectors of
	// their contract that validate their object.
	if s := res.Schemata; s == nil || s.VectorRuns == 0 || s.VectorRuns >= s.AllRuns {
		t.Errorf("schemata: %+v", res.Schemata)
	}
	// The report holds both rows, in the contract's declaration, with
	// the verdicts above.
	rep := readMutationReport(t, path)
	f := rep.Files[k.Shapes]
	if len(rep.Files) != 1 || len(f.Mutants) != len(ids) {
		t.Fatalf("report files: %d, %d mutants in %s", len(rep.Files), len(f.Mutants), k.Shapes)
	}
	for i, m := range f.Mutants {
		o := res.Rows.Outcomes[i]
		if m.ID != k.Contract+" "+o.Row.ID || m.Status != string(o.Status) || m.MutatorName != o.Row.Mutator {
			t.Errorf("report mutant %d: %s %s %s, outcome %s %s", i, m.ID, m.Status, m.MutatorName, o.Row.ID, o.Status)
		}
	}
}

// --mutator and --max-mutants select row mutants: only the mutators
// named, at most that many, in declaration order.
func TestPlanRowsSelects(t *testing.T) {
	o := &mutateOptions{mutators: []string{"PinnedFlip"}, maxMutants: 3}
	p, err := planRows(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.rows) != 3 {
		t.Fatalf("%d rows, want 3", len(p.rows))
	}
	for _, r := range p.rows {
		if r.Row.Mutator != "PinnedFlip" {
			t.Errorf("row %s %s is not PinnedFlip", r.Contract, r.Row.ID)
		}
	}
	if len(p.files) == 0 || len(p.texts[p.files[p.rows[0].Contract]]) == 0 {
		t.Errorf("no declaration text for %s", p.rows[0].Contract)
	}
}

func TestReadRowEquivalents(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "eq.jsonl")
	if got, err := readRowEquivalents(p, "eq.jsonl"); err != nil || len(got) != 0 {
		t.Fatalf("an absent file: %v, %v", got, err)
	}
	good := `{"row":"a/0/RuleDrop","reason":"r"}` + "\n\n"
	for _, bad := range []string{`{"row":"a/0/RuleDrop"}`, `{"row":"","reason":"r"}`, `{"row":"b","reason":"r","x":1}`, `[1]`, `{"row":"b","reason":"r"} {}`, `{"row":"a/0/RuleDrop","reason":"again"}`, "\xff"} {
		if err := os.WriteFile(p, []byte(good+bad+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readRowEquivalents(p, "eq.jsonl"); err == nil || !strings.Contains(err.Error(), "eq.jsonl:3") {
			t.Errorf("%q: %v, want an error at eq.jsonl:3", bad, err)
		}
	}
	if err := os.WriteFile(p, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := readRowEquivalents(p, "eq.jsonl"); err != nil || got["a/0/RuleDrop"] != "r" {
		t.Fatalf("%v, %v", got, err)
	}
}

// An id that names no row mutant is a usage error, and the row-mutant
// variable set in conform's own environment is said loudly.
func TestMutateRowsRefusesUnknownIDs(t *testing.T) {
	r := conform(t, "", "mutate", "--rows", "--mutant", "no.such/0/RuleDrop")
	if r.code != 2 || !strings.Contains(r.stderr, "no.such/0/RuleDrop") {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	// A row's id as the text report prints it, after its contract, names
	// it too: only the unknown id is refused, in the whole audit as with
	// --rows.
	cat := spec.MustLoad()
	for _, k := range cat.Contracts {
		if k.Shapes == "" {
			continue
		}
		d, err := spec.ParseShapes(os.DirFS("../.."), "spec", k)
		if err != nil {
			t.Fatal(err)
		}
		printed := k.Contract + " " + d.Rows()[0].ID
		for _, parts := range [][]string{{"--rows"}, {"--mutants", "--rows"}} {
			args := append(append([]string{"mutate"}, parts...), "--contract", k.Contract, "--mutant", printed+",no.such/0/RuleDrop")
			r := conform(t, "", args...)
			if r.code != 2 || !strings.Contains(r.stderr, `--mutant: "no.such/0/RuleDrop" names no mutant`) {
				t.Errorf("%v: exit %d\n%s", args, r.code, r.stderr)
			}
		}
		break
	}
	t.Setenv("CONFORM_ROW_MUTANT", "x/1 y/closed/RuleDrop")
	r = conform(t, "", "vectors", "verify")
	if !strings.Contains(r.stderr, "warning: CONFORM_ROW_MUTANT") {
		t.Errorf("no warning: exit %d\n%s", r.code, r.stderr)
	}
}

// A row audit first checks the unmutated reference against the vectors:
// with a vector the reference fails, no row mutant is tried (each would
// look killed by it) and the audit exits 1 naming that vector.
func TestMutateRowsNeedsTheBaseline(t *testing.T) {
	cat := spec.MustLoad()
	var k spec.Contract
	for _, c := range cat.Contracts {
		if c.Shapes != "" && len(c.Refusals) > 1 {
			k = c
			break
		}
	}
	if k.Shapes == "" {
		t.Fatal("no contract declares its shapes")
	}
	done := false
	dir := weakDir(t, func(path, id, line string) (string, bool) {
		if done {
			return line, true
		}
		for i, r := range k.Refusals {
			want, _ := json.Marshal(r.Message)
			other, _ := json.Marshal(k.Refusals[(i+1)%len(k.Refusals)].Message)
			if (strings.HasPrefix(path, k.Name+"/") || strings.Contains(path, "/"+k.Name+"/")) && strings.Contains(line, `"message":`+string(want)) {
				done = true
				return strings.Replace(line, `"message":`+string(want), `"message":`+string(other), 1), true
			}
		}
		return line, true
	})
	if !done {
		t.Fatalf("no refused vector of %s to break", k.Contract)
	}
	r := conform(t, "", "mutate", "--rows", "--contract", k.Contract, "--vectors", dir)
	if r.code != 1 || !strings.Contains(r.stdout, "the unmutated reference fails 1 vectors, so no row mutant was tried") {
		t.Errorf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// When source and row mutants share one trial, each summary line says
// its time is the shared run's, not its own.
func TestTookSaysShared(t *testing.T) {
	if got := took(3, false); got != "in 3.0s" {
		t.Errorf("alone: %q", got)
	}
	if got := took(3, true); got != "in 3.0s (the run source and row mutants share)" {
		t.Errorf("shared: %q", got)
	}
}

// A surviving row is listed with its guard and the command that tries it
// again; the summary says how many rows the declarations give.
func TestWriteRowsTextSurvivor(t *testing.T) {
	res := &rowsResult{Declared: 3, Outcomes: []trial.RowOutcome{{
		RowMutant: trial.RowMutant{Contract: "x/1", Row: shapes.Row{ID: "lamp.watts/0/BoundWiden/max", Mutator: "BoundWiden", Code: "x.big", Detail: "max 60 becomes 61"}},
		Status:    trial.Survived,
	}}}
	var b strings.Builder
	writeRowsText(&b, res, false, false)
	for _, s := range []string{
		"SURVIVED x/1 lamp.watts/0/BoundWiden/max: max 60 becomes 61 (guard x.big)\n",
		"  again: conform mutate --rows --contract x/1 --mutant lamp.watts/0/BoundWiden/max -v\n",
		"row mutants: 1 tried (of 3 declared) in 0.0s: 0 killed, 0 timeout, 1 survived",
	} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, b.String())
		}
	}
}

// An audit interrupted before its first mutant says so: the runs the
// interruption cut short are not counted as the reference's failures, and
// no verdict (nor report) follows.
func TestTryPlansInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tr, err := tryPlans(ctx, &Env{}, &mutateOptions{jobs: 1}, nil, &rowPlan{root: "../.."}, nil)
	if tr != nil || err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("tryPlans after an interruption: %+v, %v", tr, err)
	}
}

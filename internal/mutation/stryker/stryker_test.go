package stryker

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/atomicfile"
	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/mutation/trial"
	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/spec/shapes"
)

func sample() ([]trial.Outcome, map[string][]byte, []vectors.Case) {
	src := map[string][]byte{"reference/x/x.go": []byte("package x\n\nfunc f(n int) bool {\n\tif n > 3 {\n\t\treturn true\n\t}\n\treturn false\n}\n")}
	mk := func(id string, mu mutant.Mutator, st trial.Status) trial.Outcome {
		return trial.Outcome{Status: st, Mutant: mutant.Mutant{
			ID: id, Mutator: mu, File: "reference/x/x.go", Original: "n > 3", Replacement: "!(n > 3)",
			Start: mutant.Pos{Line: 4, Column: 5}, End: mutant.Pos{Line: 4, Column: 10}, Description: "negate",
			Site: mutant.Site{Contract: "x/1", Code: "x.big"},
		}}
	}
	killed := mk("aaaaaaaaaaaa", mutant.Negate, trial.Killed)
	killed.KilledBy, killed.Killers = &trial.Failure{ID: "0123456789abcdef", Name: "big", Source: "vectors/x/big.jsonl:2"}, 3
	cerr := mk("bbbbbbbbbbbb", mutant.Delete, trial.CompileError)
	cerr.Detail = "undefined: y"
	eq := mk("cccccccccccc", mutant.BoundConstant, trial.Ignored)
	eq.Equivalent = &mutant.Equivalent{Why: "unreachable"}
	outs := []trial.Outcome{killed, mk("dddddddddddd", mutant.BoundOperator, trial.Survived), cerr, eq}
	cases := []vectors.Case{{ID: "0123456789abcdef", Name: "big", Contract: "x/1", Source: "vectors/x/big.jsonl:2", File: "x/big.jsonl", Line: 2}}
	return outs, src, cases
}

func TestReportValidates(t *testing.T) {
	outs, src, cases := sample()
	data, err := Build(outs, src, cases, "0.1.0", map[string]any{"k": "v"}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(data); err != nil {
		t.Fatalf("the report does not validate: %v\n%s", err, data)
	}
	var doc struct {
		SchemaVersion string `json:"schemaVersion"`
		Files         map[string]struct {
			Language, Source string
			Mutants          []map[string]any
		}
		TestFiles map[string]struct{ Tests []map[string]any } `json:"testFiles"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	f := doc.Files["reference/x/x.go"]
	if doc.SchemaVersion != "1" || f.Language != "go" || f.Source != string(src["reference/x/x.go"]) || len(f.Mutants) != 4 {
		t.Fatalf("report: %s", data)
	}
	m := f.Mutants[0]
	if m["status"] != "Killed" || m["mutatorName"] != "GuardNegate" || m["replacement"] != "!(n > 3)" ||
		m["killedBy"].([]any)[0] != "0123456789abcdef" || !strings.Contains(m["statusReason"].(string), "big") {
		t.Errorf("killed mutant: %v", m)
	}
	if f.Mutants[2]["statusReason"] != "undefined: y" || f.Mutants[3]["status"] != "Ignored" {
		t.Errorf("compile error / ignored: %v %v", f.Mutants[2], f.Mutants[3])
	}
	if tf := doc.TestFiles["vectors/x/big.jsonl"]; len(tf.Tests) != 1 || tf.Tests[0]["id"] != "0123456789abcdef" ||
		fmt.Sprint(tf.Tests[0]["location"]) != "map[start:map[column:1 line:2]]" {
		t.Errorf("test files: %v", doc.TestFiles)
	}
	// A vector set in a directory whose name holds a colon is filed under
	// the whole path: the file is the source without its ":<line>".
	cases[0].Source = "/tmp/a:b/x/big.jsonl:2"
	data, err = Build(outs, src, cases, "0.1.0", nil).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	doc.TestFiles = nil
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if tf := doc.TestFiles["/tmp/a:b/x/big.jsonl"]; len(tf.Tests) != 1 {
		t.Errorf("test files with a colon in the path: %v", doc.TestFiles)
	}
}

func TestValidateFindsMissingFields(t *testing.T) {
	outs, src, cases := sample()
	data, _ := Build(outs, src, cases, "0.1.0", nil).Marshal()
	var doc map[string]any
	_ = json.Unmarshal(data, &doc)
	delete(doc, "thresholds")
	doc["schemaVersion"] = "one"
	file := doc["files"].(map[string]any)["reference/x/x.go"].(map[string]any)
	delete(file, "language")
	ms := file["mutants"].([]any)
	delete(ms[0].(map[string]any), "id")
	ms[1].(map[string]any)["status"] = "Dead"
	ms[2].(map[string]any)["location"] = map[string]any{"start": map[string]any{"line": 0, "column": 1}}
	ms[3].(map[string]any)["killedBy"] = []any{"nope"}
	bad, _ := json.Marshal(doc)
	err := Validate(bad)
	if err == nil {
		t.Fatal("a report missing required fields validates")
	}
	for _, s := range []string{"schemaVersion", "thresholds", ".language", "mutants[0].id", "mutants[1].status", "mutants[2].location.start", "mutants[2].location.end", "mutants[3].killedBy"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("no problem named %q in:\n%v", s, err)
		}
	}
	if Validate([]byte("[]")) == nil {
		t.Error("an array validates")
	}
}

func TestWriteFileIsAtomicAndRefusesOverwrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "mutation.json")
	if err := WriteFile(p, []byte("one"), false); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(p, []byte("two"), false)
	var ee *atomicfile.ExistsError
	if !errors.As(err, &ee) || ee.Kept == "" {
		t.Fatalf("overwrite without force: %v", err)
	}
	// The refused report is kept beside the file, named in the error.
	if b, _ := os.ReadFile(ee.Kept); string(b) != "two" {
		t.Errorf("kept %q", b)
	}
	if err := os.Remove(ee.Kept); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Errorf("the refused write changed the file: %q", b)
	}
	if err := WriteFile(p, []byte("two"), true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("forced write: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	if err := WriteFile(filepath.Join(dir, "missing", "x.json"), []byte("x"), false); err == nil {
		t.Error("a write into a missing directory succeeded")
	}
}

// Row mutants go into their contract's declaration file, located at what
// the row changes: the rule, or the object's "unknown" code for its closed
// check, even where another object's rule gives the same code first; the
// report still validates; a row whose contract has no file is left out
// and counted.
func TestAddRows(t *testing.T) {
	outs, src, cases := sample()
	r := Build(outs, src, cases, "test", nil)
	decl := "spec/x/shapes.json"
	text := []byte(`{"conform_shapes": 1, "contract": "x/1", "order": "passes", "objects": [
  {"name": "bulb", "unknown": "x.unknown", "members": [{"name": "watts", "type": "number", "type_code": "x.type", "rules": [{"rule": "check", "check": "int", "max": "9", "code": "x.big"}]}]},
  {"name": "lamp", "unknown": "x.unknown", "members": [
    {"name": "watts", "type": "number", "type_code": "x.type",
     "rules": [{"rule": "check", "check": "int", "max": "60", "code": "x.big"}]}]}
]}
`)
	row := func(id, mutator, code string, st trial.Status) trial.RowOutcome {
		return trial.RowOutcome{RowMutant: trial.RowMutant{Contract: "x/1", Row: shapes.Row{ID: id, Mutator: mutator, Code: code, Detail: "changed"}}, Status: st}
	}
	killed := row("lamp.watts/0/BoundWiden/max", shapes.BoundWiden, "x.big", trial.Killed)
	killed.KilledBy, killed.Killers = &trial.Failure{ID: "0123456789abcdef", Name: "big"}, 1
	eq := row("lamp/closed/RuleDrop", shapes.RuleDrop, "x.unknown", trial.Ignored)
	eq.Equivalent = "no vector can tell"
	other := row("lamp/closed/RuleDrop", shapes.RuleDrop, "x.unknown", trial.Survived)
	other.Contract = "y/1"
	if n := r.AddRows([]trial.RowOutcome{killed, eq, other}, map[string]string{"x/1": decl}, map[string][]byte{decl: text}); n != 1 {
		t.Errorf("AddRows skipped %d rows, want 1", n)
	}
	f, ok := r.Files[decl]
	if !ok || f.Language != "json" || f.Source != string(text) || len(f.Mutants) != 2 {
		t.Fatalf("the declaration's file: %+v", f)
	}
	lines := strings.Split(string(text), "\n")
	at := func(l Location) string {
		if l.Start.Line != l.End.Line {
			return "lines " + fmt.Sprint(l.Start.Line, "-", l.End.Line)
		}
		return lines[l.Start.Line-1][l.Start.Column-1 : l.End.Column-1]
	}
	k, e := f.Mutants[0], f.Mutants[1]
	if k.ID != "x/1 lamp.watts/0/BoundWiden/max" || k.MutatorName != "BoundWiden" || k.Status != "Killed" ||
		!strings.HasSuffix(k.StatusReason, "; 1 vector fails") ||
		len(k.KilledBy) != 1 || k.KilledBy[0] != "0123456789abcdef" {
		t.Errorf("killed row: %+v", k)
	}
	if got := at(k.Location); k.Location.Start.Line != 5 || !strings.Contains(got, `"max": "60"`) {
		t.Errorf("the killed row is located at %+v, %q: want lamp's rule on line 5", k.Location, got)
	}
	if got := at(e.Location); e.Location.Start.Line != 3 || got != `"x.unknown"` || e.Status != "Ignored" || e.StatusReason != "declared equivalent: no vector can tell" {
		t.Errorf("equivalent row: %+v at %q", e, got)
	}
	data, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(data); err != nil {
		t.Errorf("report with rows: %v", err)
	}
}

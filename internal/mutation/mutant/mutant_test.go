package mutant

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

const fixture = "testdata/fixture"

func scanFixture(t *testing.T) *Package {
	t.Helper()
	p, err := ScanPackage(fixture, "guard", []string{"guard.go"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSites(t *testing.T) {
	p := scanFixture(t)
	type want struct {
		guard, code, message, cond string
	}
	wants := []want{
		{"ErrBig", "fx.big", "input too big", "len(in) > Max"},
		{"ErrX", "fx.x", "input starts with x", "in[0] == 'x'"},
		{"ErrDel", "fx.del", "third byte is DEL", "len(in) >= 3 && in[2] == 0x7F"},
		{"ErrLone", "fx.lone", "lone marker", "lone"},
		{"ErrOdd", "fx.odd", "odd hash input", "odd"},
		{"ErrNaN", "fx.nan", "not a number", "!math.IsNaN(f)"},
		{"ErrSyntax", "fx.syntax", "not valid", ""},
	}
	if len(p.Sites) != len(wants) {
		t.Fatalf("%d sites, want %d: %+v", len(p.Sites), len(wants), p.Sites)
	}
	for i, w := range wants {
		s := p.Sites[i]
		if s.Guard != w.guard || s.Code != w.code || s.Message != w.message || s.Contract != "fx/1" || s.Cond != w.cond {
			t.Errorf("site %d: %+v, want %+v", i, s, w)
		}
		if s.Conditional() != (w.cond != "") {
			t.Errorf("site %d: conditional %v", i, s.Conditional())
		}
		if s.File != "guard/guard.go" || s.Line == 0 {
			t.Errorf("site %d: at %s", i, s)
		}
	}
	if p.Sites[0].Func != "(*Checker).Check" || p.Sites[6].Func != "(*Checker).syntax" {
		t.Errorf("funcs %q %q", p.Sites[0].Func, p.Sites[6].Func)
	}
}

func TestMutants(t *testing.T) {
	p := scanFixture(t)
	src := p.Sources["guard/guard.go"]
	type edit struct {
		mu                    Mutator
		original, replacement string
	}
	perGuard := map[string][]edit{}
	ids := map[string]bool{}
	for _, m := range p.Mutants {
		perGuard[m.Site.Guard] = append(perGuard[m.Site.Guard], edit{m.Mutator, m.Original, m.Replacement})
		if ids[m.ID] || len(m.ID) != 12 {
			t.Errorf("id %q repeats or is malformed", m.ID)
		}
		ids[m.ID] = true
		mutated, err := m.Apply(src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "guard.go", mutated, 0); err != nil {
			t.Errorf("mutant %s (%s -> %s) does not parse: %v", m.ID, m.Original, m.Replacement, err)
		}
		if string(src[m.Offset:m.EndOffset]) != m.Original || (m.Start.Line != m.Site.CondLine && m.Site.Guard != "ErrOdd") {
			t.Errorf("mutant %s: span %d-%d line %d", m.ID, m.Offset, m.EndOffset, m.Start.Line)
		}
		d := m.Diff(src)
		if !strings.Contains(d, "\n-") || !strings.Contains(d, "\n+"+strings.Split(string(mutated), "\n")[m.Start.Line-1]+"\n") {
			t.Errorf("diff of %s:\n%s", m.ID, d)
		}
	}
	want := map[string][]edit{
		"ErrBig": {
			{Delete, "len(in) > Max", "false && (len(in) > Max)"},
			{Negate, "len(in) > Max", "!(len(in) > Max)"},
			{BoundOperator, ">", ">="},
			{BoundConstant, "Max", "(Max + 1)"},
			{BoundConstant, "Max", "(Max - 1)"},
		},
		"ErrX": {
			{Delete, "in[0] == 'x'", "false && (in[0] == 'x')"},
			{Negate, "in[0] == 'x'", "!(in[0] == 'x')"},
			{BoundConstant, "0", "1"}, // never below zero as an index
			{BoundConstant, "'x'", "('x' + 1)"},
			{BoundConstant, "'x'", "('x' - 1)"},
		},
		"ErrDel": {
			{Delete, "len(in) >= 3 && in[2] == 0x7F", "false && (len(in) >= 3 && in[2] == 0x7F)"},
			{Negate, "len(in) >= 3 && in[2] == 0x7F", "!(len(in) >= 3 && in[2] == 0x7F)"},
			{BoundOperator, ">=", ">"},
			{BoundConstant, "3", "4"},
			{BoundConstant, "3", "2"},
			{BoundConstant, "2", "3"},
			{BoundConstant, "2", "1"},
			{BoundConstant, "0x7F", "0x80"},
			{BoundConstant, "0x7F", "0x7E"},
		},
		"ErrLone": {
			{Delete, "lone", "false && lone"},
			{Negate, "lone", "!(lone)"},
		},
		// The condition reads odd, which reads hi: their definitions'
		// bounds are shifted; in, assigned twice, is not followed.
		"ErrOdd": {
			{Delete, "odd", "false && odd"},
			{Negate, "odd", "!(odd)"},
			{BoundOperator, ">=", ">"},
			{BoundConstant, "2", "3"},
			{BoundConstant, "2", "1"},
			{BoundConstant, "1", "2"},
			{BoundConstant, "1", "0"},
			{BoundConstant, "4", "5"},
			{BoundConstant, "4", "3"},
			{BoundConstant, "3", "4"},
			{BoundConstant, "3", "2"},
			{BoundConstant, "'#'", "('#' + 1)"},
			{BoundConstant, "'#'", "('#' - 1)"},
		},
		"ErrNaN": { // in the else branch: deleting makes the condition always true
			{Delete, "!math.IsNaN(f)", "true || !math.IsNaN(f)"},
			{Negate, "!math.IsNaN(f)", "!(!math.IsNaN(f))"},
		},
	}
	for g, w := range want {
		got := perGuard[g]
		if len(got) != len(w) {
			t.Errorf("%s: %d mutants %v, want %d %v", g, len(got), got, len(w), w)
			continue
		}
		for i := range w {
			if got[i] != w[i] {
				t.Errorf("%s mutant %d: %v, want %v", g, i, got[i], w[i])
			}
		}
	}
	if len(perGuard["ErrSyntax"]) != 0 {
		t.Errorf("the unconditional site got mutants: %v", perGuard["ErrSyntax"])
	}
	if _, err := p.Mutants[0].Apply([]byte("changed")); err == nil {
		t.Error("Apply to other text did not fail")
	}
}

func TestEquivalents(t *testing.T) {
	p := scanFixture(t)
	var target Mutant
	for _, m := range p.Mutants {
		if m.Site.Code == "fx.del" && m.Original == "0x7F" && m.Replacement == "0x80" {
			target = m
		}
	}
	data := "# comment\n\n" +
		`{"file":"guard/guard.go","code":"fx.del","cond":"len(in) >= 3 && in[2] == 0x7F","mutator":"BoundConstant","original":"0x7F","replacement":"0x80","why":"test"}` + "\n"
	eqs, err := ParseEquivalents("eq.jsonl", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(eqs) != 1 || eqs[0].Line != 3 || !eqs[0].Matches(target) {
		t.Fatalf("%+v does not match %+v", eqs, target)
	}
	matches := 0
	for _, m := range p.Mutants {
		if eqs[0].Matches(m) {
			matches++
		}
	}
	if matches != 1 {
		t.Errorf("%d matches", matches)
	}
	gone := eqs[0]
	gone.Cond = "a condition that changed"
	if st := Stale([]Equivalent{eqs[0], gone}, p.Mutants); len(st) != 1 || st[0].Cond != gone.Cond {
		t.Errorf("stale: %+v", st)
	}
	for _, bad := range []string{
		`{"file":"a","code":"b","cond":"c","mutator":"Nope","original":"d","replacement":"e","why":"f"}`,
		`{"file":"a","code":"b","cond":"c","mutator":"GuardNegate","original":"d","replacement":"e"}`,
		`{"file":"a","code":"b","cond":"c","mutator":"GuardNegate","original":"d","replacement":"e","why":"f","extra":1}`,
		`not json`,
	} {
		if _, err := ParseEquivalents("eq.jsonl", []byte(bad)); err == nil || !strings.Contains(err.Error(), "eq.jsonl:1") {
			t.Errorf("%s: err %v", bad, err)
		}
	}
}

// The same literal twice in one condition makes mutants alike but for
// their occurrence; a declaration without its occurrence matches both and
// is ambiguous, one with it matches one.
func TestOccurrenceTellsAlikeMutantsApart(t *testing.T) {
	dir := t.TempDir()
	src := `package g

type Guard struct{ Contract, Code, Message string }

type C struct{}

func (C) Refuse(g Guard) error { return nil }

var ErrLow = Guard{Contract: "t/1", Code: "t.low", Message: "too low"}

func F(a, b int) error {
	var c C
	if a < 1 || b < 1 {
		return c.Refuse(ErrLow)
	}
	return nil
}
`
	if err := os.WriteFile(filepath.Join(dir, "g.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ScanPackage(dir, ".", []string{"g.go"})
	if err != nil {
		t.Fatal(err)
	}
	var alike []Mutant
	for _, m := range p.Mutants {
		if m.Mutator == BoundConstant && m.Original == "1" && m.Replacement == "0" {
			alike = append(alike, m)
		}
	}
	if len(alike) != 2 || alike[0].Occurrence != 1 || alike[1].Occurrence != 2 || alike[0].Start.Column >= alike[1].Start.Column {
		t.Fatalf("the two 1 -> 0 mutants: %+v", alike)
	}
	for _, m := range p.Mutants {
		if m.Occurrence < 1 {
			t.Errorf("mutant %s has occurrence %d", m.ID, m.Occurrence)
		}
	}
	decl := `{"file":"g.go","code":"t.low","cond":"a < 1 || b < 1","mutator":"BoundConstant","original":"1","replacement":"0","why":"w"}`
	eqs, err := ParseEquivalents("eq.jsonl", []byte(decl+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	errs := Ambiguous(eqs, p.Mutants)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "eq.jsonl:1: the declaration matches 2 mutants") || !strings.Contains(errs[0].Error(), "occurrences 1, 2") {
		t.Errorf("an ambiguous declaration: %v", errs)
	}
	eqs, err = ParseEquivalents("eq.jsonl", []byte(strings.Replace(decl, `"why"`, `"occurrence":2,"why"`, 1)+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if errs := Ambiguous(eqs, p.Mutants); len(errs) != 0 {
		t.Errorf("a declaration with its occurrence: %v", errs)
	}
	if eqs[0].Matches(alike[0]) || !eqs[0].Matches(alike[1]) {
		t.Error("the declaration of occurrence 2 matches the wrong mutant")
	}
	if _, err := ParseEquivalents("eq.jsonl", []byte(strings.Replace(decl, `"why"`, `"occurrence":-1,"why"`, 1)+"\n")); err == nil {
		t.Error("a negative occurrence parsed")
	}
}

// A source file that is a named pipe is refused, without waiting on it.
func TestScanRefusesANamedPipe(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "g.go"), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ScanPackage(dir, ".", []string{"g.go"}); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file (named pipe)") {
			t.Errorf("ScanPackage of a named pipe: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ScanPackage waits on a named pipe")
	}
}

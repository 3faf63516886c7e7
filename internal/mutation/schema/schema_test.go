package schema

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/mutation/mutant"
)

// A small file with a condition that holds a comparison: the mutants of
// both share no point, the comparison's point nests inside the
// condition's, each branch holds its one edit, and the original branch
// holds the inner closure.
func TestGenerateNests(t *testing.T) {
	src := []byte("package p\n\nfunc f(n int, ok bool) bool {\n\tif n > 3 && ok {\n\t\treturn true\n\t}\n\treturn false\n}\n")
	cond := "n > 3 && ok"
	at := bytes.Index(src, []byte(cond))
	gt := at + strings.Index(cond, ">")
	ms := []mutant.Mutant{
		{ID: "aaaaaaaaaaaa", Mutator: mutant.Negate, File: "p/p.go", Offset: at, EndOffset: at + len(cond), Original: cond, Replacement: "!(" + cond + ")"},
		{ID: "bbbbbbbbbbbb", Mutator: mutant.BoundOperator, File: "p/p.go", Offset: gt, EndOffset: gt + 1, Original: ">", Replacement: ">="},
		{ID: "cccccccccccc", Mutator: mutant.BoundConstant, File: "p/p.go", Offset: gt + 2, EndOffset: gt + 3, Original: "3", Replacement: "4"},
	}
	b, err := Generate(map[string][]byte{"p/p.go": src}, ms, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.Points != 2 || len(b.Dropped) != 0 || len(b.Number) != 3 {
		t.Fatalf("points %d, dropped %v, numbers %v", b.Points, b.Dropped, b.Number)
	}
	if b.Point["aaaaaaaaaaaa"] != 1 || b.Point["bbbbbbbbbbbb"] != 2 || b.Point["cccccccccccc"] != 2 {
		t.Errorf("points: %v", b.Point)
	}
	got := string(b.Files["p/p.go"])
	for _, want := range []string{
		`package p; import conformSchemata__ "github.com/conform-dev/conform/reference/refusal"`,
		"case 1: return (!(n > 3 && ok));",
		"case 2: return (n >= 3);",
		"case 3: return (n > 4);",
		"}; return (func() bool { conformSchemata__.Reach(2);",
		"}; return (n > 3) }() && ok) }() {",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("schemata lack %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "\n") != bytes.Count(src, []byte("\n")) {
		t.Errorf("the schemata moved lines:\n%s", got)
	}
	for id, n := range b.Number {
		if ids := b.Blame("p/p.go", strings.Index(got, "case "+string(rune('0'+n))+":")+8); len(ids) != 1 || ids[0] != id {
			t.Errorf("blame of mutant %d's branch: %v, want %s", n, ids, id)
		}
	}
	if !bytes.Contains(b.Files[RegisterFile], []byte(`"cccccccccccc": 3,`)) || !bytes.Contains(b.Files[RegisterFile], []byte("}, 2)")) {
		t.Errorf("register file:\n%s", b.Files[RegisterFile])
	}
}

// A constant outside every boolean expression gets no point: dropped, with
// the reason.
func TestGenerateDropsWhatNoBooleanHolds(t *testing.T) {
	src := []byte("package p\n\nvar limit = 5\n")
	at := bytes.IndexByte(src, '5')
	b, err := Generate(map[string][]byte{"p/p.go": src}, []mutant.Mutant{{ID: "dddddddddddd", Mutator: mutant.BoundConstant, File: "p/p.go", Offset: at, EndOffset: at + 1, Original: "5", Replacement: "6"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Dropped) != 1 || !strings.Contains(b.Dropped[0].Reason, "no boolean expression") || b.Files["p/p.go"] != nil || len(b.Number) != 0 {
		t.Errorf("dropped %v, files %v, numbers %v", b.Dropped, b.Files, b.Number)
	}
}

// The schemata of every mutant of the Go reference type-check (go/types,
// against the normal build's export data), but those that cannot, which
// are dropped with a reason; a mutant made not to type-check is dropped
// alone, and every other keeps its number and point.
func TestPrepareTheReference(t *testing.T) {
	ctx := context.Background()
	set, err := mutant.Scan(ctx, "../../..", "./cmd/conform-harness")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := List(ctx, "../../..", "./cmd/conform-harness")
	if err != nil {
		t.Fatal(err)
	}
	ms := append([]mutant.Mutant(nil), set.Mutants...)
	bad := ms[len(ms)/2]
	bad.ID, bad.Replacement = "badbadbadbad", "noSuchName__"
	ms = append(ms, bad)
	b, err := Prepare(ps, set.Sources, ms)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Number)+len(b.Dropped) != len(ms) {
		t.Fatalf("%d numbered + %d dropped != %d mutants", len(b.Number), len(b.Dropped), len(ms))
	}
	found := false
	for _, d := range b.Dropped {
		if d.Reason == "" {
			t.Errorf("%s dropped without a reason", d.Mutant.ID)
		}
		if d.Mutant.ID == bad.ID {
			found = strings.Contains(d.Reason, "does not type-check")
		}
	}
	if !found {
		t.Errorf("the mutant that does not type-check was not dropped for it: %v", b.Dropped)
	}
	// Most of the reference's mutants sit in a boolean expression.
	if len(b.Dropped) > len(ms)/20 {
		t.Errorf("%d of %d mutants dropped", len(b.Dropped), len(ms))
	}
	seen := map[int32]bool{}
	for id, n := range b.Number {
		if seen[n] || b.Point[id] < 1 || int(b.Point[id]) > b.Points {
			t.Errorf("mutant %s: number %d, point %d of %d", id, n, b.Point[id], b.Points)
		}
		seen[n] = true
	}
	t.Logf("%d mutants, %d behind the switch at %d points, %d dropped", len(ms), len(b.Number), b.Points, len(b.Dropped))
	// No constant is ever typed (a typed point would lose the compiler's
	// constant checks), while the expressions around it are.
	files := map[string]bool{}
	for _, m := range set.Mutants {
		files[m.File] = true
	}
	typed, err := ps.types(set.Sources, files)
	if err != nil {
		t.Fatal(err)
	}
	literals := 0
	for _, m := range set.Mutants {
		if m.Mutator == mutant.BoundConstant && m.Original[0] >= '0' && m.Original[0] <= '9' {
			literals++
			if ty := typed(m.File, m.Offset, m.EndOffset); ty != "" {
				t.Errorf("%s: the constant %s is typed %s", m.Site, m.Original, ty)
			}
		}
	}
	if literals == 0 {
		t.Error("no BoundConstant mutant of a literal to check")
	}
}

// A mutant whose point would hold a call of recover is built on its own:
// in a closure, recover returns nil and the panic goes on.
func TestGenerateKeepsRecoverDirect(t *testing.T) {
	src := []byte("package p\n\nfunc f() (bad bool) {\n\tdefer func() {\n\t\tif recover() != nil {\n\t\t\tbad = true\n\t\t}\n\t}()\n\treturn false\n}\n")
	cond := "recover() != nil"
	at := bytes.Index(src, []byte(cond))
	b, err := Generate(map[string][]byte{"p/p.go": src}, []mutant.Mutant{{ID: "eeeeeeeeeeee", Mutator: mutant.Negate, File: "p/p.go", Offset: at, EndOffset: at + len(cond), Original: cond, Replacement: "!(" + cond + ")"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Dropped) != 1 || !strings.Contains(b.Dropped[0].Reason, "recover") || b.Files["p/p.go"] != nil {
		t.Errorf("dropped %v, files %v", b.Dropped, b.Files)
	}
}

// A constant is never a typed point: `n / 1` made `n / 0` must stay a
// compile error (the per-build mutant's verdict), not a closure that
// panics at run time. The point is the division, whose branch then does
// not type-check, and the mutant is built on its own.
func TestPrepareKeepsConstantChecks(t *testing.T) {
	src := []byte("package p\n\nfunc f(n int) int {\n\tq := n / 1\n\treturn q\n}\n")
	at := bytes.Index(src, []byte("1\n"))
	m := mutant.Mutant{ID: "ffffffffffff", Mutator: mutant.BoundConstant, File: "p/p.go", Offset: at, EndOffset: at + 1, Original: "1", Replacement: "0"}
	types := func(file string, from, to int) string {
		// As Packages.types answers: n / 1 is an int; the literal, a
		// constant, has no entry.
		if from == bytes.Index(src, []byte("n / 1")) && to == at+1 {
			return "int"
		}
		return ""
	}
	b, err := generate(map[string][]byte{"p/p.go": src}, []mutant.Mutant{m}, nil, types)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b.Files["p/p.go"]); !strings.Contains(got, "func() int {") || !strings.Contains(got, "return (n / 0);") {
		t.Errorf("schemata:\n%s", got)
	}
}

// A row's reach key names its own object, whose name may hold dots: the
// member is what follows the last dot; a closed row's id names the object
// whole.
func TestRowReach(t *testing.T) {
	for id, want := range map[string]string{
		"trust.issued_at/1/RuleDrop":              "x/1 trust",
		"trust.keys[].key_id/0/RuleDrop":          "x/1 trust.keys[]",
		"pinobj.of-run-payers.level/0/PinnedFlip": "x/1 pinobj.of-run-payers",
		"pinobj.of-run-payers/closed/RuleDrop":    "x/1 pinobj.of-run-payers",
		"trust/closed/RuleDrop":                   "x/1 trust",
		"trust.keys/1.0/BoundWiden/max":           "x/1 trust",
	} {
		if got := RowReach("x/1", id); got != want {
			t.Errorf("RowReach(%q) = %q, want %q", id, got, want)
		}
	}
}

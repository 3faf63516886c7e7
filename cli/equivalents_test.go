package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadEquivalents checks where the equivalence declarations come
// from: mutation/equivalent.jsonl and every reference/<contract>/
// equivalent.jsonl of the module, or --equivalent alone; and that a
// contract's file may declare only mutants of its own folder.
func TestLoadEquivalents(t *testing.T) {
	line := func(file, why string) string {
		return `{"file":"` + file + `","code":"x.a","cond":"a < b","mutator":"BoundOperator","original":"<","replacement":"<=","why":"` + why + `"}` + "\n"
	}
	root := t.TempDir()
	write := func(rel, data string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// No declarations at all: none, no error.
	if eqs, err := loadEquivalents(root, ""); err != nil || len(eqs) != 0 {
		t.Fatalf("empty module: %v %v", eqs, err)
	}
	write("mutation/equivalent.jsonl", "# shared\n"+line("reference/x/x.go", "shared"))
	write("reference/y/equivalent.jsonl", line("reference/y/y.go", "own y"))
	write("reference/z/equivalent.jsonl", line("reference/z/sub/z.go", "own z"))
	eqs, err := loadEquivalents(root, "")
	if err != nil {
		t.Fatal(err)
	}
	var whys []string
	for _, e := range eqs {
		whys = append(whys, e.Why)
	}
	if got := strings.Join(whys, ","); got != "shared,own y,own z" {
		t.Errorf("declarations %s", got)
	}
	// --equivalent reads that file only.
	if eqs, err := loadEquivalents(root, filepath.Join(root, "reference/y/equivalent.jsonl")); err != nil || len(eqs) != 1 || eqs[0].Why != "own y" {
		t.Errorf("--equivalent: %v %v", eqs, err)
	}
	if _, err := loadEquivalents(root, filepath.Join(root, "none.jsonl")); err == nil {
		t.Error("a missing --equivalent file is not an error")
	}
	// A contract's file declaring another folder's mutant is refused,
	// naming the file and line.
	write("reference/y/equivalent.jsonl", line("reference/y/y.go", "own y")+line("reference/x/x.go", "stray"))
	if _, err := loadEquivalents(root, ""); err == nil || !strings.Contains(err.Error(), "equivalent.jsonl:2") || !strings.Contains(err.Error(), "outside its own folder") {
		t.Errorf("stray declaration: %v", err)
	}
}

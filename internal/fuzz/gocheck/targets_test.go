package gocheck

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/conform-dev/conform/internal/module"

	"github.com/conform-dev/conform/internal/fuzz/cases"
)

// TestTargetsHaveFuzzFunctions checks that the registered targets and the
// fuzz functions of fuzz/gocheck's test files (each contract's own
// <ident>_fuzz_test.go, which .clusterfuzzlite/compile.sh lists the same way)
// name the same targets, that each function fuzzes its own name, and that
// the targets come in the catalogue's order of their formats' contracts.
func TestTargetsHaveFuzzFunctions(t *testing.T) {
	root, err := module.Root()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "fuzz", "gocheck", "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fuzz functions in fuzz/gocheck (%v)", err)
	}
	decl := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\) \{$`)
	funcs := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			if !regexp.MustCompile(`CachedSeeds\("`+m[1]+`"\)`).Match(src) || !regexp.MustCompile(`CheckInput\("`+m[1]+`", data\)`).Match(src) {
				t.Errorf("%s: %s does not seed and check its own target", f, m[1])
			}
			funcs[m[1]] = f
		}
	}
	prev := ""
	for _, tg := range Targets {
		if funcs[tg.Name] == "" {
			t.Errorf("target %s has no fuzz function", tg.Name)
		}
		delete(funcs, tg.Name)
		in, ok := cases.Lookup(tg.Input)
		if !ok {
			t.Errorf("%s reads the unknown format %s", tg.Name, tg.Input)
			continue
		}
		if in.Contract < prev {
			t.Errorf("%s (%s) comes after a target of %s", tg.Name, in.Contract, prev)
		}
		prev = in.Contract
	}
	for name, f := range funcs {
		t.Errorf("%s: fuzz function %s is not a registered target", f, name)
	}
}

package layers

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/module"
)

// pkg is what go list -json says of a package.
type pkg struct {
	Name         string
	ImportPath   string
	Doc          string
	GoFiles      []string
	Deps         []string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// list runs go list -json over patterns (relative to the module root,
// "internal/impl", "reference/...") and returns the module's own packages,
// each with Deps, every package it depends on.
func list(t *testing.T, patterns ...string) []pkg {
	t.Helper()
	args := []string{"list", "-json=Name,ImportPath,Doc,GoFiles,Deps,Imports,TestImports,XTestImports"}
	for _, p := range patterns {
		args = append(args, module.Package(p))
	}
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(cmd.Args[1:], " "), err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if ours(p.ImportPath) {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs
}

func ours(path string) bool { return path == module.Path || strings.HasPrefix(path, module.Path+"/") }

// under reports whether the import path is the module's package at dir
// (relative to the module root) or below it.
func under(path, dir string) bool {
	root := module.Package(dir)
	return path == root || strings.HasPrefix(path, root+"/")
}

// internal reports whether the import path has an internal element: Go
// lets only the tree above it import it.
func internal(path string) bool {
	return strings.HasSuffix(path, "/internal") || strings.Contains(path, "/internal/")
}

// internal/impl, the shared types, depends on nothing of conform.
func TestSharedTypesAreTheBottom(t *testing.T) {
	pkgs := list(t, "internal/impl")
	if len(pkgs) != 1 {
		t.Fatalf("go list internal/impl: %d packages", len(pkgs))
	}
	for _, d := range pkgs[0].Deps {
		if ours(d) {
			t.Errorf("internal/impl depends on %s", d)
		}
	}
}

// The Go reference's packages depend on nothing of conform outside
// reference/ but the public catalogue it is written from (spec and
// spec/shapes: the refusal tables and the declarations of shapes, data
// and their format, which depend on nothing of conform). A command kept
// beside a contract's reference to generate its code from the spec
// (package main, run by go generate) is a tool, not the reference: it may
// write its files as conform writes every file (internal/atomicfile).
func TestReferenceImportsOnlyItself(t *testing.T) {
	pkgs := list(t, "reference/...")
	if len(pkgs) < 2 {
		t.Fatalf("go list reference/...: %d packages", len(pkgs))
	}
	for _, p := range pkgs {
		if p.Name == "main" {
			continue
		}
		for _, d := range p.Deps {
			if ours(d) && !under(d, "reference") && d != module.Package("spec") && d != module.Package("spec/shapes") {
				t.Errorf("%s depends on %s", p.ImportPath, d)
			}
		}
	}
}

// public lists the directories whose packages another module may import:
// the Go reference and everything below it (but its internal/), the
// vectors, the catalogue and the mirrors' sources.
var public = []string{"reference", "vectors", "spec", "mirrors"}

// Every package another module can import (not main, with Go files
// besides its tests, outside every internal/) is of the public surface;
// its doc comment says it is public; and it depends on nothing of conform
// that is internal but the reference's own internal packages.
func TestPublicSurface(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range list(t, "...") {
		if p.Name == "main" || len(p.GoFiles) == 0 || internal(p.ImportPath) {
			continue
		}
		i := slices.IndexFunc(public, func(dir string) bool { return under(p.ImportPath, dir) })
		if i < 0 {
			t.Errorf("%s can be imported by another module, and is not of the public surface (%v): move it under internal/", p.ImportPath, public)
			continue
		}
		seen[public[i]] = true
		if !strings.Contains(p.Doc, "public") {
			t.Errorf("%s: its doc comment does not say that it is public and what it promises (%q)", p.ImportPath, p.Doc)
		}
		for _, d := range p.Deps {
			if ours(d) && internal(d) && !under(d, "reference/internal") {
				t.Errorf("public %s depends on %s", p.ImportPath, d)
			}
		}
	}
	for _, dir := range public {
		if !seen[dir] {
			t.Errorf("no public package under %s: the check looked at the wrong graph", dir)
		}
	}
}

// No package imports internal/cli (nor any package under it), in its code
// or its tests, but cmd/conform, the main package that runs it.
func TestNothingImportsTheCommandLine(t *testing.T) {
	cli, main := module.Package("internal/cli"), module.Package("cmd/conform")
	seen := false
	for _, p := range list(t, "...") {
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if !under(imp, "internal/cli") {
				continue
			}
			if p.ImportPath == main && imp == cli {
				seen = true
				continue
			}
			if !under(p.ImportPath, "internal/cli") {
				t.Errorf("%s imports %s", p.ImportPath, imp)
			}
		}
	}
	if !seen {
		t.Error("cmd/conform does not import internal/cli: the check looked at the wrong graph")
	}
}

// none fails for every package of dirs that depends on a package under
// one of the directories in forbidden.
func none(t *testing.T, dirs []string, forbidden ...string) {
	t.Helper()
	pkgs := list(t, dirs...)
	if len(pkgs) < len(dirs) {
		t.Fatalf("go list %v: %d packages", dirs, len(pkgs))
	}
	for _, p := range pkgs {
		for _, d := range p.Deps {
			for _, f := range forbidden {
				if under(d, f) {
					t.Errorf("%s depends on %s", p.ImportPath, d)
				}
			}
		}
	}
}

// The driver serves the test doubles (internal/fake) without the fuzz
// tree.
func TestDriverImportsNoFuzzTree(t *testing.T) {
	none(t, []string{"internal/driver"}, "fuzz", "internal/fuzz")
}

// The configuration and the ledger take the implementations' name rules
// from internal/impl, not from the driver.
func TestNameRulesAreImpls(t *testing.T) {
	none(t, []string{"internal/config", "internal/ledger"}, "internal/driver")
}

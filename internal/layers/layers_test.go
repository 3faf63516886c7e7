package layers

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// pkg is what go list -json says of a package.
type pkg struct {
	Name         string
	ImportPath   string
	Deps         []string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// list runs go list -json over patterns and returns the module's own
// packages, each with Deps, every package it depends on.
func list(t *testing.T, patterns ...string) []pkg {
	t.Helper()
	args := []string{"list", "-json=Name,ImportPath,Deps,Imports,TestImports,XTestImports"}
	cmd := exec.Command("go", append(args, patterns...)...)
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

func ours(path string) bool { return path == "conform" || strings.HasPrefix(path, "conform/") }

func under(path, root string) bool { return path == root || strings.HasPrefix(path, root+"/") }

// conform/impl, the shared types, depends on nothing of conform.
func TestSharedTypesAreTheBottom(t *testing.T) {
	pkgs := list(t, "conform/impl")
	if len(pkgs) != 1 {
		t.Fatalf("go list conform/impl: %d packages", len(pkgs))
	}
	for _, d := range pkgs[0].Deps {
		if ours(d) {
			t.Errorf("conform/impl depends on %s", d)
		}
	}
}

// The Go reference's packages depend on nothing of conform outside
// conform/reference/. A command kept beside a contract's reference to
// generate its code from the spec (package main, run by go generate) is a
// tool, not the reference: it may write its files as conform writes every
// file (internal/atomicfile).
func TestReferenceImportsOnlyItself(t *testing.T) {
	pkgs := list(t, "conform/reference/...")
	if len(pkgs) < 2 {
		t.Fatalf("go list conform/reference/...: %d packages", len(pkgs))
	}
	for _, p := range pkgs {
		if p.Name == "main" {
			continue
		}
		for _, d := range p.Deps {
			if ours(d) && !under(d, "conform/reference") {
				t.Errorf("%s depends on %s", p.ImportPath, d)
			}
		}
	}
}

// No package imports conform/cli (nor any package under it), in its code or
// its tests, but cmd/conform, the main package that runs it.
func TestNothingImportsTheCommandLine(t *testing.T) {
	pkgs := list(t, "conform/...")
	seen := false
	for _, p := range pkgs {
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if !under(imp, "conform/cli") {
				continue
			}
			if p.ImportPath == "conform/cmd/conform" && imp == "conform/cli" {
				seen = true
				continue
			}
			if !under(p.ImportPath, "conform/cli") {
				t.Errorf("%s imports %s", p.ImportPath, imp)
			}
		}
	}
	if !seen {
		t.Error("cmd/conform does not import conform/cli: the check looked at the wrong graph")
	}
}

package mutant

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/spec"
)

// Set is every refusal site and mutant of the module packages one main
// package links.
type Set struct {
	// Root is the module root directory.
	Root string
	// Main is the main package scanned from, as given ("./cmd/conform-harness").
	Main string
	// Packages are the scanned packages that have at least one site.
	Packages []*Package
	// Sites and Mutants are the packages' sites and mutants, in package
	// then file order.
	Sites   []Site
	Mutants []Mutant
	// Sources holds every scanned file's text by its File path.
	Sources map[string][]byte
}

// listed is the part of `go list -json` the scan reads.
type listed struct {
	ImportPath string
	Dir        string
	Standard   bool
	GoFiles    []string
	Module     *struct{ Path, Dir string }
}

// Scan lists, with `go list -deps -json`, the packages the main package
// main (an import path or a ./ path relative to root) links that belong to
// the module at root (test files left out, build constraints applied), and
// scans each for refusal sites and mutants. It fails when the go command
// fails or a file does not parse.
func Scan(ctx context.Context, root, main string) (*Set, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-json=ImportPath,Dir,Standard,GoFiles,Module", main)
	cmd.Dir = abs
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v: %s", main, err, strings.TrimSpace(stderr.String()))
	}
	set := &Set{Root: abs, Main: main, Sources: map[string][]byte{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list %s: %w", main, err)
		}
		if p.Standard || p.Module == nil || !sameDir(p.Module.Dir, abs) {
			continue
		}
		rel, err := filepath.Rel(abs, p.Dir)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		pkg, err := ScanPackage(abs, rel, p.GoFiles)
		if err != nil {
			return nil, err
		}
		if len(pkg.Sites) == 0 {
			continue
		}
		set.Packages = append(set.Packages, pkg)
		set.Sites = append(set.Sites, pkg.Sites...)
		set.Mutants = append(set.Mutants, pkg.Mutants...)
		for f, src := range pkg.Sources {
			set.Sources[f] = src
		}
	}
	rows, err := declarationSites(abs, set.Sites)
	if err != nil {
		return nil, err
	}
	set.Sites = append(set.Sites, rows...)
	SortSites(set.Sites)
	return set, nil
}

// declarationSites returns, when some site of sites is the shape
// interpreter's (Rows), one site per code of every declaration of shapes
// in the module at root (spec/<name>/shapes.json): the line of the code's
// first row. The row mutants (package spec/shapes) change them.
func declarationSites(root string, sites []Site) ([]Site, error) {
	linked := false
	for _, s := range sites {
		linked = linked || s.Rows
	}
	if !linked {
		return nil, nil
	}
	cat, err := spec.ParseDir(os.DirFS(root), "spec")
	if err != nil {
		return nil, err
	}
	var out []Site
	for _, k := range cat.Contracts {
		if k.Shapes == "" {
			continue
		}
		d, err := spec.ParseShapes(os.DirFS(root), "spec", k)
		if err != nil {
			return nil, err
		}
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(k.Shapes)))
		if err != nil {
			return nil, err
		}
		for _, code := range d.Codes() {
			line := 1 + bytes.Count(text[:max(0, bytes.Index(text, []byte(`"`+code+`"`)))], []byte("\n"))
			msg := ""
			for _, r := range k.Refusals {
				if r.Code == code {
					msg = r.Message
				}
			}
			out = append(out, Site{File: k.Shapes, Line: line, Column: 1, Func: "declaration", Guard: code,
				Contract: k.Contract, Code: code, Message: msg, Cond: "declared rule", CondLine: line, Row: true})
		}
	}
	return out, nil
}

func sameDir(a, b string) bool {
	ai, err1 := os.Stat(a)
	bi, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ai, bi)
}

// ModuleRoot returns the root of the Go module that holds dir, from
// `go env GOMOD`, and the module path from its go.mod. It fails when dir is
// not inside a module.
func ModuleRoot(ctx context.Context, dir string) (root, module string, err error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", "", fmt.Errorf("%s is not inside a Go module", dir)
	}
	data, err := infile.ReadFile(gomod, infile.Bound{Max: 1 << 20, What: "a go.mod"})
	if err != nil {
		return "", "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "module" {
			module = strings.Trim(f[1], `"`)
			break
		}
	}
	return filepath.Dir(gomod), module, nil
}

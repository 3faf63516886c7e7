package schema

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/conform-dev/conform/internal/mutation/mutant"
)

// listedPackage is what `go list -export` says of one package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
	Standard   bool
}

// Packages is the module's side of the main package's dependencies, as the
// type check needs them: each package's import path and files, by
// module-relative directory, and every dependency's export data.
type Packages struct {
	root    string
	byDir   map[string]listedPackage
	exports map[string]string
}

// List runs `go list -export -deps` on main (relative to root) and returns
// its packages: the export data of the normal build, which the type check
// imports (a schemata file changes function bodies only, never what a
// package exports).
func List(ctx context.Context, root, main string) (*Packages, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Standard", main)
	cmd.Dir = abs
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export %s: %v: %s", main, err, strings.TrimSpace(stderr.String()))
	}
	ps := &Packages{root: abs, byDir: map[string]listedPackage{}, exports: map[string]string{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list -export %s: %w", main, err)
		}
		ps.exports[p.ImportPath] = p.Export
		if rel, err := filepath.Rel(abs, p.Dir); err == nil && !p.Standard && !strings.HasPrefix(rel, "..") {
			ps.byDir[filepath.ToSlash(rel)] = p
		}
	}
	return ps, nil
}

// Check type-checks every package that b changes, with b's files in place
// of the originals, and returns each type error blamed on mutants (mutant
// id to the first error's text). An error that no mutant's text holds is
// returned as err: the schemata writer itself is wrong.
func (ps *Packages) Check(b *Build) (map[string]string, error) {
	dirs := map[string]bool{}
	for f := range b.Files {
		dirs[dirOf(f)] = true
	}
	var order []string
	for d := range dirs {
		order = append(order, d)
	}
	sort.Strings(order)
	blamed := map[string]string{}
	for _, dir := range order {
		p, ok := ps.byDir[dir]
		if !ok {
			return nil, fmt.Errorf("schemata: %s is not a package the main package links", dir)
		}
		fset := token.NewFileSet()
		var files []*ast.File
		unparsed := false
		names := append([]string(nil), p.GoFiles...)
		if dir == dirOf(RegisterFile) {
			names = append(names, filepath.Base(RegisterFile))
		}
		for _, n := range names {
			rel := dir + "/" + n
			src, err := ps.source(rel, b.Files)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
			if err != nil {
				if ids := blameParse(b, rel, err); len(ids) > 0 {
					for _, id := range ids {
						blamed[id] = err.Error()
					}
					unparsed = true
					continue
				}
				return nil, fmt.Errorf("schemata: %w", err)
			}
			files = append(files, f)
		}
		if unparsed {
			continue // checked again once the mutants that break it are dropped
		}
		var stray []string
		conf := types.Config{
			Importer: importer.ForCompiler(fset, "gc", ps.lookup),
			Error: func(err error) {
				var te types.Error
				if !errors.As(err, &te) {
					stray = append(stray, err.Error())
					return
				}
				pos := te.Fset.Position(te.Pos)
				ids := b.Blame(pos.Filename, pos.Offset)
				if len(ids) == 0 {
					stray = append(stray, err.Error())
				}
				for _, id := range ids {
					if _, seen := blamed[id]; !seen {
						blamed[id] = te.Msg
					}
				}
			},
		}
		_, _ = conf.Check(p.ImportPath, fset, files, nil)
		if len(stray) > 0 {
			return nil, fmt.Errorf("schemata: %s does not type-check outside any mutant: %s", dir, strings.Join(stray, "; "))
		}
	}
	return blamed, nil
}

// blameParse maps a parse error of a schemata file to the mutants whose
// text holds it.
func blameParse(b *Build, name string, err error) []string {
	var ids []string
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			ids = append(ids, b.Blame(name, e.Pos.Offset)...)
		}
	}
	return ids
}

// types type-checks the original packages of files and returns the type
// of each of their expressions that has a typed basic type and is not a
// constant: a constant made a closure's result would lose the compiler's
// checks of constants (a division by a constant 0, a constant index out
// of range), which the per-build mutant fails to compile on.
func (ps *Packages) types(sources map[string][]byte, files map[string]bool) (Types, error) {
	dirs := map[string]bool{}
	for f := range files {
		dirs[dirOf(f)] = true
	}
	spans := map[string]map[[2]int]string{}
	for dir := range dirs {
		p, ok := ps.byDir[dir]
		if !ok {
			return nil, fmt.Errorf("schemata: %s is not a package the main package links", dir)
		}
		fset := token.NewFileSet()
		var parsed []*ast.File
		for _, n := range p.GoFiles {
			rel := dir + "/" + n
			src, err := ps.source(rel, sources)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			parsed = append(parsed, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: importer.ForCompiler(fset, "gc", ps.lookup)}
		if _, err := conf.Check(p.ImportPath, fset, parsed, info); err != nil {
			return nil, fmt.Errorf("schemata: the unmutated %s does not type-check: %w", dir, err)
		}
		for x, tv := range info.Types {
			b, ok := tv.Type.(*types.Basic)
			if !ok || b.Info()&types.IsUntyped != 0 || !tv.IsValue() || tv.Value != nil {
				continue
			}
			pos := fset.Position(x.Pos())
			if spans[pos.Filename] == nil {
				spans[pos.Filename] = map[[2]int]string{}
			}
			spans[pos.Filename][[2]int{pos.Offset, fset.Position(x.End()).Offset}] = b.Name()
		}
	}
	return func(file string, from, to int) string { return spans[file][[2]int{from, to}] }, nil
}

// source is the text of the module-relative file rel: texts[rel] when it
// is there, the file on disk otherwise.
func (ps *Packages) source(rel string, texts map[string][]byte) ([]byte, error) {
	if src, ok := texts[rel]; ok {
		return src, nil
	}
	return os.ReadFile(filepath.Join(ps.root, filepath.FromSlash(rel)))
}

// lookup opens the export data of the package at import path p.
func (ps *Packages) lookup(p string) (io.ReadCloser, error) {
	f, ok := ps.exports[p]
	if !ok || f == "" {
		return nil, fmt.Errorf("no export data for %s", p)
	}
	return os.Open(f)
}

// Prepare writes b and checks it, dropping every mutant whose branch does
// not type-check, until what remains does: at most a few rounds, since a
// dropped branch cannot break another. The original packages' types give
// a point to a mutant no boolean expression holds.
func Prepare(ps *Packages, sources map[string][]byte, mutants []mutant.Mutant) (*Build, error) {
	files := map[string]bool{}
	for _, m := range mutants {
		files[m.File] = true
	}
	typed, err := ps.types(sources, files)
	if err != nil {
		return nil, err
	}
	skip := map[string]string{}
	for range 4 {
		b, err := generate(sources, mutants, skip, typed)
		if err != nil {
			return nil, err
		}
		blamed, err := ps.Check(b)
		if err != nil {
			return nil, err
		}
		if len(blamed) == 0 {
			return b, nil
		}
		for id, why := range blamed {
			skip[id] = "does not type-check in the schemata: " + why
		}
	}
	return nil, errors.New("schemata: still not type-checking after four rounds of dropping mutants")
}

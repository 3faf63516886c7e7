package ci

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notSmoked are the benchmarks that ci/test.sh does not run, by package
// directory and name, each with the reason. Every other benchmark runs
// there once.
var notSmoked = map[string]string{}

// smokeEnv is what a benchmark needs set on every line of ci/test.sh that
// runs it, to run as a smoke test and not as its full measurement.
var smokeEnv = map[string]string{
	"fuzz.BenchmarkThroughput": "CONFORM_BENCH_SMOKE=1",
	// the audit of the contract with the fewest vectors, not of all
	"internal/cli.BenchmarkMutateSingleCause": "CONFORM_BENCH_SMOKE=1",
}

// benchmark is one benchmark function of a module of the repository.
type benchmark struct {
	module string // the module's directory, relative to the repository ("." for conform's)
	pkg    string // the package's directory, relative to the module
	file   string // the file's name
	name   string
}

func (b benchmark) key() string {
	return filepath.ToSlash(filepath.Join(b.module, b.pkg)) + "." + b.name
}

// benchName is what go test takes for a benchmark (testing's rule: not
// followed by a lower-case letter).
var benchName = regexp.MustCompile(`^Benchmark($|[^a-z])`)

// benchmarks lists every benchmark function of every module under root,
// as go test finds them (directories named testdata, or starting with .
// or _, and node_modules are not packages).
func benchmarks(t *testing.T, root string) []benchmark {
	t.Helper()
	var out []benchmark
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if path != root && (n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		module := dir
		for {
			if _, err := os.Stat(filepath.Join(module, "go.mod")); err == nil {
				break
			}
			if module == root {
				t.Fatalf("%s: in no module", path)
			}
			module = filepath.Dir(module)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !benchName.MatchString(fn.Name.Name) || len(fn.Type.Params.List) != 1 {
				continue
			}
			if star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr); !ok || types(star.X) != "testing.B" {
				continue
			}
			m, _ := filepath.Rel(root, module)
			p, _ := filepath.Rel(module, dir)
			out = append(out, benchmark{module: filepath.ToSlash(m), pkg: filepath.ToSlash(p), file: filepath.Base(path), name: fn.Name.Name})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// types prints a type expression of the form pkg.Name.
func types(e ast.Expr) string {
	if s, ok := e.(*ast.SelectorExpr); ok {
		if x, ok := s.X.(*ast.Ident); ok {
			return x.Name + "." + s.Sel.Name
		}
	}
	return ""
}

// benchLine is one go test command of ci/test.sh that runs benchmarks.
type benchLine struct {
	text        string
	module      string   // the directory it runs in, relative to the repository
	env         []string // the variables set on it
	bench, skip *regexp.Regexp
	benchtime   string
	pkgs        []string
}

// benchLines reads the go test commands with -bench of the script at path:
// one a line, after any `cd DIR &&` in the same line.
func benchLines(t *testing.T, path string) []benchLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	unquote := func(s string) string {
		if len(s) >= 2 && (s[0] == '\'' && s[len(s)-1] == '\'' || s[0] == '"' && s[len(s)-1] == '"') {
			return s[1 : len(s)-1]
		}
		return s
	}
	var out []benchLine
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") || !strings.Contains(line, "-bench ") {
			continue
		}
		dir := "."
		for _, seg := range strings.Split(strings.Trim(line, "()"), "&&") {
			f := strings.Fields(seg)
			if len(f) == 2 && f[0] == "cd" {
				dir = f[1]
				continue
			}
			l := benchLine{text: strings.TrimSpace(seg), module: dir}
			for len(f) > 0 && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(f[0]) {
				l.env = append(l.env, f[0])
				f = f[1:]
			}
			if len(f) < 2 || f[0] != "go" || f[1] != "test" || !slices.Contains(f, "-bench") {
				continue
			}
			for i := 2; i < len(f); i++ {
				if !strings.HasPrefix(f[i], "-") {
					l.pkgs = append(l.pkgs, f[i])
					continue
				}
				if i+1 == len(f) {
					t.Fatalf("%s: %q: %s without a value", path, l.text, f[i])
				}
				v := unquote(f[i+1])
				i++
				switch f[i-1] {
				case "-bench", "-skip":
					if strings.Contains(v, "/") {
						t.Fatalf("%s: %q: this test reads no sub-benchmark pattern (%s)", path, l.text, v)
					}
					re := regexp.MustCompile(v)
					if f[i-1] == "-bench" {
						l.bench = re
					} else {
						l.skip = re
					}
				case "-benchtime":
					l.benchtime = v
				}
			}
			out = append(out, l)
		}
	}
	return out
}

// covers says whether the line runs package pkg of its module.
func (l benchLine) covers(b benchmark) bool {
	if l.module != b.module {
		return false
	}
	ctx := build.Default
	ctx.ToolTags = slices.Clone(ctx.ToolTags)
	for _, kv := range l.env {
		if x, ok := strings.CutPrefix(kv, "GOEXPERIMENT="); ok {
			for _, e := range strings.Split(x, ",") {
				ctx.ToolTags = append(ctx.ToolTags, "goexperiment."+e)
			}
		}
	}
	dir := filepath.Join("..", b.module, b.pkg)
	if ok, err := ctx.MatchFile(dir, b.file); err != nil || !ok {
		return false
	}
	if !l.bench.MatchString(b.name) || l.skip != nil && l.skip.MatchString(b.name) {
		return false
	}
	for _, p := range l.pkgs {
		p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
		switch {
		case p == "..." || p == b.pkg || p == "." && b.pkg == ".":
			return true
		case strings.HasSuffix(p, "/...") && (b.pkg == strings.TrimSuffix(p, "/...") || strings.HasPrefix(b.pkg, strings.TrimSuffix(p, "..."))):
			return true
		}
	}
	return false
}

// ci/test.sh runs every benchmark of both modules once (-benchtime 1x), as
// a smoke test, so that none rots unseen: each is matched by a go test
// -bench line of it (its module, its package, its build constraints under
// the line's GOEXPERIMENT, -bench and not -skip), but the few of
// notSmoked, each with its reason, which no line runs. A benchmark added
// anywhere without being run there fails this test.
func TestEveryBenchmarkRunsInCI(t *testing.T) {
	lines := benchLines(t, "test.sh")
	if len(lines) == 0 {
		t.Fatal("ci/test.sh runs no benchmark")
	}
	for _, l := range lines {
		if l.benchtime != "1x" {
			t.Errorf("ci/test.sh: %q runs its benchmarks with -benchtime %q, not once (1x)", l.text, l.benchtime)
		}
	}
	all := benchmarks(t, "..")
	found := map[string]bool{}
	for _, b := range all {
		found[b.key()] = true
		var by []benchLine
		for _, l := range lines {
			if l.covers(b) {
				by = append(by, l)
			}
		}
		why, excused := notSmoked[b.key()]
		switch {
		case excused && len(by) > 0:
			t.Errorf("%s (%s) runs in ci/test.sh (%q), though notSmoked says: %s", b.key(), b.file, by[0].text, why)
		case !excused && len(by) == 0:
			t.Errorf("%s (%s): no go test -bench line of ci/test.sh runs it", b.key(), b.file)
		}
		if env := smokeEnv[b.key()]; env != "" {
			for _, l := range by {
				if !slices.Contains(l.env, env) {
					t.Errorf("ci/test.sh: %q runs %s without %s, its full measurement", l.text, b.key(), env)
				}
			}
		}
	}
	for k := range notSmoked {
		if !found[k] {
			t.Errorf("notSmoked names %s, which is no benchmark", k)
		}
	}
	for k := range smokeEnv {
		if !found[k] {
			t.Errorf("smokeEnv names %s, which is no benchmark", k)
		}
	}
	if len(all) < 10 {
		t.Errorf("found only %d benchmarks: %v", len(all), all)
	}
}

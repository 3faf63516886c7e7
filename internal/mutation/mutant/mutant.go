// Package mutant finds the refusal sites of Go source with go/ast and makes
// the guard mutants of the audit (issue 6, "Source mutation of the Go
// reference"): for every guard site, delete it, negate its condition, and
// shift its bounds by one.
//
// A refusal site is a call `X.Refuse(G)` with one argument (the
// reference/refusal mechanism: `if err := c.Refuse(ErrSize); err != nil {
// return err }`). Its guard is the nearest enclosing `if` whose body (or
// else branch) holds the call, or the nearest enclosing clause `case cond:`
// of a switch without a tag, in the same function. Its condition is what the
// mutants change:
//
//   - GuardDelete replaces the condition c with `false && (c)` (with
//     `true || (c)` when the call is in the else branch): the guard never
//     fires, its body never runs and c is never evaluated, exactly as if
//     the statement were deleted, but what only c used (a variable, an
//     import) stays used, so the mutant compiles;
//   - GuardNegate replaces the condition c with !(c);
//   - BoundOperator swaps < and <=, > and >= in the condition, one
//     comparison at a time;
//   - BoundConstant adds and subtracts one to each integer constant of the
//     condition, one at a time: integer and rune literals, and identifiers
//     of the package's own integer constants (MaxDepth becomes
//     (MaxDepth + 1)). A constant index is not shifted below zero, which
//     never compiles.
//
// The bound mutators also reach through local variables: when the
// condition reads a variable its function assigns exactly once (`high :=
// u >= 0xD800 && u <= 0xDBFF; if high && !paired {...}`), the bounds of that
// definition, and of the definitions it reads in turn, are shifted too. A
// guard's condition is thus the same whether it is written inline or
// hoisted into variables. Variables read only as a call's arguments or as a
// selector's base are not followed, nor are the functions it calls.
//
// A refusal call with no enclosing condition (a grammar helper that always
// refuses) is listed as an unconditional site and gets no mutant.
//
// G is resolved, when it names a package-level variable initialised with a
// composite literal whose Contract and Message fields are string literals or
// the package's own string constants, to its contract and message, so a
// mutant knows which contract and guard it attacks. The mutants are text
// edits of the original source (a span and its replacement), so comments
// and layout survive and a mutant's diff is exact.
package mutant

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/spec"
)

// Mutator names a kind of mutant. The names follow the
// mutation-testing-elements report's mutatorName field.
type Mutator string

// The mutators of the guard audit.
const (
	// Delete makes the guard never fire: its condition c becomes
	// `false && (c)` (`true || (c)` for a refusal in the else branch).
	Delete Mutator = "GuardDelete"
	// Negate makes the guard fire exactly when it should not: c becomes
	// `!(c)`.
	Negate Mutator = "GuardNegate"
	// BoundOperator swaps one comparison of the condition: < and <=, >
	// and >=.
	BoundOperator Mutator = "BoundOperator"
	// BoundConstant adds or subtracts one to one integer constant of the
	// condition.
	BoundConstant Mutator = "BoundConstant"
)

// Mutators lists every mutator in the order mutants are made.
var Mutators = []Mutator{Delete, Negate, BoundOperator, BoundConstant}

// Pos is a position in a file: line and column (in bytes), both from 1.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Site is one refusal call in Go source.
type Site struct {
	// File is the path relative to the module root, with slashes.
	File string `json:"file"`
	// Line and Column locate the Refuse call.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Func is the enclosing function ("Lex", "(*lexer).content").
	Func string `json:"func"`
	// Guard is the Refuse argument as written ("ErrSize").
	Guard string `json:"guard"`
	// Contract, Code and Message are the guard's, when Guard resolves to a
	// package-level guard variable; empty otherwise.
	Contract string `json:"contract,omitempty"`
	Code     string `json:"code,omitempty"`
	Message  string `json:"message,omitempty"`
	// Cond is the guard's condition as written, its runs of white space
	// (line breaks included) made one space; empty for an unconditional
	// site. CondLine is its first line.
	Cond     string `json:"cond,omitempty"`
	CondLine int    `json:"cond_line,omitempty"`

	// Rows marks a site of the shape interpreter (its line says
	// "conform:rows"): its guard is a declaration row's, known only at run
	// time; the declaration's rows are listed as sites of their own
	// (File spec/<name>/shapes.json, Func "declaration").
	Rows bool `json:"rows,omitempty"`
	// Row marks one such declaration row.
	Row bool `json:"row,omitempty"`

	cond   ast.Expr
	inElse bool
	fn     ast.Node // the enclosing *ast.FuncDecl or *ast.FuncLit
}

// Conditional reports whether the site has a guard condition to mutate (a
// declaration row has one: its rule, which the row mutants change).
func (s Site) Conditional() bool { return s.cond != nil || s.Row }

// String is "file:line".
func (s Site) String() string { return fmt.Sprintf("%s:%d", s.File, s.Line) }

// Mutant is one edit of one file: the bytes [Offset, EndOffset) of the
// original, which read Original, become Replacement.
type Mutant struct {
	// ID is stable across runs while the file's text before the edit does
	// not move: 12 hex digits of a hash of file, mutator, offset, original
	// and replacement.
	ID      string  `json:"id"`
	Mutator Mutator `json:"mutator"`
	// Site is the guard site the mutant attacks.
	Site Site `json:"site"`
	// File is Site.File.
	File string `json:"file"`
	// Start and End locate the replaced span; End is exclusive.
	Start Pos `json:"start"`
	End   Pos `json:"end"`
	// Offset and EndOffset are the same span in bytes.
	Offset    int `json:"offset"`
	EndOffset int `json:"end_offset"`
	// Original is the replaced text, Replacement what replaces it.
	Original    string `json:"original"`
	Replacement string `json:"replacement"`
	// Occurrence tells apart the mutants of one site with the same
	// mutator, original and replacement (the literal 1 of `y < 1 ||
	// m < 1` twice made 0): 1 for the first in the order the mutants are
	// made (the condition, then the definitions it reads, each in source
	// order), 2 for the second, and so on. With the file, the site's code
	// and condition, it identifies a mutant by its text (Equivalent).
	Occurrence int `json:"occurrence"`
	// Description says what the mutant does, in one line.
	Description string `json:"description"`
}

// Apply returns a copy of src with the mutant's edit. It fails when src at
// the mutant's span is not Original (the file changed since it was
// scanned).
func (m Mutant) Apply(src []byte) ([]byte, error) {
	if m.Offset < 0 || m.EndOffset > len(src) || m.Offset > m.EndOffset || string(src[m.Offset:m.EndOffset]) != m.Original {
		return nil, fmt.Errorf("mutant %s: %s:%d:%d no longer reads %q", m.ID, m.File, m.Start.Line, m.Start.Column, m.Original)
	}
	out := make([]byte, 0, len(src)-len(m.Original)+len(m.Replacement))
	out = append(out, src[:m.Offset]...)
	out = append(out, m.Replacement...)
	return append(out, src[m.EndOffset:]...), nil
}

// Diff returns a unified diff of the lines the mutant changes in src (the
// original file), with a --- / +++ header naming the file and an @@ line
// with the line numbers.
func (m Mutant) Diff(src []byte) string {
	if m.Offset < 0 || m.EndOffset > len(src) || m.Offset > m.EndOffset {
		return ""
	}
	lo := strings.LastIndexByte(string(src[:m.Offset]), '\n') + 1
	hi := m.EndOffset
	if i := strings.IndexByte(string(src[hi:]), '\n'); i >= 0 {
		hi += i
	} else {
		hi = len(src)
	}
	before := string(src[lo:hi])
	after := string(src[lo:m.Offset]) + m.Replacement + string(src[m.EndOffset:hi])
	var b strings.Builder
	bl, al := strings.Split(before, "\n"), strings.Split(after, "\n")
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s (mutant %s)\n", m.File, m.File, m.ID)
	fmt.Fprintf(&b, "@@ -%s +%s @@\n", span(m.Start.Line, len(bl)), span(m.Start.Line, len(al)))
	for _, l := range bl {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range al {
		b.WriteString("+" + l + "\n")
	}
	return b.String()
}

func span(line, n int) string {
	if n == 1 {
		return strconv.Itoa(line)
	}
	return fmt.Sprintf("%d,%d", line, n)
}

// sourceBound bounds one Go source file the scan reads.
var sourceBound = infile.Bound{Max: 16 << 20, What: "one Go source file"}

// Package is the result of scanning one Go package.
type Package struct {
	// Dir is the package directory relative to the module root, slashes.
	Dir string
	// Sources holds each scanned file's text by its File path.
	Sources map[string][]byte
	// Sites lists every refusal call, in file then source order.
	Sites []Site
	// Mutants lists every mutant of every conditional site, in site order,
	// then mutator order, then source order.
	Mutants []Mutant
}

// ScanPackage parses the Go files files (names within dir) of the package
// in root/dir and returns its refusal sites and their mutants. dir is
// relative to root. A file that does not parse is an error naming it.
func ScanPackage(root, dir string, files []string) (*Package, error) {
	fset := token.NewFileSet()
	p := &Package{Dir: filepath.ToSlash(dir), Sources: map[string][]byte{}}
	var parsed []*ast.File
	var names []string
	for _, name := range files {
		rel := path.Join(p.Dir, filepath.ToSlash(name))
		src, err := infile.ReadFile(filepath.Join(root, dir, name), sourceBound)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, rel, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", rel, err)
		}
		p.Sources[rel] = src
		parsed = append(parsed, f)
		names = append(names, rel)
	}
	env := packageEnv(parsed)
	for i, f := range parsed {
		sites := findSites(fset, f, names[i], p.Sources[names[i]], env)
		p.Sites = append(p.Sites, sites...)
		seen := map[string]bool{}
		for _, s := range sites {
			if s.cond == nil {
				continue
			}
			// Two sites whose conditions read one variable share the
			// bound mutants of its definition: each is made once.
			for _, m := range mutate(fset, p.Sources[names[i]], s, env) {
				if !seen[m.ID] {
					seen[m.ID] = true
					p.Mutants = append(p.Mutants, m)
				}
			}
		}
	}
	return p, nil
}

// env is what a package declares at top level that the scan resolves:
// integer and string constants, and guard variables.
type env struct {
	ints    map[string]constant.Value
	strs    map[string]string
	guards  map[string]*ast.CompositeLit
	calls   map[string]*ast.CallExpr
	pending map[string]ast.Expr
}

func packageEnv(files []*ast.File) *env {
	e := &env{ints: map[string]constant.Value{}, strs: map[string]string{}, guards: map[string]*ast.CompositeLit{}, calls: map[string]*ast.CallExpr{}, pending: map[string]ast.Expr{}}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				vs, ok := sp.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, n := range vs.Names {
					switch gd.Tok {
					case token.CONST:
						e.pending[n.Name] = vs.Values[i]
					case token.VAR:
						if cl, ok := vs.Values[i].(*ast.CompositeLit); ok {
							e.guards[n.Name] = cl
						}
						if call, ok := vs.Values[i].(*ast.CallExpr); ok && len(call.Args) > 0 {
							e.calls[n.Name] = call
						}
					}
				}
			}
		}
	}
	for name := range e.pending {
		e.eval(name, 0)
	}
	return e
}

// eval evaluates the constant called name, once, into ints or strs.
func (e *env) eval(name string, depth int) (constant.Value, bool) {
	if v, ok := e.ints[name]; ok {
		return v, true
	}
	if s, ok := e.strs[name]; ok {
		return constant.MakeString(s), true
	}
	x, ok := e.pending[name]
	if !ok || depth > 32 {
		return nil, false
	}
	v, ok := e.value(x, depth+1)
	if !ok {
		return nil, false
	}
	switch v.Kind() {
	case constant.Int:
		e.ints[name] = v
	case constant.String:
		e.strs[name] = constant.StringVal(v)
	default:
		return nil, false
	}
	return v, true
}

// value evaluates a constant expression made of literals, the package's
// constants, parentheses, unary + - and binary + - * / % << >> | & ^.
func (e *env) value(x ast.Expr, depth int) (constant.Value, bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		v := constant.MakeFromLiteral(x.Value, x.Kind, 0)
		if v.Kind() == constant.Unknown {
			return nil, false
		}
		return v, true
	case *ast.Ident:
		return e.eval(x.Name, depth)
	case *ast.ParenExpr:
		return e.value(x.X, depth)
	case *ast.UnaryExpr:
		v, ok := e.value(x.X, depth)
		if !ok || (x.Op != token.SUB && x.Op != token.ADD) || v.Kind() != constant.Int {
			return nil, false
		}
		return constant.UnaryOp(x.Op, v, 0), true
	case *ast.BinaryExpr:
		a, ok1 := e.value(x.X, depth)
		b, ok2 := e.value(x.Y, depth)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch x.Op {
		case token.SHL, token.SHR:
			s, ok := constant.Uint64Val(b)
			if !ok || a.Kind() != constant.Int {
				return nil, false
			}
			return constant.Shift(a, x.Op, uint(s)), true
		case token.ADD:
			if a.Kind() != b.Kind() {
				return nil, false
			}
			return constant.BinaryOp(a, x.Op, b), true
		case token.SUB, token.MUL, token.REM, token.OR, token.AND, token.XOR:
			if a.Kind() != constant.Int || b.Kind() != constant.Int {
				return nil, false
			}
			return constant.BinaryOp(a, x.Op, b), true
		case token.QUO:
			if a.Kind() != constant.Int || b.Kind() != constant.Int || constant.Sign(b) == 0 {
				return nil, false
			}
			return constant.BinaryOp(a, token.QUO_ASSIGN, b), true
		}
	}
	return nil, false
}

// str resolves a string literal or one of the package's string constants.
func (e *env) str(x ast.Expr) (string, bool) {
	v, ok := e.value(x, 0)
	if !ok || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}

// guard resolves the guard variable name to its Contract, Code and Message.
func (e *env) guard(x ast.Expr) (contract, code, message string) {
	id, ok := x.(*ast.Ident)
	if !ok {
		return "", "", ""
	}
	if call := e.calls[id.Name]; call != nil {
		// A guard read from the catalogue by its code: guard("p.code").
		if c, ok := e.str(call.Args[len(call.Args)-1]); ok {
			return byCode(c)
		}
	}
	cl := e.guards[id.Name]
	if cl == nil {
		return "", "", ""
	}
	for _, el := range cl.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		s, ok := e.str(kv.Value)
		if !ok {
			continue
		}
		switch k.Name {
		case "Contract":
			contract = s
		case "Code":
			code = s
		case "Message":
			message = s
		}
	}
	if message == "" {
		return "", "", ""
	}
	return contract, code, message
}

// findSites walks f and returns its refusal calls with their guards.
func findSites(fset *token.FileSet, f *ast.File, name string, src []byte, e *env) []Site {
	var sites []Site
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Refuse" {
			return true
		}
		p := fset.Position(call.Pos())
		s := Site{File: name, Line: p.Line, Column: p.Column, Guard: exprText(fset, f, src, call.Args[0])}
		s.Contract, s.Code, s.Message = e.guard(call.Args[0])
		s.Rows = bytes.Contains(lineAt(src, p.Offset), []byte("conform:rows"))
		s.Func = funcName(stack)
		s.cond, s.inElse = enclosingCond(stack)
		s.fn = enclosingFunc(stack)
		if s.cond != nil {
			s.Cond = oneLine(exprText(fset, f, src, s.cond))
			s.CondLine = fset.Position(s.cond.Pos()).Line
		}
		sites = append(sites, s)
		return true
	})
	return sites
}

// enclosingCond finds, going out from the innermost node of stack (a
// Refuse call), the first if statement whose body or else branch holds it
// (other than an if whose init or condition holds it, such as the refusal
// statement's own `if err := ...; err != nil`), or the first single
// expression clause of a switch without a tag, within the same function.
func enclosingCond(stack []ast.Node) (ast.Expr, bool) {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, false
		case *ast.IfStmt:
			child := stack[i+1]
			if child == n.Body {
				return n.Cond, false
			}
			if n.Else != nil && child == n.Else {
				return n.Cond, true
			}
		case *ast.CaseClause:
			if len(n.List) != 1 || i < 2 {
				continue
			}
			if sw, ok := stack[i-2].(*ast.SwitchStmt); ok && sw.Tag == nil && stack[i+1] != n.List[0] {
				return n.List[0], false
			}
		}
	}
	return nil, false
}

// enclosingFunc is the innermost function literal or declaration of stack.
func enclosingFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return n
		}
	}
	return nil
}

// definition returns the expression that defines the local variable name
// in fn, when fn assigns it exactly once (`name := x`, `name = x` or
// `var name = x`, with one value per name) and does not take it as a
// parameter; otherwise nil. Names are matched as written, so a shadowing
// declaration counts as a second assignment and the variable is not
// followed.
func definition(fn ast.Node, name string) ast.Expr {
	count := 0
	var def ast.Expr
	ast.Inspect(fn, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncType:
			for _, fl := range []*ast.FieldList{x.Params, x.Results} {
				if fl == nil {
					continue
				}
				for _, f := range fl.List {
					for _, id := range f.Names {
						if id.Name == name {
							count++
						}
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					count++
					def = nil
					if len(x.Lhs) == len(x.Rhs) && (x.Tok == token.DEFINE || x.Tok == token.ASSIGN) {
						def = x.Rhs[i]
					}
				}
			}
		case *ast.IncDecStmt:
			if id, ok := x.X.(*ast.Ident); ok && id.Name == name {
				count++
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{x.Key, x.Value} {
				if id, ok := e.(*ast.Ident); ok && id.Name == name {
					count++
				}
			}
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if id.Name == name {
					count++
					def = nil
					if len(x.Values) == len(x.Names) {
						def = x.Values[i]
					}
				}
			}
		}
		return true
	})
	if count != 1 {
		return nil
	}
	return def
}

// condExprs returns the site's condition, then the definitions of the local
// variables it reads, and of those they read, each once, in the order they
// are met.
func condExprs(s Site, e *env) []ast.Expr {
	out := []ast.Expr{s.cond}
	if s.fn == nil {
		return out
	}
	seen := map[string]bool{}
	for i := 0; i < len(out); i++ {
		ast.Inspect(out[i], func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit, *ast.CallExpr, *ast.SelectorExpr:
				// What a call takes, and the base of a selector, are not
				// the condition's own terms: not followed.
				return false
			case *ast.Ident:
				follow(s, e, x.Name, seen, &out)
			}
			return true
		})
	}
	return out
}

func follow(s Site, e *env, name string, seen map[string]bool, out *[]ast.Expr) {
	if seen[name] || e.ints[name] != nil {
		return
	}
	seen[name] = true
	if d := definition(s.fn, name); d != nil {
		*out = append(*out, d)
	}
}

func funcName(stack []ast.Node) string {
	for i := len(stack) - 1; i >= 0; i-- {
		fd, ok := stack[i].(*ast.FuncDecl)
		if !ok {
			continue
		}
		if fd.Recv == nil || len(fd.Recv.List) == 0 {
			return fd.Name.Name
		}
		t := fd.Recv.List[0].Type
		star := ""
		if se, ok := t.(*ast.StarExpr); ok {
			t, star = se.X, "*"
		}
		if id, ok := t.(*ast.Ident); ok {
			return fmt.Sprintf("(%s%s).%s", star, id.Name, fd.Name.Name)
		}
		return fd.Name.Name
	}
	return ""
}

// exprText is the source text of x in src, the text of the file f.
func exprText(fset *token.FileSet, f *ast.File, src []byte, x ast.Node) string {
	tf := fset.File(f.Pos())
	a, b := tf.Offset(x.Pos()), tf.Offset(x.End())
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return string(src[a:b])
}

// mutate makes the mutants of one conditional site.
func mutate(fset *token.FileSet, src []byte, s Site, e *env) []Mutant {
	var out []Mutant
	tf := fset.File(s.cond.Pos())
	add := func(mu Mutator, from, to token.Pos, repl, desc string) {
		a, b := tf.Offset(from), tf.Offset(to)
		m := Mutant{
			Mutator: mu, Site: s, File: s.File, Offset: a, EndOffset: b,
			Original: string(src[a:b]), Replacement: repl, Description: desc,
		}
		sp, ep := fset.Position(from), fset.Position(to)
		m.Start, m.End = Pos{sp.Line, sp.Column}, Pos{ep.Line, ep.Column}
		h := sha256.Sum256([]byte(strings.Join([]string{m.File, string(mu), strconv.Itoa(a), m.Original, repl}, "\x00")))
		m.ID = hex.EncodeToString(h[:6])
		out = append(out, m)
	}
	cond := string(src[tf.Offset(s.cond.Pos()):tf.Offset(s.cond.End())])
	shown := oneLine(cond)
	what := s.Guard
	if s.Code != "" {
		what = s.Code
	}
	// The condition stays in the text, short-circuited, so that what only
	// it uses (a variable, an import) stays used and the mutant compiles.
	kept := cond
	if _, ok := s.cond.(*ast.BinaryExpr); ok {
		kept = "(" + cond + ")"
	}
	never := "false && " + kept
	if s.inElse {
		never = "true || " + kept
	}
	add(Delete, s.cond.Pos(), s.cond.End(), never, fmt.Sprintf("delete the %s guard: `%s` becomes `%s`", what, shown, oneLine(never)))
	add(Negate, s.cond.Pos(), s.cond.End(), "!("+cond+")", fmt.Sprintf("negate the %s guard's condition `%s`", what, shown))

	var ops, consts []func()
	for i, x := range condExprs(s, e) {
		where := fmt.Sprintf("in `%s`", shown)
		if i > 0 {
			where = fmt.Sprintf("in `%s`, which the condition reads", oneLine(string(src[tf.Offset(x.Pos()):tf.Offset(x.End())])))
		}
		o, c := bounds(x, e, what, where, add)
		ops, consts = append(ops, o...), append(consts, c...)
	}
	for _, f := range ops {
		f()
	}
	for _, f := range consts {
		f()
	}
	seen := map[[3]string]int{}
	for i := range out {
		k := [3]string{string(out[i].Mutator), out[i].Original, out[i].Replacement}
		seen[k]++
		out[i].Occurrence = seen[k]
	}
	return out
}

// bounds returns, for the expression x, the adders of its BoundOperator
// mutants and of its BoundConstant mutants, in source order.
func bounds(expr ast.Expr, e *env, what, where string, add func(Mutator, token.Pos, token.Pos, string, string)) (ops, consts []func()) {
	// An index constant is not shifted below zero: that never compiles.
	index := map[ast.Expr]bool{}
	ast.Inspect(expr, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			index[ix.Index] = true
		}
		return true
	})
	ast.Inspect(expr, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if flip, ok := flipped[x.Op]; ok {
				ops = append(ops, func() {
					add(BoundOperator, x.OpPos, x.OpPos+token.Pos(len(x.Op.String())), flip.String(),
						fmt.Sprintf("%s guard: `%s` becomes `%s` %s", what, x.Op, flip, where))
				})
			}
		case *ast.BasicLit:
			if x.Kind != token.INT && x.Kind != token.CHAR {
				return true
			}
			v := constant.MakeFromLiteral(x.Value, x.Kind, 0)
			if v.Kind() != constant.Int {
				return true
			}
			for _, d := range []int64{+1, -1} {
				if index[x] && constant.Sign(constant.BinaryOp(v, token.ADD, constant.MakeInt64(d))) < 0 {
					continue
				}
				repl := shiftLiteral(x, v, d)
				consts = append(consts, func() {
					add(BoundConstant, x.Pos(), x.End(), repl,
						fmt.Sprintf("%s guard: constant %s becomes %s %s", what, x.Value, repl, where))
				})
			}
		case *ast.Ident:
			if _, ok := e.ints[x.Name]; !ok {
				return true
			}
			for _, d := range []string{"+", "-"} {
				repl := fmt.Sprintf("(%s %s 1)", x.Name, d)
				consts = append(consts, func() {
					add(BoundConstant, x.Pos(), x.End(), repl,
						fmt.Sprintf("%s guard: constant %s becomes %s %s", what, x.Name, repl, where))
				})
			}
		}
		return true
	})
	return ops, consts
}

// oneLine collapses every run of white space in s to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

var flipped = map[token.Token]token.Token{
	token.LSS: token.LEQ, token.LEQ: token.LSS,
	token.GTR: token.GEQ, token.GEQ: token.GTR,
}

// shiftLiteral spells the integer literal x (value v) plus d: in the same
// base and hex case for integers, negative results in parentheses, and a
// rune literal as (lit + 1) or (lit - 1).
func shiftLiteral(x *ast.BasicLit, v constant.Value, d int64) string {
	if x.Kind == token.CHAR {
		if d > 0 {
			return "(" + x.Value + " + 1)"
		}
		return "(" + x.Value + " - 1)"
	}
	n := constant.BinaryOp(v, token.ADD, constant.MakeInt64(d))
	neg := constant.Sign(n) < 0
	abs := n
	if neg {
		abs = constant.UnaryOp(token.SUB, n, 0)
	}
	s := abs.ExactString()
	lit := strings.ReplaceAll(x.Value, "_", "")
	if len(lit) > 2 && lit[0] == '0' && (lit[1] == 'x' || lit[1] == 'X') {
		if u, ok := constant.Uint64Val(abs); ok {
			digits := strconv.FormatUint(u, 16)
			if strings.ToUpper(lit[2:]) == lit[2:] {
				digits = strings.ToUpper(digits)
			}
			s = lit[:2] + digits
		}
	}
	if neg {
		return "(-" + s + ")"
	}
	return s
}

// SortSites orders sites by file, then line, then column.
func SortSites(sites []Site) {
	sort.SliceStable(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// lineAt returns the line of src that holds offset.
func lineAt(src []byte, offset int) []byte {
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	end := bytes.IndexByte(src[offset:], '\n')
	if end < 0 {
		return src[start:]
	}
	return src[start : offset+end]
}

// byCode resolves a refusal code to its contract and message through the
// catalogue; an unknown code resolves to nothing.
func byCode(code string) (contract, c, message string) {
	cat, err := spec.Load()
	if err != nil {
		return "", "", ""
	}
	for _, k := range cat.Contracts {
		for _, r := range k.Refusals {
			if r.Code == code {
				return k.Contract, code, r.Message
			}
		}
	}
	return "", "", ""
}

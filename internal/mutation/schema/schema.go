// Package schema writes mutant schemata (Untch, Offutt and Harrold, 1993):
// every source mutant of the guard audit compiled into one build of the Go
// reference, behind a switch read at run time (mutation/README.md,
// "Schemata").
//
// Each mutant is a text edit inside a guard's condition (package mutant).
// Its switch point is the smallest boolean expression that holds the edit:
// the condition itself for GuardDelete and GuardNegate, the comparison for
// BoundOperator, the nearest comparison or logical operation for
// BoundConstant. The point becomes a closure called in its place, so that
// evaluation order is kept:
//
//	func() bool { refusal.Reach(P); switch refusal.Mutant() {
//	case 7: return (<the point with mutant 7's edit>) ... };
//	return (<the point as written>) }()
//
// Points nest (a comparison inside a condition): the original branch of a
// point holds the points inside it, each mutant's branch the plain text with
// its one edit, since only one mutant is active at a time. Reach records
// that the point ran, so that the audit tries a mutant only on the vectors
// that run its point.
//
// A mutant with no boolean expression around its edit, or whose branch
// does not type-check (go/types, against the export data of the normal
// build), gets no point: it is Dropped, with the reason, and the audit
// builds it on its own as before.
package schema

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"

	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/spec/shapes"
)

// Switch is the package the points read and its qualifier in a mutated
// file (chosen so that it cannot clash with a name the file declares).
const (
	Switch    = "github.com/conform-dev/conform/reference/refusal"
	qualifier = "conformSchemata__"
)

// RegisterFile is the file the schemata build adds to the Switch package:
// it registers the mutants and the number of points.
const RegisterFile = "reference/refusal/zz_schemata_register.go"

// Build is one schemata build's sources.
type Build struct {
	// Files maps each mutated file (module-relative, slashes) to its
	// schemata text, RegisterFile included.
	Files map[string][]byte
	// Number is each switched mutant's number (1 and up), by mutant id;
	// Point the number of its point.
	Number map[string]int32
	Point  map[string]int32
	// Points is how many points there are, numbered 1 to Points.
	Points int
	// Dropped lists the mutants that got no point, with why.
	Dropped []Drop
	// regions locates, per file, each mutant's branch in Files, for
	// mapping a type error to its mutant; spans each point's closure.
	regions map[string][]region
}

// Drop is a mutant left out of the schemata build, and why.
type Drop struct {
	Mutant mutant.Mutant
	Reason string
}

// region is [from, to) of a schemata file: one mutant's branch (id set) or
// one point's whole closure (point set).
type region struct {
	from, to int
	id       string
	point    int32
}

// Generate writes the schemata of mutants over sources (each mutant's
// File must be in sources, as mutant.Set.Sources holds them). Mutants
// listed in skip get no point (a first pass's type errors). It fails only
// when a file does not parse.
func Generate(sources map[string][]byte, mutants []mutant.Mutant, skip map[string]string) (*Build, error) {
	return generate(sources, mutants, skip, nil)
}

// Types gives the type of the expression at [from, to) of a file, as Go
// source ("int", "uint8"), or "" when it is not a typed basic type.
type Types func(file string, from, to int) string

// generate is Generate with the types of the original files, for the
// points of mutants no boolean expression holds (nil: none).
func generate(sources map[string][]byte, mutants []mutant.Mutant, skip map[string]string, types Types) (*Build, error) {
	b := &Build{Files: map[string][]byte{}, Number: map[string]int32{}, Point: map[string]int32{}, regions: map[string][]region{}}
	byFile := map[string][]mutant.Mutant{}
	var files []string
	for _, m := range mutants {
		if why, ok := skip[m.ID]; ok {
			b.Dropped = append(b.Dropped, Drop{m, why})
			continue
		}
		if _, seen := byFile[m.File]; !seen {
			files = append(files, m.File)
		}
		byFile[m.File] = append(byFile[m.File], m)
	}
	sort.Strings(files)
	n := int32(0)
	for _, f := range files {
		for _, m := range byFile[f] {
			n++
			b.Number[m.ID] = n
		}
	}
	for _, f := range files {
		src, ok := sources[f]
		if !ok {
			return nil, fmt.Errorf("schemata: no source for %s", f)
		}
		text, err := b.file(f, src, byFile[f], types)
		if err != nil {
			return nil, err
		}
		if text != nil {
			b.Files[f] = text
		}
	}
	b.Files[RegisterFile] = b.register()
	return b, nil
}

// point is one switch point of a file: a boolean expression, the mutants
// whose edit it holds as their smallest such expression, and the points
// inside it.
type point struct {
	from, to int // offsets in the original file
	typ      string
	number   int32
	mutants  []mutant.Mutant
	inner    []*point
}

// file writes one file's schemata, or nil when none of its mutants gets a
// point.
func (b *Build) file(name string, src []byte, ms []mutant.Mutant, types Types) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("schemata: parse %s: %w", name, err)
	}
	tf := fset.File(f.Pos())
	bools := booleans(f, tf)
	recovers := recoverCalls(f, tf)
	at := map[[2]int]*point{}
	var tops []*point
	for _, m := range ms {
		span, ok := switchPoint(m, bools)
		typ := "bool"
		if !ok && types != nil {
			span, typ, ok = typedPoint(f, tf, name, m, types)
		}
		if !ok {
			b.Dropped = append(b.Dropped, Drop{m, "no boolean expression, nor one of a basic type, holds the edit"})
			delete(b.Number, m.ID)
			continue
		}
		if holdsAny(span, recovers) {
			// recover stops a panic only when the deferred function calls
			// it directly: in a closure it would return nil.
			b.Dropped = append(b.Dropped, Drop{m, "its expression calls recover, which a closure would break"})
			delete(b.Number, m.ID)
			continue
		}
		p := at[span]
		if p == nil {
			p = &point{from: span[0], to: span[1], typ: typ}
			at[span] = p
			tops = append(tops, p)
		}
		p.mutants = append(p.mutants, m)
	}
	if len(tops) == 0 {
		return nil, nil
	}
	tops = nest(tops)
	var order func(ps []*point)
	order = func(ps []*point) {
		for _, p := range ps {
			b.Points++
			p.number = int32(b.Points)
			for _, m := range p.mutants {
				b.Point[m.ID] = p.number
			}
			order(p.inner)
		}
	}
	order(tops)

	var out bytes.Buffer
	// The import goes on the package clause's line, so that no line
	// above the first point moves.
	clause := tf.Offset(f.Name.End())
	out.Write(src[:clause])
	fmt.Fprintf(&out, "; import %s %q", qualifier, Switch)
	last := clause
	for _, p := range tops {
		out.Write(src[last:p.from])
		b.write(&out, name, src, p)
		last = p.to
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// write writes point p's closure to out.
func (b *Build) write(out *bytes.Buffer, name string, src []byte, p *point) {
	start := out.Len()
	fmt.Fprintf(out, "func() %s { %s.Reach(%d); switch %s.Mutant() {", p.typ, qualifier, p.number, qualifier)
	for _, m := range p.mutants {
		fmt.Fprintf(out, " case %d: ", b.Number[m.ID])
		from := out.Len()
		out.WriteString("return (")
		out.Write(src[p.from:m.Offset])
		out.WriteString(m.Replacement)
		out.Write(src[m.EndOffset:p.to])
		out.WriteString(");")
		b.regions[name] = append(b.regions[name], region{from: from, to: out.Len(), id: m.ID})
	}
	out.WriteString(" }; return (")
	last := p.from
	for _, q := range p.inner {
		out.Write(src[last:q.from])
		b.write(out, name, src, q)
		last = q.to
	}
	out.Write(src[last:p.to])
	out.WriteString(") }()")
	b.regions[name] = append(b.regions[name], region{from: start, to: out.Len(), point: p.number})
}

// nest arranges points into trees by span: a point inside another's span
// becomes its inner point (AST spans never overlap otherwise). It returns
// the outermost points in source order.
func nest(ps []*point) []*point {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].from != ps[j].from {
			return ps[i].from < ps[j].from
		}
		return ps[i].to > ps[j].to
	})
	var tops, stack []*point
	for _, p := range ps {
		for len(stack) > 0 && stack[len(stack)-1].to <= p.from {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			tops = append(tops, p)
		} else {
			parent := stack[len(stack)-1]
			parent.inner = append(parent.inner, p)
		}
		stack = append(stack, p)
	}
	return tops
}

// boolExpr is an expression that is boolean by its syntax, with its span.
type boolExpr struct {
	from, to int
	// whole marks an if statement's or a tagless case's condition: any
	// expression there is boolean.
	whole bool
}

// booleans lists the expressions of f that are boolean by syntax: if and
// tagless case conditions, comparisons, && and ||, and ! operations.
func booleans(f *ast.File, tf *token.File) []boolExpr {
	var out []boolExpr
	add := func(x ast.Expr, whole bool) {
		out = append(out, boolExpr{tf.Offset(x.Pos()), tf.Offset(x.End()), whole})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IfStmt:
			add(x.Cond, true)
		case *ast.SwitchStmt:
			if x.Tag == nil {
				for _, s := range x.Body.List {
					for _, e := range s.(*ast.CaseClause).List {
						add(e, true)
					}
				}
			}
		case *ast.BinaryExpr:
			switch x.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
				add(x, false)
			}
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				add(x, false)
			}
		}
		return true
	})
	return out
}

// switchPoint is the span of m's point: the smallest boolean expression
// that holds m's edit (for GuardDelete and GuardNegate, exactly the
// condition they replace).
func switchPoint(m mutant.Mutant, bools []boolExpr) ([2]int, bool) {
	best, found := [2]int{}, false
	for _, e := range bools {
		if e.from > m.Offset || e.to < m.EndOffset {
			continue
		}
		if (m.Mutator == mutant.Delete || m.Mutator == mutant.Negate) && (e.from != m.Offset || e.to != m.EndOffset) {
			continue
		}
		if !found || e.to-e.from < best[1]-best[0] {
			best, found = [2]int{e.from, e.to}, true
		}
	}
	return best, found
}

// recoverCalls lists the offsets of f's calls of the builtin recover.
func recoverCalls(f *ast.File, tf *token.File) []int {
	var out []int
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "recover" {
				out = append(out, tf.Offset(c.Pos()))
			}
		}
		return true
	})
	return out
}

// holdsAny reports whether span holds one of offsets.
func holdsAny(span [2]int, offsets []int) bool {
	for _, o := range offsets {
		if o >= span[0] && o < span[1] {
			return true
		}
	}
	return false
}

// typedPoint is the span and type of the smallest expression of a typed
// basic type that holds m's edit: the point of a bound mutant in a
// definition that no boolean expression holds (`n := 6 * len(u) / 8`).
func typedPoint(f *ast.File, tf *token.File, name string, m mutant.Mutant, types Types) ([2]int, string, bool) {
	best, typ, found := [2]int{}, "", false
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		from, to := tf.Offset(n.Pos()), tf.Offset(n.End())
		if from > m.Offset || to < m.EndOffset {
			return false
		}
		if _, ok := n.(ast.Expr); ok && (!found || to-from < best[1]-best[0]) {
			if t := types(name, from, to); t != "" {
				best, typ, found = [2]int{from, to}, t, true
			}
		}
		return true
	})
	return best, typ, found
}

// register is RegisterFile's text: the mutant numbers and the point count.
func (b *Build) register() []byte {
	var out bytes.Buffer
	out.WriteString("// Code generated by conform mutate (schemata); DO NOT EDIT.\n\npackage refusal\n\nfunc init() {\n\tRegisterSchemata(map[string]int32{\n")
	ids := make([]string, 0, len(b.Number))
	for id := range b.Number {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return b.Number[ids[i]] < b.Number[ids[j]] })
	for _, id := range ids {
		fmt.Fprintf(&out, "\t\t%q: %d,\n", id, b.Number[id])
	}
	fmt.Fprintf(&out, "\t}, %d)\n}\n", b.Points)
	return out.Bytes()
}

// Blame maps a type error at offset of the schemata file name to what it
// breaks: the mutant whose branch holds it, or, outside every branch, the
// mutants of the innermost point whose closure holds it. None means the
// error is not in any schemata text.
func (b *Build) Blame(name string, offset int) []string {
	var point int32
	size := -1
	for _, r := range b.regions[name] {
		if offset < r.from || offset >= r.to {
			continue
		}
		if r.id != "" {
			return []string{r.id}
		}
		if size < 0 || r.to-r.from < size {
			point, size = r.point, r.to-r.from
		}
	}
	if point == 0 {
		return nil
	}
	var ids []string
	for id, p := range b.Point {
		if p == point {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// Reach is the reach key a harness reports for point p (PROTOCOL.md,
// "mutant"): its number in decimal.
func Reach(p int32) string { return strconv.Itoa(int(p)) }

// RowReach is the reach key of the object a row mutant (id as
// shapes.Row.ID) changes: "<contract> <object>" (shapes.RowSite).
func RowReach(contract, id string) string {
	object, _, _, _, _ := shapes.RowSite(id)
	return contract + " " + object
}

// dirOf is the directory of a module-relative file.
func dirOf(file string) string { return path.Dir(file) }

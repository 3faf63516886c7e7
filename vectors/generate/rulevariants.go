package main

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// ruleVariant is one value variant of a declared member: its case name,
// its JSON text, whether the member's rule (or type) refuses it, and why
// it has no accept path when its guard is ignored ("type-guard" for a
// value of another type, "lone" for a string with no JCS form).
type ruleVariant struct {
	name, value string
	bad         bool
	why         string
}

// declaredRuleVariants are the variants of rule r that the declaration
// alone gives (spec/README.md, "Shapes"): a pinned value changed, a pinned
// false's other value, values outside an enum, and for an integer check
// (check int, with min and max) each bound, one past each and the other
// spellings of a number; ok is false for a rule whose variants its
// contract gives (a named check).
func declaredRuleVariants(r shapes.Rule) (out []ruleVariant, ok bool) {
	bad := func(n, v string) ruleVariant { return ruleVariant{name: n, value: v, bad: true} }
	switch {
	case r.Rule == shapes.RuleConst:
		return []ruleVariant{bad("other-tag", `"`+strings.TrimSuffix(r.Value, "1")+`9"`), bad("tag-with-space", `"`+r.Value+` "`),
			bad("empty", `""`)}, true
	case r.Rule == shapes.RuleFalse:
		return []ruleVariant{bad("true", "true")}, true
	case r.Rule == shapes.RuleEnum:
		return []ruleVariant{bad("not-a-member", `"bogus"`), bad("upper-case", `"`+strings.ToUpper(r.Values[0])+`"`), bad("empty", `""`)}, true
	case r.Rule == shapes.RuleCheck && r.Check == "int":
		return []ruleVariant{{name: "min", value: r.Min}, {name: "max", value: r.Max}, bad("below-min", pastBound(r.Min, -1)),
			bad("above-max", pastBound(r.Max, 1)), bad("fraction", r.Min+".0"), bad("exponent", "1e3"), bad("negative-zero", "-0")}, true
	}
	return nil, false
}

// declaredCase is one single-cause variant of a document of a declared
// closed object: its case name, the whole document with the change, the
// value variant (why "missing" for a member absent, "unknown" for a
// member outside a nested object's shape) and the code of the guard that
// refuses it ("" for a valid value).
type declaredCase struct {
	name string
	doc  gen.Doc
	v    ruleVariant
	code string
}

// declaredCases derives the member variants of doc, an instance of object
// o of d (spec/README.md, "Shapes"), per member in table order, a nested
// object's members included with the path of their object as a prefix:
// "missing-<member>" (o.Missing); "<member>-type-<type>" per typeVariants
// (its type code); "<member>-null" for a nullable member (valid); then per
// rule "<member>-<variant>" per variant vars gives (the rule's code), or
// for a member validated as a declared object, its members' variants and
// "unknown-member-in-<member>" (that object's Unknown).
func declaredCases(d *shapes.Decl, o *shapes.Object, doc gen.Doc, vars func(*shapes.Member, shapes.Rule) []ruleVariant) []declaredCase {
	var out []declaredCase
	var walk func(o *shapes.Object, prefix string, cur gen.Doc, wrap func(gen.Doc) gen.Doc)
	walk = func(o *shapes.Object, prefix string, cur gen.Doc, wrap func(gen.Doc) gen.Doc) {
		for _, m := range o.Members { // Parse has resolved the shared ones
			n := prefix + m.Name
			put := func(v string) gen.Doc { return wrap(cur.Set(m.Name, v)) }
			out = append(out, declaredCase{"missing-" + n, wrap(cur.Drop(m.Name)), ruleVariant{bad: true, why: "missing"}, o.Missing})
			for _, t := range typeVariants(m) {
				out = append(out, declaredCase{n + "-" + t.name, put(t.value), ruleVariant{t.name, t.value, true, "type-guard"}, m.TypeCode})
			}
			if m.Nullable {
				out = append(out, declaredCase{n + "-null", put("null"), ruleVariant{name: "null", value: "null"}, ""})
			}
			for _, r := range m.Rules {
				if r.Rule != shapes.RuleObject {
					for _, v := range vars(m, r) {
						out = append(out, declaredCase{n + "-" + v.name, put(v.value), v, r.Code})
					}
					continue
				}
				sub := d.Object(r.Object)
				inner, _ := gen.ParseDoc(cur.Value(m.Name))
				walk(sub, n+".", inner, func(x gen.Doc) gen.Doc { return put(x.String()) })
				out = append(out, declaredCase{"unknown-member-in-" + n, put(inner.Set("extra", "1").String()),
					ruleVariant{bad: true, why: "unknown"}, sub.Unknown})
			}
		}
	}
	walk(o, "", doc, func(x gen.Doc) gen.Doc { return x })
	return out
}

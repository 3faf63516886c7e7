package main

import (
	"strings"

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

package main

// artifact/1 member variants, derived from the declaration
// (spec/artifact/shapes.json): each member absent, of another type, and
// on each side of each of its rules, in the operation that reads it.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// afVar is one variant of a document: its name, the document, and the
// code the shape refuses it with ("" when the shape accepts it) with the
// exception tag that refusal carries.
type afVar struct {
	name string
	doc  gen.Doc
	code string
	tag  string
}

// afCheckVars are the good and bad values of a named check or bounded
// int rule (spec/artifact.md, "Value rules").
func afCheckVars(r shapes.Rule) (good, bad map[string]string) {
	switch r.Check {
	case "confidence":
		return map[string]string{"zero": "0", "one": "1", "one-six-zeros": "1.000000", "smallest": "0.000001", "largest-below-one": "0.999999", "half-two-digits": "0.50"},
			map[string]string{"above-one": "1.5", "two": "2", "minus-zero": "-0", "negative": "-0.5", "seven-digits": "0.1234567", "one-and-a-bit": "1.0000001", "exponent": "1e0", "upper-exponent": "5E-1"}
	case "reason-code":
		return map[string]string{"one-letter": afQ("a"), "64-units": afQ("a" + strings.Repeat("b_", 31) + "c")},
			map[string]string{"65-units": afQ("a" + strings.Repeat("b_", 32)), "upper-case": afQ("Completed"), "hyphen": afQ("threshold-met"),
				"empty": `""`, "leading-digit": afQ("1done"), "trailing-newline": afQ(`done\n`)}
	case "name":
		return map[string]string{"one-letter": afQ("a"), "64-units": afQ("a" + strings.Repeat("b-", 31) + "c")},
			map[string]string{"65-units": afQ("a" + strings.Repeat("b-", 32)), "upper-case": afQ("Reviewer"), "underscore": afQ("review_er"),
				"empty": `""`, "leading-digit": afQ("7b")}
	case "digest":
		h := strings.Repeat("0123456789abcdef", 4)
		return map[string]string{"all-hex": afQ("sha256:" + h)},
			map[string]string{"upper-case-hex": afQ("sha256:" + strings.ToUpper(h)), "63-digits": afQ("sha256:" + h[1:]), "65-digits": afQ("sha256:" + h + "0"),
				"other-algorithm": afQ("sha512:" + h), "no-prefix": afQ(h)}
	case "version":
		return map[string]string{"zeros": afQ("0.0.0"), "nine-digits": afQ("999999999.999999999.999999999")},
			map[string]string{"ten-digits": afQ("1000000000.0.0"), "two-parts": afQ("1.4"), "leading-zero": afQ("01.4.2"), "v-prefix": afQ("v1.4.2"),
				"pre-release": afQ("1.4.2-rc1"), "fullwidth-digit": afQ(`1.4.\uff12`)}
	case "uuid":
		return map[string]string{"all-zeros": afQ("00000000-0000-0000-0000-000000000000")},
			map[string]string{"upper-case": afQ("3F2B8C1E-9A4D-4E6F-8B21-0C7D5E9A1F34"), "no-hyphens": afQ("3f2b8c1e9a4d4e6f8b210c7d5e9a1f34"),
				"short-group": afQ("3f2b8c1e-9a4d-4e6f-8b21-0c7d5e9a1f3"), "non-hex": afQ("3f2b8c1e-9a4d-4e6f-8b21-0c7d5e9a1g34"), "braced": afQ("{3f2b8c1e-9a4d-4e6f-8b21-0c7d5e9a1f34}")}
	case "int":
		good = map[string]string{"min": r.Min, "max": r.Max}
		bad = map[string]string{"above-max": afPlusOne(r.Max), "negative": "-1", "fraction": r.Min + ".0", "exponent": "1e2"}
		if r.Min != "0" {
			bad["below-min"] = "0"
		}
		return good, bad
	case "tree-path":
		return nil, map[string]string{"empty": `""`, "absolute": afQ("/result/final_result.json"), "empty-segment": afQ("result//final_result.json"),
			"dot-segment": afQ("./result/final_result.json"), "dotdot-segment": afQ("result/../result/final_result.json"),
			"backslash": afQ(`result\\final_result.json`), "space": afQ("result/final result.json"),
			"17-segments": afQ(strings.Repeat("a/", 16) + "b"), "256-unit-segment": afQ("result/" + strings.Repeat("f", 256))}
	case "base64":
		return nil, map[string]string{"unpadded": afQ("eyJ9"[:3]), "nonzero-pad-bits": afQ("eR=="), "three-pads": afQ("e==="), "bad-symbol": afQ("e!=="),
			"url-alphabet": afQ("-_-_"), "line-break": afQ(`eyJ9\n`)}
	}
	panic("artifact: no variants for check " + r.Check)
}

// afPlusOne adds one to a decimal literal.
func afPlusOne(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// afOtherTypes are JSON texts of values not of type t (null only when the
// member is not nullable).
func afOtherTypes(t string, nullable bool) map[string]string {
	all := map[string]string{"string": `"7"`, "number": "7", "object": "{}", "array": "[]", "boolean": "true"}
	out := map[string]string{}
	if t == "any" {
		return out
	}
	for k, v := range all {
		if k != t && (k == "string" || k == "number" || k == "object" || k == "array") {
			out["type-"+k] = v
		}
	}
	if !nullable {
		out["type-null"] = "null"
	}
	return out
}

// afSorted returns m's keys in order.
func afSorted(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			if ks[j] < ks[i] {
				ks[i], ks[j] = ks[j], ks[i]
			}
		}
	}
	return ks
}

// afVariants derives the variants of object o from its base document:
// an unknown member; per member (in order) absent, of another type, and
// each rule's good and bad values; a nested object's variants in place.
// skip names members whose presence and type the loader checks first
// ("presence") or that are derived elsewhere ("all");
// shadowed names codes whose rule, ignored, hands the input to a later
// guard; nest says which nested objects to derive.
func afVariants(o *shapes.Object, base gen.Doc, skip map[string]string, shadowed map[string]bool, nest bool) []afVar {
	out := []afVar{{name: "unknown-member", doc: base.Set("extra_member", "1"), code: o.Unknown, tag: afRuleTag(o.Unknown, false, shadowed)}}
	for _, m := range o.Members {
		p := m.Name + "-"
		if skip[m.Name] == "all" {
			continue
		}
		if skip[m.Name] == "" {
			if !m.Optional {
				code := o.Missing
				if code == "" {
					code = m.TypeCode
				}
				out = append(out, afVar{name: p + "absent", doc: base.Drop(m.Name), code: code, tag: afTag[code]})
			} else {
				out = append(out, afVar{name: p + "absent", doc: base.Drop(m.Name)})
			}
			others := afOtherTypes(m.Type, m.Nullable)
			for _, k := range afSorted(others) {
				out = append(out, afVar{name: p + k, doc: base.Set(m.Name, others[k]), code: m.TypeCode, tag: "type-guard"})
			}
		}
		if m.Nullable {
			out = append(out, afVar{name: p + "null", doc: base.Set(m.Name, "null")})
		}
		for _, r := range m.Rules {
			out = append(out, afRuleVariants(m, r, base, shadowed, nest)...)
		}
	}
	return out
}

// afRuleTag is the tag of a rule's refusal: the catalogue's when the rule
// stands, "shadowed" when a later guard takes it, else none.
func afRuleTag(code string, stands bool, shadowed map[string]bool) string {
	switch {
	case stands:
		return afTag[code]
	case shadowed[code]:
		return "shadowed"
	}
	return ""
}

// afRuleVariants are the variants of one rule r of member m.
func afRuleVariants(m *shapes.Member, r shapes.Rule, base gen.Doc, shadowed map[string]bool, nest bool) []afVar {
	p := m.Name + "-"
	var out []afVar
	put := func(name, v, code string, stands bool) {
		tag := ""
		if code != "" {
			tag = afRuleTag(code, stands, shadowed)
		}
		out = append(out, afVar{name: p + name, doc: base.Set(m.Name, v), code: code, tag: tag})
	}
	switch r.Rule {
	case shapes.RuleEnum:
		for _, v := range r.Values {
			put(strings.ReplaceAll(v, "_", "-"), afQ(v), "", false)
		}
		put("not-a-member", afQ("bogus"), r.Code, r.Stands)
		put("upper-case", afQ(strings.ToUpper(r.Values[0])), r.Code, r.Stands)
		put("empty", `""`, r.Code, r.Stands)
	case shapes.RuleCheck:
		good, bad := afCheckVars(r)
		for _, k := range afSorted(good) {
			put(k, good[k], "", false)
		}
		for _, k := range afSorted(bad) {
			put(k, bad[k], r.Code, r.Stands)
		}
	case shapes.RuleSize:
		put("too-few", "[]", r.Code, r.Stands)
	case shapes.RuleEach:
		put("element-not-a-string", `["intake",7]`, r.TypeCode, true)
		out[len(out)-1].tag = "type-guard"
		for _, sub := range r.Rules {
			switch sub.Rule {
			case shapes.RuleEnum:
				put("element-not-a-phase", `["intake","review","decision"]`, sub.Code, sub.Stands)
			case shapes.RuleAfter:
				put("out-of-order", `["intake","scoring","analysis","decision"]`, sub.Code, sub.Stands)
				put("repeated", `["intake","analysis","analysis","decision"]`, sub.Code, sub.Stands)
				put("six-phases", `["intake","analysis","scoring","convergence","decision","decision"]`, sub.Code, sub.Stands)
				put("two-phases", `["intake","decision"]`, "", false)
			}
		}
	case shapes.RuleObject:
		if !nest {
			return nil
		}
		inner := afDecl.Object(r.Object)
		for _, v := range afVariants(inner, afDocOf(base.Value(m.Name)), nil, shadowed, true) {
			out = append(out, afVar{name: p + v.name, doc: base.Set(m.Name, afKeep(v.doc)), code: v.code, tag: v.tag})
		}
	}
	return out
}

// afCases turns variants into cases of behaviour: a refused variant
// refuses with its code and tag, an accepted one gets expect's case.
func afCases(behaviour string, vars []afVar, input func(gen.Doc) string, expect func(name string, d gen.Doc) vcase) []vcase {
	var out []vcase
	seen := map[string]bool{}
	for _, v := range vars {
		in := input(v.doc)
		if seen[in] {
			continue
		}
		seen[in] = true
		if v.code == "" {
			out = append(out, expect(v.name, v.doc))
			continue
		}
		out = append(out, afExceptions.tag(behaviour, afRefused(v.name, in, v.code), v.tag))
	}
	return out
}

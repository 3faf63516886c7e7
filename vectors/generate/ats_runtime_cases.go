package main

// ats-runtime/1 vector files: canonical instances, member variants from the
// declaration, object rules, and the four decisions (spec/ats-runtime.md,
// "Vectors").

import (
	"slices"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// arExceptions are the vectors whose tag differs from their message's
// catalogue tag, by "<behaviour>.jsonl:<name>".
var arExceptions = exceptionTags{}

// arRuleVars are the variants of one rule of a member: the declaration's
// own (declaredRuleVariants), or its named check's (gen.ARCheckVariants,
// spec/ats-runtime.md, "Value rules").
func arRuleVars(m *shapes.Member, r shapes.Rule) []ruleVariant {
	if out, ok := declaredRuleVariants(r); ok {
		return out
	}
	var out []ruleVariant
	for _, v := range gen.ARCheckVariants(r) {
		out = append(out, ruleVariant{name: v.Name, value: v.Value, bad: v.Bad})
		if v.Name == "lone-surrogate" {
			out[len(out)-1].why = "lone"
		}
	}
	if out == nil {
		panic("ats-runtime: no variants for rule " + r.Rule + " " + r.Check + " of " + m.Name)
	}
	return out
}

// arFieldCase is one validator case: the document and its expectation,
// computed from the variant and the object rules.
func arFieldCase(op, behaviour, name string, d gen.Doc, v ruleVariant, code string) vcase {
	if !v.bad {
		return arExpect(op, behaviour, name, d)
	}
	c := arRefused(name, d.String(), code)
	switch {
	case v.why == "type-guard":
		c = arExceptions.tag(behaviour, c, "type-guard")
	case v.why == "lone":
		c = arExceptions.tag(behaviour, c, "shadowed")
	case arCross(op, d) != "":
		c = arExceptions.tag(behaviour, c, "shadowed")
	}
	return c
}

// arRefused is a refused case with the message of code and its catalogue
// tag.
func arRefused(name, input, code string) vcase { return arRefusals.refused(name, input, code) }

// arExpect is the validator case of an accepted-or-object-rule document:
// refused with the first object rule that fires, else accepted with the
// verdict.
func arExpect(op, behaviour, name string, d gen.Doc) vcase {
	if code := arCross(op, d); code != "" {
		return arRefused(name, d.String(), code)
	}
	return ok(name, d.String(), arVerdict(d))
}

// arVerdict is a validator's verdict for d.
func arVerdict(d gen.Doc) string {
	return `{"digest":"` + textDigest(d.String()) + `","schema_version":` + d.Value("schema_version") + `}`
}

// arIs reports whether member k of d is the string s.
func arIs(d gen.Doc, k, s string) bool { return d.Value(k) == arQ(s) }

// arNull reports whether member k of d is null.
func arNull(d gen.Doc, k string) bool { return d.Value(k) == "null" }

// arRank is a ladder mode's rank, its place in requested_mode's enum (the
// ladder, lowest first), or -1.
func arRank(v string) int {
	ladder := arDecl.Object("strategy-activation").Member("requested_mode").Rules[0].Values
	return slices.IndexFunc(ladder, func(m string) bool { return v == arQ(m) })
}

// arCross is the code of the first object rule of op's shape that d
// breaks, or "" (spec/ats-runtime.md, "The shapes").
func arCross(op string, d gen.Doc) string {
	switch op {
	case "runtime-capabilities":
		if arIs(d, "authored_by", "local") && !arIs(d, "effective_mode", "offline") {
			return "ats-runtime.capabilities_local_mode"
		}
	case "data-probe":
		v := arIs(d, "status", "verified")
		if v && !arNull(d, "reason") {
			return "ats-runtime.probe_reason_extra"
		}
		if !v && arNull(d, "reason") {
			return "ats-runtime.probe_reason_missing"
		}
	case "strategy-compile-artifact":
		if arIs(d, "status", "compiled") && arNull(d, "program") {
			return "ats-runtime.artifact_program_missing"
		}
		if arIs(d, "status", "failed") && !arNull(d, "program") {
			return "ats-runtime.artifact_program_extra"
		}
	case "strategy-activation":
		r, e := arRank(d.Value("requested_mode")), arRank(d.Value("effective_mode"))
		grant := !arNull(d, "execution_grant_ref")
		switch {
		case r >= 0 && e >= 0 && e > r:
			return "ats-runtime.activation_exceeds"
		case d.Value("requested_mode") != d.Value("effective_mode") && arNull(d, "reason"):
			return "ats-runtime.activation_reason_missing"
		case e >= 3 && !grant:
			return "ats-runtime.activation_grant_missing"
		case e >= 0 && e < 3 && grant:
			return "ats-runtime.activation_grant_extra"
		}
	case "trade-journal":
		zero := arNum(d.Value("reflection_revision")) == 0
		if zero && !arNull(d, "reflection") {
			return "ats-runtime.journal_reflection_extra"
		}
		if !zero && arNull(d, "reflection") {
			return "ats-runtime.journal_reflection_missing"
		}
	case "human-note-revision":
		rev := arNum(d.Value("revision"))
		exact := arNull(d, "supersedes")
		if rev != 1 {
			exact = !arNull(d, "supersedes") && arNum(d.Value("supersedes")) == rev-1
		}
		if !exact {
			return "ats-runtime.note_supersedes"
		}
	}
	return ""
}

// arFile is one vector file of ats-runtime/1.
func arFile(op, aspect, description string, cases ...vcase) vfile {
	return vfile{contract: arContract, op: op, dir: "ats-runtime", behaviour: op + "-" + aspect, description: description, cases: cases}
}

var arBuilt []vfile

// arSeen holds "<op>\n<input>" of every case of the canonical, rule and
// decision files: a member variant that repeats one is not written twice.
var arSeen = map[string]bool{}

// arFiles lists every ats-runtime/1 vector file (built once: the exception
// declarations are made while building).
func arFiles() []vfile {
	if arBuilt != nil {
		return arBuilt
	}
	for _, op := range gen.ARValidators {
		var cases []vcase
		for _, f := range gen.ARFrozen {
			if d := f.Doc; f.Op == op {
				cases = append(cases, ok(f.Name, d.String(), arVerdict(d)).withNote("frozen document, digest "+textDigest(d.String())))
			}
		}
		arBuilt = append(arBuilt, arFile(op, "canonical", "the frozen documents of spec/ats-runtime.md, accepted with their digests", cases...))
	}
	arBuilt = append(arBuilt, arRuleFiles()...)
	arBuilt = append(arBuilt, arDecisionFiles()...)
	for _, f := range arBuilt {
		for _, c := range f.cases {
			arSeen[f.op+"\n"+c.input] = true
		}
	}
	for _, op := range gen.ARValidators {
		arBuilt = append(arBuilt, arMemberFile(op))
	}
	return arBuilt
}

// arMemberFile is a validator's member variants: the input and type
// guards, the closed check, and per member (the facts object's members
// included) its absence, its other types and its rule's variants.
func arMemberFile(op string) vfile {
	behaviour, base, o := op+"-members", arBase(op), arDecl.Object(op)
	text := base.String()
	cases := []vcase{
		arRefused("input-truncated", text[:len(text)-1], "ats-runtime.input"),
		arRefused("input-duplicate-member", `{"`+base[0].Name+`":`+base[0].Value+`,`+text[1:], "ats-runtime.input"),
		arRefused("input-bom", "\ufeff"+text, "ats-runtime.input"),
		arRefused("type-array", "["+text+"]", o.Type),
		arRefused("type-null", "null", o.Type),
		arRefused("type-string", `"x"`, o.Type),
		arRefused("unknown-member", base.Set("extra", "1").String(), o.Unknown),
		arRefused("unknown-member-first", append(gen.Doc{kv("connected", "true")}, base...).String(), o.Unknown),
	}
	seen := map[string]bool{}
	add := func(c vcase) {
		if seen[c.input] || arSeen[op+"\n"+c.input] {
			return
		}
		seen[c.input] = true
		cases = append(cases, c)
	}
	for _, c := range declaredCases(arDecl, o, base, arRuleVars) {
		switch c.v.why {
		case "missing":
			add(arExceptions.tag(behaviour, arRefused(c.name, c.doc.String(), c.code), "shadowed"))
		case "unknown":
			add(arRefused(c.name, c.doc.String(), c.code))
		default:
			add(arFieldCase(op, behaviour, c.name, c.doc, c.v, c.code))
		}
	}
	return arFile(op, "members", "each member absent, of another type, and at and past each end of its rule", cases...)
}

package main

// ats-runtime/1 vector files: canonical instances, member variants from the
// declaration, object rules, and the four decisions (spec/ats-runtime.md,
// "Vectors").

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"

	"github.com/conform-dev/conform/spec/shapes"
)

// arExceptions are the vectors whose tag differs from their message's
// catalogue tag, by "<behaviour>.jsonl:<name>".
var arExceptions = map[string]string{}

// arVar is one value variant of a member: its name, JSON text, whether
// the member's rule (or type) refuses it, and why it has no accept path
// when its guard is ignored ("type-guard" for another type, "lone" for a
// string with no JCS).
type arVar struct {
	name, value string
	bad         bool
	why         string
}

// arStr is the JSON text of a string of n copies of s.
func arStr(s string, n int) string { return arQ(strings.Repeat(s, n)) }

// arRuleVars are the variants of one rule of a member, by what the rule
// is (the declaration) and what its named check refuses (spec/ats-runtime.md,
// "Value rules").
func arRuleVars(m *shapes.Member, r shapes.Rule) []arVar {
	good := func(n, v string) arVar { return arVar{name: n, value: v} }
	bad := func(n, v string) arVar { return arVar{name: n, value: v, bad: true} }
	lone := func(v string) arVar { return arVar{name: "lone-surrogate", value: v, bad: true, why: "lone"} }
	switch r.Rule {
	case shapes.RuleConst:
		return []arVar{bad("other-tag", arQ(strings.TrimSuffix(r.Value, "1")+"9")), bad("tag-with-space", arQ(r.Value+" ")), bad("empty", `""`)}
	case shapes.RuleFalse:
		return []arVar{bad("true", "true")}
	case shapes.RuleEnum:
		out := []arVar{bad("not-a-member", arQ("bogus")), bad("upper-case", arQ(strings.ToUpper(r.Values[0]))), bad("empty", `""`)}
		return out
	}
	switch r.Check {
	case "true":
		return []arVar{bad("false", "false")}
	case "ref":
		p := r.Args[0]
		return []arVar{good("body-1", arQ(p+"_Z")), good("body-64", arQ(p+"_"+strings.Repeat("Z9", 32))),
			bad("body-65", arQ(p+"_"+strings.Repeat("Z9", 32)+"Z")), bad("empty-body", arQ(p+"_")),
			bad("no-underscore", arQ(p+"7Qm2")), bad("upper-case-prefix", arQ(strings.ToUpper(p)+"_7Qm2")),
			bad("bad-character", arQ(p+"_7Qm2-Xw9")), bad("trailing-newline", arQ(p+`_7Qm2\n`)), lone(arQ(p + `_7Qm2\ud800`))}
	case "name":
		return []arVar{good("one-letter", arQ("a")), good("64-units", arQ("a"+strings.Repeat("b-", 31)+"c")),
			bad("65-units", arQ("a"+strings.Repeat("b-", 32))), bad("upper-case", arQ("Alpaca")), bad("leading-digit", arQ("1alpaca")),
			bad("underscore", arQ("al_paca")), bad("empty", `""`)}
	case "reason-code":
		return []arVar{good("64-units", arQ("a"+strings.Repeat("b_", 31)+"c")), bad("65-units", arQ("a"+strings.Repeat("b_", 32))),
			bad("hyphen", arQ("auth-rejected")), bad("upper-case", arQ("Auth_rejected")), bad("empty", `""`), lone(arQ(`auth\udc00`))}
	case "digest":
		h := strings.Repeat("0123456789abcdef", 4)
		return []arVar{good("all-hex", arQ("sha256:"+h)), bad("upper-case-hex", arQ("sha256:"+strings.ToUpper(h))),
			bad("63-digits", arQ("sha256:"+h[1:])), bad("65-digits", arQ("sha256:"+h+"0")), bad("other-algorithm", arQ("sha512:"+h)),
			bad("no-prefix", arQ(h)), bad("trailing-newline", arQ("sha256:"+h+`\n`))}
	case "version":
		return []arVar{good("zeros", arQ("0.0.0")), good("nine-digits", arQ("999999999.999999999.999999999")),
			bad("ten-digits", arQ("1000000000.0.0")), bad("two-parts", arQ("2.4")), bad("four-parts", arQ("2.4.1.0")),
			bad("leading-zero", arQ("02.4.1")), bad("pre-release", arQ("2.4.1-rc1")), bad("v-prefix", arQ("v2.4.1")),
			bad("empty-part", arQ("2..1")), bad("fullwidth-digit", arQ(`2.4.\uff11`))}
	case "credential-ref":
		return []arVar{good("vault-path", arQ("vault:kv/alpaca/api-key.v2")), good("env-128", arQ("env:"+strings.Repeat("K", 128))),
			good("vault-128", arQ("vault:"+strings.Repeat("k", 128))),
			bad("env-129", arQ("env:"+strings.Repeat("K", 129))), bad("env-empty", arQ("env:")), bad("vault-empty", arQ("vault:")),
			bad("pasted-key", arQ("sk_live_4eC39HqLyjWDarjtT1zdp7dc")), bad("pasted-aws-key", arQ("AKIAIOSFODNN7EXAMPLE")),
			bad("upper-case-prefix", arQ("ENV:ALPACA_KEY_ID")), bad("other-prefix", arQ("file:/etc/alpaca")),
			bad("space", arQ("env:ALPACA KEY")), bad("colon-in-body", arQ("vault:kv:alpaca")), bad("trailing-newline", arQ(`env:ALPACA_KEY_ID\n`)),
			lone(arQ(`env:ALPACA\ud800`))}
	case "equity-ticker":
		return []arVar{good("dot-class", arQ("BRK.B")), good("hyphen-class", arQ("BRK-B")), good("six-and-four", arQ("ABCDEF.GHIJ")),
			good("one-letter", arQ("F")), bad("seven-letters", arQ("ABCDEFG")), bad("five-letter-class", arQ("BRK.BBBBB")),
			bad("lower-case", arQ("aapl")), bad("url", arQ("HTTPS://X")), bad("digit", arQ("1ABC")), bad("dangling-dot", arQ("BRK.")),
			bad("empty", `""`)}
	case "int":
		lo, hi := r.Min, r.Max
		below := "-1"
		if lo != "0" {
			below = pastBound(lo, -1)
		}
		return []arVar{good("min", lo), good("max", hi), bad("below-min", below), bad("above-max", pastBound(hi, 1)),
			bad("fraction", lo+".0"), bad("exponent", "1e3"), bad("negative-zero", "-0")}
	case "text":
		lo, hi := r.Bounds()
		n := int(hi.Int64())
		_ = lo
		return []arVar{good("one-unit", arQ("x")), good("max-units", arStr("x", n)), good("tab-and-newline", arQ(`a\tb\nc`)),
			good("astral", arQ(`\ud83d\ude00 ok`)), bad("empty", `""`), bad("max-plus-one", arStr("x", n+1)),
			bad("control", arQ(`a\u0001b`)), bad("carriage-return", arQ(`a\rb`)), bad("del", arQ(`a\u007fb`)), bad("c1-control", arQ(`a\u0085b`)),
			lone(arQ(`note \udbff`))}
	}
	panic("ats-runtime: no variants for rule " + r.Rule + " " + r.Check + " of " + m.Name)
}

// arTypeVars are values of another JSON type than member m's
// (typeVariants), each with no accept path.
func arTypeVars(m *shapes.Member) []arVar {
	var out []arVar
	for _, v := range typeVariants(m) {
		out = append(out, arVar{name: v.name, value: v.value, bad: true, why: "type-guard"})
	}
	return out
}

// arFieldCase is one validator case: the document and its expectation,
// computed from the variant and the object rules.
func arFieldCase(op, behaviour, name string, d arDoc, v arVar, code string) vcase {
	if !v.bad {
		return arExpect(op, behaviour, name, d)
	}
	c := arRefused(name, d.json(), code)
	switch {
	case v.why == "type-guard":
		c = arTagged(behaviour, c, "type-guard")
	case v.why == "lone":
		c = arTagged(behaviour, c, "shadowed")
	case arCross(op, d) != "":
		c = arTagged(behaviour, c, "shadowed")
	}
	return c
}

// arRefused is a refused case with the message of code and its catalogue
// tag.
func arRefused(name, input, code string) vcase { return arRefusals.refused(name, input, code) }

// arTagged records that vector name of behaviour carries tag.
func arTagged(behaviour string, c vcase, tag string) vcase {
	if tag == c.exception {
		return c
	}
	arExceptions[behaviour+".jsonl:"+c.name] = tag
	return c.withException(tag)
}

// arExpect is the validator case of an accepted-or-object-rule document:
// refused with the first object rule that fires, else accepted with the
// verdict.
func arExpect(op, behaviour, name string, d arDoc) vcase {
	if code := arCross(op, d); code != "" {
		return arRefused(name, d.json(), code)
	}
	return ok(name, d.json(), arVerdict(d))
}

// arVerdict is a validator's verdict for d.
func arVerdict(d arDoc) string {
	return `{"digest":"` + textDigest(d.json()) + `","schema_version":` + d.get("schema_version") + `}`
}

// arIs reports whether member k of d is the string s.
func arIs(d arDoc, k, s string) bool { return d.get(k) == arQ(s) }

// arNull reports whether member k of d is null.
func arNull(d arDoc, k string) bool { return d.get(k) == "null" }

// arRank is a ladder mode's rank, or -1.
func arRank(v string) int {
	for i, m := range []string{"offline", "observe", "review_only", "paper", "approve", "auto"} {
		if v == arQ(m) {
			return i
		}
	}
	return -1
}

// arCross is the code of the first object rule of op's shape that d
// breaks, or "" (spec/ats-runtime.md, "The shapes").
func arCross(op string, d arDoc) string {
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
		r, e := arRank(d.get("requested_mode")), arRank(d.get("effective_mode"))
		grant := !arNull(d, "execution_grant_ref")
		switch {
		case r >= 0 && e >= 0 && e > r:
			return "ats-runtime.activation_exceeds"
		case d.get("requested_mode") != d.get("effective_mode") && arNull(d, "reason"):
			return "ats-runtime.activation_reason_missing"
		case e >= 3 && !grant:
			return "ats-runtime.activation_grant_missing"
		case e >= 0 && e < 3 && grant:
			return "ats-runtime.activation_grant_extra"
		}
	case "trade-journal":
		zero := arNum(d.get("reflection_revision")) == 0
		if zero && !arNull(d, "reflection") {
			return "ats-runtime.journal_reflection_extra"
		}
		if !zero && arNull(d, "reflection") {
			return "ats-runtime.journal_reflection_missing"
		}
	case "human-note-revision":
		rev := arNum(d.get("revision"))
		exact := arNull(d, "supersedes")
		if rev != 1 {
			exact = !arNull(d, "supersedes") && arNum(d.get("supersedes")) == rev-1
		}
		if !exact {
			return "ats-runtime.note_supersedes"
		}
	}
	return ""
}

// arValidators are the ten validator operations in table order.
var arValidators = []string{"runtime-installation", "runtime-capabilities", "data-profile", "data-probe", "strategy-source",
	"strategy-compile-artifact", "strategy-activation", "trade-journal", "human-note-revision", "journal-preferences"}

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
	var members []string
	for _, op := range arValidators {
		var cases []vcase
		for _, f := range gen.ARFrozen {
			if d := textDocOf(f.Doc); f.Op == op {
				cases = append(cases, ok(f.Name, d.json(), arVerdict(d)).withNote("frozen document, digest "+textDigest(d.json())))
			}
		}
		arBuilt = append(arBuilt, arFile(op, "canonical", "the frozen documents of spec/ats-runtime.md, accepted with their digests", cases...))
		members = append(members, op)
	}
	arBuilt = append(arBuilt, arRuleFiles()...)
	arBuilt = append(arBuilt, arDecisionFiles()...)
	for _, f := range arBuilt {
		for _, c := range f.cases {
			arSeen[f.op+"\n"+c.input] = true
		}
	}
	for _, op := range members {
		arBuilt = append(arBuilt, arMemberFile(op))
	}
	return arBuilt
}

// arMemberFile is a validator's member variants: the input and type
// guards, the closed check, and per member (the facts object's members
// included) its absence, its other types and its rule's variants.
func arMemberFile(op string) vfile {
	behaviour := op + "-members"
	base := textDocOf(gen.ARBases[op])
	text := base.json()
	cases := []vcase{
		arRefused("input-truncated", text[:len(text)-1], "ats-runtime.input"),
		arRefused("input-duplicate-member", `{"`+base[0].k+`":`+base[0].v+`,`+text[1:], "ats-runtime.input"),
		arRefused("input-bom", "\ufeff"+text, "ats-runtime.input"),
		arRefused("type-array", "["+text+"]", "ats-runtime.type"),
		arRefused("type-null", "null", "ats-runtime.type"),
		arRefused("type-string", `"x"`, "ats-runtime.type"),
		arRefused("unknown-member", base.set("extra", "1").json(), "ats-runtime.unknown_member"),
		arRefused("unknown-member-first", append(arDoc{{"connected", "true"}}, base...).json(), "ats-runtime.unknown_member"),
	}
	seen := map[string]bool{}
	add := func(c vcase) {
		if seen[c.input] || arSeen[op+"\n"+c.input] {
			return
		}
		seen[c.input] = true
		cases = append(cases, c)
	}
	var walk func(o *shapes.Object, prefix string, put func(k, v string) arDoc, del func(k string) arDoc)
	walk = func(o *shapes.Object, prefix string, put func(k, v string) arDoc, del func(k string) arDoc) {
		for _, m := range o.Members { // Parse has resolved the shared ones
			n := prefix + m.Name
			add(arTagged(behaviour, arRefused("missing-"+n, del(m.Name).json(), "ats-runtime.missing_member"), "shadowed"))
			for _, v := range arTypeVars(m) {
				add(arFieldCase(op, behaviour, n+"-"+v.name, put(m.Name, v.value), v, m.TypeCode))
			}
			if m.Nullable {
				add(arFieldCase(op, behaviour, n+"-null", put(m.Name, "null"), arVar{}, ""))
			}
			for _, r := range m.Rules {
				if r.Rule == shapes.RuleObject {
					sub := arDecl.Object(r.Object)
					cur := base.get(m.Name)
					nested := arParseFlat(cur)
					walk(sub, n+".",
						func(k, v string) arDoc { return put(m.Name, nested.set(k, v).json()) },
						func(k string) arDoc { return put(m.Name, nested.del(k).json()) })
					add(arRefused("unknown-member-in-"+n, put(m.Name, nested.set("extra", "1").json()).json(), "ats-runtime.unknown_member"))
					continue
				}
				code := r.Code
				for _, v := range arRuleVars(m, r) {
					add(arFieldCase(op, behaviour, n+"-"+v.name, put(m.Name, v.value), v, code))
				}
			}
		}
	}
	walk(arDecl.Object(op), "", base.set, base.del)
	return arFile(op, "members", "each member absent, of another type, and at and past each end of its rule", cases...)
}

// arParseFlat splits a flat JSON object text written by arDoc.json (no
// nested containers, no commas or colons inside strings) into members.
func arParseFlat(text string) arDoc {
	var out arDoc
	for _, kv := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(text, "{"), "}"), ",") {
		k, v, _ := strings.Cut(kv, ":")
		out = append(out, arKV{strings.Trim(k, `"`), v})
	}
	return out
}

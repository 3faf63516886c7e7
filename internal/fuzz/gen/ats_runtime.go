package gen

// ats-runtime/1 (spec/ats-runtime.md): structured inputs for the ten
// validators and the four decisions. Each draw is a valid document (or
// envelope of valid documents) with one change: a declared defect
// (docDefect) read from the declaration (spec/ats-runtime/shapes.json:
// each member's type, nullability and rules, with the bounds, enum values,
// pinned values and ref prefixes it states). The canonical instances are
// read from the spec ("Canonical instances"); what is written here by hand
// is the values at and past each named check (read by the vector
// generator too), the seal of an artifact, and the relations each
// decision tests.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// arDecl is the declaration of ats-runtime/1's shapes
// (spec/ats-runtime/shapes.json).
var arDecl = spec.MustShapes("ats-runtime")

// ARInstance is one of the fifteen canonical instances of
// spec/ats-runtime.md ("Canonical instances"), the frozen documents that
// stand for the seed's ats_spec2_golden.json: its validator (the
// paragraph's name), its case name (the paragraph's note) and the
// document, parsed from the spec's text.
type ARInstance struct {
	Op, Name string
	Doc      Doc
}

// arInstances are the canonical instances of spec/ats-runtime.md,
// "Canonical instances", read from the spec's prose.
var arInstances = spec.MustInstances("ats-runtime")

// ARFrozen are the fifteen canonical instances in the spec's order, by
// validator in table order; the first of each validator is its base
// (ARBases). The artifacts are sealed as written (ARSeal leaves them
// unchanged) and the activations carry the compiled artifact's id, both
// checked by the package's tests.
var ARFrozen = func() []ARInstance {
	ops, _ := envelopesOf("ats-runtime/1")
	out := make([]ARInstance, len(arInstances))
	for k, i := range arInstances {
		// A slip in the spec must stop the generators there, not become
		// other vectors.
		if !slices.Contains(ops, i.Name) || !arCaseName.MatchString(i.Note) {
			panic(fmt.Sprintf("gen: spec/ats-runtime.md:%d: an instance is `<validator>`, <case name>: %q, %q", i.Line, i.Name, i.Note))
		}
		out[k] = ARInstance{i.Name, i.Note, atsParse(i.Text)}
	}
	return out
}()

// arCaseName is a case name of a canonical instance: "canonical",
// "canonical-runtime-reply".
var arCaseName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ARValidators are the ten validator operations in table order, and
// ARBases each one's base document: its first canonical instance
// (ARFrozen), which the vector generator's member variants and the fuzz
// generator's changes start from.
var ARValidators, ARBases = func() ([]string, map[string]Doc) {
	var ops []string
	bases := map[string]Doc{}
	for _, f := range ARFrozen {
		if _, ok := bases[f.Op]; !ok {
			ops, bases[f.Op] = append(ops, f.Op), f.Doc
		}
	}
	return ops, bases
}()

// ARCanonical is the canonical instance of validator op named name
// (ARFrozen); it panics on a pair ARFrozen lacks (a programming error).
func ARCanonical(op, name string) Doc {
	for _, f := range ARFrozen {
		if f.Op == op && f.Name == name {
			return f.Doc
		}
	}
	panic("gen: no canonical instance " + op + " " + name)
}

// ARAt is now_ms d milliseconds (d may be negative) after probe p's
// observed_at_ms, as a literal.
func ARAt(p Doc, d int64) string {
	obs, _ := p.Get("observed_at_ms")
	n, _ := strconv.ParseInt(obs, 10, 64)
	return strconv.FormatInt(n+d, 10)
}

// ARSeal returns artifact d with artifact_id := D(d without artifact_id),
// D the ATS digest (ATSDigest); "" when gowebpki/jcs refuses d.
func ARSeal(d ATSDoc) ATSDoc {
	id, _ := ATSDigest(d.Drop("artifact_id"))
	return d.Set("artifact_id", strconv.Quote(id))
}

// ARCheckVariant is one value of a member under a named check of
// spec/ats-runtime.md ("Value rules"): its case name, its JSON text (a
// string's escapes as written, a lone surrogate's included) and whether
// the check refuses it.
type ARCheckVariant struct {
	Name, Value string
	Bad         bool
}

// ARCheckVariants are the values at and past named check r, in the order
// of the vectors' member variants (the fuzz pool draws from them too): the
// valid ones at each end, then each way the check refuses; nil for the
// int check, whose values are its declared bounds'.
func ARCheckVariants(r shapes.Rule) []ARCheckVariant {
	good := func(n, v string) ARCheckVariant { return ARCheckVariant{n, `"` + v + `"`, false} }
	bad := func(n, v string) ARCheckVariant { return ARCheckVariant{n, `"` + v + `"`, true} }
	lone := func(v string) ARCheckVariant { return bad("lone-surrogate", v) }
	switch r.Check {
	case "true":
		return []ARCheckVariant{{"false", "false", true}}
	case "ref":
		p := r.Args[0]
		return []ARCheckVariant{good("body-1", p+"_Z"), good("body-64", p+"_"+strings.Repeat("Z9", 32)),
			bad("body-65", p+"_"+strings.Repeat("Z9", 32)+"Z"), bad("empty-body", p+"_"),
			bad("no-underscore", p+"7Qm2"), bad("upper-case-prefix", strings.ToUpper(p)+"_7Qm2"),
			bad("bad-character", p+"_7Qm2-Xw9"), bad("trailing-newline", p+`_7Qm2\n`), lone(p + `_7Qm2\ud800`)}
	case "name":
		return []ARCheckVariant{good("one-letter", "a"), good("64-units", "a"+strings.Repeat("b-", 31)+"c"),
			bad("65-units", "a"+strings.Repeat("b-", 32)), bad("upper-case", "Alpaca"), bad("leading-digit", "1alpaca"),
			bad("underscore", "al_paca"), bad("empty", "")}
	case "reason-code":
		return []ARCheckVariant{good("64-units", "a"+strings.Repeat("b_", 31)+"c"), bad("65-units", "a"+strings.Repeat("b_", 32)),
			bad("hyphen", "auth-rejected"), bad("upper-case", "Auth_rejected"), bad("empty", ""), lone(`auth\udc00`)}
	case "digest":
		h := strings.Repeat("0123456789abcdef", 4)
		return []ARCheckVariant{good("all-hex", "sha256:"+h), bad("upper-case-hex", "sha256:"+strings.ToUpper(h)),
			bad("63-digits", "sha256:"+h[1:]), bad("65-digits", "sha256:"+h+"0"), bad("other-algorithm", "sha512:"+h),
			bad("no-prefix", h), bad("trailing-newline", "sha256:"+h+`\n`)}
	case "version":
		return []ARCheckVariant{good("zeros", "0.0.0"), good("nine-digits", "999999999.999999999.999999999"),
			bad("ten-digits", "1000000000.0.0"), bad("two-parts", "2.4"), bad("four-parts", "2.4.1.0"),
			bad("leading-zero", "02.4.1"), bad("pre-release", "2.4.1-rc1"), bad("v-prefix", "v2.4.1"),
			bad("empty-part", "2..1"), bad("fullwidth-digit", `2.4.\uff11`)}
	case "credential-ref":
		return []ARCheckVariant{good("vault-path", "vault:kv/alpaca/api-key.v2"), good("env-128", "env:"+strings.Repeat("K", 128)),
			good("vault-128", "vault:"+strings.Repeat("k", 128)),
			bad("env-129", "env:"+strings.Repeat("K", 129)), bad("env-empty", "env:"), bad("vault-empty", "vault:"),
			bad("pasted-key", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"), bad("pasted-aws-key", "AKIAIOSFODNN7EXAMPLE"),
			bad("upper-case-prefix", "ENV:ALPACA_KEY_ID"), bad("other-prefix", "file:/etc/alpaca"),
			bad("space", "env:ALPACA KEY"), bad("colon-in-body", "vault:kv:alpaca"), bad("trailing-newline", `env:ALPACA_KEY_ID\n`),
			lone(`env:ALPACA\ud800`)}
	case "equity-ticker":
		return []ARCheckVariant{good("dot-class", "BRK.B"), good("hyphen-class", "BRK-B"), good("six-and-four", "ABCDEF.GHIJ"),
			good("one-letter", "F"), bad("seven-letters", "ABCDEFG"), bad("five-letter-class", "BRK.BBBBB"),
			bad("lower-case", "aapl"), bad("url", "HTTPS://X"), bad("digit", "1ABC"), bad("dangling-dot", "BRK."),
			bad("empty", "")}
	case "text":
		n, _ := strconv.Atoi(r.Max)
		return []ARCheckVariant{good("one-unit", "x"), good("max-units", strings.Repeat("x", n)), good("tab-and-newline", `a\tb\nc`),
			good("astral", `\ud83d\ude00 ok`), bad("empty", ""), bad("max-plus-one", strings.Repeat("x", n+1)),
			bad("control", `a\u0001b`), bad("carriage-return", `a\rb`), bad("del", `a\u007fb`), bad("c1-control", `a\u0085b`),
			lone(`note \udbff`)}
	}
	return nil
}

// arPool draws a value for a member under one of the named checks, at or
// past the check or a valid other value (ARCheckVariants; for text also
// random text with lone surrogates; now and then null, which a nullable
// member takes): the declared defects' checkPool. It returns nil for the
// int check, whose values are the declared defects' own (numberValue).
func arPool(s *Source, r shapes.Rule, cur *tv) *tv {
	if s.Chance(8) {
		return tL("null")
	}
	if r.Check == "text" && s.Chance(4) {
		return tU(textUnits(s, 1+s.Intn(40), true))
	}
	vs := ARCheckVariants(r)
	if len(vs) == 0 {
		return nil
	}
	v, _ := tvOfJSON(Pick(s, vs).Value)
	return v
}

// arChange returns d (an instance of the declared object name) with one
// declared defect drawn from s (docDefect), the named checks' values from
// arPool.
func arChange(s *Source, name string, d ATSDoc) ATSDoc { return docDefect(s, arDecl, name, d, arPool) }

// ATSRuntimeDocument draws an input for one of the ten validators: the
// shape's valid base with one declared defect (or two, or now and then
// none), or no JSON object at all or a truncated text (arWrite).
func ATSRuntimeDocument(s *Source, op string) []byte {
	d, ok := ARBases[op]
	if !ok {
		return []byte("null")
	}
	changes := 1 + s.Intn(2)
	if s.Chance(15) {
		changes = 0
	}
	return arWrite(s, op, d, changes)
}

// arWrite writes d, an instance of the declared object name, with changes
// declared defects (arChange), now and then its members shuffled; one
// time in 15 it writes no JSON object at all or a truncated text instead.
func arWrite(s *Source, name string, d ATSDoc, changes int) []byte {
	switch s.Intn(30) {
	case 0:
		return []byte(Pick(s, []string{"null", "[]", "1", `"x"`, "true"}))
	case 1:
		b := d.JSON()
		return b[:s.Intn(len(b))]
	}
	for range changes {
		d = arChange(s, name, d)
	}
	if s.Chance(5) {
		d = d.Shuffled(s)
	}
	return d.JSON()
}

// arProbe draws a probe: verified, failed or stale, with its reason.
func arProbe(s *Source) ATSDoc {
	switch s.Intn(4) {
	case 0:
		return ARCanonical("data-probe", "canonical-failed")
	case 1:
		return ARBases["data-probe"].Set("status", `"stale"`).Set("reason", `"feed_delayed"`)
	}
	return ARBases["data-probe"]
}

// arNow draws now_ms about the probe's observation and expiry.
func arNow(s *Source, p ATSDoc) string {
	text, _ := p.Get("max_age_ms")
	age, _ := strconv.ParseInt(text, 10, 64)
	switch s.Intn(8) {
	case 0:
		return Pick(s, []string{"0", "-1", `"1"`, "1.5", "9007199254740992", "1e400", "null"})
	case 1:
		return ARAt(p, -1)
	case 2:
		return ARAt(p, 0)
	}
	return ARAt(p, Pick(s, []int64{age - 1, age, age + 1, 1, age * 10}))
}

// ATSRuntimeDecision draws an input for one of the four decisions: valid
// documents in the relations the decision tests (ages about expiry, the
// source's language and ids, the note's base), and with one chance in two
// a declared defect anywhere in the envelope, its documents' members
// included (arWrite).
func ATSRuntimeDecision(s *Source, op string) []byte {
	var env ATSDoc
	switch op {
	case "age-probe-receipt":
		p := arProbe(s)
		env = envelopeOf("probe", p, "now_ms", arNow(s, p))
	case "stage-artifact":
		src := ARBases["strategy-source"].Set("language", Pick(s, []string{`"nano"`, `"nano"`, `"pine"`, `"python"`}))
		art := ARBases["strategy-compile-artifact"]
		switch s.Intn(8) {
		case 0:
			art = ARCanonical("strategy-compile-artifact", "canonical-failed")
		case 1:
			art = ARSeal(art.Set("source_id", `"src_Other1"`))
		case 2:
			art = ARSeal(art.Set("source_digest", `"sha256:`+strings.Repeat("1", 64)+`"`))
		case 3:
			art = art.Set("program", `"tampered"`)
		case 4:
			art = ARSeal(arChange(s, "strategy-compile-artifact", art))
		}
		env = envelopeOf("source", src, "artifact", art)
	case "admit-activation":
		a := ARBases["strategy-activation"]
		if s.Chance(3) {
			a = ARCanonical("strategy-activation", "canonical-observe")
		}
		p := arProbe(s)
		env = envelopeOf("activation", a, "probe", p, "now_ms", arNow(s, p))
	case "save-note":
		rev := s.Intn(4)
		e := ARBases["trade-journal"].Set("reflection_revision", strconv.Itoa(rev))
		if rev > 0 {
			e = e.Set("reflection", `"earlier"`)
		}
		n := rev + 1
		if s.Chance(4) {
			n = 1 + s.Intn(5)
		}
		sup := "null"
		if n > 1 {
			sup = strconv.Itoa(n - 1)
		}
		note := ARBases["human-note-revision"].Set("revision", strconv.Itoa(n)).Set("supersedes", sup)
		if s.Chance(8) {
			note = note.Set("entry_id", `"entry_T2"`)
		}
		env = envelopeOf("entry", e, "note", note)
	default:
		return []byte("null")
	}
	return arWrite(s, op, env, s.Intn(2))
}

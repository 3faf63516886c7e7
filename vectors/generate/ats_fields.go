package main

// ats/1 field coverage (spec/ats.md, "Field coverage"): for every
// validator-like operation and every field of its shape, single-cause
// variants of the operation's canonical document: each bound at the bound
// and just past it, each kind with a value of the wrong JSON type (tag
// type-guard), each grammar with a lone surrogate (tag shadowed: with the
// rule ignored, ats.canonical refuses the document), each cross-field rule
// once per way it can fire and at its equality; a missing and an unknown
// member, the wrong type and the input grammar. The fields, their codes
// and the check that selects each one's variants come from the
// declaration (fieldRows, atsChecks).

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	specdata "github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// atsFV is one field variant: a vector name, the member's new JSON text,
// and the expectation: "" is accepted, else the refusal code; tag and why
// when its tag differs from the catalogue's; base, when the variant is
// written on another accepted document than the operation's canonical one.
type atsFV struct {
	name, value, code, tag, why string
	base                        atsDoc
}

const (
	atsWhyKind  = "a value of the wrong JSON type: with the guard ignored there is no value of the field's kind to accept"
	atsWhyLone  = "the value holds a lone surrogate: with the guard ignored, the document has no JCS and ats.canonical refuses"
	atsWhyRange = "the literal is beyond the double range: with the guard ignored, the document has no JCS and ats.canonical refuses"
)

// Alternative accepted documents that the cross-field rules need
// (spec/ats.md, "The shapes").
var (
	// atsStateDiff: the effective mode below the requested one, with a
	// reason.
	atsStateDiff = gen.ATSState.Set("effective_mode", `"review_only"`).Set("reason", `"operator_limit"`)
	// atsReviewRefused: a review the broker refused, with its reason.
	atsReviewRefused = gen.ATSReviewV2.Set("status", `"refused"`).Set("refusal_reason", `"insufficient_buying_power"`)
)

// atsReceiptAs returns receipt base rewritten as outcome: ambiguous,
// refused or partially_filled, each with the facts its rules require.
func atsReceiptAs(base atsDoc, outcome string) atsDoc {
	switch outcome {
	case "ambiguous":
		return base.Set("outcome", `"ambiguous"`).Set("broker_confirmed", "false").Set("broker_order_ref", "null").
			Set("filled_quantity", "null").Set("average_fill_price_minor", "null").
			Set("reconciliation_state", `"pending"`).Set("ambiguity_reason", `"broker_timeout"`)
	case "refused":
		return base.Set("outcome", `"refused"`).Set("filled_quantity", "null").Set("average_fill_price_minor", "null")
	case "accepted":
		return base.Set("outcome", `"accepted"`).Set("filled_quantity", "null").Set("average_fill_price_minor", "null")
	}
	return base.Set("outcome", `"partially_filled"`).Set("filled_quantity", "5")
}

// atsDecl is the declaration of the shapes and their field rules
// (spec/ats/shapes.json).
var atsDecl = specdata.MustShapes("ats")

// atsShapeFields is each shape's field table in check order (spec/ats.md,
// "The shapes"), by operation without its /1 or /2 suffix, and atsCodes
// each field's code by shape, from the declaration.
var atsShapeFields, atsCodes = func() (map[string][]string, map[string]map[string]string) {
	fields, codes := map[string][]string{}, map[string]map[string]string{}
	for _, o := range atsDecl.Objects {
		shape := strings.TrimSuffix(strings.TrimSuffix(o.Name, "-v1"), "-v2")
		fields[shape], codes[shape] = nil, map[string]string{}
		for _, row := range fieldRows(atsDecl, o, "", nil) {
			fields[shape] = append(fields[shape], row.path)
			codes[shape][row.path] = row.code("type", 0)
		}
	}
	return fields, codes
}()

// atsShapeOf is the shape an operation validates.
func atsShapeOf(op string) string {
	for _, suffix := range []string{"-v1", "-v2"} {
		op = strings.TrimSuffix(op, suffix)
	}
	switch op {
	case "redact-binding-for-export", "optional-binding":
		return "account-binding"
	}
	return op
}

// atsV2 reports whether an operation runs the /2 checks.
func atsV2(op atsOp) bool { return strings.HasSuffix(op.name, "-v2") || op.name == atsOpRedact.name }

// atsRefFields is the prefix of each ref(P) field, atsIntFields each
// int field's bounds, and atsChecks the check that selects each other
// field's variants (its last rule's: "set" after "strings"; none for a
// name whose /1 and /2 definitions differ), from the declaration's field
// rules.
var atsRefFields, atsIntFields, atsChecks = func() (map[string]string, map[string][2]string, map[string]*shapes.Rule) {
	refs, ints, checks := map[string]string{}, map[string][2]string{}, map[string]*shapes.Rule{}
	differs := map[string]bool{}
	for _, f := range atsDecl.Fields {
		for i, r := range f.Rules {
			switch r.Check {
			case "ref":
				refs[f.Name] = r.Args[0]
			case "int":
				ints[f.Name] = [2]string{r.Min, r.Max}
			case "":
			default:
				if i < len(f.Rules)-1 {
					continue
				}
				if prev, ok := checks[f.Name]; ok && prev.Check != r.Check {
					differs[f.Name] = true
				}
				checks[f.Name] = &f.Rules[i]
			}
		}
	}
	for name := range differs {
		delete(checks, name)
	}
	return refs, ints, checks
}()

// atsSelector is what selects field f's variants: its check, or its name
// when it has none (an enum, a pinned value, a boolean, or a field whose
// check differs between /1 and /2).
func atsSelector(f string) string {
	if r, ok := atsChecks[f]; ok {
		return r.Check
	}
	return f
}

// atsWindow says, for the int fields a cross-field rule compares, which
// bounds a document can hold alone (minOK, maxOK) and what a value past
// each bound meets when the field's guard is ignored: "" (accepted) or
// shadowed (the cross-field rule refuses it).
type atsWindow struct {
	minOK, maxOK bool
	below, above string
}

var atsWindows = map[string]atsWindow{
	// Lower end of a window: at most the upper end.
	"delegated-trading-grant.issued_at_ms": {true, false, "", "shadowed"},
	"equity-order-intent.created_at_ms":    {true, false, "", "shadowed"},
	"order-review-receipt.reviewed_at_ms":  {true, false, "", "shadowed"},
	"operator-approval.approved_at_ms":     {true, false, "", "shadowed"},
	// Upper end of a window.
	"delegated-trading-grant.expires_at_ms":          {false, true, "shadowed", ""},
	"equity-order-intent.expires_at_ms":              {false, true, "shadowed", ""},
	"operator-approval.expires_at_ms":                {false, true, "shadowed", ""},
	"order-review-receipt.reservation_expires_at_ms": {false, true, "shadowed", ""},
	"order-review-receipt.approval_deadline_ms":      {false, false, "shadowed", "shadowed"},
	"execution-receipt.filled_quantity":              {true, false, "", "shadowed"},
}

// atsIntBase rewrites the document an int field's variants are written
// on, where the canonical one would let a cross-field rule fire: a
// receipt's quantity on a refused order (no fill facts), its
// filled_quantity on a partial fill of 5.
var atsIntBase = map[string]func(atsDoc) atsDoc{
	"execution-receipt.quantity":        func(b atsDoc) atsDoc { return atsReceiptAs(b, "refused") },
	"execution-receipt.filled_quantity": func(b atsDoc) atsDoc { return atsReceiptAs(b, "partial") },
}

const atsWhyWindow = "with the guard ignored, the value past the bound breaks the shape's cross-field rule, which refuses"

// atsVariants returns the variants of field f of operation o.
func atsVariants(o atsOp, f string) []atsFV {
	shape := atsShapeOf(o.name)
	v2 := atsV2(o)
	code := atsCodes[shape][f]
	var out []atsFV
	var on atsDoc // the document the variants are written on, when not o.base
	add := func(v atsFV) {
		if v.base == nil {
			v.base = on
		}
		out = append(out, v)
	}
	kind := func(code, value string) {
		add(atsFV{name: "kind-" + atsKindName(value), value: value, code: code, tag: "type-guard", why: atsWhyKind})
	}
	lone := func(code, value string) {
		add(atsFV{name: "lone-surrogate", value: value, code: code, tag: "shadowed", why: atsWhyLone})
	}
	bad := func(name, code, value string) { add(atsFV{name: name, value: value, code: code}) }
	good := func(name, value string) { add(atsFV{name: name, value: value}) }

	if p, isRef := atsRefFields[f]; isRef {
		good("body-64", atsQ(p+"_"+strings.Repeat("Z9", 32)))
		bad("body-65", code, atsQ(p+"_"+strings.Repeat("Z9", 32)+"Z"))
		bad("empty-body", code, atsQ(p+"_"))
		bad("no-underscore", code, atsQ(p+"7Qm2"))
		bad("uppercase-prefix", code, atsQ(strings.ToUpper(p)+"_7Qm2"))
		bad("bad-character", code, atsQ(p+"_7Qm2-Xw9"))
		bad("trailing-newline", code, atsQ(p+`_7Qm2\n`))
		lone(code, atsQ(p+`_7Qm2\ud800`))
		kind(code, "12")
		return out
	}
	if b, isInt := atsIntFields[f]; isInt {
		lo, hi := b[0], b[1]
		w, windowed := atsWindows[shape+"."+f]
		if !windowed {
			w = atsWindow{true, true, "", ""}
		}
		tagOf := func(t string) (string, string) {
			if t == "" {
				return "", ""
			}
			return t, atsWhyWindow
		}
		base := o.base
		if rewrite, ok := atsIntBase[shape+"."+f]; ok {
			base = rewrite(o.base)
		}
		on = base
		v := base.Value(f)
		if w.minOK {
			good("min", lo)
		}
		t, why := tagOf(w.below)
		add(atsFV{name: "below-min", value: pastBound(lo, -1), code: code, tag: t, why: why})
		if w.maxOK {
			good("max", hi)
		}
		t, why = tagOf(w.above)
		add(atsFV{name: "above-max", value: pastBound(hi, 1), code: code, tag: t, why: why})
		bad("fraction", code, v+".0")
		bad("exponent", code, v+"e0")
		if lo == "0" && w.minOK {
			bad("negative-zero", code, "-0")
		}
		add(atsFV{name: "overflow", value: "1e400", code: code, tag: "shadowed", why: atsWhyRange})
		kind(code, atsQ(v))
		return out
	}
	switch atsSelector(f) {
	case "schema_version":
		tag := strings.Trim(o.base.Value(f), `"`)
		bad("other-version", code, atsQ(tag[:len(tag)-1]+"3"))
		bad("other-shape", code, atsQ("aether.ats.trading-desk/1"))
		bad("uppercase", code, atsQ(strings.ToUpper(tag)))
		lone(code, atsQ(`aether.ats.x\ud800`))
		kind(code, "1")
	case "name":
		good("length-64", atsQ("a"+strings.Repeat("b-", 31)+"c"))
		bad("length-65", code, atsQ("a"+strings.Repeat("b-", 32)))
		bad("empty", code, `""`)
		bad("uppercase", code, atsQ("Acme-broker"))
		bad("leading-digit", code, atsQ("1acme"))
		bad("underscore", code, atsQ("acme_broker"))
		lone(code, atsQ(`acme\udbff`))
		kind(code, "true")
	case "reason-code":
		on = map[string]atsDoc{"reason": atsStateDiff, "refusal_reason": atsReviewRefused,
			"ambiguity_reason": atsReceiptAs(o.base, "ambiguous")}[f]
		good("length-64", atsQ("a"+strings.Repeat("b_", 31)+"c"))
		bad("length-65", code, atsQ("a"+strings.Repeat("b_", 32)))
		bad("empty", code, `""`)
		bad("space", code, atsQ("broker timeout"))
		bad("hyphen", code, atsQ("broker-timeout"))
		bad("leading-underscore", code, atsQ("_timeout"))
		lone(code, atsQ(`timeout\ud800`))
		kind(code, "0")
	case "digest":
		hex := strings.TrimPrefix(strings.Trim(o.base.Value(f), `"`), "sha256:")
		good("other-digest", atsQ("sha256:"+strings.Repeat("0", 64)))
		bad("uppercase-hex", code, atsQ("sha256:"+strings.ToUpper(hex)))
		bad("hex-63", code, atsQ("sha256:"+hex[:63]))
		bad("hex-65", code, atsQ("sha256:"+hex+"0"))
		bad("other-algorithm", code, atsQ("sha512:"+hex))
		bad("no-prefix", code, atsQ(hex))
		lone(code, atsQ("sha256:"+hex[:63]+`\udc00`))
		kind(code, "null")
	case "currency":
		good("eur", `"EUR"`)
		bad("lowercase", code, `"usd"`)
		bad("four-letters", code, `"USDX"`)
		bad("two-letters", code, `"US"`)
		bad("fullwidth", code, `"\uff35SD"`)
		lone(code, `"US\ud800"`)
		kind(code, "840")
	case "environment":
		good("paper", `"paper"`)
		bad("capitalized", code, `"Live"`)
		bad("sandbox", code, `"sandbox"`)
		bad("empty", code, `""`)
		lone(code, `"live\ud800"`)
		kind(code, `["live"]`)
	case "side":
		good("sell", `"sell"`)
		bad("capitalized", code, `"Buy"`)
		bad("short", code, `"short"`)
		lone(code, `"\udfffbuy"`)
		kind(code, "1")
	case "decision":
		good("rejected", `"rejected"`)
		bad("approve", code, `"approve"`)
		bad("capitalized", code, `"Approved"`)
		lone(code, `"approved\ud800"`)
		kind(code, "true")
	case "confirmation":
		bad("session", code, `"session"`)
		bad("standing", code, `"standing"`)
		bad("capitalized", code, `"Per_order"`)
		lone(code, `"per_order\ud800"`)
		kind(code, "null")
	case "order_type":
		bad("market", code, `"market"`)
		bad("capitalized", code, `"Limit"`)
		lone(code, `"limit\ud800"`)
		kind(code, "1")
	case "status":
		switch shape {
		case "account-binding":
			good("revoked", `"revoked"`)
			bad("suspended", code, `"suspended"`)
		case "order-review-receipt":
			good("expired", `"expired"`)
			bad("approved", code, `"approved"`)
		case "operator-approval":
			good("spent", `"spent"`)
			bad("used", code, `"used"`)
		}
		bad("empty", code, `""`)
		lone(code, `"\ud800"`)
		kind(code, "0")
	case "requested_mode", "effective_mode":
		on = atsStateDiff
		if f == "requested_mode" {
			// An effective mode of auto would be above review_only's
			// request of approve: ats.state_exceeds.
			good("auto", `"auto"`)
		}
		bad("unknown", code, `"manual"`)
		bad("capitalized", code, `"Approve"`)
		lone(code, `"approve\ud800"`)
		kind(code, "4")
		if f == "requested_mode" {
			bad("halt-state", code, `"emergency_locked"`)
		} else {
			good("orders-paused", `"orders_paused"`)
			good("emergency-locked", `"emergency_locked"`)
			good("offline", `"offline"`)
		}
	case "outcome":
		on = atsReceiptAs(o.base, "refused")
		good("cancelled", `"cancelled"`)
		bad("unknown", code, `"rejected"`)
		bad("capitalized", code, `"Refused"`)
		lone(code, `"refused\ud800"`)
		kind(code, "null")
	case "reconciliation_state":
		on = atsReceiptAs(o.base, "ambiguous")
		good("querying-broker", `"querying_broker"`)
		good("operator-required", `"operator_required"`)
		bad("unknown", code, `"resolved"`)
		lone(code, `"pending\ud800"`)
		kind(code, "false")
	case "broker_confirmed":
		kind(code, `"true"`)
		kind(code, "1")
		kind(code, "null")
	case "grants_execution_authority":
		bad("true", code, "true")
		kind(code, `"false"`)
		kind(code, "0")
		kind(code, "null")
	case "set":
		set := atsChecks[f].Args
		good("one", atsList(set[len(set)-1]))
		good("all", atsList(set...))
		bad("empty", code, "[]")
		bad("descending", code, atsList(set[1], set[0]))
		bad("repeated", code, atsList(set[0], set[0]))
		bad("too-many", code, atsList(append(append([]string(nil), set...), set[len(set)-1])...))
		bad("outside", code, atsList(set[0], "zzz"))
		lone(code, `["`+set[0]+`","\ud800"]`)
		kind(code, atsQ(set[0]))
		add(atsFV{name: "kind-element", value: "[" + atsQ(set[0]) + ",1]", code: code, tag: "type-guard", why: atsWhyKind})
	case "symbol":
		out = append(out, atsSymbolVariants(v2, func(s string) string { return s })...)
	case "symbol_allowlist":
		out = append(out, atsAllowlistVariants(v2)...)
	case "masked_label":
		out = append(out, atsLabelVariants(v2)...)
	default:
		panic("ats: no variants for field " + f)
	}
	return out
}

// atsVersion is the key suffix of a shared field definition of the
// declaration: "/2" for the /2 checks, else "/1".
func atsVersion(v2 bool) string {
	if v2 {
		return "/2"
	}
	return "/1"
}

// atsRuleCode is the i-th code of rule check of the declaration's shared
// field definition key ("symbol/2"; fieldRow.code: "type" its type code,
// "each" its elements' type code).
func atsRuleCode(key, check string, i int) string {
	return fieldRow{path: key, m: atsDecl.Fields[key]}.code(check, i)
}

// atsKindName names a wrong-kind value.
func atsKindName(v string) string {
	switch {
	case strings.HasPrefix(v, `"`):
		return "string"
	case strings.HasPrefix(v, "["):
		return "array"
	case v == "null":
		return "null"
	case v == "true" || v == "false":
		return "bool"
	}
	return "number"
}

// atsSymbolVariants are the symbol check's variants; wrap writes a symbol
// as the field's value.
func atsSymbolVariants(v2 bool, wrap func(string) string) []atsFV {
	code := atsRuleCode("symbol"+atsVersion(v2), "type", 0)
	oks := []string{"A", "0", strings.Repeat("A", 40), "A.^:=_/-9"}
	bads := []struct{ name, value string }{
		{"empty", `""`}, {"length-41", atsQ(strings.Repeat("A", 41))}, {"leading-hyphen", `"-ABC"`},
		{"space", `"ABC DEF"`}, {"lowercase", `"brk.b"`}, {"trailing-newline", `"SPY\n"`}, {"fullwidth", `"\uff33PY"`},
	}
	if v2 {
		oks = []string{"Z", "ABCDEF.ABCD", "A-B", "BRK.B"}
		bads = append(bads, []struct{ name, value string }{
			{"trailing-dot", `"BRK."`}, {"leading-dot", `".B"`}, {"two-classes", `"A.B.C"`},
			{"class-5", `"ABCDEF.ABCDE"`}, {"digit", `"A1"`}, {"underscore-class", `"BRK_B"`},
		}...)
	} else {
		bads = append(bads, struct{ name, value string }{"lowercase-class", `"BRK.b"`})
	}
	var out []atsFV
	for i, s := range oks {
		out = append(out, atsFV{name: "ok-" + string(rune('a'+i)), value: wrap(atsQ(s))})
	}
	for _, b := range bads {
		out = append(out, atsFV{name: b.name, value: wrap(b.value), code: code})
	}
	out = append(out,
		atsFV{name: "lone-surrogate", value: wrap(`"A\ud800"`), code: code, tag: "shadowed", why: atsWhyLone},
		atsFV{name: "kind-number", value: wrap("1"), code: code, tag: "type-guard", why: atsWhyKind},
		atsFV{name: "kind-null", value: wrap("null"), code: code, tag: "type-guard", why: atsWhyKind})
	return out
}

// atsLetters64 is 64 distinct equity tickers in code point order: AA to
// AZ, BA to BZ, CA to CL.
func atsLetters64() []string {
	var out []string
	for _, a := range "ABC" {
		for _, b := range "ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
			if len(out) < 64 {
				out = append(out, string(a)+string(b))
			}
		}
	}
	return out
}

// atsAllowlistVariants are the allowlist's variants.
func atsAllowlistVariants(v2 bool) []atsFV {
	key := "symbol_allowlist" + atsVersion(v2)
	size, sym := atsRuleCode(key, "size", 0), atsRuleCode(key, "each", 0)
	repeat, order := atsRuleCode(key, "repeat", 0), atsRuleCode(key, "descending", 0)
	badElem := `"B X"`
	if v2 {
		badElem = `"BRK.b"`
	}
	l64 := atsLetters64()
	return []atsFV{
		{name: "empty", value: "[]"},
		{name: "one", value: `["SPY"]`},
		{name: "length-64", value: atsList(l64...)},
		{name: "length-65", value: atsList(append(l64, "ZZ")...), code: size},
		{name: "kind-string", value: `"AAPL"`, code: size, tag: "type-guard", why: atsWhyKind},
		{name: "kind-null", value: "null", code: size, tag: "type-guard", why: atsWhyKind},
		{name: "bad-element", value: `["AAPL",` + badElem + `]`, code: sym},
		{name: "element-kind", value: `["AAPL",1]`, code: sym, tag: "type-guard", why: atsWhyKind},
		{name: "element-lone-surrogate", value: `["AAPL","B\ud800"]`, code: sym, tag: "shadowed", why: atsWhyLone},
		{name: "wildcard", value: `["*"]`, code: sym},
		{name: "repeated", value: `["AAPL","AAPL","SPY"]`, code: repeat},
		{name: "descending", value: `["SPY","AAPL"]`, code: order},
		{name: "prefix-after", value: `["BRK.B","BRK"]`, code: order},
	}
}

// atsLabelVariants are the masked label's variants.
func atsLabelVariants(v2 bool) []atsFV {
	key := "masked_label" + atsVersion(v2)
	length, kind := atsRuleCode(key, "label-length", 0), atsRuleCode(key, "type", 0)
	out := []atsFV{
		{name: "one-unit", value: `"X"`},
		{name: "length-64", value: atsQ(strings.Repeat("A", 64))},
		{name: "split-digits", value: `"12 345 6789"`},
		{name: "empty", value: `""`, code: length},
		{name: "length-65", value: atsQ(strings.Repeat("A", 65)), code: length},
		{name: "kind-number", value: "4821", code: kind},
		{name: "kind-null", value: "null", code: kind},
	}
	if !v2 {
		control, lone, digits := atsRuleCode(key, "masked-label-v1", 0), atsRuleCode(key, "masked-label-v1", 1), atsRuleCode(key, "masked-label-v1", 2)
		return append(out, []atsFV{
			{name: "astral", value: `"Acct \ud83d\ude00 4821"`},
			{name: "control-bel", value: `"Acct\u00074821"`, code: control},
			{name: "control-del", value: `"Acct\u007f4821"`, code: control},
			{name: "control-nel", value: `"Acct\u00854821"`, code: control},
			{name: "lone-high", value: `"Acct \ud800 4821"`, code: lone, tag: "shadowed", why: atsWhyLone},
			{name: "lone-low", value: `"Acct \udc00"`, code: lone, tag: "shadowed", why: atsWhyLone},
			{name: "five-digits", value: `"123456"`, code: digits},
			{name: "five-digits-after-space", value: `"12 34567"`, code: digits},
		}...)
	}
	char, digits := atsRuleCode(key, "closed-masked-label", 0), atsRuleCode(key, "closed-masked-label", 1)
	return append(out, []atsFV{
		{name: "closed-set", value: `"a.b-c_d(e)f#g*h \u2022\u2026 1234"`},
		{name: "e-acute", value: `"Acct\u00e94821"`, code: char},
		{name: "plus", value: `"Acct+4821"`, code: char},
		{name: "astral", value: `"Acct \ud83d\ude00"`, code: char},
		{name: "control-bel", value: `"Acct\u00074821"`, code: char},
		{name: "lone-high", value: `"Acct \ud800"`, code: char, tag: "shadowed", why: atsWhyLone},
		{name: "five-digits", value: `"123456"`, code: digits},
		{name: "five-digits-after-space", value: `"12 34567"`, code: digits},
	}...)
}

// atsCross is one cross-field case: a whole document, its expectation.
type atsCross struct {
	name string
	doc  atsDoc
	code string
}

// atsWindowCases are the cross-field cases of the window rule code, end
// after start: end at start, one millisecond before it, one after it.
func atsWindowCases(b atsDoc, start, end, code string) []atsCross {
	at := b.Value(start)
	return []atsCross{
		{"window-equal", b.Set(end, at), code},
		{"window-reversed", b.Set(end, pastBound(at, -1)), code},
		{"window-one-ms", b.Set(end, pastBound(at, 1)), ""},
	}
}

// atsCrossCases are each shape's cross-field cases, written on the
// operation's canonical document base.
func atsCrossCases(o atsOp) []atsCross {
	b := o.base
	switch atsShapeOf(o.name) {
	case "execution-state":
		return []atsCross{
			{"exceeds", b.Set("requested_mode", `"paper"`).Set("reason", `"operator_limit"`), "ats.state_exceeds"},
			{"exceeds-from-offline", b.Set("requested_mode", `"offline"`).Set("effective_mode", `"observe"`).Set("reason", `"operator_limit"`), "ats.state_exceeds"},
			{"below-with-reason", atsStateDiff, ""},
			{"halt-under-offline", b.Set("requested_mode", `"offline"`).Set("effective_mode", `"emergency_locked"`).Set("reason", `"kill_switch"`), ""},
			{"differs-without-reason", b.Set("effective_mode", `"paper"`), "ats.state_reason_missing"},
			{"halt-without-reason", b.Set("effective_mode", `"orders_paused"`), "ats.state_reason_missing"},
			{"equal-with-reason", b.Set("reason", `"operator_limit"`), "ats.state_reason_extra"},
		}
	case "delegated-trading-grant":
		return atsWindowCases(b, "issued_at_ms", "expires_at_ms", "ats.grant_window")
	case "equity-order-intent":
		return atsWindowCases(b, "created_at_ms", "expires_at_ms", "ats.intent_window")
	case "order-review-receipt":
		return []atsCross{
			{"deadline-at-review", b.Set("approval_deadline_ms", b.Value("reviewed_at_ms")), "ats.review_deadline"},
			{"deadline-before-review", b.Set("approval_deadline_ms", "1790000059999"), "ats.review_deadline"},
			{"deadline-one-ms-after-review", b.Set("approval_deadline_ms", "1790000060001"), ""},
			{"deadline-after-reservation", b.Set("approval_deadline_ms", "1790001860001"), "ats.review_reservation"},
			{"deadline-at-reservation", b.Set("approval_deadline_ms", "1790001860000"), ""},
			{"refused-without-reason", b.Set("status", `"refused"`), "ats.review_refusal"},
			{"previewed-with-reason", b.Set("refusal_reason", `"insufficient_buying_power"`), "ats.review_refusal"},
			{"expired-with-reason", b.Set("status", `"expired"`).Set("refusal_reason", `"quote_stale"`), "ats.review_refusal"},
			{"refused-with-reason", atsReviewRefused, ""},
		}
	case "operator-approval":
		return atsWindowCases(b, "approved_at_ms", "expires_at_ms", "ats.approval_window")
	case "execution-receipt":
		amb, refusedR, acc, part := atsReceiptAs(b, "ambiguous"), atsReceiptAs(b, "refused"), atsReceiptAs(b, "accepted"), atsReceiptAs(b, "partial")
		return []atsCross{
			{"ambiguous", amb, ""},
			{"refused", refusedR, ""},
			{"refused-unconfirmed", refusedR.Set("broker_confirmed", "false").Set("broker_order_ref", "null"), ""},
			{"cancelled", refusedR.Set("outcome", `"cancelled"`), ""},
			{"accepted", acc, ""},
			{"partially-filled", part, ""},
			{"ambiguous-confirmed", amb.Set("broker_confirmed", "true"), "ats.receipt_ambiguous_confirmed"},
			{"accepted-unconfirmed", acc.Set("broker_confirmed", "false"), "ats.receipt_unconfirmed"},
			{"filled-unconfirmed", b.Set("broker_confirmed", "false"), "ats.receipt_unconfirmed"},
			{"accepted-without-order-ref", acc.Set("broker_order_ref", "null"), "ats.receipt_order_ref"},
			{"filled-without-order-ref", b.Set("broker_order_ref", "null"), "ats.receipt_order_ref"},
			{"filled-without-quantity", b.Set("filled_quantity", "null"), "ats.receipt_fill_missing"},
			{"filled-without-price", b.Set("average_fill_price_minor", "null"), "ats.receipt_fill_missing"},
			{"partial-without-facts", part.Set("filled_quantity", "null").Set("average_fill_price_minor", "null"), "ats.receipt_fill_missing"},
			{"accepted-with-facts", acc.Set("filled_quantity", "10").Set("average_fill_price_minor", "58010"), "ats.receipt_fill_extra"},
			{"accepted-with-quantity", acc.Set("filled_quantity", "3"), "ats.receipt_fill_extra"},
			{"refused-with-price", refusedR.Set("average_fill_price_minor", "58010"), "ats.receipt_fill_extra"},
			{"ambiguous-with-facts", amb.Set("filled_quantity", "10").Set("average_fill_price_minor", "58010"), "ats.receipt_fill_extra"},
			{"filled-overfill", b.Set("filled_quantity", "11"), "ats.receipt_overfill"},
			{"partial-overfill", part.Set("filled_quantity", "11"), "ats.receipt_overfill"},
			{"filled-underfill", b.Set("filled_quantity", "9"), "ats.receipt_underfill"},
			{"partial-whole", part.Set("filled_quantity", "10"), "ats.receipt_partial_whole"},
			{"partial-nine", part.Set("filled_quantity", "9"), ""},
			{"ambiguous-without-reconciliation", amb.Set("reconciliation_state", "null"), "ats.receipt_reconciliation"},
			{"refused-with-reconciliation", refusedR.Set("reconciliation_state", `"pending"`), "ats.receipt_reconciliation"},
			{"ambiguous-without-reason", amb.Set("ambiguity_reason", "null"), "ats.receipt_ambiguity_reason"},
			{"refused-with-ambiguity-reason", refusedR.Set("ambiguity_reason", `"broker_timeout"`), "ats.receipt_ambiguity_reason"},
		}
	}
	return nil
}

// atsFieldFiles writes the -fields file of each validator-like operation.
func atsFieldFiles() []vfile {
	var files []vfile
	for _, o := range atsValidatorOps {
		behaviour := o.name + "-fields"
		var cases []vcase
		seen := map[string]bool{}
		emit := func(name string, d atsDoc, code, tag, why string) {
			if seen[name] {
				panic("ats: duplicate vector name " + behaviour + " " + name)
			}
			seen[name] = true
			if atsSeen[o.name+"\n"+d.String()] {
				return
			}
			atsSeen[o.name+"\n"+d.String()] = true
			if code == "" {
				cases = append(cases, o.ok(name, d))
				return
			}
			c := atsRefused(name, d.String(), code)
			if tag != "" {
				c = atsTagged(behaviour, c, tag, why)
			}
			cases = append(cases, c)
		}
		text := o.base.String()
		cases = append(cases,
			atsRefused("input-truncated", text[:len(text)-1], "ats.input"),
			atsRefused("input-duplicate-member", `{"`+o.base[0].Name+`":`+o.base[0].Value+`,`+text[1:], "ats.input"),
			atsRefused("input-two-values", text+" "+text, "ats.input"),
			atsRefused("type-array", "["+text+"]", "ats.type"),
			atsRefused("type-string", `"x"`, "ats.type"),
			atsRefused("type-number", "1", "ats.type"))
		seen["input-truncated"], seen["input-duplicate-member"], seen["input-two-values"] = true, true, true
		seen["type-array"], seen["type-string"], seen["type-number"] = true, true, true
		if o.name != atsOpOptional.name && o.name != atsOpOptionalV2.name {
			cases = append(cases, atsRefused("type-null", "null", "ats.type"))
			seen["type-null"] = true
		}
		emit("unknown-member", o.base.Set("note", `"x"`), "ats.unknown_member", "", "")
		emit("unknown-member-first", append(atsDoc{{Name: "account_number", Value: `"000123456789"`}}, o.base...), "ats.unknown_member", "", "")
		if atsShapeOf(o.name) == "model-order-proposal" {
			for _, m := range []string{"account_binding_id", "environment", "grant_id", "client_order_id", "request_id", "decision"} {
				emit("unknown-member-"+strings.ReplaceAll(m, "_", "-"), o.base.Set(m, `"x"`), "ats.unknown_member", "", "")
			}
		}
		if o.name == atsOpUsage.name {
			emit("unknown-member-schema-version", o.base.Set("schema_version", `"aether.ats.grant-usage/1"`), "ats.unknown_member", "", "")
		}
		for _, f := range atsShapeFields[atsShapeOf(o.name)] {
			emit("missing-"+strings.ReplaceAll(f, "_", "-"), o.base.Drop(f), "ats.missing_member", "", "")
			for _, v := range atsVariants(o, f) {
				base := o.base
				if v.base != nil {
					base = v.base
				}
				emit(strings.ReplaceAll(f, "_", "-")+"."+v.name, base.Set(f, v.value), v.code, v.tag, v.why)
			}
		}
		if o.name == atsOpRedact.name {
			// The /1 label checks, on the /1 binding.
			for _, v := range atsLabelVariants(false) {
				emit("v1.masked-label."+v.name, gen.ATSBindingV1.Set("masked_label", v.value), v.code, v.tag, v.why)
			}
			emit("v1.schema-version.not-a-string", gen.ATSBindingV2.Set("schema_version", "2"), "ats.schema_version", "type-guard", atsWhyKind)
		}
		for _, x := range atsCrossCases(o) {
			emit("cross."+x.name, x.doc, x.code, "", "")
		}
		files = append(files, atsFile(o.name, "fields", "every field rule, bound, kind and cross-field rule of the shape, single-cause", cases...))
	}
	return files
}

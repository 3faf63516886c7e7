package main

// agent-browser-ats-order/1 member variants: for every member of the call
// and the result (their held objects, parameters and data too), its
// absence, each value of another JSON type and its rule's defects, from
// the declaration; the defects of each named check are written here
// (spec/agent-browser-ats-order.md, "Value rules").

import (
	"encoding/json"
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// abVar is one defective value of a member: name, JSON text, the short
// code that refuses it, and the tag its vector carries beyond the
// catalogue's.
type abVar struct{ name, value, code, tag string }

// abRuleVars are the defects of rule r.
func abRuleVars(r shapes.Rule) []abVar {
	v := func(n, val, code string) abVar { return abVar{n, val, code, ""} }
	code := strings.TrimPrefix(r.Code, abPrefix)
	lone := func(val string) abVar { return abVar{"lone-surrogate", val, code, "shadowed"} }
	switch r.Rule {
	case shapes.RuleConst:
		return []abVar{v("other-version", abQ(strings.TrimSuffix(r.Value, "1")+"2"), code), v("trailing-newline", abQ(r.Value+`\n`), code), v("empty", `""`, code)}
	case shapes.RuleEnum:
		return []abVar{v("not-a-member", abQ("bogus"), code), v("upper-case", abQ(strings.ToUpper(r.Values[0])), code), v("trailing-newline", abQ(r.Values[0]+`\n`), code)}
	case shapes.RuleSize:
		return []abVar{v("above-max", "["+strings.TrimSuffix(strings.Repeat(`{"symbol":"SPY","quantity":1},`, 257), ",")+"]", code)}
	}
	switch r.Check {
	case "ref":
		p := r.Args[0]
		return []abVar{v("body-65", abQ(p+"_"+strings.Repeat("Z9", 32)+"Z"), code), v("empty-body", abQ(p+"_"), code),
			v("upper-case-prefix", abQ(strings.ToUpper(p)+"_7Qm2"), code), v("hyphen", abQ(p+"_7Qm2-X"), code),
			v("trailing-newline", abQ(p+`_7Qm2\n`), code), v("fullwidth-digit", abQ(p+`_7Qm\uff12`), code), lone(abQ(p + `_7Qm2\ud800`))}
	case "name":
		return []abVar{v("upper-case", abQ("Alpaca-web"), code), v("leading-digit", abQ("1alpaca"), code), v("underscore", abQ("alpaca_web"), code),
			v("65-units", abQ("a"+strings.Repeat("b-", 32)), code), v("empty", `""`, code), v("trailing-newline", abQ(`alpaca-web\n`), code)}
	case "version":
		return []abVar{v("two-parts", abQ("1.4"), code), v("leading-zero", abQ("01.4.2"), code), v("v-prefix", abQ("v1.4.2"), code),
			v("fullwidth-digit", abQ(`1.4.\uff12`), code), v("trailing-newline", abQ(`1.4.2\n`), code)}
	case "digest":
		h := strings.Repeat("0123456789abcdef", 4)
		return []abVar{v("upper-case-hex", abQ("sha256:"+strings.ToUpper(h)), code), v("63-digits", abQ("sha256:"+h[1:]), code),
			v("no-prefix", abQ(h), code), v("trailing-newline", abQ("sha256:"+h+`\n`), code)}
	case "site-id":
		return []abVar{v("65-units", abQ(strings.Repeat("A", 65)), code), v("underscore", abQ("ORD_1001"), code), v("empty", `""`, code),
			v("trailing-newline", abQ(`ORD-1001\n`), code), v("fullwidth-digit", abQ(`ORD-100\uff11`), code), v("url", abQ("https://x.example/o"), code)}
	case "equity-ticker":
		return []abVar{v("lower-case", abQ("spy"), code), v("url", abQ("HTTPS://X"), code), v("seven-letters", abQ("ABCDEFG"), code),
			v("digit", abQ("1ABC"), code), v("trailing-newline", abQ(`SPY\n`), code), v("slash", abQ("X/Y"), code), v("empty", `""`, code)}
	case "int":
		below := "-1"
		if r.Min != "0" {
			below = pastBound(r.Min, -1)
		}
		return []abVar{v("below-min", below, code), v("above-max", pastBound(r.Max, 1), code), v("fraction", pastBound(r.Min, 1)+".0", code),
			v("exponent", "1e1", code), v("negative-zero", "-0", code)}
	case "origin":
		return []abVar{v("http", abQ("http://app.alpaca.markets"), code), v("trailing-slash", abQ("https://app.alpaca.markets/"), code),
			v("port", abQ("https://app.alpaca.markets:443"), code), v("upper-case", abQ("https://App.alpaca.markets"), code),
			v("path", abQ("https://app.alpaca.markets/login"), code), v("ip", abQ("https://10.0.0.1"), code), v("one-label", abQ("https://localhost"), code),
			v("trailing-newline", abQ(`https://app.alpaca.markets\n`), code), v("credentials", abQ("https://u@app.alpaca.markets"), code)}
	case "timestamp":
		s, in, cal := strings.TrimPrefix(r.Codes[0], abPrefix), strings.TrimPrefix(r.Codes[1], abPrefix), strings.TrimPrefix(r.Codes[2], abPrefix)
		return []abVar{v("no-millis", abQ("2026-09-23T14:30:00Z"), s), v("space", abQ("2026-09-23 14:30:00.000Z"), s),
			v("trailing-newline", abQ(`2026-09-23T14:30:00.000Z\n`), s), v("fullwidth-digit", abQ(`2026-09-23T14:30:0\uff10.000Z`), s),
			v("month-13", abQ("2026-13-23T14:30:00.000Z"), in), v("hour-24-minute", abQ("2026-09-23T24:01:00.000Z"), in),
			v("leap-second", abQ("2026-09-23T23:59:60.000Z"), in), v("day-31-september", abQ("2026-09-31T14:30:00.000Z"), cal),
			v("hour-24", abQ("2026-09-23T24:00:00.000Z"), cal)}
	case "masked-label":
		l, ch, dg := strings.TrimPrefix(r.Codes[0], abPrefix), strings.TrimPrefix(r.Codes[1], abPrefix), strings.TrimPrefix(r.Codes[2], abPrefix)
		return []abVar{v("empty", `""`, l), v("65-units", abQ(strings.Repeat("x", 65)), l), v("33-astral-66-units", abQ(strings.Repeat(`\ud83d\ude00`, 33)), l),
			v("fullwidth-digits", abQ(`Acct \uff11\uff12\uff13\uff14\uff15`), ch), v("arabic-indic-digits", abQ(`Acct \u0661\u0662`), ch),
			v("cyrillic-a", abQ(`\u0430cct 4821`), ch), v("rtl-override", abQ(`Acct \u202e1284`), ch), v("zero-width-space", abQ(`Acct\u200b4821`), ch),
			v("bom", abQ(`\ufeffAcct`), ch), v("tab", abQ(`Acct\t4821`), ch), v("five-digits", abQ("Acct 12345"), dg),
			v("account-number", abQ("123456789"), dg)}
	}
	return nil
}

// abWalk emits a refused case for every defect of every member of doc
// (object o, its members' held objects recursively), each whole input
// made by wrap; path names the member in the case name. shadow says
// which defects an object rule then refuses (their tag is shadowed).
func abWalk(o *shapes.Object, doc gen.Doc, path string, wrap func(gen.Doc) string, emit func(name, input, code, tag string)) {
	emit(path+"unknown-member", wrap(doc.Set("page_text", abQ("Welcome back"))), "unknown_member", "")
	for _, m := range o.Members {
		name := path + m.Name + "-"
		cur := doc.Value(m.Name)
		emit(name+"missing", wrap(doc.Drop(m.Name)), "missing_member", "")
		for _, v := range typeVariants(m) {
			emit(name+v.name, wrap(doc.Set(m.Name, v.value)), "type", "")
		}
		for _, r := range m.Rules {
			for _, v := range abRuleVars(r) {
				emit(name+v.name, wrap(doc.Set(m.Name, v.value)), v.code, v.tag)
			}
			var sub *shapes.Object
			switch {
			case r.Rule == shapes.RuleObject:
				sub = abDecl.Object(r.Object)
			case r.Rule == shapes.RuleEach && len(r.Rules) > 0:
				sub = abDecl.Object(r.Rules[0].Object)
				emit(name+"element-number", wrap(doc.Set(m.Name, "[1]")), "type", "")
			}
			if sub == nil || cur == "null" || cur == "" {
				continue
			}
			if r.Rule == shapes.RuleEach {
				first, rest := abSplitFirst(cur)
				abWalk(sub, abParse(first), name+"0-", func(d gen.Doc) string { return wrap(doc.Set(m.Name, "["+d.String()+rest+"]")) }, emit)
				continue
			}
			abWalk(sub, abParse(cur), name, func(d gen.Doc) string { return wrap(doc.Set(m.Name, d.String())) }, emit)
		}
	}
}

// abParse reads a JSON object's text into its members, each value kept as
// the text it is written with.
func abParse(text string) gen.Doc {
	d, ok := gen.ParseDoc(text)
	if !ok {
		panic("agent-browser-ats-order: not an object: " + text)
	}
	return d
}

// abSplitFirst splits an array's text into its first element's text and
// the rest (",e2,...", possibly empty).
func abSplitFirst(text string) (string, string) {
	var elems []json.RawMessage
	if err := json.Unmarshal([]byte(text), &elems); err != nil || len(elems) == 0 {
		panic("agent-browser-ats-order: not a non-empty array: " + text)
	}
	rest := ""
	for _, e := range elems[1:] {
		rest += "," + string(e)
	}
	return string(elems[0]), rest
}

// abShadowed are the defects that, with their guard ignored, an object
// rule then refuses (spec/agent-browser-ats-order.md, "Ignored guards"):
// by case-name suffix within an operation's file.
func abShadowed(name, code string, emptyParams bool) bool {
	if code == "enum" && strings.HasPrefix(name, "operation-") && emptyParams {
		return false
	}
	if strings.HasPrefix(name, "data-rendered_ticket_digest-") && code == "digest" || strings.HasPrefix(name, "data-account_label-33-astral") {
		return true
	}
	enumShadow := []string{"operation-", "binding-site_mode-", "binding-environment-", "status-", "reason-"}
	if code == "enum" {
		for _, p := range enumShadow {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
	}
	if (strings.HasPrefix(name, "issued_at-") || strings.HasPrefix(name, "deadline_at-")) && (code == "timestamp_instant" || code == "timestamp_calendar") {
		return true
	}
	for _, s := range []string{"data-filled_quantity-above-max", "data-filled_quantity-exponent", "data-filled_quantity-negative-zero",
		"data-quantity-below-min", "data-quantity-fraction", "data-quantity-negative-zero"} {
		if strings.HasPrefix(name, s) && !strings.Contains(name, "rendered") {
			return true
		}
	}
	return false
}

// abMemberFiles are the member variants of the call and of the result of
// every operation.
func abMemberFiles() []vfile {
	var calls, results []vfile
	for _, op := range abOps {
		var cc, rc []vcase
		call := abCall(op, "paper", op != "verify_session")
		if op == "verify_session" || op == "end_control" {
			// Walk the binding too: a bound call of the same operation.
			call = abCall(op, "paper", true)
		}
		emitTo := func(to *[]vcase, isCall bool) func(name, input, code, tag string) {
			return func(name, input, code, tag string) {
				c := abRefused(name, input, code)
				if tag == "" && abShadowed(name, code, isCall && call.Value("params") == "{}") {
					tag = "shadowed"
				}
				if tag != "" {
					c = c.withException(tag)
				}
				*to = append(*to, c)
			}
		}
		if op == "read_order" {
			// The members every call shares, walked once.
			abWalk(abDecl.Object("call"), call, "", func(d gen.Doc) string { return d.String() }, emitTo(&cc, true))
		}
		abWalk(abDecl.Object("params-"+op), abParse(call.Value("params")), "params-", func(d gen.Doc) string { return call.Set("params", d.String()).String() }, emitTo(&cc, true))
		res := abOK(call, op, "paper")
		if op == "read_order" {
			// The members every result shares, walked once.
			abWalk(abDecl.Object("result"), res, "", func(d gen.Doc) string { return d.String() }, emitTo(&rc, false))
		}
		base := abParse(res.Value("data"))
		wrapData := func(d gen.Doc) string {
			if t := d.Value("rendered_ticket"); t != "" && t != base.Value("rendered_ticket") {
				if _, ok := textJCS(t); ok && strings.HasPrefix(t, "{") {
					d = d.Set("rendered_ticket_digest", abQ(textDigest(t)))
				}
			}
			return res.Set("data", d.String()).String()
		}
		abWalk(abDecl.Object("data-"+op), base, "data-", wrapData, emitTo(&rc, false))
		calls = append(calls, abFile("call", op+"-members", "every member of a "+op+" call (the shared members on read_order): absent, of another type, each defect of its rule", cc...))
		results = append(results, abFile("result", op+"-members", "every member of a "+op+" result's data (the shared members on read_order): absent, of another type, each defect of its rule", rc...))
	}
	return append(calls, results...)
}

package gen

// agent-browser-ats-order/1 (spec/agent-browser-ats-order.md): structured
// inputs for its six operations. The heart is a faithful call and result
// exchange (any of the ten operations, either site mode, any of the three
// statuses) with one change applied: a member dropped or added, a value
// replaced from its pool, an identity field of the result changed, the
// observation moved about the replay, clock and deadline bounds, or the
// data made to disagree with the binding or the parameters. The pools are
// derived from the declaration (spec/agent-browser-ats-order/shapes.json:
// each member's type, nullability, bounds, enum values and ref prefixes);
// what is written here by hand is the valid base per operation and the
// defects of each named check. Rendered tickets are sealed with
// gowebpki/jcs (ATSDigest).

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// aboDecl is the declaration (spec/agent-browser-ats-order/shapes.json).
var aboDecl = spec.MustShapes("agent-browser-ats-order")

// aboOps are the ten operations of the order ticket.
var aboOps = []string{"verify_session", "read_market", "read_account", "verify_ticket", "read_order",
	"read_positions", "prepare_ticket", "commit_once", "cancel_order", "end_control"}

const (
	aboTicket   = `{"symbol":"BRK.B","side":"buy","quantity":10,"order_type":"limit","limit_price_minor":41250,"time_in_force":"day"}`
	aboIssuedMS = int64(1790087400000) // 2026-09-23T14:30:00.000Z
)

// aboTime writes epoch milliseconds as the wire's timestamp, proleptic
// Gregorian, for years 0000 to 9999.
func aboTime(ms int64) string {
	days, rem := ms/86400000, ms%86400000
	if rem < 0 {
		days, rem = days-1, rem+86400000
	}
	// civil_from_days (H. Hinnant).
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	pad := func(v int64, n int) string { s := strconv.FormatInt(v, 10); return strings.Repeat("0", n-len(s)) + s }
	return `"` + pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(rem/3600000, 2) + ":" + pad(rem/60000%60, 2) + ":" +
		pad(rem/1000%60, 2) + "." + pad(rem%1000, 3) + `Z"`
}

// aboSeal is ticket data: the rendered ticket and its digest.
func aboSeal(ticket string) string {
	d, _ := ATSDigest(atsParse(ticket))
	return `{"rendered_ticket":` + ticket + `,"rendered_ticket_digest":"` + d + `"}`
}

// aboFP is the account fingerprint of a mode's account.
func aboFP(mode string) string {
	if mode == "live" {
		return `"sha256:` + strings.Repeat("5e6f7a8b", 8) + `"`
	}
	return `"sha256:` + strings.Repeat("a0b1c2d3", 8) + `"`
}

// aboCall is op's call in mode, bound or not.
func aboCall(op, mode string, bound bool) ATSDoc {
	env := map[string]string{"paper": "provider_sandbox", "live": "provider_live"}[mode]
	binding := "null"
	if bound {
		binding = `{"binding_id":"binding_B1","binding_generation":2,"account_fingerprint":` + aboFP(mode) + `,"site_mode":"` + mode + `","environment":"` + env + `"}`
	}
	td, _ := ATSDigest(atsParse(aboTicket))
	params := map[string]string{"read_market": `{"symbol":"SPY"}`, "verify_ticket": `{"ticket_digest":"` + td + `"}`,
		"commit_once": `{"ticket_digest":"` + td + `"}`, "read_order": `{"site_order_id":"ORD-7"}`, "cancel_order": `{"site_order_id":"ORD-7"}`,
		"prepare_ticket": `{"ticket":` + aboTicket + `}`, "end_control": `{"reason":"user_request"}`}[op]
	if params == "" {
		params = "{}"
	}
	window := int64(90000)
	if op == "commit_once" || op == "cancel_order" {
		window = 25000
	}
	return ATSDoc{{"schema_version", `"aether.ats.browser-order-call/1"`}, {"operation", `"` + op + `"`}, {"request_id", `"req_F1"`},
		{"principal", `{"user_id":"user_U1","agent_id":"agent_A1","browser_session_id":"bsess_S1"}`}, {"session_generation", "4"},
		{"adapter", `{"adapter_id":"broker-web","adapter_version":"2.0.1","adapter_digest":"sha256:` + strings.Repeat("0f", 32) + `"}`},
		{"binding", binding}, {"issued_at", aboTime(aboIssuedMS)}, {"deadline_at", aboTime(aboIssuedMS + window)}, {"params", params}}
}

// aboData is op's ok data in mode.
func aboData(op, mode string) string {
	fp := aboFP(mode)
	switch op {
	case "verify_session":
		return `{"verified":true,"origin":"https://trade.broker.example","account_label":"Joint \u2022\u20227731","site_mode_evidence":{"primary":"` + mode +
			`","second_supported":true,"second":"` + mode + `"},"permission":"trade","control":"agent"}`
	case "read_market":
		return `{"symbol":"SPY","bid_minor":50010,"ask_minor":null,"last_minor":50011}`
	case "read_account":
		return `{"account_fingerprint":` + fp + `,"site_mode":"` + mode + `","account_label":"Joint 7731","buying_power_minor":0}`
	case "verify_ticket", "prepare_ticket":
		return aboSeal(aboTicket)
	case "read_order":
		return `{"site_order_id":"ORD-7","account_fingerprint":` + fp + `,"site_mode":"` + mode +
			`","order_status":"filled","evidence":"order_detail","quantity":10,"filled_quantity":10,"average_fill_price_minor":41200}`
	case "read_positions":
		return `{"account_fingerprint":` + fp + `,"site_mode":"` + mode + `","positions":[{"symbol":"BRK-B","quantity":5}],"unrepresented_count":0}`
	case "commit_once":
		td, _ := ATSDigest(atsParse(aboTicket))
		return `{"outcome":"confirmed","site_order_id":"ORD-7","ticket_digest":"` + td + `","account_fingerprint":` + fp + `,"site_mode":"` + mode + `"}`
	case "cancel_order":
		return `{"site_order_id":"ORD-7","account_fingerprint":` + fp + `,"site_mode":"` + mode + `","outcome":"already_final"}`
	}
	return `{"control":"user"}`
}

// aboResult is the result answering call, observed ms after issued_at.
func aboResult(call ATSDoc, status, reason, data string, observed int64) ATSDoc {
	get := func(k string) string { v, _ := call.Get(k); return v }
	return ATSDoc{{"schema_version", `"aether.ats.browser-order-result/1"`}, {"operation", get("operation")}, {"request_id", get("request_id")},
		{"principal", get("principal")}, {"session_generation", get("session_generation")}, {"adapter", get("adapter")},
		{"status", `"` + status + `"`}, {"reason", reason}, {"observed_at", aboTime(aboIssuedMS + observed)}, {"data", data}}
}

// aboExchange draws a faithful exchange: its call, its result and now.
func aboExchange(s *Source) (ATSDoc, ATSDoc, int64) {
	op := Pick(s, aboOps)
	mode := Pick(s, []string{"paper", "live"})
	call := aboCall(op, mode, op != "verify_session" && op != "end_control" || s.Chance(2))
	status, reason, data := "ok", "null", aboData(op, mode)
	mutation := op == "commit_once" || op == "cancel_order"
	switch s.Intn(5) {
	case 0:
		status, data = "refused", "null"
		reason = `"` + Pick(s, []string{"session_unverified", "binding_mismatch", "site_unavailable", "ticket_mismatch", "not_found"}) + `"`
		if op == "commit_once" && s.Chance(2) {
			reason = `"duplicate_commit"`
		}
	case 1:
		if mutation {
			status, data, reason = "ambiguous", "null", Pick(s, []string{`"outcome_unknown"`, `"connection_lost"`})
		}
	}
	observed := int64(s.Intn(20000))
	return call, aboResult(call, status, reason, data, observed), aboIssuedMS + observed + int64(s.Intn(4000))
}

// aboShift adds d to the decimal literal x.
func aboShift(x string, d int64) string {
	z, _ := new(big.Int).SetString(x, 10)
	return z.Add(z, big.NewInt(d)).String()
}

// aboPool returns the values a member's value is replaced with: from its
// declaration and the defects of its named checks.
func aboPool(m *shapes.Member) []string {
	q := strconv.Quote
	pool := []string{"null", "1", `"x"`, "true", "[]", "{}"}
	for _, r := range m.Rules {
		switch r.Rule {
		case shapes.RuleConst:
			pool = append(pool, q(r.Value), q(r.Value+"\n"), q(strings.TrimSuffix(r.Value, "1")+"2"))
		case shapes.RuleEnum:
			for _, v := range r.Values {
				pool = append(pool, q(v), q(v), q(strings.ToUpper(v)))
			}
			pool = append(pool, q(""), q("bogus"), q(r.Values[0]+"\n"))
		case shapes.RuleSize:
			pool = append(pool, "[]", "["+strings.TrimSuffix(strings.Repeat(`{"symbol":"SPY","quantity":1},`, 257), ",")+"]")
		}
		switch r.Check {
		case "ref":
			p := r.Args[0]
			pool = append(pool, q(p+"_A1"), q(p+"_"), q(p+"_"+strings.Repeat("Z", 64)), q(p+"_"+strings.Repeat("Z", 65)),
				q(strings.ToUpper(p)+"_A"), q(p+"_a-b"), q(p+"_A\n"), `"`+p+`_A\ud800"`, `"`+p+`_\uff11"`)
		case "int":
			lo, hi := r.Min, r.Max
			pool = append(pool, lo, hi, aboShift(lo, -1), aboShift(hi, 1), aboShift(lo, 1), "4", "4.0", "1e3", "-0", "1e400", "0.5")
		case "digest":
			h := strings.Repeat("0f", 32)
			pool = append(pool, q("sha256:"+h), q("sha256:"+strings.ToUpper(h)), q("sha256:"+h[1:]), q(h), q("sha256:"+h+"\n"))
		case "version":
			pool = append(pool, q("0.0.0"), q("1.2"), q("01.2.3"), q("v1.2.3"), `"1.2.\uff13"`, q("1.2.3\n"))
		case "name":
			pool = append(pool, q("a"), q("Broker"), q("1a"), q("a_b"), q("a"+strings.Repeat("b", 64)))
		case "equity-ticker":
			pool = append(pool, q("BRK.B"), q("BRK-B"), q("ABCDEFG"), q("aapl"), q("HTTPS://X"), q("A."), q("SPY\n"), q("X/Y"))
		case "site-id":
			pool = append(pool, q("ORD-7"), q("ORD-8"), q(strings.Repeat("A", 64)), q(strings.Repeat("A", 65)), q("ORD_7"), q(""), `"ORD-\u0967"`, q("ORD-7\n"))
		case "origin":
			pool = append(pool, q("https://a.example"), q("http://a.example"), q("https://a.example/"), q("https://a.example:443"),
				q("https://A.example"), q("https://10.0.0.1"), q("https://localhost"), q("https://a.example\n"), q("https://-a.example"))
		case "timestamp":
			pool = append(pool, aboTime(aboIssuedMS), aboTime(aboIssuedMS+1), aboTime(aboIssuedMS+120001), aboTime(aboIssuedMS-5001),
				q("2026-09-23T24:00:00.000Z"), q("2026-09-23T24:00:00.001Z"), q("0000-02-29T12:00:00.000Z"), q("0001-02-29T12:00:00.000Z"),
				q("2026-13-01T00:00:00.000Z"), q("2026-09-23T14:30:00Z"), q("2026-09-23T14:30:00.000Z\n"), `"2026-09-23T14:30:0\uff10.000Z"`,
				q("2026-09-31T00:00:00.000Z"), q("2026-09-23T23:59:60.000Z"))
		case "masked-label":
			pool = append(pool, q("Joint 7731"), q(""), q(strings.Repeat("x", 64)), q(strings.Repeat("x", 65)), `"`+strings.Repeat(`\ud83d\ude00`, 33)+`"`,
				`"`+strings.Repeat(`\u2022`, 64)+`"`, `"Acct \uff11\uff12"`, `"Acct \u202e12"`, q("Acct 12345"), q("Acct 1234"), `"\u0430cct"`, q("Acct\n1"))
		}
	}
	if m.Nullable {
		pool = append(pool, "null", "null")
	}
	return pool
}

// aboChange returns d, an instance of the declared object name, with one
// change drawn from s; a call's params and a result's data recurse into
// the object of the document's operation.
func aboChange(s *Source, name string, d ATSDoc) ATSDoc {
	o := aboDecl.Object(name)
	if len(d) == 0 || o == nil {
		return d.Set(Pick(s, []string{"page_text", "x"}), `"x"`)
	}
	switch s.Intn(12) {
	case 0:
		return d.Drop(d[s.Intn(len(d))].Name)
	case 1:
		return d.Set(Pick(s, []string{"page_text", "html", "cookies", "account_number", "filled_quantity", "selector", "url"}), Pick(s, []string{"true", "1", `"x"`}))
	}
	k := d[s.Intn(len(d))].Name
	m := o.Member(k)
	if m == nil {
		return d
	}
	inner, _ := d.Get(k)
	op, _ := d.Get("operation")
	nested := ""
	if k == "params" || k == "data" {
		nested = k + "-" + strings.Trim(op, `"`)
	}
	for _, r := range m.Rules {
		if r.Rule == shapes.RuleObject {
			nested = r.Object
		}
	}
	if nested != "" && strings.HasPrefix(inner, "{") && !s.Chance(4) {
		changed := aboChange(s, nested, atsParse(inner))
		if t, ok := changed.Get("rendered_ticket"); ok && s.Chance(2) && strings.HasPrefix(t, "{") {
			changed = atsParse(aboSeal(t))
		}
		return d.Set(k, string(changed.JSON()))
	}
	return d.Set(k, Pick(s, aboPool(m)))
}

// ABOIdentityFields are the identity fields of a result that
// verifyBrowserResult compares with its call (seed 001, section 4,
// invariant 11), as "member" or "object.member".
var ABOIdentityFields = []string{"operation", "request_id", "session_generation", "principal.user_id", "principal.agent_id",
	"principal.browser_session_id", "adapter.adapter_id", "adapter.adapter_version", "adapter.adapter_digest"}

// ABOChangeIdentity returns the result document r (JSON text) with
// identity field ABOIdentityFields[i] given another valid value.
func ABOChangeIdentity(r []byte, i int) []byte {
	d := atsParse(string(r))
	field := ABOIdentityFields[i%len(ABOIdentityFields)]
	obj, k, nested := strings.Cut(field, ".")
	if !nested {
		cur, _ := d.Get(obj)
		other := map[string]string{"operation": `"read_account"`, "request_id": `"req_F2"`, "session_generation": "5"}[obj]
		if cur == other {
			other = `"read_market"`
		}
		return d.Set(obj, other).JSON()
	}
	v := map[string]string{"user_id": `"user_U2"`, "agent_id": `"agent_A2"`, "browser_session_id": `"bsess_S2"`,
		"adapter_id": `"broker-web-2"`, "adapter_version": `"2.0.2"`, "adapter_digest": `"sha256:` + strings.Repeat("1e", 32) + `"`}[k]
	inner, _ := d.Get(obj)
	return d.Set(obj, string(atsParse(inner).Set(k, v).JSON())).JSON()
}

// aboIdentity changes one identity field of result r, now and then to a
// value that is not a valid one.
func aboIdentity(s *Source, r ATSDoc) ATSDoc {
	if s.Chance(10) {
		return r.Set("session_generation", Pick(s, []string{"4.0", "4e0", "3"}))
	}
	return atsParse(string(ABOChangeIdentity(r.JSON(), s.Intn(len(ABOIdentityFields)))))
}

// ABOExchange draws a faithful exchange of agent-browser-ats-order/1: a
// call, the result that answers it and now (JSON texts), which
// verifyBrowserResult accepts.
func ABOExchange(s *Source) (call, result []byte, now string) {
	c, r, n := aboExchange(s)
	return c.JSON(), r.JSON(), aboTime(n)
}

// AgentBrowserATSOrder draws an input for one of the six operations (the
// public name of the generator of agent-browser-ats-order/1).
func AgentBrowserATSOrder(s *Source, op string) []byte {
	if s.Chance(40) {
		return []byte(Pick(s, []string{"null", "[]", "1", `"x"`, "{", `{"a":1,"a":2}`}))
	}
	call, res, now := aboExchange(s)
	switch op {
	case "call":
		for range 1 + s.Intn(2) {
			call = aboChange(s, "call", call)
		}
		return call.JSON()
	case "result", "requires-reconciliation":
		if s.Chance(3) {
			res = res.Set("status", Pick(s, []string{`"ok"`, `"refused"`, `"ambiguous"`})).Set("reason", Pick(s, aboPool(aboDecl.Object("result").Member("reason"))))
		}
		if s.Chance(3) {
			res = res.Set("data", Pick(s, []string{"null", aboData(Pick(s, aboOps), "paper")}))
		}
		if s.Chance(4) {
			// The fill rules: a read_order answer with its fill facts drawn.
			order := atsParse(aboData("read_order", "paper")).Set("order_status", Pick(s, []string{`"open"`, `"partially_filled"`, `"filled"`, `"cancelled"`, `"rejected"`})).
				Set("evidence", Pick(s, []string{`"order_list"`, `"order_history"`, `"order_detail"`})).Set("filled_quantity", Pick(s, []string{"0", "4", "10", "11"})).
				Set("average_fill_price_minor", Pick(s, []string{"null", "41200"}))
			res = res.Set("operation", `"read_order"`).Set("status", `"ok"`).Set("reason", "null").Set("data", string(order.JSON()))
		}
		for range s.Intn(2) {
			res = aboChange(s, "result", res)
		}
		return res.JSON()
	case "resolve-site-mode", "derive-binding-state":
		ev := ATSDoc{{"primary", Pick(s, []string{`"paper"`, `"live"`, "null"})}, {"second_supported", "true"}, {"second", Pick(s, []string{`"paper"`, `"live"`, "null"})}}
		if s.Chance(3) {
			ev = ev.Set("second_supported", "false").Set("second", Pick(s, []string{"null", "null", "null", `"paper"`}))
		}
		if s.Chance(5) {
			ev = aboChange(s, "evidence", ev)
		}
		if op == "resolve-site-mode" {
			return ev.JSON()
		}
		d := atsParse(aboData("verify_session", "paper")).Set("site_mode_evidence", string(ev.JSON())).Set("permission", Pick(s, []string{`"trade"`, `"view"`, "null"}))
		if s.Chance(3) {
			d = d.Set("verified", "false").Set("control", `"user"`).Set("origin", "null").Set("account_label", "null").Set("site_mode_evidence", "null").Set("permission", "null")
		}
		if s.Chance(3) {
			d = aboChange(s, "data-verify_session", d)
		}
		return d.JSON()
	}
	// verify-result: a faithful exchange with one change.
	dl, _ := call.Get("deadline_at")
	switch s.Intn(8) {
	case 0:
		res = aboIdentity(s, res)
	case 1:
		obs := Pick(s, []int64{-5001, -5000, 0, 25000, 25001, 90000, 90001, 200000})
		res = res.Set("observed_at", aboTime(aboIssuedMS+obs))
		now = aboIssuedMS + obs + Pick(s, []int64{-5001, -5000, 0, 1000})
	case 2:
		if data, _ := res.Get("data"); strings.HasPrefix(data, "{") {
			other := Pick(s, []string{"live", "paper"})
			swap := atsParse(data)
			for _, k := range []string{"account_fingerprint", "site_mode", "symbol", "site_order_id", "ticket_digest"} {
				if _, ok := swap.Get(k); ok && s.Chance(2) {
					swap = swap.Set(k, map[string]string{"account_fingerprint": aboFP(other), "site_mode": `"` + other + `"`, "symbol": `"QQQ"`,
						"site_order_id": `"ORD-8"`, "ticket_digest": `"sha256:` + strings.Repeat("2d", 32) + `"`}[k])
				}
			}
			if _, ok := swap.Get("rendered_ticket"); ok && s.Chance(2) {
				swap = atsParse(aboSeal(strings.Replace(aboTicket, `"quantity":10`, `"quantity":11`, 1)))
			}
			res = res.Set("data", string(swap.JSON()))
		}
	case 3:
		call = aboChange(s, "call", call)
	case 4:
		res = aboChange(s, "result", res)
	case 5:
		res = res.Set("observed_at", dl)
	}
	nowText := aboTime(now)
	if s.Chance(20) {
		nowText = Pick(s, aboPool(aboDecl.Object("verify-result").Member("now")))
	}
	env := ATSDoc{{"call", string(call.JSON())}, {"result", string(res.JSON())}, {"now", nowText}}
	if s.Chance(30) {
		env = aboChange(s, "verify-result", env)
	}
	return env.JSON()
}

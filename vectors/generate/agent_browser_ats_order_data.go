package main

// agent-browser-ats-order/1 base documents and the faithful exchanges
// (spec/agent-browser-ats-order.md, "Vectors").

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

const (
	abIssued   = "2026-09-23T14:30:00.000Z"
	abDeadline = "2026-09-23T14:31:00.000Z" // a read's deadline, 60 s
	abMutDead  = "2026-09-23T14:30:20.000Z" // a mutation's deadline, 20 s
	abObserved = "2026-09-23T14:30:02.000Z"
	abNow      = "2026-09-23T14:30:03.000Z"
	abLabel    = `Individual \u2022\u20224821`
	abOrderID  = "ORD-1001"
)

var (
	abHex1 = strings.Repeat("1f2e3d4c", 8)
	abHex2 = strings.Repeat("a0b1c2d3", 8)
	abHex3 = strings.Repeat("5e6f7a8b", 8)

	abPrincipal = gen.Doc{kv("user_id", abQ("user_7Qm2")), kv("agent_id", abQ("agent_A1")), kv("browser_session_id", abQ("bsess_9Xw"))}
	abAdapter   = gen.Doc{kv("adapter_id", abQ("alpaca-web")), kv("adapter_version", abQ("1.4.2")), kv("adapter_digest", abQ("sha256:"+abHex1))}
	abTicket    = gen.Doc{kv("symbol", abQ("BRK.B")), kv("side", abQ("buy")), kv("quantity", "10"), kv("order_type", abQ("limit")), kv("limit_price_minor", "41250"), kv("time_in_force", abQ("day"))}
	abEvidence  = func(m string) gen.Doc {
		return gen.Doc{kv("primary", abQ(m)), kv("second_supported", "true"), kv("second", abQ(m))}
	}
)

// abOps are the ten operations, in the seed's order.
var abOps = []string{"verify_session", "read_market", "read_account", "verify_ticket", "read_order",
	"read_positions", "prepare_ticket", "commit_once", "cancel_order", "end_control"}

// abMutation reports whether op is one of the two mutations.
func abMutation(op string) bool { return op == "commit_once" || op == "cancel_order" }

// abFP is the account fingerprint of a mode's account.
func abFP(mode string) string {
	if mode == "live" {
		return abQ("sha256:" + abHex3)
	}
	return abQ("sha256:" + abHex2)
}

// abBinding is the binding of mode.
func abBinding(mode string) gen.Doc {
	env, id := "provider_sandbox", "binding_P4per"
	if mode == "live" {
		env, id = "provider_live", "binding_L1ve"
	}
	return gen.Doc{kv("binding_id", abQ(id)), kv("binding_generation", "3"), kv("account_fingerprint", abFP(mode)), kv("site_mode", abQ(mode)), kv("environment", abQ(env))}
}

// abParams are op's parameters.
func abParams(op string) gen.Doc {
	switch op {
	case "read_market":
		return gen.Doc{kv("symbol", abQ("SPY"))}
	case "verify_ticket", "commit_once":
		return gen.Doc{kv("ticket_digest", abQ(textDigest(abTicket.String())))}
	case "read_order", "cancel_order":
		return gen.Doc{kv("site_order_id", abQ(abOrderID))}
	case "prepare_ticket":
		return gen.Doc{kv("ticket", abTicket.String())}
	case "end_control":
		return gen.Doc{kv("reason", abQ("completed"))}
	}
	return gen.Doc{}
}

// abCall is the call of op in mode; bound false gives a null binding.
func abCall(op, mode string, bound bool) gen.Doc {
	dl := abDeadline
	if abMutation(op) {
		dl = abMutDead
	}
	b := "null"
	if bound {
		b = abBinding(mode).String()
	}
	return gen.Doc{kv("schema_version", abQ(abCallTag)), kv("operation", abQ(op)), kv("request_id", abQ("req_"+strings.ReplaceAll(op, "_", "")+"1")),
		kv("principal", abPrincipal.String()), kv("session_generation", "7"), kv("adapter", abAdapter.String()), kv("binding", b),
		kv("issued_at", abQ(abIssued)), kv("deadline_at", abQ(dl)), kv("params", abParams(op).String())}
}

// abSealed is the rendered ticket data of t, its digest recomputed.
func abSealed(t gen.Doc) gen.Doc {
	return gen.Doc{kv("rendered_ticket", t.String()), kv("rendered_ticket_digest", abQ(textDigest(t.String())))}
}

// abData is op's ok data in mode.
func abData(op, mode string) gen.Doc {
	fp, m := abFP(mode), abQ(mode)
	switch op {
	case "verify_session":
		return gen.Doc{kv("verified", "true"), kv("origin", abQ("https://app.alpaca.markets")), kv("account_label", abQ(abLabel)),
			kv("site_mode_evidence", abEvidence(mode).String()), kv("permission", abQ("trade")), kv("control", abQ("agent"))}
	case "read_market":
		return gen.Doc{kv("symbol", abQ("SPY")), kv("bid_minor", "50010"), kv("ask_minor", "50012"), kv("last_minor", "50011")}
	case "read_account":
		return gen.Doc{kv("account_fingerprint", fp), kv("site_mode", m), kv("account_label", abQ(abLabel)), kv("buying_power_minor", "2500000")}
	case "verify_ticket", "prepare_ticket":
		return abSealed(abTicket)
	case "read_order":
		return gen.Doc{kv("site_order_id", abQ(abOrderID)), kv("account_fingerprint", fp), kv("site_mode", m), kv("order_status", abQ("partially_filled")),
			kv("evidence", abQ("order_history")), kv("quantity", "10"), kv("filled_quantity", "4"), kv("average_fill_price_minor", "41240")}
	case "read_positions":
		return gen.Doc{kv("account_fingerprint", fp), kv("site_mode", m), kv("positions", `[{"symbol":"SPY","quantity":12},{"symbol":"BRK.B","quantity":3}]`), kv("unrepresented_count", "1")}
	case "commit_once":
		return gen.Doc{kv("outcome", abQ("confirmed")), kv("site_order_id", abQ(abOrderID)), kv("ticket_digest", abQ(textDigest(abTicket.String()))), kv("account_fingerprint", fp), kv("site_mode", m)}
	case "cancel_order":
		return gen.Doc{kv("site_order_id", abQ(abOrderID)), kv("account_fingerprint", fp), kv("site_mode", m), kv("outcome", abQ("cancel_requested"))}
	}
	return gen.Doc{kv("control", abQ("user"))}
}

// abResult is the result answering call with status, reason (JSON text)
// and data (JSON text).
func abResult(call gen.Doc, status, reason, data string) gen.Doc {
	return gen.Doc{kv("schema_version", abQ(abResTag)), kv("operation", call.Value("operation")), kv("request_id", call.Value("request_id")),
		kv("principal", call.Value("principal")), kv("session_generation", call.Value("session_generation")), kv("adapter", call.Value("adapter")),
		kv("status", abQ(status)), kv("reason", reason), kv("observed_at", abQ(abObserved)), kv("data", data)}
}

// abOK is the ok result of call in mode.
func abOK(call gen.Doc, op, mode string) gen.Doc {
	return abResult(call, "ok", "null", abData(op, mode).String())
}

// abExchange is one faithful exchange: a call, its result and now.
type abExchange struct {
	name         string
	call, result gen.Doc
	now          string
}

// abEnv is the verify-result envelope of x.
func (x abExchange) env() string {
	return gen.Doc{kv("call", x.call.String()), kv("result", x.result.String()), kv("now", abQ(x.now))}.String()
}

// abRequires is requiresReconciliation of a valid result.
func abRequires(r gen.Doc) bool {
	op := strings.Trim(r.Value("operation"), `"`)
	return abMutation(op) && r.Value("status") != abQ("refused") || r.Value("reason") == abQ("duplicate_commit")
}

// abVerdict is verify-result's output for a faithful exchange.
func abVerdict(x abExchange) string {
	req := "false"
	if abRequires(x.result) {
		req = "true"
	}
	return `{"call_digest":"` + textDigest(x.call.String()) + `","requires_reconciliation":` + req + `,"result_digest":"` + textDigest(x.result.String()) + `"}`
}

// abExchanges are the faithful exchanges: every operation in both site
// modes with status ok, and the refused and ambiguous answers.
func abExchanges() []abExchange {
	var out []abExchange
	for _, mode := range []string{"paper", "live"} {
		for _, op := range abOps {
			bound := !(op == "verify_session" || op == "end_control" && mode == "paper")
			c := abCall(op, mode, bound)
			out = append(out, abExchange{op + "-" + mode + "-ok", c, abOK(c, op, mode), abNow})
		}
	}
	p := func(op string) gen.Doc { return abCall(op, "paper", op != "verify_session") }
	ref := func(name, op, reason string) abExchange {
		c := p(op)
		return abExchange{name, c, abResult(c, "refused", abQ(reason), "null"), abNow}
	}
	amb := func(name, op, reason string) abExchange {
		c := p(op)
		return abExchange{name, c, abResult(c, "ambiguous", abQ(reason), "null"), abNow}
	}
	unverified := gen.Doc{kv("verified", "false"), kv("origin", "null"), kv("account_label", "null"), kv("site_mode_evidence", "null"), kv("permission", "null"), kv("control", abQ("user"))}
	vs := p("verify_session")
	rej := p("commit_once")
	rejData := abData("commit_once", "paper").Set("outcome", abQ("site_rejected")).Set("site_order_id", "null")
	ro := p("read_order")
	filled := abData("read_order", "paper").Set("order_status", abQ("filled")).Set("evidence", abQ("order_detail")).Set("filled_quantity", "10")
	open := abData("read_order", "paper").Set("order_status", abQ("open")).Set("evidence", abQ("order_list")).Set("filled_quantity", "0").Set("average_fill_price_minor", "null")
	market := abTicket.Set("order_type", abQ("market")).Set("limit_price_minor", "null")
	pt := p("prepare_ticket").Set("params", gen.Doc{kv("ticket", market.String())}.String())
	late := p("commit_once")
	return append(out,
		ref("verify-session-refused-site-unavailable", "verify_session", "site_unavailable"),
		ref("read-market-refused-site-unavailable", "read_market", "site_unavailable"),
		ref("read-account-refused-binding-mismatch", "read_account", "binding_mismatch"),
		ref("verify-ticket-refused-ticket-mismatch", "verify_ticket", "ticket_mismatch"),
		ref("read-order-refused-not-found", "read_order", "not_found"),
		ref("commit-once-refused-duplicate", "commit_once", "duplicate_commit"),
		ref("commit-once-refused-session-unverified", "commit_once", "session_unverified"),
		ref("cancel-order-refused-not-found", "cancel_order", "not_found"),
		amb("commit-once-ambiguous-outcome-unknown", "commit_once", "outcome_unknown"),
		amb("cancel-order-ambiguous-connection-lost", "cancel_order", "connection_lost"),
		abExchange{"verify-session-unverified-login-screen", vs, abResult(vs, "ok", "null", unverified.String()), abNow},
		abExchange{"commit-once-site-rejected", rej, abResult(rej, "ok", "null", rejData.String()), abNow},
		abExchange{"read-order-filled-detail", ro, abResult(ro, "ok", "null", filled.String()), abNow},
		abExchange{"read-order-open-list", ro, abResult(ro, "ok", "null", open.String()), abNow},
		abExchange{"prepare-ticket-market", pt, abResult(pt, "ok", "null", abSealed(market).String()), abNow},
		abExchange{"commit-once-observed-after-deadline", late, abOK(late, "commit_once", "paper").Set("observed_at", abQ("2026-09-23T14:30:25.000Z")), "2026-09-23T14:30:26.000Z"},
	)
}

// abExchangeFiles are the faithful exchanges through verify-result, and
// each exchange's call and result through call, result and
// requires-reconciliation.
func abExchangeFiles() []vfile {
	var gate, calls, results, recon []vcase
	for _, x := range abExchanges() {
		gate = append(gate, ok(x.name, x.env(), abVerdict(x)))
		calls = append(calls, ok(x.name, x.call.String(), `{"digest":"`+textDigest(x.call.String())+`","operation":`+x.call.Value("operation")+`}`))
		results = append(results, ok(x.name, x.result.String(), `{"digest":"`+textDigest(x.result.String())+`","operation":`+x.result.Value("operation")+`,"status":`+x.result.Value("status")+`}`))
		req := "false"
		if abRequires(x.result) {
			req = "true"
		}
		recon = append(recon, ok(x.name, x.result.String(), `{"requires_reconciliation":`+req+`}`))
	}
	return []vfile{
		abFile("verify-result", "faithful", "faithful exchanges: every operation, both site modes, all three statuses (seed invariant 11)", gate...),
		abFile("call", "faithful", "the faithful exchanges' calls, accepted with their digests", calls...),
		abFile("result", "faithful", "the faithful exchanges' results, accepted with their digests", results...),
		abFile("requires-reconciliation", "faithful", "every mutation not refused, and duplicate_commit, requires reconciliation (seed invariant 10)", recon...),
	}
}

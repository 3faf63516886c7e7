package main

// agent-browser-ats-order/1 base documents and the faithful exchanges
// (spec/agent-browser-ats-order.md, "Vectors").

import "strings"

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

	abPrincipal = abDoc{{"user_id", abQ("user_7Qm2")}, {"agent_id", abQ("agent_A1")}, {"browser_session_id", abQ("bsess_9Xw")}}
	abAdapter   = abDoc{{"adapter_id", abQ("alpaca-web")}, {"adapter_version", abQ("1.4.2")}, {"adapter_digest", abQ("sha256:" + abHex1)}}
	abTicket    = abDoc{{"symbol", abQ("BRK.B")}, {"side", abQ("buy")}, {"quantity", "10"}, {"order_type", abQ("limit")}, {"limit_price_minor", "41250"}, {"time_in_force", abQ("day")}}
	abEvidence  = func(m string) abDoc {
		return abDoc{{"primary", abQ(m)}, {"second_supported", "true"}, {"second", abQ(m)}}
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
func abBinding(mode string) abDoc {
	env, id := "provider_sandbox", "binding_P4per"
	if mode == "live" {
		env, id = "provider_live", "binding_L1ve"
	}
	return abDoc{{"binding_id", abQ(id)}, {"binding_generation", "3"}, {"account_fingerprint", abFP(mode)}, {"site_mode", abQ(mode)}, {"environment", abQ(env)}}
}

// abParams are op's parameters.
func abParams(op string) abDoc {
	switch op {
	case "read_market":
		return abDoc{{"symbol", abQ("SPY")}}
	case "verify_ticket", "commit_once":
		return abDoc{{"ticket_digest", abQ(abD(abTicket.json()))}}
	case "read_order", "cancel_order":
		return abDoc{{"site_order_id", abQ(abOrderID)}}
	case "prepare_ticket":
		return abDoc{{"ticket", abTicket.json()}}
	case "end_control":
		return abDoc{{"reason", abQ("completed")}}
	}
	return abDoc{}
}

// abCall is the call of op in mode; bound false gives a null binding.
func abCall(op, mode string, bound bool) abDoc {
	dl := abDeadline
	if abMutation(op) {
		dl = abMutDead
	}
	b := "null"
	if bound {
		b = abBinding(mode).json()
	}
	return abDoc{{"schema_version", abQ(abCallTag)}, {"operation", abQ(op)}, {"request_id", abQ("req_" + strings.ReplaceAll(op, "_", "") + "1")},
		{"principal", abPrincipal.json()}, {"session_generation", "7"}, {"adapter", abAdapter.json()}, {"binding", b},
		{"issued_at", abQ(abIssued)}, {"deadline_at", abQ(dl)}, {"params", abParams(op).json()}}
}

// abSealed is the rendered ticket data of t, its digest recomputed.
func abSealed(t abDoc) abDoc {
	return abDoc{{"rendered_ticket", t.json()}, {"rendered_ticket_digest", abQ(abD(t.json()))}}
}

// abData is op's ok data in mode.
func abData(op, mode string) abDoc {
	fp, m := abFP(mode), abQ(mode)
	switch op {
	case "verify_session":
		return abDoc{{"verified", "true"}, {"origin", abQ("https://app.alpaca.markets")}, {"account_label", abQ(abLabel)},
			{"site_mode_evidence", abEvidence(mode).json()}, {"permission", abQ("trade")}, {"control", abQ("agent")}}
	case "read_market":
		return abDoc{{"symbol", abQ("SPY")}, {"bid_minor", "50010"}, {"ask_minor", "50012"}, {"last_minor", "50011"}}
	case "read_account":
		return abDoc{{"account_fingerprint", fp}, {"site_mode", m}, {"account_label", abQ(abLabel)}, {"buying_power_minor", "2500000"}}
	case "verify_ticket", "prepare_ticket":
		return abSealed(abTicket)
	case "read_order":
		return abDoc{{"site_order_id", abQ(abOrderID)}, {"account_fingerprint", fp}, {"site_mode", m}, {"order_status", abQ("partially_filled")},
			{"evidence", abQ("order_history")}, {"quantity", "10"}, {"filled_quantity", "4"}, {"average_fill_price_minor", "41240"}}
	case "read_positions":
		return abDoc{{"account_fingerprint", fp}, {"site_mode", m}, {"positions", `[{"symbol":"SPY","quantity":12},{"symbol":"BRK.B","quantity":3}]`}, {"unrepresented_count", "1"}}
	case "commit_once":
		return abDoc{{"outcome", abQ("confirmed")}, {"site_order_id", abQ(abOrderID)}, {"ticket_digest", abQ(abD(abTicket.json()))}, {"account_fingerprint", fp}, {"site_mode", m}}
	case "cancel_order":
		return abDoc{{"site_order_id", abQ(abOrderID)}, {"account_fingerprint", fp}, {"site_mode", m}, {"outcome", abQ("cancel_requested")}}
	}
	return abDoc{{"control", abQ("user")}}
}

// abResult is the result answering call with status, reason (JSON text)
// and data (JSON text).
func abResult(call abDoc, status, reason, data string) abDoc {
	return abDoc{{"schema_version", abQ(abResTag)}, {"operation", call.get("operation")}, {"request_id", call.get("request_id")},
		{"principal", call.get("principal")}, {"session_generation", call.get("session_generation")}, {"adapter", call.get("adapter")},
		{"status", abQ(status)}, {"reason", reason}, {"observed_at", abQ(abObserved)}, {"data", data}}
}

// abOK is the ok result of call in mode.
func abOK(call abDoc, op, mode string) abDoc {
	return abResult(call, "ok", "null", abData(op, mode).json())
}

// abExchange is one faithful exchange: a call, its result and now.
type abExchange struct {
	name         string
	call, result abDoc
	now          string
}

// abEnv is the verify-result envelope of x.
func (x abExchange) env() string {
	return abDoc{{"call", x.call.json()}, {"result", x.result.json()}, {"now", abQ(x.now)}}.json()
}

// abRequires is requiresReconciliation of a valid result.
func abRequires(r abDoc) bool {
	op := strings.Trim(r.get("operation"), `"`)
	return abMutation(op) && r.get("status") != abQ("refused") || r.get("reason") == abQ("duplicate_commit")
}

// abVerdict is verify-result's output for a faithful exchange.
func abVerdict(x abExchange) string {
	req := "false"
	if abRequires(x.result) {
		req = "true"
	}
	return `{"call_digest":"` + abD(x.call.json()) + `","requires_reconciliation":` + req + `,"result_digest":"` + abD(x.result.json()) + `"}`
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
	p := func(op string) abDoc { return abCall(op, "paper", op != "verify_session") }
	ref := func(name, op, reason string) abExchange {
		c := p(op)
		return abExchange{name, c, abResult(c, "refused", abQ(reason), "null"), abNow}
	}
	amb := func(name, op, reason string) abExchange {
		c := p(op)
		return abExchange{name, c, abResult(c, "ambiguous", abQ(reason), "null"), abNow}
	}
	unverified := abDoc{{"verified", "false"}, {"origin", "null"}, {"account_label", "null"}, {"site_mode_evidence", "null"}, {"permission", "null"}, {"control", abQ("user")}}
	vs := p("verify_session")
	rej := p("commit_once")
	rejData := abData("commit_once", "paper").set("outcome", abQ("site_rejected")).set("site_order_id", "null")
	ro := p("read_order")
	filled := abData("read_order", "paper").set("order_status", abQ("filled")).set("evidence", abQ("order_detail")).set("filled_quantity", "10")
	open := abData("read_order", "paper").set("order_status", abQ("open")).set("evidence", abQ("order_list")).set("filled_quantity", "0").set("average_fill_price_minor", "null")
	market := abTicket.set("order_type", abQ("market")).set("limit_price_minor", "null")
	pt := p("prepare_ticket").set("params", abDoc{{"ticket", market.json()}}.json())
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
		abExchange{"verify-session-unverified-login-screen", vs, abResult(vs, "ok", "null", unverified.json()), abNow},
		abExchange{"commit-once-site-rejected", rej, abResult(rej, "ok", "null", rejData.json()), abNow},
		abExchange{"read-order-filled-detail", ro, abResult(ro, "ok", "null", filled.json()), abNow},
		abExchange{"read-order-open-list", ro, abResult(ro, "ok", "null", open.json()), abNow},
		abExchange{"prepare-ticket-market", pt, abResult(pt, "ok", "null", abSealed(market).json()), abNow},
		abExchange{"commit-once-observed-after-deadline", late, abOK(late, "commit_once", "paper").set("observed_at", abQ("2026-09-23T14:30:25.000Z")), "2026-09-23T14:30:26.000Z"},
	)
}

// abExchangeFiles are the faithful exchanges through verify-result, and
// each exchange's call and result through call, result and
// requires-reconciliation.
func abExchangeFiles() []vfile {
	var gate, calls, results, recon []vcase
	for _, x := range abExchanges() {
		gate = append(gate, ok(x.name, x.env(), abVerdict(x)))
		calls = append(calls, ok(x.name, x.call.json(), `{"digest":"`+abD(x.call.json())+`","operation":`+x.call.get("operation")+`}`))
		results = append(results, ok(x.name, x.result.json(), `{"digest":"`+abD(x.result.json())+`","operation":`+x.result.get("operation")+`,"status":`+x.result.get("status")+`}`))
		req := "false"
		if abRequires(x.result) {
			req = "true"
		}
		recon = append(recon, ok(x.name, x.result.json(), `{"requires_reconciliation":`+req+`}`))
	}
	return []vfile{
		abFile("verify-result", "faithful", "faithful exchanges: every operation, both site modes, all three statuses (seed invariant 11)", gate...),
		abFile("call", "faithful", "the faithful exchanges' calls, accepted with their digests", calls...),
		abFile("result", "faithful", "the faithful exchanges' results, accepted with their digests", results...),
		abFile("requires-reconciliation", "faithful", "every mutation not refused, and duplicate_commit, requires reconciliation (seed invariant 10)", recon...),
	}
}

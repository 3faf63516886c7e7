package main

// agent-browser-ats-order/1 object rules, decisions, gate mismatches and
// traps (spec/agent-browser-ats-order.md): each rule each way it fires,
// beside neighbours that pass.

import "strings"

// abCallOut is call's output for an accepted call.
func abCallOut(c abDoc) string {
	return `{"digest":"` + abD(c.json()) + `","operation":` + c.get("operation") + `}`
}

// abResOut is result's output for an accepted result.
func abResOut(r abDoc) string {
	return `{"digest":"` + abD(r.json()) + `","operation":` + r.get("operation") + `,"status":` + r.get("status") + `}`
}

// abWithData is r with data d (an abDoc).
func abWithData(r abDoc, d abDoc) abDoc { return r.set("data", d.json()) }

func abRuleFiles() []vfile {
	ra := abCall("read_account", "paper", true)
	co := abCall("commit_once", "paper", true)
	cx := abCall("cancel_order", "live", true)
	vs := abCall("verify_session", "paper", false)
	ec := abCall("end_control", "paper", false)
	pt := abCall("prepare_ticket", "paper", true)
	ts := func(d abDoc, iss, dl string) abDoc { return d.set("issued_at", abQ(iss)).set("deadline_at", abQ(dl)) }
	market := abTicket.set("order_type", abQ("market")).set("limit_price_minor", "null")
	withTicket := func(t abDoc) abDoc { return pt.set("params", abDoc{{"ticket", t.json()}}.json()) }
	paperLive := abBinding("paper").set("environment", abQ("provider_live"))
	livePaper := abBinding("live").set("environment", abQ("provider_sandbox"))
	calls := abFile("call", "rules", "deadlines, bindings and environments (seed invariants 2, 3 and 4)",
		abRefused("deadline-equals-issued", ts(ra, abIssued, abIssued).json(), "deadline_order"),
		abRefused("deadline-before-issued", ts(ra, abIssued, "2026-09-23T14:29:59.999Z").json(), "deadline_order"),
		ok("deadline-1ms-after", ts(ra, abIssued, "2026-09-23T14:30:00.001Z").json(), abCallOut(ts(ra, abIssued, "2026-09-23T14:30:00.001Z"))),
		ok("read-deadline-120s", ts(ra, abIssued, "2026-09-23T14:32:00.000Z").json(), abCallOut(ts(ra, abIssued, "2026-09-23T14:32:00.000Z"))),
		abRefused("read-deadline-120s-1ms", ts(ra, abIssued, "2026-09-23T14:32:00.001Z").json(), "deadline_window"),
		abRefused("read-deadline-a-day", ts(ra, abIssued, "2026-09-24T14:30:00.000Z").json(), "deadline_window"),
		ok("commit-deadline-30s", ts(co, abIssued, "2026-09-23T14:30:30.000Z").json(), abCallOut(ts(co, abIssued, "2026-09-23T14:30:30.000Z"))),
		abRefused("commit-deadline-30s-1ms", ts(co, abIssued, "2026-09-23T14:30:30.001Z").json(), "mutation_window"),
		abRefused("cancel-deadline-60s", ts(cx, abIssued, "2026-09-23T14:31:00.000Z").json(), "mutation_window"),
		abRefused("commit-deadline-121s", ts(co, abIssued, "2026-09-23T14:32:01.000Z").json(), "deadline_window").withException("shadowed"),
		ok("cancel-deadline-30s", ts(cx, abIssued, "2026-09-23T14:30:30.000Z").json(), abCallOut(ts(cx, abIssued, "2026-09-23T14:30:30.000Z"))),
		ok("deadline-across-midnight-year-0000", ts(ra, "0000-02-29T23:59:30.000Z", "0000-03-01T00:00:30.000Z").json(), abCallOut(ts(ra, "0000-02-29T23:59:30.000Z", "0000-03-01T00:00:30.000Z"))),
		abRefused("read-account-unbound", ra.set("binding", "null").json(), "unbound"),
		abRefused("commit-once-unbound", co.set("binding", "null").json(), "unbound"),
		abRefused("cancel-order-unbound", cx.set("binding", "null").json(), "unbound"),
		abRefused("read-market-unbound", abCall("read_market", "paper", true).set("binding", "null").json(), "unbound"),
		abRefused("prepare-ticket-unbound", pt.set("binding", "null").json(), "unbound"),
		ok("verify-session-unbound", vs.json(), abCallOut(vs)),
		ok("end-control-unbound", ec.json(), abCallOut(ec)),
		ok("verify-session-bound", abCall("verify_session", "live", true).json(), abCallOut(abCall("verify_session", "live", true))),
		abRefused("paper-binding-live-environment", ra.set("binding", paperLive.json()).json(), "binding_environment"),
		abRefused("live-binding-sandbox-environment", cx.set("binding", livePaper.json()).json(), "binding_environment"),
		abRefused("verify-session-paper-live", vs.set("binding", paperLive.json()).json(), "binding_environment"),
		ok("prepare-market-ticket", withTicket(market).json(), abCallOut(withTicket(market))),
		abRefused("limit-without-price", withTicket(abTicket.set("limit_price_minor", "null")).json(), "ticket_limit_price"),
		abRefused("market-with-price", withTicket(market.set("limit_price_minor", "41250")).json(), "ticket_limit_price"),
	)

	// Results.
	rp := func(op string) abDoc { return abCall(op, "paper", op != "verify_session") }
	res := func(op, status, reason, data string) abDoc { return abResult(rp(op), status, reason, data) }
	okRes := func(name string, r abDoc) vcase { return ok(name, r.json(), abResOut(r)) }
	session := abData("verify_session", "paper")
	unverified := abDoc{{"verified", "false"}, {"origin", "null"}, {"account_label", "null"}, {"site_mode_evidence", "null"}, {"permission", "null"}, {"control", abQ("user")}}
	order := abData("read_order", "paper")
	commit := abData("commit_once", "paper")
	okOf := func(op string, d abDoc) abDoc { return abWithData(abOK(rp(op), op, "paper"), d) }
	tampered := abSealed(abTicket).set("rendered_ticket", abTicket.set("quantity", "100").json())
	results := abFile("result", "rules", "statuses, reasons, login screens, ticket digests, fills and commits (seed invariants 6 to 10)",
		abRefused("ok-with-reason", abOK(rp("read_market"), "read_market", "paper").set("reason", abQ("site_unavailable")).json(), "result_reason"),
		abRefused("refused-without-reason", res("read_market", "refused", "null", "null").json(), "result_reason"),
		abRefused("refused-with-ambiguity-reason", res("commit_once", "refused", abQ("outcome_unknown"), "null").json(), "result_reason"),
		abRefused("ambiguous-with-refusal-reason", res("commit_once", "ambiguous", abQ("not_found"), "null").json(), "result_reason"),
		abRefused("ambiguous-without-reason", res("cancel_order", "ambiguous", "null", "null").json(), "result_reason"),
		abRefused("ok-without-data", res("read_market", "ok", "null", "null").json(), "result_data"),
		abRefused("refused-with-data", res("read_market", "refused", abQ("site_unavailable"), abData("read_market", "paper").json()).json(), "result_data"),
		abRefused("ambiguous-with-data", res("commit_once", "ambiguous", abQ("outcome_unknown"), commit.json()).json(), "result_data"),
		abRefused("ambiguous-read-market", res("read_market", "ambiguous", abQ("outcome_unknown"), "null").json(), "ambiguous_operation"),
		abRefused("ambiguous-prepare-ticket", res("prepare_ticket", "ambiguous", abQ("connection_lost"), "null").json(), "ambiguous_operation"),
		abRefused("ambiguous-verify-session", res("verify_session", "ambiguous", abQ("outcome_unknown"), "null").json(), "ambiguous_operation"),
		abRefused("ambiguous-end-control", res("end_control", "ambiguous", abQ("connection_lost"), "null").json(), "ambiguous_operation"),
		okRes("ambiguous-cancel-order", res("cancel_order", "ambiguous", abQ("connection_lost"), "null")),
		abRefused("duplicate-cancel-order", res("cancel_order", "refused", abQ("duplicate_commit"), "null").json(), "duplicate_commit"),
		abRefused("duplicate-prepare-ticket", res("prepare_ticket", "refused", abQ("duplicate_commit"), "null").json(), "duplicate_commit"),
		abRefused("duplicate-read-order", res("read_order", "refused", abQ("duplicate_commit"), "null").json(), "duplicate_commit"),
		okRes("duplicate-commit-once", res("commit_once", "refused", abQ("duplicate_commit"), "null")),
		abRefused("unverified-with-origin", okOf("verify_session", unverified.set("origin", abQ("https://app.alpaca.markets"))).json(), "unverified_carries"),
		abRefused("unverified-with-label", okOf("verify_session", unverified.set("account_label", abQ(abLabel))).json(), "unverified_carries"),
		abRefused("unverified-with-evidence", okOf("verify_session", unverified.set("site_mode_evidence", abEvidence("paper").json())).json(), "unverified_carries"),
		abRefused("unverified-with-permission", okOf("verify_session", unverified.set("permission", abQ("view"))).json(), "unverified_carries"),
		abRefused("unverified-agent-control", okOf("verify_session", unverified.set("control", abQ("agent"))).json(), "unverified_control"),
		okRes("verified-user-control", okOf("verify_session", session.set("control", abQ("user")))),
		okRes("verified-without-evidence", okOf("verify_session", session.set("site_mode_evidence", "null"))),
		abRefused("unsupported-second-indicator", okOf("verify_session", session.set("site_mode_evidence", abEvidence("paper").set("second_supported", "false").json())).json(), "evidence_second"),
		abRefused("ticket-changed-under-digest", okOf("verify_ticket", tampered).json(), "ticket_digest"),
		abRefused("prepared-ticket-changed-under-digest", okOf("prepare_ticket", tampered).json(), "ticket_digest"),
		abRefused("ticket-digest-of-another", okOf("verify_ticket", abSealed(abTicket).set("rendered_ticket_digest", abQ("sha256:"+abHex1))).json(), "ticket_digest"),
		abRefused("rendered-limit-without-price", okOf("verify_ticket", abSealed(abTicket.set("limit_price_minor", "null"))).json(), "ticket_limit_price"),
		abRefused("fill-on-order-list", okOf("read_order", order.set("evidence", abQ("order_list"))).json(), "fill_evidence"),
		abRefused("price-on-order-list", okOf("read_order", order.set("evidence", abQ("order_list")).set("order_status", abQ("open")).set("filled_quantity", "0")).json(), "fill_evidence").withException("shadowed"),
		okRes("fill-on-order-detail", okOf("read_order", order.set("evidence", abQ("order_detail")))),
		abRefused("one-filled-on-order-list", okOf("read_order", order.set("evidence", abQ("order_list")).set("filled_quantity", "1").set("average_fill_price_minor", "null")).json(), "fill_evidence").withException("shadowed"),
		abRefused("one-filled-without-price", okOf("read_order", order.set("filled_quantity", "1").set("average_fill_price_minor", "null")).json(), "fill_price"),
		abRefused("fill-exceeds", okOf("read_order", order.set("order_status", abQ("filled")).set("filled_quantity", "11")).json(), "fill_exceeds").withException("shadowed"),
		abRefused("cancelled-overfilled", okOf("read_order", order.set("order_status", abQ("cancelled")).set("filled_quantity", "11")).json(), "fill_exceeds"),
		abRefused("open-with-fill", okOf("read_order", order.set("order_status", abQ("open"))).json(), "fill_status"),
		abRefused("rejected-with-fill", okOf("read_order", order.set("order_status", abQ("rejected"))).json(), "fill_status"),
		abRefused("partial-without-fill", okOf("read_order", order.set("filled_quantity", "0").set("average_fill_price_minor", "null")).json(), "fill_status"),
		abRefused("partial-all-filled", okOf("read_order", order.set("filled_quantity", "10")).json(), "fill_status"),
		abRefused("filled-partly", okOf("read_order", order.set("order_status", abQ("filled"))).json(), "fill_status"),
		abRefused("cancelled-all-filled", okOf("read_order", order.set("order_status", abQ("cancelled")).set("filled_quantity", "10")).json(), "fill_status"),
		okRes("cancelled-partly-filled", okOf("read_order", order.set("order_status", abQ("cancelled")))),
		okRes("cancelled-unfilled", okOf("read_order", order.set("order_status", abQ("cancelled")).set("filled_quantity", "0").set("average_fill_price_minor", "null"))),
		abRefused("fill-without-price", okOf("read_order", order.set("average_fill_price_minor", "null")).json(), "fill_price"),
		abRefused("price-without-fill", okOf("read_order", order.set("order_status", abQ("open")).set("filled_quantity", "0")).json(), "fill_price"),
		abRefused("confirmed-without-order-id", okOf("commit_once", commit.set("site_order_id", "null")).json(), "commit_order_id"),
		abRefused("site-rejected-with-order-id", okOf("commit_once", commit.set("outcome", abQ("site_rejected"))).json(), "commit_order_id"),
		abRefused("commit-with-fill", okOf("commit_once", commit.set("filled_quantity", "10")).json(), "unknown_member"),
		abRefused("commit-with-fill-price", okOf("commit_once", commit.set("average_fill_price_minor", "41240")).json(), "unknown_member"),
		abRefused("account-with-number", okOf("read_account", abData("read_account", "paper").set("account_number", abQ("ACCT-PLACEHOLDER"))).json(), "unknown_member"),
		abRefused("session-with-page-html", okOf("verify_session", session.set("page_html", abQ("<b>x</b>"))).json(), "unknown_member"),
		abRefused("session-with-cookie", okOf("verify_session", session.set("cookies", "[]")).json(), "unknown_member"),
		okRes("positions-empty", okOf("read_positions", abData("read_positions", "paper").set("positions", "[]").set("unrepresented_count", "0"))),
		okRes("positions-all-unrepresented", okOf("read_positions", abData("read_positions", "paper").set("positions", "[]").set("unrepresented_count", "5"))),
		okRes("positions-256", okOf("read_positions", abData("read_positions", "paper").set("positions", "["+strings.TrimSuffix(strings.Repeat(`{"symbol":"SPY","quantity":1},`, 256), ",")+"]"))),
	)
	return []vfile{calls, results}
}

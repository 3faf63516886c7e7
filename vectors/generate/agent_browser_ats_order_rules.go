package main

// agent-browser-ats-order/1 object rules, decisions, gate mismatches and
// traps (spec/agent-browser-ats-order.md): each rule each way it fires,
// beside neighbours that pass.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// abCallOut is call's output for an accepted call.
func abCallOut(c gen.Doc) string {
	return `{"digest":"` + textDigest(c.String()) + `","operation":` + c.Value("operation") + `}`
}

// abResOut is result's output for an accepted result.
func abResOut(r gen.Doc) string {
	return `{"digest":"` + textDigest(r.String()) + `","operation":` + r.Value("operation") + `,"status":` + r.Value("status") + `}`
}

// abWithData is r with data d (an gen.Doc).
func abWithData(r gen.Doc, d gen.Doc) gen.Doc { return r.Set("data", d.String()) }

func abRuleFiles() []vfile {
	ra := abCall("read_account", "paper", true)
	co := abCall("commit_once", "paper", true)
	cx := abCall("cancel_order", "live", true)
	vs := abCall("verify_session", "paper", false)
	ec := abCall("end_control", "paper", false)
	pt := abCall("prepare_ticket", "paper", true)
	ts := func(d gen.Doc, iss, dl string) gen.Doc {
		return d.Set("issued_at", abQ(iss)).Set("deadline_at", abQ(dl))
	}
	market := abTicket.Set("order_type", abQ("market")).Set("limit_price_minor", "null")
	withTicket := func(t gen.Doc) gen.Doc { return pt.Set("params", gen.Doc{kv("ticket", t.String())}.String()) }
	paperLive := abBinding("paper").Set("environment", abQ("provider_live"))
	livePaper := abBinding("live").Set("environment", abQ("provider_sandbox"))
	calls := abFile("call", "rules", "deadlines, bindings and environments (seed invariants 2, 3 and 4)",
		abRefused("deadline-equals-issued", ts(ra, abIssued, abIssued).String(), "deadline_order"),
		abRefused("deadline-before-issued", ts(ra, abIssued, "2026-09-23T14:29:59.999Z").String(), "deadline_order"),
		ok("deadline-1ms-after", ts(ra, abIssued, "2026-09-23T14:30:00.001Z").String(), abCallOut(ts(ra, abIssued, "2026-09-23T14:30:00.001Z"))),
		ok("read-deadline-120s", ts(ra, abIssued, "2026-09-23T14:32:00.000Z").String(), abCallOut(ts(ra, abIssued, "2026-09-23T14:32:00.000Z"))),
		abRefused("read-deadline-120s-1ms", ts(ra, abIssued, "2026-09-23T14:32:00.001Z").String(), "deadline_window"),
		abRefused("read-deadline-a-day", ts(ra, abIssued, "2026-09-24T14:30:00.000Z").String(), "deadline_window"),
		ok("commit-deadline-30s", ts(co, abIssued, "2026-09-23T14:30:30.000Z").String(), abCallOut(ts(co, abIssued, "2026-09-23T14:30:30.000Z"))),
		abRefused("commit-deadline-30s-1ms", ts(co, abIssued, "2026-09-23T14:30:30.001Z").String(), "mutation_window"),
		abRefused("cancel-deadline-60s", ts(cx, abIssued, "2026-09-23T14:31:00.000Z").String(), "mutation_window"),
		abRefused("commit-deadline-121s", ts(co, abIssued, "2026-09-23T14:32:01.000Z").String(), "deadline_window").withException("shadowed"),
		ok("cancel-deadline-30s", ts(cx, abIssued, "2026-09-23T14:30:30.000Z").String(), abCallOut(ts(cx, abIssued, "2026-09-23T14:30:30.000Z"))),
		ok("deadline-across-midnight-year-0000", ts(ra, "0000-02-29T23:59:30.000Z", "0000-03-01T00:00:30.000Z").String(), abCallOut(ts(ra, "0000-02-29T23:59:30.000Z", "0000-03-01T00:00:30.000Z"))),
		abRefused("read-account-unbound", ra.Set("binding", "null").String(), "unbound"),
		abRefused("commit-once-unbound", co.Set("binding", "null").String(), "unbound"),
		abRefused("cancel-order-unbound", cx.Set("binding", "null").String(), "unbound"),
		abRefused("read-market-unbound", abCall("read_market", "paper", true).Set("binding", "null").String(), "unbound"),
		abRefused("prepare-ticket-unbound", pt.Set("binding", "null").String(), "unbound"),
		ok("verify-session-unbound", vs.String(), abCallOut(vs)),
		ok("end-control-unbound", ec.String(), abCallOut(ec)),
		ok("verify-session-bound", abCall("verify_session", "live", true).String(), abCallOut(abCall("verify_session", "live", true))),
		abRefused("paper-binding-live-environment", ra.Set("binding", paperLive.String()).String(), "binding_environment"),
		abRefused("live-binding-sandbox-environment", cx.Set("binding", livePaper.String()).String(), "binding_environment"),
		abRefused("verify-session-paper-live", vs.Set("binding", paperLive.String()).String(), "binding_environment"),
		ok("prepare-market-ticket", withTicket(market).String(), abCallOut(withTicket(market))),
		abRefused("limit-without-price", withTicket(abTicket.Set("limit_price_minor", "null")).String(), "ticket_limit_price"),
		abRefused("market-with-price", withTicket(market.Set("limit_price_minor", "41250")).String(), "ticket_limit_price"),
	)

	// Results.
	rp := func(op string) gen.Doc { return abCall(op, "paper", op != "verify_session") }
	res := func(op, status, reason, data string) gen.Doc { return abResult(rp(op), status, reason, data) }
	okRes := func(name string, r gen.Doc) vcase { return ok(name, r.String(), abResOut(r)) }
	session := abData("verify_session", "paper")
	unverified := gen.Doc{kv("verified", "false"), kv("origin", "null"), kv("account_label", "null"), kv("site_mode_evidence", "null"), kv("permission", "null"), kv("control", abQ("user"))}
	order := abData("read_order", "paper")
	commit := abData("commit_once", "paper")
	okOf := func(op string, d gen.Doc) gen.Doc { return abWithData(abOK(rp(op), op, "paper"), d) }
	tampered := abSealed(abTicket).Set("rendered_ticket", abTicket.Set("quantity", "100").String())
	results := abFile("result", "rules", "statuses, reasons, login screens, ticket digests, fills and commits (seed invariants 6 to 10)",
		abRefused("ok-with-reason", abOK(rp("read_market"), "read_market", "paper").Set("reason", abQ("site_unavailable")).String(), "result_reason"),
		abRefused("refused-without-reason", res("read_market", "refused", "null", "null").String(), "result_reason"),
		abRefused("refused-with-ambiguity-reason", res("commit_once", "refused", abQ("outcome_unknown"), "null").String(), "result_reason"),
		abRefused("ambiguous-with-refusal-reason", res("commit_once", "ambiguous", abQ("not_found"), "null").String(), "result_reason"),
		abRefused("ambiguous-without-reason", res("cancel_order", "ambiguous", "null", "null").String(), "result_reason"),
		abRefused("ok-without-data", res("read_market", "ok", "null", "null").String(), "result_data"),
		abRefused("refused-with-data", res("read_market", "refused", abQ("site_unavailable"), abData("read_market", "paper").String()).String(), "result_data"),
		abRefused("ambiguous-with-data", res("commit_once", "ambiguous", abQ("outcome_unknown"), commit.String()).String(), "result_data"),
		abRefused("ambiguous-read-market", res("read_market", "ambiguous", abQ("outcome_unknown"), "null").String(), "ambiguous_operation"),
		abRefused("ambiguous-prepare-ticket", res("prepare_ticket", "ambiguous", abQ("connection_lost"), "null").String(), "ambiguous_operation"),
		abRefused("ambiguous-verify-session", res("verify_session", "ambiguous", abQ("outcome_unknown"), "null").String(), "ambiguous_operation"),
		abRefused("ambiguous-end-control", res("end_control", "ambiguous", abQ("connection_lost"), "null").String(), "ambiguous_operation"),
		okRes("ambiguous-cancel-order", res("cancel_order", "ambiguous", abQ("connection_lost"), "null")),
		abRefused("duplicate-cancel-order", res("cancel_order", "refused", abQ("duplicate_commit"), "null").String(), "duplicate_commit"),
		abRefused("duplicate-prepare-ticket", res("prepare_ticket", "refused", abQ("duplicate_commit"), "null").String(), "duplicate_commit"),
		abRefused("duplicate-read-order", res("read_order", "refused", abQ("duplicate_commit"), "null").String(), "duplicate_commit"),
		okRes("duplicate-commit-once", res("commit_once", "refused", abQ("duplicate_commit"), "null")),
		abRefused("unverified-with-origin", okOf("verify_session", unverified.Set("origin", abQ("https://app.alpaca.markets"))).String(), "unverified_carries"),
		abRefused("unverified-with-label", okOf("verify_session", unverified.Set("account_label", abQ(abLabel))).String(), "unverified_carries"),
		abRefused("unverified-with-evidence", okOf("verify_session", unverified.Set("site_mode_evidence", abEvidence("paper").String())).String(), "unverified_carries"),
		abRefused("unverified-with-permission", okOf("verify_session", unverified.Set("permission", abQ("view"))).String(), "unverified_carries"),
		abRefused("unverified-agent-control", okOf("verify_session", unverified.Set("control", abQ("agent"))).String(), "unverified_control"),
		okRes("verified-user-control", okOf("verify_session", session.Set("control", abQ("user")))),
		okRes("verified-without-evidence", okOf("verify_session", session.Set("site_mode_evidence", "null"))),
		abRefused("unsupported-second-indicator", okOf("verify_session", session.Set("site_mode_evidence", abEvidence("paper").Set("second_supported", "false").String())).String(), "evidence_second"),
		abRefused("ticket-changed-under-digest", okOf("verify_ticket", tampered).String(), "ticket_digest"),
		abRefused("prepared-ticket-changed-under-digest", okOf("prepare_ticket", tampered).String(), "ticket_digest"),
		abRefused("ticket-digest-of-another", okOf("verify_ticket", abSealed(abTicket).Set("rendered_ticket_digest", abQ("sha256:"+abHex1))).String(), "ticket_digest"),
		abRefused("rendered-limit-without-price", okOf("verify_ticket", abSealed(abTicket.Set("limit_price_minor", "null"))).String(), "ticket_limit_price"),
		abRefused("fill-on-order-list", okOf("read_order", order.Set("evidence", abQ("order_list"))).String(), "fill_evidence"),
		abRefused("price-on-order-list", okOf("read_order", order.Set("evidence", abQ("order_list")).Set("order_status", abQ("open")).Set("filled_quantity", "0")).String(), "fill_evidence").withException("shadowed"),
		okRes("fill-on-order-detail", okOf("read_order", order.Set("evidence", abQ("order_detail")))),
		abRefused("one-filled-on-order-list", okOf("read_order", order.Set("evidence", abQ("order_list")).Set("filled_quantity", "1").Set("average_fill_price_minor", "null")).String(), "fill_evidence").withException("shadowed"),
		abRefused("one-filled-without-price", okOf("read_order", order.Set("filled_quantity", "1").Set("average_fill_price_minor", "null")).String(), "fill_price"),
		abRefused("fill-exceeds", okOf("read_order", order.Set("order_status", abQ("filled")).Set("filled_quantity", "11")).String(), "fill_exceeds").withException("shadowed"),
		abRefused("cancelled-overfilled", okOf("read_order", order.Set("order_status", abQ("cancelled")).Set("filled_quantity", "11")).String(), "fill_exceeds"),
		abRefused("open-with-fill", okOf("read_order", order.Set("order_status", abQ("open"))).String(), "fill_status"),
		abRefused("rejected-with-fill", okOf("read_order", order.Set("order_status", abQ("rejected"))).String(), "fill_status"),
		abRefused("partial-without-fill", okOf("read_order", order.Set("filled_quantity", "0").Set("average_fill_price_minor", "null")).String(), "fill_status"),
		abRefused("partial-all-filled", okOf("read_order", order.Set("filled_quantity", "10")).String(), "fill_status"),
		abRefused("filled-partly", okOf("read_order", order.Set("order_status", abQ("filled"))).String(), "fill_status"),
		abRefused("cancelled-all-filled", okOf("read_order", order.Set("order_status", abQ("cancelled")).Set("filled_quantity", "10")).String(), "fill_status"),
		okRes("cancelled-partly-filled", okOf("read_order", order.Set("order_status", abQ("cancelled")))),
		okRes("cancelled-unfilled", okOf("read_order", order.Set("order_status", abQ("cancelled")).Set("filled_quantity", "0").Set("average_fill_price_minor", "null"))),
		abRefused("fill-without-price", okOf("read_order", order.Set("average_fill_price_minor", "null")).String(), "fill_price"),
		abRefused("price-without-fill", okOf("read_order", order.Set("order_status", abQ("open")).Set("filled_quantity", "0")).String(), "fill_price"),
		abRefused("confirmed-without-order-id", okOf("commit_once", commit.Set("site_order_id", "null")).String(), "commit_order_id"),
		abRefused("site-rejected-with-order-id", okOf("commit_once", commit.Set("outcome", abQ("site_rejected"))).String(), "commit_order_id"),
		abRefused("commit-with-fill", okOf("commit_once", commit.Set("filled_quantity", "10")).String(), "unknown_member"),
		abRefused("commit-with-fill-price", okOf("commit_once", commit.Set("average_fill_price_minor", "41240")).String(), "unknown_member"),
		abRefused("account-with-number", okOf("read_account", abData("read_account", "paper").Set("account_number", abQ("ACCT-PLACEHOLDER"))).String(), "unknown_member"),
		abRefused("session-with-page-html", okOf("verify_session", session.Set("page_html", abQ("<b>x</b>"))).String(), "unknown_member"),
		abRefused("session-with-cookie", okOf("verify_session", session.Set("cookies", "[]")).String(), "unknown_member"),
		okRes("positions-empty", okOf("read_positions", abData("read_positions", "paper").Set("positions", "[]").Set("unrepresented_count", "0"))),
		okRes("positions-all-unrepresented", okOf("read_positions", abData("read_positions", "paper").Set("positions", "[]").Set("unrepresented_count", "5"))),
		okRes("positions-256", okOf("read_positions", abData("read_positions", "paper").Set("positions", "["+strings.TrimSuffix(strings.Repeat(`{"symbol":"SPY","quantity":1},`, 256), ",")+"]"))),
	)
	return []vfile{calls, results}
}

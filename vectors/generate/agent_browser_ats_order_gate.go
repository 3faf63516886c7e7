package main

// agent-browser-ats-order/1 decisions, gate mismatches and traps
// (spec/agent-browser-ats-order.md, "Decisions over the shapes",
// "verify-result" and "Vectors").

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// abResolve is resolveSiteMode of an evidence document's members.
func abResolve(primary, supported, second string) string {
	if primary == "null" || supported == "true" && second != primary {
		return "null"
	}
	return primary
}

func abDecisionFiles() []vfile {
	var resolve, derive []vcase
	for _, p := range []string{`"paper"`, `"live"`, "null"} {
		for _, sup := range []string{"true", "false"} {
			for _, s := range []string{`"paper"`, `"live"`, "null"} {
				e := gen.Doc{kv("primary", p), kv("second_supported", sup), kv("second", s)}
				name := strings.Trim(p, `"`) + "-" + map[string]string{"true": "supported", "false": "unsupported"}[sup] + "-" + strings.Trim(s, `"`)
				if sup == "false" && s != "null" {
					resolve = append(resolve, abRefused(name, e.String(), "evidence_second"))
					continue
				}
				mode := abResolve(p, sup, s)
				resolve = append(resolve, ok(name, e.String(), `{"site_mode":`+mode+`}`))
				for _, perm := range []string{`"trade"`, `"view"`} {
					d := abData("verify_session", "paper").Set("site_mode_evidence", e.String()).Set("permission", perm)
					state := "paper_bindable"
					switch {
					case mode == `"live"`:
						state = "live_locked"
					case mode == "null" || perm != `"trade"`:
						state = "observe_only"
					}
					derive = append(derive, ok(name+"-"+strings.Trim(perm, `"`), d.String(), `{"site_mode":`+mode+`,"state":"`+state+`"}`))
				}
			}
		}
	}
	resolve = append(resolve,
		abRefused("primary-bogus", gen.Doc{kv("primary", abQ("sandbox")), kv("second_supported", "false"), kv("second", "null")}.String(), "enum"),
		abRefused("supported-string", gen.Doc{kv("primary", abQ("paper")), kv("second_supported", abQ("true")), kv("second", abQ("paper"))}.String(), "type"),
		abRefused("missing-second", gen.Doc{kv("primary", abQ("paper")), kv("second_supported", "true")}.String(), "missing_member"),
		abRefused("unknown-member", abEvidence("paper").Set("banner_text", abQ("PAPER")).String(), "unknown_member"),
		abRefused("not-an-object", `"paper"`, "type"),
		abRefused("truncated", `{"primary":"paper"`, "input"),
	)
	unverified := gen.Doc{kv("verified", "false"), kv("origin", "null"), kv("account_label", "null"), kv("site_mode_evidence", "null"), kv("permission", "null"), kv("control", abQ("user"))}
	derive = append(derive,
		ok("unverified-login-screen", unverified.String(), `{"site_mode":null,"state":"user_control"}`),
		ok("verified-no-evidence", abData("verify_session", "live").Set("site_mode_evidence", "null").String(), `{"site_mode":null,"state":"observe_only"}`),
		ok("verified-live-view", abData("verify_session", "live").Set("permission", abQ("view")).String(), `{"site_mode":"live","state":"live_locked"}`),
		abRefused("unverified-with-evidence", unverified.Set("site_mode_evidence", abEvidence("paper").String()).String(), "unverified_carries"),
		abRefused("unverified-agent-control", unverified.Set("control", abQ("agent")).String(), "unverified_control"),
		abRefused("bad-origin", abData("verify_session", "paper").Set("origin", abQ("https://app.alpaca.markets/")).String(), "origin"),
		abRefused("label-five-digits", abData("verify_session", "paper").Set("account_label", abQ("Acct 48213")).String(), "label_digits"),
		abRefused("unsupported-second", abData("verify_session", "paper").Set("site_mode_evidence", abEvidence("live").Set("second_supported", "false").String()).String(), "evidence_second"),
	)

	// requires-reconciliation beyond the faithful exchanges.
	rp := func(op string) gen.Doc { return abCall(op, "paper", op != "verify_session") }
	var recon []vcase
	for _, op := range abOps {
		for _, st := range []struct{ status, reason string }{{"refused", "site_unavailable"}, {"ambiguous", "outcome_unknown"}} {
			if st.status == "ambiguous" && !abMutation(op) {
				continue
			}
			r := abResult(rp(op), st.status, abQ(st.reason), "null")
			req := "false"
			if abRequires(r) {
				req = "true"
			}
			recon = append(recon, ok(op+"-"+st.status, r.String(), `{"requires_reconciliation":`+req+`}`))
		}
	}
	recon = append(recon, abRefused("duplicate-on-cancel", abResult(rp("cancel_order"), "refused", abQ("duplicate_commit"), "null").String(), "duplicate_commit"),
		abRefused("ambiguous-read", abResult(rp("read_order"), "ambiguous", abQ("outcome_unknown"), "null").String(), "ambiguous_operation"))
	return []vfile{
		abFile("resolve-site-mode", "cases", "paper needs an agreeing second indicator where the adapter has one (seed invariant 7)", resolve...),
		abFile("derive-binding-state", "cases", "observe_only for an unresolved mode, live_locked for live, user_control on a login screen (seed invariants 6 and 7)", derive...),
		abFile("requires-reconciliation", "cases", "refused mutations need no reconciliation, except duplicate_commit (seed invariant 10)", recon...),
		abGateFile(),
	}
}

// abGateFile is the gate mismatches: one change to a faithful exchange
// each (seed invariant 11).
func abGateFile() vfile {
	x := func(op, mode string) abExchange {
		c := abCall(op, mode, op != "verify_session")
		return abExchange{op, c, abOK(c, op, mode), abNow}
	}
	var cases []vcase
	bad := func(name string, e abExchange, code string) { cases = append(cases, abRefused(name, e.env(), code)) }
	good := func(name string, e abExchange) { cases = append(cases, ok(name, e.env(), abVerdict(e))) }
	sub := func(d gen.Doc, obj, k, v string) gen.Doc { return d.Set(obj, abParse(d.Value(obj)).Set(k, v).String()) }
	res := func(e abExchange, r gen.Doc) abExchange { e.result = r; return e }
	at := func(e abExchange, obs, now string) abExchange {
		e.result = e.result.Set("observed_at", abQ(obs))
		e.now = now
		return e
	}
	ra, rm, ro, rpos := x("read_account", "paper"), x("read_market", "paper"), x("read_order", "paper"), x("read_positions", "live")
	co, cx, vt, pt, vs := x("commit_once", "paper"), x("cancel_order", "live"), x("verify_ticket", "paper"), x("prepare_ticket", "paper"), x("verify_session", "live")
	otherOp := abOK(ra.call, "read_market", "paper").Set("operation", abQ("read_market"))
	bad("another-operation", res(ra, otherOp), "gate_operation")
	bad("cancel-answered-as-commit", res(co, abResult(co.call, "refused", abQ("not_found"), "null").Set("operation", abQ("cancel_order"))), "gate_operation")
	bad("another-request", res(ra, ra.result.Set("request_id", abQ("req_other1"))), "gate_request")
	bad("commit-another-request", res(co, co.result.Set("request_id", abQ("req_commitonce2"))), "gate_request")
	bad("refused-commit-another-request", res(co, abResult(co.call, "refused", abQ("duplicate_commit"), "null").Set("request_id", abQ("req_x"))), "gate_request")
	bad("generation-advanced", res(ra, ra.result.Set("session_generation", "8")), "gate_generation")
	bad("generation-behind", res(co, co.result.Set("session_generation", "6")), "gate_generation")
	bad("another-user", res(ra, sub(ra.result, "principal", "user_id", abQ("user_Other"))), "gate_principal")
	bad("another-agent", res(ra, sub(ra.result, "principal", "agent_id", abQ("agent_B2"))), "gate_principal")
	bad("another-browser-session", res(co, sub(co.result, "principal", "browser_session_id", abQ("bsess_Old1"))), "gate_principal")
	bad("another-adapter-id", res(ra, sub(ra.result, "adapter", "adapter_id", abQ("alpaca-web-beta"))), "gate_adapter")
	bad("another-adapter-version", res(ra, sub(ra.result, "adapter", "adapter_version", abQ("1.4.3"))), "gate_adapter")
	bad("another-adapter-digest", res(co, sub(co.result, "adapter", "adapter_digest", abQ("sha256:"+abHex3))), "gate_adapter")
	bad("replayed-5001ms", at(ra, "2026-09-23T14:29:54.999Z", abNow), "gate_replay")
	good("replay-bound-5000ms", at(ra, "2026-09-23T14:29:55.000Z", abNow))
	bad("replayed-commit", at(co, "2026-09-23T14:00:00.000Z", abNow), "gate_replay")
	bad("from-the-future", at(ra, abObserved, "2026-09-23T14:29:56.999Z"), "gate_clock")
	good("future-bound-5000ms", at(ra, abObserved, "2026-09-23T14:29:57.000Z"))
	bad("account-fingerprint", res(ra, abWithData(ra.result, abData("read_account", "paper").Set("account_fingerprint", abFP("live")))), "gate_binding")
	bad("account-site-mode", res(ra, abWithData(ra.result, abData("read_account", "paper").Set("site_mode", abQ("live")))), "gate_binding")
	bad("order-account", res(ro, abWithData(ro.result, abData("read_order", "paper").Set("account_fingerprint", abFP("live")))), "gate_binding")
	bad("cancel-account", res(cx, abWithData(cx.result, abData("cancel_order", "live").Set("account_fingerprint", abFP("paper")))), "gate_binding")
	bad("cancel-mode", res(cx, abWithData(cx.result, abData("cancel_order", "live").Set("site_mode", abQ("paper")))), "gate_binding")
	bad("positions-mode", res(rpos, abWithData(rpos.result, abData("read_positions", "live").Set("site_mode", abQ("paper")))), "gate_binding")
	bad("commit-account", res(co, abWithData(co.result, abData("commit_once", "paper").Set("account_fingerprint", abFP("live")))), "gate_binding")
	bad("market-symbol", res(rm, abWithData(rm.result, abData("read_market", "paper").Set("symbol", abQ("SPYG")))), "gate_params")
	bad("order-id", res(ro, abWithData(ro.result, abData("read_order", "paper").Set("site_order_id", abQ("ORD-1002")))), "gate_params")
	bad("cancel-order-id", res(cx, abWithData(cx.result, abData("cancel_order", "live").Set("site_order_id", abQ("ORD-9")))), "gate_params")
	other := abTicket.Set("quantity", "100")
	bad("verified-another-ticket", res(vt, abWithData(vt.result, abSealed(other))), "gate_params")
	bad("prepared-another-ticket", res(pt, abWithData(pt.result, abSealed(other))), "gate_params")
	bad("committed-another-ticket", res(co, abWithData(co.result, abData("commit_once", "paper").Set("ticket_digest", abQ(textDigest(other.String()))))), "gate_params")
	bad("session-generation-behind", res(vs, vs.result.Set("session_generation", "6")), "gate_generation")
	bad("commit-another-user", res(co, sub(co.result, "principal", "user_id", abQ("user_Other"))), "gate_principal")
	bad("cancel-another-adapter-version", res(cx, sub(cx.result, "adapter", "adapter_version", abQ("1.5.0"))), "gate_adapter")
	bad("commit-from-the-future", at(co, "2026-09-23T14:30:15.000Z", "2026-09-23T14:30:09.999Z"), "gate_clock")
	bad("cancel-replayed", at(cx, "2026-09-23T14:29:50.000Z", abNow), "gate_replay")
	bad("read-after-deadline", at(ra, "2026-09-23T14:31:00.001Z", "2026-09-23T14:31:01.000Z"), "gate_stale_read")
	good("read-at-deadline", at(ra, abDeadline, "2026-09-23T14:31:01.000Z"))
	bad("session-after-deadline", at(vs, "2026-09-23T14:32:00.000Z", "2026-09-23T14:32:00.000Z"), "gate_stale_read")
	bad("prepare-after-deadline", at(pt, "2026-09-23T14:31:30.000Z", "2026-09-23T14:31:30.000Z"), "gate_stale_read")
	refusedLate := abExchange{"r", rm.call, abResult(rm.call, "refused", abQ("site_unavailable"), "null"), abNow}
	bad("refused-read-after-deadline", at(refusedLate, "2026-09-23T14:31:05.000Z", "2026-09-23T14:31:05.000Z"), "gate_stale_read")
	good("commit-after-deadline-kept", at(co, "2026-09-23T14:31:00.000Z", "2026-09-23T14:31:00.000Z"))
	good("cancel-after-deadline-kept", at(cx, "2026-09-23T14:35:00.000Z", "2026-09-23T14:35:00.000Z"))
	ambLate := abExchange{"a", co.call, abResult(co.call, "ambiguous", abQ("outcome_unknown"), "null"), abNow}
	good("ambiguous-commit-after-deadline-kept", at(ambLate, "2026-09-23T14:40:00.000Z", "2026-09-23T14:40:00.000Z"))
	// The envelope.
	cases = append(cases,
		abRefused("envelope-truncated", ra.env()[:40], "input"),
		abRefused("envelope-array", "[]", "type"),
		abRefused("envelope-missing-now", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.String())}.String(), "missing_member"),
		abRefused("envelope-unknown-member", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.String()), kv("now", abQ(abNow)), kv("force", "true")}.String(), "unknown_member"),
		abRefused("envelope-now-number", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.String()), kv("now", "1790000000000")}.String(), "type"),
		abRefused("envelope-now-hour-24", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.String()), kv("now", abQ("2026-09-23T24:00:00.000Z"))}.String(), "timestamp_calendar"),
		abRefused("envelope-now-no-millis", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.String()), kv("now", abQ("2026-09-23T14:30:03Z"))}.String(), "timestamp"),
		abRefused("envelope-now-leap-second", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.String()), kv("now", abQ("2026-09-23T14:30:60.000Z"))}.String(), "timestamp_instant"),
		abRefused("envelope-call-page-text", gen.Doc{kv("call", ra.call.Set("page_text", abQ("Order placed")).String()), kv("result", ra.result.String()), kv("now", abQ(abNow))}.String(), "unknown_member"),
		abRefused("envelope-result-cookies", gen.Doc{kv("call", ra.call.String()), kv("result", ra.result.Set("cookies", "[]").String()), kv("now", abQ(abNow))}.String(), "unknown_member"),
		abRefused("envelope-call-unbound", gen.Doc{kv("call", ra.call.Set("binding", "null").String()), kv("result", ra.result.String()), kv("now", abQ(abNow))}.String(), "unbound"),
		abRefused("envelope-result-bad-label", gen.Doc{kv("call", ra.call.String()), kv("result", abWithData(ra.result, abData("read_account", "paper").Set("account_label", abQ("Acct 482133"))).String()), kv("now", abQ(abNow))}.String(), "label_digits"),
		abRefused("envelope-result-ambiguous-read", gen.Doc{kv("call", ra.call.String()), kv("result", abResult(ra.call, "ambiguous", abQ("outcome_unknown"), "null").String()), kv("now", abQ(abNow))}.String(), "ambiguous_operation"),
	)
	return abFile("verify-result", "gate", "a result must answer exactly its call: one change to a faithful exchange each (seed invariant 11)", cases...)
}

// abTrapFiles are the traps a port meets (seed 001, section 4, "Golden
// vectors and the Python mirror"), each with a vector that catches it.
func abTrapFiles() []vfile {
	ra := abCall("read_account", "paper", true)
	rm := abCall("read_market", "paper", true)
	acct := func(label string) gen.Doc {
		return abWithData(abOK(ra, "read_account", "paper"), abData("read_account", "paper").Set("account_label", abQ(label)))
	}
	ts := func(iss, dl string) gen.Doc { return ra.Set("issued_at", abQ(iss)).Set("deadline_at", abQ(dl)) }
	y0 := ts("0000-01-01T00:00:00.000Z", "0000-01-01T00:01:00.000Z")
	leap0 := ts("0000-02-29T12:00:00.000Z", "0000-02-29T12:00:30.000Z")
	b64 := strings.Repeat(`\u2022`, 64)
	return []vfile{
		abFile("call", "traps", "the Python traps: $ before a trailing newline, \\d, hour 24, year 0000, 4.0",
			abRefused("dollar-newline-request-id", ra.Set("request_id", abQ(`req_readaccount1\n`)).String(), "ref"),
			abRefused("dollar-newline-symbol", rm.Set("params", `{"symbol":"SPY\n"}`).String(), "ticker"),
			abRefused("dollar-newline-digest", abCall("commit_once", "paper", true).Set("params", `{"ticket_digest":"sha256:`+abHex1+`\n"}`).String(), "digest"),
			abRefused("unicode-digit-version", ra.Set("adapter", abAdapter.Set("adapter_version", abQ(`1.\u0664.2`)).String()).String(), "version"),
			abRefused("unicode-digit-order-id", abCall("read_order", "paper", true).Set("params", `{"site_order_id":"ORD-\u0967\u0968"}`).String(), "site_id"),
			abRefused("hour-24-issued", ts("2026-09-23T24:00:00.000Z", "2026-09-24T00:01:00.000Z").String(), "timestamp_calendar"),
			abRefused("hour-24-and-a-millisecond", ts("2026-09-23T24:00:00.001Z", "2026-09-24T00:01:00.000Z").String(), "timestamp_instant"),
			ok("year-0000", y0.String(), abCallOut(y0)),
			ok("year-0000-leap-day", leap0.String(), abCallOut(leap0)),
			abRefused("year-0001-no-leap-day", ts("0001-02-29T12:00:00.000Z", "0001-02-29T12:00:30.000Z").String(), "timestamp_calendar"),
			abRefused("float-generation", ra.Set("session_generation", "7.0").String(), "int"),
			abRefused("float-quantity", abCall("prepare_ticket", "paper", true).Set("params", gen.Doc{kv("ticket", abTicket.Set("quantity", "4.0").String())}.String()).String(), "int"),
		),
		abFile("result", "traps", "the Python traps: \\d in a label, UTF-16 length, 4.0",
			abRefused("fullwidth-digit-label", acct(`Acct \uff14\uff18\uff12\uff11\uff19`).String(), "label_char"),
			ok("four-digit-run", acct("Acct 4821 x 1234").String(), abResOut(acct("Acct 4821 x 1234"))),
			abRefused("five-digit-run", acct("Acct 48219").String(), "label_digits"),
			abRefused("utf16-length-33-astral", acct(strings.Repeat(`\ud83d\ude00`, 33)).String(), "label_length").withException("shadowed"),
			abRefused("utf16-length-32-astral", acct(strings.Repeat(`\ud83d\ude00`, 32)).String(), "label_char"),
			ok("utf16-length-64-bullets", acct(b64).String(), abResOut(acct(b64))),
			abRefused("utf16-length-65-ellipses", acct(strings.Repeat(`\u2026`, 65)).String(), "label_length"),
			abRefused("dollar-newline-label", acct(`Acct 4821\n`).String(), "label_char"),
			abRefused("float-filled-quantity", abWithData(abOK(abCall("read_order", "paper", true), "read_order", "paper"), abData("read_order", "paper").Set("filled_quantity", "4.0")).String(), "int"),
		),
	}
}

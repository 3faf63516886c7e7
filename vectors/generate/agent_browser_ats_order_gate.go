package main

// agent-browser-ats-order/1 decisions, gate mismatches and traps
// (spec/agent-browser-ats-order.md, "Decisions over the shapes",
// "verify-result" and "Vectors").

import "strings"

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
				e := abDoc{{"primary", p}, {"second_supported", sup}, {"second", s}}
				name := strings.Trim(p, `"`) + "-" + map[string]string{"true": "supported", "false": "unsupported"}[sup] + "-" + strings.Trim(s, `"`)
				if sup == "false" && s != "null" {
					resolve = append(resolve, abRefused(name, e.json(), "evidence_second"))
					continue
				}
				mode := abResolve(p, sup, s)
				resolve = append(resolve, ok(name, e.json(), `{"site_mode":`+mode+`}`))
				for _, perm := range []string{`"trade"`, `"view"`} {
					d := abData("verify_session", "paper").set("site_mode_evidence", e.json()).set("permission", perm)
					state := "paper_bindable"
					switch {
					case mode == `"live"`:
						state = "live_locked"
					case mode == "null" || perm != `"trade"`:
						state = "observe_only"
					}
					derive = append(derive, ok(name+"-"+strings.Trim(perm, `"`), d.json(), `{"site_mode":`+mode+`,"state":"`+state+`"}`))
				}
			}
		}
	}
	resolve = append(resolve,
		abRefused("primary-bogus", abDoc{{"primary", abQ("sandbox")}, {"second_supported", "false"}, {"second", "null"}}.json(), "enum"),
		abRefused("supported-string", abDoc{{"primary", abQ("paper")}, {"second_supported", abQ("true")}, {"second", abQ("paper")}}.json(), "type"),
		abRefused("missing-second", abDoc{{"primary", abQ("paper")}, {"second_supported", "true"}}.json(), "missing_member"),
		abRefused("unknown-member", abEvidence("paper").set("banner_text", abQ("PAPER")).json(), "unknown_member"),
		abRefused("not-an-object", `"paper"`, "type"),
		abRefused("truncated", `{"primary":"paper"`, "input"),
	)
	unverified := abDoc{{"verified", "false"}, {"origin", "null"}, {"account_label", "null"}, {"site_mode_evidence", "null"}, {"permission", "null"}, {"control", abQ("user")}}
	derive = append(derive,
		ok("unverified-login-screen", unverified.json(), `{"site_mode":null,"state":"user_control"}`),
		ok("verified-no-evidence", abData("verify_session", "live").set("site_mode_evidence", "null").json(), `{"site_mode":null,"state":"observe_only"}`),
		ok("verified-live-view", abData("verify_session", "live").set("permission", abQ("view")).json(), `{"site_mode":"live","state":"live_locked"}`),
		abRefused("unverified-with-evidence", unverified.set("site_mode_evidence", abEvidence("paper").json()).json(), "unverified_carries"),
		abRefused("unverified-agent-control", unverified.set("control", abQ("agent")).json(), "unverified_control"),
		abRefused("bad-origin", abData("verify_session", "paper").set("origin", abQ("https://app.alpaca.markets/")).json(), "origin"),
		abRefused("label-five-digits", abData("verify_session", "paper").set("account_label", abQ("Acct 48213")).json(), "label_digits"),
		abRefused("unsupported-second", abData("verify_session", "paper").set("site_mode_evidence", abEvidence("live").set("second_supported", "false").json()).json(), "evidence_second"),
	)

	// requires-reconciliation beyond the faithful exchanges.
	rp := func(op string) abDoc { return abCall(op, "paper", op != "verify_session") }
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
			recon = append(recon, ok(op+"-"+st.status, r.json(), `{"requires_reconciliation":`+req+`}`))
		}
	}
	recon = append(recon, abRefused("duplicate-on-cancel", abResult(rp("cancel_order"), "refused", abQ("duplicate_commit"), "null").json(), "duplicate_commit"),
		abRefused("ambiguous-read", abResult(rp("read_order"), "ambiguous", abQ("outcome_unknown"), "null").json(), "ambiguous_operation"))
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
	sub := func(d abDoc, obj, k, v string) abDoc { return d.set(obj, abParse(d.get(obj)).set(k, v).json()) }
	res := func(e abExchange, r abDoc) abExchange { e.result = r; return e }
	at := func(e abExchange, obs, now string) abExchange {
		e.result = e.result.set("observed_at", abQ(obs))
		e.now = now
		return e
	}
	ra, rm, ro, rpos := x("read_account", "paper"), x("read_market", "paper"), x("read_order", "paper"), x("read_positions", "live")
	co, cx, vt, pt, vs := x("commit_once", "paper"), x("cancel_order", "live"), x("verify_ticket", "paper"), x("prepare_ticket", "paper"), x("verify_session", "live")
	otherOp := abOK(ra.call, "read_market", "paper").set("operation", abQ("read_market"))
	bad("another-operation", res(ra, otherOp), "gate_operation")
	bad("cancel-answered-as-commit", res(co, abResult(co.call, "refused", abQ("not_found"), "null").set("operation", abQ("cancel_order"))), "gate_operation")
	bad("another-request", res(ra, ra.result.set("request_id", abQ("req_other1"))), "gate_request")
	bad("commit-another-request", res(co, co.result.set("request_id", abQ("req_commitonce2"))), "gate_request")
	bad("refused-commit-another-request", res(co, abResult(co.call, "refused", abQ("duplicate_commit"), "null").set("request_id", abQ("req_x"))), "gate_request")
	bad("generation-advanced", res(ra, ra.result.set("session_generation", "8")), "gate_generation")
	bad("generation-behind", res(co, co.result.set("session_generation", "6")), "gate_generation")
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
	bad("account-fingerprint", res(ra, abWithData(ra.result, abData("read_account", "paper").set("account_fingerprint", abFP("live")))), "gate_binding")
	bad("account-site-mode", res(ra, abWithData(ra.result, abData("read_account", "paper").set("site_mode", abQ("live")))), "gate_binding")
	bad("order-account", res(ro, abWithData(ro.result, abData("read_order", "paper").set("account_fingerprint", abFP("live")))), "gate_binding")
	bad("cancel-account", res(cx, abWithData(cx.result, abData("cancel_order", "live").set("account_fingerprint", abFP("paper")))), "gate_binding")
	bad("cancel-mode", res(cx, abWithData(cx.result, abData("cancel_order", "live").set("site_mode", abQ("paper")))), "gate_binding")
	bad("positions-mode", res(rpos, abWithData(rpos.result, abData("read_positions", "live").set("site_mode", abQ("paper")))), "gate_binding")
	bad("commit-account", res(co, abWithData(co.result, abData("commit_once", "paper").set("account_fingerprint", abFP("live")))), "gate_binding")
	bad("market-symbol", res(rm, abWithData(rm.result, abData("read_market", "paper").set("symbol", abQ("SPYG")))), "gate_params")
	bad("order-id", res(ro, abWithData(ro.result, abData("read_order", "paper").set("site_order_id", abQ("ORD-1002")))), "gate_params")
	bad("cancel-order-id", res(cx, abWithData(cx.result, abData("cancel_order", "live").set("site_order_id", abQ("ORD-9")))), "gate_params")
	other := abTicket.set("quantity", "100")
	bad("verified-another-ticket", res(vt, abWithData(vt.result, abSealed(other))), "gate_params")
	bad("prepared-another-ticket", res(pt, abWithData(pt.result, abSealed(other))), "gate_params")
	bad("committed-another-ticket", res(co, abWithData(co.result, abData("commit_once", "paper").set("ticket_digest", abQ(abD(other.json()))))), "gate_params")
	bad("session-generation-behind", res(vs, vs.result.set("session_generation", "6")), "gate_generation")
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
		abRefused("envelope-missing-now", abDoc{{"call", ra.call.json()}, {"result", ra.result.json()}}.json(), "missing_member"),
		abRefused("envelope-unknown-member", abDoc{{"call", ra.call.json()}, {"result", ra.result.json()}, {"now", abQ(abNow)}, {"force", "true"}}.json(), "unknown_member"),
		abRefused("envelope-now-number", abDoc{{"call", ra.call.json()}, {"result", ra.result.json()}, {"now", "1790000000000"}}.json(), "type"),
		abRefused("envelope-now-hour-24", abDoc{{"call", ra.call.json()}, {"result", ra.result.json()}, {"now", abQ("2026-09-23T24:00:00.000Z")}}.json(), "timestamp_calendar"),
		abRefused("envelope-now-no-millis", abDoc{{"call", ra.call.json()}, {"result", ra.result.json()}, {"now", abQ("2026-09-23T14:30:03Z")}}.json(), "timestamp"),
		abRefused("envelope-now-leap-second", abDoc{{"call", ra.call.json()}, {"result", ra.result.json()}, {"now", abQ("2026-09-23T14:30:60.000Z")}}.json(), "timestamp_instant"),
		abRefused("envelope-call-page-text", abDoc{{"call", ra.call.set("page_text", abQ("Order placed")).json()}, {"result", ra.result.json()}, {"now", abQ(abNow)}}.json(), "unknown_member"),
		abRefused("envelope-result-cookies", abDoc{{"call", ra.call.json()}, {"result", ra.result.set("cookies", "[]").json()}, {"now", abQ(abNow)}}.json(), "unknown_member"),
		abRefused("envelope-call-unbound", abDoc{{"call", ra.call.set("binding", "null").json()}, {"result", ra.result.json()}, {"now", abQ(abNow)}}.json(), "unbound"),
		abRefused("envelope-result-bad-label", abDoc{{"call", ra.call.json()}, {"result", abWithData(ra.result, abData("read_account", "paper").set("account_label", abQ("Acct 482133"))).json()}, {"now", abQ(abNow)}}.json(), "label_digits"),
		abRefused("envelope-result-ambiguous-read", abDoc{{"call", ra.call.json()}, {"result", abResult(ra.call, "ambiguous", abQ("outcome_unknown"), "null").json()}, {"now", abQ(abNow)}}.json(), "ambiguous_operation"),
	)
	return abFile("verify-result", "gate", "a result must answer exactly its call: one change to a faithful exchange each (seed invariant 11)", cases...)
}

// abTrapFiles are the traps a port meets (seed 001, section 4, "Golden
// vectors and the Python mirror"), each with a vector that catches it.
func abTrapFiles() []vfile {
	ra := abCall("read_account", "paper", true)
	rm := abCall("read_market", "paper", true)
	acct := func(label string) abDoc {
		return abWithData(abOK(ra, "read_account", "paper"), abData("read_account", "paper").set("account_label", abQ(label)))
	}
	ts := func(iss, dl string) abDoc { return ra.set("issued_at", abQ(iss)).set("deadline_at", abQ(dl)) }
	y0 := ts("0000-01-01T00:00:00.000Z", "0000-01-01T00:01:00.000Z")
	leap0 := ts("0000-02-29T12:00:00.000Z", "0000-02-29T12:00:30.000Z")
	b64 := strings.Repeat(`\u2022`, 64)
	return []vfile{
		abFile("call", "traps", "the Python traps: $ before a trailing newline, \\d, hour 24, year 0000, 4.0",
			abRefused("dollar-newline-request-id", ra.set("request_id", abQ(`req_readaccount1\n`)).json(), "ref"),
			abRefused("dollar-newline-symbol", rm.set("params", `{"symbol":"SPY\n"}`).json(), "ticker"),
			abRefused("dollar-newline-digest", abCall("commit_once", "paper", true).set("params", `{"ticket_digest":"sha256:`+abHex1+`\n"}`).json(), "digest"),
			abRefused("unicode-digit-version", ra.set("adapter", abAdapter.set("adapter_version", abQ(`1.\u0664.2`)).json()).json(), "version"),
			abRefused("unicode-digit-order-id", abCall("read_order", "paper", true).set("params", `{"site_order_id":"ORD-\u0967\u0968"}`).json(), "site_id"),
			abRefused("hour-24-issued", ts("2026-09-23T24:00:00.000Z", "2026-09-24T00:01:00.000Z").json(), "timestamp_calendar"),
			abRefused("hour-24-and-a-millisecond", ts("2026-09-23T24:00:00.001Z", "2026-09-24T00:01:00.000Z").json(), "timestamp_instant"),
			ok("year-0000", y0.json(), abCallOut(y0)),
			ok("year-0000-leap-day", leap0.json(), abCallOut(leap0)),
			abRefused("year-0001-no-leap-day", ts("0001-02-29T12:00:00.000Z", "0001-02-29T12:00:30.000Z").json(), "timestamp_calendar"),
			abRefused("float-generation", ra.set("session_generation", "7.0").json(), "int"),
			abRefused("float-quantity", abCall("prepare_ticket", "paper", true).set("params", abDoc{{"ticket", abTicket.set("quantity", "4.0").json()}}.json()).json(), "int"),
		),
		abFile("result", "traps", "the Python traps: \\d in a label, UTF-16 length, 4.0",
			abRefused("fullwidth-digit-label", acct(`Acct \uff14\uff18\uff12\uff11\uff19`).json(), "label_char"),
			ok("four-digit-run", acct("Acct 4821 x 1234").json(), abResOut(acct("Acct 4821 x 1234"))),
			abRefused("five-digit-run", acct("Acct 48219").json(), "label_digits"),
			abRefused("utf16-length-33-astral", acct(strings.Repeat(`\ud83d\ude00`, 33)).json(), "label_length").withException("shadowed"),
			abRefused("utf16-length-32-astral", acct(strings.Repeat(`\ud83d\ude00`, 32)).json(), "label_char"),
			ok("utf16-length-64-bullets", acct(b64).json(), abResOut(acct(b64))),
			abRefused("utf16-length-65-ellipses", acct(strings.Repeat(`\u2026`, 65)).json(), "label_length"),
			abRefused("dollar-newline-label", acct(`Acct 4821\n`).json(), "label_char"),
			abRefused("float-filled-quantity", abWithData(abOK(abCall("read_order", "paper", true), "read_order", "paper"), abData("read_order", "paper").set("filled_quantity", "4.0")).json(), "int"),
		),
	}
}

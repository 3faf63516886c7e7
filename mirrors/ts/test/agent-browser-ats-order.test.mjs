// agent-browser-ats-order/1: invariants 1 to 11 of seed 001, section 4,
// and the traps its "Golden vectors and the Python mirror" lists, checked
// on documents written here; expected digests come from this file's own
// JCS of ASCII documents (sorted keys, integers), independently of the
// mirror.

import assert from "node:assert/strict";
import { test } from "node:test";
import { OPERATIONS as OPS, REFUSALS as G } from "../dist/agent-browser-ats-order.js";
import { asciiDigest, asciiJCS, show } from "./helpers.mjs";

const J = (v) => JSON.stringify(v);
const R = (g) => "refused: " + g.message;
const jcs = asciiJCS;
const D = asciiDigest;
const run = (op, v, ignore = []) => show(OPS[op], typeof v === "string" ? v : J(v), ignore);

const ticket = { symbol: "SPY", side: "sell", quantity: 2, order_type: "market", limit_price_minor: null, time_in_force: "gtc" };
const binding = { binding_id: "binding_X", binding_generation: 1, account_fingerprint: "sha256:" + "c".repeat(64), site_mode: "paper", environment: "provider_sandbox" };
const call = (operation, params, extra = {}) => ({
  schema_version: "aether.ats.browser-order-call/1",
  operation,
  request_id: "req_R1",
  principal: { user_id: "user_U", agent_id: "agent_A", browser_session_id: "bsess_B" },
  session_generation: 9,
  adapter: { adapter_id: "site-x", adapter_version: "0.0.1", adapter_digest: "sha256:" + "d".repeat(64) },
  binding,
  issued_at: "2030-01-01T00:00:00.000Z",
  deadline_at: "2030-01-01T00:00:10.000Z",
  params,
  ...extra,
});
const result = (c, status, reason, data, observed = "2030-01-01T00:00:01.000Z") => ({
  schema_version: "aether.ats.browser-order-result/1",
  operation: c.operation,
  request_id: c.request_id,
  principal: c.principal,
  session_generation: c.session_generation,
  adapter: c.adapter,
  status,
  reason,
  observed_at: observed,
  data,
});
const account = { account_fingerprint: binding.account_fingerprint, site_mode: "paper", account_label: "Roth IRA ...1234", buying_power_minor: 7 };
const verdict = (c, r, now = "2030-01-01T00:00:02.000Z", ignore = []) => run("verify-result", { call: c, result: r, now }, ignore);
const accepted = (c, r, req) => jcs({ call_digest: D(c), requires_reconciliation: req, result_digest: D(r) });

test("invariants 2 to 4: deadlines, bindings and environments", () => {
  const ra = call("read_account", {});
  assert.equal(run("call", ra), jcs({ digest: D(ra), operation: "read_account" }));
  assert.equal(run("call", { ...ra, deadline_at: "2030-01-01T00:02:00.001Z" }), R(G.deadlineWindow));
  assert.equal(run("call", { ...ra, deadline_at: ra.issued_at }), R(G.deadlineOrder));
  const commit = call("commit_once", { ticket_digest: D(ticket) }, { deadline_at: "2030-01-01T00:00:30.001Z" });
  assert.equal(run("call", commit), R(G.mutationWindow));
  assert.equal(run("call", { ...ra, binding: null }), R(G.unbound));
  const vs = call("verify_session", {}, { binding: null });
  assert.equal(run("call", vs), jcs({ digest: D(vs), operation: "verify_session" }));
  assert.equal(run("call", { ...ra, binding: { ...binding, environment: "provider_live" } }), R(G.bindingEnvironment));
});

test("invariant 1: closed calls, equity tickers only", () => {
  const rm = call("read_market", { symbol: "BRK-B" });
  assert.equal(run("call", rm), jcs({ digest: D(rm), operation: "read_market" }));
  for (const bad of ["HTTPS://X", "spy", "SPY\n", "A:B"]) assert.equal(run("call", call("read_market", { symbol: bad })), R(G.ticker));
  assert.equal(run("call", call("read_market", { symbol: "SPY", selector: "#buy" })), R(G.unknownMember));
  assert.equal(run("call", { ...rm, url: "https://x.example" }), R(G.unknownMember));
});

test("invariants 5 and 6: no page content, closed labels, a login screen carries nothing", () => {
  const ra = call("read_account", {});
  const ok = result(ra, "ok", null, account);
  assert.equal(run("result", ok), jcs({ digest: D(ok), operation: "read_account", status: "ok" }));
  assert.equal(run("result", result(ra, "ok", null, { ...account, account_label: "Acct 12345" })), R(G.labelDigits));
  assert.equal(run("result", result(ra, "ok", null, { ...account, account_label: "Acct \uff11" })), R(G.labelChar));
  assert.equal(run("result", result(ra, "ok", null, { ...account, page_text: "hello" })), R(G.unknownMember));
  const login = { verified: false, origin: null, account_label: null, site_mode_evidence: null, permission: null, control: "user" };
  assert.equal(run("derive-binding-state", login), jcs({ site_mode: null, state: "user_control" }));
  assert.equal(run("derive-binding-state", { ...login, origin: "https://a.example" }), R(G.unverifiedCarries));
  assert.equal(run("derive-binding-state", { ...login, control: "agent" }), R(G.unverifiedControl));
});

test("invariant 7: the second indicator", () => {
  assert.equal(run("resolve-site-mode", { primary: "paper", second_supported: true, second: "paper" }), jcs({ site_mode: "paper" }));
  assert.equal(run("resolve-site-mode", { primary: "paper", second_supported: true, second: null }), jcs({ site_mode: null }));
  assert.equal(run("resolve-site-mode", { primary: "paper", second_supported: true, second: "live" }), jcs({ site_mode: null }));
  assert.equal(run("resolve-site-mode", { primary: "live", second_supported: false, second: null }), jcs({ site_mode: "live" }));
  assert.equal(run("resolve-site-mode", { primary: "live", second_supported: false, second: "live" }), R(G.evidenceSecond));
});

test("invariants 8 to 10: digests, fills, ambiguity and reconciliation", () => {
  const vt = call("verify_ticket", { ticket_digest: D(ticket) });
  const data = { rendered_ticket: ticket, rendered_ticket_digest: D(ticket) };
  assert.equal(verdict(vt, result(vt, "ok", null, data)), accepted(vt, result(vt, "ok", null, data), false));
  assert.equal(run("result", result(vt, "ok", null, { ...data, rendered_ticket: { ...ticket, quantity: 3 } })), R(G.ticketDigest));
  const commit = call("commit_once", { ticket_digest: D(ticket) });
  assert.equal(run("result", result(commit, "ok", null, { outcome: "confirmed", site_order_id: "A1", ticket_digest: D(ticket), account_fingerprint: binding.account_fingerprint, site_mode: "paper", filled_quantity: 2 })), R(G.unknownMember));
  for (const [status, reason, want] of [["refused", "not_found", false], ["refused", "duplicate_commit", true], ["ambiguous", "outcome_unknown", true]]) {
    assert.equal(run("requires-reconciliation", result(commit, status, reason, null)), jcs({ requires_reconciliation: want }));
  }
  assert.equal(run("result", result(call("read_order", { site_order_id: "A1" }), "ambiguous", "outcome_unknown", null)), R(G.ambiguousOperation));
  assert.equal(run("result", result(call("cancel_order", { site_order_id: "A1" }), "refused", "duplicate_commit", null)), R(G.duplicateCommit));
});

test("invariant 11: a result answers exactly its call", () => {
  const ra = call("read_account", {});
  const ok = result(ra, "ok", null, account);
  assert.equal(verdict(ra, ok), accepted(ra, ok, false));
  assert.equal(verdict(ra, { ...ok, request_id: "req_R2" }), R(G.gateRequest));
  assert.equal(verdict(ra, { ...ok, session_generation: 10 }), R(G.gateGeneration));
  assert.equal(verdict(ra, { ...ok, principal: { ...ok.principal, agent_id: "agent_B" } }), R(G.gatePrincipal));
  assert.equal(verdict(ra, { ...ok, adapter: { ...ok.adapter, adapter_version: "0.0.2" } }), R(G.gateAdapter));
  assert.equal(verdict(ra, { ...ok, observed_at: "2029-12-31T23:59:54.999Z" }), R(G.gateReplay));
  assert.equal(verdict(ra, { ...ok, observed_at: "2029-12-31T23:59:55.000Z" }), accepted(ra, { ...ok, observed_at: "2029-12-31T23:59:55.000Z" }, false));
  assert.equal(verdict(ra, ok, "2029-12-31T23:59:55.999Z"), R(G.gateClock));
  assert.equal(verdict(ra, result(ra, "ok", null, { ...account, site_mode: "live" })), R(G.gateBinding));
  const late = { ...ok, observed_at: "2030-01-01T00:00:10.001Z" };
  assert.equal(verdict(ra, late, "2030-01-01T00:00:11.000Z"), R(G.gateStaleRead));
  // A mutation's outcome is never discarded for lateness.
  const commit = call("commit_once", { ticket_digest: D(ticket) });
  const amb = result(commit, "ambiguous", "connection_lost", null, "2030-01-01T00:05:00.000Z");
  assert.equal(verdict(commit, amb, "2030-01-01T00:05:00.000Z"), accepted(commit, amb, true));
});

test("the traps: hour 24, year 0000, 4.0, UTF-16 length", () => {
  const ra = call("read_account", {});
  assert.equal(run("call", { ...ra, issued_at: "2030-01-01T24:00:00.000Z" }), R(G.timestampCalendar));
  assert.equal(run("call", { ...ra, issued_at: "2030-01-01T24:00:00.001Z" }), R(G.timestampInstant));
  const y0 = { ...ra, issued_at: "0000-02-29T00:00:00.000Z", deadline_at: "0000-02-29T00:00:05.000Z" };
  assert.equal(run("call", y0), jcs({ digest: D(y0), operation: "read_account" }));
  // JSON.parse("9.0") is 9, but the literal is not an integer's.
  assert.equal(run("call", J(ra).replace('"session_generation":9', '"session_generation":9.0')), R(G.int));
  const label = "\ud83d\ude00".repeat(33);
  assert.equal(run("result", result(ra, "ok", null, { ...account, account_label: label })), R(G.labelLength));
  // With the length guard ignored, the astral halves are outside the set.
  assert.equal(run("result", result(ra, "ok", null, { ...account, account_label: label }), [G.labelLength]), R(G.labelChar));
});

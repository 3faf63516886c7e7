// agent-browser-ats-order/1 (spec/agent-browser-ats-order.md): the Agent
// Browser order ticket (seed 001, section 4): the call and result shapes
// of the ten operations, resolveSiteMode, deriveBrowserBindingState,
// requiresReconciliation and verifyBrowserResult.
//
// Written from the spec's prose. Every object is closed; its members are
// checked in the spec's order (presence, JSON type with no accept path,
// then the member's value rule), then the object rules: those of the
// objects it holds first, then its own. Every operation takes one JSON
// value input (jsonvalue.ts) and answers RFC 8785 canonical bytes (the
// ats/1 mirror's canonical.ts) of a verdict object, or throws a Refusal
// of REFUSALS. Timestamps are read by the v8date/1 mirror (v8date.ts),
// labels by the ticker/1 mirror's closed-label scan (ticker.ts).
//
// Nothing here performs I/O or reads the clock: now is an input.

import { type Obj, type Value, literal, parseValue, quote, whereIn } from "./jsonvalue.js";
import { Refusal, type Where, fail, refuse, table, withIgnoredOnly } from "./refusal.js";
import { atsDigest, canonicalizable, jcs, obj, str } from "./ats/canonical.js";
import { EQUITY, type LabelGuards, scanClosedLabel } from "./ticker.js";
import { REFUSALS as V8, parse as v8parse } from "./v8date.js";

/** The contract this module implements (spec/agent-browser-ats-order.md). */
export const CONTRACT = "agent-browser-ats-order/1";

const P = "agent-browser-ats-order.";

/** spec/agent-browser-ats-order.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: [P + "input", "input is not valid JSON"],
  type: [P + "type", "value is not of its member's JSON type"],
  unknownMember: [P + "unknown_member", "object has a member outside its shape"],
  missingMember: [P + "missing_member", "object lacks a member of its shape"],
  schemaVersion: [P + "schema_version", "schema_version is not the schema tag this operation checks"],
  enum: [P + "enum", "string is not one of its member's values"],
  ref: [P + "ref", "identifier is not its prefix, an underscore and 1 to 64 ASCII letters or digits"],
  int: [P + "int", "number is not an integer in its member's range"],
  name: [P + "name", "adapter_id is not a lowercase name"],
  version: [P + "version", "adapter_version is not a version MAJOR.MINOR.PATCH"],
  digest: [P + "digest", "digest is not a sha256 digest"],
  ticker: [P + "ticker", "symbol is not an equity ticker"],
  siteId: [P + "site_id", "site_order_id is not 1 to 64 ASCII letters, digits or hyphens"],
  timestamp: [P + "timestamp", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"],
  timestampInstant: [P + "timestamp_instant", "timestamp is not a real instant"],
  timestampCalendar: [P + "timestamp_calendar", "timestamp is not a real calendar date"],
  origin: [P + "origin", "origin is not a bare canonical https origin"],
  labelLength: [P + "label_length", "account_label is not 1 to 64 UTF-16 units"],
  labelChar: [P + "label_char", "account_label has a character outside the closed label set"],
  labelDigits: [P + "label_digits", "account_label has more than four consecutive digits"],
  positions: [P + "positions", "positions is not an array of 0 to 256 positions"],
  ticketLimitPrice: [P + "ticket_limit_price", "limit_price_minor is not set exactly for a limit order"],
  deadlineOrder: [P + "deadline_order", "deadline_at is not after issued_at"],
  deadlineWindow: [P + "deadline_window", "deadline_at is more than 120 s after issued_at"],
  mutationWindow: [P + "mutation_window", "a mutation's deadline_at is more than 30 s after issued_at"],
  unbound: [P + "unbound", "operation needs a binding"],
  bindingEnvironment: [P + "binding_environment", "binding environment is not environmentForSiteMode(site_mode)"],
  resultReason: [P + "result_reason", "reason does not fit status"],
  resultData: [P + "result_data", "data is not present exactly when status is ok"],
  ambiguousOperation: [P + "ambiguous_operation", "only commit_once and cancel_order may be ambiguous"],
  duplicateCommit: [P + "duplicate_commit", "only commit_once may be refused as a duplicate"],
  evidenceSecond: [P + "evidence_second", "a second indicator is reported for an adapter without one"],
  unverifiedCarries: [P + "unverified_carries", "an unverified session carries origin, account, mode evidence or permission"],
  unverifiedControl: [P + "unverified_control", "an unverified session does not leave control with the user"],
  ticketDigest: [P + "ticket_digest", "rendered_ticket_digest is not the digest of rendered_ticket"],
  commitOrderId: [P + "commit_order_id", "site_order_id is not set exactly for a confirmed commit"],
  fillEvidence: [P + "fill_evidence", "fill facts without order_history or order_detail evidence"],
  fillExceeds: [P + "fill_exceeds", "filled_quantity exceeds quantity"],
  fillStatus: [P + "fill_status", "filled_quantity does not agree with order_status"],
  fillPrice: [P + "fill_price", "average_fill_price_minor is not set exactly when something filled"],
  gateOperation: [P + "gate_operation", "result answers another operation"],
  gateRequest: [P + "gate_request", "result answers another request"],
  gateGeneration: [P + "gate_generation", "result is of another session generation"],
  gatePrincipal: [P + "gate_principal", "result is of another user, agent or browser session"],
  gateAdapter: [P + "gate_adapter", "result is of another adapter id, version or digest"],
  gateReplay: [P + "gate_replay", "result was observed more than MAX_CLOCK_SKEW_MS before the call"],
  gateClock: [P + "gate_clock", "result was observed more than MAX_CLOCK_SKEW_MS after now"],
  gateBinding: [P + "gate_binding", "result data disagrees with the call's binding"],
  gateParams: [P + "gate_params", "result data disagrees with the call's parameters"],
  gateStaleRead: [P + "gate_stale_read", "a read was observed after its deadline"],
  canonical: [P + "canonical", "value cannot be canonicalized"],
});

const G = REFUSALS;

/** MAX_CLOCK_SKEW_MS (seed 001, section 4, invariant 11). */
export const MAX_CLOCK_SKEW_MS = 5000;

// --- Value rules ("Value rules"): whole-string patterns on UTF-16 units,
// ASCII classes only (no u flag; $ matches only at the end without m).

type Rule = (v: Value, at: Where, path?: readonly (string | number)[]) => void;

function s(v: Value | undefined): string | undefined {
  return v !== undefined && v.type === "string" ? v.value : undefined;
}

function pattern(re: RegExp, g: (typeof G)[keyof typeof G]): Rule {
  return (v, at) => {
    if (!re.test(s(v) ?? "")) refuse(g, at);
  };
}

function ref(prefix: string): Rule {
  const re = new RegExp("^" + prefix + "_[A-Za-z0-9]{1,64}$");
  return pattern(re, G.ref);
}

const nameRule = pattern(/^[a-z][a-z0-9-]{0,63}$/, G.name);
const versionRule = pattern(/^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$/, G.version);
const digestRule = pattern(/^sha256:[0-9a-f]{64}$/, G.digest);
const siteIdRule = pattern(/^[A-Za-z0-9-]{1,64}$/, G.siteId);
const tickerRule = pattern(EQUITY, G.ticker);

function oneOf(...values: string[]): Rule {
  return (v, at) => {
    if (!values.includes(s(v) ?? "\u0000")) refuse(G.enum, at);
  };
}

function tag(t: string): Rule {
  return (v, at) => {
    if (s(v) !== t) refuse(G.schemaVersion, at);
  };
}

function int(lo: bigint, hi: bigint): Rule {
  return (v, at) => {
    const t = v.type === "number" ? v.text : "";
    if (!/^(0|[1-9][0-9]*)$/.test(t) || BigInt(t) < lo || BigInt(t) > hi) refuse(G.int, at);
  };
}

const MAX = 9007199254740991n;

/**
 * The v8date/1 verdict on s: its epoch milliseconds, or the v8date code that
 * refuses it. v8date/1 runs with exactly the guards given ignored, never
 * with those the audit's `ignore` set turns off in v8date/1 itself: that
 * contract's guards are not this one's.
 */
function v8(text: string, ignore: readonly (typeof V8)[keyof typeof V8][]): number | string {
  const bytes = new TextEncoder().encode(quote(text, true));
  try {
    const out = withIgnoredOnly(ignore, () => v8parse(bytes));
    return Number(new TextDecoder().decode(out));
  } catch (e) {
    if (e instanceof Refusal) return e.guard.code;
    throw e;
  }
}

const timestampRule: Rule = (v, at) => {
  const t = s(v) ?? "";
  const r = v8(t, []);
  if (r === "v8date.shape") refuse(G.timestamp, at);
  else if (r === "v8date.instant") {
    refuse(G.timestampInstant, at);
    if (typeof v8(t, [V8.instant]) === "string") refuse(G.timestampCalendar, at);
  } else if (r === "v8date.calendar") refuse(G.timestampCalendar, at);
};

/** A timestamp's instant: the rolled-over v8date/1 value, NaN for another shape. */
function instant(v: Value | undefined): number {
  const t = s(v);
  if (t === undefined) return NaN;
  const r = v8(t, [V8.instant, V8.calendar]);
  return typeof r === "number" ? r : NaN;
}

const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

const originRule: Rule = (v, at) => {
  const t = s(v) ?? "";
  let good = t.startsWith("https://");
  const host = t.slice(8);
  const labels = host.split(".");
  good = good && host.length <= 253 && labels.length >= 2 && labels.every((l) => DNS_LABEL.test(l));
  good = good && /^[a-z]/.test(labels[labels.length - 1] ?? "");
  if (!good) refuse(G.origin, at);
};

const LABEL: LabelGuards = {
  length: G.labelLength,
  char: G.labelChar,
  digits: G.labelDigits,
  control: G.labelChar,
  surrogate: G.labelChar,
  digitsV1: G.labelDigits,
};

const labelRule: Rule = (v, at) => scanClosedLabel(s(v) ?? "", LABEL, at);

// --- Shapes ("The call", "The result", "The data objects").

type JsonType = "string" | "number" | "boolean" | "object" | "array";
interface Member {
  readonly name: string;
  readonly type: JsonType;
  readonly nullable?: boolean;
  readonly rule?: Rule | undefined;
}
type Shape = readonly Member[];

function m(name: string, type: JsonType, rule?: Rule, nullable = false): Member {
  return { name, type, rule, nullable };
}

function typed(v: Value, t: JsonType): boolean {
  if (t === "boolean") return v.type === "literal" && (v.text === "true" || v.text === "false");
  return v.type === t;
}

function isNull(v: Value | undefined): boolean {
  return v === undefined || (v.type === "literal" && v.text === "null");
}

/** A location below the one `at` names (a pointer's tokens). */
type Path = readonly (string | number)[];

/** Steps 1 to 3 of the procedure: the value at path as the closed object shape. */
function validate(v: Value, shape: Shape, path: Path = []): void {
  const here = whereIn(...path);
  if (v.type !== "object") fail(G.type, here);
  for (const k of v.members.keys()) {
    if (!shape.some((x) => x.name === k)) {
      refuse(G.unknownMember, whereIn(...path, k));
      break;
    }
  }
  for (const x of shape) {
    const f = v.members.get(x.name);
    if (f === undefined) {
      refuse(G.missingMember, here);
      fail(G.type, here);
    }
    const at = [...path, x.name];
    if (x.nullable === true && isNull(f)) continue;
    if (!typed(f, x.type)) fail(G.type, whereIn(...at));
    x.rule?.(f, whereIn(...at), at);
  }
}

function shape(sh: () => Shape): Rule {
  return (v, _at, path = []) => validate(v, sh(), path);
}

const PRINCIPAL: Shape = [m("user_id", "string", ref("user")), m("agent_id", "string", ref("agent")), m("browser_session_id", "string", ref("bsess"))];
const ADAPTER: Shape = [m("adapter_id", "string", nameRule), m("adapter_version", "string", versionRule), m("adapter_digest", "string", digestRule)];
const BINDING: Shape = [
  m("binding_id", "string", ref("binding")),
  m("binding_generation", "number", int(1n, MAX)),
  m("account_fingerprint", "string", digestRule),
  m("site_mode", "string", oneOf("paper", "live")),
  m("environment", "string", oneOf("provider_sandbox", "provider_live")),
];
const TICKET: Shape = [
  m("symbol", "string", tickerRule),
  m("side", "string", oneOf("buy", "sell")),
  m("quantity", "number", int(1n, 1000000n)),
  m("order_type", "string", oneOf("market", "limit")),
  m("limit_price_minor", "number", int(1n, 1000000000n), true),
  m("time_in_force", "string", oneOf("day", "gtc")),
];
const OPERATIONS_10 = ["verify_session", "read_market", "read_account", "verify_ticket", "read_order", "read_positions", "prepare_ticket", "commit_once", "cancel_order", "end_control"];
const timestamp = (name: string): Member => m(name, "string", timestampRule);

const CALL: Shape = [
  m("schema_version", "string", tag("aether.ats.browser-order-call/1")),
  m("operation", "string", oneOf(...OPERATIONS_10)),
  m("request_id", "string", ref("req")),
  m("principal", "object", shape(() => PRINCIPAL)),
  m("session_generation", "number", int(1n, MAX)),
  m("adapter", "object", shape(() => ADAPTER)),
  m("binding", "object", shape(() => BINDING), true),
  timestamp("issued_at"),
  timestamp("deadline_at"),
  m("params", "object"),
];

const ticketDigest = m("ticket_digest", "string", digestRule);
const siteOrderId = m("site_order_id", "string", siteIdRule);
const PARAMS: Record<string, Shape> = {
  verify_session: [],
  read_market: [m("symbol", "string", tickerRule)],
  read_account: [],
  verify_ticket: [ticketDigest],
  read_order: [siteOrderId],
  read_positions: [],
  prepare_ticket: [m("ticket", "object", shape(() => TICKET))],
  commit_once: [ticketDigest],
  cancel_order: [siteOrderId],
  end_control: [m("reason", "string", oneOf("completed", "user_request", "deadline", "error"))],
};

const REFUSAL_REASONS = ["session_unverified", "binding_mismatch", "site_unavailable", "ticket_mismatch", "not_found", "duplicate_commit"];
const AMBIGUITY_REASONS = ["outcome_unknown", "connection_lost"];

const RESULT: Shape = [
  m("schema_version", "string", tag("aether.ats.browser-order-result/1")),
  m("operation", "string", oneOf(...OPERATIONS_10)),
  m("request_id", "string", ref("req")),
  m("principal", "object", shape(() => PRINCIPAL)),
  m("session_generation", "number", int(1n, MAX)),
  m("adapter", "object", shape(() => ADAPTER)),
  m("status", "string", oneOf("ok", "refused", "ambiguous")),
  m("reason", "string", oneOf(...REFUSAL_REASONS, ...AMBIGUITY_REASONS), true),
  timestamp("observed_at"),
  m("data", "object", undefined, true),
];

const modeMember = m("site_mode", "string", oneOf("paper", "live"));
const fingerprint = m("account_fingerprint", "string", digestRule);
const label = (nullable: boolean): Member => m("account_label", "string", labelRule, nullable);
const EVIDENCE: Shape = [m("primary", "string", oneOf("paper", "live"), true), m("second_supported", "boolean"), m("second", "string", oneOf("paper", "live"), true)];
const SESSION: Shape = [
  m("verified", "boolean"),
  m("origin", "string", originRule, true),
  label(true),
  m("site_mode_evidence", "object", shape(() => EVIDENCE), true),
  m("permission", "string", oneOf("view", "trade"), true),
  m("control", "string", oneOf("agent", "user")),
];
const RENDERED: Shape = [m("rendered_ticket", "object", shape(() => TICKET)), m("rendered_ticket_digest", "string", digestRule)];
const POSITION: Shape = [m("symbol", "string", tickerRule), m("quantity", "number", int(1n, 1000000000n))];
const positionsRule: Rule = (v, at, path = []) => {
  const items = v.type === "array" ? v.items : [];
  if (items.length > 256) refuse(G.positions, at);
  items.forEach((e, i) => {
    if (e.type !== "object") fail(G.type, whereIn(...path, i));
    validate(e, POSITION, [...path, i]);
  });
};
const price = (name: string): Member => m(name, "number", int(1n, 1000000000n), true);
const DATA: Record<string, Shape> = {
  verify_session: SESSION,
  read_market: [m("symbol", "string", tickerRule), price("bid_minor"), price("ask_minor"), price("last_minor")],
  read_account: [fingerprint, modeMember, label(false), m("buying_power_minor", "number", int(0n, MAX))],
  verify_ticket: RENDERED,
  read_order: [
    siteOrderId,
    fingerprint,
    modeMember,
    m("order_status", "string", oneOf("open", "partially_filled", "filled", "cancelled", "rejected")),
    m("evidence", "string", oneOf("order_list", "order_history", "order_detail")),
    m("quantity", "number", int(1n, 1000000n)),
    m("filled_quantity", "number", int(0n, 1000000n)),
    price("average_fill_price_minor"),
  ],
  read_positions: [fingerprint, modeMember, m("positions", "array", positionsRule), m("unrepresented_count", "number", int(0n, 1000000n))],
  prepare_ticket: RENDERED,
  commit_once: [
    m("outcome", "string", oneOf("confirmed", "site_rejected")),
    m("site_order_id", "string", siteIdRule, true),
    ticketDigest,
    fingerprint,
    modeMember,
  ],
  cancel_order: [siteOrderId, fingerprint, modeMember, m("outcome", "string", oneOf("cancel_requested", "already_final"))],
  end_control: [m("control", "string", oneOf("user"))],
};

// --- Object rules.

function get(o: Value | undefined, name: string): Value | undefined {
  return o !== undefined && o.type === "object" ? o.members.get(name) : undefined;
}
/** A member the procedure has required: present once validated. */
function must(o: Value, name: string): Value {
  const v = get(o, name);
  if (v === undefined) fail(G.type, whereIn(name));
  return v;
}
function is(o: Value | undefined, name: string, t: string): boolean {
  return s(get(o, name)) === t;
}
function num(o: Value | undefined, name: string): number {
  const v = get(o, name);
  return v !== undefined && v.type === "number" ? Number(v.text) : 0;
}
function isFalse(v: Value | undefined): boolean {
  return v !== undefined && v.type === "literal" && v.text === "false";
}
function isTrue(v: Value | undefined): boolean {
  return v !== undefined && v.type === "literal" && v.text === "true";
}
function isMutation(o: Value): boolean {
  return is(o, "operation", "commit_once") || is(o, "operation", "cancel_order");
}
function operationOf(o: Value): string | undefined {
  const op = s(get(o, "operation"));
  return op !== undefined && OPERATIONS_10.includes(op) ? op : undefined;
}

/** environmentForSiteMode (seed invariant 3). */
export function environmentForSiteMode(mode: string | undefined): string | undefined {
  return mode === "paper" ? "provider_sandbox" : mode === "live" ? "provider_live" : undefined;
}

function digestOf(v: Value): string {
  if (!canonicalizable(v)) fail(G.canonical, whereIn());
  return atsDigest(v);
}

/** A held object of an operation: its shape, or {} for an operation outside the ten. */
function nested(doc: Value, table: Record<string, Shape>, o: Value, path: Path): void {
  const at = whereIn(...path);
  const op = operationOf(doc);
  if (op === undefined) {
    if (o.type === "object" && o.members.size > 0) refuse(G.unknownMember, at);
    return;
  }
  const sh = table[op];
  if (sh !== undefined) validate(o, sh, path);
}

function ticketRule(t: Value | undefined, at: Where): void {
  const limitNull = isNull(get(t, "limit_price_minor"));
  if ((is(t, "order_type", "limit") && limitNull) || (is(t, "order_type", "market") && !limitNull)) refuse(G.ticketLimitPrice, at);
}

function callRules(call: Value, path: Path = []): void {
  const at = whereIn(...path);
  const params = must(call, "params");
  nested(call, PARAMS, params, [...path, "params"]);
  if (is(call, "operation", "prepare_ticket") && get(params, "ticket") !== undefined) ticketRule(get(params, "ticket"), whereIn(...path, "params", "ticket"));
  const iss = instant(get(call, "issued_at"));
  const dl = instant(get(call, "deadline_at"));
  if (dl <= iss) refuse(G.deadlineOrder, at);
  if (dl - iss > 120000) refuse(G.deadlineWindow, at);
  if (isMutation(call) && dl - iss > 30000) refuse(G.mutationWindow, at);
  const binding = must(call, "binding");
  if (isNull(binding) && !(is(call, "operation", "verify_session") || is(call, "operation", "end_control"))) refuse(G.unbound, at);
  if (binding.type === "object" && s(get(binding, "environment")) !== environmentForSiteMode(s(get(binding, "site_mode")))) {
    refuse(G.bindingEnvironment, at);
  }
}

function evidenceRule(e: Value, at: Where): void {
  if (isFalse(get(e, "second_supported")) && !isNull(get(e, "second"))) refuse(G.evidenceSecond, at);
}

function sessionRules(d: Value, path: Path = []): void {
  const at = whereIn(...path);
  const e = get(d, "site_mode_evidence");
  if (e !== undefined && e.type === "object") evidenceRule(e, whereIn(...path, "site_mode_evidence"));
  const unverified = isFalse(get(d, "verified"));
  const carries = ["origin", "account_label", "site_mode_evidence", "permission"].some((k) => !isNull(get(d, k)));
  if (unverified && carries) refuse(G.unverifiedCarries, at);
  if (unverified && !is(d, "control", "user")) refuse(G.unverifiedControl, at);
}

function dataRules(op: string | undefined, d: Value, path: Path): void {
  const at = whereIn(...path);
  if (op === "verify_session") sessionRules(d, path);
  else if (op === "verify_ticket" || op === "prepare_ticket") {
    const t = must(d, "rendered_ticket");
    ticketRule(t, whereIn(...path, "rendered_ticket"));
    if (s(get(d, "rendered_ticket_digest")) !== digestOf(t)) refuse(G.ticketDigest, at);
  } else if (op === "read_order") {
    const fq = num(d, "filled_quantity");
    const q = num(d, "quantity");
    const priced = !isNull(get(d, "average_fill_price_minor"));
    if (is(d, "evidence", "order_list") && (fq > 0 || priced)) refuse(G.fillEvidence, at);
    if (fq > q) refuse(G.fillExceeds, at);
    const st = s(get(d, "order_status"));
    const bad =
      ((st === "open" || st === "rejected") && fq !== 0) ||
      (st === "partially_filled" && (fq === 0 || fq === q)) ||
      (st === "filled" && fq !== q) ||
      (st === "cancelled" && fq === q);
    if (bad) refuse(G.fillStatus, at);
    if ((!priced && fq > 0) || (priced && fq === 0)) refuse(G.fillPrice, at);
  } else if (op === "commit_once") {
    const id = !isNull(get(d, "site_order_id"));
    if ((is(d, "outcome", "confirmed") && !id) || (is(d, "outcome", "site_rejected") && id)) refuse(G.commitOrderId, at);
  }
}

function resultRules(r: Value, path: Path = []): void {
  const at = whereIn(...path);
  const st = s(get(r, "status"));
  const reason = s(get(r, "reason"));
  const data = must(r, "data");
  const ok = st === "ok";
  if (
    (ok && !isNull(get(r, "reason"))) ||
    (st === "refused" && !REFUSAL_REASONS.includes(reason ?? "\u0000")) ||
    (st === "ambiguous" && !AMBIGUITY_REASONS.includes(reason ?? "\u0000"))
  ) {
    refuse(G.resultReason, at);
  }
  if ((ok && isNull(data)) || (!ok && !isNull(data))) refuse(G.resultData, at);
  if (st === "ambiguous" && !isMutation(r)) refuse(G.ambiguousOperation, at);
  if (reason === "duplicate_commit" && !is(r, "operation", "commit_once")) refuse(G.duplicateCommit, at);
  if (data.type === "object") {
    nested(r, DATA, data, [...path, "data"]);
    dataRules(s(get(r, "operation")), data, [...path, "data"]);
  }
}

function requires(r: Value): boolean {
  return (isMutation(r) && !is(r, "status", "refused")) || is(r, "reason", "duplicate_commit");
}

function resolve(e: Value): Value {
  const primary = get(e, "primary");
  const second = get(e, "second");
  if (primary === undefined || primary.type !== "string") return literal("null");
  if (isTrue(get(e, "second_supported")) && (second === undefined || second.type !== "string" || second.value !== primary.value)) {
    return literal("null");
  }
  return primary;
}

/** Gate equality: same string units, same double, or both null; a member either lacks agrees. */
function same(a: Value | undefined, b: Value | undefined, name: string): boolean {
  const x = get(a, name);
  const y = get(b, name);
  if (x === undefined || y === undefined) return true;
  if (x.type === "number" && y.type === "number") return Number(x.text) === Number(y.text);
  if (x.type === "string" && y.type === "string") return x.value === y.value;
  return x.type === "literal" && y.type === "literal" && x.text === y.text;
}

function gate(call: Value, r: Value, now: number): void {
  const at = whereIn("result");
  if (!same(call, r, "operation")) refuse(G.gateOperation, at);
  if (!same(call, r, "request_id")) refuse(G.gateRequest, at);
  if (!same(call, r, "session_generation")) refuse(G.gateGeneration, at);
  const cp = get(call, "principal");
  const rp = get(r, "principal");
  if (!same(cp, rp, "user_id") || !same(cp, rp, "agent_id") || !same(cp, rp, "browser_session_id")) refuse(G.gatePrincipal, at);
  const ca = get(call, "adapter");
  const ra = get(r, "adapter");
  if (!same(ca, ra, "adapter_id") || !same(ca, ra, "adapter_version") || !same(ca, ra, "adapter_digest")) refuse(G.gateAdapter, at);
  const obs = instant(get(r, "observed_at"));
  const iss = instant(get(call, "issued_at"));
  const dl = instant(get(call, "deadline_at"));
  if (obs < iss - MAX_CLOCK_SKEW_MS) refuse(G.gateReplay, at);
  if (obs > now + MAX_CLOCK_SKEW_MS) refuse(G.gateClock, at);
  const binding = get(call, "binding");
  const data = get(r, "data");
  const params = get(call, "params");
  if (binding?.type === "object" && data?.type === "object" && get(data, "account_fingerprint") !== undefined) {
    if (!same(binding, data, "account_fingerprint") || !same(binding, data, "site_mode")) refuse(G.gateBinding, at);
  }
  if (data?.type === "object") {
    let agree = true;
    const op = s(get(r, "operation"));
    if (op === "read_market") agree = same(params, data, "symbol");
    else if (op === "read_order" || op === "cancel_order") agree = same(params, data, "site_order_id");
    else if (op === "verify_ticket") {
      const x = get(params, "ticket_digest");
      const y = get(data, "rendered_ticket_digest");
      agree = x === undefined || y === undefined || s(x) === s(y);
    } else if (op === "prepare_ticket") {
      const t = get(params, "ticket");
      if (t !== undefined && t.type === "object") {
        agree = isNull(get(data, "rendered_ticket_digest")) || s(get(data, "rendered_ticket_digest")) === digestOf(t);
      }
    } else if (op === "commit_once") agree = same(params, data, "ticket_digest");
    if (!agree) refuse(G.gateParams, at);
  }
  if (!isMutation(r) && obs > dl) refuse(G.gateStaleRead, at);
}

// --- Operations.

function canon(v: Value): Uint8Array {
  if (!canonicalizable(v)) fail(G.canonical, whereIn());
  return jcs(v);
}

function bool(b: boolean): Value {
  return literal(b ? "true" : "false");
}

function read(input: Uint8Array): Value {
  return parseValue(input, G.input);
}

/** `call`: an aether.ats.browser-order-call/1 document; JCS of {digest, operation}. */
export function call(input: Uint8Array): Uint8Array {
  const v = read(input);
  validate(v, CALL);
  callRules(v);
  return canon(obj([["digest", str(digestOf(v))], ["operation", must(v, "operation")]]));
}

/** `result`: an aether.ats.browser-order-result/1 document; JCS of {digest, operation, status}. */
export function result(input: Uint8Array): Uint8Array {
  const v = read(input);
  validate(v, RESULT);
  resultRules(v);
  return canon(obj([["digest", str(digestOf(v))], ["operation", must(v, "operation")], ["status", must(v, "status")]]));
}

/** `resolve-site-mode`: resolveSiteMode() on an evidence object. */
export function resolveSiteMode(input: Uint8Array): Uint8Array {
  const v = read(input);
  validate(v, EVIDENCE);
  evidenceRule(v, whereIn());
  return canon(obj([["site_mode", resolve(v)]]));
}

/** `derive-binding-state`: deriveBrowserBindingState() on a verify_session data object. */
export function deriveBindingState(input: Uint8Array): Uint8Array {
  const v = read(input);
  validate(v, SESSION);
  sessionRules(v);
  const e = get(v, "site_mode_evidence");
  const mode = e !== undefined && e.type === "object" ? resolve(e) : literal("null");
  let state = "paper_bindable";
  if (isFalse(get(v, "verified"))) state = "user_control";
  else if (mode.type === "string" && mode.value === "live") state = "live_locked";
  else if (mode.type !== "string" || !is(v, "permission", "trade")) state = "observe_only";
  return canon(obj([["site_mode", mode], ["state", str(state)]]));
}

/** `requires-reconciliation`: requiresReconciliation() on a result. */
export function requiresReconciliation(input: Uint8Array): Uint8Array {
  const v = read(input);
  validate(v, RESULT);
  resultRules(v);
  return canon(obj([["requires_reconciliation", bool(requires(v))]]));
}

const ENVELOPE: Shape = [m("call", "object", shape(() => CALL)), m("result", "object", shape(() => RESULT)), timestamp("now")];

/** `verify-result`: verifyBrowserResult(call, result, now). */
export function verifyResult(input: Uint8Array): Uint8Array {
  const v = read(input);
  validate(v, ENVELOPE);
  const c = must(v, "call");
  const r = must(v, "result");
  callRules(c, ["call"]);
  resultRules(r, ["result"]);
  gate(c, r, instant(get(v, "now")));
  const out: Obj = obj([
    ["call_digest", str(digestOf(c))],
    ["requires_reconciliation", bool(requires(r))],
    ["result_digest", str(digestOf(r))],
  ]);
  return canon(out);
}

/** Operation name to function, in the spec's table order. */
export const OPERATIONS = Object.freeze({
  call,
  result,
  "resolve-site-mode": resolveSiteMode,
  "derive-binding-state": deriveBindingState,
  "requires-reconciliation": requiresReconciliation,
  "verify-result": verifyResult,
});

// The approval and commit gates (spec/ats.md, "Gates"): one chain envelope
// in, JCS of {decision, intent_digest, review_digest} out, or the first
// refusal of these steps:
//
//   1. one JSON value input (`ats.input`, no accept path);
//   2. the envelope: exactly the operation's members, each of its JSON type
//      (`ats.envelope`, no accept path);
//   3. executable gates only, version: the members carry the /2 tags of
//      their roles (`ats.executable_chain`; ignored: step 4 runs);
//   4. executable gates only, re-validation: each member through its /2
//      validator, then the clock and the position as int[0, 2^53 - 1] on
//      the literal. It runs with NO guard ignored (withNothingIgnored),
//      whatever the `ignore` set holds, and any refusal or any exception
//      met on the way refuses with `ats.executable_member` (fail closed;
//      ignored: steps 5 to 8 run exactly as in the version-blind gate);
//   5. the read set: the fields the branches read, present with their JSON
//      type (`ats.gate_field`, no accept path);
//   6. the digests dI = D(intent), then dR = D(review), computed here, never
//      taken from the caller (`ats.canonical`, no accept path);
//   7. the branches 1 to 32, then for the commit gates 33 to 60, each
//      "refuse when <condition>" (ignored: the branch is skipped and the
//      next one runs). The three unreachable branches (4, 29, 45) stay in
//      their places;
//   8. the verdict.
//
// Numbers are IEEE-754 doubles ("Numbers in the gates"): a number literal
// reads as its nearest double (beyond the range as +/-Infinity, `-0` as
// negative zero); the strings "NaN", "Infinity" and "-Infinity" stand for
// those doubles in `clock_ms`, `resulting_position_notional_minor` and the
// usage counters only. JS numbers are binary64 and its operators are
// IEEE-754's: every comparison with NaN is false and `!==` is true, NaN
// propagates through + and *. Every branch is written as its refusal
// condition, never as an acceptance condition, so a NaN clock passes every
// expiry and a NaN or negative usage or position passes every limit, as
// the spec says the version-blind gates must.

import { type Obj, type Value, parseValue, whereIn } from "../jsonvalue.js";
import { type Guard, fail, refuse, withNothingIgnored } from "../refusal.js";
import { atsDigest, canonicalizable, jcs, obj, str } from "./canonical.js";
import { REFUSALS as G } from "./refusals.js";
import { MAX_SAFE, isInt } from "./rules.js";
import { TAG, VALIDATORS, type ValidatorName, validate } from "./shapes.js";

/** The envelope itself, as a refusal's location. */
const ROOT = whereIn();

/** The three JSON strings that stand for non-finite doubles in the clock, the position and the usage counters. */
const NON_FINITE: ReadonlyMap<string, number> = new Map([
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["-Infinity", Number.NEGATIVE_INFINITY],
]);

/** Whether v is a *counter*: a JSON number or exactly one of the three non-finite strings (case matters). */
function isCounter(v: Value): boolean {
  return v.type === "number" || (v.type === "string" && NON_FINITE.has(v.value));
}

/** A counter (or number) as an IEEE-754 double: the literal's nearest double, or the non-finite string's double. */
function double(v: Value): number {
  if (v.type === "number") return Number(v.text);
  return v.type === "string" ? (NON_FINITE.get(v.value) ?? Number.NaN) : Number.NaN;
}

// --- Step 2: the envelope ------------------------------------------------------

/** The members that are chain members: JSON objects, their contents unchecked here. */
const MEMBERS: ReadonlySet<string> = new Set(["intent", "review", "approval", "binding", "grant", "usage"]);
const APPROVAL_ENVELOPE: readonly string[] = ["intent", "review", "approval", "clock_ms"];
const COMMIT_ENVELOPE: readonly string[] = [
  "intent",
  "review",
  "approval",
  "binding",
  "grant",
  "usage",
  "mode",
  "clock_ms",
  "resulting_position_notional_minor",
];

/** Whether the envelope member `name` has its JSON type. */
function envelopeMemberOk(name: string, v: Value): boolean {
  if (MEMBERS.has(name)) return v.type === "object";
  if (name === "mode") return v.type === "string";
  return isCounter(v); // clock_ms, resulting_position_notional_minor
}

/** Step 2: v is the operation's chain envelope, or `ats.envelope` (no accept path). */
function envelope(v: Value, commit: boolean): Obj {
  const names = commit ? COMMIT_ENVELOPE : APPROVAL_ENVELOPE;
  if (v.type !== "object" || v.members.size !== names.length) fail(G.envelope, ROOT);
  for (const name of names) {
    const m = v.members.get(name);
    if (m === undefined) fail(G.envelope, ROOT);
    if (!envelopeMemberOk(name, m)) fail(G.envelope, whereIn(name));
  }
  return v;
}

/** The chain member `role` of an envelope that passed step 2. */
function member(env: Obj, role: string): Obj {
  return env.members.get(role) as Obj;
}

// --- Step 3: version ---------------------------------------------------------------

/** The roles the version step checks, with their /2 tags; the approval-chain gates check the first two. */
const VERSIONED: readonly (readonly [string, string])[] = [
  ["intent", TAG.intentV2],
  ["approval", TAG.approvalV2],
  ["binding", TAG.bindingV2],
  ["grant", TAG.grantV2],
];

/** Step 3: every versioned member's schema_version is its role's /2 tag, or `ats.executable_chain`. */
function version(env: Obj, commit: boolean): void {
  for (const [role, tag] of commit ? VERSIONED : VERSIONED.slice(0, 2)) {
    const v = member(env, role).members.get("schema_version");
    if (v?.type !== "string" || v.value !== tag) refuse(G.executableChain, whereIn(role, "schema_version"));
  }
}

// --- Step 4: re-validation ------------------------------------------------------------

/** The members re-validated, in order, with their validators; the approval-chain gates take the first three. */
const REVALIDATED: readonly (readonly [string, ValidatorName])[] = [
  ["intent", "equity-order-intent-v2"],
  ["review", "order-review-receipt"],
  ["approval", "operator-approval-v2"],
  ["binding", "account-binding-v2"],
  ["grant", "delegated-trading-grant-v2"],
  ["usage", "grant-usage"],
];

/**
 * The first envelope member that fails re-validation, or undefined when
 * all pass: each chain member through its validator, then `clock_ms` and,
 * for the commit gates, `resulting_position_notional_minor` as
 * int[0, 2^53 - 1] on the literal (a non-finite string, `-1`, `-0`, `2.5`
 * and `1e3` all fail).
 */
function firstInvalid(env: Obj, commit: boolean): string | undefined {
  for (const [role, name] of commit ? REVALIDATED : REVALIDATED.slice(0, 3)) {
    const { shape, ctx } = VALIDATORS[name];
    try {
      validate(member(env, role), shape, ctx);
    } catch {
      return role;
    }
  }
  for (const name of commit ? ["clock_ms", "resulting_position_notional_minor"] : ["clock_ms"]) {
    const v = env.members.get(name);
    if (v?.type !== "number" || !isInt(v.text, "0", MAX_SAFE)) return name;
  }
  return undefined;
}

/**
 * Step 4: re-validation with no guard ignored; any refusal or exception is
 * `ats.executable_member`, at the member that failed (or the envelope, for
 * an exception outside any one member). The members are never rewritten.
 */
function revalidate(env: Obj, commit: boolean): void {
  let failed: string | undefined;
  try {
    failed = withNothingIgnored(() => firstInvalid(env, commit));
  } catch {
    failed = "";
  }
  if (failed !== undefined) refuse(G.executableMember, failed === "" ? ROOT : whereIn(failed));
}

// --- Step 5: the read set ----------------------------------------------------------

/** The JSON type a read field must have: a string, a number, an array of strings, or a counter. */
type ReadType = "string" | "number" | "strings" | "counter";

/** Fields of one member with one read type. */
type ReadRow = readonly [role: string, type: ReadType, fields: readonly string[]];

/** The approval-chain read set (all four gates). */
const CHAIN_READ: readonly ReadRow[] = [
  [
    "intent",
    "string",
    ["provider", "account_binding_id", "adapter_id", "endpoint_schema_digest", "environment", "grant_id", "symbol", "side", "currency"],
  ],
  ["intent", "number", ["binding_generation", "quantity", "limit_price_minor", "expires_at_ms"]],
  [
    "review",
    "string",
    ["intent_digest", "provider", "account_binding_id", "adapter_id", "endpoint_schema_digest", "environment", "grant_id", "status"],
  ],
  ["review", "number", ["binding_generation", "reviewed_at_ms", "approval_deadline_ms", "reservation_expires_at_ms"]],
  [
    "approval",
    "string",
    [
      "review_digest",
      "intent_digest",
      "provider",
      "account_binding_id",
      "adapter_id",
      "endpoint_schema_digest",
      "environment",
      "symbol",
      "side",
      "currency",
      "decision",
      "status",
    ],
  ],
  ["approval", "number", ["binding_generation", "quantity", "limit_price_minor", "approved_at_ms", "expires_at_ms"]],
];

/** The commit read set (the two commit gates, in addition). */
const COMMIT_READ: readonly ReadRow[] = [
  ["review", "number", ["grant_version"]],
  ["binding", "string", ["account_binding_id", "provider", "adapter_id", "endpoint_schema_digest", "environment", "status", "currency"]],
  ["binding", "number", ["binding_generation"]],
  ["grant", "string", ["grant_id", "account_binding_id", "environment", "currency"]],
  ["grant", "strings", ["symbol_allowlist", "sides"]],
  [
    "grant",
    "number",
    [
      "grant_version",
      "issued_at_ms",
      "expires_at_ms",
      "max_order_quantity",
      "max_order_notional_minor",
      "max_daily_orders",
      "max_daily_notional_minor",
      "max_position_notional_minor",
    ],
  ],
  ["usage", "string", ["grant_id"]],
  ["usage", "counter", ["orders_submitted", "notional_submitted_minor"]],
];

/** Whether v has the read type t. */
function hasType(v: Value | undefined, t: ReadType): boolean {
  if (v === undefined) return false;
  switch (t) {
    case "string":
      return v.type === "string";
    case "number":
      return v.type === "number";
    case "strings":
      return v.type === "array" && v.items.every((item) => item.type === "string");
    case "counter":
      return isCounter(v);
  }
}

/** Step 5: every field of the read set is present with its type, or `ats.gate_field` (no accept path). */
function readSet(env: Obj, commit: boolean): void {
  for (const [role, t, fields] of commit ? [...CHAIN_READ, ...COMMIT_READ] : CHAIN_READ) {
    const m = member(env, role);
    for (const f of fields) if (!hasType(m.members.get(f), t)) fail(G.gateField, whereIn(role, f));
  }
}

/** The fields of a chain that passed step 5, read as the branches read them. */
class Chain {
  constructor(private readonly env: Obj) {}

  private field(role: string, f: string): Value {
    return member(this.env, role).members.get(f) as Value;
  }

  /** A string field. */
  s(role: string, f: string): string {
    const v = this.field(role, f);
    return v.type === "string" ? v.value : "";
  }

  /** A number or counter field, as an IEEE-754 double. */
  n(role: string, f: string): number {
    return double(this.field(role, f));
  }

  /** Whether an element of the array-of-strings field equals s (unit sequences). */
  has(role: string, f: string, s: string): boolean {
    const v = this.field(role, f);
    return v.type === "array" && v.items.some((item) => item.type === "string" && item.value === s);
  }

  /** An envelope member that is a number or a non-finite string, as a double. */
  top(name: string): number {
    return double(this.env.members.get(name) as Value);
  }

  /** The envelope's `mode`. */
  mode(): string {
    const v = this.env.members.get("mode") as Value;
    return v.type === "string" ? v.value : "";
  }
}

// --- Step 7: the branches ------------------------------------------------------------

/** Refuses with g, located at role's field f (or the envelope member role), when cond holds. */
function branch(cond: boolean, g: Guard, role: string, f?: string): void {
  if (cond) refuse(g, f === undefined ? whereIn(role) : whereIn(role, f));
}

const I = "intent";
const R = "review";
const A = "approval";
const B = "binding";
const GR = "grant";
const U = "usage";

/** Branches 1 to 32 (spec/ats.md, "Approval-chain branches"), in order. t is the clock. */
function approvalChainBranches(c: Chain, dI: string, dR: string, t: number): void {
  branch(c.s(R, "intent_digest") !== dI, G.chainReviewIntent, R, "intent_digest"); // 1
  branch(c.s(A, "review_digest") !== dR, G.chainApprovalReview, A, "review_digest"); // 2
  branch(c.s(A, "intent_digest") !== dI, G.chainApprovalIntent, A, "intent_digest"); // 3
  // 4: unreachable, a backstop behind 1 and 3 (spec/ats.md, "Step 7").
  branch(c.s(A, "intent_digest") !== c.s(R, "intent_digest"), G.chainApprovalReviewIntent, A, "intent_digest");
  branch(c.s(R, "provider") !== c.s(I, "provider"), G.chainReviewProvider, R, "provider"); // 5
  branch(c.s(R, "account_binding_id") !== c.s(I, "account_binding_id"), G.chainReviewBinding, R, "account_binding_id"); // 6
  branch(c.n(R, "binding_generation") !== c.n(I, "binding_generation"), G.chainReviewGeneration, R, "binding_generation"); // 7
  branch(c.s(R, "adapter_id") !== c.s(I, "adapter_id"), G.chainReviewAdapter, R, "adapter_id"); // 8
  branch(
    c.s(R, "endpoint_schema_digest") !== c.s(I, "endpoint_schema_digest"),
    G.chainReviewEndpoint,
    R,
    "endpoint_schema_digest",
  ); // 9
  branch(c.s(R, "environment") !== c.s(I, "environment"), G.chainReviewEnvironment, R, "environment"); // 10
  branch(c.s(A, "provider") !== c.s(I, "provider"), G.chainApprovalProvider, A, "provider"); // 11
  branch(c.s(A, "account_binding_id") !== c.s(I, "account_binding_id"), G.chainApprovalBinding, A, "account_binding_id"); // 12
  branch(c.n(A, "binding_generation") !== c.n(I, "binding_generation"), G.chainApprovalGeneration, A, "binding_generation"); // 13
  branch(c.s(A, "adapter_id") !== c.s(I, "adapter_id"), G.chainApprovalAdapter, A, "adapter_id"); // 14
  branch(
    c.s(A, "endpoint_schema_digest") !== c.s(I, "endpoint_schema_digest"),
    G.chainApprovalEndpoint,
    A,
    "endpoint_schema_digest",
  ); // 15
  branch(c.s(A, "environment") !== c.s(I, "environment"), G.chainApprovalEnvironment, A, "environment"); // 16
  branch(c.s(R, "grant_id") !== c.s(I, "grant_id"), G.chainReviewGrant, R, "grant_id"); // 17
  branch(c.s(A, "symbol") !== c.s(I, "symbol"), G.chainApprovalSymbol, A, "symbol"); // 18
  branch(c.s(A, "side") !== c.s(I, "side"), G.chainApprovalSide, A, "side"); // 19
  branch(c.n(A, "quantity") !== c.n(I, "quantity"), G.chainApprovalQuantity, A, "quantity"); // 20
  branch(c.n(A, "limit_price_minor") !== c.n(I, "limit_price_minor"), G.chainApprovalPrice, A, "limit_price_minor"); // 21
  branch(c.s(A, "currency") !== c.s(I, "currency"), G.chainApprovalCurrency, A, "currency"); // 22
  branch(c.s(R, "status") === "refused", G.chainReviewRefused, R, "status"); // 23
  branch(c.s(R, "status") === "expired", G.chainReviewExpired, R, "status"); // 24
  branch(c.s(A, "decision") === "rejected", G.chainApprovalRejected, A, "decision"); // 25
  branch(c.s(A, "status") === "spent", G.chainApprovalSpent, A, "status"); // 26
  branch(t >= c.n(I, "expires_at_ms"), G.chainIntentExpired, "clock_ms"); // 27
  branch(t >= c.n(R, "approval_deadline_ms"), G.chainReviewDeadlinePassed, "clock_ms"); // 28
  // 29: unreachable through a validated review, whose deadline is never after its reservation.
  branch(t >= c.n(R, "reservation_expires_at_ms"), G.chainReservationExpired, "clock_ms");
  branch(c.n(A, "approved_at_ms") < c.n(R, "reviewed_at_ms"), G.chainApprovalEarly, A, "approved_at_ms"); // 30
  branch(c.n(A, "approved_at_ms") >= c.n(R, "approval_deadline_ms"), G.chainApprovalLate, A, "approved_at_ms"); // 31
  branch(t >= c.n(A, "expires_at_ms"), G.chainApprovalExpired, "clock_ms"); // 32
}

/** The modes in which a commit may be submitted, and the two halt states branch 59 leaves to 57 and 58. */
const NOT_REFUSED_BY_59: ReadonlySet<string> = new Set(["paper", "approve", "auto", "orders_paused", "emergency_locked"]);

/** Branches 33 to 60 (spec/ats.md, "Commit branches"), in order. t is the clock, p the resulting position. */
function commitBranches(c: Chain, t: number, p: number): void {
  const n = c.n(I, "quantity") * c.n(I, "limit_price_minor"); // N: one IEEE multiplication
  branch(c.s(B, "account_binding_id") !== c.s(I, "account_binding_id"), G.commitBindingAccount, B, "account_binding_id"); // 33
  branch(c.n(B, "binding_generation") !== c.n(R, "binding_generation"), G.commitBindingRelinked, B, "binding_generation"); // 34
  branch(c.s(B, "provider") !== c.s(I, "provider"), G.commitBindingProvider, B, "provider"); // 35
  branch(c.s(B, "adapter_id") !== c.s(I, "adapter_id"), G.commitBindingAdapter, B, "adapter_id"); // 36
  branch(
    c.s(B, "endpoint_schema_digest") !== c.s(I, "endpoint_schema_digest"),
    G.commitBindingEndpoint,
    B,
    "endpoint_schema_digest",
  ); // 37
  branch(c.s(B, "environment") !== c.s(I, "environment"), G.commitBindingEnvironment, B, "environment"); // 38
  branch(c.s(B, "status") === "revoked", G.commitBindingRevoked, B, "status"); // 39
  branch(c.s(B, "currency") !== c.s(I, "currency"), G.commitBindingCurrency, B, "currency"); // 40
  branch(c.s(GR, "grant_id") !== c.s(I, "grant_id"), G.commitGrantOther, GR, "grant_id"); // 41
  branch(c.n(GR, "grant_version") !== c.n(R, "grant_version"), G.commitGrantChanged, GR, "grant_version"); // 42
  branch(c.s(GR, "account_binding_id") !== c.s(B, "account_binding_id"), G.commitGrantBinding, GR, "account_binding_id"); // 43
  branch(c.s(GR, "environment") !== c.s(B, "environment"), G.commitGrantBindingEnvironment, GR, "environment"); // 44
  // 45: unreachable, a backstop behind 38 and 44 (spec/ats.md, "Step 7").
  branch(c.s(GR, "environment") !== c.s(I, "environment"), G.commitGrantEnvironment, GR, "environment");
  branch(t < c.n(GR, "issued_at_ms"), G.commitGrantNotYet, "clock_ms"); // 46
  branch(t >= c.n(GR, "expires_at_ms"), G.commitGrantExpired, "clock_ms"); // 47
  branch(!c.has(GR, "symbol_allowlist", c.s(I, "symbol")), G.commitGrantSymbol, GR, "symbol_allowlist"); // 48
  branch(!c.has(GR, "sides", c.s(I, "side")), G.commitGrantSide, GR, "sides"); // 49
  branch(c.s(GR, "currency") !== c.s(I, "currency"), G.commitGrantCurrency, GR, "currency"); // 50
  branch(c.n(I, "quantity") > c.n(GR, "max_order_quantity"), G.commitGrantQuantity, I, "quantity"); // 51
  branch(n > c.n(GR, "max_order_notional_minor"), G.commitGrantNotional, I, "limit_price_minor"); // 52
  branch(c.s(U, "grant_id") !== c.s(GR, "grant_id"), G.commitUsageGrant, U, "grant_id"); // 53
  branch(c.n(U, "orders_submitted") + 1 > c.n(GR, "max_daily_orders"), G.commitUsageOrders, U, "orders_submitted"); // 54
  branch(
    c.n(U, "notional_submitted_minor") + n > c.n(GR, "max_daily_notional_minor"),
    G.commitUsageNotional,
    U,
    "notional_submitted_minor",
  ); // 55
  branch(p > c.n(GR, "max_position_notional_minor"), G.commitPositionLimit, "resulting_position_notional_minor"); // 56
  const mode = c.mode();
  branch(mode === "emergency_locked", G.commitModeLocked, "mode"); // 57
  branch(mode === "orders_paused", G.commitModePaused, "mode"); // 58
  branch(!NOT_REFUSED_BY_59.has(mode), G.commitModeSubmission, "mode"); // 59
  branch(mode === "paper" && c.s(I, "environment") !== "paper", G.commitModePaper, "mode"); // 60
}

// --- The gates ------------------------------------------------------------------------

/** Step 6: D(member), or `ats.canonical` (no accept path) when JCS(member) does not exist. */
function digestOf(env: Obj, role: string): string {
  const m = member(env, role);
  if (!canonicalizable(m)) fail(G.canonical, whereIn(role));
  return atsDigest(m);
}

/**
 * One gate: steps 1 to 8 above on the input bytes. commit: the commit
 * envelope, read set and branches; executable: steps 3 and 4. Returns JCS
 * of {decision, intent_digest: dI, review_digest: dR}.
 */
function gate(input: Uint8Array, commit: boolean, executable: boolean): Uint8Array {
  const env = envelope(parseValue(input, G.input), commit);
  if (executable) {
    version(env, commit);
    revalidate(env, commit);
  }
  readSet(env, commit);
  const dI = digestOf(env, I);
  const dR = digestOf(env, R);
  const c = new Chain(env);
  const t = c.top("clock_ms");
  approvalChainBranches(c, dI, dR, t);
  if (commit) commitBranches(c, t, c.top("resulting_position_notional_minor"));
  return jcs(
    obj([
      ["decision", str(commit ? "commit-authorized" : "approval-chain-verified")],
      ["intent_digest", str(dI)],
      ["review_digest", str(dR)],
    ]),
  );
}

/** `verify-approval-chain`: the version-blind approval-chain gate (the seed's verifyApprovalChain()). */
export function verifyApprovalChain(input: Uint8Array): Uint8Array {
  return gate(input, false, false);
}

/** `verify-commit-authority`: the version-blind commit gate (the seed's verifyCommitAuthority()). */
export function verifyCommitAuthority(input: Uint8Array): Uint8Array {
  return gate(input, true, false);
}

/** `verify-executable-approval-chain`: version, re-validation, verdict, over the approval chain. */
export function verifyExecutableApprovalChain(input: Uint8Array): Uint8Array {
  return gate(input, false, true);
}

/** `verify-executable-commit-authority`: version, re-validation, verdict, over the whole commit chain. */
export function verifyExecutableCommitAuthority(input: Uint8Array): Uint8Array {
  return gate(input, true, true);
}

// The field rules of the ATS validators (spec/ats.md, "Common rules":
// "Strings, patterns and comparisons", "Value rules"; "Validators": "Field
// rules").
//
// Each field has one kind (the JSON type it must have) and one rule, both
// under the field's one guard, the kind first. A value of the wrong kind,
// or an absent value (reached only with `ats.missing_member` ignored), has
// no accept path: the guard is raised with fail() whatever the ignore set
// holds. A value of the right kind that breaks the rule is refused with
// refuse(): ignored, the value is kept and validation goes on (spec/ats.md,
// "Ignored guards and exception tags").
//
// Patterns match the whole string (^ and $ without the m flag are the ends
// of the string; a trailing LF is a character like any other) on UTF-16
// units with ASCII classes only (no u flag, classes spelled as ranges).
// `int[lo, hi]` is decided on the literal's digits, never through a
// double: 9007199254740992 is out of a bound of 9007199254740991.

import { type Value, compareCodePoints, whereIn } from "../jsonvalue.js";
import { type Guard, type Where, fail, refuse } from "../refusal.js";
import { EQUITY, type LabelGuards, SYMBOL, scanClosedLabel, scanLabelV1 } from "../ticker.js";
import { REFUSALS as G } from "./refusals.js";

/** Which document version a validator body runs as: its symbol and label checks (spec/ats.md, "One body per pair"). */
export type Variant = 1 | 2;

/** What a validator body is parameterized by: the schema tag step 3 requires, and the variant. */
export interface Context {
  readonly tag: string;
  readonly variant: Variant;
}

/**
 * A field's check (spec/ats.md, "Field rules"): v is the member's value,
 * or undefined when it is absent (then its kind fails); where is the
 * member's place. Returns when the value passes, or when its rule's guard
 * is ignored; otherwise throws the field's Refusal.
 */
export type FieldCheck = (v: Value | undefined, ctx: Context, where: Where) => void;

// --- Value rules ---------------------------------------------------------------

/** The largest `time`, generation and version: 2^53 - 1, as a literal. */
export const MAX_SAFE = "9007199254740991";
const UNSIGNED = /^(?:0|[1-9][0-9]*)$/;

/** Compares two unsigned digit strings without leading zeros by value: <0, 0 or >0. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The rule `int[lo, hi]` on a number literal (spec/ats.md, "Value rules"):
 * `0` or `[1-9][0-9]*` (no sign, fraction or exponent), from lo to hi
 * inclusive compared on the digits. lo and hi are decimal digit strings.
 */
export function isInt(text: string, lo: string, hi: string): boolean {
  return UNSIGNED.test(text) && compareDigits(text, lo) >= 0 && compareDigits(text, hi) <= 0;
}

/** `ref(P)`: `^P_[A-Za-z0-9]{1,64}$`. */
function ref(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[A-Za-z0-9]{1,64}$`);
}
const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const REASON = /^[a-z][a-z0-9_]{0,63}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The ladder modes, in rank order (spec/ats.md, "execution-state"). */
export const LADDER: readonly string[] = Object.freeze(["offline", "observe", "review_only", "paper", "approve", "auto"]);
/** The halt states: effective only, no rank. */
export const HALTS: readonly string[] = Object.freeze(["orders_paused", "emergency_locked"]);

// --- Field check builders --------------------------------------------------------

/** A field of kind string (or string or null, with nullable) whose rule is ok. */
function stringField(guard: Guard, ok: (s: string) => boolean, nullable = false): FieldCheck {
  return (v, _ctx, where) => {
    if (nullable && v?.type === "literal" && v.text === "null") return;
    if (v?.type !== "string") fail(guard, where);
    if (!ok(v.value)) refuse(guard, where);
  };
}

/** A string field matching re. */
function pattern(guard: Guard, re: RegExp, nullable = false): FieldCheck {
  return stringField(guard, (s) => re.test(s), nullable);
}

/** A string field equal to one of the strings of set. */
function oneOf(guard: Guard, set: readonly string[], nullable = false): FieldCheck {
  return stringField(guard, (s) => set.includes(s), nullable);
}

/** A number field (or number or null, with nullable) with the rule int[lo, hi]. */
function int(guard: Guard, lo: string, hi: string, nullable = false): FieldCheck {
  return (v, _ctx, where) => {
    if (nullable && v?.type === "literal" && v.text === "null") return;
    if (v?.type !== "number") fail(guard, where);
    if (!isInt(v.text, lo, hi)) refuse(guard, where);
  };
}

/** `time`: int[0, 2^53 - 1], epoch milliseconds. */
function time(guard: Guard): FieldCheck {
  return int(guard, "0", MAX_SAFE);
}

/** `money`: int[0, 10^15], minor units. */
function money(guard: Guard): FieldCheck {
  return int(guard, "0", "1000000000000000");
}

/** A boolean field; with `only`, the rule is that exact literal. */
function bool(guard: Guard, only?: "false"): FieldCheck {
  return (v, _ctx, where) => {
    if (v?.type !== "literal" || (v.text !== "true" && v.text !== "false")) fail(guard, where);
    if (only !== undefined && v.text !== only) refuse(guard, where);
  };
}

/**
 * `set of S` (kind array of strings): 1 to |S| elements, each a member of
 * S, strictly ascending by code point order.
 */
function setOf(guard: Guard, members: readonly string[]): FieldCheck {
  return (v, _ctx, where) => {
    if (v?.type !== "array") fail(guard, where);
    const items: string[] = [];
    for (const item of v.items) {
      if (item.type !== "string") fail(guard, where);
      items.push(item.value);
    }
    let ok = items.length >= 1 && items.length <= members.length;
    for (let i = 0; i < items.length && ok; i++) {
      if (!members.includes(items[i] as string)) ok = false;
      else if (i > 0 && compareCodePoints(items[i - 1] as string, items[i] as string) >= 0) ok = false;
    }
    if (!ok) refuse(guard, where);
  };
}

/** The `symbol check` of the variant: its guard (/1 `ats.symbol`, /2 `ats.equity_ticker`) and pattern. */
function symbolCheck(variant: Variant): readonly [Guard, RegExp] {
  return variant === 1 ? [G.symbol, SYMBOL] : [G.equityTicker, EQUITY];
}

/**
 * The `symbol check` on v at where; returns the symbol. A value that is not
 * a string does not match (no accept path).
 */
function checkSymbol(v: Value | undefined, variant: Variant, where: Where): string {
  const [guard, re] = symbolCheck(variant);
  if (v?.type !== "string") fail(guard, where);
  if (!re.test(v.value)) refuse(guard, where);
  return v.value;
}

/** The `ats.label_*` guards, for ticker/1's label scans run as this contract's guards. */
const LABEL: LabelGuards = {
  length: G.labelLength,
  control: G.labelControl,
  surrogate: G.labelSurrogate,
  digitsV1: G.labelDigitsV1,
  char: G.labelChar,
  digits: G.labelDigits,
};

/** The most elements of a `symbol_allowlist`. */
const MAX_ALLOWLIST = 64;

// --- The field table -------------------------------------------------------------

/**
 * spec/ats.md, "Field rules": every field name to its check, but `status`,
 * whose three rules are BINDING_STATUS, REVIEW_STATUS and APPROVAL_STATUS.
 */
export const FIELDS: Readonly<Record<string, FieldCheck>> = Object.freeze({
  schema_version: (v: Value | undefined, ctx: Context, where: Where) => {
    if (v?.type !== "string") fail(G.schemaVersion, where);
    if (v.value !== ctx.tag) refuse(G.schemaVersion, where);
  },
  account_binding_id: pattern(G.accountBindingId, ref("bind")),
  account_ref: pattern(G.accountRef, ref("acct")),
  adapter_id: pattern(G.adapterId, NAME),
  ambiguity_reason: pattern(G.ambiguityReason, REASON, true),
  approval_deadline_ms: time(G.approvalDeadlineMs),
  approval_id: pattern(G.approvalId, ref("approval")),
  approved_at_ms: time(G.approvedAtMs),
  average_fill_price_minor: int(G.averageFillPriceMinor, "1", "1000000000", true),
  binding_generation: int(G.bindingGeneration, "1", MAX_SAFE),
  broker_confirmed: bool(G.brokerConfirmed),
  broker_order_ref: pattern(G.brokerOrderRef, ref("broker"), true),
  client_order_id: pattern(G.clientOrderId, ref("client")),
  confirmation: oneOf(G.confirmation, ["per_order"]),
  created_at_ms: time(G.createdAtMs),
  currency: pattern(G.currency, CURRENCY),
  decision: oneOf(G.decision, ["approved", "rejected"]),
  effective_mode: oneOf(G.effectiveMode, [...LADDER, ...HALTS]),
  endpoint_schema_digest: pattern(G.endpointSchemaDigest, DIGEST),
  environment: oneOf(G.environment, ["paper", "live"]),
  environments: setOf(G.environments, ["live", "paper"]),
  expires_at_ms: time(G.expiresAtMs),
  filled_quantity: int(G.filledQuantity, "1", "1000000", true),
  grant_id: pattern(G.grantId, ref("grant")),
  grant_version: int(G.grantVersion, "1", MAX_SAFE),
  grants_execution_authority: bool(G.grantsExecutionAuthority, "false"),
  intent_digest: pattern(G.intentDigest, DIGEST),
  intent_id: pattern(G.intentId, ref("intent")),
  issued_at_ms: time(G.issuedAtMs),
  limit_price_minor: int(G.limitPriceMinor, "1", "1000000000"),
  linked_at_ms: time(G.linkedAtMs),
  masked_label: (v: Value | undefined, ctx: Context, where: Where) => {
    if (v?.type !== "string") fail(G.labelType, where);
    if (ctx.variant === 1) scanLabelV1(v.value, LABEL, where);
    else scanClosedLabel(v.value, LABEL, where);
  },
  max_daily_notional_minor: money(G.maxDailyNotionalMinor),
  max_daily_orders: int(G.maxDailyOrders, "0", "1000000"),
  max_order_notional_minor: money(G.maxOrderNotionalMinor),
  max_order_quantity: int(G.maxOrderQuantity, "1", "1000000"),
  max_position_notional_minor: money(G.maxPositionNotionalMinor),
  notional_submitted_minor: money(G.notionalSubmittedMinor),
  observed_at_ms: time(G.observedAtMs),
  operator_ref: pattern(G.operatorRef, ref("operator")),
  order_type: oneOf(G.orderType, ["limit"]),
  order_types: setOf(G.orderTypes, ["limit", "market"]),
  orders_submitted: int(G.ordersSubmitted, "0", "1000000"),
  outcome: oneOf(G.outcome, ["accepted", "filled", "partially_filled", "refused", "cancelled", "ambiguous"]),
  provider: pattern(G.provider, NAME),
  provider_confirmation_modes: setOf(G.providerConfirmationModes, ["per_order", "session", "standing"]),
  quantity: int(G.quantity, "1", "1000000"),
  quote_ref: pattern(G.quoteRef, ref("quote")),
  reason: pattern(G.reason, REASON, true),
  receipt_id: pattern(G.receiptId, ref("receipt")),
  reconciliation_state: oneOf(G.reconciliationState, ["pending", "querying_broker", "operator_required"], true),
  recorded_at_ms: time(G.recordedAtMs),
  refusal_reason: pattern(G.refusalReason, REASON, true),
  request_id: pattern(G.requestId, ref("req")),
  requested_mode: oneOf(G.requestedMode, LADDER),
  reservation_expires_at_ms: time(G.reservationExpiresAtMs),
  reservation_ref: pattern(G.reservationRef, ref("resv")),
  review_digest: pattern(G.reviewDigest, DIGEST),
  review_id: pattern(G.reviewId, ref("review")),
  reviewed_at_ms: time(G.reviewedAtMs),
  side: oneOf(G.side, ["buy", "sell"]),
  sides: setOf(G.sides, ["buy", "sell"]),
  strategy_ref: pattern(G.strategyRef, ref("strategy")),
  symbol: (v: Value | undefined, ctx: Context, where: Where) => {
    checkSymbol(v, ctx.variant, where);
  },
  /**
   * spec/ats.md, "symbol_allowlist": an array of at most 64 elements (the
   * empty array is valid and permits nothing); each element in order
   * passes the symbol check, then from the second on is compared with the
   * one before it by code point order: equal is a repeat, smaller is out of
   * order. Ignored shape (over 64): the elements are still checked;
   * ignored order or repeat: the next element is compared with this one.
   */
  symbol_allowlist: (v: Value | undefined, ctx: Context, where: Where) => {
    if (v?.type !== "array") fail(G.allowlistShape, where);
    if (v.items.length > MAX_ALLOWLIST) refuse(G.allowlistShape, where);
    let previous = "";
    v.items.forEach((item, i) => {
      const at = whereIn("symbol_allowlist", i);
      const symbol = checkSymbol(item, ctx.variant, at);
      if (i > 0) {
        const c = compareCodePoints(previous, symbol);
        if (c === 0) refuse(G.allowlistRepeat, at);
        else if (c > 0) refuse(G.allowlistOrder, at);
      }
      previous = symbol;
    });
  },
});

/** `status` of a binding: active or revoked. */
export const BINDING_STATUS = oneOf(G.bindingStatus, ["active", "revoked"]);
/** `status` of a review: previewed, refused or expired. */
export const REVIEW_STATUS = oneOf(G.reviewStatus, ["previewed", "refused", "expired"]);
/** `status` of an approval: unspent or spent. */
export const APPROVAL_STATUS = oneOf(G.approvalStatus, ["unspent", "spent"]);

// The ATS validators (spec/ats.md, "Validators"), the export projection and
// the optional bindings (spec/ats.md, "Export and optional binding").
//
// Every validator is the one procedure validate() run on a Shape (its
// fields in check order and its cross-field rules in check order) with a
// Context (the schema tag step 3 requires, and the /1 or /2 symbol and
// label checks). Each /1 and /2 pair is the same Shape with two Contexts,
// so /1 keeps its messages and its evaluation order ("One body per pair").
//
// Procedure (spec/ats.md, "Procedure"), the first refusal winning:
//   1. an object, else `ats.type` (no accept path);
//   2. members in document order: a name outside the shape is
//      `ats.unknown_member` (ignored: the member is skipped, kept in the
//      document and its digest);
//   3. fields in the shape's order: absent is `ats.missing_member`
//      (ignored: the field's check runs on the absent value, whose kind
//      fails with no accept path), present runs its check (rules.ts);
//   4. cross-field rules in the shape's order, numbers compared as IEEE-754
//      doubles (the literal's nearest double) (ignored: the next rule runs);
//   5. `ats.canonical` when JCS(document) does not exist (no accept path;
//      reached only with a guard ignored).
// A refusal carries the RFC 6901 pointer of the member it is about (the
// document itself for steps 1 and 5 and a missing member).

import { type Obj, type Value, literal, parseValue, whereIn } from "../jsonvalue.js";
import { type Guard, fail, refuse } from "../refusal.js";
import { atsDigest, canonicalizable, jcs, obj, str } from "./canonical.js";
import { REFUSALS as G } from "./refusals.js";
import { APPROVAL_STATUS, BINDING_STATUS, type Context, FIELDS, type FieldCheck, LADDER, REVIEW_STATUS } from "./rules.js";

/** The document itself, as a refusal's location. */
const ROOT = whereIn();

/** A cross-field rule (spec/ats.md, "The shapes"): refuses with its guard when its condition holds. */
type CrossRule = (doc: Obj) => void;

/** A closed shape: its fields in check order (step 3) and its cross-field rules in check order (step 4). */
export interface Shape {
  readonly fields: readonly (readonly [string, FieldCheck])[];
  readonly names: ReadonlySet<string>;
  readonly cross: readonly CrossRule[];
}

/** The shape of the named fields, in that order, with `status` given by its own rule where the shape has one. */
function shape(names: readonly string[], cross: readonly CrossRule[] = [], status?: FieldCheck): Shape {
  const fields = names.map((name) => {
    const check = name === "status" ? status : FIELDS[name];
    if (check === undefined) throw new Error(`no rule for field ${name}`);
    return [name, check] as const;
  });
  return Object.freeze({ fields, names: new Set(names), cross });
}

// --- Reading validated fields in cross-field rules ------------------------------
// Step 3 has passed, so every field is present with its kind (a wrong kind
// or an absent field has no accept path); only its rule may have been
// ignored.

function text(doc: Obj, name: string): string {
  const v = doc.members.get(name) as Value;
  return v.type === "string" ? v.value : "";
}

/** The field's number as an IEEE-754 double: the literal's nearest double. */
function num(doc: Obj, name: string): number {
  const v = doc.members.get(name) as Value;
  return v.type === "number" ? Number(v.text) : Number.NaN;
}

function isNull(doc: Obj, name: string): boolean {
  const v = doc.members.get(name) as Value;
  return v.type === "literal" && v.text === "null";
}

/** Refuses with g, located at the field name, when cond holds. */
function rule(cond: boolean, g: Guard, name: string): void {
  if (cond) refuse(g, whereIn(name));
}

// --- The shapes ------------------------------------------------------------------

/** The ladder rank of a mode, or -1 for a halt state (or any other string). */
function rank(mode: string): number {
  return LADDER.indexOf(mode);
}

/** `execution-state` (spec/ats.md): the mode ladder and its reason. */
export const EXECUTION_STATE = shape(
  ["schema_version", "requested_mode", "effective_mode", "reason", "observed_at_ms"],
  [
    (d) => {
      const requested = rank(text(d, "requested_mode"));
      const effective = rank(text(d, "effective_mode"));
      rule(requested >= 0 && effective >= 0 && effective > requested, G.stateExceeds, "effective_mode");
    },
    (d) => rule(text(d, "effective_mode") !== text(d, "requested_mode") && isNull(d, "reason"), G.stateReasonMissing, "reason"),
    (d) => rule(text(d, "effective_mode") === text(d, "requested_mode") && !isNull(d, "reason"), G.stateReasonExtra, "reason"),
  ],
);

/** `connector-capability`: support is not permission. */
export const CONNECTOR_CAPABILITY = shape([
  "schema_version",
  "provider",
  "adapter_id",
  "endpoint_schema_digest",
  "environments",
  "order_types",
  "provider_confirmation_modes",
  "grants_execution_authority",
  "observed_at_ms",
]);

/** `account-binding-v1`, `-v2`. */
export const ACCOUNT_BINDING = shape(
  [
    "schema_version",
    "account_binding_id",
    "binding_generation",
    "provider",
    "adapter_id",
    "endpoint_schema_digest",
    "environment",
    "account_ref",
    "masked_label",
    "currency",
    "status",
    "linked_at_ms",
  ],
  [],
  BINDING_STATUS,
);

/** `delegated-trading-grant-v1`, `-v2`. */
export const DELEGATED_TRADING_GRANT = shape(
  [
    "schema_version",
    "grant_id",
    "grant_version",
    "account_binding_id",
    "environment",
    "symbol_allowlist",
    "sides",
    "currency",
    "max_order_quantity",
    "max_order_notional_minor",
    "max_daily_orders",
    "max_daily_notional_minor",
    "max_position_notional_minor",
    "confirmation",
    "issued_at_ms",
    "expires_at_ms",
  ],
  [(d) => rule(num(d, "expires_at_ms") <= num(d, "issued_at_ms"), G.grantWindow, "expires_at_ms")],
);

/** `grant-usage` (untagged). */
export const GRANT_USAGE = shape(["grant_id", "orders_submitted", "notional_submitted_minor"]);

/** `equity-order-intent-v1`, `-v2`. */
export const EQUITY_ORDER_INTENT = shape(
  [
    "schema_version",
    "intent_id",
    "client_order_id",
    "request_id",
    "provider",
    "account_binding_id",
    "binding_generation",
    "adapter_id",
    "endpoint_schema_digest",
    "environment",
    "grant_id",
    "symbol",
    "side",
    "quantity",
    "order_type",
    "limit_price_minor",
    "currency",
    "created_at_ms",
    "expires_at_ms",
  ],
  [(d) => rule(num(d, "expires_at_ms") <= num(d, "created_at_ms"), G.intentWindow, "expires_at_ms")],
);

/** `order-review-receipt` (one version). */
export const ORDER_REVIEW_RECEIPT = shape(
  [
    "schema_version",
    "review_id",
    "intent_digest",
    "provider",
    "account_binding_id",
    "binding_generation",
    "adapter_id",
    "endpoint_schema_digest",
    "environment",
    "grant_id",
    "grant_version",
    "status",
    "refusal_reason",
    "reservation_ref",
    "reviewed_at_ms",
    "approval_deadline_ms",
    "reservation_expires_at_ms",
  ],
  [
    (d) => rule(num(d, "approval_deadline_ms") <= num(d, "reviewed_at_ms"), G.reviewDeadline, "approval_deadline_ms"),
    (d) =>
      rule(num(d, "approval_deadline_ms") > num(d, "reservation_expires_at_ms"), G.reviewReservation, "approval_deadline_ms"),
    (d) => rule((text(d, "status") === "refused") !== !isNull(d, "refusal_reason"), G.reviewRefusal, "refusal_reason"),
  ],
  REVIEW_STATUS,
);

/** `operator-approval-v1`, `-v2`. */
export const OPERATOR_APPROVAL = shape(
  [
    "schema_version",
    "approval_id",
    "review_digest",
    "intent_digest",
    "provider",
    "account_binding_id",
    "binding_generation",
    "adapter_id",
    "endpoint_schema_digest",
    "environment",
    "symbol",
    "side",
    "quantity",
    "order_type",
    "limit_price_minor",
    "currency",
    "operator_ref",
    "decision",
    "confirmation",
    "status",
    "approved_at_ms",
    "expires_at_ms",
  ],
  [(d) => rule(num(d, "expires_at_ms") <= num(d, "approved_at_ms"), G.approvalWindow, "expires_at_ms")],
  APPROVAL_STATUS,
);

/** The outcomes with a fill. */
const FILL: readonly string[] = ["filled", "partially_filled"];
/** The outcomes of an order the broker took. */
const ORDERED: readonly string[] = ["accepted", "filled", "partially_filled"];

/** `execution-receipt-v1`, `-v2`: seed invariants 7 and 8, rules 1 to 10. */
export const EXECUTION_RECEIPT = shape(
  [
    "schema_version",
    "receipt_id",
    "intent_digest",
    "provider",
    "account_binding_id",
    "binding_generation",
    "environment",
    "symbol",
    "side",
    "quantity",
    "currency",
    "outcome",
    "broker_confirmed",
    "broker_order_ref",
    "filled_quantity",
    "average_fill_price_minor",
    "reconciliation_state",
    "ambiguity_reason",
    "recorded_at_ms",
  ],
  [
    (d) => rule(text(d, "outcome") === "ambiguous" && confirmed(d), G.receiptAmbiguousConfirmed, "broker_confirmed"),
    (d) => rule(ORDERED.includes(text(d, "outcome")) && !confirmed(d), G.receiptUnconfirmed, "broker_confirmed"),
    (d) => rule(ORDERED.includes(text(d, "outcome")) && isNull(d, "broker_order_ref"), G.receiptOrderRef, "broker_order_ref"),
    (d) =>
      rule(
        FILL.includes(text(d, "outcome")) && (isNull(d, "filled_quantity") || isNull(d, "average_fill_price_minor")),
        G.receiptFillMissing,
        "filled_quantity",
      ),
    (d) =>
      rule(
        !FILL.includes(text(d, "outcome")) && (!isNull(d, "filled_quantity") || !isNull(d, "average_fill_price_minor")),
        G.receiptFillExtra,
        "filled_quantity",
      ),
    (d) => rule(!isNull(d, "filled_quantity") && num(d, "filled_quantity") > num(d, "quantity"), G.receiptOverfill, "filled_quantity"),
    (d) =>
      rule(
        text(d, "outcome") === "filled" && !isNull(d, "filled_quantity") && num(d, "filled_quantity") < num(d, "quantity"),
        G.receiptUnderfill,
        "filled_quantity",
      ),
    (d) =>
      rule(
        text(d, "outcome") === "partially_filled" && !isNull(d, "filled_quantity") && num(d, "filled_quantity") === num(d, "quantity"),
        G.receiptPartialWhole,
        "filled_quantity",
      ),
    (d) =>
      rule((text(d, "outcome") === "ambiguous") !== !isNull(d, "reconciliation_state"), G.receiptReconciliation, "reconciliation_state"),
    (d) => rule((text(d, "outcome") === "ambiguous") !== !isNull(d, "ambiguity_reason"), G.receiptAmbiguityReason, "ambiguity_reason"),
  ],
);

/** Whether `broker_confirmed` is the literal true. */
function confirmed(d: Obj): boolean {
  const v = d.members.get("broker_confirmed") as Value;
  return v.type === "literal" && v.text === "true";
}

/** `model-order-proposal-v1`, `-v2`: the closed untrusted model input. */
export const MODEL_ORDER_PROPOSAL = shape([
  "schema_version",
  "strategy_ref",
  "quote_ref",
  "symbol",
  "side",
  "quantity",
  "order_type",
  "limit_price_minor",
  "expires_at_ms",
]);

// --- The procedure ----------------------------------------------------------------

/**
 * Runs the validator procedure of `s` under `ctx` on the value v (steps 1
 * to 5 above). Returns v as the validated object, or throws the first
 * Refusal of the procedure.
 */
export function validate(v: Value, s: Shape, ctx: Context): Obj {
  if (v.type !== "object") fail(G.type, ROOT);
  for (const name of v.members.keys()) {
    if (!s.names.has(name)) refuse(G.unknownMember, whereIn(name)); // ignored: skipped
  }
  for (const [name, check] of s.fields) {
    const m = v.members.get(name);
    if (m === undefined) refuse(G.missingMember, ROOT); // ignored: the check fails its kind
    check(m, ctx, whereIn(name));
  }
  for (const cross of s.cross) cross(v);
  if (!canonicalizable(v)) fail(G.canonical, ROOT);
  return v;
}

/** A validator: one shape run with one context. */
export interface Validator {
  readonly shape: Shape;
  readonly ctx: Context;
}

function v1(s: Shape, tag: string): Validator {
  return Object.freeze({ shape: s, ctx: Object.freeze({ tag, variant: 1 }) });
}
function v2(s: Shape, tag: string): Validator {
  return Object.freeze({ shape: s, ctx: Object.freeze({ tag, variant: 2 }) });
}

/** The schema tags (spec/ats.md, "The shapes"). */
export const TAG = Object.freeze({
  executionState: "aether.ats.execution-state/1",
  connectorCapability: "aether.ats.connector-capability/1",
  bindingV1: "aether.ats.account-binding/1",
  bindingV2: "aether.ats.account-binding/2",
  grantV1: "aether.ats.delegated-trading-grant/1",
  grantV2: "aether.ats.delegated-trading-grant/2",
  intentV1: "aether.ats.equity-order-intent/1",
  intentV2: "aether.ats.equity-order-intent/2",
  review: "aether.ats.order-review-receipt/1",
  approvalV1: "aether.ats.operator-approval/1",
  approvalV2: "aether.ats.operator-approval/2",
  receiptV1: "aether.ats.execution-receipt/1",
  receiptV2: "aether.ats.execution-receipt/2",
  proposalV1: "aether.ats.model-order-proposal/1",
  proposalV2: "aether.ats.model-order-proposal/2",
});

/**
 * The sixteen validators of spec/ats.md's Operations table, by operation
 * name, in table order. `grant-usage` has no tag (its shape has no
 * schema_version, so its context's tag is never read).
 */
export const VALIDATORS = Object.freeze({
  "execution-state": v1(EXECUTION_STATE, TAG.executionState),
  "connector-capability": v1(CONNECTOR_CAPABILITY, TAG.connectorCapability),
  "account-binding-v1": v1(ACCOUNT_BINDING, TAG.bindingV1),
  "account-binding-v2": v2(ACCOUNT_BINDING, TAG.bindingV2),
  "delegated-trading-grant-v1": v1(DELEGATED_TRADING_GRANT, TAG.grantV1),
  "delegated-trading-grant-v2": v2(DELEGATED_TRADING_GRANT, TAG.grantV2),
  "grant-usage": v1(GRANT_USAGE, ""),
  "equity-order-intent-v1": v1(EQUITY_ORDER_INTENT, TAG.intentV1),
  "equity-order-intent-v2": v2(EQUITY_ORDER_INTENT, TAG.intentV2),
  "order-review-receipt": v1(ORDER_REVIEW_RECEIPT, TAG.review),
  "operator-approval-v1": v1(OPERATOR_APPROVAL, TAG.approvalV1),
  "operator-approval-v2": v2(OPERATOR_APPROVAL, TAG.approvalV2),
  "execution-receipt-v1": v1(EXECUTION_RECEIPT, TAG.receiptV1),
  "execution-receipt-v2": v2(EXECUTION_RECEIPT, TAG.receiptV2),
  "model-order-proposal-v1": v1(MODEL_ORDER_PROPOSAL, TAG.proposalV1),
  "model-order-proposal-v2": v2(MODEL_ORDER_PROPOSAL, TAG.proposalV2),
});

/** The name of a validator operation. */
export type ValidatorName = keyof typeof VALIDATORS;

/**
 * The verdict object of a document validated with shape s (spec/ats.md,
 * "Validator verdicts"): {digest: D(doc), schema_version} for a tagged
 * shape, {digest} for the untagged usage (whatever members an ignored
 * `ats.unknown_member` let through). doc must be canonicalizable.
 */
function verdictOf(doc: Obj, s: Shape): Obj {
  const members: [string, Value][] = [["digest", str(atsDigest(doc))]];
  if (s.names.has("schema_version")) members.push(["schema_version", doc.members.get("schema_version") as Value]);
  return obj(members);
}

/**
 * The operation of validator `name`: input bytes (one JSON value input,
 * `ats.input`) to JCS of its verdict, or a Refusal of the procedure.
 */
export function validatorOperation(name: ValidatorName): (input: Uint8Array) => Uint8Array {
  const { shape: s, ctx } = VALIDATORS[name];
  return (input) => jcs(verdictOf(validate(parseValue(input, G.input), s, ctx), s));
}

// --- Export and optional binding ---------------------------------------------------

/** The members of the export projection, each with the binding field it copies (spec/ats.md, "redact-binding-for-export"). */
const EXPORTED: readonly (readonly [string, string])[] = [
  ["account_binding_id", "account_binding_id"],
  ["binding_generation", "binding_generation"],
  ["binding_schema_version", "schema_version"],
  ["environment", "environment"],
  ["masked_label", "masked_label"],
  ["provider", "provider"],
  ["status", "status"],
];

/**
 * `redact-binding-for-export`: an account binding, validated with
 * `account-binding-v2` when it is an object whose schema_version is the
 * string of the /2 tag and with `account-binding-v1` otherwise (whose
 * refusals it then gives); on acceptance JCS of exactly the seven exported
 * members. `account_ref`, `adapter_id`, `endpoint_schema_digest`,
 * `currency` and `linked_at_ms` are never exported.
 */
export function redactBindingForExport(input: Uint8Array): Uint8Array {
  const v = parseValue(input, G.input);
  const tag = v.type === "object" ? v.members.get("schema_version") : undefined;
  const which = tag?.type === "string" && tag.value === TAG.bindingV2 ? "account-binding-v2" : "account-binding-v1";
  const { shape: s, ctx } = VALIDATORS[which];
  const doc = validate(v, s, ctx);
  return jcs(obj(EXPORTED.map(([out, field]) => [out, doc.members.get(field) as Value])));
}

/**
 * `optional-binding` (with `account-binding-v1`) and `optional-binding-v2`
 * (with `account-binding-v2`): the JSON null gives {"binding":null}; any
 * other value is validated, and gives {"binding": its verdict object}.
 */
function optionalBinding(name: "account-binding-v1" | "account-binding-v2"): (input: Uint8Array) => Uint8Array {
  const { shape: s, ctx } = VALIDATORS[name];
  return (input) => {
    const v = parseValue(input, G.input);
    if (v.type === "literal" && v.text === "null") return jcs(obj([["binding", literal("null")]]));
    return jcs(obj([["binding", verdictOf(validate(v, s, ctx), s)]]));
  };
}

/** `optional-binding`: null or an account binding /1. */
export const optionalBindingV1 = optionalBinding("account-binding-v1");
/** `optional-binding-v2`: null or an account binding /2. */
export const optionalBindingV2 = optionalBinding("account-binding-v2");

// ats/1 validators, export and optional bindings (spec/ats.md,
// "Validators", "Export and optional binding"): exact verdict bytes, every
// field rule at and past its bounds, kinds, the cross-field rules each way
// they fire, the /1 and /2 differences, precedence and the ignore
// semantics of every validator guard.
//
// Expected digests of accepted variants come from an oracle independent of
// the mirror: Node's JSON.stringify of the document with its members sorted
// (which is RFC 8785 for documents of integers and strings without lone
// surrogates) and node:crypto's SHA-256. The oracle is checked against the
// spec's own digests of the canonical instances first.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import * as ats from "../dist/ats.js";
import { VALIDATORS } from "../dist/ats/shapes.js";
import { CANONICAL, doc, json, raw } from "./ats-fixtures.mjs";
import { outcome, showUTF8 } from "./helpers.mjs";

const OP = ats.OPERATIONS;
const G = ats.REFUSALS;
const R = (g) => "refused: " + g.message;

/** The outcome of op on v (a JS value written by json(), or JSON text), as "refused: m" or the output as UTF-8. */
function run(op, v, ignore = []) {
  return showUTF8(OP[op], typeof v === "string" ? v : json(v), ignore);
}

function check(op, v, want, ignore = []) {
  const text = typeof v === "string" ? v : json(v);
  assert.equal(run(op, text, ignore), want, `${op} ${text.slice(0, 300)} ignore=${ignore.map((g) => g.code)}`);
}

/** v with object members sorted by UTF-16 units, recursively. */
function sorted(v) {
  if (Array.isArray(v)) return v.map(sorted);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sorted(v[k])]),
    );
  }
  return v;
}

/** The oracle's D(v). */
function D(v) {
  return "sha256:" + createHash("sha256").update(JSON.stringify(sorted(v)), "utf8").digest("hex");
}

/** d with its top-level raw() literals as the doubles JCS writes them (1.0 as 1, -0 as 0). */
function cooked(d) {
  return Object.fromEntries(
    Object.entries(d).map(([k, v]) => [k, typeof v === "string" && v.startsWith("\u0001") ? Number(v.slice(1, -1)) : v]),
  );
}

/** The verdict op answers for the document d, by the oracle. */
function verdict(op, d) {
  return op === "grant-usage"
    ? `{"digest":"${D(d)}"}`
    : `{"digest":"${D(d)}","schema_version":"${d.schema_version}"}`;
}

const PAIRS = [
  ["bindingV1", "bindingV2"],
  ["grantV1", "grantV2"],
  ["intentV1", "intentV2"],
  ["approvalV1", "approvalV2"],
  ["receiptV1", "receiptV2"],
  ["proposalV1", "proposalV2"],
];

/** Every canonical document's name, with the validator operation that takes it. */
const DOCS = Object.entries(CANONICAL).map(([name, c]) => [name, c.op]);

test("canonical instances: exact verdicts, with the spec's digests, and the oracle agrees", () => {
  assert.equal(DOCS.length, 17);
  for (const [name, c] of Object.entries(CANONICAL)) {
    const d = doc(name);
    assert.equal(D(d), c.digest, `oracle on ${name}`);
    assert.equal(JSON.stringify(sorted(d)), c.text, `${name} is JCS text`);
    const want = c.op === "grant-usage" ? `{"digest":"${c.digest}"}` : `{"digest":"${c.digest}","schema_version":"${d.schema_version}"}`;
    check(c.op, c.text, want);
    // Member order and whitespace are not the verdict's concern.
    const reversed = Object.fromEntries(Object.entries(d).reverse());
    check(c.op, " \n" + JSON.stringify(reversed, null, 2) + "\t", want);
  }
  // The spec's example verdict, byte for byte.
  check(
    "equity-order-intent-v2",
    CANONICAL.intentV2.text,
    '{"digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","schema_version":"aether.ats.equity-order-intent/2"}',
  );
});

test("one body per pair: each /1 and /2 validator is the same shape, differing only in tag and variant", () => {
  const pairs = [
    ["account-binding-v1", "account-binding-v2"],
    ["delegated-trading-grant-v1", "delegated-trading-grant-v2"],
    ["equity-order-intent-v1", "equity-order-intent-v2"],
    ["operator-approval-v1", "operator-approval-v2"],
    ["execution-receipt-v1", "execution-receipt-v2"],
    ["model-order-proposal-v1", "model-order-proposal-v2"],
  ];
  for (const [a, b] of pairs) {
    assert.equal(VALIDATORS[a].shape, VALIDATORS[b].shape, `${a} and ${b} share one shape`);
    assert.deepEqual(Object.keys(VALIDATORS[a].ctx).sort(), ["tag", "variant"]);
    assert.equal(VALIDATORS[a].ctx.variant, 1);
    assert.equal(VALIDATORS[b].ctx.variant, 2);
    assert.match(VALIDATORS[a].ctx.tag, /\/1$/);
    assert.equal(VALIDATORS[b].ctx.tag, VALIDATORS[a].ctx.tag.replace(/\/1$/, "/2"));
  }
});

test("a /2 validator given its /1 tag, and a /1 validator given its /2 tag, refuse at schema_version", () => {
  for (const [one, two] of PAIRS) {
    check(CANONICAL[two].op, doc(one), R(G.schemaVersion));
    check(CANONICAL[one].op, doc(two), R(G.schemaVersion));
    // Ignored, the document is validated with the other tag and accepted.
    check(CANONICAL[two].op, doc(one), verdict(CANONICAL[two].op, doc(one)), [G.schemaVersion]);
  }
  check("optional-binding", doc("bindingV2"), R(G.schemaVersion));
  check("optional-binding-v2", doc("bindingV1"), R(G.schemaVersion));
  // Another role's tag, and no tag at all.
  check("equity-order-intent-v2", { ...doc("intentV2"), schema_version: "aether.ats.operator-approval/2" }, R(G.schemaVersion));
  const { schema_version: _, ...untagged } = doc("intentV2");
  check("equity-order-intent-v2", untagged, R(G.missingMember));
  check("equity-order-intent-v2", untagged, R(G.schemaVersion), [G.missingMember]);
});

// --- Strict variants, single-cause rejects, frozen weaknesses ----------------------

test("strict variants: accepted by both /1 and /2", () => {
  const variants = [
    ["intent", { symbol: "BRK.B" }],
    ["approval", { symbol: "BRK-B" }],
    ["receipt", { symbol: "ABCDEF" }],
    ["proposal", { symbol: "A" }],
    ["grant", { symbol_allowlist: ["AAPL", "BRK.BBBB", "SPY"] }],
    ["binding", { masked_label: "\u2022\u2022\u2022\u2022 4821" }],
    ["binding", { masked_label: "Joint (...4821) #2" }],
    ["binding", { masked_label: "IRA_2 \u2026 1234-5678 *" }],
  ];
  for (const [shape, change] of variants) {
    for (const v of ["V1", "V2"]) {
      const d = { ...doc(shape + v), ...change };
      check(CANONICAL[shape + v].op, d, verdict(CANONICAL[shape + v].op, d));
    }
  }
});

test("single-cause rejects: lowercase spy and five ASCII digits, each flipping to accepted when its guard is ignored", () => {
  for (const shape of ["intent", "approval", "receipt", "proposal", "grant"]) {
    for (const [v, g] of [
      ["V1", G.symbol],
      ["V2", G.equityTicker],
    ]) {
      const d = doc(shape + v);
      if (shape === "grant") d.symbol_allowlist = ["AAPL", "BRK.B", "spy"];
      else d.symbol = "spy";
      const op = CANONICAL[shape + v].op;
      check(op, d, R(g));
      check(op, d, verdict(op, d), [g]);
    }
  }
  const b1 = { ...doc("bindingV1"), masked_label: "Acct 48213" };
  const b2 = { ...doc("bindingV2"), masked_label: "Acct 48213" };
  check("account-binding-v1", b1, R(G.labelDigitsV1));
  check("account-binding-v2", b2, R(G.labelDigits));
  check("account-binding-v1", b1, verdict("account-binding-v1", b1), [G.labelDigitsV1]);
  check("account-binding-v2", b2, verdict("account-binding-v2", b2), [G.labelDigits]);
  assert.equal(G.labelDigitsV1.message, "masked label has five or more consecutive digits");
  assert.equal(G.labelDigits.message, "masked label has more than four consecutive digits");
  // Four digits are fine in both; a fifth after a non-digit starts again.
  for (const label of ["Acct 4821", "12 345", "1234a1234"]) {
    check("account-binding-v1", { ...doc("bindingV1"), masked_label: label }, verdict("account-binding-v1", { ...doc("bindingV1"), masked_label: label }));
    check("account-binding-v2", { ...doc("bindingV2"), masked_label: label }, verdict("account-binding-v2", { ...doc("bindingV2"), masked_label: label }));
  }
});

const SEVEN = ["HTTPS://X", "A:B", "X/Y", "ABCDEFG", "BRK.BBBBB", "A^B", "1ABC"];

test("frozen weaknesses: 35 tickers and 6 labels that /1 accepts and /2 refuses", () => {
  let n = 0;
  for (const s of SEVEN) {
    for (const shape of ["intent", "approval", "receipt", "proposal", "grant"]) {
      const [d1, d2] = [doc(shape + "V1"), doc(shape + "V2")];
      for (const d of [d1, d2]) {
        if (shape === "grant") d.symbol_allowlist = ["AAPL", "BRK.B", "SPY", s].sort();
        else d.symbol = s;
      }
      check(CANONICAL[shape + "V1"].op, d1, verdict(CANONICAL[shape + "V1"].op, d1));
      check(CANONICAL[shape + "V2"].op, d2, R(G.equityTicker));
      check(CANONICAL[shape + "V2"].op, d2, verdict(CANONICAL[shape + "V2"].op, d2), [G.equityTicker]);
      n++;
    }
  }
  const labels = [
    "Acct \uff14\uff18\uff12\uff11\uff19",
    "Acct \u0664\u0668\u0662\u0661\u0669",
    "\u0410cct 4821",
    "Acct \u202e4821",
    "Acct\u200b4821",
    "\ufeffAcct 4821",
  ];
  for (const label of labels) {
    const d1 = { ...doc("bindingV1"), masked_label: label };
    const d2 = { ...doc("bindingV2"), masked_label: label };
    check("account-binding-v1", d1, verdict("account-binding-v1", d1));
    check("account-binding-v2", d2, R(G.labelChar));
    check("account-binding-v2", d2, verdict("account-binding-v2", d2), [G.labelChar]);
    // The export of the /1 binding carries the label as it is, in UTF-8.
    assert.ok(run("redact-binding-for-export", d1).includes(`"masked_label":"${label}"`));
    n++;
  }
  assert.equal(n, 41);
});

// --- Field rules ------------------------------------------------------------------------

const MAX = "9007199254740991";

/** A digit string plus one, without a double. */
const plusOne = (s) => (BigInt(s) + 1n).toString();

/** Field name to its guard (spec/ats.md, "Field rules"), but status, symbol, masked_label and symbol_allowlist. */
const camel = (f) => f.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

const REF = {
  account_binding_id: "bind",
  account_ref: "acct",
  approval_id: "approval",
  broker_order_ref: "broker",
  client_order_id: "client",
  grant_id: "grant",
  intent_id: "intent",
  operator_ref: "operator",
  quote_ref: "quote",
  receipt_id: "receipt",
  request_id: "req",
  reservation_ref: "resv",
  review_id: "review",
  strategy_ref: "strategy",
};
const INT = {
  approval_deadline_ms: ["0", MAX],
  approved_at_ms: ["0", MAX],
  average_fill_price_minor: ["1", "1000000000"],
  binding_generation: ["1", MAX],
  created_at_ms: ["0", MAX],
  expires_at_ms: ["0", MAX],
  filled_quantity: ["1", "1000000"],
  grant_version: ["1", MAX],
  issued_at_ms: ["0", MAX],
  limit_price_minor: ["1", "1000000000"],
  linked_at_ms: ["0", MAX],
  max_daily_notional_minor: ["0", "1000000000000000"],
  max_daily_orders: ["0", "1000000"],
  max_order_notional_minor: ["0", "1000000000000000"],
  max_order_quantity: ["1", "1000000"],
  max_position_notional_minor: ["0", "1000000000000000"],
  notional_submitted_minor: ["0", "1000000000000000"],
  observed_at_ms: ["0", MAX],
  orders_submitted: ["0", "1000000"],
  quantity: ["1", "1000000"],
  recorded_at_ms: ["0", MAX],
  reservation_expires_at_ms: ["0", MAX],
  reviewed_at_ms: ["0", MAX],
};
const ONE_OF = {
  confirmation: ["per_order"],
  decision: ["approved", "rejected"],
  effective_mode: ["offline", "observe", "review_only", "paper", "approve", "auto", "orders_paused", "emergency_locked"],
  environment: ["paper", "live"],
  order_type: ["limit"],
  outcome: ["accepted", "filled", "partially_filled", "refused", "cancelled", "ambiguous"],
  reconciliation_state: ["pending", "querying_broker", "operator_required"],
  requested_mode: ["offline", "observe", "review_only", "paper", "approve", "auto"],
  side: ["buy", "sell"],
};
const SETS = { environments: ["live", "paper"], order_types: ["limit", "market"], provider_confirmation_modes: ["per_order", "session", "standing"], sides: ["buy", "sell"] };
const NULLABLE = new Set(["ambiguity_reason", "average_fill_price_minor", "broker_order_ref", "filled_quantity", "reason", "reconciliation_state", "refusal_reason"]);
/** Fields a cross-field rule reads: their ignore flips and bounds are tested with the rules below. */
const CROSS = new Set([
  "requested_mode", "effective_mode", "reason", "issued_at_ms", "expires_at_ms", "created_at_ms", "reviewed_at_ms",
  "approval_deadline_ms", "reservation_expires_at_ms", "status", "refusal_reason", "approved_at_ms", "outcome",
  "broker_confirmed", "broker_order_ref", "filled_quantity", "average_fill_price_minor", "reconciliation_state",
  "ambiguity_reason", "quantity",
]);

/** The guard of field f in document name. */
function guardOf(name, f) {
  if (f === "status") return name.startsWith("binding") ? G.bindingStatus : name.startsWith("review") ? G.reviewStatus : G.approvalStatus;
  if (f === "symbol") return name.endsWith("V2") ? G.equityTicker : G.symbol;
  if (f === "masked_label") return G.labelType;
  if (f === "symbol_allowlist") return G.allowlistShape;
  return G[camel(f)];
}

/** [good values, bad values of the right kind, values of the wrong kind] of field f (JS values; raw() literals). */
function valuesOf(name, f) {
  const strings = [1, true, [], {}, raw("-0")];
  const numbers = ["1", true, [], {}, "NaN"];
  if (f in REF) {
    const p = REF[f];
    return [
      [`${p}_a`, `${p}_${"Z9".repeat(32)}`],
      [`${p}_`, `${p}_${"a".repeat(65)}`, `${p}x`, `${p}_a-b`, `${p}_a\n`, `${p.toUpperCase()}_a`, `x${p}_a`, `${p}_\u00e9`, `${p}_\uff21`],
      NULLABLE.has(f) ? strings : [...strings, null],
    ];
  }
  if (f in INT) {
    const [lo, hi] = INT[f];
    const bad = [raw(plusOne(hi)), raw("1.0"), raw("1e2"), raw("-1"), raw(lo + ".0"), raw("1E0"), raw(hi + "0")];
    if (lo === "1") bad.push(raw("0"), raw("-0"));
    else bad.push(raw("-0"));
    return [[Number(lo), Number(hi)], bad, NULLABLE.has(f) ? numbers : [...numbers, null]];
  }
  if (f in ONE_OF) {
    const S = ONE_OF[f];
    return [S, ["", "X", S[0].toUpperCase(), S[0] + " ", " " + S[0], S[0] + "\n", "orders_paused_"], NULLABLE.has(f) ? strings : [...strings, null]];
  }
  if (f in SETS) {
    const S = SETS[f];
    return [
      [[S[0]], [...S]],
      [[], [S[0], S[0]], [...S].reverse(), ["bogus"], [...S, "zz"], [S[0].toUpperCase()]],
      [S[0], null, 1, {}, [1], [S[0], null]],
    ];
  }
  switch (f) {
    case "schema_version":
      return [[CANONICAL[name].text.match(/"schema_version":"([^"]+)"/)[1]], ["aether.ats.x/1", ""], [1, null, []]];
    case "provider":
    case "adapter_id":
      return [["a", "a" + "0-".repeat(31) + "9"], ["", "A", "1a", "-a", "a_b", "a".repeat(65), "a b", "a\n"], [1, null, []]];
    case "ambiguity_reason":
    case "reason":
    case "refusal_reason":
      return [["a", "a_1"], ["", "A", "a-b", "1a", "a".repeat(65)], [1, true, []]];
    case "endpoint_schema_digest":
    case "intent_digest":
    case "review_digest":
      return [
        ["sha256:" + "0".repeat(64)],
        ["sha256:" + "A".repeat(64), "sha256:" + "0".repeat(63), "sha256:" + "0".repeat(65), "SHA256:" + "0".repeat(64), "sha256:" + "g".repeat(64)],
        [1, null, []],
      ];
    case "currency":
      return [["EUR"], ["usd", "US", "USDX", "US1", "\uff35SD"], [1, null, []]];
    case "broker_confirmed":
      return [[true, false], [], ["true", 1, null]];
    case "grants_execution_authority":
      return [[false], [true], ["false", 0, null, []]];
    case "status":
      return [[], ["bogus", ""], [1, null]];
    case "symbol":
      return [["SPY"], ["spy", ""], [1, null, ["SPY"]]];
    case "masked_label":
      return [["a"], [], [1, null, ["a"]]];
    case "symbol_allowlist":
      return [[[], ["SPY"]], [], ["SPY", null, {}, 1]];
  }
  throw new Error(`no test values for ${f}`);
}

test("every field of every shape: missing, wrong kind (no accept path), broken rule (ignored: kept), good values", () => {
  let cases = 0;
  for (const [name, op] of DOCS) {
    const base = doc(name);
    for (const f of Object.keys(base)) {
      const g = guardOf(name, f);
      assert.ok(g !== undefined, `${name}.${f} has a guard`);
      const [good, bad, wrong] = valuesOf(name, f);
      // Missing: ats.missing_member; ignored, the kind fails under the field's guard.
      const { [f]: _, ...missing } = base;
      check(op, missing, R(G.missingMember));
      check(op, missing, R(g), [G.missingMember]);
      for (const v of wrong) {
        const d = { ...base, [f]: v };
        check(op, d, R(g));
        check(op, d, R(g), [g]);
        cases++;
      }
      for (const v of bad) {
        const d = { ...base, [f]: v };
        check(op, d, R(g));
        if (!CROSS.has(f)) check(op, d, verdict(op, cooked(d)), [g]);
        cases++;
      }
      if (!CROSS.has(f)) {
        for (const v of good) {
          const d = { ...base, [f]: v };
          check(op, d, verdict(op, d));
          cases++;
        }
      }
    }
  }
  assert.ok(cases > 1000, `${cases} cases`);
});

test("int rules compare the literal's digits, never a double", () => {
  // 9007199254740993 rounds to 2^53 as a double; 2^53 itself is out too.
  for (const t of ["9007199254740992", "9007199254740993", "18014398509481984"]) {
    check("order-review-receipt", json({ ...doc("reviewV2"), grant_version: raw(t) }), R(G.grantVersion));
    check("grant-usage", json({ ...doc("usage"), orders_submitted: raw(t) }), R(G.ordersSubmitted));
  }
  check("account-binding-v2", json({ ...doc("bindingV2"), binding_generation: raw(MAX) }), verdict("account-binding-v2", { ...doc("bindingV2"), binding_generation: Number(MAX) }));
  check("grant-usage", json({ ...doc("usage"), notional_submitted_minor: raw("1000000000000001") }), R(G.notionalSubmittedMinor));
  check("grant-usage", json({ ...doc("usage"), notional_submitted_minor: raw("1000000000000000") }), verdict("grant-usage", { ...doc("usage"), notional_submitted_minor: 1e15 }));
  // The non-finite strings are of the wrong kind in a document, even in the usage counters.
  for (const s of ["NaN", "Infinity", "-Infinity"]) {
    check("grant-usage", { ...doc("usage"), orders_submitted: s }, R(G.ordersSubmitted));
    check("grant-usage", { ...doc("usage"), notional_submitted_minor: s }, R(G.notionalSubmittedMinor), [G.notionalSubmittedMinor]);
  }
  // Ignored, a literal out of the double range is kept and then cannot be canonicalized.
  check("grant-usage", json({ ...doc("usage"), orders_submitted: raw("1e400") }), R(G.ordersSubmitted));
  check("grant-usage", json({ ...doc("usage"), orders_submitted: raw("1e400") }), R(G.canonical), [G.ordersSubmitted]);
  // Ignored, 1.0 is kept and canonicalized as 1 (JCS), so the digest is that of 1.
  check("grant-usage", json({ ...doc("usage"), orders_submitted: raw("3.0") }), verdict("grant-usage", doc("usage")), [G.ordersSubmitted]);
});

test("a lone surrogate in a string field refuses with the field's rule; ignored, with ats.canonical", () => {
  const cases = [
    ["intentV2", "intent_id", "intent_\ud800"],
    ["intentV2", "provider", "acme\udc00"],
    ["reviewV2", "reservation_ref", "resv_\ud800"],
    ["receiptV1", "symbol", "SPY\ud800"],
  ];
  for (const [name, f, v] of cases) {
    const op = CANONICAL[name].op;
    const g = guardOf(name, f);
    check(op, { ...doc(name), [f]: v }, R(g));
    check(op, { ...doc(name), [f]: v }, R(G.canonical), [g]);
  }
  const label = { ...doc("bindingV1"), masked_label: "Acct \ud800 1" };
  check("account-binding-v1", label, R(G.labelSurrogate));
  check("account-binding-v1", label, R(G.canonical), [G.labelSurrogate]);
  check("account-binding-v2", { ...doc("bindingV2"), masked_label: "Acct \ud800 1" }, R(G.labelChar));
  // A paired astral character is two units: outside the /2 set, fine in /1.
  const astral = { ...doc("bindingV1"), masked_label: "Acct \u{1F600}" };
  check("account-binding-v1", astral, verdict("account-binding-v1", astral));
});

// --- Labels, symbols and the allowlist ---------------------------------------------------

test("masked label: kind, then length in UTF-16 units, then one scan; /1 and /2 each with their messages", () => {
  for (const [name, op] of [["bindingV1", "account-binding-v1"], ["bindingV2", "account-binding-v2"]]) {
    for (const v of [1, null, true, ["a"], {}]) {
      check(op, { ...doc(name), masked_label: v }, R(G.labelType));
      check(op, { ...doc(name), masked_label: v }, R(G.labelType), [G.labelType]);
    }
    const ok = (label) => check(op, { ...doc(name), masked_label: label }, verdict(op, { ...doc(name), masked_label: label }));
    ok("a");
    ok("a".repeat(64));
    for (const label of ["", "a".repeat(65)]) {
      check(op, { ...doc(name), masked_label: label }, R(G.labelLength));
      check(op, { ...doc(name), masked_label: label }, verdict(op, { ...doc(name), masked_label: label }), [G.labelLength]);
    }
  }
  // Units, not code points: 32 astral characters are 64 units, 33 are 66.
  const ok1 = (label) => check("account-binding-v1", { ...doc("bindingV1"), masked_label: label }, verdict("account-binding-v1", { ...doc("bindingV1"), masked_label: label }));
  ok1("\u{1F600}".repeat(32));
  check("account-binding-v1", { ...doc("bindingV1"), masked_label: "\u{1F600}".repeat(33) }, R(G.labelLength));
  // /1: control, surrogate, five ASCII digits; the first hit wins.
  for (const [label, g] of [
    ["a\u0000", G.labelControl],
    ["a\u007f", G.labelControl],
    ["a\u009f", G.labelControl],
    ["a\n", G.labelControl],
    ["12345", G.labelDigitsV1],
    ["1234\u00005", G.labelControl],
    ["12345\u0001", G.labelDigitsV1],
    ["\u000112345", G.labelControl],
  ]) {
    check("account-binding-v1", { ...doc("bindingV1"), masked_label: label }, R(g));
  }
  // Ignored, the scan goes on: the next hit refuses.
  check("account-binding-v1", { ...doc("bindingV1"), masked_label: "\u000112345" }, R(G.labelDigitsV1), [G.labelControl]);
  check("account-binding-v1", { ...doc("bindingV1"), masked_label: "123456" }, verdict("account-binding-v1", { ...doc("bindingV1"), masked_label: "123456" }), [G.labelDigitsV1]);
  // /2: the closed set, then five digits.
  for (const ch of ["!", "@", "/", ":", "\u00e9", "\u2023", "\u0000", "\t", "\uff10", "\u{1F600}"]) {
    check("account-binding-v2", { ...doc("bindingV2"), masked_label: "a" + ch }, R(G.labelChar));
  }
  for (const label of ["A-Za-z0-9 .-_()#*\u2022\u2026", "(....) #9 *"]) {
    check("account-binding-v2", { ...doc("bindingV2"), masked_label: label }, verdict("account-binding-v2", { ...doc("bindingV2"), masked_label: label }));
  }
  check("account-binding-v2", { ...doc("bindingV2"), masked_label: "!12345" }, R(G.labelDigits), [G.labelChar]);
  check("account-binding-v2", { ...doc("bindingV2"), masked_label: "12345" }, R(G.labelDigits));
});

test("symbol checks: /1 symbol() and /2 equityTicker(), whole string, ASCII only", () => {
  const good2 = ["SPY", "BRK.B", "BRK-B", "A", "ABCDEF", "ABCDEF.ABCD"];
  const bad2 = ["", "spy", "SPY\n", "\nSPY", "\uff33PY", "ABCDEF.ABCDE", "BRK.", ".B", "BRK.B.C", "BRK_B", "1A", "A1", "*"];
  const good1 = ["A", "0", "A=B_C-D", "Z9.^:=_/-", "A".repeat(40), ...SEVEN];
  const bad1 = ["", "A".repeat(41), "a", ".A", "A\n", "A B", "\uff21", "A*B", "*", "A#"];
  for (const [name, ok, no, g] of [
    ["intentV2", good2, bad2, G.equityTicker],
    ["intentV1", good1, bad1, G.symbol],
  ]) {
    const op = CANONICAL[name].op;
    for (const s of ok) check(op, { ...doc(name), symbol: s }, verdict(op, { ...doc(name), symbol: s }));
    for (const s of no) check(op, { ...doc(name), symbol: s }, R(g));
  }
});

test("symbol_allowlist: at most 64, each a symbol, strictly ascending by code point; empty is valid", () => {
  for (const [name, g] of [["grantV1", G.symbol], ["grantV2", G.equityTicker]]) {
    const op = CANONICAL[name].op;
    const with_ = (list) => ({ ...doc(name), symbol_allowlist: list });
    const ok = (list) => check(op, with_(list), verdict(op, with_(list)));
    ok([]);
    const sixtyFour = Array.from({ length: 64 }, (_, i) => "A" + String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    ok(sixtyFour);
    const sixtyFive = [...sixtyFour, "ZZZ"];
    check(op, with_(sixtyFive), R(G.allowlistShape));
    check(op, with_(sixtyFive), verdict(op, with_(sixtyFive)), [G.allowlistShape]);
    // Ignored shape: the elements are still checked.
    check(op, with_([...sixtyFour, "zzz"]), R(g), [G.allowlistShape]);
    for (const v of ["SPY", {}, null, 1]) check(op, with_(v), R(G.allowlistShape), [G.allowlistShape]);
    // Per element: the symbol check (a non-string has no accept path), then the comparison.
    check(op, with_(["AAPL", 1]), R(g));
    check(op, with_(["AAPL", 1]), R(g), [g]);
    check(op, with_(["AAPL", "AAPL"]), R(G.allowlistRepeat));
    check(op, with_(["SPY", "AAPL"]), R(G.allowlistOrder));
    check(op, with_(["AAPL", "AAPL"]), verdict(op, with_(["AAPL", "AAPL"])), [G.allowlistRepeat]);
    check(op, with_(["SPY", "AAPL"]), verdict(op, with_(["SPY", "AAPL"])), [G.allowlistOrder]);
    // Ignored order: the next element is compared with this one.
    check(op, with_(["SPY", "AAPL", "AAPL"]), R(G.allowlistRepeat), [G.allowlistOrder]);
    check(op, with_(["SPY", "AAPL", "AAB"]), R(G.allowlistOrder), [G.allowlistRepeat]);
    // The symbol check comes before the comparison with the previous element.
    check(op, with_(["SPY", "spy"]), R(g));
    check(op, with_(["SPY", "spy"]), verdict(op, with_(["SPY", "spy"])), [g]);
    check(op, with_(["SPY", "SPY", "spy"]), R(G.allowlistRepeat));
    // No wildcard.
    check(op, with_(["*"]), R(g));
  }
  // Code point order: "BRK.B" < "BRK.BBBB" < "BRKB" ('.' is U+002E < 'B').
  const list = ["BRK.B", "BRK.BBBB", "BRKB"];
  check("delegated-trading-grant-v2", { ...doc("grantV2"), symbol_allowlist: list }, verdict("delegated-trading-grant-v2", { ...doc("grantV2"), symbol_allowlist: list }));
});

// --- Cross-field rules --------------------------------------------------------------------

/** Checks that d is refused with g by op, and accepted (by the oracle) with g ignored. */
function crossRule(op, d, g, also = []) {
  check(op, d, R(g));
  check(op, d, verdict(op, d), [g, ...also]);
}

test("execution-state: the mode ladder, halt states and the reason", () => {
  const op = "execution-state";
  const st = (requested, effective, reason) => ({ ...doc("executionState"), requested_mode: requested, effective_mode: effective, reason });
  const ladder = ["offline", "observe", "review_only", "paper", "approve", "auto"];
  for (const [i, requested] of ladder.entries()) {
    for (const [j, effective] of ladder.entries()) {
      const d = st(requested, effective, i === j ? null : "operator_downgrade");
      if (j > i) crossRule(op, d, G.stateExceeds);
      else check(op, d, verdict(op, d));
    }
    for (const halt of ["orders_paused", "emergency_locked"]) {
      const d = st(requested, halt, "kill_switch");
      check(op, d, verdict(op, d));
      crossRule(op, st(requested, halt, null), G.stateReasonMissing);
      check(op, st(halt, halt, null), R(G.requestedMode));
    }
  }
  crossRule(op, st("approve", "paper", null), G.stateReasonMissing);
  crossRule(op, st("approve", "approve", "why"), G.stateReasonExtra);
  // Exceeding and a missing reason: the first rule wins; ignored, the next one runs.
  check(op, st("paper", "auto", null), R(G.stateExceeds));
  check(op, st("paper", "auto", null), R(G.stateReasonMissing), [G.stateExceeds]);
  // An ignored mode rule leaves a string with no rank: only the reason rules apply.
  check(op, st("paper", "bogus", null), R(G.stateReasonMissing), [G.effectiveMode]);
  const bogus = st("paper", "bogus", "x");
  check(op, bogus, verdict(op, bogus), [G.effectiveMode]);
});

test("windows: grant, intent, review and approval, at equality and one past", () => {
  const cases = [
    ["grantV2", "issued_at_ms", "expires_at_ms", G.grantWindow],
    ["grantV1", "issued_at_ms", "expires_at_ms", G.grantWindow],
    ["intentV2", "created_at_ms", "expires_at_ms", G.intentWindow],
    ["intentV1", "created_at_ms", "expires_at_ms", G.intentWindow],
    ["approvalV2", "approved_at_ms", "expires_at_ms", G.approvalWindow],
    ["approvalV1", "approved_at_ms", "expires_at_ms", G.approvalWindow],
    ["reviewV2", "reviewed_at_ms", "approval_deadline_ms", G.reviewDeadline],
  ];
  for (const [name, from, to, g] of cases) {
    const op = CANONICAL[name].op;
    const base = doc(name);
    crossRule(op, { ...base, [to]: base[from] }, g);
    crossRule(op, { ...base, [to]: base[from] - 1 }, g);
    const after = { ...base, [to]: base[from] + 1 };
    check(op, after, verdict(op, after));
  }
  const op = "order-review-receipt";
  const r = doc("reviewV2");
  const equal = { ...r, approval_deadline_ms: r.reservation_expires_at_ms };
  check(op, equal, verdict(op, equal));
  crossRule(op, { ...r, approval_deadline_ms: r.reservation_expires_at_ms + 1 }, G.reviewReservation);
  // Both review times broken: deadline first, then reservation when it is ignored.
  const both = { ...r, reviewed_at_ms: r.reservation_expires_at_ms + 5, approval_deadline_ms: r.reservation_expires_at_ms + 1 };
  check(op, both, R(G.reviewDeadline));
  check(op, both, R(G.reviewReservation), [G.reviewDeadline]);
  check(op, both, verdict(op, both), [G.reviewDeadline, G.reviewReservation]);
  // Ignored time rules: cross-field rules compare doubles (1.0 is 1, 1e400 is Infinity).
  const w = json({ ...doc("grantV2"), issued_at_ms: raw("1e400") });
  check("delegated-trading-grant-v2", w, R(G.grantWindow), [G.issuedAtMs]);
  check("delegated-trading-grant-v2", w, R(G.canonical), [G.issuedAtMs, G.grantWindow]);
});

test("review: refusal_reason is set exactly when status is refused", () => {
  const op = "order-review-receipt";
  const r = doc("reviewV2");
  const refused = { ...r, status: "refused", refusal_reason: "insufficient_buying_power" };
  check(op, refused, verdict(op, refused));
  crossRule(op, { ...r, status: "refused" }, G.reviewRefusal);
  crossRule(op, { ...r, refusal_reason: "why" }, G.reviewRefusal);
  crossRule(op, { ...r, status: "expired", refusal_reason: "why" }, G.reviewRefusal);
  const expired = { ...r, status: "expired" };
  check(op, expired, verdict(op, expired));
});

test("execution receipt: fill facts only when broker-confirmed and never more than ordered; ambiguous is first-class", () => {
  const ops = [["receiptV1", "execution-receipt-v1"], ["receiptV2", "execution-receipt-v2"]];
  for (const [name, op] of ops) {
    const base = doc(name);
    const none = { filled_quantity: null, average_fill_price_minor: null };
    const ambiguous = { ...base, ...none, outcome: "ambiguous", broker_confirmed: false, broker_order_ref: null, reconciliation_state: "pending", ambiguity_reason: "timeout_after_submit" };
    const accepted = { ...base, ...none, outcome: "accepted" };
    const partial = { ...base, outcome: "partially_filled", filled_quantity: 4 };
    const refused = { ...base, ...none, outcome: "refused", broker_confirmed: false, broker_order_ref: null };
    const cancelled = { ...base, ...none, outcome: "cancelled", broker_confirmed: true };
    for (const d of [base, ambiguous, accepted, partial, refused, cancelled, { ...ambiguous, reconciliation_state: "operator_required" }]) {
      check(op, d, verdict(op, d));
    }
    crossRule(op, { ...ambiguous, broker_confirmed: true }, G.receiptAmbiguousConfirmed); // 1
    for (const d of [base, accepted, partial]) crossRule(op, { ...d, broker_confirmed: false }, G.receiptUnconfirmed); // 2
    for (const d of [base, accepted, partial]) crossRule(op, { ...d, broker_order_ref: null }, G.receiptOrderRef); // 3
    crossRule(op, { ...base, filled_quantity: null }, G.receiptFillMissing); // 4, either fact
    crossRule(op, { ...base, average_fill_price_minor: null }, G.receiptFillMissing);
    crossRule(op, { ...partial, filled_quantity: null, average_fill_price_minor: null }, G.receiptFillMissing);
    for (const d of [accepted, refused, cancelled, ambiguous]) {
      crossRule(op, { ...d, filled_quantity: 1 }, G.receiptFillExtra); // 5, either fact
      crossRule(op, { ...d, average_fill_price_minor: 58010 }, G.receiptFillExtra);
    }
    crossRule(op, { ...base, filled_quantity: 11 }, G.receiptOverfill); // 6
    crossRule(op, { ...partial, filled_quantity: 11 }, G.receiptOverfill);
    crossRule(op, { ...base, filled_quantity: 9 }, G.receiptUnderfill); // 7
    crossRule(op, { ...partial, filled_quantity: 10 }, G.receiptPartialWhole); // 8
    crossRule(op, { ...ambiguous, reconciliation_state: null }, G.receiptReconciliation); // 9, both directions
    crossRule(op, { ...refused, reconciliation_state: "pending" }, G.receiptReconciliation);
    crossRule(op, { ...ambiguous, ambiguity_reason: null }, G.receiptAmbiguityReason); // 10, both directions
    crossRule(op, { ...refused, ambiguity_reason: "why" }, G.receiptAmbiguityReason);
    // Precedence: with a rule ignored the next one runs.
    const two = { ...ambiguous, broker_confirmed: true, filled_quantity: 1 };
    check(op, two, R(G.receiptAmbiguousConfirmed));
    check(op, two, R(G.receiptFillExtra), [G.receiptAmbiguousConfirmed]);
    // An ignored outcome rule leaves an outcome in none of the sets.
    const bogus = { ...refused, outcome: "bogus" };
    check(op, bogus, verdict(op, bogus), [G.outcome]);
  }
});

// --- Members, precedence, canonical -------------------------------------------------------

test("closed shapes: unknown members in document order before any field; ignored, skipped but kept in the digest", () => {
  for (const [name, op] of DOCS) {
    const d = { ...doc(name), note: "x" };
    check(op, d, R(G.unknownMember));
    check(op, d, verdict(op, d), [G.unknownMember]);
    // Before a missing field and before a bad tag.
    const { schema_version: _s, ...rest } = doc(name);
    check(op, { ...rest, zzz: 1 }, R(G.unknownMember));
  }
  // The model proposal has no account, environment, grant, client, request ID or operator decision.
  for (const f of ["account_binding_id", "environment", "grant_id", "client_order_id", "request_id", "decision", "currency", "provider"]) {
    check("model-order-proposal-v2", { ...doc("proposalV2"), [f]: "x" }, R(G.unknownMember));
    check("model-order-proposal-v1", { [f]: "x", ...doc("proposalV1") }, R(G.unknownMember));
  }
  // The usage is untagged: a schema_version is outside its shape, and ignored it is not in the verdict.
  const tagged = { ...doc("usage"), schema_version: "aether.ats.grant-usage/1" };
  check("grant-usage", tagged, R(G.unknownMember));
  check("grant-usage", tagged, verdict("grant-usage", tagged), [G.unknownMember]);
  // Ignored, an unknown member that cannot be canonicalized reaches ats.canonical.
  check("grant-usage", { ...doc("usage"), "\ud800": 1 }, R(G.canonical), [G.unknownMember]);
  check("grant-usage", json({ ...doc("usage"), big: raw("1e400") }), R(G.canonical), [G.unknownMember]);
});

test("precedence: type, members, fields in the shape's order, cross-field rules", () => {
  for (const [, op] of DOCS) {
    for (const v of ["1", '"x"', "[]", "null", "true", "[{}]"]) {
      check(op, v, R(G.type));
      check(op, v, R(G.type), [G.type]);
    }
    check(op, "{}", R(G.missingMember));
  }
  // Fields in list order: intent_id comes before symbol, schema_version first of all.
  const i = { ...doc("intentV2"), symbol: "spy", intent_id: "x", schema_version: "x" };
  check("equity-order-intent-v2", i, R(G.schemaVersion));
  check("equity-order-intent-v2", i, R(G.intentId), [G.schemaVersion]);
  check("equity-order-intent-v2", i, R(G.equityTicker), [G.schemaVersion, G.intentId]);
  // A field rule before a cross-field rule.
  const w = { ...doc("intentV2"), expires_at_ms: 1, currency: "usd" };
  check("equity-order-intent-v2", w, R(G.currency));
  check("equity-order-intent-v2", w, R(G.intentWindow), [G.currency]);
  // A missing field before a later field's defect.
  const { quantity: _, ...noQuantity } = { ...doc("intentV2"), currency: "usd" };
  check("equity-order-intent-v2", noQuantity, R(G.missingMember));
  // The input itself: ats.input, no accept path.
  for (const t of ["", "{", '{"a":1,"a":1}', "\ufeff{}", "[" .repeat(129) + "]".repeat(129), "{} {}", "'x'"]) {
    check("grant-usage", t, R(G.input));
    check("grant-usage", t, R(G.input), [G.input]);
  }
  assert.equal(outcome(OP["grant-usage"], new Uint8Array([0x7b, 0xff, 0x7d])).refused, G.input.message);
});

// --- Export and optional bindings -------------------------------------------------------

test("redact-binding-for-export: exactly seven members, the /2 body for the exact /2 tag only", () => {
  const op = "redact-binding-for-export";
  check(
    op,
    doc("bindingV2"),
    '{"account_binding_id":"bind_7Qm2Xw9Lk4","binding_generation":3,"binding_schema_version":"aether.ats.account-binding/2","environment":"live","masked_label":"Individual ****4821","provider":"acme-broker","status":"active"}',
  );
  check(
    op,
    doc("bindingV1"),
    '{"account_binding_id":"bind_7Qm2Xw9Lk4","binding_generation":3,"binding_schema_version":"aether.ats.account-binding/1","environment":"live","masked_label":"Individual ****4821","provider":"acme-broker","status":"active"}',
  );
  // Never exported: account_ref, adapter_id, endpoint_schema_digest, currency, linked_at_ms.
  for (const f of ["account_ref", "adapter_id", "endpoint_schema_digest", "currency", "linked_at_ms", "acct_R8v3Nf6Tz1Hq"]) {
    assert.ok(!run(op, doc("bindingV2")).includes(f), f);
  }
  // The /1 body for anything but the exact /2 tag: its refusals.
  check(op, "[]", R(G.type));
  check(op, { ...doc("bindingV2"), schema_version: "aether.ats.account-binding/3" }, R(G.schemaVersion));
  check(op, { ...doc("bindingV2"), schema_version: 2 }, R(G.schemaVersion));
  check(op, { ...doc("bindingV1"), masked_label: "Acct \u202e4821" }, run(op, { ...doc("bindingV1"), masked_label: "Acct \u202e4821" }));
  assert.ok(run(op, { ...doc("bindingV1"), masked_label: "Acct \u202e4821" }).startsWith("{"));
  check(op, { ...doc("bindingV2"), masked_label: "Acct \u202e4821" }, R(G.labelChar));
  check(op, { ...doc("bindingV1"), masked_label: "Acct 12345" }, R(G.labelDigitsV1));
  check(op, { ...doc("bindingV2"), masked_label: "Acct 12345" }, R(G.labelDigits));
  check(op, { ...doc("bindingV2"), account_ref: "acct_" }, R(G.accountRef));
  // Ignored unknown member: skipped, never exported.
  assert.ok(!run(op, { ...doc("bindingV2"), secret: "x" }, [G.unknownMember]).includes("secret"));
});

test("optional bindings: null is no binding, anything else is validated", () => {
  check("optional-binding", "null", '{"binding":null}');
  check("optional-binding-v2", " null ", '{"binding":null}');
  check("optional-binding", doc("bindingV1"), `{"binding":{"digest":"${CANONICAL.bindingV1.digest}","schema_version":"aether.ats.account-binding/1"}}`);
  check(
    "optional-binding-v2",
    doc("bindingV2"),
    '{"binding":{"digest":"sha256:6a193d05b5125f3492e6684567915af61ae2b1e4402b03d97d8569745411b083","schema_version":"aether.ats.account-binding/2"}}',
  );
  for (const op of ["optional-binding", "optional-binding-v2"]) {
    for (const v of ["false", "0", '"null"', "[null]", "{}"]) check(op, v, v === "{}" ? R(G.missingMember) : R(G.type));
    check(op, { ...doc("bindingV2"), status: "gone" }, op === "optional-binding" ? R(G.schemaVersion) : R(G.bindingStatus));
  }
});

// ats/1 gates (spec/ats.md, "Gates"): the faithful /2 chain, the version,
// member, branch, boundary, IEEE and envelope cases of the spec's plan,
// each through the gates the spec names, with the exact verdict bytes or
// message; then the single-cause property of the branches (ignoring a
// reachable branch changes exactly its own case, ignoring an unreachable
// one changes nothing), re-validation with no guard ignored, and the
// gates' laws (executable equals version-blind on valid /2 chains, no
// chain with a /1 member is executable, member order is irrelevant).
//
// Every chain is built from the spec's canonical instances by the change
// the spec names, then resealed (R.intent_digest := D(I), A.intent_digest
// := D(I), A.review_digest := D(R)) with an oracle digest independent of
// the mirror: JSON.stringify of the sorted document and node:crypto.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import * as ats from "../dist/ats.js";
import { F_APPROVAL, F_COMMIT, approvalEnvelope, doc, faithful, json, raw } from "./ats-fixtures.mjs";
import { showUTF8 } from "./helpers.mjs";

const OP = ats.OPERATIONS;
const G = ats.REFUSALS;
const R = (g) => "refused: " + g.message;

const VA = "verify-approval-chain";
const VC = "verify-commit-authority";
const XA = "verify-executable-approval-chain";
const XC = "verify-executable-commit-authority";
const APPROVAL_GATES = [VA, XA];
const COMMIT_GATES = [VC, XC];

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

/** Reseals env in place: R.intent_digest := D(I), A.intent_digest := D(I), A.review_digest := D(R), but the names in keep. */
function reseal(env, keep = []) {
  if (!keep.includes("review.intent_digest")) env.review.intent_digest = D(env.intent);
  if (!keep.includes("approval.intent_digest")) env.approval.intent_digest = D(env.intent);
  if (!keep.includes("approval.review_digest")) env.approval.review_digest = D(env.review);
  return env;
}

/** The envelope a gate takes from a commit envelope. */
function envelopeFor(gate, env) {
  return gate === VA || gate === XA ? approvalEnvelope(env) : env;
}

function run(gate, env, ignore = []) {
  return showUTF8(OP[gate], typeof env === "string" ? env : json(envelopeFor(gate, env)), ignore);
}

function check(gate, env, want, ignore = [], what = "") {
  assert.equal(run(gate, env, ignore), want, `${what} ${gate} ignore=${ignore.map((g) => g.code)}`);
}

/** The verdict a gate answers on acceptance, by the oracle. */
function accepted(gate, env) {
  const decision = gate === VA || gate === XA ? "approval-chain-verified" : "commit-authorized";
  return `{"decision":"${decision}","intent_digest":"${D(env.intent)}","review_digest":"${D(env.review)}"}`;
}

const retag = (d, tag) => ({ ...d, schema_version: tag });

test("the faithful /2 chain: every gate accepts with the spec's verdict", () => {
  check(VC, faithful(), F_COMMIT);
  check(XC, faithful(), F_COMMIT);
  check(VA, faithful(), F_APPROVAL);
  check(XA, faithful(), F_APPROVAL);
  assert.equal(accepted(VC, faithful()), F_COMMIT);
});

// --- Version and member cases --------------------------------------------------------

const VERSION = {
  V1: () => faithful(),
  V2: () => reseal({ ...faithful(), intent: doc("intentV1") }),
  V3: () => {
    const e = faithful();
    e.approval.schema_version = "aether.ats.operator-approval/1";
    return e;
  },
  V4: () => ({ ...faithful(), binding: doc("bindingV1") }),
  V5: () => ({ ...faithful(), grant: doc("grantV1") }),
  V6: () => ({
    ...faithful(),
    intent: doc("intentV1"),
    review: doc("reviewV1"),
    approval: doc("approvalV1"),
    binding: doc("bindingV1"),
    grant: doc("grantV1"),
  }),
};

test("version cases: the version-blind gates accept all six, the executable ones only V1", () => {
  assert.equal(VERSION.V2().review.intent_digest, doc("reviewV1").intent_digest);
  for (const [name, make] of Object.entries(VERSION)) {
    const env = make();
    for (const gate of [VC, VA]) check(gate, env, accepted(gate, env), [], name);
    if (name === "V1") {
      check(XC, env, accepted(XC, env), [], name);
      check(XA, env, accepted(XA, env), [], name);
      continue;
    }
    check(XC, env, R(G.executableChain), [], name);
    // Ignored, re-validation runs and a /1 member fails its /2 validator's tag.
    check(XC, env, R(G.executableMember), [G.executableChain], name);
    // With both ignored, the executable gate is the version-blind one.
    check(XC, env, accepted(XC, env), [G.executableChain, G.executableMember], name);
    const approvalChainHasV1 = name === "V2" || name === "V3" || name === "V6";
    check(XA, env, approvalChainHasV1 ? R(G.executableChain) : accepted(XA, env), [], name);
  }
  // The exact texts the seed quotes.
  assert.equal(
    G.executableChain.message,
    "Only an order chain whose intent, approval, account binding and grant are all /2 may authorize an executable order; any /1 member makes it a historical record.",
  );
  assert.equal(
    G.executableMember.message,
    "An executable order chain member failed re-validation; only freshly validated /2 documents and well-formed inputs may authorize an order.",
  );
  // A missing, non-string or other role's tag is not /2 either.
  const e = faithful();
  delete e.grant.schema_version;
  check(XC, e, R(G.executableChain));
  check(XC, { ...faithful(), binding: retag(doc("bindingV2"), 2) }, R(G.executableChain));
  check(XC, { ...faithful(), grant: retag(doc("grantV2"), "aether.ats.account-binding/2") }, R(G.executableChain));
  // The review and the usage take no part.
  const r = faithful();
  r.usage.schema_version = "aether.ats.grant-usage/1";
  check(XC, r, R(G.executableMember));
});

const M1_INTENT = () => retag({ ...doc("intentV1"), symbol: "HTTPS://X" }, "aether.ats.equity-order-intent/2");
const M1_APPROVAL = () => retag({ ...doc("approvalV1"), symbol: "HTTPS://X" }, "aether.ats.operator-approval/2");
const M1_GRANT = () => retag({ ...doc("grantV1"), symbol_allowlist: ["AAPL", "BRK.B", "HTTPS://X", "SPY"] }, "aether.ats.delegated-trading-grant/2");
const M1_BINDING = () => retag({ ...doc("bindingV1"), masked_label: "Acct \u202e4821" }, "aether.ats.account-binding/2");

const MEMBER = {
  M1: () => reseal({ ...faithful(), intent: M1_INTENT(), approval: M1_APPROVAL(), grant: M1_GRANT(), binding: M1_BINDING() }),
  M2: () => ({ ...faithful(), binding: M1_BINDING() }),
  M3: () => ({ ...faithful(), grant: M1_GRANT() }),
  M4: () => {
    const e = faithful();
    e.intent.account_number = "000123456789";
    return reseal(e);
  },
  M5: () => {
    const e = faithful();
    e.review.approval_deadline_ms = 1790001860001;
    return reseal(e);
  },
  M6: () => {
    const e = faithful();
    e.approval.confirmation = "session";
    return e;
  },
  M7: () => {
    const e = faithful();
    e.usage.notional_submitted_minor = "NaN";
    return e;
  },
  M8: () => ({ ...faithful(), clock_ms: "NaN" }),
  M9: () => ({ ...faithful(), resulting_position_notional_minor: -5800000 }),
};
const MEMBER_IN_APPROVAL_CHAIN = new Set(["M1", "M4", "M5", "M6", "M8"]);

test("member cases: the version-blind gates accept all nine, the executable ones refuse them at re-validation", () => {
  for (const [name, make] of Object.entries(MEMBER)) {
    const env = make();
    check(VC, env, accepted(VC, env), [], name);
    check(XC, env, R(G.executableMember), [], name);
    // Ignored, steps 5 to 8 run exactly as in the version-blind gate.
    check(XC, env, accepted(XC, env), [G.executableMember], name);
    if (MEMBER_IN_APPROVAL_CHAIN.has(name)) {
      check(VA, env, accepted(VA, env), [], name);
      check(XA, env, R(G.executableMember), [], name);
      check(XA, env, accepted(XA, env), [G.executableMember], name);
    } else {
      check(XA, env, accepted(XA, env), [], name);
    }
  }
});

test("re-validation runs with no guard ignored, whatever the ignore set holds", () => {
  const cases = [
    ["M1", [G.equityTicker, G.labelChar]],
    ["M2", [G.labelChar]],
    ["M3", [G.equityTicker]],
    ["M4", [G.unknownMember]],
    ["M5", [G.reviewReservation]],
    ["M6", [G.confirmation]],
    ["M7", [G.notionalSubmittedMinor]],
  ];
  for (const [name, guards] of cases) {
    check(XC, MEMBER[name](), R(G.executableMember), guards, name);
    // ...while those guards, ignored, do change the validators themselves.
  }
  const m6 = MEMBER.M6().approval;
  assert.equal(showUTF8(OP["operator-approval-v2"], json(m6), [G.confirmation]).startsWith('{"digest"'), true);
  assert.equal(showUTF8(OP["operator-approval-v2"], json(m6)), R(G.confirmation));
  // The clock and the position: int[0, 2^53-1] on the literal.
  for (const bad of ["NaN", "Infinity", "-Infinity", raw("-1"), raw("-0"), raw("2.5"), raw("1e3"), raw("1790000180000.0"), raw("9007199254740992")]) {
    check(XC, { ...faithful(), clock_ms: bad }, R(G.executableMember), [], `clock ${bad}`);
    check(XA, { ...faithful(), clock_ms: bad }, R(G.executableMember), [], `clock ${bad}`);
    check(XC, { ...faithful(), resulting_position_notional_minor: bad }, R(G.executableMember), [], `position ${bad}`);
  }
  check(XC, { ...faithful(), resulting_position_notional_minor: 0 }, F_COMMIT);
  // 10.0 in the intent fails re-validation; the version-blind gate digests it by JCS, where it is 10, so F's review answers it.
  const e = faithful();
  e.intent.quantity = raw("10.0");
  const text = json(e);
  assert.equal(showUTF8(OP[XC], text), R(G.executableMember));
  assert.equal(showUTF8(OP[VC], text), F_COMMIT);
  assert.equal(showUTF8(OP[XC], text, [G.executableMember]), F_COMMIT);
});

// --- Branch cases ------------------------------------------------------------------------

const OTHER = {
  provider: "other-broker",
  adapter_id: "acme-fix",
  endpoint_schema_digest: "sha256:" + "0".repeat(63) + "1",
  account_binding_id: "bind_Other00001",
  grant_id: "grant_Other00001",
};

/** change(env) for each reachable branch (spec/ats.md, "Branch cases"), the env resealed unless said otherwise. */
const BRANCH = {
  1: () => {
    const e = faithful();
    e.review.intent_digest = D(doc("intentV1"));
    return reseal(e, ["review.intent_digest", "approval.intent_digest"]);
  },
  2: () => {
    const e = faithful();
    e.approval.review_digest = D(doc("reviewV1"));
    return e;
  },
  3: () => {
    const e = faithful();
    e.approval.intent_digest = D(doc("intentV1"));
    return e;
  },
  5: () => reviewChange({ provider: OTHER.provider }),
  6: () => reviewChange({ account_binding_id: OTHER.account_binding_id }),
  7: () => {
    const e = reviewChange({ binding_generation: 4 });
    e.binding.binding_generation = 4;
    return e;
  },
  8: () => reviewChange({ adapter_id: OTHER.adapter_id }),
  9: () => reviewChange({ endpoint_schema_digest: OTHER.endpoint_schema_digest }),
  10: () => reviewChange({ environment: "paper" }),
  11: () => approvalChange({ provider: OTHER.provider }),
  12: () => approvalChange({ account_binding_id: OTHER.account_binding_id }),
  13: () => approvalChange({ binding_generation: 4 }),
  14: () => approvalChange({ adapter_id: OTHER.adapter_id }),
  15: () => approvalChange({ endpoint_schema_digest: OTHER.endpoint_schema_digest }),
  16: () => approvalChange({ environment: "paper" }),
  17: () => reviewChange({ grant_id: OTHER.grant_id }),
  18: () => approvalChange({ symbol: "AAPL" }),
  19: () => approvalChange({ side: "sell" }),
  20: () => approvalChange({ quantity: 11 }),
  21: () => approvalChange({ limit_price_minor: 58013 }),
  22: () => approvalChange({ currency: "EUR" }),
  23: () => reviewChange({ status: "refused", refusal_reason: "insufficient_buying_power" }),
  24: () => reviewChange({ status: "expired" }),
  25: () => approvalChange({ decision: "rejected" }),
  26: () => approvalChange({ status: "spent" }),
  27: () => {
    const e = faithful();
    e.intent.expires_at_ms = 1790000180000;
    return reseal(e);
  },
  28: () => reviewChange({ approval_deadline_ms: 1790000180000 }),
  30: () => approvalChange({ approved_at_ms: 1790000059999 }),
  31: () => approvalChange({ approved_at_ms: 1790000960000, expires_at_ms: 1790001560000 }),
  32: () => approvalChange({ expires_at_ms: 1790000180000 }),
  33: () => {
    const e = faithful();
    e.binding.account_binding_id = OTHER.account_binding_id;
    e.grant.account_binding_id = OTHER.account_binding_id;
    return e;
  },
  34: () => memberChange("binding", { binding_generation: 4 }),
  35: () => memberChange("binding", { provider: OTHER.provider }),
  36: () => memberChange("binding", { adapter_id: OTHER.adapter_id }),
  37: () => memberChange("binding", { endpoint_schema_digest: OTHER.endpoint_schema_digest }),
  38: () => {
    const e = memberChange("binding", { environment: "paper" });
    e.grant.environment = "paper";
    return e;
  },
  39: () => memberChange("binding", { status: "revoked" }),
  40: () => memberChange("binding", { currency: "EUR" }),
  41: () => {
    const e = memberChange("grant", { grant_id: OTHER.grant_id });
    e.usage.grant_id = OTHER.grant_id;
    return e;
  },
  42: () => memberChange("grant", { grant_version: 3 }),
  43: () => memberChange("grant", { account_binding_id: OTHER.account_binding_id }),
  44: () => memberChange("grant", { environment: "paper" }),
  46: () => memberChange("grant", { issued_at_ms: 1790000180001 }),
  47: () => memberChange("grant", { expires_at_ms: 1790000180000 }),
  48: () => memberChange("grant", { symbol_allowlist: [] }),
  49: () => memberChange("grant", { sides: ["sell"] }),
  50: () => memberChange("grant", { currency: "EUR" }),
  51: () => memberChange("grant", { max_order_quantity: 9 }),
  52: () => memberChange("grant", { max_order_notional_minor: 580119 }),
  53: () => memberChange("usage", { grant_id: OTHER.grant_id }),
  54: () => memberChange("usage", { orders_submitted: 20 }),
  55: () => memberChange("usage", { notional_submitted_minor: 49419881 }),
  56: () => ({ ...faithful(), resulting_position_notional_minor: 100000001 }),
  57: () => ({ ...faithful(), mode: "emergency_locked" }),
  58: () => ({ ...faithful(), mode: "orders_paused" }),
  59: () => ({ ...faithful(), mode: "review_only" }),
  60: () => ({ ...faithful(), mode: "paper" }),
};

function reviewChange(change) {
  const e = faithful();
  Object.assign(e.review, change);
  return reseal(e);
}
function approvalChange(change) {
  const e = faithful();
  Object.assign(e.approval, change);
  return e;
}
function memberChange(role, change) {
  const e = faithful();
  Object.assign(e[role], change);
  return e;
}

/** The 60 branch guards in branch order (spec/ats.md, "Step 7"), from the refusal table. */
const BRANCH_GUARDS = Object.values(G).filter((g) => g.code.startsWith("ats.chain_") || g.code.startsWith("ats.commit_"));
const guardOfBranch = (n) => BRANCH_GUARDS[n - 1];
const UNREACHABLE = [4, 29, 45];
/** Where ignoring the branch hands its case to a backstop (spec/ats.md, "Ignored guards": shadowed). */
const BACKSTOP = { 1: 4, 3: 4, 38: 45, 44: 45 };

test("the branch table: 60 branches in order, 57 with a case, texts as the spec writes them", () => {
  assert.equal(BRANCH_GUARDS.length, 60);
  assert.equal(Object.keys(BRANCH).length, 57);
  for (let n = 1; n <= 60; n++) assert.equal(n in BRANCH, !UNREACHABLE.includes(n), `branch ${n}`);
  assert.equal(guardOfBranch(1).message, "Review does not answer this intent.");
  assert.equal(guardOfBranch(32).code, "ats.chain_approval_expired");
  assert.equal(guardOfBranch(34).message, "Account was re-linked after this order was reviewed.");
  assert.equal(guardOfBranch(42).message, "Grant changed after review.");
  assert.equal(guardOfBranch(60).message, "Paper mode can submit only paper orders.");
});

test("branch cases: each of the 57 refuses with its message from the version-blind and the executable gates", () => {
  let lines = 0;
  for (const [key, make] of Object.entries(BRANCH)) {
    const n = Number(key);
    const env = make();
    const gates = n <= 32 ? [...COMMIT_GATES, ...APPROVAL_GATES] : COMMIT_GATES;
    for (const gate of gates) {
      check(gate, env, R(guardOfBranch(n)), [], `branch ${n}`);
      // Ignored: the next branch runs; a backstop refuses where the spec says so.
      const want = n in BACKSTOP ? R(guardOfBranch(BACKSTOP[n])) : accepted(gate, env);
      check(gate, env, want, [guardOfBranch(n)], `branch ${n}`);
      lines++;
    }
    // Every chain member of a branch case passes its /2 validator.
    for (const [role, op] of [
      ["intent", "equity-order-intent-v2"],
      ["review", "order-review-receipt"],
      ["approval", "operator-approval-v2"],
      ["binding", "account-binding-v2"],
      ["grant", "delegated-trading-grant-v2"],
      ["usage", "grant-usage"],
    ]) {
      assert.ok(showUTF8(OP[op], json(env[role])).startsWith('{"digest"'), `branch ${n}: ${role} is valid`);
    }
  }
  assert.equal(lines, 30 * 4 + 27 * 2);
});

test("single cause: ignoring a reachable branch changes exactly its own case; an unreachable one changes nothing", () => {
  const cases = Object.entries(BRANCH).map(([k, make]) => [Number(k), make()]);
  const gates = [VC, XC, VA, XA];
  const base = new Map();
  for (const [n, env] of cases) for (const gate of gates) base.set(`${n} ${gate}`, run(gate, env));
  for (let b = 1; b <= 60; b++) {
    const g = guardOfBranch(b);
    for (const [n, env] of cases) {
      for (const gate of gates) {
        const before = base.get(`${n} ${gate}`);
        const after = run(gate, env, [g]);
        if (n === b && before === R(g)) assert.notEqual(after, before, `ignoring ${b} changes its case on ${gate}`);
        else assert.equal(after, before, `ignoring branch ${b} changes case ${n} on ${gate}`);
      }
    }
  }
});

test("branches 34 and 42: a review and approval minted under the /1 binding or grant refuse the re-issued /2 one", () => {
  const b = faithful();
  b.binding.binding_generation = 4;
  check(XC, b, R(guardOfBranch(34)));
  const g = faithful();
  g.grant.grant_version = 3;
  check(XC, g, R(guardOfBranch(42)));
});

test("boundaries and extras: the same answer from both commit gates", () => {
  const paper = () => {
    const e = faithful();
    for (const role of ["intent", "review", "approval", "binding", "grant"]) e[role].environment = "paper";
    e.mode = "paper";
    return reseal(e);
  };
  const cases = [
    [memberChange("grant", { symbol_allowlist: ["AAPL", "BRK.B"] }), R(guardOfBranch(48))],
    [memberChange("grant", { max_order_notional_minor: 580120 }), null],
    [memberChange("usage", { orders_submitted: 19 }), null],
    [memberChange("usage", { notional_submitted_minor: 49419880 }), null],
    [{ ...faithful(), resulting_position_notional_minor: 100000000 }, null],
    [{ ...faithful(), mode: "offline" }, R(guardOfBranch(59))],
    [{ ...faithful(), mode: "observe" }, R(guardOfBranch(59))],
    [paper(), null],
    [{ ...faithful(), mode: "auto" }, null],
    [{ ...faithful(), mode: "Approve" }, R(guardOfBranch(59))],
    [{ ...faithful(), mode: "" }, R(guardOfBranch(59))],
  ];
  for (const [env, want] of cases) {
    for (const gate of COMMIT_GATES) check(gate, env, want ?? accepted(gate, env));
  }
  // With the kill switch ignored, emergency_locked passes 59 and the gate accepts.
  check(VC, BRANCH[57](), accepted(VC, BRANCH[57]()), [guardOfBranch(57)]);
  // The paper-mode chain is approved by the approval-chain gates as well.
  check(XA, paper(), accepted(XA, paper()));
});

// --- IEEE-754 semantics ----------------------------------------------------------------------

test("IEEE-754 in the version-blind gates: NaN passes every expiry and limit, Infinity is past every expiry", () => {
  const cases = [
    ["E1", { ...faithful(), clock_ms: "Infinity" }, R(guardOfBranch(27)), R(guardOfBranch(27))],
    ["E2", { ...faithful(), clock_ms: "-Infinity" }, null, R(guardOfBranch(46))],
    ["E3", memberChange("usage", { orders_submitted: "Infinity" }), undefined, R(guardOfBranch(54))],
    ["E4", memberChange("usage", { notional_submitted_minor: "-Infinity" }), undefined, null],
    ["E5", { ...faithful(), resulting_position_notional_minor: "Infinity" }, undefined, R(guardOfBranch(56))],
    ["E6", { ...memberChange("grant", { max_position_notional_minor: 0 }), resulting_position_notional_minor: "NaN" }, undefined, null],
    ["E7", memberChange("usage", { orders_submitted: -1 }), undefined, null],
    ["E8", { ...faithful(), clock_ms: raw("1790000180000.5") }, undefined, null],
  ];
  cases[6][1].grant.max_daily_orders = 0;
  for (const [name, env, approval, commit] of cases) {
    check(VC, env, commit ?? accepted(VC, env), [], name);
    if (approval !== undefined) check(VA, env, approval ?? accepted(VA, env), [], name);
    // The executable gates refuse every one of them at re-validation.
    check(XC, env, R(G.executableMember), [], name);
  }
  // E1 with branch 27 ignored: branch 28 refuses.
  check(VC, cases[0][1], R(guardOfBranch(28)), [guardOfBranch(27)]);
  // A NaN clock passes every time branch, even at the reservation (29) and the grant window (46, 47).
  const nan = { ...faithful(), clock_ms: "NaN" };
  nan.grant.issued_at_ms = 1790000180001;
  nan.grant.expires_at_ms = 1790000100000;
  nan.grant.issued_at_ms = 1790000000000;
  check(VC, nan, accepted(VC, nan));
  // NaN and negative usage and positions pass every limit.
  const neg = faithful();
  neg.usage.notional_submitted_minor = -1e15;
  neg.usage.orders_submitted = "NaN";
  neg.resulting_position_notional_minor = "-Infinity";
  check(VC, neg, accepted(VC, neg));
  // A literal beyond the double range reads as Infinity: past every expiry, over every limit.
  check(VC, json({ ...faithful(), clock_ms: raw("1e400") }), R(guardOfBranch(27)));
  check(VC, json({ ...faithful(), resulting_position_notional_minor: raw("1e400") }), R(guardOfBranch(56)));
  check(VC, json({ ...faithful(), resulting_position_notional_minor: raw("-1e400") }), F_COMMIT);
  // -0 compares equal to 0; 1.0 equals 1 between two documents' numbers.
  const z = memberChange("grant", { max_position_notional_minor: 0 });
  check(VC, json({ ...z, resulting_position_notional_minor: raw("-0") }), accepted(VC, z));
  const q = faithful();
  q.approval.quantity = raw("10.0");
  q.approval.binding_generation = raw("3e0");
  check(VC, json(q), F_COMMIT);
});

test("IEEE: the non-finite strings are exact, and allowed only where the spec allows them", () => {
  for (const s of ["nan", "inf", "infinity", "+Infinity", "NaN ", "-NaN", "1"]) {
    for (const gate of [VA, VC, XA, XC]) check(gate, { ...faithful(), clock_ms: s }, R(G.envelope), [], s);
    check(VC, memberChange("usage", { orders_submitted: s }), R(G.gateField), [], s);
  }
  // Not in document numbers a gate reads.
  check(VC, memberChange("grant", { max_daily_orders: "Infinity" }), R(G.gateField));
  check(VC, memberChange("intent", { quantity: "NaN" }), R(G.gateField));
});

// --- Envelope, read set, canonical ------------------------------------------------------------

test("envelope, read and canonical refusals, none with an accept path", () => {
  /** Each: the envelope a gate is given (its own envelope, then the change). */
  const change = (f) => (gate) => {
    const e = envelopeFor(gate, faithful());
    f(e);
    return json(e);
  };
  const envelopes = [
    () => "[]",
    () => "1",
    () => "null",
    () => '"x"',
    change((e) => delete e.clock_ms),
    change((e) => delete e.intent),
    change((e) => {
      e.note = 1;
    }),
    change((e) => {
      e.intent = [];
    }),
    change((e) => {
      e.clock_ms = "nan";
    }),
    change((e) => {
      e.clock_ms = true;
    }),
    change((e) => {
      e.review = null;
    }),
    change((e) => {
      e.approval = "x";
    }),
    change((e) => {
      e.clock_ms = null;
    }),
  ];
  for (const make of envelopes) {
    for (const gate of [VA, VC, XA, XC]) {
      const text = make(gate);
      assert.equal(showUTF8(OP[gate], text), R(G.envelope), `${gate} ${text.slice(0, 80)}`);
      assert.equal(showUTF8(OP[gate], text, [G.envelope]), R(G.envelope));
    }
  }
  for (const env of [{ ...faithful(), mode: 1 }, { ...faithful(), resulting_position_notional_minor: null }, { ...faithful(), usage: "x" }]) {
    for (const gate of COMMIT_GATES) check(gate, env, R(G.envelope));
  }
  // The approval-chain gates refuse the commit envelope's extra members, and vice versa.
  check(VA, json(faithful()), R(G.envelope));
  check(VC, json(approvalEnvelope(faithful())), R(G.envelope));
  // Read set.
  const noSymbol = faithful();
  delete noSymbol.intent.symbol;
  const quantityString = approvalChange({ quantity: "10" });
  for (const env of [reseal(noSymbol), quantityString]) {
    for (const gate of [VA, VC]) {
      check(gate, env, R(G.gateField));
      check(gate, env, R(G.gateField), [G.gateField]);
    }
    // The executable gates never reach it: re-validation refuses first; ignored, the read refuses.
    check(XC, env, R(G.executableMember));
    check(XC, env, R(G.gateField), [G.executableMember]);
  }
  check(VC, memberChange("grant", { symbol_allowlist: [1] }), R(G.gateField));
  check(VC, memberChange("usage", { orders_submitted: "3" }), R(G.gateField));
  check(VC, memberChange("binding", { binding_generation: null }), R(G.gateField));
  check(VC, memberChange("grant", { sides: "buy" }), R(G.gateField));
  // What the gate does not read is never checked (the version-blind gates).
  const unread = faithful();
  delete unread.intent.client_order_id;
  delete unread.binding.masked_label;
  unread.grant.confirmation = 7;
  check(VC, reseal(unread), accepted(VC, unread));
  // Canonical: the digest step refuses before any branch (digests as in F).
  const canon = [
    (() => {
      const e = faithful();
      e.intent.note = "\ud800";
      return e;
    })(),
    (() => {
      const e = faithful();
      e.intent.size = raw("1e400");
      return e;
    })(),
    (() => {
      const e = faithful();
      e.review.note = "\udc00";
      return e;
    })(),
  ];
  for (const env of canon) {
    for (const gate of [VA, VC]) {
      check(gate, json(envelopeFor(gate, env)), R(G.canonical));
      check(gate, json(envelopeFor(gate, env)), R(G.canonical), [G.canonical]);
    }
    check(XC, json(env), R(G.executableMember));
  }
});

test("precedence: envelope, version, re-validation, read, canonical, branches in order", () => {
  // Two defects: the first in the spec's order wins.
  const e = BRANCH[60]();
  e.review.provider = OTHER.provider; // branch 5, resealed below
  reseal(e);
  check(VC, e, R(guardOfBranch(5)));
  check(VC, e, R(guardOfBranch(60)), [guardOfBranch(5)]);
  const v = { ...VERSION.V4(), clock_ms: "NaN" };
  check(XC, v, R(G.executableChain));
  check(XC, v, R(G.executableMember), [G.executableChain]);
  const r = faithful();
  r.intent.note = "\ud800";
  delete r.review.status;
  check(VC, r, R(G.gateField));
  check(VC, { ...r, clock_ms: "nan" }, R(G.envelope));
  // Intent's digest before the review's; both before the branches.
  const c = faithful();
  c.review.note = "\udc00";
  c.mode = "bogus";
  check(VC, c, R(G.canonical));
});

// --- Laws ---------------------------------------------------------------------------------------

/** A small deterministic generator. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** v with the members of every object in a random order. */
function shuffled(v, r) {
  if (Array.isArray(v)) return v.map((x) => shuffled(x, r));
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [keys[i], keys[j]] = [keys[j], keys[i]];
    }
    return Object.fromEntries(keys.map((k) => [k, shuffled(v[k], r)]));
  }
  return v;
}

const ALL_CASES = () => [
  ...Object.values(VERSION).map((m) => m()),
  ...Object.values(MEMBER).map((m) => m()),
  ...Object.values(BRANCH).map((m) => m()),
];

test("laws: member order is irrelevant; executable equals version-blind on valid /2 chains; no /1 member is executable", () => {
  const r = rng(14);
  for (const env of ALL_CASES()) {
    for (const gate of [VA, VC, XA, XC]) {
      const want = run(gate, env);
      for (let k = 0; k < 3; k++) assert.equal(showUTF8(OP[gate], json(shuffled(envelopeFor(gate, env), r))), want);
    }
  }
  // On every branch case (valid /2 chains) and F, the executable gate answers the version-blind gate's bytes.
  for (const env of [faithful(), ...Object.values(BRANCH).map((m) => m())]) {
    assert.equal(run(XC, env), run(VC, env));
    assert.equal(run(XA, env), run(VA, env));
  }
  // Any /1 member, in any role, in any valid chain: never executable.
  const ones = { intent: "intentV1", approval: "approvalV1", binding: "bindingV1", grant: "grantV1" };
  for (const make of [faithful, ...Object.values(BRANCH)]) {
    for (const [role, name] of Object.entries(ones)) {
      const env = make();
      env[role] = doc(name);
      if (role === "intent") reseal(env);
      assert.ok(!run(XC, env).startsWith("{"), `${role} /1 is not executable`);
      assert.ok(!run(XC, env, [G.executableChain]).startsWith("{"), `${role} /1 is not executable with the version step ignored`);
      if (role === "intent" || role === "approval") assert.ok(!run(XA, env).startsWith("{"));
    }
  }
});

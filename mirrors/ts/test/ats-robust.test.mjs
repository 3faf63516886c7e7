// ats/1 on bad input: every operation fed malformed inputs (wrong JSON
// types, missing documents, members of every wrong type, huge arrays and
// strings, deep nesting, envelopes holding any of these) answers an output
// or a refusal from the contract's own table, never another exception, in
// bounded time; with no guard ignored and with every ats/1 guard ignored.
// Without any guard ignored, a refusal always says where it happened.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as ats from "../dist/ats.js";
import { Refusal, setIgnored } from "../dist/refusal.js";
import { CANONICAL, doc, faithful, json } from "./ats-fixtures.mjs";
import { GUARDS } from "./helpers.mjs";

const MESSAGES = new Set(Object.values(ats.REFUSALS).map((g) => g.message));
const GATES = ["verify-approval-chain", "verify-commit-authority", "verify-executable-approval-chain", "verify-executable-commit-authority"];

/** [depth] nested arrays around x. */
const nest = (depth, x = "0") => "[".repeat(depth) + x + "]".repeat(depth);

/** Inputs that are wrong for every operation, as JSON text (or bytes). */
function generic() {
  return [
    "",
    " ",
    "{",
    "}",
    "[",
    "nul",
    "1",
    "-0",
    "1e400",
    '"x"',
    '"\\ud800"',
    "null",
    "true",
    "[]",
    "{}",
    "[{}]",
    '{"":null}',
    nest(128),
    nest(129),
    `{"a":${nest(127)}}`,
    `{"a":${nest(128)}}`,
    "[" + "1,".repeat(200000) + "1]",
    "{" + Array.from({ length: 20000 }, (_, i) => `"m${i}":${i}`).join(",") + "}",
    '"' + "a".repeat(1 << 20) + '"',
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    Buffer.from([0x7b, 0xc0, 0x80, 0x7d]),
  ];
}

/**
 * Each canonical document with each member replaced by values of every
 * wrong shape, removed, or doubled under a name outside its shape, as
 * [operations, inputs]: its own validator and the other validators of its
 * family (the other version, the export and optional bindings), plus one
 * validator of another shape.
 */
function documents() {
  const bad = [null, true, 0, -1, 1.5, "", "x", [], {}, [[]], { a: 1 }, "\ud800", "a".repeat(70000), Array(5000).fill("SPY")];
  const out = [];
  for (const name of Object.keys(CANONICAL)) {
    const base = doc(name);
    const inputs = [];
    for (const f of Object.keys(base)) {
      for (const v of bad) inputs.push(json({ ...base, [f]: v }));
      const { [f]: _, ...rest } = base;
      inputs.push(json(rest));
      inputs.push(json({ ...base, [`${f}_`]: base[f] }));
    }
    inputs.push(`{${json(base).slice(1, -1)},"deep":${nest(126)}}`);
    const op = CANONICAL[name].op;
    const family = Object.keys(ats.OPERATIONS).filter((o) => !GATES.includes(o) && o.replace(/-v[12]$/, "") === op.replace(/-v[12]$/, ""));
    if (op.startsWith("account-binding")) family.push("redact-binding-for-export", "optional-binding", "optional-binding-v2");
    out.push([[...family, "grant-usage"], inputs]);
  }
  return out;
}

/** F with each member and each member's field replaced by values of every wrong shape. */
function envelopes() {
  const bad = [null, true, 0, "NaN", "x", [], {}, [1], ["x"], "\udc00", nest(120, "1")];
  const out = [];
  const base = faithful();
  for (const role of Object.keys(base)) {
    for (const v of bad) out.push({ ...base, [role]: v });
    if (typeof base[role] === "object") {
      for (const f of Object.keys(base[role])) {
        for (const v of bad) out.push({ ...base, [role]: { ...base[role], [f]: v } });
        const { [f]: _, ...rest } = base[role];
        out.push({ ...base, [role]: rest });
      }
    }
  }
  const approval = out.map(({ intent, review, approval, clock_ms }) => ({ intent, review, approval, clock_ms }));
  return [...out, ...approval].map((e) => json(e));
}

/** Runs every op on every input; returns the tally, failing on anything but an output or a table refusal (speed is a benchmark's, not a test's). */
function sweep(ops, inputs, ignoreAll) {
  setIgnored(ignoreAll ? Object.values(ats.REFUSALS) : [], GUARDS);
  const tally = { ok: 0, refused: 0 };
  try {
    for (const name of ops) {
      const op = ats.OPERATIONS[name];
      for (const input of inputs) {
        const bytes = typeof input === "string" ? new Uint8Array(Buffer.from(input, "utf8")) : new Uint8Array(input);
        try {
          op(bytes);
          tally.ok++;
        } catch (e) {
          if (!(e instanceof Refusal)) assert.fail(`${name} threw ${e} on ${String(input).slice(0, 120)}`);
          assert.ok(MESSAGES.has(e.message), e.message);
          assert.equal(e.guard.contract, "ats/1");
          if (!ignoreAll) assert.ok(e.at !== undefined, `${name}: a refusal without a location (${e.message})`);
          tally.refused++;
        }
      }
    }
  } finally {
    setIgnored([], GUARDS);
  }
  return tally;
}

test("every operation on generic bad inputs refuses from its table", () => {
  const ops = Object.keys(ats.OPERATIONS);
  assert.equal(ops.length, 23);
  for (const ignoreAll of [false, true]) {
    const t = sweep(ops, generic(), ignoreAll);
    assert.ok(t.refused > 0);
    if (!ignoreAll) {
      // Only the optional bindings accept something here: null.
      assert.equal(t.ok, 2);
    }
  }
});

test("every validator on its documents with members of every wrong shape, missing or doubled", () => {
  const covered = new Set();
  for (const ignoreAll of [false, true]) {
    const tally = { ok: 0, refused: 0 };
    for (const [ops, inputs] of documents()) {
      for (const op of ops) covered.add(op);
      const t = sweep(ops, inputs, ignoreAll);
      tally.ok += t.ok;
      tally.refused += t.refused;
    }
    assert.ok(tally.ok > 0 && tally.refused > 0, JSON.stringify(tally));
  }
  assert.equal(covered.size, 19, "every validator, the export and both optional bindings");
});

test("every gate on envelopes with members and fields of every wrong shape", () => {
  const inputs = envelopes();
  for (const ignoreAll of [false, true]) {
    const t = sweep(GATES, inputs, ignoreAll);
    assert.ok(t.ok > 0 && t.refused > 0, JSON.stringify(t));
  }
});

test("huge members in a gate: a 100000-symbol allowlist and a 50000-member intent", () => {
  const e = faithful();
  e.grant.symbol_allowlist = Array.from({ length: 100000 }, (_, i) => `S${i.toString(36).toUpperCase().padStart(4, "A")}`).sort();
  const f = faithful();
  for (let i = 0; i < 50000; i++) f.intent[`x${i}`] = i;
  for (const ignoreAll of [false, true]) sweep(GATES, [json(e), json(f)], ignoreAll);
  // The version-blind gate digests the huge intent and refuses at branch 1; the executable one at re-validation.
  assert.throws(() => ats.OPERATIONS["verify-commit-authority"](Buffer.from(json(f))), { message: "Review does not answer this intent." });
  assert.throws(() => ats.OPERATIONS["verify-executable-commit-authority"](Buffer.from(json(f))), {
    message: ats.REFUSALS.executableMember.message,
  });
});

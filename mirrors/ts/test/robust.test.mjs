// Every operation of the five JSON-value contracts on random values, token
// soup and byte mutations, with no guard ignored and with all of the
// contract's guards ignored: the outcome is an output or a refusal from
// that contract's own table, never another exception (which the harness
// would report as `errored`).

import assert from "node:assert/strict";
import { test } from "node:test";
import * as prim from "../dist/prim.js";
import * as ticker from "../dist/ticker.js";
import * as v8date from "../dist/v8date.js";
import * as ed25519 from "../dist/ed25519.js";
import * as digest from "../dist/digest.js";
import { DIGEST, ED25519, PRIM, Refusal, TICKER, V8DATE, setIgnored } from "../dist/refusal.js";
import { mutate, rng, soup, value } from "./random.mjs";

const CONTRACTS = [
  ["prim/1", PRIM, [prim.timestamp, prim.integer, prim.positiveInteger, prim.string, prim.safeDisplay, prim.sortedSet,
    prim.toolList, prim.base64url, prim.utf8Length]],
  ["ticker/1", TICKER, [ticker.symbol, ticker.equityTicker, ticker.maskedLabelV1, ticker.closedMaskedLabel]],
  ["v8date/1", V8DATE, [v8date.parse]],
  ["ed25519/1", ED25519, [ed25519.verify]],
  ["digest/1", DIGEST, [digest.digest, digest.signingInput, digest.schemaDigest, digest.argumentsDigest]],
];

// Seeds that reach past the type guards.
const SEEDS = [
  '"2024-02-29T23:59:59.999Z"', '"9999-99-99T99:99:99.999Z"', "9007199254740991", "1.5e3", '"SPY"', '"BRK.B"',
  '"Acct ••••1234"', '"12345"', '["a","b"]', '[{"name":"a","version":1},{"name":"a","version":2}]',
  '"' + "A".repeat(43) + '"', '"' + "_".repeat(86) + '"',
  JSON.stringify({ key: "00".repeat(32), sig: "01" + "00".repeat(63), msg: "" }),
  JSON.stringify({ key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", sig: "ff".repeat(64), msg: "00" }),
  JSON.stringify({ schema_id: "x", omit: ["a"], object: { a: 1, b: [1, "\u00e9", { c: null }] } }),
  '{"a":[1,2,3],"b":{"c":"d"}}',
];

test("random inputs: an output or a refusal of the contract's own table", () => {
  const r = rng(2025);
  const inputs = [...SEEDS.map((s) => Buffer.from(s))];
  for (let i = 0; i < 1500; i++) {
    const k = i % 3;
    if (k === 0) inputs.push(Buffer.from(value(r)));
    else if (k === 1) inputs.push(Buffer.from(soup(r)));
    else inputs.push(mutate(r, inputs[Math.floor(r() * inputs.length)]));
  }
  for (const [name, table, ops] of CONTRACTS) {
    const messages = new Set(Object.values(table).map((g) => g.message));
    const tally = { ok: 0, refused: 0 };
    for (const ignoreAll of [false, true]) {
      setIgnored(ignoreAll ? Object.values(table).map((g) => ({ contract: g.contract, message: g.message })) : []);
      try {
        for (const op of ops) {
          for (const input of inputs) {
            try {
              op(new Uint8Array(input));
              tally.ok++;
            } catch (e) {
              if (!(e instanceof Refusal)) {
                assert.fail(`${name} ${op.name} threw ${e} on ${JSON.stringify(input.toString("latin1"))}`);
              }
              assert.equal(e.guard.contract, name);
              assert.ok(messages.has(e.message), e.message);
              tally.refused++;
            }
          }
        }
      } finally {
        setIgnored([]);
      }
    }
    assert.ok(tally.ok > 0 && tally.refused > 0, `${name}: ${JSON.stringify(tally)}`);
  }
});

test("a refusal captures no stack trace and leaves Error.stackTraceLimit as it was", async () => {
  const { Refusal, RFC8785 } = await import("../dist/refusal.js");
  const before = Error.stackTraceLimit;
  const r = new Refusal(RFC8785.bom);
  assert.equal(Error.stackTraceLimit, before);
  assert.equal(r.message, RFC8785.bom.message);
  assert.ok(r instanceof Error);
  assert.ok(!/\n\s+at /.test(String(r.stack)), `stack has frames: ${r.stack}`);
  assert.ok(/\n\s+at /.test(String(new Error("x").stack)), "plain errors keep their frames");
});

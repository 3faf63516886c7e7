// Every operation of every registered contract on random values, token
// soup and byte mutations (of the contract's own vector inputs, which reach
// past its type guards), with no guard ignored and with all of the
// contract's guards ignored: the outcome is an output or a refusal from
// that contract's own table, never another exception (which the harness
// would report as `errored`).

import assert from "node:assert/strict";
import { test } from "node:test";
import { Refusal, setIgnored } from "../dist/refusal.js";
import { GUARDS, MODULES } from "./helpers.mjs";
import { mutate, rng, soup, value } from "./random.mjs";
import { loadVectors } from "./vectors.mjs";

const FILES = loadVectors();

for (const m of MODULES) {
  test(`${m.CONTRACT}: random inputs give an output or a refusal of the contract's own table`, () => {
    const r = rng(2025);
    const seeds = FILES.filter((f) => f.contract === m.CONTRACT)
      .flatMap((f) => f.cases.map((c) => c.input))
      .filter((b) => b.length <= 4096);
    assert.ok(seeds.length > 0, `${m.CONTRACT} has no vector inputs`);
    const inputs = [...seeds];
    for (let i = 0; i < 1500; i++) {
      const k = i % 3;
      if (k === 0) inputs.push(Buffer.from(value(r)));
      else if (k === 1) inputs.push(Buffer.from(soup(r)));
      else inputs.push(mutate(r, inputs[Math.floor(r() * inputs.length)]));
    }
    const table = Object.values(m.REFUSALS);
    const messages = new Set(table.map((g) => g.message));
    const tally = { ok: 0, refused: 0 };
    for (const ignoreAll of [false, true]) {
      setIgnored(ignoreAll ? table : [], GUARDS);
      try {
        for (const [name, op] of Object.entries(m.OPERATIONS)) {
          for (const input of inputs) {
            try {
              op(new Uint8Array(input));
              tally.ok++;
            } catch (e) {
              if (!(e instanceof Refusal)) {
                assert.fail(`${m.CONTRACT} ${name} threw ${e} on ${JSON.stringify(input.toString("latin1").slice(0, 200))}`);
              }
              assert.equal(e.guard.contract, m.CONTRACT);
              assert.ok(messages.has(e.message), e.message);
              tally.refused++;
            }
          }
        }
      } finally {
        setIgnored([], GUARDS);
      }
    }
    assert.ok(tally.ok > 0 && tally.refused > 0, `${m.CONTRACT}: ${JSON.stringify(tally)}`);
  });
}

test("a refusal captures no stack trace and leaves Error.stackTraceLimit as it was", () => {
  const g = GUARDS[0];
  const before = Error.stackTraceLimit;
  const r = new Refusal(g);
  assert.equal(Error.stackTraceLimit, before);
  assert.equal(r.message, g.message);
  assert.ok(r instanceof Error);
  assert.ok(!/\n\s+at /.test(String(r.stack)), `stack has frames: ${r.stack}`);
  assert.ok(/\n\s+at /.test(String(new Error("x").stack)), "plain errors keep their frames");
});

// The registered modules (src/contracts.ts) against spec/catalogue.json,
// which spec/generate writes from the specs' Operations and Refusals
// tables: for every catalogue contract a module is registered, under the
// registration name the catalogue's name gives, with exactly the
// catalogue's operations and exactly its refusal table (codes, messages,
// order); and no module is registered for a contract the catalogue lacks.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as registered from "../dist/contracts.js";
import { GUARDS, MODULES, catalogue, moduleOf } from "./helpers.mjs";

const CATALOGUE = catalogue();

test("the catalogue lists contracts", () => {
  assert.ok(CATALOGUE.length > 0);
  for (const c of CATALOGUE) assert.equal(c.contract, `${c.name}/${c.version}`);
});

for (const c of CATALOGUE) {
  test(`${c.contract}: registered with the catalogue's operations and refusal table`, () => {
    const m = moduleOf(c.contract);
    assert.ok(m !== undefined, `${c.contract} is in the catalogue but no module is registered for it`);
    const ident = c.name.replaceAll("-", "_");
    assert.deepEqual(
      Object.entries(registered).filter(([, r]) => r === m).map(([k]) => k),
      [ident],
      `registered once, as ${ident}`,
    );
    assert.deepEqual(Object.keys(m.OPERATIONS), c.operations.map((o) => o.op));
    for (const fn of Object.values(m.OPERATIONS)) assert.equal(typeof fn, "function");
    assert.deepEqual(
      Object.values(m.REFUSALS).map((g) => [g.contract, g.code, g.message]),
      c.refusals.map((r) => [c.contract, r.code, r.message]),
    );
    for (const g of Object.values(m.REFUSALS)) assert.ok(Object.isFrozen(g));
  });
}

test("no module is registered for a contract the catalogue lacks, and none twice", () => {
  const names = new Set(CATALOGUE.map((c) => c.contract));
  assert.deepEqual(MODULES.map((m) => m.CONTRACT).filter((c) => !names.has(c)), []);
  assert.equal(new Set(MODULES.map((m) => m.CONTRACT)).size, MODULES.length);
  assert.equal(Object.keys(registered).length, MODULES.length);
});

test("the guards answer is every registered table, in registration order", () => {
  assert.deepEqual(GUARDS, MODULES.flatMap((m) => Object.values(m.REFUSALS)));
  assert.equal(GUARDS.length, CATALOGUE.reduce((n, c) => n + c.refusals.length, 0));
});

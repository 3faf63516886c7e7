// attestation/1: the verdict, the record's rules, witnesses and
// isPreflightRefusal (spec/attestation.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import * as at from "../dist/attestation.js";
import { REFUSALS as G } from "../dist/attestation.js";
import { showUTF8 } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const step = (s) => ({ step: s, target: "#t" });
const obs = (over = {}) => ({ writer: "runtime", tool: "validate_html", ok: true, error: null, requestedInteractions: [step("control")], executedInteractions: [step("control")], ...over });
const rec = (o = obs(), witnesses = []) => JSON.stringify({ obligation: "dom-interaction", observation: o, witnesses });
const verdict = (input, ignore = []) => {
  const out = showUTF8(at.attest, input, ignore);
  return out.startsWith("refused") ? out : JSON.parse(out).reason;
};

test("the verdict: requested is not executed; a control before any reset", () => {
  assert.equal(verdict(rec()), "proven");
  assert.equal(verdict(rec(obs({ executedInteractions: [] }))), "nothing-executed");
  assert.equal(verdict(rec(obs({ executedInteractions: [step("milestone")] }))), "no-control");
  assert.equal(verdict(rec(obs({ executedInteractions: [step("reset"), step("control")] }))), "reset-first");
  assert.equal(verdict(rec(obs({ executedInteractions: [step("control"), step("reset")] }))), "proven");
  assert.equal(verdict(rec(obs({ ok: false, error: "x" }))), "not-ok");
  assert.equal(verdict(rec(obs({ ok: false, error: "probe url refused: x", executedInteractions: [] }))), "preflight");
});

test("the record's rules, and what ignoring each does", () => {
  assert.equal(verdict(rec(obs({ error: "boom" }))), R(G.okError));
  assert.equal(verdict(rec(obs({ ok: false })), [G.okError]), "not-ok");
  assert.equal(verdict(rec(obs({ ok: false, error: "smoke preflight refused: x" }))), R(G.preflightExecuted));
  assert.equal(verdict(rec(obs({ ok: false, error: "smoke preflight refused: x" })), [G.preflightExecuted]), "preflight");
  assert.equal(verdict(rec(obs(), [{ observer: "transport", declaredBy: "model", ref: "r" }])), R(G.relabel));
  assert.equal(verdict(rec(obs(), [{ observer: "transport", declaredBy: "transport", ref: "r", cmd: "ls" }])), R(G.witnessCmd));
  assert.equal(verdict(rec(obs(), [{ observer: "model", declaredBy: "model", ref: "r" }])), R(G.witnessNoCmd));
  assert.equal(verdict(rec(obs({ writer: "model" }))), R(G.writer));
  assert.equal(verdict(JSON.stringify({ obligation: "dom", observation: obs(), witnesses: [] })), R(G.obligation));
});

test("witnesses are rendered by their observer, never folded", () => {
  const out = JSON.parse(showUTF8(at.attest, rec(obs(), [
    { observer: "transport", declaredBy: "transport", ref: "trace:1" },
    { observer: "model", declaredBy: "model", ref: "p", cmd: "make" },
    { observer: "model", declaredBy: "transport", ref: "q", cmd: "ls" },
  ])));
  assert.deepEqual(out.recordedProbes, ["make", "ls"]);
  assert.deepEqual(out.references, ["trace:1"]);
});

test("isPreflightRefusal: the two prefixes, at the beginning only", () => {
  const p = (s) => JSON.parse(showUTF8(at.preflight, JSON.stringify(s)));
  assert.deepEqual(p("smoke preflight refused: x"), { preflight: true, prefix: "smoke" });
  assert.deepEqual(p("probe url refused: x"), { preflight: true, prefix: "probe-url" });
  for (const s of ["", "x smoke preflight refused: ", "Smoke preflight refused: ", "probe url refused:", " probe url refused: "]) {
    assert.deepEqual(p(s), { preflight: false, prefix: null }, s);
  }
  assert.equal(showUTF8(at.preflight, "1"), R(G.type));
});

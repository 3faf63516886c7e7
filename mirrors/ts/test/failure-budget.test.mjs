// failure-budget/1: exact decision sequences (spec/failure-budget.md), and
// Node's crypto as the oracle of the fingerprint.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import * as fb from "../dist/failure-budget.js";
import { REFUSALS as G } from "../dist/failure-budget.js";
import { showUTF8 } from "./helpers.mjs";

const seq = (rounds, ...events) => JSON.stringify({ rounds, events });
const REPLY = { event: "reply" };
const call = (tool, args, extra = {}) => ({ event: "call", tool, args, ...extra });
const MAKE = call("run_shell", { command: "make" }, { exit_code: 2 });
const NONE = '{"checkpoint":null}\n';
// A decision line; a fail with 2 or more attempts carries the repeat note (spec/failure-budget.md, "Output").
const line = (i, decision, klass, attempts, more = "") =>
  klass === undefined
    ? `{"call":${i},"decision":"${decision}"${more}}\n`
    : `{"call":${i},"decision":"${decision}","class":"${klass}","attempts":${attempts}${decision === "fail" && attempts >= 2 ? ',"repeat":true' : ""}${more}}\n`;
const decide = (input, ignore = []) => showUTF8(fb.decide, input, ignore);
const sha = (s) => createHash("sha256").update(s).digest("hex");

test("refuse, then stop only from a later reply; batched calls all refused", () => {
  const EF = "execution_failure";
  const head = line(0, "fail", EF, 1) + line(1, "fail", EF, 2) + line(2, "fail", EF, 3);
  assert.equal(decide(seq(true, MAKE, MAKE, MAKE, MAKE, MAKE)), head + line(3, "refuse", EF, 3) + line(4, "refuse", EF, 3) + NONE);
  const out = decide(seq(true, MAKE, REPLY, MAKE, REPLY, MAKE, REPLY, MAKE, REPLY, MAKE));
  assert.ok(out.startsWith(head + line(3, "refuse", EF, 3) + line(4, "stop", EF, 3)), out);
  const cp = JSON.parse(out.split("\n")[5]).checkpoint;
  assert.deepEqual(cp, {
    operation: { tool: "run_shell", fingerprint: sha('{"args":{"command":"make"},"tool":"run_shell"}') },
    class: EF,
    reason: "budget",
    attempts: 3,
    preserved: { calls: 0, files: [], commits: 0, shell: [] },
    recovery: "fix the cause first",
  });
  // Without rounds every call is its own reply.
  assert.ok(decide(seq(false, MAKE, MAKE, MAKE, MAKE, MAKE)).includes(line(4, "stop", EF, 3)));
});

test("per-class budgets", () => {
  const budgets = { permission_refused: 1, unavailable: 1, invalid_arguments: 2, stale_precondition: 2, transient: 3, execution_failure: 3 };
  for (const [klass, budget] of Object.entries(budgets)) {
    const c = call("read_file", { path: "a" }, { exit_code: 1, class: klass });
    const events = [];
    for (let i = 0; i <= budget; i++) events.push(c, REPLY);
    const lines = decide(seq(true, ...events)).split("\n");
    assert.equal(lines[budget - 1], line(budget - 1, "fail", klass, budget).trim(), klass);
    assert.equal(lines[budget], line(budget, "refuse", klass, budget).trim(), klass);
  }
  // unknown_outcome only from the executor's timeout, budget 2.
  const t = call("x", {}, { exit_code: 1, output: "[timeout after 9s]", class: "transient" });
  assert.equal(decide(seq(true, t, t, t)), line(0, "fail", "unknown_outcome", 1) + line(1, "fail", "unknown_outcome", 2) + line(2, "refuse", "unknown_outcome", 2) + NONE);
});

test("the streak: warning from the 6th, stop at the next reply after the 8th", () => {
  const events = [];
  for (let i = 0; i < 8; i++) events.push(call("run_shell", { command: `t${i}` }, { exit_code: 1 }), REPLY);
  events.push(call("run_shell", { command: "t8" }, { exit_code: 1 }));
  const lines = decide(seq(true, ...events)).split("\n");
  assert.equal(lines[4], line(4, "fail", "execution_failure", 1).trim());
  assert.equal(lines[5], line(5, "fail", "execution_failure", 1, ',"warning":6').trim());
  assert.equal(lines[8], line(8, "stop", "execution_failure", 8).trim());
  assert.equal(JSON.parse(lines[9]).checkpoint.reason, "streak");
});

test("state-bound and decision-bound failures; success clears", () => {
  const s = (state, after) => call("run_tests", {}, { exit_code: 1, state, ...(after ? { state_after: after } : {}) });
  assert.equal(decide(seq(true, s("a"), s("a"), s("b"))), line(0, "fail", "execution_failure", 1) + line(1, "fail", "execution_failure", 2) + line(2, "fail", "execution_failure", 1) + NONE);
  assert.equal(decide(seq(true, s("a", "b"), s("b"))), line(0, "fail", "execution_failure", 1) + line(1, "fail", "execution_failure", 2) + NONE);
  const denied = call("run_shell", { command: "rm" }, { host: "denied" });
  const edit = call("write_file", { path: "f" }, { changes: true });
  assert.equal(decide(seq(true, denied, REPLY, denied, edit, REPLY, denied)),
    line(0, "fail", "permission_refused", 1) + line(1, "refuse", "permission_refused", 1) + line(2, "run") + line(3, "refuse", "permission_refused", 1) + NONE);
  const ok = call("run_shell", { command: "make" });
  assert.equal(decide(seq(true, MAKE, MAKE, ok, MAKE)), line(0, "fail", "execution_failure", 1) + line(1, "fail", "execution_failure", 2) + line(2, "run") + line(3, "fail", "execution_failure", 1) + NONE);
});

test("fingerprints: the approval binding, the raw arguments alone, the tool name alone", () => {
  const stop = (out) => JSON.parse(out.trim().split("\n").at(-1)).checkpoint.operation.fingerprint;
  const pol = (args) => call("web_fetch", args, { host: "policy" });
  assert.equal(stop(decide(seq(true, pol({ u: 1 }), REPLY, pol({ u: 2 }), REPLY, pol({})))), sha("web_fetch"));
  const inv = (tool) => call(tool, { b: 1, a: "é" }, { host: "invalid" });
  const out = decide(seq(true, inv("write_file"), REPLY, inv("patch_file"), REPLY, inv("x"), REPLY, inv("y")));
  assert.equal(stop(out), sha('{"a":"\\u00e9","b":1}'));
  // An argument rejection is never warned again, even after real work.
  const edit = call("write_file", { path: "f" }, { changes: true });
  assert.ok(decide(seq(true, inv("w"), REPLY, inv("w"), REPLY, inv("w"), edit, REPLY, inv("w"))).includes('"decision":"stop"'));
});

test("classification and retry", () => {
  assert.equal(decide(seq(true, call("x", {}, { exit_code: 130 }))), line(0, "cancelled") + NONE);
  assert.equal(decide(seq(true, call("x", {}, { exit_code: 124, output: "[exit 124]" }))), line(0, "fail", "execution_failure", 1) + NONE);
  assert.equal(decide(seq(true, call("x", {}, { exit_code: 1, class: "transient", read_only: true, retry: { exit_code: 0 } }))), line(0, "run", undefined, 0, ',"retried":true') + NONE);
  assert.equal(decide(seq(true, call("x", {}, { exit_code: 1, class: "transient", retry: { exit_code: 0 } }))), line(0, "fail", "transient", 1) + NONE);
});

test("refusals, single-cause", () => {
  const cases = [
    [seq(true, { event: "call", tool: "x", args: {}, host: "root" }), G.host],
    [seq(true, { event: "call", tool: "x", args: {}, exit_code: 2147483648 }), G.exitCode],
    [seq(true, { event: "call", tool: "x", args: {}, class: "unknown_outcome" }), G.klass],
    [seq(true, { event: "call", tool: "x", args: {}, id: 5 }), G.field],
    [seq(true, { event: "call", tool: "x", args: {}, extra: 5 }), G.member],
    [seq(true, { event: "call", tool: "", args: {} }), G.tool],
    [seq(true, { event: "call", tool: "x", args: [] }), G.args],
    [seq(true, { event: "go" }), G.event],
    [seq(true, ...Array(257).fill(REPLY)), G.length],
  ];
  for (const [input, guard] of cases) {
    assert.equal(decide(input), `refused: ${guard.message}`, guard.code);
    assert.ok(!decide(input, [guard]).startsWith("refused"), `${guard.code} ignored`);
  }
  assert.equal(decide('{"rounds":true}'), `refused: ${G.type.message}`);
  assert.equal(decide('{"rounds":true}', [G.type]), `refused: ${G.type.message}`);
});

test("the thresholds are the spec's table (by the catalogue); a shift moves one, an empty shift clears", () => {
  const catalogue = JSON.parse(readFileSync(new URL("../../../spec/catalogue.json", import.meta.url), "utf8"));
  const entry = catalogue.contracts.find((k) => k.contract === fb.CONTRACT);
  assert.deepEqual({ ...fb.THRESHOLDS }, Object.fromEntries(entry.thresholds.map((t) => [t.name, t.value])));
  const events = [];
  for (let i = 0; i < 5; i++) events.push(call("run_shell", { command: `t${i}` }, { exit_code: 1 }), REPLY);
  const fifth = (out) => out.split("\n")[4];
  try {
    fb.shift(new Map([["streak.warning", -1]]));
    assert.equal(`${fifth(decide(seq(true, ...events)))}\n`, line(4, "fail", "execution_failure", 1, ',"warning":5'));
  } finally {
    fb.shift(new Map());
  }
  assert.equal(`${fifth(decide(seq(true, ...events)))}\n`, line(4, "fail", "execution_failure", 1));
});

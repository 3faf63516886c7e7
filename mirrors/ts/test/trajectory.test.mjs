// trajectory/1: executions, credits in nested lanes, the retry pair, the
// reference, and identities only (spec/trajectory.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import * as tj from "../dist/trajectory.js";
import { REFUSALS as G } from "../dist/trajectory.js";
import { showUTF8 } from "./helpers.mjs";

const derive = (events, ignore = []) => {
  const out = showUTF8(tj.derive, JSON.stringify({ events }), ignore);
  return out.startsWith("refused") ? out : JSON.parse(out);
};
const llm = (id, molecule, lane, skill) => ({ kind: "llm", id, molecule, ...(lane && { lane }), ...(skill && { skill }) });
const success = (molecule, lane, skill) => ({ kind: "skill.success", molecule, ...(lane && { lane }), ...(skill && { skill }) });
const trust = (molecule, lane, verdict = "RESULT") => ({ kind: "trust", molecule, verdict, ...(lane && { lane }) });
const credited = (out) => out.executions.filter((x) => x.credited).map((x) => x.id);

test("lanes nest: ancestor and descendant agree, siblings wait", () => {
  assert.deepEqual(credited(derive([llm("e1", "m", "c/a"), success("m", "c")])), ["e1"]);
  assert.deepEqual(credited(derive([llm("e1", "m", "c"), success("m", "c/a/x")])), ["e1"]);
  assert.deepEqual(credited(derive([llm("e1", "m", "c/a"), success("m", "c/b")])), []);
  assert.deepEqual(credited(derive([llm("e1", "m", "c/ab"), success("m", "c/a")])), []);
  const two = derive([llm("e1", "m", "c/a"), llm("e2", "m", "c/b"), success("m", "c")]);
  assert.deepEqual(credited(two), ["e2"]);
});

test("the retry pair leaves the first attempt uncredited", () => {
  const out = derive([llm("e1", "m", "c/m"), llm("e2", "m", "c/m"), trust("m", "c"), success("m", "c")]);
  assert.deepEqual(credited(out), ["e2"]);
  assert.deepEqual(out.reference, ["e2"]);
});

test("skills, verdicts and prefixes", () => {
  assert.deepEqual(credited(derive([llm("e1", "m", "", "s1"), success("m", "", "s2")])), []);
  assert.deepEqual(credited(derive([llm("e1", "m", "", "s1"), trust("m", "")])), ["e1"]);
  assert.deepEqual(credited(derive([llm("e1", "m"), trust("m", "", "REVIEW")])), []);
  const prefix = derive([{ kind: "tool", llmEventId: "e1", element: "add" }, success("m")]);
  assert.deepEqual(prefix.executions[0], { id: "e1", molecule: null, skill: null, lane: null, completed: false, credited: false, steps: [["tool", "add", null]] });
});

test("the reference: newest 3 per key, oldest first; identities only", () => {
  const events = [];
  for (let i = 1; i <= 5; i++) events.push(llm(`e${i}`, "m"), success("m"));
  assert.deepEqual(derive(events).reference, ["e3", "e4", "e5"]);
  const a = derive([{ kind: "tool", llmEventId: "e1", element: "x", args: { a: 1 }, result: "ok" }, { ...llm("e1", "m"), text: "prose" }, success("m")]);
  const b = derive([{ kind: "tool", llmEventId: "e1", element: "x", args: [], result: null }, { ...llm("e1", "m"), text: 7 }, success("m")]);
  assert.deepEqual(a, b);
});

test("refusals", () => {
  assert.equal(derive([{ kind: "llm" }]), "refused: " + G.llmId.message);
  assert.equal(derive([{ kind: "tool", lane: "a//b" }]), "refused: " + G.lane.message);
  assert.equal(derive([llm("e1", "m"), llm("e1", "m")]), "refused: " + G.closedTwice.message);
  assert.deepEqual(derive([llm("e1", "m"), llm("e1", "n")], [G.closedTwice]).executions[0].molecule, "m");
});

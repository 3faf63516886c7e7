// artifact/1 (spec/artifact.md): the acceptance procedure over a tree
// given as data, the v1 upgrade in memory only, parity over exactly the four
// decision fields, Node's crypto as the oracle of the definition digest, and
// the module's scope: it never reaches a file system.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { OPERATIONS as OPS, REFUSALS as G } from "../dist/artifact.js";
import { ROOT, showUTF8 } from "./helpers.mjs";

const b64 = (s) => Buffer.from(s).toString("base64");
const file = (path, content, kind = "file") => ({ path, kind, bytes_b64: b64(content) });
const DEF = { name: "review-pipeline", phases: ["intake", "decision"] };
// JCS of DEF, written out by hand (members sorted, no whitespace).
const DEF_JCS = '{"name":"review-pipeline","phases":["intake","decision"]}';
const DEF_HASH = "sha256:" + createHash("sha256").update(DEF_JCS).digest("hex");
const HASH = "sha256:" + "ab".repeat(32);
const MODEL = { name: "m", digest: HASH };
const CONV = { state: "converged", iterations: 2 };
const DECISION = { verdict: "pass", confidence: 0.75, stop_reason: "done", termination_reason: "completed" };
const entry = (phase, decision = null) => ({
  phase,
  at_ms: 1,
  input: null,
  output: "o",
  scores: {},
  prompt_hash: null,
  model_hash: HASH,
  replay: {},
  epistemic_state: "known",
  decision,
  failure: null,
  fingerprint: HASH,
});
const TRACE = {
  trace_schema_version: 2,
  run_id: "00000000-0000-0000-0000-000000000001",
  created_at_ms: 0,
  header: { config_hash: HASH, definition_hash: DEF_HASH, runtime_version: "1.0.0", convergence: CONV, model: MODEL },
  entries: [entry("intake"), entry("decision", DECISION)],
};
const SUMMARY = {
  verdict: "pass",
  confidence: 0.75,
  epistemic_status: "known",
  stop_reason: "done",
  termination_reason: "completed",
  convergence: CONV,
  runtime_version: "1.0.0",
  trace_path: "trace/run_trace.json",
  model: MODEL,
};
const VETO = { ...SUMMARY, verdict: "veto", confidence: 0, trace_path: undefined, model: undefined };
const root = (files, definition = DEF) => JSON.stringify({ files, definition });
const accept = (files, definition) => showUTF8(OPS.accept, root(files, definition));
const both = (s = SUMMARY, t = TRACE) => [file("result/final_result.json", JSON.stringify(s)), file("trace/run_trace.json", JSON.stringify(t))];

test("an output root: accepted, veto, and each path escape refused by its own message", () => {
  assert.equal(accept(both()), '{"accepted":true,"evidence":[],"form":"traced","parity":"match"}');
  assert.equal(accept([file("result/final_result.json", JSON.stringify(VETO))]), '{"accepted":true,"evidence":[],"form":"veto","parity":"not_run"}');
  const at = (p) => accept(both({ ...SUMMARY, trace_path: p }));
  assert.equal(at(""), `refused: ${G.pathEmpty.message}`);
  assert.equal(at("/etc/passwd"), `refused: ${G.pathAbsolute.message}`);
  assert.equal(at("trace\\run_trace.json"), `refused: ${G.pathBackslash.message}`);
  assert.equal(at("../trace/run_trace.json"), `refused: ${G.pathParent.message}`);
  assert.equal(at("result/final_result.json"), `refused: ${G.pathTarget.message}`);
  assert.equal(at("./trace//run_trace.json"), '{"accepted":true,"evidence":[],"form":"traced","parity":"match"}');
  const [s] = both();
  assert.equal(accept([s, file("trace", "/var/run", "symlink")]), `refused: ${G.pathSymlink.message}`);
  assert.equal(accept([s]), `refused: ${G.traceMissing.message}`);
  assert.equal(accept([file("result/final_result.json", "x", "symlink")]), `refused: ${G.summaryMissing.message}`);
  assert.equal(accept([s, s]), `refused: ${G.tree.message}`);
  // Ignored, an absolute path that resolves to the trace is accepted; one that does not stays refused.
  assert.equal(showUTF8(OPS.accept, root(both({ ...SUMMARY, trace_path: "/trace/run_trace.json" })), [G.pathAbsolute]), '{"accepted":true,"evidence":[],"form":"traced","parity":"match"}');
  assert.equal(showUTF8(OPS.accept, root(both({ ...SUMMARY, trace_path: "/etc/passwd" })), [G.pathAbsolute]), `refused: ${G.pathTarget.message}`);
});

test("the definition digest is SHA-256 of the definition's JCS (node:crypto as the oracle)", () => {
  const out = JSON.parse(showUTF8(OPS.lifecycle, JSON.stringify({ trace: TRACE, definition: DEF })));
  assert.deepEqual(out, { definition_hash: DEF_HASH, entries: 2, phases: ["intake", "decision"] });
  // Member order of the definition is not part of its digest.
  const swapped = JSON.stringify({ trace: TRACE, definition: { phases: DEF.phases, name: DEF.name } });
  assert.equal(JSON.parse(showUTF8(OPS.lifecycle, swapped)).definition_hash, DEF_HASH);
  const other = JSON.stringify({ trace: TRACE, definition: { ...DEF, name: "other" } });
  assert.equal(showUTF8(OPS.lifecycle, other), `refused: ${G.lifecycleDefinition.message}`);
});

test("v1 is upgraded in memory only: the marker is added, the input bytes are untouched", () => {
  const { trace_schema_version, ...v1 } = TRACE;
  assert.equal(trace_schema_version, 2);
  const input = Buffer.from(JSON.stringify(v1));
  const copy = Buffer.from(input);
  const out = JSON.parse(Buffer.from(OPS.trace(input)).toString());
  assert.equal(out.source_version, 1);
  assert.equal(out.trace_schema_version, 2);
  assert.deepEqual(input, copy);
  assert.equal(showUTF8(OPS.trace, JSON.stringify({ ...TRACE, trace_schema_version: 3 })), `refused: ${G.versionNewer.message}`);
});

test("parity compares exactly the four decision fields; every other field is evidence", () => {
  const parity = (s, t = TRACE) => JSON.parse(showUTF8(OPS.parity, JSON.stringify({ summary: s, trace: t })));
  assert.deepEqual(parity(null), { differs: [], evidence: [], parity: "skipped" });
  assert.deepEqual(parity({ ...SUMMARY, confidence: 0.5 }), { differs: ["confidence"], evidence: [], parity: "mismatch" });
  const ignored = { ...SUMMARY, runtime_version: "9.9.9", termination_reason: "killed", model: { name: "x", digest: HASH }, trace_path: "x" };
  assert.deepEqual(parity(ignored), { differs: [], evidence: ["runtime_version", "model", "termination_reason"], parity: "match" });
});

test("scope: the module imports only relative modules and node:crypto, and names no file system", () => {
  const text = readFileSync(join(ROOT, "src", "artifact.ts"), "utf8");
  const specs = [...text.matchAll(/^import[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
  assert.ok(specs.length > 0);
  for (const s of specs) assert.ok(s.startsWith("./") || s === "node:crypto", s);
  for (const re of [/node:fs/, /\bprocess\./, /readFile|readdir|lstat|realpath/]) assert.ok(!re.test(text), String(re));
  // The scan has teeth.
  assert.ok(/readFile|readdir|lstat|realpath/.test('readFileSync("x")'));
});

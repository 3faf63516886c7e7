// toolhost/1 on inputs that are not well-formed bundles (spec/toolhost.md,
// sections 1.1, 1.4, 1.5 and 1.8: every array's bound is checked before
// its elements, open values have depth and array bounds, no walk of a
// huge value before its bound): every member of every document replaced by
// each wrong JSON type, huge arrays and strings at every array and string,
// deep nesting, long number literals, and random mutations of the base
// envelopes, with no guard ignored and with every guard ignored. The
// outcome is always an output or a refusal of the contract's own table,
// never an exception, and within a time bound.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Refusal, setIgnored } from "../dist/refusal.js";
import { DOCUMENTS } from "../dist/toolhost/documents.js";
import { OPERATIONS, REFUSALS } from "../dist/toolhost/index.js";
import { GUARDS } from "./helpers.mjs";
import { rng } from "./random.mjs";
import { BASE, ENVELOPES, envelope } from "./toolhost-chain.mjs";

const TABLE = Object.values(REFUSALS);
const MESSAGES = new Set(TABLE.map((g) => g.message));
const OPS = Object.keys(ENVELOPES);

/** Runs op on text: "ok" or the refusal message; anything else thrown fails the test. */
function run(op, text) {
  try {
    OPERATIONS[op](Buffer.from(text, "utf8"));
    return "ok";
  } catch (e) {
    if (!(e instanceof Refusal)) throw new Error(`${op} threw ${e?.stack ?? e} on ${text.slice(0, 300)}`);
    assert.ok(MESSAGES.has(e.message), e.message);
    return e.message;
  }
}

/** Runs fn with every toolhost/1 guard ignored. */
function allIgnored(fn) {
  setIgnored(TABLE, GUARDS);
  try {
    return fn();
  } finally {
    setIgnored([], GUARDS);
  }
}

const ARTICLE = { string: "a string", number: "a number", boolean: "a boolean", object: "an object", array: "an array" };
const TYPE_OF_KIND = (k) =>
  k === "false" || k === "boolean" ? "boolean" : k === "integer" ? "number" : k === "set" || k === "objects" ? "array" : k === "object" || k === "open" ? "object" : "string";
const SAMPLES = { string: "s", number: 1, boolean: true, object: {}, array: [], null: null };
const sampleType = (v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * Every member (path from the document, and its field) of document `name`
 * in the base chain, nested objects and the first element of arrays of
 * objects included.
 */
function members(fields, prefix) {
  const out = [];
  for (const f of fields) {
    out.push({ path: [...prefix, f.name], field: f });
    if (f.kind.k === "object") out.push(...members(f.kind.of, [...prefix, f.name]));
    if (f.kind.k === "objects") out.push(...members(f.kind.of, [...prefix, f.name, 0]));
  }
  return out;
}

/** Where each document of the base chain is, and an operation that validates it. */
const HOMES = {
  trust: ["validate-trust", (c) => c.trust],
  device_proof: ["validate-device-proof", (c) => c.device_proof],
  host_open_proof: ["validate-host-open-proof", (c) => c.host_open_proof],
  observer_channel_receipt: ["validate-observer-channel-receipt", (c) => c.observer_channel_receipt],
  runtime_capability: ["validate-runtime-capability", (c) => c.runtime_capability],
  registry: ["validate-registry", (c) => c.registry],
  host_lease: ["validate-host-lease", (c) => c.host_lease],
  invocation: ["validate-invocation", (c) => c.invocation],
  cancellation: ["validate-cancellation", (c) => c.cancellation],
  result: ["validate-result", (c) => c.result],
  workspace_status_input: ["validate-workspace-status-input", (c) => c.invocation.arguments],
  workspace_status: ["validate-workspace-status", (c) => c.result.payload],
};

/** The base chain with a diagnostic and an error present, so that their members exist. */
function fullChain() {
  const c = JSON.parse(JSON.stringify(BASE));
  c.result.diagnostics = [{ code: "A", summary: "s" }];
  return c;
}

test("every member of every document, missing or of each wrong JSON type: its type guard, with no accept path", () => {
  let checked = 0;
  for (const [name, doc] of DOCUMENTS) {
    const [op, home] = HOMES[name];
    for (const { path, field } of members(doc.fields, [])) {
      const want = TYPE_OF_KIND(field.kind.k);
      const label = path.map((p) => (typeof p === "number" ? "[]" : `.${p}`)).join("").replace(/^\./, "").replace(/\.\[\]/g, "[]");
      const message = `${name}.${label} is missing or is not ${ARTICLE[want]}${field.nullable ? " or null" : ""}`.replace(".[]", "[]");
      assert.ok(MESSAGES.has(message), message);
      const values = [undefined, ...Object.values(SAMPLES)].filter((v) => v === undefined || !(sampleType(v) === want || (sampleType(v) === "null" && field.nullable)));
      for (const v of values) {
        const c = fullChain();
        if (name === "result" && path[0] === "error") {
          c.result.error = { code: "X", message: "m" };
        }
        let at = home(c);
        for (const p of path.slice(0, -1)) at = at[p];
        if (v === undefined) delete at[path[path.length - 1]];
        else at[path[path.length - 1]] = v;
        const text = envelope(op, c);
        assert.equal(run(op, text), message, `${op} ${label} = ${JSON.stringify(v)}`);
        assert.equal(allIgnored(() => run(op, text)), message, `${op} ${label} = ${JSON.stringify(v)}, all ignored`);
        checked++;
      }
    }
  }
  assert.ok(checked > 600, `${checked}`);
});

test("huge arrays and strings are refused by their bound, fast", () => {
  const huge = (n, f) => Array.from({ length: n }, (_, i) => f(i));
  const cases = [
    ["validate-trust", (c) => { c.trust.keys = huge(50000, (i) => ({ key_id: `k${i}`, public_key: c.trust.keys[0].public_key })); }, "trust.keys does not have 1 to 8 members"],
    ["validate-registry", (c) => { c.registry.tools = huge(5000, () => c.registry.tools[0]); }, "registry.tools does not have 1 to 16 members"],
    ["validate-registry", (c) => { c.registry.tools[0].dependencies = huge(50000, () => "network"); }, "registry.tools[].dependencies does not have 0 to 6 members"],
    ["validate-result", (c) => { c.result.evidence_refs = huge(50000, (i) => `e${i}`); }, "result.evidence_refs does not have 0 to 16 members"],
    ["validate-result", (c) => { c.result.diagnostics = huge(50000, () => ({ code: "A", summary: "s" })); }, "result.diagnostics does not have 0 to 16 members"],
    ["validate-host-lease", (c) => { c.host_lease.capabilities = huge(50000, () => "invoke"); }, "host_lease.capabilities does not have 1 to 2 members"],
    ["validate-invocation", (c) => { c.invocation.arguments.list = huge(50000, (i) => i); }, "invocation.arguments has an array of more than 32 elements"],
    ["validate-host-lease", (c) => { c.host_lease.lease_id = "x".repeat(4 << 20); }, "host_lease.lease_id does not match the ID grammar"],
    ["validate-device-proof", (c) => { c.device_proof.account_subject = "\u{1F600}".repeat(1 << 18); }, "device_proof.account_subject is not 1 to 256 Unicode scalar values"],
    ["validate-device-proof", (c) => { c.device_proof.cloud_origin_id = "https://" + "a.".repeat(1 << 20) + "io"; }, "device_proof.cloud_origin_id is not a normalized https origin"],
    ["validate-trust", (c) => { c.trust.keys[0].public_key = "A".repeat(4 << 20); }, "trust.keys[].public_key is not 43 base64url characters"],
    ["validate-workspace-status", (c) => { c.result.payload.diagnostics = huge(20000, () => ({ code: "A", summary: "s" })); }, "workspace_status exceeds 65536 serialized bytes"],
  ];
  for (const [op, mutate, message] of cases) {
    const c = JSON.parse(JSON.stringify(BASE));
    mutate(c);
    const text = envelope(op, c);
    assert.equal(run(op, text), message, op);
    // With every guard ignored the walk goes on, but still ends, inside the table.
    allIgnored(() => run(op, text));
  }
  // A number literal of 100000 digits: the range, compared on the digits.
  const long = envelope("validate-registry", BASE).replace('"session_generation":4', `"session_generation":${"9".repeat(100000)}`);
  assert.equal(run("validate-registry", long), "registry.session_generation is not an integer from 1 to 9007199254740991");
  const longFraction = envelope("validate-registry", BASE).replace('"session_generation":4', `"session_generation":4.${"0".repeat(100000)}e-99999`);
  assert.equal(run("validate-registry", longFraction), "registry.session_generation has a fraction or an exponent");
});

test("deep nesting: beyond the input's 128 levels it is not JSON; inside, each bound refuses it where it is", () => {
  const deep = (n) => "[".repeat(n) + "]".repeat(n);
  for (const op of OPS) {
    const member = ENVELOPES[op][0];
    const text = envelope(op, BASE).replace(`{"${member}":`, `{"${member}":${deep(200)},"${member}x":`);
    assert.equal(run(op, text), "input is not valid JSON", op);
    assert.equal(allIgnored(() => run(op, text)), "input is not valid JSON", op);
  }
  // 125 levels inside the arguments (the envelope 1, the invocation 2, the arguments 3): the depth bound of 8.
  const args = envelope("validate-invocation", BASE).replace('"arguments":{', `"arguments":{"deep":${deep(125)},`);
  assert.equal(run("validate-invocation", args), "invocation.arguments nests deeper than 8");
  allIgnored(() => run("validate-invocation", args));
  // In an unknown member: the closed check refuses it first.
  const unknown = envelope("validate-registry", BASE).replace('{"registry":{', `{"registry":{"x":${deep(126)},`);
  assert.equal(run("validate-registry", unknown), "registry has an unknown member");
  allIgnored(() => run("validate-registry", unknown));
  // In a set: its element type.
  const set = envelope("validate-host-lease", BASE).replace('"capabilities":["cancel","invoke"]', `"capabilities":[${deep(120)}]`);
  assert.equal(run("validate-host-lease", set), "host_lease.capabilities[] is not a string");
  // In the payload (depth 15) and in a check that validates it as a workspace status.
  const payload = envelope("check-tool-payload", BASE).replace('"payload":{', `"payload":{"deep":${deep(100)},`);
  assert.equal(run("check-tool-payload", payload), "result.payload nests deeper than 15");
  allIgnored(() => run("check-tool-payload", payload));
});

test("random mutations of every operation's base envelope: an output or a refusal of the table, with or without every guard ignored", () => {
  const r = rng(1309);
  const tally = { ok: 0, refused: 0 };
  const pieces = ['"', "\\", "{", "}", "[", "]", ",", ":", "0", "-", "1e400", "null", "true", '"\\ud800"', "\u00e9", "\u{1F600}", " ", '"x"', "9007199254740993", "-0", "1.5"];
  for (const op of OPS) {
    const base = envelope(op, BASE);
    for (let i = 0; i < 120; i++) {
      let text = base;
      const edits = 1 + Math.floor(r() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(r() * text.length);
        const k = r();
        if (k < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(r() * 8));
        else if (k < 0.6) text = text.slice(0, at) + pieces[Math.floor(r() * pieces.length)] + text.slice(at);
        else {
          // replace a string or number value with another JSON value
          const m = /"[a-z_]+":("[^"]*"|-?[0-9]+)/g;
          const all = [...text.matchAll(m)];
          if (all.length === 0) continue;
          const pick = all[Math.floor(r() * all.length)];
          const repl = pieces[Math.floor(r() * pieces.length)];
          text = text.slice(0, pick.index) + pick[0].replace(pick[1], repl) + text.slice(pick.index + pick[0].length);
        }
      }
      for (const ignore of [false, true]) {
        const got = ignore ? allIgnored(() => run(op, text)) : run(op, text);
        tally[got === "ok" ? "ok" : "refused"]++;
      }
    }
  }
  assert.ok(tally.ok > 0 && tally.refused > 0, JSON.stringify(tally));
});

test("every document as another document, every operation on every other operation's envelope", () => {
  for (const op of OPS) {
    for (const other of OPS) {
      const text = envelope(other, BASE);
      const got = run(op, text);
      if (op === other) assert.equal(got, "ok");
      else assert.ok(got === "ok" || MESSAGES.has(got));
      allIgnored(() => run(op, text));
    }
    // Each document member given another document.
    for (const m of ENVELOPES[op].filter((n) => DOCUMENTS.has(n))) {
      for (const other of DOCUMENTS.keys()) {
        if (other === m) continue;
        const c = JSON.parse(JSON.parse(JSON.stringify(envelope(op, BASE))));
        c[m] = JSON.parse(envelope(HOMES[other][0], BASE))[other] ?? BASE.invocation.arguments;
        const text = JSON.stringify(c);
        assert.notEqual(run(op, text), "ok", `${op}: ${m} := ${other}`);
        allIgnored(() => run(op, text));
      }
    }
  }
});

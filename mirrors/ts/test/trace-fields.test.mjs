// trace-fields/1: the depth-1 projecting reader (spec/trace-fields.md),
// with JSON.parse as the oracle on documents it reads, and the fail-closed
// and depth-1-only rules where the two differ on purpose.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as tf from "../dist/trace-fields.js";
import { REFUSALS as G } from "../dist/trace-fields.js";
import { showUTF8 } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const req = (values, types, mode = "coordinator") => JSON.stringify({ mode, values, types }) + "\n";
const read = (input, ignore = []) => showUTF8(tf.read, input, ignore);

test("projections agree with JSON.parse on documents it reads, in any member order", () => {
  const doc = { status: "delivered", result: { output: [1, "x y", { k: null }] }, error: null, n: -1.5e3, ok: true };
  const asked = ["status", "n", "ok", "missing"];
  for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2), JSON.stringify(Object.fromEntries(Object.entries(doc).reverse()), null, "\t")]) {
    const out = JSON.parse(read(req(asked, ["result", "error", "gone"]) + text));
    const parsed = JSON.parse(text);
    for (const name of asked) {
      if (name in parsed) assert.deepEqual(out[name], { value: parsed[name] });
      else assert.deepEqual(out[name], { absent: true });
    }
    assert.deepEqual(out.result, { shape: "object" });
    assert.deepEqual(out.error, { shape: "null" });
    assert.deepEqual(out.gone, { absent: true });
    assert.deepEqual(Object.keys(out), [...asked, "result", "error", "gone"]);
  }
});

test("fail-closed: every prefix of a document is truncated, never absent", () => {
  const text = '{"status":"ok","error":{"message":"boom [x]"},"n":12.5e-1,"t":true}';
  for (let i = 0; i < text.length; i++) {
    assert.equal(read(req([], ["error"]) + text.slice(0, i)), R(G.truncated), text.slice(0, i));
  }
  assert.equal(read(req([], ["error"]) + text), '{"error":{"shape":"object"}}');
});

test("depth-1 only: a document malformed below depth 1 is read where JSON.parse refuses it", () => {
  for (const text of ['{"a":[1,}}', '{"a":{"k":tru}}', '{"a":["\\q"]}', '{"a":[[[}}}}']) {
    assert.throws(() => JSON.parse(text));
    assert.equal(read(req([], ["a"]) + text), '{"a":{"shape":' + (text[5] === "[" ? '"array"' : '"object"') + "}}");
    assert.equal(read(req(["a"], []) + text), R(G.value));
  }
});

test("result and error are shapes only; the request is closed", () => {
  assert.equal(read(req(["result"], []) + "{}"), R(G.modelValue));
  assert.equal(read(req(["error"], []) + '{"error":{"m":1}}', [G.modelValue]), '{"error":{"value":{"m":1}}}');
  assert.equal(read(req(["a"], ["a"]) + "{}"), R(G.request));
  assert.equal(read('{"mode":"api","values":[],"types":[]}'), R(G.request));
});

test("duplicates: refused; ignored, the later member wins", () => {
  assert.equal(read(req(["a"], []) + '{"a":1,"a":2}'), R(G.duplicate));
  assert.equal(read(req(["a"], []) + '{"a":1,"\\u0061":2}', [G.duplicate]), '{"a":{"value":2}}');
});

test("the ceiling: four dispositions, decided before the trace is read", () => {
  const big = Buffer.alloc(tf.CEILING + 1, 0x5d); // not JSON at all
  const input = (mode) => Buffer.concat([Buffer.from(req(["status"], [], mode)), big]);
  assert.equal(read(input("coordinator")), R(G.ceiling));
  assert.equal(read(input("coordinator"), [G.ceiling]), R(G.notObject));
  assert.equal(read(input("sentinel")), "null");
  assert.equal(read(input("summary")), "");
  assert.equal(read(input("api")), '{"status":413}');
});

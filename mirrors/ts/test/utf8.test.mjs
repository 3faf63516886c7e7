// utf8.ts against two independent decoders: Node's TextDecoder (WHATWG) and
// CPython's bytes.decode(errors="replace").

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { decode, encodeGeneralized } from "../dist/utf8.js";
import { missing, pythonOracle } from "./helpers.mjs";
import { rng } from "./random.mjs";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

function theirs(b) {
  try {
    return fatal.decode(b);
  } catch {
    return null;
  }
}

// Boundary values of the continuation-byte ranges in Unicode Table 3-7.
const EDGES = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];

function* sequences() {
  for (let a = 0; a < 256; a++) {
    yield [a];
    for (let b = 0; b < 256; b++) yield [a, b];
    for (const b of EDGES) for (const c of EDGES) yield [a, b, c];
    if (a >= 0xf0) for (const b of EDGES) for (const c of EDGES) for (const d of EDGES) yield [a, b, c, d];
  }
}

test("strict and lenient decoding match TextDecoder on every 1-2 byte sequence and 3-4 byte edges", () => {
  let n = 0;
  for (const seq of sequences()) {
    const b = new Uint8Array([0x41, ...seq, 0x42]);
    assert.equal(decode(b, 0, false), theirs(b), seq.map((x) => x.toString(16)).join(" "));
    assert.equal(decode(b, 0, true), lenient.decode(b), seq.map((x) => x.toString(16)).join(" "));
    n++;
  }
  assert.equal(n, 256 + 65536 + 256 * 400 + 16 * 8000);
});

test("random byte strings: strict and lenient match TextDecoder", () => {
  const r = rng(3629);
  const alphabet = [0x00, 0x22, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
  for (let i = 0; i < 50000; i++) {
    const len = Math.floor(r() * 8);
    const b = new Uint8Array(len);
    for (let k = 0; k < len; k++) b[k] = r() < 0.7 ? alphabet[Math.floor(r() * alphabet.length)] : Math.floor(r() * 256);
    assert.equal(decode(b, 0, false), theirs(b));
    assert.equal(decode(b, 0, true), lenient.decode(b));
  }
  // A BOM is decoded, not stripped.
  assert.equal(decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x31]), 0, false), "\ufeff1");
  assert.equal(decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x31]), 3, false), "1");
});

// The oracle: one base64 input a line in, {"ok": base64 of the input
// decoded with errors="replace", as UTF-8} a line out.
const REPLACE = `
import base64, json, sys
for line in sys.stdin:
    text = base64.b64decode(line.strip()).decode("utf-8", errors="replace")
    sys.stdout.write(json.dumps({"ok": base64.b64encode(text.encode("utf-8")).decode("ascii")}) + "\\n")
`;

test("lenient decoding matches CPython errors='replace'", (t) => {
  if (!pythonOracle()) return missing(t, "python3 3.11");
  const r = rng(8259);
  const alphabet = [0x41, 0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xa0, 0x90, 0x8f];
  const inputs = [];
  for (let i = 0; i < 20000; i++) {
    const len = 1 + Math.floor(r() * 7);
    const b = Buffer.alloc(len);
    for (let k = 0; k < len; k++) b[k] = alphabet[Math.floor(r() * alphabet.length)];
    inputs.push(b);
  }
  const res = spawnSync("python3", ["-c", REPLACE], {
    input: inputs.map((b) => b.toString("base64")).join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  assert.equal(res.status, 0, res.stderr);
  const lines = res.stdout.trimEnd().split("\n");
  assert.equal(lines.length, inputs.length);
  for (let i = 0; i < inputs.length; i++) {
    const want = Buffer.from(JSON.parse(lines[i]).ok, "base64").toString("utf8");
    assert.equal(decode(inputs[i], 0, true), want, inputs[i].toString("hex"));
  }
});

test("encodeGeneralized: UTF-8, lone surrogates as 3-byte forms", () => {
  const hex = (s) => Buffer.from(encodeGeneralized(s)).toString("hex");
  assert.equal(hex("a\u00e9\u20ac\u{1f600}\u{10ffff}"), Buffer.from("a\u00e9\u20ac\u{1f600}\u{10ffff}").toString("hex"));
  assert.equal(hex("\ud800"), "eda080");
  assert.equal(hex("\udfff"), "edbfbf");
  assert.equal(hex("\udc00\ud800"), "edb080eda080");
  assert.equal(hex("\ud800\ud800\udc00"), "eda080f0908080");
  assert.equal(hex("x\ud83d"), "78eda0bd");
  assert.equal(hex(""), "");
});

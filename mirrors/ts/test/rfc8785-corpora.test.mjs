// rfc8785/1 on the shared corpora (../shared/corpora, or $CONFORM_CORPORA):
// the JCS vectors, the ES6 number files and JSONTestSuite. A glob that
// matches no file fails; an absent corpora directory is a visible skip (or
// a failure with CONFORM_REQUIRE_ORACLES=1).

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { canonicalize } from "../dist/rfc8785.js";
import { corporaDir, jsonFiles, missing, outcome, refusesJSONTestSuite } from "./helpers.mjs";

for (const set of ["cyberphone", "gowebpki"]) {
  test(`JCS ${set} vectors`, (t) => {
    const dir = corporaDir();
    if (dir === null) return missing(t, "the shared corpora");
    const base = join(dir, "jcs", set);
    const files = jsonFiles(join(base, "input"));
    for (const f of files) {
      const o = outcome(canonicalize, new Uint8Array(readFileSync(join(base, "input", f))));
      assert.ok(o.ok, `${f}: refused: ${o.refused}`);
      assert.equal(o.ok.toString("hex"), readFileSync(join(base, "output", f)).toString("hex"), f);
      const hexFile = join(base, "outhex", f.replace(/\.json$/, ".txt"));
      if (existsSync(hexFile)) {
        const hex = readFileSync(hexFile, "latin1").replace(/\s+/g, "");
        assert.equal(o.ok.toString("hex"), hex.toLowerCase(), f + " (outhex)");
      }
    }
    t.diagnostic(`${files.length} ${set} vectors canonicalize byte for byte`);
  });
}

function doubleFromHex(hex) {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt("0x" + hex));
  return view.getFloat64(0);
}

function es6Lines(text) {
  const lines = text.split("\n").filter((l) => l !== "");
  assert.ok(lines.length > 0);
  return lines;
}

function checkEs6(lines) {
  let n = 0;
  const failures = [];
  for (const line of lines) {
    const [hex, expected] = line.split(",");
    const x = doubleFromHex(hex);
    // 17 significant digits always identify a double; the JSON text is
    // therefore exactly x, and canonicalize must print it as expected.
    const input = x.toPrecision(17);
    const o = outcome(canonicalize, input);
    const got = o.ok !== undefined ? o.ok.toString("latin1") : "refused: " + o.refused;
    if (got !== expected) failures.push({ hex, input, got, expected });
    // The shortest form must parse back the same way.
    const again = outcome(canonicalize, expected);
    if (again.ok === undefined || again.ok.toString("latin1") !== expected) failures.push({ hex, again: expected });
    n++;
  }
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failures`);
  return n;
}

test("ES6 numbers: es6testfile_10k", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const n = checkEs6(es6Lines(readFileSync(join(dir, "jcs/es6numbers/es6testfile_10k.txt"), "latin1")));
  assert.equal(n, 10000);
  t.diagnostic(`${n} es6testfile_10k lines agree`);
});

test("ES6 numbers: es6testfile_100k", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const text = gunzipSync(readFileSync(join(dir, "jcs/es6numbers/es6testfile_100k.txt.gz"))).toString("latin1");
  const n = checkEs6(es6Lines(text));
  assert.equal(n, 100000);
  t.diagnostic(`${n} es6testfile_100k lines agree`);
});

test("JSONTestSuite test_parsing: every n_ file refused by canonicalize", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  refusesJSONTestSuite(t, dir, "canonicalize", canonicalize);
});

test("JSONTestSuite test_parsing: y_ files canonicalize unless a contract rule refuses them", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const d = join(dir, "jsontestsuite/test_parsing");
  const refused = [];
  for (const f of jsonFiles(d).filter((f) => f.startsWith("y_"))) {
    const o = outcome(canonicalize, new Uint8Array(readFileSync(join(d, f))));
    if (o.ok === undefined) refused.push(`${f}: ${o.refused}`);
  }
  // RFC 8259 allows these; rfc8785/1 refuses them on purpose.
  assert.deepEqual(refused, [
    "y_object_duplicated_key.json: duplicate member name",
    "y_object_duplicated_key_and_value.json: duplicate member name",
  ]);
});

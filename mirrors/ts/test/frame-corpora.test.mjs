// frame/1 on JSONTestSuite (the shared corpora: ../shared/corpora, or
// $CONFORM_CORPORA): every n_ file is refused by lex. A glob that matches
// no file fails; an absent corpora directory is a visible skip (or a
// failure with CONFORM_REQUIRE_ORACLES=1).

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { lex } from "../dist/frame.js";
import { corporaDir, missing, outcome } from "./helpers.mjs";

function jsonFiles(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  assert.ok(files.length > 0, `no .json files in ${dir}`);
  return files;
}

test("JSONTestSuite test_parsing: every n_ file refused by lex", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const d = join(dir, "jsontestsuite/test_parsing");
  const files = jsonFiles(d);
  const tally = {};
  const accepted = [];
  for (const f of files) {
    const input = new Uint8Array(readFileSync(join(d, f)));
    const kind = f.slice(0, 1);
    for (const [name, op] of [["lex", lex]]) {
      const o = outcome(op, input);
      const verdict = o.ok !== undefined ? "ok" : o.refused;
      const k = `${name} ${kind}_: ${verdict}`;
      tally[k] = (tally[k] ?? 0) + 1;
      if (kind === "n" && o.ok !== undefined) accepted.push(`${name}: ${f}`);
    }
  }
  assert.equal(files.filter((f) => f.startsWith("n_")).length, 188);
  assert.deepEqual(accepted, []);
  for (const k of Object.keys(tally).sort()) t.diagnostic(`${k}: ${tally[k]}`);
});


// The vectors (../../vectors/, vectors/README.md) run by the mirror's own
// tests, without conform, the way a team adopts them in its own CI: the
// MANIFEST's sums and every file read strictly (vectors.mjs), then every
// case of every registered contract, golden and findings alike, through
// the registered module's operation: the exact output bytes, or the exact
// refusal message, and a well-formed refusal location (PROTOCOL.md, "run").
// A registered contract without vectors, and a vector of a contract that
// is not registered, fail.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { MODULES, moduleOf, outcome } from "./helpers.mjs";
import { caseId, loadVectors } from "./vectors.mjs";

const files = loadVectors();

test("the vector set reads strictly and matches its MANIFEST", () => {
  assert.ok(files.length > 0);
  assert.ok(files.every((f) => f.cases.length > 0));
});

test("the reader refuses what vectors/README.md refuses", () => {
  const dir = mkdtempSync(join(tmpdir(), "conform-ts-vectors-"));
  try {
    const id = (input) => caseId("x/1", "op", Buffer.from(input));
    const header = '{"conform_vectors":1,"contract":"x/1","op":"op","behaviour":"b","description":"d"}';
    const good = `{"id":"${id("a")}","name":"a","input":"a","expect":"ok","output":""}`;
    /** Writes x/b.jsonl with text and a MANIFEST listing it (and x/c.jsonl with extra, unlisted), then loads. */
    const load = (text, { extra = null } = {}) => {
      rmSync(join(dir, "x"), { recursive: true, force: true });
      mkdirSync(join(dir, "x"));
      writeFileSync(join(dir, "x/b.jsonl"), text);
      if (extra !== null) writeFileSync(join(dir, "x/c.jsonl"), extra);
      const sum = createHash("sha256").update(text).digest("hex");
      writeFileSync(join(dir, "MANIFEST"), `${sum}  x/b.jsonl\n`);
      return loadVectors(dir);
    };
    assert.equal(load(`${header}\n${good}\n`)[0].cases.length, 1);
    const refused = [
      [`${header}\n${good.replace('"a","input"', '"a","name":"a","input"')}\n`, /not one JSON value/],
      [`${header}\n${good.replace('"input"', '"note":"n","colour":"x","input"')}\n`, /unknown field colour/],
      [`${header}\n${good.replace('"expect":"ok",', "")}\n`, /missing field expect/],
      [`${header}\n`, /has no cases/],
      [`${header}\n${good.replace(`"id":"${id("a")}"`, `"id":"${id("b")}"`)}\n`, /id .* is not/],
      [`${header}\n${good.replace('"output":""', '"output":"\\ud800"')}\n`, /lone surrogate/],
      [`${header}\n${good.replace('"output":""', '"output_hex":"41"')}\n`, /is valid UTF-8/],
      [`${header}\n${good}\r\n`, /CR/],
      [`${header}\n${good}`, /does not end with LF/],
      [`${header.replace('"b"', '"c"')}\n${good}\n`, /not the file's stem/],
      [`${header}\n${good.replace('"expect":"ok","output":""', '"expect":"refused","message":"m","exception":"why"')}\n`, /vocabulary/],
    ];
    for (const [text, want] of refused) assert.throws(() => load(text), want, text);
    assert.throws(() => load(`${header}\n${good}\n`, { extra: `${header}\n${good}\n` }), /c\.jsonl: is not listed in MANIFEST/);
    rmSync(join(dir, "x/c.jsonl"));
    writeFileSync(join(dir, "MANIFEST"), `${"0".repeat(64)}  x/b.jsonl\n`);
    assert.throws(() => loadVectors(dir), /sha256 .* is not the MANIFEST's/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every vector names a registered contract and operation", () => {
  const unknown = files
    .filter((f) => moduleOf(f.contract) === undefined || !Object.hasOwn(moduleOf(f.contract).OPERATIONS, f.op))
    .map((f) => `vectors/${f.path}: ${f.contract} ${f.op}`);
  assert.deepEqual(unknown, []);
});

for (const m of MODULES) {
  test(`every vector of ${m.CONTRACT}`, (t) => {
    const mine = files.filter((f) => f.contract === m.CONTRACT);
    const count = mine.reduce((n, f) => n + f.cases.length, 0);
    assert.ok(count > 0, `${m.CONTRACT} is registered but has no vectors`);
    const failures = [];
    const tally = { ok: 0, refused: 0, findings: 0 };
    for (const f of mine) {
      const op = m.OPERATIONS[f.op];
      for (const c of f.cases) {
        const o = outcome(op, new Uint8Array(c.input));
        const got = o.ok !== undefined ? `ok ${o.ok.toString("hex")}` : `refused ${o.refused}`;
        const want = c.expect === "ok" ? `ok ${c.output.toString("hex")}` : `refused ${c.message}`;
        if (got !== want) failures.push(`vectors/${f.path}:${c.line} ${c.name}: got ${got}, want ${want}`);
        if (o.refused !== undefined) {
          // Nothing is ignored here, so every refusal knows where it happened.
          const bad = o.at === undefined ? "is missing" : locationProblem(o.at, c.input.length);
          if (bad !== null) failures.push(`vectors/${f.path}:${c.line} ${c.name}: location ${JSON.stringify(o.at)} ${bad}`);
        }
        tally[c.expect]++;
        if (f.finding) tally.findings++;
      }
    }
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${count} cases differ`);
    t.diagnostic(`${count} cases agree (${tally.ok} ok, ${tally.refused} refused, ${tally.findings} findings)`);
  });
}

/**
 * Why a refusal location breaks mirrors/PROTOCOL.md ("run"), or null: an
 * offset is an integer from 0 to the input's length; a pointer is RFC 6901
 * ("" or "/"-segments, "~" only as "~0" or "~1"), well-formed, at most
 * 1024 bytes of UTF-8; at least one of them.
 */
function locationProblem(at, inputLength) {
  const keys = Object.keys(at).filter((k) => at[k] !== undefined);
  if (keys.length === 0 || keys.some((k) => k !== "offset" && k !== "pointer")) return "has no offset or pointer, or another member";
  if (at.offset !== undefined && !(Number.isSafeInteger(at.offset) && at.offset >= 0 && at.offset <= inputLength)) {
    return "has an offset outside the input";
  }
  if (at.pointer !== undefined) {
    const p = at.pointer;
    if (p !== "" && !p.startsWith("/")) return "has a pointer that does not start with /";
    if (/~(?![01])/.test(p)) return "has a bad ~ escape";
    if (Buffer.byteLength(p) > 1024 || !p.isWellFormed()) return "has a pointer over 1024 bytes or not UTF-8";
  }
  return null;
}

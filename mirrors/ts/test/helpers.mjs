// Shared helpers of the mirror's tests. The tests drive the compiled
// modules in dist/ (npm test compiles first).

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GUARDS, MODULES } from "../dist/protocol.js";
import { Refusal, setIgnored } from "../dist/refusal.js";

export const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, "..");
export const REPO = resolve(ROOT, "../..");

/** The registered contract modules (src/contracts.ts), in registration order. */
export { GUARDS, MODULES };

/** The registered module of contract (name with version), or undefined. */
export function moduleOf(contract) {
  return MODULES.find((m) => m.CONTRACT === contract);
}

/**
 * The contracts of spec/catalogue.json (spec/README.md, "The catalogue"):
 * [{contract, name, version, operations: [{op, input}], refusals: [{code,
 * message}]}], the members this mirror uses read strictly (each present,
 * of its type), any other member tolerated. Throws naming what is wrong.
 */
export function catalogue() {
  const file = resolve(REPO, "spec/catalogue.json");
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const where = (s) => `${file}: ${s}`;
  const str = (o, k, at) => {
    if (typeof o?.[k] !== "string") throw new Error(where(`${at}.${k} is not a string`));
    return o[k];
  };
  const list = (o, k, at) => {
    if (!Array.isArray(o?.[k])) throw new Error(where(`${at}.${k} is not an array`));
    return o[k];
  };
  if (doc?.conform_catalogue !== 1) throw new Error(where("conform_catalogue is not 1"));
  return list(doc, "contracts", "").map((c, i) => {
    const at = `contracts[${i}]`;
    if (!Number.isSafeInteger(c?.version)) throw new Error(where(`${at}.version is not an integer`));
    return {
      contract: str(c, "contract", at),
      name: str(c, "name", at),
      version: c.version,
      operations: list(c, "operations", at).map((o, j) => {
        const input = str(o, "input", `${at}.operations[${j}]`);
        if (input !== "bytes" && input !== "json-value") throw new Error(where(`${at}.operations[${j}].input is ${input}`));
        return { op: str(o, "op", `${at}.operations[${j}]`), input };
      }),
      refusals: list(c, "refusals", at).map((r, j) => ({
        code: str(r, "code", `${at}.refusals[${j}]`),
        message: str(r, "message", `${at}.refusals[${j}]`),
      })),
    };
  });
}

/** bytes of a string given as UTF-8 text, or of an array of byte values. */
export function bytes(x) {
  if (typeof x === "string") return new Uint8Array(Buffer.from(x, "utf8"));
  return new Uint8Array(x);
}

/**
 * Runs op on input with the given ignore set (a list of guard objects or
 * {contract, message} pairs) and returns {ok: Buffer} or {refused: message,
 * at} (at: the refusal's location, or undefined). Any other exception
 * propagates.
 */
export function outcome(op, input, ignore = []) {
  const unknown = setIgnored(
    ignore.map((g) => ({ contract: g.contract, message: g.message })),
    GUARDS,
  );
  if (unknown.length > 0) throw new Error(`unknown guard in test: ${JSON.stringify(unknown)}`);
  try {
    return { ok: Buffer.from(op(typeof input === "string" ? bytes(input) : input)) };
  } catch (e) {
    if (e instanceof Refusal) return { refused: e.guard.message, at: e.at };
    throw e;
  } finally {
    setIgnored([], GUARDS);
  }
}

/** The outcome as a string: the output as latin1 text, or "refused: message". */
export function show(op, input, ignore = []) {
  const o = outcome(op, input, ignore);
  return o.ok !== undefined ? o.ok.toString("latin1") : "refused: " + o.refused;
}

/** The output decoded as UTF-8 text, or "refused: message". */
export function showUTF8(op, input, ignore = []) {
  const o = outcome(op, input, ignore);
  return o.ok !== undefined ? o.ok.toString("utf8") : "refused: " + o.refused;
}

/**
 * Where the shared corpora are: $CONFORM_CORPORA, else shared/corpora beside
 * the repository (the layout of the workplace and of CI).
 */
export function corporaDir() {
  const fromEnv = process.env.CONFORM_CORPORA;
  const dir = fromEnv !== undefined && fromEnv !== "" ? fromEnv : resolve(REPO, "../shared/corpora");
  return existsSync(dir) ? dir : null;
}

/** Whether python3 3.11.x is available as an oracle (CPython's own behaviour). */
export function pythonOracle() {
  const r = spawnSync("python3", ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"], {
    encoding: "utf8",
  });
  if (r.status !== 0) return null;
  return r.stdout.trim() === "3.11" ? "python3" : null;
}

/**
 * A skip reason for a test that needs an external oracle, or a failure when
 * CONFORM_REQUIRE_ORACLES=1 (so that CI can insist on them).
 */
export function missing(t, what) {
  if (process.env.CONFORM_REQUIRE_ORACLES === "1") {
    throw new Error(what + " is required (CONFORM_REQUIRE_ORACLES=1) but not available");
  }
  t.skip(what + " not available");
}

/** The .json files of dir, sorted; fails when there is none (a glob that matches nothing). */
export function jsonFiles(dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  assert.ok(files.length > 0, `no .json files in ${dir}`);
  return files;
}

/**
 * Runs op on every file of JSONTestSuite's test_parsing (in the shared
 * corpora at dir) and requires every n_ file (188 of them) to be refused;
 * reports the verdicts per file kind as diagnostics of t.
 */
export function refusesJSONTestSuite(t, dir, name, op) {
  const d = join(dir, "jsontestsuite/test_parsing");
  const files = jsonFiles(d);
  const tally = {};
  const accepted = [];
  for (const f of files) {
    const o = outcome(op, new Uint8Array(readFileSync(join(d, f))));
    const kind = f.slice(0, 1);
    const k = `${name} ${kind}_: ${o.ok !== undefined ? "ok" : o.refused}`;
    tally[k] = (tally[k] ?? 0) + 1;
    if (kind === "n" && o.ok !== undefined) accepted.push(`${name}: ${f}`);
  }
  assert.equal(files.filter((f) => f.startsWith("n_")).length, 188);
  assert.deepEqual(accepted, []);
  for (const k of Object.keys(tally).sort()) t.diagnostic(`${k}: ${tally[k]}`);
}

/**
 * JCS of an ASCII value made of objects, arrays, strings, integers,
 * booleans and null (sorted keys; JSON.stringify's numbers are then
 * RFC 8785's): the tests' own canonical form, independent of the mirror's.
 */
export function asciiJCS(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(asciiJCS).join(",") + "]";
  return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + asciiJCS(v[k])).join(",") + "}";
}

/** D(v): "sha256:" and the hex SHA-256 of asciiJCS(v). */
export function asciiDigest(v) {
  return "sha256:" + createHash("sha256").update(asciiJCS(v)).digest("hex");
}

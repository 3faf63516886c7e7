// A reader of conform's vectors (vectors/README.md, format version 1),
// written for this mirror's own tests so that they run the vectors without
// conform: the MANIFEST's sha256 sums (node:crypto), the files' byte rules,
// and every header and case read strictly (an unknown, repeated or missing
// field, a lone surrogate escape, a wrong id or a file without cases is an
// error naming its file and line). Findings (vectors/findings/) are vectors
// of the same format and are read the same way.

import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readdirSync } from "node:fs";
import { join, posix } from "node:path";
import { parseValue } from "../dist/jsonvalue.js";
import { Refusal } from "../dist/refusal.js";
import { REPO } from "./helpers.mjs";

/** The vectors directory of this repository. */
export const VECTORS = join(REPO, "vectors");

const MAX_MANIFEST = 1 << 20;
const MAX_FILE = 64 << 20;
const HEADER = ["conform_vectors", "contract", "op", "behaviour", "description"];
const CASE = new Set([
  "id",
  "name",
  "input",
  "input_hex",
  "input_expand",
  "expect",
  "output",
  "output_hex",
  "message",
  "exception",
  "at",
  "note",
]);
const EXPAND = ["prefix", "fill", "count", "suffix"];
const EXCEPTIONS = new Set([
  "grammar",
  "type-guard",
  "no-accept-path",
  "unencodable",
  "shadowed",
  "unreachable",
  "wrong-length",
  "pigeonhole",
  "resource-bound",
]);
const NAME = /^[a-z0-9][a-z0-9._-]*$/;
const HEX = /^(?:[0-9a-f]{2})*$/;
// A JSON text's own guard, for parseValue: a vector line is one JSON object.
const LINE = Object.freeze({ contract: "vectors/1", code: "vectors.line", message: "line is not one JSON value" });
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** An error that names where: "path:line: what". */
function bad(where, what) {
  return new Error(`${where}: ${what}`);
}

/** The bytes of a regular file of at most max bytes, or an error naming it. */
function readBounded(path, max) {
  const st = lstatSync(path);
  if (!st.isFile()) throw bad(path, "not a regular file");
  if (st.size > max) throw bad(path, `over ${max} bytes`);
  return readFileSync(path);
}

/** Pure ASCII, LF line ends, a final LF: the byte rules of MANIFEST and of every vector file. */
function checkBytes(where, b) {
  if (b.length === 0 || b[b.length - 1] !== 0x0a) throw bad(where, "does not end with LF");
  for (let i = 0; i < b.length; i++) {
    if (b[i] >= 0x80) throw bad(where, `byte ${i} is not ASCII`);
    if (b[i] === 0x0d) throw bad(where, `byte ${i} is CR`);
  }
}

function wellFormed(s) {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    else if (u >= 0xd800 && u <= 0xdfff) return false;
  }
  return true;
}

/**
 * One JSON object line as a plain object, strictly: a repeated member is
 * an error (the mirror's strict parser refuses it), strings keep lone
 * surrogates (refused here), numbers are integers (arrays serve `at`).
 */
function parseLine(where, text) {
  let v;
  try {
    v = parseValue(Buffer.from(text, "latin1"), LINE);
  } catch (e) {
    if (e instanceof Refusal) throw bad(where, "not one JSON value without repeated members");
    throw e;
  }
  const plain = (x, at) => {
    switch (x.type) {
      case "string":
        if (!wellFormed(x.value)) throw bad(where, `${at} holds a lone surrogate escape`);
        return x.value;
      case "number":
        if (!/^(0|[1-9][0-9]*)$/.test(x.text) || !Number.isSafeInteger(Number(x.text))) {
          throw bad(where, `${at} is not a non-negative integer`);
        }
        return Number(x.text);
      case "object": {
        const o = {};
        for (const [k, m] of x.members) o[k] = plain(m, `${at}.${k}`);
        return o;
      }
      case "array":
        return x.items.map((m, i) => plain(m, `${at}[${i}]`));
      default:
        throw bad(where, `${at} is a ${x.type}, not a string, integer, array or object`);
    }
  };
  if (v.type !== "object") throw bad(where, "not a JSON object");
  return plain(v, "line");
}

function fields(where, o, allowed, required) {
  for (const k of Object.keys(o)) if (!allowed.has(k)) throw bad(where, `unknown field ${k}`);
  for (const k of required) if (!(k in o)) throw bad(where, `missing field ${k}`);
}

function stringField(where, o, k) {
  if (typeof o[k] !== "string") throw bad(where, `${k} is not a string`);
  return o[k];
}

/** The bytes of a string field's UTF-8 form or of a `_hex` field (lowercase, even length, not valid UTF-8). */
function bytesOf(where, o, k) {
  if (k.endsWith("_hex")) {
    const h = stringField(where, o, k);
    if (!HEX.test(h)) throw bad(where, `${k} is not lowercase hex of even length`);
    const b = Buffer.from(h, "hex");
    let valid = true;
    try {
      UTF8.decode(b);
    } catch {
      valid = false;
    }
    if (valid) throw bad(where, `${k} is valid UTF-8: it belongs in ${k.slice(0, -4)}`);
    return b;
  }
  return Buffer.from(stringField(where, o, k), "utf8");
}

/** The id of a case (vectors/README.md, "Case"): 8 bytes of SHA-256, lowercase hex. */
export function caseId(contract, op, input) {
  const h = createHash("sha256");
  h.update(`conform-case/1\n${contract}\n${op}\n`);
  h.update(input);
  return h.digest("hex").slice(0, 16);
}

/**
 * Reads one vector file (rel: its path in the vector set, as the MANIFEST lists it):
 * {path, contract, op, behaviour, finding, cases: [{id, name, line, input,
 * expect, output, message, exception}]}.
 */
function readFile(rel, bytes) {
  const where = (line) => `vectors/${rel}:${line}`;
  checkBytes(`vectors/${rel}`, bytes);
  const lines = bytes.toString("latin1").split("\n");
  lines.pop();
  const parts = rel.split("/");
  const finding = parts[0] === "findings";
  const inDir = finding ? parts.slice(1) : parts;
  if (inDir.length !== 2) throw bad(`vectors/${rel}`, "not <contract-dir>/<behaviour>.jsonl (under findings/ for a finding)");
  const header = parseLine(where(1), lines[0] ?? "");
  fields(where(1), header, new Set(HEADER), HEADER);
  if (header.conform_vectors !== 1) throw bad(where(1), "conform_vectors is not 1");
  const contract = stringField(where(1), header, "contract");
  const op = stringField(where(1), header, "op");
  const behaviour = stringField(where(1), header, "behaviour");
  stringField(where(1), header, "description");
  if (contract.split("/")[0] !== inDir[0]) throw bad(where(1), `contract ${contract} is not that of directory ${inDir[0]}`);
  if (`${behaviour}.jsonl` !== inDir[1]) throw bad(where(1), `behaviour ${behaviour} is not the file's stem`);
  const names = new Set();
  const cases = [];
  for (let i = 1; i < lines.length; i++) {
    const w = where(i + 1);
    const c = parseLine(w, lines[i]);
    fields(w, c, CASE, ["id", "name", "expect"]);
    const name = stringField(w, c, "name");
    if (!NAME.test(name)) throw bad(w, `name ${JSON.stringify(name)} is not [a-z0-9][a-z0-9._-]*`);
    if (names.has(name)) throw bad(w, `name ${name} is repeated in the file`);
    names.add(name);
    const inputs = ["input", "input_hex", "input_expand"].filter((k) => k in c);
    if (inputs.length !== 1) throw bad(w, "not exactly one of input, input_hex, input_expand");
    let input;
    if (inputs[0] === "input_expand") {
      const x = c.input_expand;
      if (typeof x !== "object") throw bad(w, "input_expand is not an object");
      fields(w, x, new Set(EXPAND), EXPAND);
      if (typeof x.count !== "number") throw bad(w, "input_expand.count is not an integer");
      const fill = bytesOf(w, x, "fill");
      input = Buffer.concat([bytesOf(w, x, "prefix"), ...Array(x.count).fill(fill), bytesOf(w, x, "suffix")]);
    } else {
      input = bytesOf(w, c, inputs[0]);
    }
    const id = stringField(w, c, "id");
    const want = caseId(contract, op, input);
    if (id !== want) throw bad(w, `id ${id} is not ${want}, derived from the content`);
    if ("note" in c) stringField(w, c, "note");
    const k = { id, name, line: i + 1, input, expect: c.expect, at: [] };
    if ("at" in c) {
      const at = c.at;
      const ordered = Array.isArray(at) && at.length > 0 && at.every((x, j) => typeof x === "string" && (j === 0 || at[j - 1] < x));
      if (!ordered) throw bad(w, "at is not a non-empty array of distinct strings in ascending order");
      k.at = at;
    }
    if (c.expect === "ok") {
      const outs = ["output", "output_hex"].filter((f) => f in c);
      if (outs.length !== 1) throw bad(w, "ok without exactly one of output, output_hex");
      if ("message" in c || "exception" in c) throw bad(w, "ok with message or exception");
      k.output = bytesOf(w, c, outs[0]);
    } else if (c.expect === "refused") {
      if ("output" in c || "output_hex" in c) throw bad(w, "refused with an output");
      k.message = stringField(w, c, "message");
      if ("exception" in c) {
        k.exception = stringField(w, c, "exception");
        if (!EXCEPTIONS.has(k.exception)) throw bad(w, `exception ${k.exception} is not in the vocabulary`);
      }
    } else {
      throw bad(w, `expect is ${JSON.stringify(c.expect)}, not ok or refused`);
    }
    cases.push(k);
  }
  if (cases.length === 0) throw bad(`vectors/${rel}`, "has no cases");
  return { path: rel, contract, op, behaviour, finding, cases };
}

/** Every file below dir whose name ends in .jsonl, relative to dir, with "/" separators. */
function jsonlFiles(dir, rel = "") {
  const out = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const p = rel === "" ? e.name : posix.join(rel, e.name);
    if (e.isDirectory()) out.push(...jsonlFiles(dir, p));
    else if (e.name.endsWith(".jsonl")) out.push(p);
  }
  return out;
}

/**
 * Reads the vector set at dir (vectors/README.md): the MANIFEST (sorted,
 * one `<sha256>  <path>` a line), each listed file checked against its sum
 * and read strictly, and no .jsonl file left unlisted. Returns the files in
 * MANIFEST order; throws an Error naming the file and line of the first
 * defect.
 */
export function loadVectors(dir = VECTORS) {
  const manifest = readBounded(join(dir, "MANIFEST"), MAX_MANIFEST);
  checkBytes("vectors/MANIFEST", manifest);
  const rows = manifest.toString("latin1").split("\n");
  rows.pop();
  const listed = [];
  rows.forEach((row, i) => {
    const m = /^([0-9a-f]{64}) {2}([a-z0-9][a-z0-9._/-]*\.jsonl)$/.exec(row);
    if (m === null || m[2].split("/").includes("..")) throw bad(`vectors/MANIFEST:${i + 1}`, `not "<sha256>  <path>.jsonl": ${row}`);
    if (listed.length > 0 && listed[listed.length - 1].path >= m[2]) throw bad(`vectors/MANIFEST:${i + 1}`, "not sorted by path, or a path twice");
    listed.push({ sum: m[1], path: m[2] });
  });
  const known = new Set(listed.map((r) => r.path));
  for (const f of jsonlFiles(dir)) if (!known.has(f)) throw bad(`vectors/${f}`, "is not listed in MANIFEST");
  const ids = new Map();
  return listed.map(({ sum, path }) => {
    const bytes = readBounded(join(dir, path), MAX_FILE);
    const got = createHash("sha256").update(bytes).digest("hex");
    if (got !== sum) throw bad(`vectors/${path}`, `sha256 ${got} is not the MANIFEST's ${sum}`);
    const file = readFile(path, bytes);
    for (const c of file.cases) {
      const at = `vectors/${path}:${c.line}`;
      if (ids.has(c.id)) throw bad(at, `id ${c.id} is also at ${ids.get(c.id)}`);
      ids.set(c.id, at);
    }
    return file;
  });
}

// toolhost/1's modules do no I/O (the seed's review decision 12, the
// module's I/O scan; here a property of the mirror): src/toolhost/*.ts and
// every module they import, transitively, reference no file, network,
// process or environment API, and import nothing but relative modules and
// node:crypto (hashing and Ed25519 verification, in digest.ts and
// ed25519.ts).

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { ROOT } from "./helpers.mjs";

const SRC = join(ROOT, "src");
const OWN = join(SRC, "toolhost");

/** What no contract module may reference: I/O, processes, the environment, dynamic code. */
const FORBIDDEN = [
  /\bnode:(?:fs|net|http|https|http2|child_process|dgram|dns|tls|os|worker_threads|cluster|vm|process|readline|inspector|module)\b/,
  /["'](?:fs|net|http|https|child_process|dgram|dns|tls|os|worker_threads|vm|readline)(?:\/[a-z]+)?["']/,
  /\bprocess\s*\./,
  /\bprocess\s*\[/,
  /\bfetch\s*\(/,
  /\brequire\s*\(/,
  /\bimport\s*\(/,
  /\beval\s*\(/,
  /\bnew\s+Function\b/,
  /\bglobalThis\b/,
  /\bXMLHttpRequest\b/,
  /\bWebSocket\b/,
  /\bsetTimeout\b|\bsetInterval\b|\bsetImmediate\b/,
  /\bDate\.now\b|\bnew\s+Date\b|\bperformance\b/,
  /\bMath\.random\b/,
];
const IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm;

/** The source with comments removed (so that a comment may name what code must not use). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'\\])\/\/.*$/gm, "$1");
}

/** src/toolhost/*.ts and the modules they import, transitively. */
function closure() {
  const seen = new Set();
  const todo = readdirSync(OWN)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(OWN, f));
  assert.ok(todo.length >= 5, "src/toolhost has its modules");
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = m[1];
      // The kit (mirrors/kit/ts), outside src/, is the harness's side:
      // only its Refusal class reaches contract code.
      const target = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
      if (spec.startsWith(".") && target.startsWith(SRC)) todo.push(target);
    }
  }
  return [...seen].sort();
}

test("toolhost/1's modules and what they import reference no I/O, process or environment API", () => {
  const files = closure();
  assert.ok(files.some((f) => f.endsWith("ed25519.ts")) && files.some((f) => f.endsWith("digest.ts")));
  for (const file of files) {
    const text = code(readFileSync(file, "utf8"));
    for (const re of FORBIDDEN) assert.doesNotMatch(text, re, `${file} references ${re}`);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1];
      assert.ok(spec.startsWith("./") || spec.startsWith("../") || spec === "node:crypto", `${file} imports ${spec}`);
      if (spec === "node:crypto") assert.ok(!file.startsWith(OWN), `${file}: toolhost's own modules hash and verify through the mirror's modules`);
    }
  }
});

test("the scan finds what it looks for", () => {
  const bad = [
    'import { readFileSync } from "node:fs";',
    "const x = process.env.HOME;",
    'await fetch("https://example.org");',
    'import { spawn } from "child_process";',
    "const t = Date.now();",
  ];
  for (const line of bad) assert.ok(FORBIDDEN.some((re) => re.test(code(line))), line);
  assert.ok(!FORBIDDEN.some((re) => re.test(code("// process.env in a comment is fine"))));
});

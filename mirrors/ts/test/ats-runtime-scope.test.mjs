// ats-runtime/1 scope (spec/ats-runtime.md, "Scope"): the contract's module
// performs no I/O, holds no credential, reads no clock and places no order.
// It references no file, network, process, environment or clock API: this
// test scans src/ats-runtime.ts and every mirror module it imports,
// transitively, for those names, and allows no import but relative ones
// and node:crypto (SHA-256 of the digest). The scanner is checked on
// samples that must be caught, so the test can fail.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { ROOT } from "./helpers.mjs";

const SRC = join(ROOT, "src");
const ROOT_MODULE = join(SRC, "ats-runtime.ts");

/** Names that reach a file, the network, a process, the environment or the clock, as text in a source. */
const FORBIDDEN = [
  /\bnode:(?:fs|net|http|https|http2|dgram|dns|tls|child_process|cluster|worker_threads|os|process|vm|inspector|module|readline|repl|v8)\b/,
  /["'](?:fs|fs\/promises|net|http|https|http2|dgram|dns|tls|child_process|cluster|worker_threads|os|process|vm)["']/,
  /\bchild_process\b/,
  /\bprocess\s*\./,
  /\bprocess\s*\[/,
  /\bprocess\.env\b/,
  /\bfetch\s*\(/,
  /\bXMLHttpRequest\b/,
  /\bWebSocket\b/,
  /\brequire\s*\(/,
  /\bimport\s*\(/,
  /\beval\s*\(/,
  /\bnew\s+Function\b/,
  /\bDate\.now\b/,
  /\bnew\s+Date\b/,
  /\bperformance\./,
  /\bsetTimeout\b|\bsetInterval\b|\bsetImmediate\b/,
  /\bglobalThis\b/,
  /\bDeno\b|\bBun\b/,
];
const ALLOWED_PACKAGES = new Set(["node:crypto"]);

/** The import specifiers of a TypeScript source (static imports and re-exports). */
function imports(text) {
  return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gms), ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((m) => m[1]);
}

/** The problems of one source text: forbidden names and imports outside the allowed set. */
function problems(text) {
  const out = [];
  for (const re of FORBIDDEN) {
    const m = text.match(re);
    if (m !== null) out.push(`references ${JSON.stringify(m[0])}`);
  }
  for (const spec of imports(text)) {
    if (!spec.startsWith("./") && !spec.startsWith("../") && !ALLOWED_PACKAGES.has(spec)) out.push(`imports ${spec}`);
  }
  return out;
}

/** src/ats-runtime.ts and every src module it imports, transitively. */
function closure() {
  const seen = new Set();
  const queue = [ROOT_MODULE];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of imports(readFileSync(file, "utf8"))) {
      // The kit (mirrors/kit/ts), outside src/, is the harness's side:
      // only its Refusal class reaches contract code.
      const target = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
      if (spec.startsWith(".") && target.startsWith(SRC)) queue.push(target);
    }
  }
  return [...seen].sort();
}

test("the scanner catches every kind of reference it looks for", () => {
  const samples = [
    'import { readFileSync } from "node:fs";',
    "import * as net from 'node:net';",
    'import http from "http";',
    'export { spawn } from "node:child_process";',
    "const x = process.env.HOME;",
    "process.stdout.write('x');",
    "await fetch ('https://example.com');",
    'const m = await import("./x.js");',
    'const fs = require("fs");',
    "const t = Date.now();",
    "const d = new Date();",
    "globalThis.x = 1;",
    'import { z } from "some-package";',
  ];
  for (const s of samples) assert.ok(problems(s).length > 0, s);
  assert.deepEqual(problems('import { createHash } from "node:crypto";\nimport { x } from "../jsonvalue.js";'), []);
});

test("the ats-runtime/1 module, and the mirror modules it imports, reference no I/O, process, environment or clock API", () => {
  const files = closure();
  const names = files.map((f) => relative(SRC, f));
  // The closure reaches the shared modules the contract builds on.
  for (const shared of ["ats-runtime.ts", "ats/canonical.ts", "refusal.ts", "jsonvalue.ts", "rfc8785.ts"]) assert.ok(names.includes(shared), shared);
  assert.ok(!names.includes("harness.ts") && !names.includes("protocol.ts"), "the harness is not part of the contract");
  const found = [];
  for (const f of files) for (const p of problems(readFileSync(f, "utf8"))) found.push(`${relative(SRC, f)}: ${p}`);
  assert.deepEqual(found, []);
});

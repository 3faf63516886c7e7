// agent-browser-ats-order/1 scope (spec/agent-browser-ats-order.md, "Scope";
// seed 001, section 4: "The module performs no I/O"): the mirror module
// imports only sibling mirror modules, and names no file, network,
// process, environment, clock or code-loading API. The check is run on a
// source that breaks it too, so that it can fail.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "./helpers.mjs";

const MODULE = join(ROOT, "src", "agent-browser-ats-order.ts");
const APIS = /\b(?:process|fetch|require|eval|Function|Date|performance|setTimeout|setInterval|globalThis|XMLHttpRequest|WebSocket)\b/;

/** Each import of a non-sibling module and each I/O name, as "line: text". */
function breaches(source) {
  const found = [];
  source.split("\n").forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "");
    const from = /\bfrom\s+"([^"]+)"/.exec(code) ?? /^\s*import\s+"([^"]+)"/.exec(code);
    if (from && !from[1].startsWith("./")) found.push(`${i + 1}: ${from[1]}`);
    const api = APIS.exec(code.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
    if (api) found.push(`${i + 1}: ${api[0]}`);
  });
  return found;
}

test("the module performs no I/O", () => {
  assert.deepEqual(breaches(readFileSync(MODULE, "utf8")), []);
});

test("the check can fail", () => {
  const bad = 'import { readFileSync } from "node:fs";\nimport "./x.js";\nconst k = process.env.KEY;\nconst t = Date.now(); // clock\n';
  assert.deepEqual(breaches(bad), ["1: node:fs", "3: process", "4: Date"]);
});

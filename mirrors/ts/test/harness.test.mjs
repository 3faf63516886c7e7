// The harness (dist/harness.js) speaking mirrors/PROTOCOL.md over pipes.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { truncateUTF8 } from "../dist/protocol.js";
import { GUARDS } from "../dist/refusal.js";
import { TYPESCRIPT_VERSION } from "../dist/version.js";
import { ROOT } from "./helpers.mjs";

const HARNESS = join(ROOT, "dist/harness.js");
const b64 = (s) => Buffer.from(s, "utf8").toString("base64");
const START = { cmd: "start", seq: 0, protocol: 1 };

/**
 * Runs one harness process: writes `input` (request objects or raw
 * strings, one per line), closes stdin, and resolves to the answers, the
 * raw stdout, the exit code and stderr. delayRead postpones reading stdout
 * so that the harness meets backpressure.
 */
function session(input, { delayRead = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARNESS], { stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    const read = () => child.stdout.on("data", (d) => out.push(d));
    if (delayRead > 0) setTimeout(read, delayRead);
    else read();
    child.on("close", (code) => {
      const raw = Buffer.concat(out).toString("utf8");
      const lines = raw.split("\n");
      assert.equal(lines.pop(), "", "stdout does not end with LF");
      resolve({ answers: lines.map((l) => JSON.parse(l)), raw, code, stderr: err });
    });
    const text = input.map((x) => (typeof x === "string" ? x : JSON.stringify(x)) + "\n").join("");
    child.stdin.end(text);
  });
}

function run(seq, contract, op, input) {
  return { cmd: "run", seq, contract, op, input: b64(input) };
}

test("handshake identity", async () => {
  const { answers, code } = await session([START]);
  assert.equal(code, 0);
  assert.deepEqual(answers, [
    {
      seq: 0,
      outcome: "started",
      protocol: 1,
      implementation: {
        name: "conform-ts",
        language: "typescript",
        language_version: TYPESCRIPT_VERSION,
        runtime: "node",
        runtime_version: process.versions.node,
        version: "0.1.0",
        contracts: {
          "rfc8785/1": ["canonicalize"],
          "pyjson-ascii/1": ["encode"],
          "frame/1": ["lex"],
          "prim/1": ["timestamp", "integer", "positive-integer", "string", "safe-display", "sorted-set", "tool-list", "base64url", "utf8-length"],
          "ticker/1": ["symbol", "equity-ticker", "masked-label-v1", "closed-masked-label"],
          "v8date/1": ["parse"],
          "ed25519/1": ["verify"],
          "digest/1": ["digest", "signing-input", "schema-digest", "arguments-digest"],
        },
      },
    },
  ]);
});

test("language_version is the pinned, installed TypeScript", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  assert.equal(pkg.devDependencies.typescript, TYPESCRIPT_VERSION);
  const installed = JSON.parse(readFileSync(join(ROOT, "node_modules/typescript/package.json"), "utf8"));
  assert.equal(installed.version, TYPESCRIPT_VERSION);
  assert.equal(pkg.version, "0.1.0");
});

test("run: ok, refused, skipped; answers in order", async () => {
  const { answers, raw, code } = await session([
    START,
    run(1, "rfc8785/1", "canonicalize", '{"b":1,"a":2}'),
    run(2, "rfc8785/1", "canonicalize", '{"a":1,"a":2}'),
    run(3, "pyjson-ascii/1", "encode", '{"\\ud800\\udc00":1,"\\ue000":2}'),
    run(4, "frame/1", "lex", "{}"),
    run(5, "frame/1", "lex", "[]"),
    run(6, "nope/1", "verify", ""),
    run(7, "frame/1", "parse", "{}"),
    run(8, "rfc8785/1", "canonicalize", ""),
  ]);
  assert.equal(code, 0);
  assert.deepEqual(answers.slice(1), [
    { seq: 1, outcome: "ok", output: b64('{"a":2,"b":1}') },
    { seq: 2, outcome: "refused", message: "duplicate member name" },
    { seq: 3, outcome: "ok", output: b64('{"\\ue000":2,"\\ud800\\udc00":1}') },
    { seq: 4, outcome: "ok", output: "" },
    { seq: 5, outcome: "refused", message: "frame is not a JSON object" },
    { seq: 6, outcome: "skipped", reason: "contract nope/1 is not implemented" },
    { seq: 7, outcome: "skipped", reason: "operation parse of contract frame/1 is not implemented" },
    { seq: 8, outcome: "refused", message: "input is not valid JSON" },
  ]);
  assert.ok(!raw.includes("\r"));
});

test("not started, unsupported version, unknown command, bad lines", async () => {
  const { answers, code } = await session([
    { cmd: "guards", seq: 0 },
    { cmd: "start", seq: 1, protocol: 2 },
    run(2, "frame/1", "lex", "{}"),
    { cmd: "start", seq: 3, protocol: 1 },
    { cmd: "frobnicate", seq: 4 },
    "not json",
    "[1,2]",
    '{"cmd":"guards"}',
    '{"cmd":"guards","seq":1.5}',
    '{"cmd":"guards","seq":"9"}',
    "",
    { cmd: "run", seq: 10, contract: "frame/1", op: "lex", input: "e30" },
    { cmd: "run", seq: 11, contract: "frame/1", op: "lex" },
    { cmd: "start", seq: 12, protocol: "1" },
    run(13, "frame/1", "lex", "{}"),
  ]);
  assert.equal(code, 0);
  assert.deepEqual(answers, [
    { seq: 0, outcome: "errored", message: "not started", trace: "" },
    { seq: 1, outcome: "refused", message: "unsupported protocol version", supported: [1] },
    { seq: 2, outcome: "errored", message: "not started", trace: "" },
    answers[3],
    { seq: 4, outcome: "errored", message: "unknown command", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: line is not JSON", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: line is not a JSON object", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: seq is not an integer", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: seq is not an integer", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: seq is not an integer", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: line is not JSON", trace: "" },
    { seq: 10, outcome: "errored", message: "bad request: input is not standard base64", trace: "" },
    { seq: 11, outcome: "errored", message: "bad request: input is not standard base64", trace: "" },
    { seq: 12, outcome: "refused", message: "unsupported protocol version", supported: [1] },
    { seq: 13, outcome: "errored", message: "not started", trace: "" },
  ]);
  assert.equal(answers[3].outcome, "started");
});

test("guards and ignore", async () => {
  const { answers } = await session([
    START,
    { cmd: "guards", seq: 1 },
    {
      cmd: "ignore",
      seq: 2,
      ignore: [
        { contract: "frame/1", message: "frame exceeds 262144 bytes" },
        { contract: "frame/1", message: "frame is not a JSON object" },
        { contract: "rfc8785/1", message: "frame is not a JSON object" },
        { contract: "nope/1", message: "x" },
      ],
    },
    run(3, "frame/1", "lex", "[1]"),
    run(4, "frame/1", "lex", "{}" + " ".repeat(262145)),
    run(5, "rfc8785/1", "canonicalize", "[1e400]"),
    { cmd: "ignore", seq: 6, ignore: [{ contract: "rfc8785/1", message: "number is outside the IEEE-754 double range" }] },
    run(7, "frame/1", "lex", "[1]"),
    run(8, "rfc8785/1", "canonicalize", "[1e400]"),
    { cmd: "ignore", seq: 9, ignore: [] },
    run(10, "rfc8785/1", "canonicalize", "[1e400]"),
    { cmd: "ignore", seq: 11, ignore: "x" },
    { cmd: "ignore", seq: 12, ignore: [{ contract: "frame/1" }] },
  ]);
  assert.deepEqual(answers[1], {
    seq: 1,
    outcome: "guards",
    guards: GUARDS.map((g) => ({ contract: g.contract, code: g.code, message: g.message })),
  });
  assert.equal(answers[1].guards.length, 7 + 5 + 11 + 18 + 10 + 5 + 10 + 9);
  assert.deepEqual(answers.slice(2), [
    {
      seq: 2,
      outcome: "ack",
      unknown: [
        { contract: "rfc8785/1", message: "frame is not a JSON object" },
        { contract: "nope/1", message: "x" },
      ],
    },
    { seq: 3, outcome: "ok", output: "" },
    { seq: 4, outcome: "ok", output: "" },
    { seq: 5, outcome: "refused", message: "number is outside the IEEE-754 double range" },
    { seq: 6, outcome: "ack", unknown: [] },
    { seq: 7, outcome: "refused", message: "frame is not a JSON object" },
    { seq: 8, outcome: "ok", output: b64("[Infinity]") },
    { seq: 9, outcome: "ack", unknown: [] },
    { seq: 10, outcome: "refused", message: "number is outside the IEEE-754 double range" },
    { seq: 11, outcome: "errored", message: "bad request: ignore is not an array", trace: "" },
    { seq: 12, outcome: "errored", message: "bad request: ignore holds an entry that is not {contract, message}", trace: "" },
  ]);
});

test("pipelining: thousands of requests written before any answer is read", async () => {
  const reqs = [START];
  const want = [];
  for (let i = 1; i <= 5000; i++) {
    const doc = `{"k":${i},"a":[${i % 7}]}`;
    reqs.push(run(i, i % 3 === 0 ? "pyjson-ascii/1" : "rfc8785/1", i % 3 === 0 ? "encode" : "canonicalize", doc));
    want.push({ seq: i, outcome: "ok", output: b64(`{"a":[${i % 7}],"k":${i}}`) });
  }
  const { answers, code } = await session(reqs, { delayRead: 300 });
  assert.equal(code, 0);
  assert.deepEqual(answers.slice(1), want);
});

test("backpressure and large lines: multi-megabyte inputs and outputs", async () => {
  const big = "[" + Array.from({ length: 120000 }, (_, i) => `"v${i}\\u00e9"`).join(",") + "]";
  assert.ok(big.length > 1500000);
  const reqs = [START];
  for (let i = 1; i <= 12; i++) reqs.push(run(i, i % 2 ? "rfc8785/1" : "pyjson-ascii/1", i % 2 ? "canonicalize" : "encode", big));
  const { answers, code } = await session(reqs, { delayRead: 500 });
  assert.equal(code, 0);
  assert.equal(answers.length, 13);
  for (let i = 1; i <= 12; i++) {
    assert.equal(answers[i].seq, i);
    assert.equal(answers[i].outcome, "ok");
    const out = Buffer.from(answers[i].output, "base64").toString("utf8");
    assert.ok(out.startsWith(i % 2 ? '["v0é","v1é"' : '["v0\\u00e9","v1\\u00e9"'), out.slice(0, 40));
  }
});

test("a 40 MiB request line", async () => {
  const input = Buffer.alloc(30 * 1024 * 1024, 0x20);
  const line = JSON.stringify({ cmd: "run", seq: 1, contract: "frame/1", op: "lex", input: input.toString("base64") });
  assert.ok(line.length > 40 * 1024 * 1024);
  const { answers, code } = await session([START, line, { cmd: "guards", seq: 2 }]);
  assert.equal(code, 0);
  assert.deepEqual(answers[1], { seq: 1, outcome: "refused", message: "frame exceeds 262144 bytes" });
  assert.equal(answers[2].seq, 2);
});

test("a last line without LF is answered; empty stdin exits 0", async () => {
  const child = spawn(process.execPath, [HARNESS]);
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stdin.end(JSON.stringify(START) + "\n" + JSON.stringify({ cmd: "guards", seq: 1 }));
  const code = await new Promise((r) => child.on("close", r));
  assert.equal(code, 0);
  assert.equal(out.split("\n").length, 3);
  const { answers, code: code2 } = await session([]);
  assert.equal(code2, 0);
  assert.deepEqual(answers, []);
});

test("errored answers are bounded in bytes", () => {
  assert.equal(truncateUTF8("abc", 2), "ab");
  assert.equal(truncateUTF8("é".repeat(600), 1024), "é".repeat(512));
  assert.equal(truncateUTF8("aé", 2), "a");
  assert.equal(truncateUTF8("😀😀", 7), "😀");
  assert.equal(truncateUTF8("a\ud800b", 10), "a\ufffdb");
  assert.equal(Buffer.byteLength(truncateUTF8("€".repeat(10000), 8192)), 8190);
});

test("the five JSON-value contracts through the harness", async () => {
  const key = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
  const sig = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";
  const { answers, code } = await session([
    START,
    run(1, "prim/1", "timestamp", '"0001-01-01T00:00:00.000Z"'),
    run(2, "prim/1", "positive-integer", "0"),
    run(3, "prim/1", "utf8-length", '"\\ud83d\\ude00"'),
    run(4, "ticker/1", "equity-ticker", '"BRK.B"'),
    run(5, "ticker/1", "closed-masked-label", '"12345"'),
    run(6, "v8date/1", "parse", '"2024-01-01T24:00:00.000Z"'),
    run(7, "ed25519/1", "verify", JSON.stringify({ key, sig, msg: "" })),
    run(8, "ed25519/1", "verify", JSON.stringify({ key: "00".repeat(32), sig: "01" + "00".repeat(63), msg: "" })),
    run(9, "digest/1", "signing-input", '{"schema_id":"s","omit":[],"object":{"b":1,"a":2}}'),
    run(10, "digest/1", "arguments-digest", '{"a":1.0}'),
    { cmd: "ignore", seq: 11, ignore: [{ contract: "v8date/1", message: "timestamp is not a real calendar date" }, { contract: "prim/1", message: "timestamp is not a real calendar date" }] },
    run(12, "v8date/1", "parse", '"2024-01-01T24:00:00.000Z"'),
    run(13, "prim/1", "string", "\ufeff\"a\""),
  ]);
  assert.equal(code, 0);
  assert.deepEqual(answers.slice(1), [
    { seq: 1, outcome: "ok", output: b64("-62135596800000") },
    { seq: 2, outcome: "refused", message: "integer is out of range" },
    { seq: 3, outcome: "ok", output: b64("4") },
    { seq: 4, outcome: "ok", output: b64("BRK.B") },
    { seq: 5, outcome: "refused", message: "masked label has more than four consecutive digits" },
    { seq: 6, outcome: "refused", message: "timestamp is not a real calendar date" },
    { seq: 7, outcome: "ok", output: "" },
    { seq: 8, outcome: "refused", message: "public key has small order" },
    { seq: 9, outcome: "ok", output: b64('s\n{"a":2,"b":1}') },
    { seq: 10, outcome: "refused", message: "argument number is not an unsigned safe integer" },
    { seq: 11, outcome: "ack", unknown: [{ contract: "prim/1", message: "timestamp is not a real calendar date" }] },
    { seq: 12, outcome: "ok", output: b64(String(Date.parse("2024-01-02T00:00:00.000Z"))) },
    { seq: 13, outcome: "refused", message: "input is not valid JSON" },
  ]);
});

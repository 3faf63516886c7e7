// The harness (dist/harness.js) speaking mirrors/PROTOCOL.md over pipes.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { MAX_BATCH, truncateUTF8 } from "../dist/protocol.js";
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
    // A Buffer is a raw line (bytes that need not be UTF-8).
    const line = (x) => (Buffer.isBuffer(x) ? x : Buffer.from(typeof x === "string" ? x : JSON.stringify(x)));
    child.stdin.end(Buffer.concat(input.flatMap((x) => [line(x), Buffer.from("\n")])));
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
      features: ["batch"],
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
    '{"cmd":"guards","seq":14}\r',
    Buffer.from('{"cmd":"guards","seq":15,"x":"\xff"}', "latin1"),
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
    { seq: 11, outcome: "errored", message: "bad request: input is not a string", trace: "" },
    { seq: 12, outcome: "refused", message: "unsupported protocol version", supported: [1] },
    { seq: 13, outcome: "errored", message: "not started", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: line ends with CR", trace: "" },
    { seq: -1, outcome: "errored", message: "bad request: line is not UTF-8", trace: "" },
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

// --- batch (PROTOCOL.md, "batch") and the framing rules ---

/** A batch case: contract, op and the base64 of input's UTF-8 bytes. */
const kase = (contract, op, input) => ({ contract, op, input: b64(input) });
const batch = (seq, cases) => ({ cmd: "batch", seq, cases });
const withoutSeq = ({ seq, ...entry }) => entry;

// Cases of every run outcome but a real crash (no input makes the mirror
// throw anything but a refusal): errored here is the bad-base64 answer.
const MIX = [
  kase("rfc8785/1", "canonicalize", '{"b":1,"a":2}'),
  kase("rfc8785/1", "canonicalize", '{"a":1,"a":2}'),
  kase("rfc8785/1", "canonicalize", ""),
  kase("pyjson-ascii/1", "encode", '"\\u00e9"'),
  kase("frame/1", "lex", "{}"),
  kase("frame/1", "lex", "[1]"),
  kase("prim/1", "timestamp", '"2024-02-29T00:00:00.000Z"'),
  kase("prim/1", "timestamp", '"2023-02-29T00:00:00.000Z"'),
  kase("ed25519/1", "verify", JSON.stringify({ key: "00".repeat(32), sig: "01" + "00".repeat(63), msg: "" })),
  kase("nope/1", "verify", ""),
  kase("frame/1", "parse", "{}"),
  { contract: "\ud800x", op: "lex", input: "" },
  { contract: "c".repeat(2000), op: "lex", input: "" },
  { contract: "frame/1", op: "lex", input: "e30" },
  { contract: "frame/1", op: "lex", input: "e3=0" },
  { contract: "frame/1", op: "lex", input: "e30=\n" },
];

test("batch: every entry is the answer its case gets as a run request, without seq", async () => {
  const n = MIX.length;
  const runs = (from) => MIX.map((c, i) => ({ cmd: "run", seq: from + i, ...c }));
  const frameObject = [{ contract: "frame/1", message: "frame is not a JSON object" }];
  const { answers, code } = await session([
    START,
    ...runs(1),
    batch(n + 1, MIX),
    { cmd: "ignore", seq: n + 2, ignore: frameObject },
    ...runs(n + 3),
    batch(2 * n + 3, MIX),
  ]);
  assert.equal(code, 0);
  assert.equal(answers.length, 2 * n + 4);
  answers.forEach((a, i) => assert.equal(a.seq, i, JSON.stringify(a)));
  for (const [from, at] of [[1, n + 1], [n + 3, 2 * n + 3]]) {
    assert.deepEqual(Object.keys(answers[at]), ["seq", "outcome", "answers"]);
    assert.equal(answers[at].outcome, "batch");
    assert.deepEqual(answers[at].answers, answers.slice(from, from + n).map(withoutSeq));
  }
  const first = answers[n + 1].answers;
  assert.deepEqual(new Set(first.map((e) => e.outcome)), new Set(["ok", "refused", "skipped", "errored"]));
  assert.deepEqual(first.slice(0, 3), [
    { outcome: "ok", output: b64('{"a":2,"b":1}') },
    { outcome: "refused", message: "duplicate member name" },
    { outcome: "refused", message: "input is not valid JSON" },
  ]);
  assert.deepEqual(first[5], { outcome: "refused", message: "frame is not a JSON object" });
  assert.deepEqual(first[11], { outcome: "skipped", reason: "contract \ufffdx is not implemented" });
  assert.equal(Buffer.byteLength(first[12].reason), 1024);
  assert.deepEqual(first.slice(13), Array(3).fill({ outcome: "errored", message: "bad request: input is not standard base64", trace: "" }));
  // The ignore set applies to a batch's cases as to run requests.
  assert.deepEqual(answers[2 * n + 3].answers[5], { outcome: "ok", output: "" });
});

test("batch: a malformed request is one errored answer with its seq, and no case runs", async () => {
  const good = kase("frame/1", "lex", "{}");
  const bad = [
    undefined,
    "x",
    {},
    null,
    [],
    [1],
    ["x"],
    [null],
    [[good]],
    [{ contract: "frame/1", op: "lex" }],
    [{ contract: "frame/1", op: "lex", input: 1 }],
    [{ contract: 1, op: "lex", input: "" }],
    [{ contract: "frame/1", op: null, input: "" }],
    [{ contract: "frame/1", op: "lex", input: "", seq: 3 }],
    [good, good, { contract: "frame/1", input: "" }],
  ];
  const reqs = [START, { cmd: "ignore", seq: 1, ignore: [] }];
  bad.forEach((cases, i) => reqs.push(batch(i + 2, cases)));
  reqs.push(batch(bad.length + 2, [good]));
  const { answers, code } = await session(reqs);
  assert.equal(code, 0);
  assert.equal(answers.length, bad.length + 3);
  for (let i = 0; i < bad.length; i++) {
    const a = answers[i + 2];
    assert.deepEqual(Object.keys(a), ["seq", "outcome", "message", "trace"], JSON.stringify(bad[i]));
    assert.equal(a.seq, i + 2);
    assert.equal(a.outcome, "errored", JSON.stringify(bad[i]));
    assert.match(a.message, /^bad request: /);
    assert.equal(a.trace, "");
  }
  assert.equal(answers[2].message, "bad request: cases is not an array");
  assert.equal(answers[6].message, "bad request: cases holds 0 entries, not 1 to 1024");
  assert.equal(answers[16].message, "bad request: case 2 is not an object of the strings contract, op and input");
  assert.deepEqual(answers.at(-1), { seq: bad.length + 2, outcome: "batch", answers: [{ outcome: "ok", output: "" }] });
});

test("batch: not started before a start, or after a refused one", async () => {
  const cases = [kase("frame/1", "lex", "{}")];
  const { answers, code } = await session([
    batch(0, cases),
    batch(1, "not even cases"),
    START,
    batch(3, cases),
    { cmd: "start", seq: 4, protocol: 9 },
    batch(5, cases),
  ]);
  assert.equal(code, 0);
  assert.deepEqual(answers[0], { seq: 0, outcome: "errored", message: "not started", trace: "" });
  assert.deepEqual(answers[1], { seq: 1, outcome: "errored", message: "not started", trace: "" });
  assert.equal(answers[2].outcome, "started");
  assert.deepEqual(answers[3], { seq: 3, outcome: "batch", answers: [{ outcome: "ok", output: "" }] });
  assert.equal(answers[4].outcome, "refused");
  assert.deepEqual(answers[5], { seq: 5, outcome: "errored", message: "not started", trace: "" });
});

test("batch: 1024 cases are answered, 1025 are a bad request", async () => {
  assert.equal(MAX_BATCH, 1024);
  const cases = (k) => Array.from({ length: k }, (_, i) => kase("prim/1", "integer", String(i * 1000)));
  const { answers, code } = await session([START, batch(1, cases(1024)), batch(2, cases(1025)), batch(3, cases(1))]);
  assert.equal(code, 0);
  assert.equal(answers[1].seq, 1);
  assert.equal(answers[1].outcome, "batch");
  assert.deepEqual(answers[1].answers, Array.from({ length: 1024 }, (_, i) => ({ outcome: "ok", output: b64(String(i * 1000)) })));
  assert.deepEqual(answers[2], { seq: 2, outcome: "errored", message: "bad request: cases holds 1025 entries, not 1 to 1024", trace: "" });
  assert.deepEqual(answers[3], { seq: 3, outcome: "batch", answers: [{ outcome: "ok", output: b64("0") }] });
});

test("batch: large outputs under backpressure", async () => {
  const big = "[" + Array.from({ length: 30000 }, (_, i) => `"w${i}\\u00e9"`).join(",") + "]";
  const reqs = [START];
  for (let i = 1; i <= 6; i++) {
    reqs.push(batch(i, [kase("rfc8785/1", "canonicalize", big), kase("frame/1", "lex", "[]"), kase("pyjson-ascii/1", "encode", big)]));
  }
  const { answers, code } = await session(reqs, { delayRead: 400 });
  assert.equal(code, 0);
  assert.equal(answers.length, 7);
  const canonical = b64(JSON.stringify(JSON.parse(big)));
  for (let i = 1; i <= 6; i++) {
    assert.equal(answers[i].seq, i);
    assert.deepEqual(answers[i].answers.slice(0, 2), [
      { outcome: "ok", output: canonical },
      { outcome: "refused", message: "frame is not a JSON object" },
    ]);
    assert.equal(answers[i].answers[2].outcome, "ok");
  }
});

/**
 * Starts a harness, handshakes, then writes text in one write; resolves to
 * the stdout chunks read after the handshake's answer, once `lines` answer
 * lines have come, and closes stdin.
 */
function afterHandshake(text, lines) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARNESS], { stdio: ["pipe", "pipe", "inherit"] });
    child.on("error", reject);
    const chunks = [];
    let started = false;
    let count = 0;
    child.stdout.on("data", (d) => {
      if (!started) {
        assert.equal(JSON.parse(d.toString("utf8")).outcome, "started");
        started = true;
        child.stdin.write(text);
        return;
      }
      chunks.push(d.toString("utf8"));
      count += d.toString("utf8").split("\n").length - 1;
      if (count >= lines) child.stdin.end();
    });
    child.on("close", (code) => {
      assert.equal(code, 0);
      resolve(chunks);
    });
    child.stdin.write(JSON.stringify(START) + "\n");
  });
}

test("framing: each answer is written before the next request is started", async () => {
  // A quick request, then one that takes a while (canonicalizing ~3 MB),
  // in one write. The quick answer must come out on its own, before the
  // slow one: held back, it would be lost if the slow request hung or
  // killed the harness, and conform would blame the quick one.
  const slow = "[" + Array.from({ length: 300000 }, (_, i) => String(i * 7.25)).join(",") + "]";
  const text = JSON.stringify(run(1, "prim/1", "integer", "5")) + "\n" +
    JSON.stringify(run(2, "rfc8785/1", "canonicalize", slow)) + "\n";
  const chunks = await afterHandshake(text, 2);
  assert.ok(chunks.length >= 2, `answers came in ${chunks.length} chunk(s)`);
  assert.deepEqual(JSON.parse(chunks[0]), { seq: 1, outcome: "ok", output: b64("5") });
  assert.ok(chunks[0].endsWith("\n") && chunks[0].indexOf("\n") === chunks[0].length - 1);
  const second = JSON.parse(chunks.slice(1).join(""));
  assert.equal(second.seq, 2);
  assert.equal(second.outcome, "ok");
});

test("framing: megabytes of answers to one chunk of requests come as complete lines, in order", async () => {
  // 400 guards answers of ~7 KiB: over 2 MiB, more than the pipe holds.
  const reqs = Array.from({ length: 400 }, (_, i) => ({ cmd: "guards", seq: i + 1 }));
  const text = reqs.map((r) => JSON.stringify(r) + "\n").join("");
  assert.ok(text.length < 65536);
  const chunks = await afterHandshake(text, 400);
  const raw = chunks.join("");
  assert.ok(raw.length > 2 * 1024 * 1024);
  assert.ok(raw.endsWith("\n"));
  const answers = raw.slice(0, -1).split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(answers.map((a) => a.seq), reqs.map((r) => r.seq));
  assert.ok(answers.every((a) => a.outcome === "guards" && a.guards.length === GUARDS.length));
});

test("a last batch line without LF at end of input is answered", async () => {
  const child = spawn(process.execPath, [HARNESS]);
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stdin.end(JSON.stringify(START) + "\n" + JSON.stringify(batch(1, [kase("frame/1", "lex", "{}")])));
  const code = await new Promise((r) => child.on("close", r));
  assert.equal(code, 0);
  const lines = out.split("\n");
  assert.equal(lines.length, 3);
  assert.equal(lines[2], "");
  assert.deepEqual(JSON.parse(lines[1]), { seq: 1, outcome: "batch", answers: [{ outcome: "ok", output: "" }] });
});

test("framing: no request is started while an answer waits in the write queue", async () => {
  // serve() over streams of our own: a sink that holds every write until
  // released, as a full pipe does. Node queues the answer and write() still
  // returns true (under the high-water mark); the harness must not start
  // the next request until the answer is out, or a hang or crash there
  // would lose it and conform would blame its innocent request.
  const { PassThrough, Writable } = await import("node:stream");
  const { serve } = await import("../dist/harness.js");
  const held = [];
  const got = [];
  const sink = new Writable({
    highWaterMark: 1 << 20,
    write(chunk, _enc, cb) {
      got.push(String(chunk));
      held.push(cb);
    },
  });
  // Answers handed to write(), queued or not.
  let calls = 0;
  const write = sink.write.bind(sink);
  sink.write = (...args) => {
    calls++;
    return write(...args);
  };
  const source = new PassThrough();
  serve(source, sink);
  const lines = [START, run(1, "prim/1", "integer", "1"), run(2, "prim/1", "integer", "2"), run(3, "prim/1", "integer", "3")];
  source.write(lines.map((l) => JSON.stringify(l) + "\n").join(""));
  await new Promise((r) => setTimeout(r, 100));
  // The handshake's answer is in the sink and held: nothing else started.
  assert.equal(calls, 1, `answers written while the first was held: ${calls}`);
  for (let seq = 1; seq <= 3; seq++) {
    held.shift()();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(calls, seq + 1);
    assert.equal(got.length, seq + 1);
    assert.equal(JSON.parse(got[seq]).seq, seq);
  }
  held.shift()();
  source.end();
});

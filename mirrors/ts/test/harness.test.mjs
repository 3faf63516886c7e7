// The harness (dist/harness.js) speaking mirrors/PROTOCOL.md over pipes.
// No contract is named here: the handshake is held against
// spec/catalogue.json, and the cases come from the vectors of every
// registered contract (vectors.mjs), whose exact answers they carry.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { MAX_BATCH, truncateUTF8 } from "../dist/protocol.js";
import { TYPESCRIPT_VERSION } from "../dist/version.js";
import { GUARDS, MODULES, ROOT, catalogue, moduleOf, outcome } from "./helpers.mjs";
import { loadVectors } from "./vectors.mjs";

const HARNESS = join(ROOT, "dist/harness.js");
const b64 = (s) => Buffer.from(s, "utf8").toString("base64");
const START = { cmd: "start", seq: 0, protocol: 1 };

/**
 * A case from the vectors: contract, op, input (base64), the answer entry
 * it must get (`ok` with output, or `refused` with message; a refused
 * answer's `at` is checked apart, by stripAt), and its exception tag.
 */
function sampleOf(file, c) {
  const entry = c.expect === "ok" ? { outcome: "ok", output: c.output.toString("base64") } : { outcome: "refused", message: c.message };
  return { contract: file.contract, op: file.op, input: c.input.toString("base64"), size: c.input.length, entry, exception: c.exception };
}

const GOLDEN = loadVectors()
  .filter((f) => !f.finding && moduleOf(f.contract) !== undefined)
  .flatMap((f) => f.cases.map((c) => sampleOf(f, c)));
const bySize = (a, b) => a.size - b.size;
/** Per registered contract: its smallest accepted vector and its smallest refused one. */
const SAMPLES = MODULES.flatMap((m) => {
  const mine = GOLDEN.filter((c) => c.contract === m.CONTRACT).sort(bySize);
  const ok = mine.find((c) => c.entry.outcome === "ok");
  const refused = mine.find((c) => c.entry.outcome === "refused");
  assert.ok(ok !== undefined && refused !== undefined, `${m.CONTRACT} has no accepted or no refused vector`);
  return [ok, refused];
});
/** The first registered contract's smallest accepted vector. */
const OK0 = SAMPLES[0];
/** Per registered contract: a refused vector with no exception tag, which flips to accepted with its guard ignored (vectors/README.md). */
const FLIPS = MODULES.map((m) => {
  const c = GOLDEN.filter((k) => k.contract === m.CONTRACT && k.entry.outcome === "refused" && k.exception === undefined).sort(bySize)[0];
  assert.ok(c !== undefined, `${m.CONTRACT} has no refused vector without an exception tag`);
  return c;
});
/** Per registered contract: its vector with the largest input. */
const LARGEST = MODULES.map((m) => GOLDEN.filter((c) => c.contract === m.CONTRACT).sort(bySize).at(-1));

/**
 * A refusal location is optional and never compared (PROTOCOL.md, "run");
 * where one is given it must be well-formed: an offset from 0 to the
 * input's length, or an RFC 6901 pointer of at most 1024 bytes. Returns
 * the answer without it.
 */
function stripAt(answer, inputSize) {
  if (answer === null || typeof answer !== "object" || !("at" in answer)) return answer;
  const { at, ...rest } = answer;
  assert.equal(rest.outcome, "refused", JSON.stringify(answer));
  assert.ok(Object.keys(at).length > 0 && Object.keys(at).every((k) => k === "offset" || k === "pointer"), JSON.stringify(at));
  if ("offset" in at) assert.ok(Number.isSafeInteger(at.offset) && at.offset >= 0 && at.offset <= inputSize, JSON.stringify(at));
  if ("pointer" in at) {
    assert.ok(at.pointer === "" || at.pointer.startsWith("/"), JSON.stringify(at));
    assert.ok(!/~(?![01])/.test(at.pointer) && Buffer.byteLength(at.pointer) <= 1024, JSON.stringify(at));
  }
  return rest;
}

/** The answers of a batch answer, each without its location. */
const stripBatch = (a, sizes) => ({ ...a, answers: a.answers.map((e, i) => stripAt(e, sizes[i])) });

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
    child.stdout.on("data", (d) => out.push(d));
    if (delayRead > 0) {
      // Nothing is read for a while: the pipe fills and the harness must wait.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), delayRead);
    }
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
  return { cmd: "run", seq, contract, op, input };
}

/** A run request of a sample (its input is base64 already). */
const runOf = (seq, c) => run(seq, c.contract, c.op, c.input);

test("handshake identity: the contracts and operations of spec/catalogue.json", async () => {
  const { answers, code } = await session([START]);
  assert.equal(code, 0);
  assert.deepEqual(answers, [
    {
      seq: 0,
      outcome: "started",
      protocol: 1,
      features: ["batch", "shift"],
      implementation: {
        name: "conform-ts",
        language: "typescript",
        language_version: TYPESCRIPT_VERSION,
        runtime: "node",
        runtime_version: process.versions.node,
        version: "0.1.0",
        contracts: Object.fromEntries(catalogue().map((c) => [c.contract, c.operations.map((o) => o.op)])),
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

test("run: ok and refused for every contract, skipped; answers in order", async () => {
  const m0 = MODULES[0];
  const { answers, raw, code } = await session([
    START,
    ...SAMPLES.map((c, i) => runOf(i + 1, c)),
    run(SAMPLES.length + 1, "nope/1", "verify", ""),
    run(SAMPLES.length + 2, m0.CONTRACT, "no-such-op", ""),
  ]);
  assert.equal(code, 0);
  assert.deepEqual(answers.slice(1).map((a, i) => stripAt(a, SAMPLES[i]?.size ?? 0)), [
    ...SAMPLES.map((c, i) => ({ seq: i + 1, ...c.entry })),
    { seq: SAMPLES.length + 1, outcome: "skipped", reason: "contract nope/1 is not implemented" },
    { seq: SAMPLES.length + 2, outcome: "skipped", reason: `operation no-such-op of contract ${m0.CONTRACT} is not implemented` },
  ]);
  assert.ok(!raw.includes("\r"));
  // Every refusal of a vector says where (PROTOCOL.md, "run": at).
  SAMPLES.forEach((c, i) => {
    if (c.entry.outcome === "refused") assert.ok("at" in answers[i + 1], JSON.stringify(answers[i + 1]));
  });
});

test("not started, unsupported version, unknown command, bad lines", async () => {
  const { answers, code } = await session([
    { cmd: "guards", seq: 0 },
    { cmd: "start", seq: 1, protocol: 2 },
    run(2, OK0.contract, OK0.op, OK0.input),
    { cmd: "start", seq: 3, protocol: 1 },
    { cmd: "frobnicate", seq: 4 },
    "not json",
    "[1,2]",
    '{"cmd":"guards"}',
    '{"cmd":"guards","seq":1.5}',
    '{"cmd":"guards","seq":"9"}',
    "",
    { cmd: "run", seq: 10, contract: OK0.contract, op: OK0.op, input: "e30" },
    { cmd: "run", seq: 11, contract: OK0.contract, op: OK0.op },
    { cmd: "start", seq: 12, protocol: "1" },
    run(13, OK0.contract, OK0.op, OK0.input),
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
  // Each flip's own pair is known; a contract's name with another
  // contract's message (where that contract lacks it) and an unknown
  // contract are not.
  const own = FLIPS.map((c) => ({ contract: c.contract, message: c.entry.message }));
  const foreign = MODULES.flatMap((m) =>
    MODULES.flatMap((o) =>
      Object.values(o.REFUSALS)
        .filter((g) => !Object.values(m.REFUSALS).some((h) => h.message === g.message))
        .map((g) => ({ contract: m.CONTRACT, message: g.message })),
    ),
  ).slice(0, 1);
  assert.equal(foreign.length, 1);
  const nope = { contract: "nope/1", message: "x" };
  const n = FLIPS.length;
  const { answers, code } = await session([
    START,
    { cmd: "guards", seq: 1 },
    ...FLIPS.map((c, i) => runOf(2 + i, c)),
    { cmd: "ignore", seq: 2 + n, ignore: [...own, ...foreign, nope] },
    ...FLIPS.map((c, i) => runOf(3 + n + i, c)),
    { cmd: "ignore", seq: 3 + 2 * n, ignore: [] },
    ...FLIPS.map((c, i) => runOf(4 + 2 * n + i, c)),
    { cmd: "ignore", seq: 4 + 3 * n, ignore: "x" },
    { cmd: "ignore", seq: 5 + 3 * n, ignore: [{ contract: MODULES[0].CONTRACT }] },
  ]);
  assert.equal(code, 0);
  assert.deepEqual(answers[1], {
    seq: 1,
    outcome: "guards",
    guards: GUARDS.map((g) => ({ contract: g.contract, code: g.code, message: g.message })),
  });
  assert.equal(answers[1].guards.length, catalogue().reduce((k, c) => k + c.refusals.length, 0));
  const refusedBefore = answers.slice(2, 2 + n).map((a, i) => stripAt(a, FLIPS[i].size));
  assert.deepEqual(refusedBefore, FLIPS.map((c, i) => ({ seq: 2 + i, ...c.entry })));
  assert.deepEqual(answers[2 + n], { seq: 2 + n, outcome: "ack", unknown: [...foreign, nope] });
  // Ignored, each flips to accepted: the output is the operation's, in-process, with the same set.
  answers.slice(3 + n, 3 + 2 * n).forEach((a, i) => {
    const c = FLIPS[i];
    const o = outcome(moduleOf(c.contract).OPERATIONS[c.op], new Uint8Array(Buffer.from(c.input, "base64")), own);
    assert.ok(o.ok !== undefined, `${c.contract} ${c.op}: in-process ${JSON.stringify(o)}`);
    assert.deepEqual(a, { seq: 3 + n + i, outcome: "ok", output: o.ok.toString("base64") });
  });
  assert.deepEqual(answers[3 + 2 * n], { seq: 3 + 2 * n, outcome: "ack", unknown: [] });
  const refusedAfter = answers.slice(4 + 2 * n, 4 + 3 * n).map((a, i) => stripAt(a, FLIPS[i].size));
  assert.deepEqual(refusedAfter, FLIPS.map((c, i) => ({ seq: 4 + 2 * n + i, ...c.entry })));
  assert.deepEqual(answers.slice(4 + 3 * n), [
    { seq: 4 + 3 * n, outcome: "errored", message: "bad request: ignore is not an array", trace: "" },
    { seq: 5 + 3 * n, outcome: "errored", message: "bad request: ignore holds an entry that is not {contract, message}", trace: "" },
  ]);
});

test("pipelining: thousands of requests written before any answer is read", async () => {
  const reqs = [START];
  const want = [];
  const sizes = [];
  for (let i = 1; i <= 5000; i++) {
    const c = GOLDEN[(i * 7919) % GOLDEN.length];
    reqs.push(runOf(i, c));
    want.push({ seq: i, ...c.entry });
    sizes.push(c.size);
  }
  const { answers, code } = await session(reqs, { delayRead: 300 });
  assert.equal(code, 0);
  assert.deepEqual(answers.slice(1).map((a, i) => stripAt(a, sizes[i])), want);
});

test("backpressure and large lines: each contract's largest vector and guards answers, over and over", async () => {
  // 24 guards answers (several KiB each) are more than a pipe holds while
  // nothing is read; the large inputs are read meanwhile.
  const reqs = [START];
  for (let i = 1; i <= 48; i++) reqs.push(i % 2 ? runOf(i, LARGEST[i % LARGEST.length]) : { cmd: "guards", seq: i });
  const { answers, code } = await session(reqs, { delayRead: 500 });
  assert.equal(code, 0);
  assert.equal(answers.length, 49);
  assert.ok(answers.reduce((n, a) => n + JSON.stringify(a).length, 0) > 128 * 1024);
  for (let i = 1; i <= 48; i++) {
    const c = LARGEST[i % LARGEST.length];
    if (i % 2) assert.deepEqual(stripAt(answers[i], c.size), { seq: i, ...c.entry });
    else assert.equal(answers[i].guards.length, GUARDS.length);
  }
});

test("a 40 MiB request line: the answer the operation gives in-process", async () => {
  const input = Buffer.alloc(30 * 1024 * 1024, 0x20);
  const m = MODULES[0];
  const [op, fn] = Object.entries(m.OPERATIONS)[0];
  const line = JSON.stringify(run(1, m.CONTRACT, op, input.toString("base64")));
  assert.ok(line.length > 40 * 1024 * 1024);
  const { answers, code } = await session([START, line, { cmd: "guards", seq: 2 }]);
  assert.equal(code, 0);
  const o = outcome(fn, new Uint8Array(input));
  const want = o.ok !== undefined ? { outcome: "ok", output: o.ok.toString("base64") } : { outcome: "refused", message: o.refused };
  assert.deepEqual(stripAt(answers[1], input.length), { seq: 1, ...want });
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

// --- batch (PROTOCOL.md, "batch") and the framing rules ---

/** A batch case of a sample (its input is base64 already). */
const kase = (contract, op, input) => ({ contract, op, input });
const batch = (seq, cases) => ({ cmd: "batch", seq, cases });
const withoutSeq = ({ seq, ...entry }) => entry;

// Cases of every run outcome but a real crash (no input makes the mirror
// throw anything but a refusal): errored here is the bad-base64 answer.
const c0 = OK0.contract;
const o0 = OK0.op;
const MIX = [
  ...SAMPLES.map((c) => kase(c.contract, c.op, c.input)),
  ...FLIPS.map((c) => kase(c.contract, c.op, c.input)),
  kase("nope/1", "verify", ""),
  kase(c0, "no-such-op", b64("{}")),
  { contract: "\ud800x", op: o0, input: "" },
  { contract: "c".repeat(2000), op: o0, input: "" },
  { contract: c0, op: o0, input: "e30" },
  { contract: c0, op: o0, input: "e3=0" },
  { contract: c0, op: o0, input: "e30=\n" },
];
const MIX_SIZES = MIX.map((c) => Buffer.from(c.input, "base64").length);

test("batch: every entry is the answer its case gets as a run request, without seq", async () => {
  const n = MIX.length;
  const k = SAMPLES.length;
  const runs = (from) => MIX.map((c, i) => ({ cmd: "run", seq: from + i, ...c }));
  const own = FLIPS.map((c) => ({ contract: c.contract, message: c.entry.message }));
  const { answers, code } = await session([
    START,
    ...runs(1),
    batch(n + 1, MIX),
    { cmd: "ignore", seq: n + 2, ignore: own },
    ...runs(n + 3),
    batch(2 * n + 3, MIX),
  ]);
  assert.equal(code, 0);
  assert.equal(answers.length, 2 * n + 4);
  answers.forEach((a, i) => {
    assert.equal(a.seq, i, JSON.stringify(a));
  });
  for (const [from, at] of [[1, n + 1], [n + 3, 2 * n + 3]]) {
    assert.deepEqual(Object.keys(answers[at]), ["seq", "outcome", "answers"]);
    assert.equal(answers[at].outcome, "batch");
    // Locations included: a case answers the same either way.
    assert.deepEqual(answers[at].answers, answers.slice(from, from + n).map(withoutSeq));
  }
  const first = stripBatch(answers[n + 1], MIX_SIZES).answers;
  assert.deepEqual(new Set(first.map((e) => e.outcome)), new Set(["ok", "refused", "skipped", "errored"]));
  assert.deepEqual(first.slice(0, k), SAMPLES.map((c) => c.entry));
  assert.deepEqual(first.slice(k, k + FLIPS.length), FLIPS.map((c) => c.entry));
  const rest = first.slice(k + FLIPS.length);
  assert.deepEqual(rest[0], { outcome: "skipped", reason: "contract nope/1 is not implemented" });
  assert.deepEqual(rest[1], { outcome: "skipped", reason: `operation no-such-op of contract ${c0} is not implemented` });
  assert.deepEqual(rest[2], { outcome: "skipped", reason: "contract \ufffdx is not implemented" });
  assert.equal(Buffer.byteLength(rest[3].reason), 1024);
  assert.deepEqual(rest.slice(4), Array(3).fill({ outcome: "errored", message: "bad request: input is not standard base64", trace: "" }));
  // The ignore set applies to a batch's cases as to run requests: the flips are accepted.
  const second = answers[2 * n + 3].answers;
  assert.ok(second.slice(k, k + FLIPS.length).every((e) => e.outcome === "ok"), JSON.stringify(second));
});

test("batch: a malformed request is one errored answer with its seq, and no case runs", async () => {
  const good = kase(OK0.contract, OK0.op, OK0.input);
  const c = OK0.contract;
  const o = OK0.op;
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
    [{ contract: c, op: o }],
    [{ contract: c, op: o, input: 1 }],
    [{ contract: 1, op: o, input: "" }],
    [{ contract: c, op: null, input: "" }],
    [{ contract: c, op: o, input: "", seq: 3 }],
    [good, good, { contract: c, input: "" }],
  ];
  const reqs = [START, { cmd: "ignore", seq: 1, ignore: [] }];
  bad.forEach((cases, i) => {
    reqs.push(batch(i + 2, cases));
  });
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
  assert.deepEqual(answers.at(-1), { seq: bad.length + 2, outcome: "batch", answers: [OK0.entry] });
});

test("batch: not started before a start, or after a refused one", async () => {
  const cases = [kase(OK0.contract, OK0.op, OK0.input)];
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
  assert.deepEqual(answers[3], { seq: 3, outcome: "batch", answers: [OK0.entry] });
  assert.equal(answers[4].outcome, "refused");
  assert.deepEqual(answers[5], { seq: 5, outcome: "errored", message: "not started", trace: "" });
});

test("batch: 1024 cases are answered, 1025 are a bad request", async () => {
  assert.equal(MAX_BATCH, 1024);
  const pick = (i) => GOLDEN[(i * 104729) % GOLDEN.length];
  const cases = (k) => Array.from({ length: k }, (_, i) => kase(pick(i).contract, pick(i).op, pick(i).input));
  const { answers, code } = await session([START, batch(1, cases(1024)), batch(2, cases(1025)), batch(3, cases(1))]);
  assert.equal(code, 0);
  assert.equal(answers[1].seq, 1);
  assert.equal(answers[1].outcome, "batch");
  const sizes = Array.from({ length: 1024 }, (_, i) => pick(i).size);
  assert.deepEqual(stripBatch(answers[1], sizes).answers, Array.from({ length: 1024 }, (_, i) => pick(i).entry));
  assert.deepEqual(answers[2], { seq: 2, outcome: "errored", message: "bad request: cases holds 1025 entries, not 1 to 1024", trace: "" });
  assert.deepEqual(stripBatch(answers[3], [pick(0).size]), { seq: 3, outcome: "batch", answers: [pick(0).entry] });
});

test("batch: large inputs under backpressure", async () => {
  const reqs = [START];
  const cases = LARGEST.map((c) => kase(c.contract, c.op, c.input));
  for (let i = 1; i <= 6; i++) reqs.push(batch(i, cases));
  const { answers, code } = await session(reqs, { delayRead: 400 });
  assert.equal(code, 0);
  assert.equal(answers.length, 7);
  for (let i = 1; i <= 6; i++) {
    assert.equal(answers[i].seq, i);
    assert.deepEqual(stripBatch(answers[i], LARGEST.map((c) => c.size)).answers, LARGEST.map((c) => c.entry));
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
  // A quick request, then one that takes a while (a 20 MiB input: its line
  // is read, parsed and decoded before the operation starts), in one
  // write. The quick answer must come out on its own, before the slow one:
  // held back, it would be lost if the slow request hung or killed the
  // harness, and conform would blame the quick one.
  const slow = Buffer.alloc(20 * 1024 * 1024, 0x20).toString("base64");
  const text = `${JSON.stringify(runOf(1, OK0))}\n${JSON.stringify(run(2, OK0.contract, OK0.op, slow))}\n`;
  const chunks = await afterHandshake(text, 2);
  assert.ok(chunks.length >= 2, `answers came in ${chunks.length} chunk(s)`);
  assert.deepEqual(JSON.parse(chunks[0]), { seq: 1, ...OK0.entry });
  assert.ok(chunks[0].endsWith("\n") && chunks[0].indexOf("\n") === chunks[0].length - 1);
  const second = JSON.parse(chunks.slice(1).join(""));
  assert.equal(second.seq, 2);
  assert.ok(second.outcome === "ok" || second.outcome === "refused", second.outcome);
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
  child.stdin.end(JSON.stringify(START) + "\n" + JSON.stringify(batch(1, [kase(OK0.contract, OK0.op, OK0.input)])));
  const code = await new Promise((r) => child.on("close", r));
  assert.equal(code, 0);
  const lines = out.split("\n");
  assert.equal(lines.length, 3);
  assert.equal(lines[2], "");
  assert.deepEqual(JSON.parse(lines[1]), { seq: 1, outcome: "batch", answers: [OK0.entry] });
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
  const lines = [START, ...SAMPLES.slice(0, 3).map((c, i) => run(i + 1, c.contract, c.op, c.input))];
  source.write(lines.map((l) => JSON.stringify(l) + "\n").join(""));
  await new Promise((r) => setTimeout(r, 100));
  // The handshake's answer is in the sink and held: nothing else started.
  assert.equal(calls, 1, `answers written while the first was held: ${calls}`);
  for (let seq = 1; seq <= 3; seq++) {
    held.shift()();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(calls, seq + 1);
    assert.equal(got.length, seq + 1);
    assert.deepEqual(stripAt(JSON.parse(got[seq]), SAMPLES[seq - 1].size), { seq, ...SAMPLES[seq - 1].entry });
  }
  held.shift()();
  source.end();
});

// The kit over pipes, as conform drives a harness (mirrors/PROTOCOL.md):
// fixture.mjs, a stand-in implementation wired with the kit, is started as a
// process, sent request lines and its answer lines read back. And the
// registration rules, in this process.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Kit, MAX_BATCH, Refusal, truncateUTF8 } from "../index.js";
import { fixture } from "./fixture.mjs";

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), "fixture.mjs");
const b64 = (s) => Buffer.from(s).toString("base64");
const START = { cmd: "start", seq: 0, protocol: 1 };
const run = (seq, contract, op, input) => ({ cmd: "run", seq, contract, op, input: b64(input) });
const batch = (seq, cases) => ({ cmd: "batch", seq, cases: cases.map(([contract, op, input]) => ({ contract, op, input: b64(input) })) });
const ignore = (seq, pairs) => ({ cmd: "ignore", seq, ignore: pairs.map(([contract, message]) => ({ contract, message })) });

/**
 * Runs the fixture on the given lines (objects are JSON, strings and Buffers
 * raw), closes stdin, and resolves to {answers, raw, stderr}; the fixture
 * must exit 0 and end stdout with LF.
 */
function session(lines, { end = "\n" } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FIXTURE, "serve"], { stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    let err = "";
    child.on("error", reject);
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => {
      const raw = Buffer.concat(out).toString("utf8");
      try {
        assert.equal(code, 0, err);
        const parts = raw.split("\n");
        assert.equal(parts.pop(), "", "stdout does not end with LF");
        resolve({ answers: parts.map((l) => JSON.parse(l)), raw, stderr: err });
      } catch (e) {
        reject(e);
      }
    });
    const bytes = (x) => (Buffer.isBuffer(x) ? x : Buffer.from(typeof x === "string" ? x : JSON.stringify(x)));
    const body = lines.map(bytes);
    const joined = Buffer.concat(body.flatMap((b, i) => (i < body.length - 1 || end ? [b, Buffer.from("\n")] : [b])));
    child.stdin.end(joined);
  });
}

test("handshake: exactly what is registered, with the identity given", async () => {
  const { answers } = await session([START]);
  assert.deepEqual(answers, [
    {
      seq: 0,
      outcome: "started",
      protocol: 1,
      features: ["batch"],
      implementation: {
        name: "kit-fixture",
        language: "javascript",
        language_version: process.versions.node,
        runtime: "node",
        runtime_version: process.versions.node,
        version: "0.0.1",
        contracts: { "demo/1": ["echo", "upper", "crash", "bad-at", "noisy"], "plain/1": ["id"] },
      },
    },
  ]);
});

test("unsupported version, not started, then started", async () => {
  const { answers } = await session([{ ...START, protocol: 2 }, run(1, "demo/1", "echo", "x"), { ...START, seq: 2 }, run(3, "demo/1", "echo", "x")]);
  assert.deepEqual(answers[0], { seq: 0, outcome: "refused", message: "unsupported protocol version", supported: [1] });
  assert.deepEqual(answers[1], { seq: 1, outcome: "errored", message: "not started", trace: "" });
  assert.equal(answers[2].outcome, "started");
  assert.deepEqual(answers[3], { seq: 3, outcome: "ok", output: b64("x") });
});

test("run: ok, refused with location, errored with trace, bad locations left out", async () => {
  const { answers } = await session([
    START,
    run(1, "demo/1", "upper", "abc"),
    run(2, "demo/1", "upper", ""),
    run(3, "demo/1", "upper", Buffer.from("ab\xc3\xa9", "latin1")),
    run(4, "demo/1", "upper", "x".repeat(20)),
    run(5, "demo/1", "crash", "boom"),
    run(6, "demo/1", "bad-at", "abc"),
    run(7, "plain/1", "id", Buffer.from([0, 255])),
  ]);
  assert.deepEqual(answers.map((a) => a.seq), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(answers[1], { seq: 1, outcome: "ok", output: b64("ABC") });
  assert.deepEqual(answers[2], { seq: 2, outcome: "refused", message: "empty input", at: { offset: 0 } });
  assert.deepEqual(answers[3], { seq: 3, outcome: "refused", message: "not ascii", at: { offset: 2, pointer: "" } });
  assert.deepEqual(answers[4], { seq: 4, outcome: "refused", message: "too long", at: { offset: 16 } });
  const crash = answers[5];
  assert.deepEqual(Object.keys(crash).sort(), ["message", "outcome", "seq", "trace"]);
  assert.equal(crash.outcome, "errored");
  assert.match(crash.message, /^TypeError: /);
  assert.match(crash.trace, /at explode /);
  assert.deepEqual(answers[6], { seq: 6, outcome: "refused", message: "empty input" });
  assert.deepEqual(answers[7], { seq: 7, outcome: "ok", output: Buffer.from([0, 255]).toString("base64") });
});

test("an unknown contract or operation is skipped", async () => {
  const { answers } = await session([START, run(1, "nope/1", "echo", ""), run(2, "demo/1", "shout", ""), run(3, "plain/2", "id", "")]);
  assert.deepEqual(answers.slice(1), [
    { seq: 1, outcome: "skipped", reason: "contract nope/1 is not implemented" },
    { seq: 2, outcome: "skipped", reason: "operation shout of contract demo/1 is not implemented" },
    { seq: 3, outcome: "skipped", reason: "contract plain/2 is not implemented" },
  ]);
});

test("bad run fields are errored", async () => {
  const { answers } = await session([
    START,
    { cmd: "run", seq: 1, contract: "demo/1", op: "echo", input: "e30" },
    { cmd: "run", seq: 2, contract: "demo/1", op: "echo" },
    { cmd: "run", seq: 3, op: "echo", input: "" },
  ]);
  assert.deepEqual(answers.slice(1), [
    { seq: 1, outcome: "errored", message: "bad request: input is not standard base64", trace: "" },
    { seq: 2, outcome: "errored", message: "bad request: input is not a string", trace: "" },
    { seq: 3, outcome: "errored", message: "bad request: contract is not a string", trace: "" },
  ]);
});

test("console.log in a function goes to stderr, never into the protocol", async () => {
  const { answers, raw, stderr } = await session([START, run(1, "demo/1", "noisy", "")]);
  assert.deepEqual(answers[1], { seq: 1, outcome: "ok", output: b64("quiet") });
  assert.equal(raw.split("\n").length, 3);
  assert.match(stderr, /a handler logging/);
});

test("pipelined: answers in order", async () => {
  const reqs = [START];
  for (let i = 1; i <= 2000; i++) reqs.push(run(i, "demo/1", "upper", "a".repeat(i % 30)));
  const { answers } = await session(reqs);
  assert.deepEqual(answers.map((a) => a.seq), Array.from({ length: 2001 }, (_, i) => i));
  answers.slice(1).forEach((a, k) => {
    const n = (k + 1) % 30;
    assert.equal(a.outcome, n === 0 || n > 16 ? "refused" : "ok", JSON.stringify(a));
  });
});

test("batch: entries are the run answers; a malformed batch is one errored answer", async () => {
  const cases = [
    ["demo/1", "upper", "abc"],
    ["demo/1", "upper", ""],
    ["demo/1", "crash", ""],
    ["nope/1", "x", ""],
    ["plain/1", "id", "z"],
  ];
  const runs = await session([START, ...cases.map(([c, o, i], k) => run(k + 1, c, o, i))]);
  const good = { contract: "demo/1", op: "echo", input: "" };
  const { answers } = await session([
    START,
    batch(1, cases),
    { cmd: "batch", seq: 2, cases: [] },
    { cmd: "batch", seq: 3, cases: Array(MAX_BATCH + 1).fill(good) },
    { cmd: "batch", seq: 4, cases: [good, { ...good, extra: 1 }] },
    { cmd: "batch", seq: 5, cases: Array(MAX_BATCH).fill(good) },
  ]);
  assert.equal(answers[1].outcome, "batch");
  // Traces differ by the frames between the function and the kit: each is
  // checked to be there, then left out.
  const untraced = (e) => {
    if (e.outcome !== "errored") return e;
    assert.match(e.trace, /at explode /);
    return { ...e, trace: "" };
  };
  assert.deepEqual(
    answers[1].answers.map(untraced),
    runs.answers.slice(1).map(({ seq: _, ...entry }) => untraced(entry)),
  );
  for (const seq of [2, 3, 4]) assert.deepEqual([answers[seq].seq, answers[seq].outcome], [seq, "errored"]);
  assert.equal(answers[5].answers.length, MAX_BATCH);
});

test("ignore: honoured where a hook is given, unknown elsewhere; guards lists the tables", async () => {
  const long = "y".repeat(20);
  const { answers } = await session([
    START,
    ignore(1, [
      ["demo/1", "too long"],
      ["demo/1", "no such message"],
      ["plain/1", "never refused"],
      ["nope/1", "x"],
    ]),
    run(2, "demo/1", "upper", long),
    ignore(3, []),
    run(4, "demo/1", "upper", long),
    { cmd: "ignore", seq: 5, ignore: "x" },
    { cmd: "ignore", seq: 6, ignore: [{ contract: "demo/1" }] },
    { cmd: "guards", seq: 7 },
  ]);
  assert.deepEqual(answers[1], {
    seq: 1,
    outcome: "ack",
    unknown: [
      { contract: "demo/1", message: "no such message" },
      { contract: "plain/1", message: "never refused" },
      { contract: "nope/1", message: "x" },
    ],
  });
  assert.deepEqual(answers[2], { seq: 2, outcome: "ok", output: b64("Y".repeat(20)) });
  assert.deepEqual(answers[3], { seq: 3, outcome: "ack", unknown: [] });
  assert.equal(answers[4].message, "too long");
  assert.deepEqual([answers[5].outcome, answers[6].outcome], ["errored", "errored"]);
  assert.deepEqual(answers[7], {
    seq: 7,
    outcome: "guards",
    guards: [
      { contract: "demo/1", code: "demo.empty", message: "empty input" },
      { contract: "demo/1", code: "demo.long", message: "too long" },
      { contract: "demo/1", code: "demo.ascii", message: "not ascii" },
      { contract: "plain/1", code: "plain.never", message: "never refused" },
    ],
  });
});

test("malformed lines are answered seq -1 errored; unknown commands errored", async () => {
  const bad = ["garbage", "", "[]", "1", '{"seq":"1"}', '{"seq":true}', '{"seq":1.5}', '{"cmd":"start"}', '{"seq":1,"cmd":"guards"}\r', Buffer.from([0xff, 0xfe]), '{"seq":1'];
  const { answers } = await session([START, ...bad, { cmd: "dance", seq: 1 }]);
  assert.equal(answers.length, 2 + bad.length);
  for (const a of answers.slice(1, -1)) assert.deepEqual([a.seq, a.outcome], [-1, "errored"], JSON.stringify(a));
  assert.equal(answers[9].message, "bad request: line ends with CR");
  assert.equal(answers[10].message, "bad request: line is not UTF-8");
  assert.deepEqual(answers.at(-1), { seq: 1, outcome: "errored", message: "unknown command", trace: "" });
});

test("a last line without LF is answered; empty stdin exits 0", async () => {
  const { answers } = await session([START, run(1, "demo/1", "echo", "e")], { end: "" });
  assert.deepEqual(answers[1], { seq: 1, outcome: "ok", output: b64("e") });
  assert.deepEqual((await session([])).answers, []);
});

test("serve: no request is started while an answer waits in the write queue", async () => {
  const held = [];
  let calls = 0;
  const sink = new Writable({
    highWaterMark: 1 << 20,
    write(_chunk, _enc, cb) {
      calls++;
      held.push(cb);
    },
  });
  const source = new PassThrough();
  fixture().serve(source, sink);
  source.write([START, run(1, "demo/1", "echo", "a"), run(2, "demo/1", "echo", "b")].map((l) => JSON.stringify(l) + "\n").join(""));
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(calls, 1);
  held.shift()();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(calls, 2);
  held.shift()();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(calls, 3);
  held.shift()();
  source.end();
});

test("registration rules", () => {
  assert.throws(() => new Kit({ name: "", version: "1" }), TypeError);
  assert.throws(() => new Kit({ name: "x", version: "1", runtime: "" }), TypeError);
  const kit = new Kit({ name: "x", version: "1" }).handle("a/1", "op", (i) => i);
  assert.throws(() => kit.handle("a/1", "op", (i) => i), /registered twice/);
  assert.throws(() => kit.handle("a/1", "other", "not a function"), TypeError);
  assert.throws(() => kit.guards("a/1", [{ code: "c", message: 1 }]), TypeError);
  kit.guards("a/1", [{ code: "a.x", message: "x" }]);
  assert.throws(() => kit.guards("a/1", []), /declared twice/);
  kit.answer(JSON.stringify(START));
  assert.throws(() => kit.handle("a/1", "late", (i) => i), /before serve/);
});

test("a function returning no bytes, or refusing without a string, is errored; refusals carry no stack", () => {
  const kit = new Kit({ name: "x", version: "1" })
    .handle("a/1", "text", () => "text")
    .handle("a/1", "refuse", () => {
      throw new Refusal(42);
    });
  kit.answer(JSON.stringify(START));
  for (const op of ["text", "refuse"]) {
    const a = kit.answer(JSON.stringify({ cmd: "run", seq: 1, contract: "a/1", op, input: "" }));
    assert.equal(a.outcome, "errored");
    assert.match(String(a.message), /^TypeError: /);
  }
  assert.equal(new Refusal("m").stack?.split("\n").length, 1);
  assert.equal(new Refusal("m", { offset: 1 }).at?.offset, 1);
});

test("errored answers are bounded in bytes", () => {
  assert.equal(truncateUTF8("é".repeat(600), 1024), "é".repeat(512));
  assert.equal(truncateUTF8("a\ud800b", 10), "a\ufffdb");
  const kit = new Kit({ name: "x", version: "1" }).handle("a/1", "big", () => {
    throw new Error("v".repeat(5000));
  });
  kit.answer(JSON.stringify(START));
  const a = kit.answer(JSON.stringify({ cmd: "run", seq: 1, contract: "a/1", op: "big", input: "" }));
  assert.equal(Buffer.byteLength(String(a.message)), 1024);
  assert.ok(Buffer.byteLength(String(a.trace)) <= 8192);
});

test("unknown: a declared refusal message the catalogue's table lacks is named, an unknown contract left to conform", async () => {
  const { readFileSync } = await import("node:fs");
  const known = JSON.parse(readFileSync(new URL("../refusals.json", import.meta.url), "utf8"));
  const [contract, messages] = Object.entries(known)[0];
  assert.ok(messages.length > 0);
  const kit = new Kit({ name: "x", version: "1" })
    .handle(contract, "op", (i) => i)
    .guards(contract, [{ code: "c.0", message: messages[0] }, { code: "c.1", message: "bad key" }])
    .handle("nope/1", "op", (i) => i)
    .guards("nope/1", [{ code: "n.0", message: "m" }]);
  assert.deepEqual(kit.unknown(), [`${contract}: refusal message "bad key" is not in the contract's refusal table`]);
  const fine = new Kit({ name: "y", version: "1" }).handle(contract, "op", (i) => i).guards(contract, [{ code: "c.0", message: messages[0] }]);
  assert.deepEqual(fine.unknown(), []);
});

test("shift: a contract's declared thresholds reach its hook; the feature is announced only with them", () => {
  const seen = [];
  const kit = new Kit({ name: "x", version: "1" })
    .handle("a/1", "op", (i) => i)
    .guards("a/1", [{ code: "a.x", message: "x" }], { thresholds: ["limit.n"], shift: (m) => seen.push(new Map(m)) });
  assert.throws(() => new Kit({ name: "x", version: "1" }).guards("b/1", [], { thresholds: ["limit.n"] }), TypeError);
  assert.throws(() => new Kit({ name: "x", version: "1" }).guards("b/1", [], { shift: () => {} }), TypeError);
  const started = kit.answer(JSON.stringify(START));
  assert.deepEqual(started.features, ["batch", "shift"]);
  const a = kit.answer(
    JSON.stringify({
      cmd: "shift",
      seq: 1,
      shift: [
        { contract: "a/1", threshold: "limit.n", by: -1 },
        { contract: "a/1", threshold: "limit.m", by: 1 },
        { contract: "z/1", threshold: "limit.n", by: 1 },
      ],
    }),
  );
  assert.deepEqual(a, {
    seq: 1,
    outcome: "shifted",
    unknown: [
      { contract: "a/1", threshold: "limit.m" },
      { contract: "z/1", threshold: "limit.n" },
    ],
  });
  assert.deepEqual(kit.answer(JSON.stringify({ cmd: "shift", seq: 2, shift: [] })), { seq: 2, outcome: "shifted", unknown: [] });
  assert.equal(kit.answer(JSON.stringify({ cmd: "shift", seq: 3, shift: [{ contract: "a/1", threshold: "limit.n", by: "1" }] })).outcome, "errored");
  assert.deepEqual(seen, [new Map([["limit.n", -1]]), new Map()]);
  const plain = new Kit({ name: "x", version: "1" }).handle("a/1", "op", (i) => i);
  assert.deepEqual(plain.answer(JSON.stringify(START)).features, ["batch"]);
  assert.equal(plain.answer(JSON.stringify({ cmd: "shift", seq: 1, shift: [] })).message, "unknown command");
});

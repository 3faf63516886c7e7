// The TypeScript mirror's intrinsic speed: runs the mirror's operations
// in-process over a list of cases, without the harness protocol.
// Usage (from the built mirror's directory):
//   node inprocess.mjs CASES.jsonl BATCHES ROUNDS SECONDS
// CASES.jsonl has one {"batch","contract","op","input" (base64)} per line,
// in batch order, from BATCHES batches. Prints "ready" once the cases are
// loaded; then, for each "go R" line on stdin, runs the cases of chunk R
// (the batches cut into ROUNDS chunks, as BenchmarkThroughput cuts them)
// over and over, whole, until SECONDS have passed (at least once), or, for
// "go R N", exactly N times (the ceiling's copies), and prints one JSON
// line: cases run, seconds, and the outcome counts. Exits at the end of
// stdin.
//
// The operations are the functions the harness serves: the harness
// (dist/harness.js) is loaded as `node dist/harness.js` loads it, and every
// function its registration hands to the kit (../kit/ts, Kit.handle) is
// recorded, by contract and operation. No contract or operation is named
// here: a new contract needs no edit.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [file, count, rounds, secs] = process.argv.slice(2);

// The kit as the mirror imports it (../../kit/ts/index.js from dist/), the
// same module instance: its Kit's handle records each registration.
const kit = await import(pathToFileURL(resolve("..", "kit", "ts", "index.js")).href);
const registered = new Map(); // contract -> op -> function
const handle = kit.Kit.prototype.handle;
kit.Kit.prototype.handle = function (contract, op, fn) {
  const self = handle.call(this, contract, op, fn);
  if (!registered.has(contract)) registered.set(contract, new Map());
  registered.get(contract).set(op, fn);
  return self;
};
try {
  // Not run as the program, the harness registers without serving.
  await import(pathToFileURL(resolve("dist", "harness.js")).href);
} finally {
  kit.Kit.prototype.handle = handle;
}
if (registered.size === 0) throw new Error("dist/harness.js registered no operation with the kit at ../kit/ts/index.js");

// Whether e is a Refusal, of any copy of the kit (the kit's own test).
const REFUSAL = Symbol.for("conform-kit.Refusal");
const isRefusal = (e) => typeof e === "object" && e !== null && e[REFUSAL] === true;

const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const cases = [];
for (const l of lines) {
  const c = JSON.parse(l);
  const fn = registered.get(c.contract)?.get(c.op);
  if (fn === undefined) throw new Error(`the harness registers no operation ${c.op} of contract ${c.contract}`);
  cases.push([c.batch, fn, new Uint8Array(Buffer.from(c.input, "base64"))]);
}
const batches = Number(count);
const n = Number(rounds);
const budget = Number(secs) * 1000;

function round(r, passes) {
  const lo = Math.floor((r * batches) / n);
  const hi = Math.floor(((r + 1) * batches) / n);
  const chunk = cases.filter(([b]) => b >= lo && b < hi);
  const counts = { ok: 0, refused: 0, errored: 0 };
  let k = 0;
  const start = performance.now();
  do {
    for (const [, fn, input] of chunk) {
      try {
        // As the kit answers: anything but a Uint8Array is errored.
        if (fn(input) instanceof Uint8Array) counts.ok++;
        else counts.errored++;
      } catch (e) {
        if (isRefusal(e)) counts.refused++;
        else counts.errored++;
      }
      k++;
    }
  } while (passes === undefined ? performance.now() - start < budget : k < passes * chunk.length);
  const seconds = (performance.now() - start) / 1000;
  return JSON.stringify({ cases: k, seconds, ...counts }) + "\n";
}

process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const m = /^go (\d+)(?: ([1-9]\d*))?$/.exec(line);
  if (m === null || Number(m[1]) >= n) throw new Error(`unexpected ${JSON.stringify(line)} on stdin`);
  process.stdout.write(round(Number(m[1]), m[2] === undefined ? undefined : Number(m[2])));
}

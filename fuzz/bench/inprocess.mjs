// The TypeScript mirror's intrinsic speed: runs the mirror's operations
// in-process over a list of cases, without the harness protocol.
// Usage (from the built mirror's directory):
//   node inprocess.mjs CASES.jsonl BATCHES ROUNDS SECONDS
// CASES.jsonl has one {"batch","contract","op","input" (base64)} per line,
// in batch order, from BATCHES batches. Prints "ready" once the cases are
// loaded; then, for each "go R" line on stdin, runs the cases of chunk R
// (the batches cut into ROUNDS chunks, as BenchmarkThroughput cuts them)
// over and over, whole, until SECONDS have passed, and prints one JSON
// line: cases run, seconds, and the outcome counts. Exits at the end of
// stdin.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

const [file, count, rounds, secs] = process.argv.slice(2);
const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const cases = [];
for (const l of lines) {
  const c = JSON.parse(l);
  const dir = c.contract.split("/")[0];
  const mod = await import(pathToFileURL(resolve("dist", dir + ".js")).href);
  const fn = mod[camel(c.op)];
  if (typeof fn !== "function") throw new Error(`no ${c.op} in dist/${dir}.js`);
  cases.push([c.batch, fn, new Uint8Array(Buffer.from(c.input, "base64"))]);
}
const batches = Number(count);
const n = Number(rounds);
const budget = Number(secs) * 1000;

function round(r) {
  const lo = Math.floor((r * batches) / n);
  const hi = Math.floor(((r + 1) * batches) / n);
  const chunk = cases.filter(([b]) => b >= lo && b < hi);
  const counts = { ok: 0, refused: 0, errored: 0 };
  let k = 0;
  const start = performance.now();
  do {
    for (const [, fn, input] of chunk) {
      try {
        fn(input);
        counts.ok++;
      } catch (e) {
        if (e && e.constructor && e.constructor.name === "Refusal") counts.refused++;
        else counts.errored++;
      }
      k++;
    }
  } while (performance.now() - start < budget);
  const seconds = (performance.now() - start) / 1000;
  return JSON.stringify({ cases: k, seconds, ...counts }) + "\n";
}

process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const m = /^go (\d+)$/.exec(line);
  if (m === null || Number(m[1]) >= n) throw new Error(`unexpected ${JSON.stringify(line)} on stdin`);
  process.stdout.write(round(Number(m[1])));
}

// The harness protocol's cost per case (mirrors/PROTOCOL.md), against the
// mirror's own work. Usage, from mirrors/ts after a build:
//
//	node bench/protocol.mjs [CASES] [BATCH] [ROUNDS]
//	BENCH_MODES=inprocess,run,batch32 BENCH_CONTRACT=<name/version> node bench/protocol.mjs
//
// CASES cases (default 20000) are taken in turn from the golden vectors
// (../../vectors/, inputs up to 4 KiB) of every registered contract, or of
// BENCH_CONTRACT alone, and run in each of these modes (BENCH_MODES picks
// some), ROUNDS times (default 5); the best round is printed as µs per
// case, wall time and CPU time of the process doing the work:
//   inprocess  the operation called directly (as fuzz/bench/inprocess.mjs)
//   answer     protocol.js answer() and JSON.stringify on one run line per
//              case, in this process (no pipes)
//   answerB    the same on batch lines of B cases
//   run        through `node dist/harness.js`, one run line per case
//   batchB     through the harness, batch lines of B = BATCH cases (default 32)
// The piped modes write every line before reading an answer, twice (the
// first pass warms the JIT up), and time the second pass from its first
// write to its last answer; their CPU time is the harness's (from /proc,
// so Linux only), without this process's writing and reading.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");
const HARNESS = join(ROOT, "dist/harness.js");
const protocol = await import(pathToFileURL(join(ROOT, "dist/protocol.js")).href);
const { loadVectors } = await import(pathToFileURL(join(ROOT, "test/vectors.mjs")).href);

const n = Number(process.argv[2] ?? 20000);
const size = Number(process.argv[3] ?? 32);
const rounds = Number(process.argv[4] ?? 5);

const only = process.env.BENCH_CONTRACT;
const pool = loadVectors()
  .filter((f) => !f.finding && (only === undefined || f.contract === only))
  .flatMap((f) => f.cases.filter((c) => c.input.length <= 4096).map((c) => ({ contract: f.contract, op: f.op, input: c.input })))
  .filter((c) => protocol.MODULES.some((m) => m.CONTRACT === c.contract));
if (pool.length === 0) throw new Error(`no vectors for ${only ?? "any registered contract"}`);
const cases = Array.from({ length: n }, (_, i) => pool[i % pool.length]);
const START = `${JSON.stringify({ cmd: "start", seq: 0, protocol: 1 })}\n`;
const b64 = (c) => c.input.toString("base64");
const runLines = cases.map((c, i) => `${JSON.stringify({ cmd: "run", seq: i + 1, contract: c.contract, op: c.op, input: b64(c) })}\n`);
const batchLines = [];
for (let i = 0; i < n; i += size) {
  const batch = cases.slice(i, i + size).map((c) => ({ contract: c.contract, op: c.op, input: b64(c) }));
  batchLines.push(`${JSON.stringify({ cmd: "batch", seq: batchLines.length + 1, cases: batch })}\n`);
}

/** CPU seconds (user + system) of process pid so far, from /proc (Linux); NaN elsewhere. */
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = f.slice(f.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return NaN;
  }
}
const TICKS = 100; // USER_HZ on Linux

/** Runs f in this process; returns {wall, cpu} in milliseconds. */
function local(f) {
  const c = process.cpuUsage();
  const t = performance.now();
  f();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  return { wall, cpu: (u.user + u.system) / 1000 };
}

/** Calls each case's operation on its input. */
function inprocess() {
  const calls = cases.map((c) => [
    protocol.MODULES.find((m) => m.CONTRACT === c.contract).OPERATIONS[c.op],
    new Uint8Array(c.input),
  ]);
  return local(() => {
    for (const [op, b] of calls) {
      try {
        op(b);
      } catch {
        // a refusal
      }
    }
  });
}

/** answer() and JSON.stringify on every line of lines, in this process. */
function answerOnly(lines) {
  protocol.answer(START.trimEnd());
  return local(() => {
    for (const l of lines) JSON.stringify(protocol.answer(l.slice(0, -1)));
  });
}

/**
 * Starts a harness, handshakes, writes all lines at once as a warm-up (the
 * JIT's work is not the protocol's), then writes them all at once again and
 * resolves to {wall, cpu} in milliseconds until their `want` answer lines
 * have come back (cpu: the harness's own CPU time, from /proc).
 */
function piped(lines, want) {
  const text = lines.join("");
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [HARNESS], { stdio: ["pipe", "pipe", "inherit"] });
    child.on("error", fail);
    let got = -1; // the handshake's answer is not counted
    let t = 0;
    let c = 0;
    child.stdout.on("data", (d) => {
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) got++;
      if (got === 0 && t === 0) {
        t = -1;
        child.stdin.write(text);
      } else if (got === want && t === -1) {
        c = cpuOf(child.pid);
        t = performance.now();
        child.stdin.end(text);
      } else if (got === 2 * want) {
        const wall = performance.now() - t;
        const cpu = (cpuOf(child.pid) - c) * 1000;
        child.on("close", () => done({ wall, cpu }));
      }
    });
    child.stdin.write(START);
  });
}

const modes = {
  inprocess: () => inprocess(),
  answer: () => answerOnly(runLines),
  [`answer${size}`]: () => answerOnly(batchLines),
  run: () => piped(runLines, runLines.length),
  [`batch${size}`]: () => piped(batchLines, batchLines.length),
};
const names = process.env.BENCH_MODES ? process.env.BENCH_MODES.split(",") : Object.keys(modes);
const us = (ms) => ((ms * 1000) / n).toFixed(2).padStart(7);
for (const name of names) {
  let wall = Infinity;
  let cpu = Infinity;
  for (let r = 0; r < rounds; r++) {
    const m = await modes[name]();
    wall = Math.min(wall, m.wall);
    cpu = Math.min(cpu, m.cpu);
  }
  console.log(`${name.padEnd(10)} wall ${us(wall)} µs/case   cpu ${us(cpu)} µs/case  (${n} cases, best of ${rounds})`);
}

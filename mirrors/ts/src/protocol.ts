// The requests and answers of the conform harness protocol, version 1
// (mirrors/PROTOCOL.md), one request line at a time. harness.ts does the
// stdio framing around answer().
//
// State kept across requests: whether a supported `start` has been seen
// (a refused `start` clears it), and the ignore set (in refusal.ts).
//
// The contracts are the modules registered in contracts.ts: the handshake's
// contract list, `run` and `batch` dispatch, `guards` and `ignore` are all
// derived from them, and no contract is named here.
//
// A `run` request and each case of a `batch` request go through one
// function, runCase(), so that a case answers the same either way.

import * as registered from "./contracts.js";
import { type Guard, Refusal, setIgnored, type Pair } from "./refusal.js";
import { NAME, TYPESCRIPT_VERSION, VERSION } from "./version.js";

/** One operation: input bytes to output bytes, or a thrown Refusal. */
export type Operation = (input: Uint8Array) => Uint8Array;

/** What each registered contract module exports (contracts.ts). */
export interface ContractModule {
  /** The contract name with its version. */
  readonly CONTRACT: string;
  /** Operation name to operation, in the spec's order. */
  readonly OPERATIONS: Readonly<Record<string, Operation>>;
  /** The closed refusal table, in the spec's order (Object.values). */
  readonly REFUSALS: Readonly<Record<string, Guard>>;
}

/** The registered contract modules, in registration order. */
export const MODULES: readonly ContractModule[] = Object.freeze(Object.values(registered));

/** Contract name to operation name to operation: what the handshake announces and `run` dispatches to. */
const CONTRACTS: ReadonlyMap<string, Readonly<Record<string, Operation>>> = new Map(
  MODULES.map((m) => [m.CONTRACT, m.OPERATIONS]),
);

/** Every registered contract's refusal table, in registration order, then table order: the `guards` answer. */
export const GUARDS: readonly Guard[] = Object.freeze(MODULES.flatMap((m) => Object.values(m.REFUSALS)));

const PROTOCOL = 1;
const MESSAGE_BYTES = 1024;
const TRACE_BYTES = 8192;
const REASON_BYTES = 1024;
/** The most cases one `batch` request may hold (PROTOCOL.md, "batch"). */
export const MAX_BATCH = 1024;
/** The optional commands this harness serves, announced by `started` (PROTOCOL.md, "start"). */
const FEATURES: readonly string[] = Object.freeze(["batch"]);

/** One answer object; harness.ts writes it as one JSON line. */
export type Answer = Record<string, unknown>;
/** A `run` answer without its `seq`: what runCase() returns, and one entry of a `batch` answer. */
export type Entry = Record<string, unknown>;

let started = false;

/** Truncates s so that its UTF-8 form is at most max bytes, never splitting a character; lone surrogates become U+FFFD. */
export function truncateUTF8(s: string, max: number): string {
  let bytes = 0;
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const isLone = cp >= 0xd800 && cp <= 0xdfff;
    const c = isLone ? "\ufffd" : ch;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > max) break;
    bytes += n;
    out += c;
  }
  return out;
}

/** An `errored` entry (no seq), message and trace cut to their byte bounds (PROTOCOL.md, "run"). */
function fault(message: string, trace: string): Entry {
  return { outcome: "errored", message: truncateUTF8(message, MESSAGE_BYTES), trace: truncateUTF8(trace, TRACE_BYTES) };
}

/** An `errored` answer with the given seq; how every bad request is answered. */
function errored(seq: number, message: string, trace: string): Answer {
  return { seq, ...fault(message, trace) };
}

/** A `skipped` entry (no seq), the reason cut to its byte bound. */
function skipped(reason: string): Entry {
  return { outcome: "skipped", reason: truncateUTF8(reason, REASON_BYTES) };
}

function describe(e: unknown): { message: string; trace: string } {
  if (e instanceof Error) {
    return { message: `${e.name}: ${e.message}`, trace: typeof e.stack === "string" ? e.stack : "" };
  }
  return { message: `thrown value: ${String(e)}`, trace: "" };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Whether s is standard base64 with padding (RFC 4648 section 4): whole
 * quantums of the 64-character alphabet, "=" only as one or two final pad
 * characters. (A loop, not a regular expression: inputs run to 64 MiB.)
 */
function isBase64(s: string): boolean {
  const n = s.length;
  if (n % 4 !== 0) return false;
  let end = n;
  if (n > 0 && s.charCodeAt(n - 1) === 0x3d) end--;
  if (end < n && s.charCodeAt(end - 1) === 0x3d) end--;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const ok =
      (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f;
    if (!ok) return false;
  }
  return true;
}

function implementation(): Answer {
  const contracts: Record<string, string[]> = {};
  for (const [contract, ops] of CONTRACTS) {
    contracts[contract] = Object.keys(ops);
  }
  return {
    name: NAME,
    language: "typescript",
    language_version: TYPESCRIPT_VERSION,
    runtime: "node",
    runtime_version: process.versions.node,
    version: VERSION,
    contracts,
  };
}

/**
 * Runs one case (PROTOCOL.md, "run"): the operation op of contract on the
 * bytes that input, standard base64, encodes. Returns the entry without
 * seq: `ok` with the output in base64, `refused` with the guard's message,
 * `skipped` when the contract or operation is not implemented, or
 * `errored` when input is not standard base64 or the operation threw
 * anything but a refusal. Never throws: a batch's other cases must still
 * be answered (PROTOCOL.md, "batch").
 */
function runCase(contract: string, op: string, input: unknown): Entry {
  const ops = CONTRACTS.get(contract);
  if (ops === undefined) return skipped(`contract ${contract} is not implemented`);
  const fn = Object.hasOwn(ops, op) ? ops[op] : undefined;
  if (fn === undefined) return skipped(`operation ${op} of contract ${contract} is not implemented`);
  if (typeof input !== "string") return fault("bad request: input is not a string", "");
  if (!isBase64(input)) return fault("bad request: input is not standard base64", "");
  // A copy, not a pooled Buffer: the operations get a plain Uint8Array of their own.
  const bytes = new Uint8Array(Buffer.from(input, "base64"));
  try {
    const output = fn(bytes);
    return { outcome: "ok", output: Buffer.from(output.buffer, output.byteOffset, output.byteLength).toString("base64") };
  } catch (e) {
    if (e instanceof Refusal) return refused(e, bytes.length);
    const d = describe(e);
    return fault(d.message, d.trace);
  }
}

/**
 * A `refused` entry (no seq): the guard's message and, when the refusal
 * knows where it happened, `at` (PROTOCOL.md, "run"): an offset only from
 * 0 to the input's length, a pointer as the contract module made it.
 */
function refused(e: Refusal, inputLength: number): Entry {
  const entry: Entry = { outcome: "refused", message: e.guard.message };
  const at: { offset?: number; pointer?: string } = {};
  const offset = e.at?.offset;
  if (offset !== undefined && Number.isSafeInteger(offset) && offset >= 0 && offset <= inputLength) at.offset = offset;
  const pointer = e.at?.pointer;
  if (pointer !== undefined) at.pointer = pointer;
  if (at.offset !== undefined || at.pointer !== undefined) entry.at = at;
  return entry;
}

/** Answers a `run` request (PROTOCOL.md, "run"): runCase()'s entry with seq first. */
function run(seq: number, req: Record<string, unknown>): Answer {
  const { contract, op, input } = req;
  if (typeof contract !== "string") return errored(seq, "bad request: contract is not a string", "");
  if (typeof op !== "string") return errored(seq, "bad request: op is not a string", "");
  return { seq, ...runCase(contract, op, input) };
}

/** Whether c is a batch case: an object with exactly the string members contract, op and input. */
function isCase(c: unknown): c is { contract: string; op: string; input: string } {
  if (!isObject(c)) return false;
  if (typeof c.contract !== "string" || typeof c.op !== "string" || typeof c.input !== "string") return false;
  let n = 0;
  for (const k in c) if (Object.hasOwn(c, k)) n++;
  return n === 3;
}

/**
 * Answers a `batch` request (PROTOCOL.md, "batch"): `{seq, outcome:
 * "batch", answers}` with runCase()'s entry for each case, in order; or
 * one `errored` answer when cases is not an array of 1 to MAX_BATCH cases
 * (isCase), checked before any case runs.
 */
function batch(seq: number, req: Record<string, unknown>): Answer {
  const cases = req.cases;
  if (!Array.isArray(cases)) return errored(seq, "bad request: cases is not an array", "");
  if (cases.length === 0 || cases.length > MAX_BATCH) {
    return errored(seq, `bad request: cases holds ${cases.length} entries, not 1 to ${MAX_BATCH}`, "");
  }
  for (let i = 0; i < cases.length; i++) {
    if (!isCase(cases[i])) {
      return errored(seq, `bad request: case ${i} is not an object of the strings contract, op and input`, "");
    }
  }
  const answers: Entry[] = new Array(cases.length);
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i] as { contract: string; op: string; input: string };
    answers[i] = runCase(c.contract, c.op, c.input);
  }
  return { seq, outcome: "batch", answers };
}

function ignore(seq: number, req: Record<string, unknown>): Answer {
  const list = req.ignore;
  if (!Array.isArray(list)) return errored(seq, "bad request: ignore is not an array", "");
  const pairs: Pair[] = [];
  for (const p of list) {
    if (!isObject(p) || typeof p.contract !== "string" || typeof p.message !== "string") {
      return errored(seq, "bad request: ignore holds an entry that is not {contract, message}", "");
    }
    pairs.push({ contract: p.contract, message: p.message });
  }
  return { seq, outcome: "ack", unknown: setIgnored(pairs, GUARDS) };
}

// Strict: a request line that is not UTF-8 is not JSON (RFC 8259 section
// 8.1), and must not be read as U+FFFD. The BOM is kept, so that JSON.parse
// refuses it too.
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Answers one request line given as bytes (without its LF): answer() of its
 * text, or seq -1 `errored` when the bytes are not UTF-8. Never throws.
 */
export function answerBytes(line: Uint8Array): Answer {
  let text: string;
  try {
    text = UTF8.decode(line);
  } catch {
    return errored(-1, "bad request: line is not UTF-8", "");
  }
  return answer(text);
}

/**
 * Answers one request line (without its LF) with one answer object
 * (PROTOCOL.md, "Requests and answers"); a line that ends with CR, or is
 * not a JSON object with an integer seq, is answered with seq -1. Never
 * throws.
 */
export function answer(line: string): Answer {
  // A trailing CR is a protocol violation (PROTOCOL.md, framing), not
  // whitespace JSON.parse may skip.
  if (line.endsWith("\r")) return errored(-1, "bad request: line ends with CR", "");
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch {
    return errored(-1, "bad request: line is not JSON", "");
  }
  if (!isObject(req)) return errored(-1, "bad request: line is not a JSON object", "");
  const seq = req.seq;
  if (typeof seq !== "number" || !Number.isSafeInteger(seq)) {
    return errored(-1, "bad request: seq is not an integer", "");
  }
  try {
    const cmd = req.cmd;
    if (cmd === "start") {
      if (req.protocol === PROTOCOL) {
        started = true;
        return { seq, outcome: "started", protocol: PROTOCOL, features: [...FEATURES], implementation: implementation() };
      }
      started = false;
      return { seq, outcome: "refused", message: "unsupported protocol version", supported: [PROTOCOL] };
    }
    if (!started) return errored(seq, "not started", "");
    switch (cmd) {
      case "run":
        return run(seq, req);
      case "batch":
        return batch(seq, req);
      case "ignore":
        return ignore(seq, req);
      case "guards":
        return {
          seq,
          outcome: "guards",
          guards: GUARDS.map((g) => ({ contract: g.contract, code: g.code, message: g.message })),
        };
      default:
        return errored(seq, "unknown command", "");
    }
  } catch (e) {
    const d = describe(e);
    return errored(seq, d.message, d.trace);
  }
}

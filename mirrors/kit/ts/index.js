// conform-kit: the TypeScript/JavaScript starter kit of conform's harness
// protocol (mirrors/PROTOCOL.md, protocol 1). A team registers its own
// functions by (contract, op); the kit reads request lines on stdin, answers
// them on stdout, and does the rest of the protocol: the handshake, `run`,
// `batch`, `guards` and `ignore`. No dependency beyond Node 20.
//
// Types: index.d.ts, next to this file. Usage: README.md, next to this file.
//
// The protocol's rules this file keeps (PROTOCOL.md):
// - one answer per request, in order, each written (one complete line) out
//   of the process before the next request is started ("Requests may be
//   pipelined" and the framing rules at the top);
// - a function's Refusal is `refused` with its message (and `at` when the
//   refusal says where); anything else it throws is `errored` with the
//   trace ("run": refused is the contract speaking, errored the
//   implementation failing);
// - inputs and outputs are standard base64 with padding (RFC 4648 section 4);
// - messages and traces are cut to their byte bounds ("run").

import { readFileSync } from "node:fs";

/** The protocol version this kit speaks (PROTOCOL.md, "start"). */
export const PROTOCOL = 1;
/** The most cases one `batch` request may hold (PROTOCOL.md, "batch"). */
export const MAX_BATCH = 1024;
const MESSAGE_BYTES = 1024;
const TRACE_BYTES = 8192;
const REASON_BYTES = 1024;
const POINTER_BYTES = 1024;
/** The optional commands the kit serves, announced by `started` (PROTOCOL.md, "start"). */
const FEATURES = Object.freeze(["batch"]);

// Marks a Refusal, whichever copy of the kit made it: a project that ends
// up with two copies of conform-kit still has its refusals answered
// `refused`, never `errored`.
const REFUSAL = Symbol.for("conform-kit.Refusal");

/**
 * The refusal a registered function throws to refuse its input with one
 * message of its contract's refusal table (PROTOCOL.md, "run": `refused`).
 * `message` is the message, compared byte for byte with the reference's;
 * `at`, optional, says where in the input the function refused: `offset`,
 * a byte offset into the input (0 to its length), and/or `pointer`, an
 * RFC 6901 JSON pointer (at most 1024 UTF-8 bytes). An `at` member out of
 * those bounds is left out of the answer; `at` is never compared between
 * implementations, only shown beside a wrong message.
 *
 * No stack trace is captured: a refusal is the contract's answer, not a
 * fault, and capturing one costs more than many operations.
 */
export class Refusal extends Error {
  /**
   * @param {string} message the refusal message (a string, else TypeError)
   * @param {{offset?: number, pointer?: string}} [at] where, when known
   */
  constructor(message, at) {
    if (typeof message !== "string") throw new TypeError(`Refusal: message is ${typeof message}, not a string`);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = "Refusal";
    /** @type {{offset?: number, pointer?: string} | undefined} */
    this.at = at;
  }
}
Object.defineProperty(Refusal.prototype, REFUSAL, { value: true });

/**
 * Whether e is a Refusal of any copy of the kit.
 * @param {unknown} e
 * @returns {e is Refusal}
 */
function isRefusal(e) {
  return typeof e === "object" && e !== null && /** @type {any} */ (e)[REFUSAL] === true;
}

/**
 * Truncates s so that its UTF-8 form is at most max bytes, never splitting
 * a character; lone surrogates become U+FFFD. How the kit bounds `errored`
 * messages (1024 bytes), traces (8192) and `skipped` reasons (1024)
 * (PROTOCOL.md, "run").
 * @param {string} s
 * @param {number} max
 * @returns {string}
 */
export function truncateUTF8(s, max) {
  let bytes = 0;
  let out = "";
  for (const ch of s) {
    const cp = /** @type {number} */ (ch.codePointAt(0));
    const isLone = cp >= 0xd800 && cp <= 0xdfff;
    const c = isLone ? "\ufffd" : ch;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > max) break;
    bytes += n;
    out += c;
  }
  return out;
}

/**
 * An `errored` entry (no seq), message and trace cut to their byte bounds.
 * @param {string} message
 * @param {string} trace
 * @returns {Record<string, unknown>}
 */
function fault(message, trace) {
  return { outcome: "errored", message: truncateUTF8(message, MESSAGE_BYTES), trace: truncateUTF8(trace, TRACE_BYTES) };
}

/**
 * An `errored` answer with the given seq; how every bad request is answered.
 * @param {number} seq
 * @param {string} message
 * @param {string} trace
 * @returns {Record<string, unknown>}
 */
function errored(seq, message, trace) {
  return { seq, ...fault(message, trace) };
}

/**
 * A `skipped` entry (no seq), the reason cut to its byte bound.
 * @param {string} reason
 * @returns {Record<string, unknown>}
 */
function skipped(reason) {
  return { outcome: "skipped", reason: truncateUTF8(reason, REASON_BYTES) };
}

/**
 * The message and trace of an exception: "Name: message" and its stack.
 * @param {unknown} e
 * @returns {{message: string, trace: string}}
 */
function describe(e) {
  if (e instanceof Error) {
    return { message: `${e.name}: ${e.message}`, trace: typeof e.stack === "string" ? e.stack : "" };
  }
  return { message: `thrown value: ${String(e)}`, trace: "" };
}

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Whether s is standard base64 with padding (RFC 4648 section 4): whole
 * quantums of the 64-character alphabet, "=" only as one or two final pad
 * characters. (A loop, not a regular expression: inputs run to 64 MiB.)
 * @param {string} s
 * @returns {boolean}
 */
function isBase64(s) {
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

/**
 * Whether p is an RFC 6901 JSON pointer (section 3: "" or "/"-prefixed
 * reference tokens, "~" only as "~0" or "~1") of at most POINTER_BYTES
 * UTF-8 bytes, with no lone surrogate.
 * @param {unknown} p
 * @returns {boolean}
 */
function isPointer(p) {
  if (typeof p !== "string") return false;
  if (p !== "" && p.charCodeAt(0) !== 0x2f) return false;
  if (!p.isWellFormed()) return false;
  if (Buffer.byteLength(p, "utf8") > POINTER_BYTES) return false;
  for (let i = p.indexOf("~"); i >= 0; i = p.indexOf("~", i + 1)) {
    const next = p.charCodeAt(i + 1);
    if (next !== 0x30 && next !== 0x31) return false;
  }
  return true;
}

/**
 * A `refused` entry (no seq): the refusal's message and, when it says where
 * it happened, `at` (PROTOCOL.md, "run"): an offset only from 0 to the
 * input's length, a pointer only when it is RFC 6901 within 1024 bytes.
 * @param {Refusal} e
 * @param {number} inputLength
 * @returns {Record<string, unknown>}
 */
function refused(e, inputLength) {
  /** @type {Record<string, unknown>} */
  const entry = { outcome: "refused", message: e.message };
  const where = e.at;
  if (where === undefined || where === null) return entry;
  /** @type {{offset?: number, pointer?: string}} */
  const at = {};
  const offset = where.offset;
  if (offset !== undefined && Number.isSafeInteger(offset) && offset >= 0 && offset <= inputLength) at.offset = offset;
  const pointer = where.pointer;
  if (pointer !== undefined && isPointer(pointer)) at.pointer = pointer;
  if (at.offset !== undefined || at.pointer !== undefined) entry.at = at;
  return entry;
}

/**
 * Whether c is a batch case: an object with exactly the string members
 * contract, op and input (PROTOCOL.md, "batch").
 * @param {unknown} c
 * @returns {c is {contract: string, op: string, input: string}}
 */
function isCase(c) {
  if (!isObject(c)) return false;
  if (typeof c.contract !== "string" || typeof c.op !== "string" || typeof c.input !== "string") return false;
  let n = 0;
  for (const k in c) if (Object.hasOwn(c, k)) n++;
  return n === 3;
}

/**
 * @param {string} what
 * @param {unknown} v
 */
function nonEmpty(what, v) {
  if (typeof v !== "string" || v === "") throw new TypeError(`conform-kit: ${what} must be a non-empty string, not ${JSON.stringify(v)}`);
}

// Strict: a request line that is not UTF-8 is not JSON (RFC 8259 section
// 8.1), and must not be read as U+FFFD. The BOM is kept, so that JSON.parse
// refuses it too.
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const EMPTY = Buffer.alloc(0);

/**
 * One implementation behind the harness protocol: the functions registered
 * by (contract, op), the refusal tables declared per contract, and the
 * identity the handshake announces. Register everything, then call serve().
 */
export class Kit {
  /** @type {Record<string, unknown>} */
  #identity;
  /** contract -> op -> function, in registration order. @type {Map<string, Map<string, (input: Uint8Array) => Uint8Array>>} */
  #operations = new Map();
  /** contract -> its refusal table and ignore hook, in declaration order. @type {Map<string, {guards: {code: string, message: string}[], messages: Set<string>, ignore: ((messages: ReadonlySet<string>) => void) | undefined}>} */
  #tables = new Map();
  /** contract -> its threshold names and shift hook. @type {Map<string, {names: Set<string>, shift: (shift: ReadonlyMap<string, number>) => void}>} */
  #thresholds = new Map();
  #started = false;
  #serving = false;
  /** The handshake's `implementation`, built at the first `start`. @type {Record<string, unknown> | undefined} */
  #implementation;

  /**
   * @param {{name: string, version: string, language?: string, languageVersion?: string, runtime?: string, runtimeVersion?: string}} identity
   *   what the handshake announces (PROTOCOL.md, "start": `implementation`):
   *   name and version are required; language defaults to "javascript",
   *   languageVersion and runtimeVersion to this Node's version, runtime to
   *   "node". Each a non-empty string, else TypeError.
   */
  constructor(identity) {
    if (!isObject(identity)) throw new TypeError("conform-kit: new Kit({name, version, ...}) needs an object");
    const node = process.versions.node;
    const id = {
      name: identity.name,
      language: identity.language ?? "javascript",
      language_version: identity.languageVersion ?? node,
      runtime: identity.runtime ?? "node",
      runtime_version: identity.runtimeVersion ?? node,
      version: identity.version,
    };
    for (const [k, v] of Object.entries(id)) nonEmpty(k, v);
    this.#identity = id;
  }

  /**
   * Registers fn as operation op of contract ("name/version", as
   * spec/catalogue.json names it). fn takes the input bytes and returns the
   * output bytes (a Uint8Array, a Buffer included), or throws a Refusal.
   * The handshake announces exactly the (contract, op) pairs registered, in
   * registration order. Throws TypeError on an empty name or a non-function,
   * Error when the pair is registered already or serve() has begun.
   * Returns this kit.
   * @param {string} contract
   * @param {string} op
   * @param {(input: Uint8Array) => Uint8Array} fn
   * @returns {this}
   */
  handle(contract, op, fn) {
    this.#open();
    nonEmpty("contract", contract);
    nonEmpty("op", op);
    if (typeof fn !== "function") throw new TypeError(`conform-kit: ${contract} ${op}: the handler is not a function`);
    let ops = this.#operations.get(contract);
    if (ops === undefined) {
      ops = new Map();
      this.#operations.set(contract, ops);
    }
    if (ops.has(op)) throw new Error(`conform-kit: ${contract} ${op} is registered twice`);
    ops.set(op, fn);
    return this;
  }

  /**
   * Declares contract's refusal table: the `guards` command answers it
   * (PROTOCOL.md, "guards"), and an `ignore` pair names a guard only when
   * its message is in it. options.ignore, when given, says that the
   * implementation can honour the single-cause audit: on every `ignore`
   * request (PROTOCOL.md, "ignore") it is called with the set of this
   * contract's messages to ignore (empty to clear), and while a message is
   * in the set the guard refusing with it must let the input pass. Without
   * it, every pair naming this contract is answered unknown, which the
   * audit reports as a guard it cannot check. options.thresholds and
   * options.shift, given together, say that the contract has these
   * thresholds (rows of its Thresholds table) and that the implementation
   * can move them: on every `shift` request (PROTOCOL.md, "shift") shift is
   * called with this contract's threshold shifts, name to amount (empty to
   * clear), and the handshake lists the "shift" feature. Throws TypeError
   * on a table that is not an array of {code, message} strings, on
   * thresholds that are not strings or given without shift (or shift
   * without them), Error when the contract's table is declared twice or
   * serve() has begun. Returns this kit.
   * @param {string} contract
   * @param {readonly {readonly code: string, readonly message: string}[]} guards
   * @param {{ignore?: (messages: ReadonlySet<string>) => void, thresholds?: readonly string[], shift?: (shift: ReadonlyMap<string, number>) => void}} [options]
   * @returns {this}
   */
  guards(contract, guards, options = {}) {
    this.#open();
    nonEmpty("contract", contract);
    if (!Array.isArray(guards)) throw new TypeError(`conform-kit: ${contract}: the refusal table is not an array`);
    if (this.#tables.has(contract)) throw new Error(`conform-kit: the refusal table of ${contract} is declared twice`);
    const ignore = options.ignore;
    if (ignore !== undefined && typeof ignore !== "function") throw new TypeError(`conform-kit: ${contract}: ignore is not a function`);
    const rows = guards.map((g, i) => {
      if (!isObject(g) || typeof g.code !== "string" || typeof g.message !== "string") {
        throw new TypeError(`conform-kit: ${contract}: refusal ${i} is not {code, message} strings`);
      }
      return { code: g.code, message: g.message };
    });
    const { thresholds, shift } = options;
    if ((thresholds === undefined) !== (shift === undefined)) {
      throw new TypeError(`conform-kit: ${contract}: thresholds and shift come together`);
    }
    if (thresholds !== undefined) {
      if (!Array.isArray(thresholds) || !thresholds.every((t) => typeof t === "string") || typeof shift !== "function") {
        throw new TypeError(`conform-kit: ${contract}: thresholds is not an array of strings, or shift not a function`);
      }
      this.#thresholds.set(contract, { names: new Set(thresholds), shift });
    }
    this.#tables.set(contract, { guards: rows, messages: new Set(rows.map((g) => g.message)), ignore });
    return this;
  }

  /**
   * Answers a `shift` request (PROTOCOL.md, "shift"): calls every declared
   * shift hook with its contract's shifts in the request (an empty map
   * clears), and answers `shifted` with the entries no hook can honour (an
   * undeclared contract or threshold), in the order given.
   * @param {number} seq
   * @param {Record<string, unknown>} req
   * @returns {Record<string, unknown>}
   */
  #shift(seq, req) {
    const list = req.shift;
    if (!Array.isArray(list)) return errored(seq, "bad request: shift is not an array", "");
    /** @type {Map<string, Map<string, number>>} */
    const maps = new Map();
    for (const contract of this.#thresholds.keys()) maps.set(contract, new Map());
    const unknown = [];
    for (const e of list) {
      if (!isObject(e) || typeof e.contract !== "string" || typeof e.threshold !== "string" || !Number.isSafeInteger(e.by)) {
        return errored(seq, "bad request: shift holds an entry that is not {contract, threshold, by}", "");
      }
      const map = maps.get(e.contract);
      if (map !== undefined && this.#thresholds.get(e.contract)?.names.has(e.threshold)) {
        map.set(e.threshold, (map.get(e.threshold) ?? 0) + /** @type {number} */ (e.by));
      } else {
        unknown.push({ contract: e.contract, threshold: e.threshold });
      }
    }
    for (const [contract, map] of maps) this.#thresholds.get(contract)?.shift(map);
    return { seq, outcome: "shifted", unknown };
  }

  #open() {
    if (this.#serving) throw new Error("conform-kit: register handlers before serve() or the first request");
  }

  /**
   * One line for each message of a refusal table declared with guards()
   * that the catalogue's table of its contract does not hold (a mapping
   * from the library's refusals that was forgotten or misspelt: conform
   * would count such a refusal unknown-message), in order of declaration
   * (a contract the catalogue does not know is conform's to refuse, at the
   * handshake). The
   * catalogue is refusals.json beside this file, generated from conform's
   * spec/catalogue.json; without it, nothing. serve() writes these lines to
   * stderr as warnings before it answers anything.
   * @returns {string[]}
   */
  unknown() {
    /** @type {Record<string, string[]>} */
    let known;
    try {
      known = JSON.parse(readFileSync(new URL("./refusals.json", import.meta.url), "utf8"));
    } catch {
      return [];
    }
    /** @type {string[]} */
    const out = [];
    for (const [contract, table] of this.#tables) {
      const messages = known[contract];
      if (!Array.isArray(messages)) continue; // conform refuses a handshake that announces it
      for (const g of table.guards) {
        if (!messages.includes(g.message)) out.push(`${contract}: refusal message ${JSON.stringify(g.message)} is not in the contract's refusal table`);
      }
    }
    return out;
  }

  /**
   * The handshake's `implementation` object (PROTOCOL.md, "start"): the
   * identity given to the constructor and `contracts`, each registered
   * contract with its operations in registration order.
   * @returns {Record<string, unknown>}
   */
  implementation() {
    /** @type {Record<string, string[]>} */
    const contracts = {};
    for (const [contract, ops] of this.#operations) contracts[contract] = [...ops.keys()];
    return { ...this.#identity, contracts };
  }

  /**
   * Runs one case (PROTOCOL.md, "run"): the operation op of contract on the
   * bytes that input, standard base64, encodes. Returns the entry without
   * seq: `ok` with the output in base64, `refused` with the message (and
   * `at`), `skipped` when the pair is not registered, or `errored` when
   * input is not standard base64, or the function threw anything but a
   * Refusal or returned no Uint8Array. Never throws.
   * @param {string} contract
   * @param {string} op
   * @param {unknown} input
   * @returns {Record<string, unknown>}
   */
  #runCase(contract, op, input) {
    const ops = this.#operations.get(contract);
    if (ops === undefined) return skipped(`contract ${contract} is not implemented`);
    const fn = ops.get(op);
    if (fn === undefined) return skipped(`operation ${op} of contract ${contract} is not implemented`);
    if (typeof input !== "string") return fault("bad request: input is not a string", "");
    if (!isBase64(input)) return fault("bad request: input is not standard base64", "");
    // A copy, not a pooled Buffer: the function gets a plain Uint8Array of its own.
    const bytes = new Uint8Array(Buffer.from(input, "base64"));
    try {
      const output = fn(bytes);
      if (!(output instanceof Uint8Array)) {
        throw new TypeError(`the handler of ${contract} ${op} returned ${output === null ? "null" : typeof output}, not a Uint8Array`);
      }
      return { outcome: "ok", output: Buffer.from(output.buffer, output.byteOffset, output.byteLength).toString("base64") };
    } catch (e) {
      if (isRefusal(e)) return refused(e, bytes.length);
      const d = describe(e);
      return fault(d.message, d.trace);
    }
  }

  /**
   * @param {number} seq
   * @param {Record<string, unknown>} req
   * @returns {Record<string, unknown>}
   */
  #run(seq, req) {
    const { contract, op, input } = req;
    if (typeof contract !== "string") return errored(seq, "bad request: contract is not a string", "");
    if (typeof op !== "string") return errored(seq, "bad request: op is not a string", "");
    return { seq, ...this.#runCase(contract, op, input) };
  }

  /**
   * Answers a `batch` request (PROTOCOL.md, "batch"): one entry per case,
   * in order; or one `errored` answer when cases is not an array of 1 to
   * MAX_BATCH cases, checked before any case runs.
   * @param {number} seq
   * @param {Record<string, unknown>} req
   * @returns {Record<string, unknown>}
   */
  #batch(seq, req) {
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
    const answers = new Array(cases.length);
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i];
      answers[i] = this.#runCase(c.contract, c.op, c.input);
    }
    return { seq, outcome: "batch", answers };
  }

  /**
   * Answers an `ignore` request (PROTOCOL.md, "ignore"): calls every
   * declared ignore hook with its contract's messages in the request (an
   * empty set clears), and acks with the pairs no hook can honour (an
   * unregistered contract, a message not in the contract's table, or a
   * contract without a hook), in the order given.
   * @param {number} seq
   * @param {Record<string, unknown>} req
   * @returns {Record<string, unknown>}
   */
  #ignore(seq, req) {
    const list = req.ignore;
    if (!Array.isArray(list)) return errored(seq, "bad request: ignore is not an array", "");
    /** @type {Map<string, Set<string>>} */
    const sets = new Map();
    for (const [contract, t] of this.#tables) if (t.ignore !== undefined) sets.set(contract, new Set());
    const unknown = [];
    for (const p of list) {
      if (!isObject(p) || typeof p.contract !== "string" || typeof p.message !== "string") {
        return errored(seq, "bad request: ignore holds an entry that is not {contract, message}", "");
      }
      const set = sets.get(p.contract);
      if (set !== undefined && this.#tables.get(p.contract)?.messages.has(p.message)) {
        set.add(p.message);
      } else {
        unknown.push({ contract: p.contract, message: p.message });
      }
    }
    for (const [contract, set] of sets) this.#tables.get(contract)?.ignore?.(set);
    return { seq, outcome: "ack", unknown };
  }

  /**
   * Answers one request line given as bytes (without its LF): answer() of
   * its text, or a seq -1 `errored` when the bytes are not UTF-8. Never
   * throws.
   * @param {Uint8Array} line
   * @returns {Record<string, unknown>}
   */
  answerBytes(line) {
    let text;
    try {
      text = UTF8.decode(line);
    } catch {
      return errored(-1, "bad request: line is not UTF-8", "");
    }
    return this.answer(text);
  }

  /**
   * Answers one request line (without its LF) with one answer object
   * (PROTOCOL.md, "Requests and answers"), which JSON.stringify makes the
   * answer line. A line that ends with CR, or is not a JSON object with an
   * integer seq, is answered with seq -1; anything before a successful
   * `start` with `not started`; an unknown cmd with `unknown command`.
   * Registration closes at the first request. Never throws.
   * @param {string} line
   * @returns {Record<string, unknown>}
   */
  answer(line) {
    this.#serving = true;
    // A trailing CR is a protocol violation (PROTOCOL.md, framing), not
    // whitespace JSON.parse may skip.
    if (line.endsWith("\r")) return errored(-1, "bad request: line ends with CR", "");
    let req;
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
          this.#started = true;
          this.#implementation ??= this.implementation();
          const features = this.#thresholds.size > 0 ? [...FEATURES, "shift"] : [...FEATURES];
          return { seq, outcome: "started", protocol: PROTOCOL, features, implementation: this.#implementation };
        }
        this.#started = false;
        return { seq, outcome: "refused", message: "unsupported protocol version", supported: [PROTOCOL] };
      }
      if (!this.#started) return errored(seq, "not started", "");
      switch (cmd) {
        case "run":
          return this.#run(seq, req);
        case "batch":
          return this.#batch(seq, req);
        case "ignore":
          return this.#ignore(seq, req);
        case "shift":
          if (this.#thresholds.size === 0) return errored(seq, "unknown command", "");
          return this.#shift(seq, req);
        case "guards": {
          const guards = [];
          for (const [contract, t] of this.#tables) {
            for (const g of t.guards) guards.push({ contract, code: g.code, message: g.message });
          }
          return { seq, outcome: "guards", guards };
        }
        default:
          return errored(seq, "unknown command", "");
      }
    } catch (e) {
      const d = describe(e);
      return errored(seq, d.message, d.trace);
    }
  }

  /**
   * Serves the protocol: request lines from stdin, answer lines to stdout,
   * until stdin ends; then sets process.exitCode to 0 (Node exits once
   * stdout has flushed). A write error on stdout ends the process with
   * status 1, saying so on stderr. By default the process's own streams;
   * tests pass others. Serving the process's stdout, the global console is
   * pointed at stderr, so that console.log in a function cannot break the
   * protocol.
   *
   * Requests may be pipelined. Complete lines are queued as they arrive and
   * answered one at a time; each answer is written, one complete line,
   * before the next line is started: a held answer would make conform blame
   * an innocent request when a later one hangs or kills the harness. When
   * the pipe is full and Node queues an answer, stdin is paused and no
   * further line is answered until the answer is out. A last line without
   * its LF is still a request.
   * @param {NodeJS.ReadableStream & {pause(): unknown, resume(): unknown}} [stdin]
   * @param {NodeJS.WritableStream & {writableLength: number}} [stdout]
   * @returns {void}
   */
  serve(stdin = process.stdin, stdout = process.stdout) {
    for (const w of this.unknown()) process.stderr.write(`${this.#identity.name}: warning: ${w}\n`);
    this.#serving = true;
    if (stdout === process.stdout) {
      // stdout carries protocol lines only: what the functions log with
      // console goes to stderr (a direct process.stdout.write still breaks
      // the protocol).
      globalThis.console = new console.Console({ stdout: process.stderr, stderr: process.stderr });
    }
    const name = /** @type {string} */ (this.#identity.name);
    /** @type {Buffer[]} */
    let queue = [];
    let head = 0;
    /** @type {Buffer[]} */
    let partial = [];
    let ended = false;
    let blocked = false;

    stdout.on("error", (/** @type {Error} */ e) => {
      process.stderr.write(`${name}: stdout: ${e.message}\n`);
      process.exit(1);
    });

    // Resumes answering once the answer written last has left Node's queue
    // for the pipe.
    const written = () => {
      if (blocked && stdout.writableLength === 0) {
        blocked = false;
        if (!ended) stdin.resume();
        pump();
      }
    };

    const pump = () => {
      while (!blocked && head < queue.length) {
        const line = /** @type {Buffer} */ (queue[head]);
        queue[head++] = EMPTY;
        stdout.write(JSON.stringify(this.answerBytes(line)) + "\n", written);
        if (stdout.writableLength > 0) {
          // The pipe is full and Node has queued the answer (write may
          // still return true). Nothing more is started until it is out:
          // were the next request to hang or kill the process, the queued
          // answer would never arrive and conform would blame this request.
          blocked = true;
          stdin.pause();
        }
      }
      if (head === queue.length) {
        queue = [];
        head = 0;
        if (ended) process.exitCode = 0; // node exits once stdout has flushed
      }
    };

    stdin.on("data", (/** @type {Buffer} */ chunk) => {
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, from);
        if (nl < 0) break;
        partial.push(chunk.subarray(from, nl));
        queue.push(partial.length === 1 ? /** @type {Buffer} */ (partial[0]) : Buffer.concat(partial));
        partial = [];
        from = nl + 1;
      }
      if (from < chunk.length) partial.push(chunk.subarray(from));
      pump();
    });

    stdin.on("end", () => {
      ended = true;
      const rest = Buffer.concat(partial);
      partial = [];
      if (rest.length > 0) queue.push(rest);
      pump();
    });
  }
}

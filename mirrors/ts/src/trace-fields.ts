// trace-fields/1 (spec/trace-fields.md): atoma's one projecting reader over
// a run trace (seed 000, "Reading a trace without holding it"). The input
// is a request line ({"mode","values","types"}), LF, then the trace's
// bytes. The reader:
//
//   1. refuses a malformed request, and result or error asked as a value;
//   2. disposes of a trace above the 32 MiB ceiling by mode (coordinator:
//      refused; sentinel: null; summary: no output; api: {"status":413}),
//      without looking at its content;
//   3. checks the whole trace is UTF-8, then scans its depth-1 members in
//      bytes: names and primitive values by the RFC 8259 grammar, container
//      values skipped by counting brackets of either kind and tracking
//      strings, nothing more; the end of the bytes before the closing brace
//      is "truncated" (fail-closed), any byte no document could continue
//      with is "syntax";
//   4. refuses a duplicate depth-1 name;
//   5. checks each projected container value fully (depth 128);
//
// then writes one member per asked name: {"value":TEXT} (the value's bytes
// without whitespace outside strings), {"shape":T} or {"absent":true}.

import { parseValue, quoteUnits, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";

/** The contract this module implements (spec/trace-fields.md). */
export const CONTRACT = "trace-fields/1";

/** spec/trace-fields.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  request: ["trace-fields.request", "request is not a mode with distinct value and shape names"],
  modelValue: ["trace-fields.model_value", "result and error are read as shapes only"],
  ceiling: ["trace-fields.ceiling", "trace is larger than 32 MiB"],
  utf8: ["trace-fields.utf8", "trace is not valid UTF-8"],
  notObject: ["trace-fields.not_object", "trace is not a JSON object"],
  truncated: ["trace-fields.truncated", "trace ends before its closing brace"],
  syntax: ["trace-fields.syntax", "trace is not JSON at depth 1"],
  duplicate: ["trace-fields.duplicate", "trace has a duplicate top-level member"],
  value: ["trace-fields.value", "a projected value is not JSON within depth 128"],
});

const G = REFUSALS;
/** Where a refusal is: the input as a whole (mirrors/PROTOCOL.md, "run"). */
const ROOT = whereIn();
/** MAX_TRACE_BYTES. */
export const CEILING = 32 * 1024 * 1024;
const MAX_VALUE_DEPTH = 128;
const MODES = ["coordinator", "sentinel", "summary", "api"];

const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where a scan stopped: the end of the bytes, or a byte nothing continues with. */
class Stop {
  constructor(readonly truncated: boolean) {}
}
const END = new Stop(true);
const BAD = new Stop(false);

const isWS = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isHex = (b: number) => isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46);

function ws(t: Uint8Array, i: number): number {
  while (i < t.length && isWS(t[i])) i++;
  return i;
}

/** The RFC 8259 string at t[i] (a quote): the index after it, or a Stop. */
function str(t: Uint8Array, i: number): number | Stop {
  i++;
  for (;;) {
    if (i >= t.length) return END;
    const b = t[i];
    if (b === QUOTE) return i + 1;
    if (b < 0x20) return BAD;
    if (b !== BACKSLASH) {
      i++;
      continue;
    }
    i++;
    if (i >= t.length) return END;
    const e = t[i];
    if (e === 0x75) {
      for (let k = 1; k <= 4; k++) {
        if (i + k >= t.length) return END;
        if (!isHex(t[i + k])) return BAD;
      }
      i += 5;
    } else if ('"\\/bfnrt'.includes(String.fromCharCode(e))) {
      i++;
    } else {
      return BAD;
    }
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The units of the (valid) string token t[start, end). */
function unescapeName(t: Uint8Array, start: number, end: number): string {
  let out = "";
  let run = start + 1;
  let i = start + 1;
  while (i < end - 1) {
    if (t[i] !== BACKSLASH) {
      i++;
      continue;
    }
    out += utf8.decode(t.subarray(run, i));
    const e = String.fromCharCode(t[i + 1]);
    if (e === "u") {
      out += String.fromCharCode(Number.parseInt(Buffer.from(t.subarray(i + 2, i + 6)).toString("latin1"), 16));
      i += 6;
    } else {
      out += ESCAPES[e];
      i += 2;
    }
    run = i;
  }
  return out + utf8.decode(t.subarray(run, end - 1));
}

function number(t: Uint8Array, i: number): number | Stop {
  if (t[i] === 0x2d) {
    i++;
    if (i >= t.length) return END;
  }
  if (t[i] === 0x30) i++;
  else if (isDigit(t[i])) while (i < t.length && isDigit(t[i])) i++;
  else return BAD;
  if (i < t.length && t[i] === 0x2e) {
    i++;
    if (i >= t.length) return END;
    if (!isDigit(t[i])) return BAD;
    while (i < t.length && isDigit(t[i])) i++;
  }
  if (i < t.length && (t[i] === 0x65 || t[i] === 0x45)) {
    i++;
    if (i >= t.length) return END;
    if (t[i] === 0x2b || t[i] === 0x2d) {
      i++;
      if (i >= t.length) return END;
    }
    if (!isDigit(t[i])) return BAD;
    while (i < t.length && isDigit(t[i])) i++;
  }
  return i;
}

function word(t: Uint8Array, i: number): number | Stop {
  const w = t[i] === 0x74 ? "true" : t[i] === 0x66 ? "false" : "null";
  for (let k = 0; k < w.length; k++) {
    if (i + k >= t.length) return END;
    if (t[i + k] !== w.charCodeAt(k)) return BAD;
  }
  return i + w.length;
}

/** A skipped container: nesting over both bracket kinds, strings tracked, nothing else. */
function skip(t: Uint8Array, i: number): number | Stop {
  let depth = 0;
  let inString = false;
  while (i < t.length) {
    const b = t[i];
    if (inString) {
      if (b === BACKSLASH) {
        i += 2;
        continue;
      }
      if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d || b === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return END;
}

function value(t: Uint8Array, i: number): number | Stop {
  const b = t[i];
  if (b === QUOTE) return str(t, i);
  if (b === 0x7b || b === 0x5b) return skip(t, i);
  if (b === 0x2d || isDigit(b)) return number(t, i);
  if (b === 0x74 || b === 0x66 || b === 0x6e) return word(t, i);
  return BAD;
}

interface Member {
  start: number;
  end: number;
}

/** Steps 2 to 4 of "The reader": the depth-1 members by name (a duplicate, ignored, replaces). */
function scan(t: Uint8Array): Map<string, Member> {
  const stop = (s: Stop): never => fail(s.truncated ? G.truncated : G.syntax, ROOT);
  const members = new Map<string, Member>();
  let i = ws(t, 0);
  if (i === t.length) stop(END);
  if (t[i] !== 0x7b) fail(G.notObject, ROOT);
  i = ws(t, i + 1);
  if (i === t.length) stop(END);
  if (t[i] === 0x7d) {
    i++;
  } else {
    for (;;) {
      if (t[i] !== QUOTE) stop(BAD);
      const nameEnd = str(t, i);
      if (nameEnd instanceof Stop) return stop(nameEnd);
      const name = unescapeName(t, i, nameEnd);
      if (members.has(name)) {
        refuse(G.duplicate, ROOT);
        members.delete(name); // the later member replaces it
      }
      i = ws(t, nameEnd);
      if (i === t.length) stop(END);
      if (t[i] !== 0x3a) stop(BAD);
      i = ws(t, i + 1);
      if (i === t.length) stop(END);
      const start = i;
      const end = value(t, i);
      if (end instanceof Stop) return stop(end);
      members.set(name, { start, end });
      i = ws(t, end);
      if (i === t.length) stop(END);
      if (t[i] === 0x7d) {
        i++;
        break;
      }
      if (t[i] !== 0x2c) stop(BAD);
      i = ws(t, i + 1);
      if (i === t.length) stop(END);
    }
  }
  if (ws(t, i) !== t.length) stop(BAD);
  return members;
}

/** One complete RFC 8259 value at t[i] nested at most MAX_VALUE_DEPTH: its end, or -1. */
function full(t: Uint8Array, i: number, depth: number): number {
  if (i >= t.length) return -1;
  const b = t[i];
  if (b !== 0x7b && b !== 0x5b) {
    const end = value(t, i);
    return end instanceof Stop ? -1 : end;
  }
  if (depth > MAX_VALUE_DEPTH) return -1;
  const object = b === 0x7b;
  const closer = object ? 0x7d : 0x5d;
  i = ws(t, i + 1);
  if (i < t.length && t[i] === closer) return i + 1;
  for (;;) {
    if (object) {
      if (i >= t.length || t[i] !== QUOTE) return -1;
      const e = str(t, i);
      if (e instanceof Stop) return -1;
      i = ws(t, e);
      if (i >= t.length || t[i] !== 0x3a) return -1;
      i = ws(t, i + 1);
    }
    const e = full(t, i, depth + 1);
    if (e < 0) return -1;
    i = ws(t, e);
    if (i >= t.length) return -1;
    if (t[i] === closer) return i + 1;
    if (t[i] !== 0x2c) return -1;
    i = ws(t, i + 1);
  }
}

/** The value's bytes without JSON whitespace outside its strings. */
function compact(v: Uint8Array): Buffer {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < v.length; i++) {
    const b = v[i];
    if (inString) {
      out.push(b);
      if (b === BACKSLASH && i + 1 < v.length) out.push(v[++i]);
      else if (b === QUOTE) inString = false;
      continue;
    }
    if (isWS(b)) continue;
    if (b === QUOTE) inString = true;
    out.push(b);
  }
  return Buffer.from(out);
}

const q = quoteUnits;

/** The JSON type of a value by its first byte: { [ " t f n (any other byte: a number). */
const SHAPES: Readonly<Record<number, string>> = { 123: "object", 91: "array", 34: "string", 116: "boolean", 102: "boolean", 110: "null" };

interface Request {
  mode: string;
  values: string[];
  types: string[];
}

function readRequest(line: Uint8Array): Request {
  const v = parseValue(line, G.request);
  if (v.type !== "object" || v.members.size !== 3) fail(G.request, ROOT);
  const mode = v.members.get("mode");
  if (mode === undefined || mode.type !== "string" || !MODES.includes(mode.value)) fail(G.request, ROOT);
  const seen = new Set<string>();
  const names = (key: string): string[] => {
    const a = v.members.get(key);
    if (a === undefined || a.type !== "array") fail(G.request, ROOT);
    return a.items.map((e) => {
      if (e.type !== "string" || seen.has(e.value)) fail(G.request, ROOT);
      seen.add(e.value);
      return e.value;
    });
  };
  return { mode: mode.value, values: names("values"), types: names("types") };
}

/** read: the projection of the named depth-1 members, or the mode's disposition above the ceiling. */
export function read(input: Uint8Array): Uint8Array {
  const nl = input.indexOf(LF);
  if (nl < 0) fail(G.request, ROOT);
  const r = readRequest(input.subarray(0, nl));
  const trace = input.subarray(nl + 1);
  for (const name of r.values) if (name === "result" || name === "error") refuse(G.modelValue, ROOT);
  if (trace.length > CEILING) {
    if (r.mode === "sentinel") return Buffer.from("null");
    if (r.mode === "summary") return new Uint8Array(0);
    if (r.mode === "api") return Buffer.from('{"status":413}');
    refuse(G.ceiling, ROOT);
  }
  try {
    utf8.decode(trace);
  } catch {
    fail(G.utf8, ROOT);
  }
  const members = scan(trace);
  for (const name of r.values) {
    const m = members.get(name);
    if (m === undefined || (trace[m.start] !== 0x7b && trace[m.start] !== 0x5b)) continue;
    if (full(trace, m.start, 1) !== m.end) refuse(G.value, ROOT);
  }
  const parts: Buffer[] = [];
  const entry = (name: string, body: Buffer) => {
    parts.push(Buffer.from(`${parts.length === 0 ? "{" : ","}${q(name)}:`), body);
  };
  for (const name of r.values) {
    const m = members.get(name);
    entry(name, m === undefined ? Buffer.from('{"absent":true}') : Buffer.concat([Buffer.from('{"value":'), compact(trace.subarray(m.start, m.end)), Buffer.from("}")]));
  }
  for (const name of r.types) {
    const m = members.get(name);
    entry(name, Buffer.from(m === undefined ? '{"absent":true}' : `{"shape":"${SHAPES[trace[m.start]] ?? "number"}"}`));
  }
  if (parts.length === 0) parts.push(Buffer.from("{"));
  parts.push(Buffer.from("}"));
  return Buffer.concat(parts);
}

export const OPERATIONS = Object.freeze({ read });

// bridge/4 (spec/bridge.md): the NDJSON codec of the bridge event protocol,
// seed 001 section 1 ("AetherCode ↔ Brain bridge event protocol ·
// PROTOCOL_VERSION = 4"): the versioning rule, the two message tables, the
// workflow-swarm frames, invariant 1 (tool-call correlation), invariant 3
// (the ASCII-escaped wire) and invariant 5 (the done.reason vocabulary).
//
// decode: a JSON value input (jsonvalue.ts, bridge.input) that must be an
// object (bridge.type, no accept path) with a string `type`
// (bridge.msg_type); an unknown type is ignored and gives the empty output.
// Each field of a known type is then checked in table order: missing,
// wrong kind (null included), integer range, vocabulary, unpaired
// surrogates in any of its strings. Unknown members are dropped unchecked.
//
// Output: `type` first, then the present fields in table order, numbers as
// their literal text, nested objects in document order; the canonical form
// is UTF-8 (quote(s, false)), the wire ASCII with \uxxxx escapes
// (quote(s, true)) and one LF.
//
// stream: LF-separated lines, each decoded as above, with one tool_call
// outstanding at a time and each tool_result echoing its id; a refusal is
// located by its byte offset in the whole stream.

import { type Value, parseValue, quote, whereIn } from "./jsonvalue.js";
import { Refusal, fail, refuse, table } from "./refusal.js";
import { encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/bridge.md); 4 is PROTOCOL_VERSION. */
export const CONTRACT = "bridge/4";

/** spec/bridge.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["bridge.input", "input is not valid JSON"],
  type: ["bridge.type", "message is not a JSON object"],
  msgType: ["bridge.msg_type", "message type is missing or not a string"],
  missing: ["bridge.missing", "required field is missing"],
  fieldType: ["bridge.field_type", "field has the wrong JSON type"],
  integer: ["bridge.integer", "integer field is not an integer in its range"],
  doneReason: ["bridge.done_reason", "done.reason is not in its vocabulary"],
  controlAction: ["bridge.control_action", "control.action is not pause, resume or steer"],
  surrogate: ["bridge.surrogate", "string holds an unpaired surrogate"],
  callPending: ["bridge.call_pending", "tool_call while another tool_call is outstanding"],
  correlation: ["bridge.correlation", "tool_result id does not match the outstanding tool_call"],
});

const G = REFUSALS;

// Field kinds, one letter each: s string, u integer 0..2^53-1, i signed
// integer, n any number, b boolean, o object, p phases. A trailing "?"
// marks an optional field. The order is the canonical order.
const TYPES: Readonly<Record<string, string>> = {
  // brain -> host
  stage: "name:s face:s",
  monologue: "text:s depth:u",
  skill: "name:s reason:s",
  turn: "n:u tool_calls:u malformed:u invented:u no_call:u fail_count:u",
  tool_call: "id:s name:s args:o",
  telemetry: "tokens:u tps:n ctx_used:u ctx_cap:u vram:n",
  status: "phase:s pool_used:n pool_cap:n",
  checkpoint: "git_sha:s",
  done: "ok:b result:s remaining:u? reason:s?",
  error: "msg:s",
  workflow_start: "workflow_id:s phases:p total_agents:u",
  phase_start: "phase_n:u phase_type:s agent_count:u",
  phase_done: "phase_n:u artifact_summary:s",
  agent_spawn: "agent_id:s phase_n:u brief:s",
  agent_progress: "agent_id:s delta:s",
  agent_done: "agent_id:s phase_n:u summary:s tokens:u? tool_calls:u? duration_ms:u?",
  workflow_done: "synthesis:s total_phases:u total_agents:u",
  // host -> brain
  task: "text:s cwd:s pool_gb:n effort:s model:s test_cmd:s?",
  tool_result: "id:s output:s exit_code:i",
  control: "action:s note:s?",
};

const PHASE_ITEM = "n:u type:s agents:u";

interface FieldSpec {
  readonly name: string;
  readonly kind: string;
  readonly optional: boolean;
}

function parseSpec(spec: string): FieldSpec[] {
  return spec.split(" ").map((part) => {
    const [name, k] = part.split(":") as [string, string];
    return { name, kind: k.replace("?", ""), optional: k.endsWith("?") };
  });
}

const SPECS: ReadonlyMap<string, FieldSpec[]> = new Map(Object.entries(TYPES).map(([t, s]) => [t, parseSpec(s)]));
const PHASE_SPEC = parseSpec(PHASE_ITEM);

/** Closed vocabularies, keyed "type.field" (invariant 5; the control row). */
const VOCAB: ReadonlyMap<string, { readonly words: ReadonlySet<string>; readonly guard: typeof G.doneReason }> = new Map([
  ["done.reason", { words: new Set(["", "stalled", "no-progress", "max-turns", "unverified"]), guard: G.doneReason }],
  ["control.action", { words: new Set(["pause", "resume", "steer"]), guard: G.controlAction }],
]);

const MAX_SAFE = 9007199254740991n;
const INTEGER_TEXT = /^-?(?:0|[1-9][0-9]*)$/;

function isIntegerText(text: string, signed: boolean): boolean {
  if (!INTEGER_TEXT.test(text)) return false;
  const n = BigInt(text);
  if (n < 0n) return signed && -n <= MAX_SAFE;
  return n <= MAX_SAFE;
}

function kindMatches(kind: string, v: Value): boolean {
  switch (kind) {
    case "s":
      return v.type === "string";
    case "u":
    case "i":
    case "n":
      return v.type === "number";
    case "b":
      return v.type === "literal" && (v.text === "true" || v.text === "false");
    case "o":
      return v.type === "object";
    default:
      return v.type === "array";
  }
}

function hasUnpaired(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = s.charCodeAt(i + 1); // NaN past the end
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (u >= 0xdc00 && u <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** Whether any string in v, member names included, holds an unpaired surrogate. */
function anyUnpaired(v: Value): boolean {
  switch (v.type) {
    case "string":
      return hasUnpaired(v.value);
    case "array":
      return v.items.some(anyUnpaired);
    case "object":
      for (const [k, x] of v.members) if (hasUnpaired(k) || anyUnpaired(x)) return true;
      return false;
    default:
      return false;
  }
}

/** One kept field: its name and the value to write (a phases array already rebuilt). */
type Kept = [string, Value];

/** Rules 2 to 5 of step 4 on a present field; vocabKey names its vocabulary, if any. */
function checkValue(f: FieldSpec, v: Value, vocabKey: string, path: (string | number)[]): void {
  const where = whereIn(...path);
  if (!kindMatches(f.kind, v)) refuse(G.fieldType, where);
  if ((f.kind === "u" || f.kind === "i") && v.type === "number" && !isIntegerText(v.text, f.kind === "i")) {
    refuse(G.integer, where);
  }
  const vocab = VOCAB.get(vocabKey);
  if (vocab !== undefined && v.type === "string" && !vocab.words.has(v.value)) refuse(vocab.guard, where);
  if (anyUnpaired(v)) refuse(G.surrogate, where);
}

/** A phases field: the array, then each item (an object with n, type, agents). Returns the value to write. */
function checkPhases(v: Value, path: string[]): Value {
  if (v.type !== "array") {
    refuse(G.fieldType, whereIn(...path));
    if (anyUnpaired(v)) refuse(G.surrogate, whereIn(...path));
    return v;
  }
  const items: Value[] = [];
  v.items.forEach((item, index) => {
    const ipath = [...path, index];
    if (item.type !== "object") {
      refuse(G.fieldType, whereIn(...ipath));
      if (anyUnpaired(item)) refuse(G.surrogate, whereIn(...ipath));
      items.push(item);
      return;
    }
    const members = new Map<string, Value>();
    for (const f of PHASE_SPEC) {
      const x = item.members.get(f.name);
      if (x === undefined) {
        refuse(G.missing, whereIn(...ipath));
        continue;
      }
      checkValue(f, x, "", [...ipath, f.name]);
      members.set(f.name, x);
    }
    items.push({ type: "object", members });
  });
  return { type: "array", items };
}

/** A decoded message: its type and kept fields, or null when ignored. */
interface Message {
  readonly type: string;
  readonly fields: Kept[];
}

function decodeValue(input: Uint8Array): Message | null {
  const v = parseValue(input, G.input);
  if (v.type !== "object") fail(G.type, whereIn());
  const t = v.members.get("type");
  if (t === undefined || t.type !== "string") {
    refuse(G.msgType, whereIn());
    return null;
  }
  const specs = Object.hasOwn(TYPES, t.value) ? SPECS.get(t.value) : undefined;
  if (specs === undefined) return null; // unknown types are ignored, not refused
  const fields: Kept[] = [];
  for (const f of specs) {
    const x = v.members.get(f.name);
    if (x === undefined) {
      if (!f.optional) refuse(G.missing, whereIn());
      continue;
    }
    if (f.kind === "p") fields.push([f.name, checkPhases(x, [f.name])]);
    else {
      checkValue(f, x, `${t.value}.${f.name}`, [f.name]);
      fields.push([f.name, x]);
    }
  }
  return { type: t.value, fields };
}

/** Writes a value: numbers as their literal text, members in order, strings quoted. */
function write(v: Value, ascii: boolean, out: string[]): void {
  switch (v.type) {
    case "string":
      out.push(quote(v.value, ascii));
      return;
    case "number":
    case "literal":
      out.push(v.text);
      return;
    case "array":
      out.push("[");
      v.items.forEach((x, i) => {
        if (i > 0) out.push(",");
        write(x, ascii, out);
      });
      out.push("]");
      return;
    case "object": {
      out.push("{");
      let first = true;
      for (const [k, x] of v.members) {
        if (!first) out.push(",");
        first = false;
        out.push(quote(k, ascii), ":");
        write(x, ascii, out);
      }
      out.push("}");
    }
  }
}

function form(m: Message, ascii: boolean): string {
  const out: string[] = ['{"type":', quote(m.type, ascii)];
  for (const [name, v] of m.fields) {
    out.push(",", quote(name, ascii), ":");
    write(v, ascii, out);
  }
  out.push("}");
  return out.join("");
}

const EMPTY = new Uint8Array(0);
const bytesOf = (s: string): Uint8Array => encodeGeneralized(s);

/** bridge/4 `decode`: the canonical form (UTF-8), or nothing for an ignored message. */
export function decode(input: Uint8Array): Uint8Array {
  const m = decodeValue(input);
  return m === null ? EMPTY : bytesOf(form(m, false));
}

/** bridge/4 `encode`: the wire line (ASCII, ensure_ascii escapes, LF), or nothing. */
export function encode(input: Uint8Array): Uint8Array {
  const m = decodeValue(input);
  return m === null ? EMPTY : bytesOf(`${form(m, true)}\n`);
}

/** bridge/4 `round-trip`: the wire line, then the canonical form of decoding it again. */
export function roundTrip(input: Uint8Array): Uint8Array {
  const m = decodeValue(input);
  if (m === null) return EMPTY;
  const wire = `${form(m, true)}\n`;
  const again = decodeValue(bytesOf(wire));
  if (again === null) throw new Error("bridge: the wire line decodes to an ignored message");
  const canonical = form(again, false);
  if (canonical !== form(m, false)) throw new Error("bridge: the round trip changed the message");
  return bytesOf(wire + canonical);
}

function stringField(m: Message, name: string): string | undefined {
  for (const [k, v] of m.fields) if (k === name) return v.type === "string" ? v.value : undefined;
  return undefined;
}

/** bridge/4 `stream`: the wire lines of the messages not ignored, with tool-call correlation. */
export function stream(input: Uint8Array): Uint8Array {
  if (input.length === 0) return EMPTY;
  const end = input[input.length - 1] === 0x0a ? input.length - 1 : input.length;
  let out = "";
  // The outstanding call: absent (false), or present with its id (a string, or undefined: matches nothing).
  let outstanding = false;
  let pendingId: string | undefined;
  let start = 0;
  for (;;) {
    let lf = input.indexOf(0x0a, start);
    if (lf < 0 || lf > end) lf = end;
    const lineStart = start;
    const where = () => ({ offset: lineStart });
    let m: Message | null;
    try {
      m = decodeValue(input.subarray(start, lf));
    } catch (e) {
      // Located in the whole stream: the line's own offset added, its pointer dropped.
      if (e instanceof Refusal) throw new Refusal(e.guard, { offset: lineStart + (e.at?.offset ?? 0) });
      throw e;
    }
    if (m !== null) {
      if (m.type === "tool_call") {
        if (outstanding) refuse(G.callPending, where);
        outstanding = true;
        pendingId = stringField(m, "id");
      } else if (m.type === "tool_result") {
        const id = stringField(m, "id");
        if (!outstanding || pendingId === undefined || id === undefined || id !== pendingId) refuse(G.correlation, where);
        outstanding = false;
        pendingId = undefined;
      }
      out += `${form(m, true)}\n`;
    }
    if (lf >= end) break;
    start = lf + 1;
  }
  return bytesOf(out);
}

/** The operations of bridge/4 (spec/bridge.md, "Operations"). */
export const OPERATIONS = Object.freeze({
  decode,
  encode,
  "round-trip": roundTrip,
  stream,
});

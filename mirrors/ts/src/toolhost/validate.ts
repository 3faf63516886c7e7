// How one document of toolhost/1 is validated (spec/toolhost.md, section
// 1.4): the serialized-size bound of a workspace status (step 0, section
// 1.9), the closed check (step 1), the type pass (step 2), the rule pass
// with each kind's rules (step 3; sections 1.3, 1.5 and 1.8), the object
// rules (step 4; sections 2.1-2.12) and the digests (step 5, section 1.6).
// Signatures and freshness (steps 6 and 7) need the envelope's other
// members and are in operations.ts.
//
// Every refusal is a guard of the table found by its message, which is
// built here from the path and the rule exactly as sections 1.3-1.5 word
// it; each carries the JSON pointer of the value it refuses. What an
// ignored guard means at each site (section 5):
//
//   - unknown member: disregarded; digests cover proj(d), so they still
//     verify;
//   - type pass, set and array element types, timestamp shape: no accept
//     path, fail();
//   - timestamp instant: the fields roll over (civil.ts, as prim/1 says);
//   - integer fraction: the literal's integer part is used; integer range:
//     the integer is kept as it is (exact: BigInt);
//   - text, display, grammar, enum and const rules: the value is kept;
//   - base64url length: decodes anyway (each group of 4 gives 3 bytes, a
//     final 2 or 3 give 1 or 2, a final 1 nothing), and a public key that
//     is then not 32 bytes skips the screening; alphabet: `+` is 62, `/`
//     63, any other unit 0; canonical: the unused bits are dropped;
//   - set or array size, order, repeat: goes on with the elements;
//   - open-value rules: the walk goes on, the byte cap counts what is there;
//   - serialized size: goes on with step 1;
//   - object rules and digest checks: go on.

import { TIMESTAMP_SHAPE, fields as timestampFields, fieldsMillis, monthLength } from "../civil.js";
import { blocklisted, canonicalKey } from "../ed25519.js";
import {
  type Obj,
  type Value,
  codePointLength,
  compareCodePoints,
  isControl,
  isUnpairedAt,
  whereIn,
} from "../jsonvalue.js";
import { fail, refuse } from "../refusal.js";
import {
  type Document,
  type Field,
  type JsonType,
  type Kind,
  SCHEMA,
  WORKSPACE_STATUS,
  jsonType,
} from "./documents.js";
import { guard } from "./refusals.js";
import { canonicalBytes, hash } from "./seal.js";

/** A pointer path into the input: member names and array indexes (RFC 6901 via whereIn). */
export type Pointer = readonly (string | number)[];

/** Where a value is: its message path P (section 1.2) and its pointer in the input. */
export interface Place {
  readonly path: string;
  readonly ptr: Pointer;
}

/** The place of member `name` of the object at `at`. */
export function member(at: Place, name: string): Place {
  return { path: `${at.path}.${name}`, ptr: [...at.ptr, name] };
}

/** Refuses with the guard whose message is `message`, at `ptr` (refuse(): ignorable). */
function no(message: string, ptr: Pointer): void {
  refuse(guard(message), whereIn(...ptr));
}

/** Refuses with the guard whose message is `message`, at `ptr`, with no accept path (fail()). */
function never(message: string, ptr: Pointer): never {
  return fail(guard(message), whereIn(...ptr));
}

// --- messages (section 1.3, the kind table; sections 1.5 and 1.8) ------------

const ARTICLE: Readonly<Record<JsonType, string>> = {
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
};

/** The type pass's message of a member of kind `kind` at path P. */
export function typeMessage(path: string, kind: Kind, nullable: boolean): string {
  return `${path} is missing or is not ${ARTICLE[jsonType(kind)]}${nullable ? " or null" : ""}`;
}

/** Every message the rules of `kind` at path P can give (section 1.3), for the load-time check. */
function kindMessages(path: string, kind: Kind): string[] {
  switch (kind.k) {
    case "const":
      return [`${path} is not ${kind.value}`];
    case "false":
      return [`${path} is not false`];
    case "boolean":
      return [];
    case "id":
      return [`${path} does not match the ID grammar`];
    case "device-id":
      return [`${path} does not match the ID grammar`, `${path} is not in the scdev_ namespace`];
    case "origin":
      return [`${path} is not a normalized https origin`];
    case "timestamp":
      return [`${path} is not YYYY-MM-DDTHH:MM:SS.mmmZ`, `${path} is not a real instant`];
    case "integer":
      return [`${path} has a fraction or an exponent`, `${path} is not an integer from ${kind.lo} to ${kind.hi}`];
    case "text":
      return [
        `${path} contains a control character`,
        `${path} contains an unpaired surrogate`,
        `${path} is not 1 to 256 Unicode scalar values`,
      ];
    case "display":
      return [`${path} has a character outside U+0020-U+007E`, `${path} is not 1 to 256 characters`];
    case "runtime-version":
      return [`${path} is not 1 to 64 characters from U+0020-U+007E`];
    case "code":
      return [`${path} does not match [A-Z][A-Z0-9_]{0,63}`];
    case "schema-ref":
      return [`${path} does not match the schema id grammar`];
    case "digest":
      return [`${path} is not sha256: and 64 lowercase hex digits`];
    case "base64url":
      return b64Messages(path, kind.length);
    case "public-key":
      return [
        ...b64Messages(path, 43),
        `${path} is not a canonical Ed25519 encoding`,
        `${path} is a small-order Ed25519 key`,
      ];
    case "enum":
      return [`${path} is not an allowed value`];
    case "set":
      return [
        `${path} does not have ${kind.lo} to ${kind.hi} members`,
        `${path}[] is not a string`,
        kind.values === null ? `${path}[] does not match the ID grammar` : `${path}[] is not an allowed value`,
        `${path} has a repeated member`,
        `${path} is not strictly ascending by code point`,
      ];
    case "objects": {
      const out = [
        `${path} does not have ${kind.lo} to ${kind.hi} members`,
        `${path}[] is not an object`,
        ...closedMessages(`${path}[]`, kind.of),
      ];
      if (kind.order === "key_id") {
        out.push(`${path} has a repeated key_id`, `${path} is not strictly ascending by key_id`);
      } else if (kind.order === "tools") {
        out.push(`${path} has a repeated (name, version)`, `${path} is not strictly ascending by (name, version)`);
      }
      return out;
    }
    case "object":
      return closedMessages(path, kind.of);
    case "open":
      return [
        `${path} nests deeper than ${kind.depth}`,
        `${path} has an array of more than 32 elements`,
        `${path} has a number that is not an unsigned safe integer`,
        `${path} has an invalid string`,
        `${path} exceeds ${kind.bytes} canonical bytes`,
      ];
  }
}

function b64Messages(path: string, length: number): string[] {
  return [
    `${path} is not ${length} base64url characters`,
    `${path} has a character outside A-Z a-z 0-9 - _`,
    `${path} is not canonical base64url`,
  ];
}

/** Every message of steps 1-3 for a closed object with `fields` at path P. */
export function closedMessages(path: string, fields: readonly Field[]): string[] {
  return [
    `${path} has an unknown member`,
    ...fields.map((f) => typeMessage(`${path}.${f.name}`, f.kind, f.nullable)),
    ...fields.flatMap((f) => kindMessages(`${path}.${f.name}`, f.kind)),
  ];
}

// --- reading values (no refusals) --------------------------------------------

/** Whether v is the literal null. */
export function isNull(v: Value | undefined): boolean {
  return v !== undefined && v.type === "literal" && v.text === "null";
}

function hasType(v: Value | undefined, t: JsonType, nullable: boolean): boolean {
  if (v === undefined) return false;
  if (nullable && isNull(v)) return true;
  switch (t) {
    case "string":
      return v.type === "string";
    case "number":
      return v.type === "number";
    case "boolean":
      return v.type === "literal" && (v.text === "true" || v.text === "false");
    case "object":
      return v.type === "object";
    case "array":
      return v.type === "array";
  }
}

/** Member `name` of obj, which the type pass found present. */
export function get(obj: Obj, name: string): Value {
  return obj.members.get(name) as Value;
}

/** The string of member `name` of obj (a string after the type pass). */
export function str(obj: Obj, name: string): string {
  const v = get(obj, name);
  return v.type === "string" ? v.value : "";
}

/** The object of member `name` of obj (an object after the type pass, unless it may be null). */
export function obj(o: Obj, name: string): Obj {
  return get(o, name) as Obj;
}

/** The elements of array member `name` of obj. */
export function items(o: Obj, name: string): Value[] {
  const v = get(o, name);
  return v.type === "array" ? v.items : [];
}

/**
 * The exact integer of a number literal (section 5: an ignored fraction
 * uses the literal's integer part, an ignored range keeps the value).
 */
export function integerOf(text: string): bigint {
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e || c === 0x65 || c === 0x45) {
      end = i;
      break;
    }
  }
  return BigInt(text.slice(0, end));
}

/** The integer of number member `name` of obj. */
export function int(o: Obj, name: string): bigint {
  const v = get(o, name);
  return v.type === "number" ? integerOf(v.text) : 0n;
}

/**
 * Epoch milliseconds of a string of the timestamp shape (prim/1 rule 3,
 * days-from-civil; an instant that is not real rolls over, section 5).
 */
export function millisOf(s: string): number {
  return fieldsMillis(timestampFields(s));
}

/** The epoch milliseconds of timestamp member `name` of obj. */
export function ms(o: Obj, name: string): number {
  return millisOf(str(o, name));
}

/** The 6-bit value of a unit: base64url's alphabet, then `+` 62, `/` 63, anything else 0 (section 5). */
function sextet(u: number): number {
  if (u >= 0x41 && u <= 0x5a) return u - 0x41;
  if (u >= 0x61 && u <= 0x7a) return u - 0x61 + 26;
  if (u >= 0x30 && u <= 0x39) return u - 0x30 + 52;
  if (u === 0x2d || u === 0x2b) return 62;
  if (u === 0x5f || u === 0x2f) return 63;
  return 0;
}

/** Whether unit u is in base64url's alphabet A-Z a-z 0-9 - _. */
function inAlphabet(u: number): boolean {
  return (u >= 0x41 && u <= 0x5a) || (u >= 0x61 && u <= 0x7a) || (u >= 0x30 && u <= 0x39) || u === 0x2d || u === 0x5f;
}

/**
 * The bytes of a base64url string of any length (section 5): floor(6n/8)
 * bytes, most significant bits first, the unused low bits dropped.
 */
export function base64urlBytes(s: string): Uint8Array {
  const out = new Uint8Array(Math.floor((6 * s.length) / 8));
  let acc = 0;
  let bits = 0;
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    acc = ((acc << 6) | sextet(s.charCodeAt(i))) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

// --- the rules of each kind (section 1.3) ------------------------------------

const ID_GRAMMAR = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const CODE_GRAMMAR = /^[A-Z][A-Z0-9_]{0,63}$/;
const SCHEMA_REF_GRAMMAR = /^[a-z][a-z0-9._-]{0,63}\/[1-9][0-9]{0,5}$/;
const DIGEST_GRAMMAR = /^sha256:[0-9a-f]{64}$/;
const ORIGIN_GRAMMAR =
  /^https:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?(?::([1-9][0-9]{0,4}))?$/;
const MAX_ORIGIN = 256;
const MAX_TEXT = 256;
const MAX_DISPLAY = 256;
const MAX_RUNTIME_VERSION = 64;
const NAMESPACE = "scdev_";

/** The ID grammar (decided rule 7): 1 to 128 units, [A-Za-z0-9][A-Za-z0-9._-]*. */
export function isId(s: string): boolean {
  return ID_GRAMMAR.test(s);
}

/** A normalized https origin (section 1.3): at most 256 units, the grammar, a port 1-65535 but 443. */
function isOrigin(s: string): boolean {
  if (s.length > MAX_ORIGIN) return false;
  const m = ORIGIN_GRAMMAR.exec(s);
  if (m === null) return false;
  if (m[1] === undefined) return true;
  const port = Number(m[1]);
  return port >= 1 && port <= 65535 && port !== 443;
}

function isPrintable(u: number): boolean {
  return u >= 0x20 && u <= 0x7e;
}

function textRule(s: string, at: Place): void {
  for (let i = 0; i < s.length; i++) {
    if (isControl(s.charCodeAt(i))) no(`${at.path} contains a control character`, at.ptr);
    else if (isUnpairedAt(s, i)) no(`${at.path} contains an unpaired surrogate`, at.ptr);
  }
  const n = codePointLength(s);
  if (n < 1 || n > MAX_TEXT) no(`${at.path} is not 1 to 256 Unicode scalar values`, at.ptr);
}

function displayRule(s: string, at: Place): void {
  for (let i = 0; i < s.length; i++) {
    if (!isPrintable(s.charCodeAt(i))) {
      no(`${at.path} has a character outside U+0020-U+007E`, at.ptr);
      break;
    }
  }
  if (s.length < 1 || s.length > MAX_DISPLAY) no(`${at.path} is not 1 to 256 characters`, at.ptr);
}

function runtimeVersionRule(s: string, at: Place): void {
  let ok = s.length >= 1 && s.length <= MAX_RUNTIME_VERSION;
  for (let i = 0; i < s.length && ok; i++) ok = isPrintable(s.charCodeAt(i));
  if (!ok) no(`${at.path} is not 1 to 64 characters from U+0020-U+007E`, at.ptr);
}

/** prim/1 `timestamp` rules 1 and 2 with the member's messages. */
function timestampRule(s: string, at: Place): void {
  if (!TIMESTAMP_SHAPE.test(s)) never(`${at.path} is not YYYY-MM-DDTHH:MM:SS.mmmZ`, at.ptr);
  const t = timestampFields(s);
  const real =
    t.year >= 1 &&
    t.month >= 1 &&
    t.month <= 12 &&
    t.day >= 1 &&
    t.day <= monthLength(t.year, t.month) &&
    t.hour <= 23 &&
    t.minute <= 59 &&
    t.second <= 59;
  if (!real) no(`${at.path} is not a real instant`, at.ptr);
}

/** prim/1 integer rules 1 and 2 on the literal, with the range LO..HI. */
function integerRule(text: string, lo: bigint, hi: bigint, at: Place): void {
  if (/[.eE]/.test(text)) no(`${at.path} has a fraction or an exponent`, at.ptr);
  const n = integerOf(text);
  if (text.charCodeAt(0) === 0x2d || n < lo || n > hi) no(`${at.path} is not an integer from ${lo} to ${hi}`, at.ptr);
}

/**
 * prim/1 `base64url` with one length (section 1.3, base64url-32/-64) on
 * string s at `at`: `P is not <length> base64url characters`, then `P has a
 * character outside A-Z a-z 0-9 - _`, then `P is not canonical base64url`
 * (each ignorable, section 5).
 */
export function base64urlRule(s: string, length: number, at: Place): void {
  if (s.length !== length) no(`${at.path} is not ${length} base64url characters`, at.ptr);
  for (let i = 0; i < s.length; i++) {
    if (!inAlphabet(s.charCodeAt(i))) {
      no(`${at.path} has a character outside A-Z a-z 0-9 - _`, at.ptr);
      break;
    }
  }
  const n = s.length;
  const unused = (6 * n) % 8;
  if (n > 0 && (sextet(s.charCodeAt(n - 1)) & ((1 << unused) - 1)) !== 0) {
    no(`${at.path} is not canonical base64url`, at.ptr);
  }
}

/** base64url-32, then the key screening of review decision 1 (ed25519/1 rules 3 and 4) on 32 decoded bytes. */
function publicKeyRule(s: string, at: Place): void {
  base64urlRule(s, 43, at);
  const key = base64urlBytes(s);
  if (key.length !== 32) return; // an ignored length: no screening here (section 5)
  if (!canonicalKey(key)) no(`${at.path} is not a canonical Ed25519 encoding`, at.ptr);
  if (blocklisted(key, 0)) no(`${at.path} is a small-order Ed25519 key`, at.ptr);
}

/** Section 1.5, sets: the size, then per element its type, its rule and the order against the previous one. */
function setRule(v: Value, kind: Extract<Kind, { k: "set" }>, at: Place): void {
  const list = v.type === "array" ? v.items : [];
  if (list.length < kind.lo || list.length > kind.hi) no(`${at.path} does not have ${kind.lo} to ${kind.hi} members`, at.ptr);
  let prev = "";
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as Value;
    const ptr = [...at.ptr, i];
    if (item.type !== "string") never(`${at.path}[] is not a string`, ptr);
    const s = item.value;
    if (kind.values === null) {
      if (!isId(s)) no(`${at.path}[] does not match the ID grammar`, ptr);
    } else if (!kind.values.includes(s)) {
      no(`${at.path}[] is not an allowed value`, ptr);
    }
    if (i > 0) {
      const c = compareCodePoints(prev, s);
      if (c === 0) no(`${at.path} has a repeated member`, ptr);
      else if (c > 0) no(`${at.path} is not strictly ascending by code point`, ptr);
    }
    prev = s;
  }
}

/** Compares two tools by (name by code point order, version as an integer). */
function compareTools(a: Obj, b: Obj): number {
  const c = compareCodePoints(str(a, "name"), str(b, "name"));
  if (c !== 0) return c;
  const x = int(a, "version");
  const y = int(b, "version");
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Section 1.5, arrays of objects: the size, then per element its type, its closed object and the order. */
function objectsRule(v: Value, kind: Extract<Kind, { k: "objects" }>, at: Place): void {
  const list = v.type === "array" ? v.items : [];
  if (list.length < kind.lo || list.length > kind.hi) no(`${at.path} does not have ${kind.lo} to ${kind.hi} members`, at.ptr);
  let prev: Obj | undefined;
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as Value;
    const ptr = [...at.ptr, i];
    if (item.type !== "object") never(`${at.path}[] is not an object`, ptr);
    closed(item, kind.of, { path: `${at.path}[]`, ptr });
    if (prev !== undefined) {
      if (kind.order === "key_id") {
        const c = compareCodePoints(str(prev, "key_id"), str(item, "key_id"));
        if (c === 0) no(`${at.path} has a repeated key_id`, ptr);
        else if (c > 0) no(`${at.path} is not strictly ascending by key_id`, ptr);
      } else if (kind.order === "tools") {
        const c = compareTools(prev, item);
        if (c === 0) no(`${at.path} has a repeated (name, version)`, ptr);
        else if (c > 0) no(`${at.path} is not strictly ascending by (name, version)`, ptr);
      }
    }
    prev = item;
  }
}

// --- open values (section 1.8) -----------------------------------------------

const MAX_OPEN_ARRAY = 32;
const MAX_OPEN_STRING = 256;
const MAX_SAFE = "9007199254740991";
const UNSIGNED = /^(?:0|[1-9][0-9]*)$/;

function isUnsignedSafe(t: string): boolean {
  return UNSIGNED.test(t) && (t.length < MAX_SAFE.length || (t.length === MAX_SAFE.length && t <= MAX_SAFE));
}

function isValidString(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (isControl(s.charCodeAt(i)) || isUnpairedAt(s, i)) return false;
  }
  return codePointLength(s) <= MAX_OPEN_STRING;
}

/** Walks an open value in document order (v at `depth`), member names before their values. */
function walk(v: Value, depth: number, kind: Extract<Kind, { k: "open" }>, at: Place, ptr: (string | number)[]): void {
  switch (v.type) {
    case "string":
      if (!isValidString(v.value)) no(`${at.path} has an invalid string`, ptr);
      return;
    case "number":
      if (!isUnsignedSafe(v.text)) no(`${at.path} has a number that is not an unsigned safe integer`, ptr);
      return;
    case "literal":
      return;
    case "array":
      if (depth > kind.depth) no(`${at.path} nests deeper than ${kind.depth}`, ptr);
      for (let i = 0; i < v.items.length; i++) {
        ptr.push(i);
        if (i === MAX_OPEN_ARRAY) no(`${at.path} has an array of more than 32 elements`, ptr);
        walk(v.items[i] as Value, depth + 1, kind, at, ptr);
        ptr.pop();
      }
      return;
    case "object":
      if (depth > kind.depth) no(`${at.path} nests deeper than ${kind.depth}`, ptr);
      for (const [name, m] of v.members) {
        ptr.push(name);
        if (!isValidString(name)) no(`${at.path} has an invalid string`, ptr);
        walk(m, depth + 1, kind, at, ptr);
        ptr.pop();
      }
      return;
  }
}

/** The number of canonical bytes (section 1.6) of an open value; toolhost.jcs when it has none. */
export function canonicalLength(v: Value, ptr: Pointer): number {
  return canonicalBytes(v, whereIn(...ptr)).length;
}

function openRule(v: Value, kind: Extract<Kind, { k: "open" }>, at: Place): void {
  walk(v, 1, kind, at, [...at.ptr]);
  if (canonicalLength(v, at.ptr) > kind.bytes) no(`${at.path} exceeds ${kind.bytes} canonical bytes`, at.ptr);
}

// --- steps 1-3 ---------------------------------------------------------------

function rule(kind: Kind, v: Value, at: Place): void {
  const s = v.type === "string" ? v.value : "";
  switch (kind.k) {
    case "const":
      if (s !== kind.value) no(`${at.path} is not ${kind.value}`, at.ptr);
      return;
    case "false":
      if (!(v.type === "literal" && v.text === "false")) no(`${at.path} is not false`, at.ptr);
      return;
    case "boolean":
      return;
    case "id":
      if (!isId(s)) no(`${at.path} does not match the ID grammar`, at.ptr);
      return;
    case "device-id":
      if (!isId(s)) no(`${at.path} does not match the ID grammar`, at.ptr);
      if (!(s.length > NAMESPACE.length && s.startsWith(NAMESPACE))) no(`${at.path} is not in the scdev_ namespace`, at.ptr);
      return;
    case "origin":
      if (!isOrigin(s)) no(`${at.path} is not a normalized https origin`, at.ptr);
      return;
    case "timestamp":
      timestampRule(s, at);
      return;
    case "integer":
      integerRule(v.type === "number" ? v.text : "0", kind.lo, kind.hi, at);
      return;
    case "text":
      textRule(s, at);
      return;
    case "display":
      displayRule(s, at);
      return;
    case "runtime-version":
      runtimeVersionRule(s, at);
      return;
    case "code":
      if (!CODE_GRAMMAR.test(s)) no(`${at.path} does not match [A-Z][A-Z0-9_]{0,63}`, at.ptr);
      return;
    case "schema-ref":
      if (!SCHEMA_REF_GRAMMAR.test(s)) no(`${at.path} does not match the schema id grammar`, at.ptr);
      return;
    case "digest":
      if (!DIGEST_GRAMMAR.test(s)) no(`${at.path} is not sha256: and 64 lowercase hex digits`, at.ptr);
      return;
    case "base64url":
      base64urlRule(s, kind.length, at);
      return;
    case "public-key":
      publicKeyRule(s, at);
      return;
    case "enum":
      if (!kind.values.includes(s)) no(`${at.path} is not an allowed value`, at.ptr);
      return;
    case "set":
      setRule(v, kind, at);
      return;
    case "objects":
      objectsRule(v, kind, at);
      return;
    case "object":
      closed(v as Obj, kind.of, at);
      return;
    case "open":
      openRule(v, kind, at);
      return;
  }
}

/**
 * Section 1.4 steps 1-3 for a closed object with `fields` at `at`: the
 * closed check (`P has an unknown member`; ignored, the member is
 * disregarded), the type pass (`P.m is missing or is not <a type>`, no
 * accept path), the rule pass (each kind's messages, section 1.3; nested
 * objects, sets and arrays of objects at their place in the order).
 */
export function closed(o: Obj, fields: readonly Field[], at: Place): void {
  for (const name of o.members.keys()) {
    if (!fields.some((f) => f.name === name)) no(`${at.path} has an unknown member`, [...at.ptr, name]);
  }
  for (const f of fields) {
    const m = member(at, f.name);
    if (!hasType(o.members.get(f.name), jsonType(f.kind), f.nullable)) never(typeMessage(m.path, f.kind, f.nullable), m.ptr);
  }
  for (const f of fields) {
    const v = get(o, f.name);
    if (f.nullable && isNull(v)) continue;
    rule(f.kind, v, member(at, f.name));
  }
}

// --- the serialized size of a workspace status (section 1.9) -----------------

function stringSize(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u === 0x22 || u === 0x5c || u === 0x08 || u === 0x09 || u === 0x0a || u === 0x0c || u === 0x0d) n += 2;
    else if (u < 0x20) n += 6;
    else if (u < 0x80) n += 1;
    else if (u < 0x800) n += 2;
    else if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3; // the rest of the BMP, and a lone surrogate
  }
  return n;
}

/** S(v) of section 1.9: the serialized size of a value as read, in bytes. */
export function serializedSize(v: Value): number {
  switch (v.type) {
    case "literal":
      return v.text === "false" ? 5 : 4;
    case "number":
      return v.text.length;
    case "string":
      return stringSize(v.value);
    case "array": {
      let n = 2 + Math.max(0, v.items.length - 1);
      for (const item of v.items) n += serializedSize(item);
      return n;
    }
    case "object": {
      let n = 2 + Math.max(0, v.members.size - 1);
      for (const [name, m] of v.members) n += stringSize(name) + 1 + serializedSize(m);
      return n;
    }
  }
}

const MAX_SERIALIZED = 65536;

// --- projection and digests (section 1.6) ------------------------------------

function projected(kind: Kind, v: Value): Value {
  if (kind.k === "object" && v.type === "object") return projection(v, kind.of);
  if (kind.k === "objects" && v.type === "array") {
    return { type: "array", items: v.items.map((item) => (item.type === "object" ? projection(item, kind.of) : item)) };
  }
  return v;
}

/**
 * proj(d) of section 1.6: d with only the members `fields` declares (in
 * document order), each closed object and each element of an array of
 * objects replaced by its own projection; other values kept as they are.
 */
export function projection(o: Obj, fields: readonly Field[]): Obj {
  const out: Obj = { type: "object", members: new Map() };
  for (const [name, v] of o.members) {
    const f = fields.find((x) => x.name === name);
    if (f !== undefined) out.members.set(name, projected(f.kind, v));
  }
  return out;
}

/** The own digest of a document (decided rule 1): H(schema id, proj(d) without the omitted members). */
export function ownDigest(doc: Document, d: Obj, omit: readonly string[], ptr: Pointer): string {
  return hash(doc.schemaId, omit, projection(d, doc.fields), whereIn(...ptr));
}

/** The arguments digest (decided rule 3): H("aether.managed-tool-arguments/1", arguments), never projected. */
export function argumentsDigest(args: Value, ptr: Pointer): string {
  return hash(SCHEMA.arguments, [], args, whereIn(...ptr));
}

// --- object rules (step 4) ---------------------------------------------------

/** Strict order of two timestamps: `later` must be after `earlier`. */
function after(d: Obj, at: Place, later: string, earlier: string): void {
  if (!(ms(d, later) > ms(d, earlier))) no(`${at.path}.${later} is not after ${at.path}.${earlier}`, [...at.ptr, later]);
}

/** Section 2.10's sixteen result rules, in order. */
function resultRules(d: Obj, at: Place): void {
  const p = (name: string): Pointer => [...at.ptr, name];
  const state = str(d, "state");
  const ok = state === "succeeded";
  const error = get(d, "error");
  const payload = get(d, "payload");
  if (ms(d, "completed_at") < ms(d, "started_at")) no("result.completed_at is before result.started_at", p("completed_at"));
  if (ok && !isNull(error)) no("result.error is not null for a succeeded result", p("error"));
  if (!ok && isNull(error)) no("result.error is null for a result that did not succeed", p("error"));
  const code = error.type === "object" ? str(error, "code") : null;
  if (state === "cancelled" && code !== null && code !== "TOOL_CANCELLED") {
    no("result.error.code is not TOOL_CANCELLED for a cancelled result", p("error"));
  }
  if (state === "deadline_exceeded" && code !== null && code !== "TOOL_DEADLINE_EXCEEDED") {
    no("result.error.code is not TOOL_DEADLINE_EXCEEDED for a deadline_exceeded result", p("error"));
  }
  if (state === "refused" && (code === "TOOL_CANCELLED" || code === "TOOL_DEADLINE_EXCEEDED")) {
    no("result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result", p("error"));
  }
  for (const name of ["payload", "output_schema_id", "output_schema_digest"]) {
    const isNullValue = isNull(get(d, name));
    if (ok && isNullValue) no(`result.${name} is null for a succeeded result`, p(name));
    if (!ok && !isNullValue) no(`result.${name} is not null for a result that did not succeed`, p(name));
  }
  const retry = str(d, "retry_class");
  const replay = str(d, "replay_status");
  if (ok && retry === "new_call_after_recovery") {
    no("result.retry_class is new_call_after_recovery for a succeeded result", p("retry_class"));
  }
  if (replay === "stored_redelivery" && retry !== "redeliver_stored_result") {
    no("result.replay_status is stored_redelivery but result.retry_class is not redeliver_stored_result", p("retry_class"));
  }
  if (retry === "redeliver_stored_result" && replay !== "stored_redelivery") {
    no("result.retry_class is redeliver_stored_result but result.replay_status is not stored_redelivery", p("replay_status"));
  }
  const bytes = isNull(payload) ? 0 : canonicalLength(payload, p("payload"));
  if (int(d, "bounded_bytes") !== BigInt(bytes)) no("result.bounded_bytes does not match result.payload", p("bounded_bytes"));
}

function objectRules(doc: Document, d: Obj, at: Place): void {
  switch (doc.name) {
    case "trust":
    case "device_proof":
    case "host_lease":
      after(d, at, "expires_at", "issued_at");
      return;
    case "invocation":
      after(d, at, "deadline_at", "issued_at");
      return;
    case "result":
      resultRules(d, at);
      return;
  }
}

/**
 * Section 1.4 steps 0-5 for document `doc` held in `d`, which sits at
 * pointer `ptr` of the input; every path starts at the document's name
 * (section 1.2). Refuses with the messages documentMessages(doc) lists
 * (and toolhost.jcs where a value has no JCS); returns the digests it
 * recomputed, by digest member (section 1.10: the verdicts carry them).
 */
export function validateDocument(doc: Document, d: Obj, ptr: Pointer): Map<string, string> {
  const at: Place = { path: doc.name, ptr };
  if (doc === WORKSPACE_STATUS && serializedSize(d) > MAX_SERIALIZED) {
    no("workspace_status exceeds 65536 serialized bytes", ptr);
  }
  closed(d, doc.fields, at);
  objectRules(doc, d, at);
  const digests = new Map<string, string>();
  for (const dg of doc.digests) {
    const value =
      dg.what === "arguments" ? argumentsDigest(get(d, dg.of), [...ptr, dg.of]) : ownDigest(doc, d, dg.omit, ptr);
    digests.set(dg.field, value);
    if (str(d, dg.field) !== value) no(`${doc.name}.${dg.field} does not match the recomputed digest`, [...ptr, dg.field]);
  }
  return digests;
}

/**
 * Every message validateDocument() can give for doc (steps 0-5): the
 * module's own tests compare the messages of every document and operation
 * with the table.
 */
export function documentMessages(doc: Document): string[] {
  const out = closedMessages(doc.name, doc.fields);
  if (doc === WORKSPACE_STATUS) out.push("workspace_status exceeds 65536 serialized bytes");
  switch (doc.name) {
    case "trust":
    case "device_proof":
    case "host_lease":
      out.push(`${doc.name}.expires_at is not after ${doc.name}.issued_at`);
      break;
    case "invocation":
      out.push("invocation.deadline_at is not after invocation.issued_at");
      break;
    case "result":
      out.push(
        "result.completed_at is before result.started_at",
        "result.error is not null for a succeeded result",
        "result.error is null for a result that did not succeed",
        "result.error.code is not TOOL_CANCELLED for a cancelled result",
        "result.error.code is not TOOL_DEADLINE_EXCEEDED for a deadline_exceeded result",
        "result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result",
        ...["payload", "output_schema_id", "output_schema_digest"].flatMap((n) => [
          `result.${n} is null for a succeeded result`,
          `result.${n} is not null for a result that did not succeed`,
        ]),
        "result.retry_class is new_call_after_recovery for a succeeded result",
        "result.replay_status is stored_redelivery but result.retry_class is not redeliver_stored_result",
        "result.retry_class is redeliver_stored_result but result.replay_status is not stored_redelivery",
        "result.bounded_bytes does not match result.payload",
      );
      break;
  }
  for (const dg of doc.digests) out.push(`${doc.name}.${dg.field} does not match the recomputed digest`);
  return out;
}

// prim/1 (spec/prim.md): the primitive rules of the managed tool host, seed
// 001 section 6, decided encoding rules 6-10 and review decisions 3 and 6.
// Input: a JSON value input (jsonvalue.ts, guard prim.input). Each
// operation checks one rule on that value; the refusals are REFUSALS below,
// one guard per message, called from every operation that uses it
// (stringRule, integerRule). A refusal after parsing carries the JSON
// pointer of the value it refused ("" for the input itself).
//
// prim.input and prim.type have no accept path (fail()): with either
// ignored there is still no value of the expected type. So has
// prim.timestamp_shape here: a string that is not of the shape has no
// fields to take "as they are" (a decision where the spec leaves room).
//
// Operations and what an ignored guard means ("continue"):
//   timestamp         shape, then a real Gregorian instant (years 0001-9999,
//                     no leap second); output epoch ms. Ignored instant: the
//                     fields roll over as ECMAScript MakeDay/MakeTime do.
//   integer,          the literal decides: a fraction or exponent is
//   positive-integer  prim.integer (ignored: the digits before `.`/`e`/`E`
//                     are the integer); a `-` sign (-0 included), a value
//                     above 2^53-1, and for positive-integer 0, are
//                     prim.integer_range (ignored: output as is). Compared
//                     exactly on the digits. Output: the integer's decimal
//                     form (so an ignored `-0` is written `0`).
//   string            first offending unit: control or unpaired surrogate;
//                     then more than 256 code points. Output UTF-8; an
//                     ignored lone surrogate is its 3-byte form.
//   safe-display      each unit U+0020-U+007E, then 1 to 256 characters
//                     (code points, which is units for ASCII text).
//   sorted-set        array of strings; per member the string rule, then the
//                     comparison with the previous member by code point order.
//   tool-list         array of {name: string, version: number}; per tool the
//                     string rule on name, the positive-integer rule on
//                     version, then (name, version) against the previous
//                     tool, versions as integers.
//   base64url         length 43 or 86, alphabet, zero unused bits; output the
//                     decoded bytes (ignored canonical: the bits are dropped;
//                     ignored length: any length decodes the same way, 6 bits
//                     per unit; ignored alphabet: the unit counts 6 zero bits).
//   utf8-length       unpaired surrogate refused; output the UTF-8 byte count
//                     (ignored: 3 bytes for a lone surrogate).

import { TIMESTAMP_SHAPE, fields, fieldsMillis, monthLength } from "./civil.js";
import {
  type Value,
  codePointLength,
  compareCodePoints,
  isControl,
  isUnpairedAt,
  parseValue,
  whereIn,
} from "./jsonvalue.js";
import { type Where, fail, refuse, table } from "./refusal.js";
import { encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/prim.md). */
export const CONTRACT = "prim/1";

/** spec/prim.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["prim.input", "input is not valid JSON"],
  type: ["prim.type", "value has the wrong JSON type"],
  timestampShape: ["prim.timestamp_shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"],
  timestampInstant: ["prim.timestamp_instant", "timestamp is not a real instant"],
  integer: ["prim.integer", "number is not an integer"],
  integerRange: ["prim.integer_range", "integer is out of range"],
  stringControl: ["prim.string_control", "string contains a control character"],
  stringSurrogate: ["prim.string_surrogate", "string contains an unpaired surrogate"],
  stringLength: ["prim.string_length", "string exceeds 256 Unicode scalar values"],
  displayChar: ["prim.display_char", "display text has a character outside U+0020-U+007E"],
  displayLength: ["prim.display_length", "display text is not 1 to 256 characters"],
  setOrder: ["prim.set_order", "set is not strictly ascending by code point"],
  setRepeat: ["prim.set_repeat", "set has a repeated member"],
  toolsOrder: ["prim.tools_order", "tools are not strictly ascending by (name, version)"],
  toolsRepeat: ["prim.tools_repeat", "tools have a repeated (name, version)"],
  b64Length: ["prim.b64_length", "base64url is not 43 or 86 characters"],
  b64Alphabet: ["prim.b64_alphabet", "base64url has a character outside A-Z a-z 0-9 - _"],
  b64Canonical: ["prim.b64_canonical", "base64url is not canonical"],
});

const PRIM = REFUSALS;
/** The input itself, as a refusal's location. */
const ROOT = whereIn();

const EMPTY = new Uint8Array(0);
const MAX_SAFE = "9007199254740991"; // 2^53-1, 16 digits
const MAX_STRING = 256;
const MAX_DISPLAY = 256;

function ascii(s: string): Uint8Array {
  return encodeGeneralized(s);
}

/** v's string, or prim.type at `where`. */
function stringOf(v: Value, where: Where = ROOT): string {
  if (v.type !== "string") fail(PRIM.type, where);
  return v.value;
}

/** v's number literal, or prim.type at `where`. */
function numberOf(v: Value, where: Where = ROOT): string {
  if (v.type !== "number") fail(PRIM.type, where);
  return v.text;
}

// --- timestamp (rule 6) -----------------------------------------------------

/** prim/1 `timestamp`: epoch milliseconds of a YYYY-MM-DDTHH:MM:SS.mmmZ instant. */
export function timestamp(input: Uint8Array): Uint8Array {
  const s = stringOf(parseValue(input, PRIM.input));
  if (!TIMESTAMP_SHAPE.test(s)) fail(PRIM.timestampShape, ROOT);
  const f = fields(s);
  const real =
    f.year >= 1 &&
    f.month >= 1 &&
    f.month <= 12 &&
    f.day >= 1 &&
    f.day <= monthLength(f.year, f.month) &&
    f.hour <= 23 &&
    f.minute <= 59 &&
    f.second <= 59;
  if (!real) refuse(PRIM.timestampInstant, ROOT);
  return ascii(String(fieldsMillis(f)));
}

// --- integer, positive-integer (rule 7) -------------------------------------

/** An exact integer: its sign and its digits without leading zeros. */
interface Int {
  readonly negative: boolean;
  readonly digits: string;
}

/** Compares the magnitudes of two digit strings without leading zeros. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareInts(a: Int, b: Int): number {
  const az = a.digits === "0";
  const bz = b.digits === "0";
  const as = az ? 0 : a.negative ? -1 : 1;
  const bs = bz ? 0 : b.negative ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  const c = compareDigits(a.digits, b.digits);
  return as < 0 ? -c : c;
}

function formatInt(n: Int): string {
  return n.negative && n.digits !== "0" ? "-" + n.digits : n.digits;
}

/**
 * The integer rule on a number literal (RFC 8259 grammar): shared by
 * `integer`, `positive-integer` and `tool-list`.
 */
function integerRule(text: string, positive: boolean, where: Where): Int {
  let t = text;
  let cut = -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x2e || c === 0x65 || c === 0x45) {
      cut = i;
      break;
    }
  }
  if (cut >= 0) {
    refuse(PRIM.integer, where);
    t = t.slice(0, cut); // ignored: the integer part
  }
  const negative = t.charCodeAt(0) === 0x2d;
  const digits = negative ? t.slice(1) : t;
  const n: Int = { negative, digits };
  if (negative || compareDigits(digits, MAX_SAFE) > 0 || (positive && digits === "0")) {
    refuse(PRIM.integerRange, where);
  }
  return n;
}

/** prim/1 `integer`: 0 to 2^53-1, written as a plain integer literal. */
export function integer(input: Uint8Array): Uint8Array {
  const text = numberOf(parseValue(input, PRIM.input));
  return ascii(formatInt(integerRule(text, false, ROOT)));
}

/** prim/1 `positive-integer`: 1 to 2^53-1. */
export function positiveInteger(input: Uint8Array): Uint8Array {
  const text = numberOf(parseValue(input, PRIM.input));
  return ascii(formatInt(integerRule(text, true, ROOT)));
}

// --- string (rule 8) --------------------------------------------------------

/** The string rule, shared by `string`, `sorted-set` and `tool-list`. */
function stringRule(s: string, where: Where): void {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (isControl(u)) refuse(PRIM.stringControl, where);
    else if (isUnpairedAt(s, i)) refuse(PRIM.stringSurrogate, where);
  }
  if (codePointLength(s) > MAX_STRING) refuse(PRIM.stringLength, where);
}

/** prim/1 `string`: output the string's UTF-8 bytes. */
export function string(input: Uint8Array): Uint8Array {
  const s = stringOf(parseValue(input, PRIM.input));
  stringRule(s, ROOT);
  return encodeGeneralized(s);
}

// --- safe-display (review decision 3) ---------------------------------------

/** prim/1 `safe-display`: 1 to 256 printable ASCII characters. */
export function safeDisplay(input: Uint8Array): Uint8Array {
  const s = stringOf(parseValue(input, PRIM.input));
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x20 || u > 0x7e) refuse(PRIM.displayChar, ROOT);
  }
  const n = codePointLength(s);
  if (n < 1 || n > MAX_DISPLAY) refuse(PRIM.displayLength, ROOT);
  return encodeGeneralized(s);
}

// --- sorted-set, tool-list (rule 9) -----------------------------------------

/** prim/1 `sorted-set`: strictly ascending by code point; output empty. */
export function sortedSet(input: Uint8Array): Uint8Array {
  const v = parseValue(input, PRIM.input);
  if (v.type !== "array") fail(PRIM.type, ROOT);
  const members = v.items.map((item, i) => stringOf(item, whereIn(i)));
  for (let i = 0; i < members.length; i++) {
    const s = members[i] as string;
    stringRule(s, whereIn(i));
    if (i > 0) {
      const c = compareCodePoints(members[i - 1] as string, s);
      if (c === 0) refuse(PRIM.setRepeat, whereIn(i));
      else if (c > 0) refuse(PRIM.setOrder, whereIn(i));
    }
  }
  return EMPTY;
}

interface Tool {
  readonly name: string;
  readonly version: string;
}

/** Tool i of the list, or prim.type at its pointer. */
function toolOf(v: Value, i: number): Tool {
  if (v.type !== "object" || v.members.size !== 2) fail(PRIM.type, whereIn(i));
  const name = v.members.get("name");
  const version = v.members.get("version");
  if (name === undefined || version === undefined) fail(PRIM.type, whereIn(i));
  return { name: stringOf(name, whereIn(i, "name")), version: numberOf(version, whereIn(i, "version")) };
}

/** prim/1 `tool-list`: strictly ascending by (name, version); output empty. */
export function toolList(input: Uint8Array): Uint8Array {
  const v = parseValue(input, PRIM.input);
  if (v.type !== "array") fail(PRIM.type, ROOT);
  const tools = v.items.map(toolOf);
  let prev: { name: string; version: Int } | undefined;
  for (const [i, tool] of tools.entries()) {
    stringRule(tool.name, whereIn(i, "name"));
    const version = integerRule(tool.version, true, whereIn(i, "version"));
    if (prev !== undefined) {
      let c = compareCodePoints(prev.name, tool.name);
      if (c === 0) c = compareInts(prev.version, version);
      if (c === 0) refuse(PRIM.toolsRepeat, whereIn(i));
      else if (c > 0) refuse(PRIM.toolsOrder, whereIn(i));
    }
    prev = { name: tool.name, version };
  }
  return EMPTY;
}

// --- base64url (rule 10) ----------------------------------------------------

/** The 6-bit value of a base64url unit, or -1 outside A-Z a-z 0-9 - _. */
function b64Value(u: number): number {
  if (u >= 0x41 && u <= 0x5a) return u - 0x41;
  if (u >= 0x61 && u <= 0x7a) return u - 0x61 + 26;
  if (u >= 0x30 && u <= 0x39) return u - 0x30 + 52;
  if (u === 0x2d) return 62;
  if (u === 0x5f) return 63;
  return -1;
}

/** prim/1 `base64url`: unpadded, 43 or 86 units, canonical; output the bytes. */
export function base64url(input: Uint8Array): Uint8Array {
  const s = stringOf(parseValue(input, PRIM.input));
  const n = s.length;
  if (n !== 43 && n !== 86) refuse(PRIM.b64Length, ROOT);
  const values = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let x = b64Value(s.charCodeAt(i));
    if (x < 0) {
      refuse(PRIM.b64Alphabet, ROOT);
      x = 0; // ignored: the unit counts as 6 zero bits
    }
    values[i] = x;
  }
  const unused = (6 * n) % 8; // 2 for 43 units, 4 for 86
  if (n > 0 && ((values[n - 1] as number) & ((1 << unused) - 1)) !== 0) refuse(PRIM.b64Canonical, ROOT);
  const out = new Uint8Array(Math.floor((6 * n) / 8));
  let acc = 0;
  let bits = 0;
  let k = 0;
  for (const x of values) {
    acc = ((acc << 6) | x) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 0xff;
    }
  }
  return out; // the unused low bits are dropped
}

// --- utf8-length (review decision 6) ----------------------------------------

/** prim/1 `utf8-length`: the number of bytes of the string's UTF-8 form. */
export function utf8Length(input: Uint8Array): Uint8Array {
  const s = stringOf(parseValue(input, PRIM.input));
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) bytes += 1;
    else if (u < 0x800) bytes += 2;
    else if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else {
      if (u >= 0xd800 && u <= 0xdfff) refuse(PRIM.stringSurrogate, ROOT);
      bytes += 3; // ignored: a lone surrogate's generalized 3-byte form
    }
  }
  return ascii(String(bytes));
}

/** The operations of prim/1 (spec/prim.md, "Operations"). */
export const OPERATIONS = Object.freeze({
  timestamp,
  integer,
  "positive-integer": positiveInteger,
  string,
  "safe-display": safeDisplay,
  "sorted-set": sortedSet,
  "tool-list": toolList,
  base64url,
  "utf8-length": utf8Length,
});

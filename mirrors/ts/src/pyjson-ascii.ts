// pyjson-ascii/1 `encode` (spec/pyjson-ascii.md): the bytes of CPython 3.11
//   json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True,
//              separators=(",", ":"))
// where text is the input decoded as strict UTF-8, or a Refusal from
// REFUSALS below.
//
// Input rules, in the order they run (spec "Precedence"):
//   1. BOM EF BB BF first: pyjson.bom. Ignored: the three bytes are skipped.
//   2. Strict UTF-8 over the whole input: pyjson.utf8. Ignored: decode
//      leniently (errors="replace": U+FFFD per maximal subpart).
//   3. Depth pre-scan over the whole decoded text: pyjson.depth the first
//      time the bracket depth would exceed 128, whatever else is wrong.
//      Ignored: no pre-scan.
//   4. One parse in document order of the grammar json.loads accepts, where
//      the first of pyjson.syntax (no accept path) and pyjson.int_digits
//      (an integer literal of more than 4300 digits, sign not counted,
//      checked when the literal ends; ignored: kept exact) wins.
//
// Value model (json.loads): integers exact ("-0" is 0), a literal with a
// fraction or exponent is the correctly rounded binary64 (overflow gives
// +/-inf, underflow +/-0.0), NaN/Infinity/-Infinity literals are floats,
// strings are code point sequences where only an escaped high surrogate
// immediately followed by an escaped low surrogate pairs, and duplicate
// names keep the last value.
//
// Output (json.dumps): members sorted by code points, floats as
// float.__repr__, strings ASCII-only with lowercase \uxxxx escapes (astral
// characters as two escapes, lone surrogates as one).
//
// The text is read by the shared scanner and tree reader (jsonscan.ts, in
// its `nonFinite` dialect, and jsonvalue.ts), which are iterative, as is the
// writer: with the depth pre-scan ignored, nesting deeper than the JS stack
// cannot crash them: with pyjson.depth ignored this mirror accepts any
// depth, where CPython itself would raise RecursionError near depth 1000 (a
// decision where the spec leaves room). A refusal carries its byte offset.

import { LITERAL, STRING, Scanner, type Token } from "./jsonscan.js";
import { type Reader, type Value, compareCodePoints, literal, quote, readTree, writeTree } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";
import { decodeInput } from "./utf8.js";

/** The contract this module implements (spec/pyjson-ascii.md). */
export const CONTRACT = "pyjson-ascii/1";

/** spec/pyjson-ascii.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  bom: ["pyjson.bom", "input begins with a UTF-8 byte order mark"],
  utf8: ["pyjson.utf8", "input is not valid UTF-8"],
  depth: ["pyjson.depth", "nesting exceeds depth 128"],
  syntax: ["pyjson.syntax", "input is not valid JSON"],
  intDigits: ["pyjson.int_digits", "integer literal exceeds 4300 digits"],
});

const G = REFUSALS;
const MAX_DEPTH = 128;
const MAX_INT_DIGITS = 4300;

/** Encodes `input` per pyjson-ascii/1: the ASCII bytes json.dumps writes, or throws a Refusal. */
export function encode(input: Uint8Array): Uint8Array {
  const { text, base } = decodeInput(
    input,
    () => refuse(G.bom, () => ({ offset: 0 })), // ignored: skipped
    (offset) => refuse(G.utf8, () => ({ offset })), // ignored: decoded leniently
  );
  const sc = new Scanner(text, base, { nonFinite: true });
  preScanDepth(sc);
  const out = writeTree(readTree(sc, READER), quoteASCII, sortCodePoints);
  // writeTree() with quoteASCII() emits ASCII only.
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  return bytes;
}

/** The operations of pyjson-ascii/1 (spec/pyjson-ascii.md, "Operations"). */
export const OPERATIONS = Object.freeze({ encode });

/**
 * Spec rule 3 over the whole text, before the parse. Outside a string, [
 * and { add one, ] and } take one away (not below zero); " opens or closes
 * a string; inside a string, \ skips the next character. (Skipping one
 * UTF-16 unit where the next character is astral leaves its low surrogate,
 * which is neither " nor \, so this is the same walk as over code points.)
 */
function preScanDepth(sc: Scanner): void {
  const s = sc.text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > MAX_DEPTH) {
        refuse(G.depth, sc.where(i));
        return; // ignored: no pre-scan
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    }
  }
}

/**
 * Spec rule 4 and the value model on the tokens: a later duplicate name
 * replaces the value (Map.set), literals (NaN, Infinity, -Infinity among
 * them) are written as they are, numbers as json.dumps writes them.
 */
const READER: Reader = {
  open(): void {},
  name(): void {},
  scalar(sc: Scanner, token: Token): Value {
    if (token === STRING) return { type: "string", value: sc.value };
    if (token === LITERAL) return literal(sc.value);
    return { type: "number", text: numberText(sc) };
  },
  grammar(sc: Scanner): never {
    return fail(G.syntax, sc.where(sc.errorAt));
  },
};

/**
 * The output form of the number token just read: an integer as its exact
 * decimal ("-0" is 0), anything with a fraction or exponent as a float repr.
 */
function numberText(sc: Scanner): string {
  const t = sc.value;
  let cut = t.length;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x2e || c === 0x65 || c === 0x45) {
      cut = i;
      break;
    }
  }
  if (cut < t.length) return floatRepr(Number(t));
  const sign = t.charCodeAt(0) === 0x2d ? 1 : 0;
  if (cut - sign > MAX_INT_DIGITS) refuse(G.intDigits, sc.where(sc.start)); // ignored: kept exact
  // The literal is already the exact decimal, but for "-0", which is 0.
  if (cut - sign === 1 && t.charCodeAt(sign) === 0x30) return "0";
  return t;
}

/**
 * CPython float.__repr__ (float_repr_style "short", repr mode 'r' with
 * Py_DTSF_ADD_DOT_0) plus json's allow_nan spellings. The shortest
 * round-trip digits d1..dn come from Number.prototype.toExponential() with
 * no argument (ECMA-262: as few digits as uniquely identify the value).
 */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  const exp = Math.abs(x).toExponential(); // "d.ddde+N" or "de-N"
  const ePos = exp.indexOf("e");
  const digits = exp.slice(0, ePos).replace(".", "");
  // x = 0.d1..dn * 10^decpt
  const decpt = Number(exp.slice(ePos + 1)) + 1;
  const n = digits.length;
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) return sign + "0." + "0".repeat(-decpt) + digits;
    if (decpt >= n) return sign + digits + "0".repeat(decpt - n) + ".0";
    return sign + digits.slice(0, decpt) + "." + digits.slice(decpt);
  }
  const e = decpt - 1;
  const mantissa = n === 1 ? digits : digits[0] + "." + digits.slice(1);
  const abs = Math.abs(e);
  return sign + mantissa + "e" + (e < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + String(abs);
}

/**
 * json's py_encode_basestring_ascii (spec "Output"): escaping each UTF-16
 * unit outside U+0020-U+007E is exactly "astral as its surrogate pair, lone
 * surrogate as itself".
 */
function quoteASCII(s: string): string {
  return quote(s, true);
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Names sorted as Python sorts str: by code points. Without surrogate units
 * UTF-16 order is code point order; with them (an astral character meeting
 * U+E000-U+FFFF, or a lone surrogate) the names are compared as code point
 * sequences.
 */
function sortCodePoints(names: string[]): string[] {
  if (!names.some((n) => SURROGATE.test(n))) {
    return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return names.sort(compareCodePoints);
}

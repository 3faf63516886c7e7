// pyjson-ascii/1 `encode` (spec/pyjson-ascii.md): the bytes of CPython 3.11
//   json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True,
//              separators=(",", ":"))
// where text is the input decoded as strict UTF-8, or a Refusal from the
// table in refusal.ts.
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
// The parser and the serializer are iterative: with the depth pre-scan
// ignored, nesting deeper than the JS stack cannot crash them. (CPython
// itself would raise RecursionError there; see the mirror's README.)

import { PYJSON, fail, refuse } from "./refusal.js";
import { decode, hasBOM } from "./utf8.js";

const MAX_DEPTH = 128;
const MAX_INT_DIGITS = 4300;

const enum Kind {
  Raw, // a literal or number, already in output form
  Str,
  Arr,
  Obj,
}

interface Raw {
  readonly kind: Kind.Raw;
  readonly text: string;
}
interface Str {
  readonly kind: Kind.Str;
  readonly value: string;
}
interface Arr {
  readonly kind: Kind.Arr;
  readonly items: Value[];
}
interface Obj {
  readonly kind: Kind.Obj;
  readonly members: Map<string, Value>;
  /** The name of the member whose value is being parsed. */
  pending: string;
}
type Value = Raw | Str | Arr | Obj;

const raw = (text: string): Raw => ({ kind: Kind.Raw, text });
const TRUE = raw("true");
const FALSE = raw("false");
const NULL = raw("null");
const NAN = raw("NaN");
const INFINITY = raw("Infinity");
const NEG_INFINITY = raw("-Infinity");

/** Encodes `input` per pyjson-ascii/1, or throws a Refusal. */
export function encode(input: Uint8Array): Uint8Array {
  let start = 0;
  if (hasBOM(input)) {
    refuse(PYJSON.bom);
    start = 3;
  }
  let text = decode(input, start, false);
  if (text === null) {
    refuse(PYJSON.utf8);
    text = decode(input, start, true) as string;
  }
  preScanDepth(text);
  const value = new Parser(text).parse();
  const out = serialize(value);
  // serialize() emits ASCII only.
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  return bytes;
}

/**
 * Spec rule 3. Outside a string, [ and { add one, ] and } take one away
 * (not below zero); " opens or closes a string; inside a string, \ skips
 * the next character. (Skipping one UTF-16 unit where the next character
 * is astral leaves its low surrogate, which is neither " nor \, so this is
 * the same walk as over code points.)
 */
function preScanDepth(s: string): void {
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
        refuse(PYJSON.depth);
        return; // ignored: no pre-scan
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    }
  }
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

class Parser {
  private readonly s: string;
  private readonly len: number;
  private i = 0;

  constructor(s: string) {
    this.s = s;
    this.len = s.length;
  }

  private at(i: number): number {
    return i < this.len ? this.s.charCodeAt(i) : -1;
  }

  private skipWhitespace(): void {
    while (this.i < this.len && isWhitespace(this.s.charCodeAt(this.i))) this.i++;
  }

  parse(): Value {
    const stack: (Arr | Obj)[] = [];
    let result: Value;
    values: for (;;) {
      this.skipWhitespace();
      const c = this.at(this.i);
      let v: Value;
      if (c === 0x7b || c === 0x5b) {
        this.i++;
        this.skipWhitespace();
        if (c === 0x7b) {
          const obj: Obj = { kind: Kind.Obj, members: new Map(), pending: "" };
          if (this.at(this.i) === 0x7d) {
            this.i++;
            v = obj;
          } else {
            stack.push(obj);
            this.memberName(obj);
            continue values;
          }
        } else {
          const arr: Arr = { kind: Kind.Arr, items: [] };
          if (this.at(this.i) === 0x5d) {
            this.i++;
            v = arr;
          } else {
            stack.push(arr);
            continue values;
          }
        }
      } else if (c === 0x22) {
        v = { kind: Kind.Str, value: this.string() };
      } else if (this.s.startsWith("null", this.i)) {
        this.i += 4;
        v = NULL;
      } else if (this.s.startsWith("true", this.i)) {
        this.i += 4;
        v = TRUE;
      } else if (this.s.startsWith("false", this.i)) {
        this.i += 5;
        v = FALSE;
      } else if (this.s.startsWith("NaN", this.i)) {
        this.i += 3;
        v = NAN;
      } else if (this.s.startsWith("Infinity", this.i)) {
        this.i += 8;
        v = INFINITY;
      } else if (this.s.startsWith("-Infinity", this.i)) {
        this.i += 9;
        v = NEG_INFINITY;
      } else if (c === 0x2d || isDigit(c)) {
        v = raw(this.number());
      } else {
        fail(PYJSON.syntax);
      }
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          result = v;
          break values;
        }
        if (top.kind === Kind.Arr) {
          top.items.push(v);
        } else {
          top.members.set(top.pending, v); // a later duplicate replaces
        }
        this.skipWhitespace();
        const d = this.at(this.i);
        if (d === 0x2c) {
          this.i++;
          if (top.kind === Kind.Obj) this.memberName(top);
          continue values;
        }
        if ((top.kind === Kind.Arr && d === 0x5d) || (top.kind === Kind.Obj && d === 0x7d)) {
          this.i++;
          stack.pop();
          v = top;
          continue;
        }
        fail(PYJSON.syntax);
      }
    }
    this.skipWhitespace();
    if (this.i !== this.len) fail(PYJSON.syntax); // trailing data
    return result;
  }

  private memberName(obj: Obj): void {
    this.skipWhitespace();
    if (this.at(this.i) !== 0x22) fail(PYJSON.syntax);
    obj.pending = this.string();
    this.skipWhitespace();
    if (this.at(this.i) !== 0x3a) fail(PYJSON.syntax);
    this.i++;
  }

  /** Reads a string token at i (its opening quote); strict=True. */
  private string(): string {
    const s = this.s;
    let i = this.i + 1;
    let out = "";
    let run = i;
    for (;;) {
      if (i >= this.len) fail(PYJSON.syntax); // unterminated
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail(PYJSON.syntax); // raw control character
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += s.slice(run, i);
      const e = this.at(i + 1);
      switch (e) {
        case 0x22: out += '"'; break;
        case 0x5c: out += "\\"; break;
        case 0x2f: out += "/"; break;
        case 0x62: out += "\b"; break;
        case 0x66: out += "\f"; break;
        case 0x6e: out += "\n"; break;
        case 0x72: out += "\r"; break;
        case 0x74: out += "\t"; break;
        case 0x75: {
          const u = this.hex4(i + 2);
          i += 4;
          if (u >= 0xd800 && u <= 0xdbff && this.at(i + 2) === 0x5c && this.at(i + 3) === 0x75) {
            // A high surrogate escape pairs only with an immediately
            // following low surrogate escape; otherwise it stays lone and
            // the next escape is read on its own.
            const low = this.hex4(i + 4);
            if (low >= 0xdc00 && low <= 0xdfff) {
              out += String.fromCharCode(u, low);
              i += 6;
              break;
            }
          }
          out += String.fromCharCode(u);
          break;
        }
        default:
          fail(PYJSON.syntax);
      }
      i += 2;
      run = i;
    }
    out += s.slice(run, i);
    this.i = i + 1;
    return out;
  }

  private hex4(at: number): number {
    let u = 0;
    for (let k = 0; k < 4; k++) {
      const h = hexValue(this.at(at + k));
      if (h < 0) fail(PYJSON.syntax);
      u = (u << 4) | h;
    }
    return u;
  }

  /**
   * Reads the longest prefix at i matching
   * -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)? and returns its output
   * form: an integer as its exact decimal, anything else as a float repr.
   */
  private number(): string {
    const start = this.i;
    let j = start;
    const negative = this.at(j) === 0x2d;
    if (negative) j++;
    const intStart = j;
    const first = this.at(j);
    if (first === 0x30) {
      j++;
    } else if (first >= 0x31 && first <= 0x39) {
      j++;
      while (isDigit(this.at(j))) j++;
    } else {
      fail(PYJSON.syntax);
    }
    const intEnd = j;
    let isFloat = false;
    if (this.at(j) === 0x2e && isDigit(this.at(j + 1))) {
      isFloat = true;
      j += 2;
      while (isDigit(this.at(j))) j++;
    }
    const e = this.at(j);
    if (e === 0x65 || e === 0x45) {
      let k = j + 1;
      const sign = this.at(k);
      if (sign === 0x2b || sign === 0x2d) k++;
      if (isDigit(this.at(k))) {
        k++;
        while (isDigit(this.at(k))) k++;
        isFloat = true;
        j = k;
      }
    }
    this.i = j;
    if (isFloat) return floatRepr(Number(this.s.slice(start, j)));
    if (intEnd - intStart > MAX_INT_DIGITS) refuse(PYJSON.intDigits); // ignored: kept exact
    // The literal is already the exact decimal, but for "-0", which is 0.
    if (intEnd - intStart === 1 && first === 0x30) return "0";
    return this.s.slice(start, j);
  }
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

const HEX = "0123456789abcdef";

function escapeUnit(c: number): string {
  return "\\u" + HEX[(c >> 12) & 15] + HEX[(c >> 8) & 15] + HEX[(c >> 4) & 15] + HEX[c & 15];
}

// Characters json.dumps(ensure_ascii=True) escapes: " \ and anything
// outside U+0020-U+007E.
const NEEDS_ESCAPE = /["\\]|[^\u0020-\u007e]/;

/**
 * json's py_encode_basestring_ascii: escaping each UTF-16 unit outside
 * U+0020-U+007E is exactly "astral as its surrogate pair, lone surrogate as
 * itself".
 */
function quote(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(run, i);
    switch (c) {
      case 0x22: out += '\\"'; break;
      case 0x5c: out += "\\\\"; break;
      case 0x0a: out += "\\n"; break;
      case 0x0d: out += "\\r"; break;
      case 0x09: out += "\\t"; break;
      case 0x08: out += "\\b"; break;
      case 0x0c: out += "\\f"; break;
      default: out += escapeUnit(c);
    }
    run = i + 1;
  }
  return out + s.slice(run) + '"';
}

/** The code points of s; a surrogate unit that is not half of a pair is its own code point. */
function codePoints(s: string): number[] {
  const cps: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cps.push(0x10000 + ((u - 0xd800) << 10) + (d - 0xdc00));
        i++;
        continue;
      }
    }
    cps.push(u);
  }
  return cps;
}

function compareCodePoints(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Names sorted as Python sorts str: by code points. Without surrogate units
 * UTF-16 order is code point order; with them (an astral character meeting
 * U+E000-U+FFFF, or a lone surrogate) the names are compared as code point
 * sequences.
 */
function sortNames(names: string[]): string[] {
  if (!names.some((n) => SURROGATE.test(n))) {
    return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return names
    .map((name) => ({ name, cps: codePoints(name) }))
    .sort((a, b) => compareCodePoints(a.cps, b.cps))
    .map((e) => e.name);
}

interface ArrCursor {
  readonly kind: Kind.Arr;
  readonly items: Value[];
  next: number;
}
interface ObjCursor {
  readonly kind: Kind.Obj;
  readonly names: string[];
  readonly members: Map<string, Value>;
  next: number;
}

function serialize(root: Value): string {
  const out: string[] = [];
  const stack: (ArrCursor | ObjCursor)[] = [];
  let v: Value | undefined = root;
  for (;;) {
    if (v !== undefined) {
      switch (v.kind) {
        case Kind.Raw:
          out.push(v.text);
          break;
        case Kind.Str:
          out.push(quote(v.value));
          break;
        case Kind.Arr:
          out.push("[");
          stack.push({ kind: Kind.Arr, items: v.items, next: 0 });
          break;
        case Kind.Obj:
          out.push("{");
          stack.push({
            kind: Kind.Obj,
            names: sortNames([...v.members.keys()]),
            members: v.members,
            next: 0,
          });
          break;
      }
      v = undefined;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) break;
    if (top.kind === Kind.Arr) {
      if (top.next < top.items.length) {
        if (top.next > 0) out.push(",");
        v = top.items[top.next++];
      } else {
        out.push("]");
        stack.pop();
      }
    } else {
      if (top.next < top.names.length) {
        const name = top.names[top.next++] as string;
        out.push(top.next > 1 ? "," : "", quote(name), ":");
        v = top.members.get(name);
      } else {
        out.push("}");
        stack.pop();
      }
    }
  }
  return out.join("");
}

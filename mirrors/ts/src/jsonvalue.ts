// The strict JSON value parser of the five contracts that take "a JSON value
// input" (spec/README.md, "JSON value inputs"): prim/1, ticker/1, v8date/1,
// ed25519/1 and digest/1. Each passes its own `<contract>.input` guard, and
// every defect of the input itself is refused with that one guard:
//
//   - a UTF-8 byte order mark (never skipped), invalid UTF-8 (RFC 3629);
//   - any RFC 8259 grammar error; JSON whitespace around the value is
//     allowed, top-level scalars are allowed;
//   - a duplicate member name in any object, compared after unescaping
//     (as UTF-16 unit sequences, which is the same as code point sequences);
//   - nesting deeper than 128: the 129th nested container is refused at its
//     opening bracket.
//
// The guard has no accept path (fail()): with it ignored there is still no
// value to build.
//
// The value is read without loss:
//   - strings are JS strings, i.e. UTF-16 code units after unescaping, lone
//     surrogates kept (`\ud800` is the one unit U+D800). A high-surrogate
//     escape followed by a low-surrogate escape is a pair, as is a raw
//     astral character (decoded from UTF-8 to its two units); raw surrogate
//     bytes are invalid UTF-8 and never get here;
//   - numbers are their literal text, never converted;
//   - object members keep document order (Map insertion order).
//
// The parser is iterative. Because depth is bounded at 128 here, the
// contract modules may walk a parsed Value recursively.

import { type Guard, fail } from "./refusal.js";
import { decode, hasBOM } from "./utf8.js";

export const MAX_DEPTH = 128;

export type Value = Str | Num | Lit | Arr | Obj;

export interface Str {
  readonly type: "string";
  readonly value: string;
}
export interface Num {
  readonly type: "number";
  /** The literal, exactly as written: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)? */
  readonly text: string;
}
export interface Lit {
  readonly type: "literal";
  readonly text: "true" | "false" | "null";
}
export interface Arr {
  readonly type: "array";
  readonly items: Value[];
}
export interface Obj {
  readonly type: "object";
  /** Members in document order; names are unique. */
  readonly members: Map<string, Value>;
}

interface OpenObj {
  readonly obj: Obj;
  /** The name of the member whose value is being parsed. */
  pending: string;
}
type Open = Arr | OpenObj;

const TRUE: Lit = Object.freeze({ type: "literal", text: "true" });
const FALSE: Lit = Object.freeze({ type: "literal", text: "false" });
const NULL: Lit = Object.freeze({ type: "literal", text: "null" });

/** Parses `input` as one JSON value, or refuses with `input` (fail()). */
export function parseValue(input: Uint8Array, inputGuard: Guard): Value {
  if (hasBOM(input)) fail(inputGuard);
  const text = decode(input, 0, false);
  if (text === null) fail(inputGuard);
  return new Parser(text, inputGuard).parse();
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
  private readonly guard: Guard;
  private i = 0;

  constructor(s: string, guard: Guard) {
    this.s = s;
    this.len = s.length;
    this.guard = guard;
  }

  private at(i: number): number {
    return i < this.len ? this.s.charCodeAt(i) : -1;
  }

  private skipWhitespace(): void {
    while (this.i < this.len && isWhitespace(this.s.charCodeAt(this.i))) this.i++;
  }

  parse(): Value {
    const stack: Open[] = [];
    let result: Value;
    values: for (;;) {
      this.skipWhitespace();
      const c = this.at(this.i);
      let v: Value;
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (stack.length + 1 > MAX_DEPTH) fail(this.guard);
        this.i++;
        this.skipWhitespace();
        if (c === 0x7b) {
          const obj: Obj = { type: "object", members: new Map() };
          if (this.at(this.i) === 0x7d /* } */) {
            this.i++;
            v = obj;
          } else {
            const open: OpenObj = { obj, pending: "" };
            stack.push(open);
            this.memberName(open);
            continue values;
          }
        } else {
          const arr: Arr = { type: "array", items: [] };
          if (this.at(this.i) === 0x5d /* ] */) {
            this.i++;
            v = arr;
          } else {
            stack.push(arr);
            continue values;
          }
        }
      } else if (c === 0x22 /* " */) {
        v = { type: "string", value: this.string() };
      } else if (c === 0x2d /* - */ || isDigit(c)) {
        v = { type: "number", text: this.number() };
      } else if (this.s.startsWith("true", this.i)) {
        this.i += 4;
        v = TRUE;
      } else if (this.s.startsWith("false", this.i)) {
        this.i += 5;
        v = FALSE;
      } else if (this.s.startsWith("null", this.i)) {
        this.i += 4;
        v = NULL;
      } else {
        fail(this.guard);
      }
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          result = v;
          break values;
        }
        const isArr = "items" in top;
        if (isArr) {
          top.items.push(v);
        } else {
          top.obj.members.set(top.pending, v);
        }
        this.skipWhitespace();
        const d = this.at(this.i);
        if (d === 0x2c /* , */) {
          this.i++;
          if (!isArr) this.memberName(top);
          continue values;
        }
        if ((isArr && d === 0x5d) || (!isArr && d === 0x7d)) {
          this.i++;
          stack.pop();
          v = isArr ? top : top.obj;
          continue;
        }
        fail(this.guard);
      }
    }
    this.skipWhitespace();
    if (this.i !== this.len) fail(this.guard);
    return result;
  }

  /** Reads `"name"` and `:`; a duplicate name is refused before the `:`. */
  private memberName(open: OpenObj): void {
    this.skipWhitespace();
    if (this.at(this.i) !== 0x22) fail(this.guard);
    const name = this.string();
    if (open.obj.members.has(name)) fail(this.guard);
    open.pending = name;
    this.skipWhitespace();
    if (this.at(this.i) !== 0x3a /* : */) fail(this.guard);
    this.i++;
  }

  /** Reads a string token at i (its opening quote); lone surrogates are kept. */
  private string(): string {
    const s = this.s;
    let i = this.i + 1;
    let out = "";
    let run = i;
    for (;;) {
      if (i >= this.len) fail(this.guard); // unterminated
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail(this.guard); // raw control character
      if (c !== 0x5c /* \ */) {
        i++;
        continue;
      }
      out += s.slice(run, i);
      switch (this.at(i + 1)) {
        case 0x22: out += '"'; break;
        case 0x5c: out += "\\"; break;
        case 0x2f: out += "/"; break;
        case 0x62: out += "\b"; break;
        case 0x66: out += "\f"; break;
        case 0x6e: out += "\n"; break;
        case 0x72: out += "\r"; break;
        case 0x74: out += "\t"; break;
        case 0x75: {
          let u = 0;
          for (let k = 2; k < 6; k++) {
            const h = hexValue(this.at(i + k));
            if (h < 0) fail(this.guard);
            u = (u << 4) | h;
          }
          out += String.fromCharCode(u);
          i += 4;
          break;
        }
        default:
          fail(this.guard);
      }
      i += 2;
      run = i;
    }
    out += s.slice(run, i);
    this.i = i + 1;
    return out;
  }

  /**
   * Reads the longest prefix at i matching the RFC 8259 number grammar and
   * returns it as written. Whatever follows is the caller's business (a
   * leading zero such as `01` leaves `1` behind, which is a grammar error).
   */
  private number(): string {
    const start = this.i;
    let j = start;
    if (this.at(j) === 0x2d) j++;
    const first = this.at(j);
    if (first === 0x30) {
      j++;
    } else if (first >= 0x31 && first <= 0x39) {
      j++;
      while (isDigit(this.at(j))) j++;
    } else {
      fail(this.guard); // "-" not followed by a digit
    }
    if (this.at(j) === 0x2e /* . */ && isDigit(this.at(j + 1))) {
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
        j = k;
      }
    }
    this.i = j;
    return this.s.slice(start, j);
  }
}

// ---------------------------------------------------------------------------
// Helpers over UTF-16 unit strings, shared by the contract modules.

/** Whether unit u is a Cc control: U+0000-U+001F or U+007F-U+009F. */
export function isControl(u: number): boolean {
  return u <= 0x1f || (u >= 0x7f && u <= 0x9f);
}

/**
 * Whether the unit at i of s is an unpaired surrogate: a high surrogate not
 * immediately followed by a low one, or a low surrogate not immediately
 * preceded by a high one.
 */
export function isUnpairedAt(s: string, i: number): boolean {
  const u = s.charCodeAt(i);
  if (u >= 0xd800 && u <= 0xdbff) {
    const n = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
    return !(n >= 0xdc00 && n <= 0xdfff);
  }
  if (u >= 0xdc00 && u <= 0xdfff) {
    const p = i > 0 ? s.charCodeAt(i - 1) : -1;
    return !(p >= 0xd800 && p <= 0xdbff);
  }
  return false;
}

/** The number of code points of s: a pair is one, a lone surrogate is one. */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length) {
      const w = s.charCodeAt(i + 1);
      if (w >= 0xdc00 && w <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Compares two strings by code point order (spec/README.md): a pair is one
 * code point, a lone surrogate is the code point of its unit. Returns <0,
 * 0 or >0.
 */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  for (;;) {
    if (i >= a.length) return j >= b.length ? 0 : -1;
    if (j >= b.length) return 1;
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(j) as number;
    if (x !== y) return x < y ? -1 : 1;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
}

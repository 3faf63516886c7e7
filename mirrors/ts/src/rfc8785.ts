// rfc8785/1 `canonicalize` (spec/rfc8785.md): JSON text in, RFC 8785 (JCS)
// canonical UTF-8 bytes out, or a Refusal from the table in refusal.ts.
//
// Input rules, in the order they run (spec "Precedence"):
//   1. BOM EF BB BF first: rfc8785.bom. Ignored: the three bytes are skipped.
//   2. UTF-8 over the whole input (RFC 3629): rfc8785.utf8. Ignored: decode
//      leniently (U+FFFD per maximal subpart).
//   3. One parse in document order, RFC 8259 grammar, top-level scalars
//      allowed (rfc8785.syntax, no accept path), where the first defect met
//      wins:
//      - depth above 128 at the opening bracket (rfc8785.depth; ignored:
//        parsing continues);
//      - a string is scanned to its closing quote, then its surrogate rule:
//        a \uD800-\uDBFF escape immediately followed by a \uDC00-\uDFFF
//        escape is one code point, any other surrogate escape is
//        rfc8785.surrogate (ignored: the lone surrogate is kept and emitted
//        as 3-byte generalized UTF-8);
//      - a member name's duplicate check (after unescaping) runs before its
//        ':' (rfc8785.duplicate; ignored: the later value replaces the
//        earlier one);
//      - a number token is the longest prefix matching the RFC 8259 number
//        grammar; it denotes the nearest binary64 (ECMAScript Number()), and
//        an infinite result is rfc8785.number_range as soon as the token
//        ends (ignored: emitted as Infinity / -Infinity).
//
// Output (RFC 8785 section 3.2): no whitespace; numbers by ECMA-262
// Number::toString (String(x), which also maps -0 to "0"); strings with only
// " \ and U+0000-U+001F escaped (\b \t \n \f \r, else \u00xx lowercase), all
// else literal UTF-8; members sorted by UTF-16 code units; arrays in order.
//
// The parser and the serializer are iterative, so nesting deeper than the
// JS stack (possible when the depth guard is ignored) cannot crash them.

import { RFC8785, fail, refuse } from "./refusal.js";
import { decode, encodeGeneralized, hasBOM } from "./utf8.js";

const MAX_DEPTH = 128;

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

const TRUE: Raw = { kind: Kind.Raw, text: "true" };
const FALSE: Raw = { kind: Kind.Raw, text: "false" };
const NULL: Raw = { kind: Kind.Raw, text: "null" };

/** Canonicalizes `input` per rfc8785/1, or throws a Refusal. */
export function canonicalize(input: Uint8Array): Uint8Array {
  let start = 0;
  if (hasBOM(input)) {
    refuse(RFC8785.bom);
    start = 3;
  }
  let text = decode(input, start, false);
  if (text === null) {
    refuse(RFC8785.utf8);
    text = decode(input, start, true) as string;
  }
  const value = new Parser(text).parse();
  return encodeGeneralized(serialize(value));
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

  /** The code unit at i, or -1 past the end. */
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
      // A value is expected here.
      this.skipWhitespace();
      const c = this.at(this.i);
      let v: Value;
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (stack.length + 1 > MAX_DEPTH) refuse(RFC8785.depth);
        this.i++;
        this.skipWhitespace();
        if (c === 0x7b) {
          const obj: Obj = { kind: Kind.Obj, members: new Map(), pending: "" };
          if (this.at(this.i) === 0x7d /* } */) {
            this.i++;
            v = obj;
          } else {
            stack.push(obj);
            this.memberName(obj);
            continue values;
          }
        } else {
          const arr: Arr = { kind: Kind.Arr, items: [] };
          if (this.at(this.i) === 0x5d /* ] */) {
            this.i++;
            v = arr;
          } else {
            stack.push(arr);
            continue values;
          }
        }
      } else if (c === 0x22 /* " */) {
        v = { kind: Kind.Str, value: this.string() };
      } else if (c === 0x2d /* - */ || isDigit(c)) {
        v = { kind: Kind.Raw, text: this.number() };
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
        fail(RFC8785.syntax);
      }
      // v is complete: hand it to its container, closing containers as
      // their closing brackets are met.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          result = v;
          break values;
        }
        if (top.kind === Kind.Arr) {
          top.items.push(v);
        } else {
          top.members.set(top.pending, v);
        }
        this.skipWhitespace();
        const d = this.at(this.i);
        if (d === 0x2c /* , */) {
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
        fail(RFC8785.syntax);
      }
    }
    this.skipWhitespace();
    if (this.i !== this.len) fail(RFC8785.syntax);
    return result;
  }

  /** Reads `"name"` and `:`, checking the name's duplicate before the `:`. */
  private memberName(obj: Obj): void {
    this.skipWhitespace();
    if (this.at(this.i) !== 0x22) fail(RFC8785.syntax);
    const name = this.string();
    if (obj.members.has(name)) refuse(RFC8785.duplicate);
    obj.pending = name;
    this.skipWhitespace();
    if (this.at(this.i) !== 0x3a /* : */) fail(RFC8785.syntax);
    this.i++;
  }

  /** Reads a string token at i (its opening quote), then its surrogate rule. */
  private string(): string {
    const s = this.s;
    let i = this.i + 1;
    let out = "";
    let run = i;
    let escapedSurrogate = false;
    for (;;) {
      if (i >= this.len) fail(RFC8785.syntax); // unterminated
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail(RFC8785.syntax); // raw control character
      if (c !== 0x5c /* \ */) {
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
          let u = 0;
          for (let k = 2; k < 6; k++) {
            const h = hexValue(this.at(i + k));
            if (h < 0) fail(RFC8785.syntax);
            u = (u << 4) | h;
          }
          if (u >= 0xd800 && u <= 0xdfff) escapedSurrogate = true;
          out += String.fromCharCode(u);
          i += 4;
          break;
        }
        default:
          fail(RFC8785.syntax);
      }
      i += 2;
      run = i;
    }
    out += s.slice(run, i);
    this.i = i + 1;
    if (escapedSurrogate) checkSurrogates(out);
    return out;
  }

  /**
   * Reads the longest prefix at i matching the RFC 8259 number grammar
   * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)? and returns its output
   * form. Whatever follows the prefix is the caller's (grammar) business.
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
      fail(RFC8785.syntax); // "-" not followed by a digit
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
    // Number() on a string of this grammar is the correctly rounded
    // (round-half-even) binary64 value; it overflows to +/-Infinity.
    const x = Number(this.s.slice(start, j));
    if (!Number.isFinite(x)) refuse(RFC8785.numberRange);
    // ECMA-262 Number::toString; String(-0) is "0". When the range guard is
    // ignored this yields "Infinity" or "-Infinity".
    return String(x);
  }
}

/**
 * The surrogate rule on an unescaped string. Raw surrogates cannot reach
 * here (they are invalid UTF-8, and lenient decoding replaces them), and a
 * raw astral character is a proper pair, so a unit-level check is the
 * escape-level rule of the spec.
 */
function checkSurrogates(s: string): void {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u < 0xd800 || u > 0xdfff) continue;
    if (u <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    refuse(RFC8785.surrogate); // ignored: keep it and go on
  }
}

// Characters a JCS string escapes: " \ and U+0000-U+001F.
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

function quote(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(run, i);
    switch (c) {
      case 0x22: out += '\\"'; break;
      case 0x5c: out += "\\\\"; break;
      case 0x08: out += "\\b"; break;
      case 0x09: out += "\\t"; break;
      case 0x0a: out += "\\n"; break;
      case 0x0c: out += "\\f"; break;
      case 0x0d: out += "\\r"; break;
      default: out += "\\u00" + (c < 0x10 ? "0" : "") + c.toString(16);
    }
    run = i + 1;
  }
  return out + s.slice(run) + '"';
}

/** Compares two strings by UTF-16 code units as unsigned 16-bit integers. */
function compareUTF16(a: string, b: string): number {
  // JS relational comparison of strings is exactly this (ECMA-262
  // IsLessThan on String values compares code units).
  return a < b ? -1 : a > b ? 1 : 0;
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

/** The canonical text of `root` as a JS string (may hold lone surrogates). */
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
            names: [...v.members.keys()].sort(compareUTF16),
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

// frame/1 `lex` (spec/frame.md): the strict frame lexer of the managed tool
// host (seed 001 section 6, rule 13). Input: one frame, as bytes. Output on
// acceptance: empty bytes; otherwise a Refusal from the table in refusal.ts.
//
// Rules, in the order they run (spec "Precedence"):
//   1. More than 262144 bytes: frame.size. Ignored: no bound.
//   2. BOM EF BB BF first: frame.bom. Ignored: the three bytes are skipped.
//   3. UTF-8 over the whole frame: frame.utf8. Ignored: decode leniently.
//   4. One scan in document order where the first defect met wins:
//      - the first character after leading whitespace must be "{"
//        (frame.not_object; none at all is frame.syntax). Ignored: any JSON
//        value is lexed;
//      - RFC 8259 grammar (frame.syntax, no accept path) except where a
//        more specific rule below names the defect;
//      - depth above 16 at the opening bracket (frame.depth; ignored:
//        lexing continues);
//      - a string is scanned to its closing quote (an unterminated string
//        or a bad escape is grammar; a raw control character is not), then
//        its content, as UTF-16 units with each escape decoded to its unit,
//        meets the control rule (U+0000-U+001F, U+007F-U+009F: frame.control)
//        and the surrogate rule (frame.surrogate), first offending unit wins;
//      - a member name's content rule, then its duplicate check (compared
//        as UTF-16 unit sequences: frame.duplicate), run before the ":";
//      - a number token is the longest run of 0-9 + - . e E starting at a
//        "-" or a digit where a value is expected; a token that is not
//        exactly 0 or [1-9][0-9]* is frame.number (ignored: accepted as it
//        is), a well-spelled token above 9007199254740991 is
//        frame.number_range (ignored: accepted).
//
// The scanner is iterative, so nesting deeper than the JS stack (possible
// when the depth guard is ignored) cannot crash it.

import { FRAME, fail, refuse } from "./refusal.js";
import { decode, hasBOM } from "./utf8.js";

const MAX_BYTES = 262144;
const MAX_DEPTH = 16;
const MAX_SAFE = "9007199254740991"; // 2^53-1, 16 digits
const EMPTY = new Uint8Array(0);

/** Lexes one frame per frame/1; returns empty bytes or throws a Refusal. */
export function lex(input: Uint8Array): Uint8Array {
  if (input.length > MAX_BYTES) refuse(FRAME.size);
  let start = 0;
  if (hasBOM(input)) {
    refuse(FRAME.bom);
    start = 3;
  }
  let text = decode(input, start, false);
  if (text === null) {
    refuse(FRAME.utf8);
    text = decode(input, start, true) as string;
  }
  new Lexer(text).run();
  return EMPTY;
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isNumberByte(c: number): boolean {
  // 0-9 + - . e E
  return isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x65 || c === 0x45;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

interface Container {
  readonly isObject: boolean;
  /** Member names seen so far (objects only). */
  readonly names: Set<string>;
}

class Lexer {
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

  run(): void {
    this.skipWhitespace();
    if (this.i >= this.len) fail(FRAME.syntax); // no byte at all
    if (this.at(this.i) !== 0x7b) refuse(FRAME.notObject); // ignored: lex any value
    const stack: Container[] = [];
    values: for (;;) {
      this.skipWhitespace();
      const c = this.at(this.i);
      if (c === 0x7b || c === 0x5b) {
        if (stack.length + 1 > MAX_DEPTH) refuse(FRAME.depth);
        this.i++;
        this.skipWhitespace();
        const isObject = c === 0x7b;
        const close = isObject ? 0x7d : 0x5d;
        if (this.at(this.i) === close) {
          this.i++;
        } else {
          const top: Container = { isObject, names: new Set() };
          stack.push(top);
          if (isObject) this.memberName(top);
          continue values;
        }
      } else if (c === 0x22) {
        this.string();
      } else if (c === 0x2d || isDigit(c)) {
        this.number();
      } else if (this.s.startsWith("true", this.i)) {
        this.i += 4;
      } else if (this.s.startsWith("false", this.i)) {
        this.i += 5;
      } else if (this.s.startsWith("null", this.i)) {
        this.i += 4;
      } else {
        fail(FRAME.syntax);
      }
      // A value is complete: close containers as their brackets are met.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) break values;
        this.skipWhitespace();
        const d = this.at(this.i);
        if (d === 0x2c) {
          this.i++;
          if (top.isObject) this.memberName(top);
          continue values;
        }
        if (d === (top.isObject ? 0x7d : 0x5d)) {
          this.i++;
          stack.pop();
          continue;
        }
        fail(FRAME.syntax);
      }
    }
    this.skipWhitespace();
    if (this.i !== this.len) fail(FRAME.syntax); // trailing data
  }

  /** `"name"` then `:`: content rule and duplicate check before the `:`. */
  private memberName(obj: Container): void {
    this.skipWhitespace();
    if (this.at(this.i) !== 0x22) fail(FRAME.syntax);
    const name = this.string();
    if (obj.names.has(name)) refuse(FRAME.duplicate); // ignored: go on
    obj.names.add(name);
    this.skipWhitespace();
    if (this.at(this.i) !== 0x3a) fail(FRAME.syntax);
    this.i++;
  }

  /** Scans a string to its closing quote (grammar), then its content rule. */
  private string(): string {
    const s = this.s;
    let i = this.i + 1;
    let out = "";
    let run = i;
    for (;;) {
      if (i >= this.len) fail(FRAME.syntax); // unterminated
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c !== 0x5c) {
        i++; // a raw control character is content, not grammar
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
            if (h < 0) fail(FRAME.syntax);
            u = (u << 4) | h;
          }
          out += String.fromCharCode(u);
          i += 4;
          break;
        }
        default:
          fail(FRAME.syntax); // bad escape
      }
      i += 2;
      run = i;
    }
    out += s.slice(run, i);
    this.i = i + 1;
    checkContent(out);
    return out;
  }

  /** Reads a number token at i and checks its spelling, then its range. */
  private number(): void {
    const start = this.i;
    let j = start;
    while (isNumberByte(this.at(j))) j++;
    this.i = j;
    const token = this.s.slice(start, j);
    const first = token.charCodeAt(0);
    let wellSpelled = token === "0" || (first >= 0x31 && first <= 0x39);
    for (let k = 1; wellSpelled && k < token.length; k++) {
      if (!isDigit(token.charCodeAt(k))) wellSpelled = false;
    }
    if (!wellSpelled) {
      refuse(FRAME.number); // ignored: the token is accepted as it is
      return;
    }
    if (token.length > MAX_SAFE.length || (token.length === MAX_SAFE.length && token > MAX_SAFE)) {
      refuse(FRAME.numberRange); // ignored: accepted
    }
  }
}

/**
 * Spec rule 9 on a string's unescaped UTF-16 units, in order; the first
 * offending unit wins. A high surrogate is offending where it stands when
 * no low surrogate follows it.
 */
function checkContent(s: string): void {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u <= 0x1f || (u >= 0x7f && u <= 0x9f)) {
      refuse(FRAME.control);
    } else if (u >= 0xd800 && u <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else refuse(FRAME.surrogate);
    } else if (u >= 0xdc00 && u <= 0xdfff) {
      refuse(FRAME.surrogate); // not preceded by a high surrogate
    }
  }
}

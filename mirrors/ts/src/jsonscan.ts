// The one JSON wire scanner of this mirror: RFC 8259 text, already decoded
// into a JS string (UTF-16 units), read one token at a time in document
// order. Whitespace (RFC 8259 section 2: exactly U+0020, U+0009, U+000A,
// U+000D; spec/README.md, "Rules shared by every contract"), the structure
// of objects and arrays, string escapes (section 7) and number literals
// (section 6) are scanned here and nowhere else.
//
// The scanner holds no guard and refuses nothing: a grammar defect is the
// token ERROR, with `errorAt` where it was met, and the caller refuses with
// its own contract's guard. Every other rule (depth, duplicate names,
// string content, number ranges) is the caller's, applied to the tokens as
// they come, so that "the first defect met in document order" stays the
// caller's to decide. A token is returned as soon as it ends; nothing after
// it has been read:
//
//   - BEGIN_OBJECT / BEGIN_ARRAY right after the bracket (a depth rule runs
//     before anything inside);
//   - NAME after the member name's closing quote, before its ":" (a
//     duplicate rule runs before the colon);
//   - STRING after the closing quote; NUMBER after the longest prefix of
//     the number grammar (what follows is the next call's business);
//   - END after the top-level value and the whitespace behind it.
//
// Options cover the three dialects the contracts read: raw control
// characters inside strings as content (`rawControls`), the NaN, Infinity
// and -Infinity literals (`nonFinite`), and a number token that is the
// longest run of `0-9 + - . e E` instead of the grammar's (`numberRun`),
// for a contract that names misspelled numbers itself.
//
// Iterative: the container stack is an array, so nesting deeper than the JS
// stack cannot crash the scanner.

import { utf8Length } from "./utf8.js";

/** The input is exhausted after the top-level value. */
export const END = 0;
/** A grammar defect at `errorAt`. */
export const ERROR = 1;
/** "{": an object opens (depth counts it). */
export const BEGIN_OBJECT = 2;
/** "}": the innermost object closes. */
export const END_OBJECT = 3;
/** "[": an array opens (depth counts it). */
export const BEGIN_ARRAY = 4;
/** "]": the innermost array closes. */
export const END_ARRAY = 5;
/** A member name; `value` holds it unescaped. */
export const NAME = 6;
/** A string value; `value` holds it unescaped. */
export const STRING = 7;
/** A number; `value` holds its literal text as written. */
export const NUMBER = 8;
/** true, false, null (and NaN, Infinity, -Infinity with `nonFinite`); `value` holds it. */
export const LITERAL = 9;

/** One of the token constants above. */
export type Token = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** The dialect of the text (see the top of this file). */
export interface Options {
  readonly rawControls?: boolean;
  readonly nonFinite?: boolean;
  readonly numberRun?: boolean;
}

// What the next call expects.
const VALUE = 0; // a value
const VALUE_OR_CLOSE = 1; // a value or "]" (just after "[")
const NAME_OR_CLOSE = 2; // a name or "}" (just after "{")
const NEXT_NAME = 3; // a name (after ",")
const COLON = 4; // the ":" after a name
const AFTER_VALUE = 5; // "," or the container's close, or the end
const DONE = 6; // END or ERROR has been returned

/**
 * The two-character escapes of RFC 8259 section 7: the character after the
 * backslash, and the unit it stands for.
 */
export const ESCAPES: readonly (readonly [escape: string, unit: string])[] = [
  ['"', '"'],
  ["\\", "\\"],
  ["/", "/"],
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
];

/** ESCAPES by the code of the character after the backslash (ASCII). */
const UNESCAPE: readonly (string | undefined)[] = (() => {
  const t = new Array<string | undefined>(0x80).fill(undefined);
  for (const [e, unit] of ESCAPES) t[e.charCodeAt(0)] = unit;
  return t;
})();

const LITERALS = ["true", "false", "null"];
const NON_FINITE = ["true", "false", "null", "NaN", "Infinity"];

/** Whether unit c is JSON whitespace. */
export function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Whether unit c is an ASCII digit 0-9. */
export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

function isNumberRunUnit(c: number): boolean {
  return isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x65 || c === 0x45;
}

/** A pull scanner over one JSON text. */
export class Scanner {
  /** The text being scanned. */
  readonly text: string;
  /** The unit index of the next unread unit. */
  pos = 0;
  /** The unit index where the token last returned starts. */
  start = 0;
  /** The unit index of the defect, once ERROR is returned. */
  errorAt = 0;
  /** NAME and STRING: the unescaped string; NUMBER and LITERAL: the text. */
  value = "";
  /** NAME and STRING: whether a \u escape of a surrogate (U+D800-U+DFFF) was in it. */
  surrogateEscape = false;
  /** How many containers are open (the one a BEGIN token opened included). */
  depth = 0;

  private readonly len: number;
  private readonly rawControls: boolean;
  private readonly nonFinite: boolean;
  private readonly numberRun: boolean;
  /** base is where text starts in the input bytes, or -1 where units do not map to bytes. */
  private readonly base: number;
  /** For each open container, whether it is an object. */
  private readonly stack: boolean[] = [];
  private state = VALUE;

  /**
   * A scanner over text, which was decoded from the input's bytes starting
   * at byte `base` (after a skipped byte order mark), or -1 when the text is
   * not the input's bytes unit for unit (a lenient decoding: no offsets).
   */
  constructor(text: string, base: number, options: Options = {}) {
    this.text = text;
    this.len = text.length;
    this.base = base;
    this.rawControls = options.rawControls === true;
    this.nonFinite = options.nonFinite === true;
    this.numberRun = options.numberRun === true;
  }

  /** The unit at i, or -1 past the end. */
  private at(i: number): number {
    return i < this.len ? this.text.charCodeAt(i) : -1;
  }

  private skipWhitespace(): void {
    while (this.pos < this.len && isWhitespace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  /** Skips whitespace and returns the unit there without taking it, or -1 at the end. */
  peek(): number {
    this.skipWhitespace();
    return this.at(this.pos);
  }

  /**
   * The byte offset into the input of unit index `unit` of the text, or
   * undefined where units do not map to bytes.
   */
  offset(unit: number): number | undefined {
    return this.base < 0 ? undefined : this.base + utf8Length(this.text, Math.min(unit, this.len));
  }

  /** A location thunk (refusal.ts `Where`) of the byte offset of `unit`. */
  where(unit: number): () => { offset: number } | undefined {
    return () => {
      const offset = this.offset(unit);
      return offset === undefined ? undefined : { offset };
    };
  }

  private error(at: number): Token {
    this.errorAt = at;
    this.state = DONE;
    return ERROR;
  }

  /** Scans the next token (see the top of this file). */
  next(): Token {
    for (;;) {
      switch (this.state) {
        case VALUE:
        case VALUE_OR_CLOSE: {
          this.skipWhitespace();
          if (this.state === VALUE_OR_CLOSE && this.at(this.pos) === 0x5d /* ] */) return this.close(false);
          return this.scanValue();
        }
        case NAME_OR_CLOSE:
        case NEXT_NAME: {
          this.skipWhitespace();
          const c = this.at(this.pos);
          if (this.state === NAME_OR_CLOSE && c === 0x7d /* } */) return this.close(true);
          if (c !== 0x22 /* " */) return this.error(this.pos);
          this.start = this.pos;
          if (!this.scanString()) return this.error(this.errorAt);
          // The colon is read by the next call, after the caller's rules on the name.
          this.state = COLON;
          return NAME;
        }
        case COLON: {
          this.skipWhitespace();
          if (this.at(this.pos) !== 0x3a /* : */) return this.error(this.pos);
          this.pos++;
          this.state = VALUE;
          continue;
        }
        case AFTER_VALUE: {
          this.skipWhitespace();
          const top = this.stack.length - 1;
          if (top < 0) {
            if (this.pos !== this.len) return this.error(this.pos);
            this.state = DONE;
            return END;
          }
          const c = this.at(this.pos);
          const isObject = this.stack[top] === true;
          if (c === 0x2c /* , */) {
            this.pos++;
            this.state = isObject ? NEXT_NAME : VALUE;
            continue;
          }
          if (c === (isObject ? 0x7d : 0x5d)) return this.close(isObject);
          return this.error(this.pos);
        }
        default:
          return this.error(this.pos);
      }
    }
  }

  private close(isObject: boolean): Token {
    this.start = this.pos;
    this.pos++;
    this.stack.pop();
    this.depth = this.stack.length;
    this.state = AFTER_VALUE;
    return isObject ? END_OBJECT : END_ARRAY;
  }

  private scanValue(): Token {
    const c = this.at(this.pos);
    this.start = this.pos;
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const isObject = c === 0x7b;
      this.pos++;
      this.stack.push(isObject);
      this.depth = this.stack.length;
      this.state = isObject ? NAME_OR_CLOSE : VALUE_OR_CLOSE;
      return isObject ? BEGIN_OBJECT : BEGIN_ARRAY;
    }
    this.state = AFTER_VALUE;
    if (c === 0x22 /* " */) {
      return this.scanString() ? STRING : this.error(this.errorAt);
    }
    if (c === 0x2d /* - */ || isDigit(c)) {
      if (this.nonFinite && this.text.startsWith("-Infinity", this.pos)) {
        this.pos += 9;
        this.value = "-Infinity";
        return LITERAL;
      }
      return this.scanNumber() ? NUMBER : this.error(this.errorAt);
    }
    for (const lit of this.nonFinite ? NON_FINITE : LITERALS) {
      if (this.text.startsWith(lit, this.pos)) {
        this.pos += lit.length;
        this.value = lit;
        return LITERAL;
      }
    }
    return this.error(this.pos);
  }

  /**
   * Reads the string token at pos (its opening quote) into value. Returns
   * false at a grammar defect (errorAt set): no closing quote, a raw
   * U+0000-U+001F (unless rawControls), an unknown escape or a \u escape
   * without four hex digits. Each \u escape is one UTF-16 unit, so a lone
   * surrogate escape is kept as that unit and a high-low pair of escapes
   * is one astral character.
   */
  private scanString(): boolean {
    const s = this.text;
    let i = this.pos + 1;
    let out = "";
    let run = i;
    let surrogate = false;
    for (;;) {
      if (i >= this.len) {
        this.errorAt = i; // unterminated
        return false;
      }
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20 && !this.rawControls) {
        this.errorAt = i;
        return false;
      }
      if (c !== 0x5c /* \ */) {
        i++;
        continue;
      }
      out += s.slice(run, i);
      const e = this.at(i + 1);
      if (e === 0x75 /* u */) {
        let u = 0;
        for (let k = 2; k < 6; k++) {
          const h = hexValue(this.at(i + k));
          if (h < 0) {
            this.errorAt = i;
            return false;
          }
          u = (u << 4) | h;
        }
        if (u >= 0xd800 && u <= 0xdfff) surrogate = true;
        out += String.fromCharCode(u);
        i += 4;
      } else {
        const unit = e >= 0 && e < 0x80 ? UNESCAPE[e] : undefined;
        if (unit === undefined) {
          this.errorAt = i; // unknown escape
          return false;
        }
        out += unit;
      }
      i += 2;
      run = i;
    }
    this.value = out + s.slice(run, i);
    this.surrogateEscape = surrogate;
    this.pos = i + 1;
    return true;
  }

  /**
   * Reads the number token at pos into value. By the grammar: the longest
   * prefix matching -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?, false
   * when "-" is not followed by a digit. With numberRun: the longest run of
   * 0-9 + - . e E, never false.
   */
  private scanNumber(): boolean {
    const start = this.pos;
    let j = start;
    if (this.numberRun) {
      while (isNumberRunUnit(this.at(j))) j++;
    } else {
      if (this.at(j) === 0x2d) j++;
      const first = this.at(j);
      if (first === 0x30) {
        j++;
      } else if (first >= 0x31 && first <= 0x39) {
        j++;
        while (isDigit(this.at(j))) j++;
      } else {
        this.errorAt = j;
        return false;
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
    }
    this.pos = j;
    this.value = this.text.slice(start, j);
    return true;
  }
}

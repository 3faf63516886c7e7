// JSON values as the contracts read and write them, over the one scanner
// (jsonscan.ts):
//
//   - readTree(): a tree built from the scanner's tokens, iteratively (the
//     stack is an array, so nesting deeper than the JS stack, possible when
//     a depth guard is ignored, cannot crash it). What a contract checks on
//     the way (depth, names, scalars) and how it refuses a grammar defect is
//     the contract's Reader; nothing here refuses on its own.
//   - writeTree(): the tree as JSON text, iteratively, with the contract's
//     string quoting and member order.
//   - parseValue(): the strict JSON value input (spec/README.md, "JSON value
//     inputs") of the contracts whose operations take one (input kind
//     `json-value` in spec/catalogue.json). Every defect of the input itself
//     is refused with the contract's own `.input` guard, passed in, which has
//     no accept path (fail()):
//       - a UTF-8 byte order mark (never skipped), invalid UTF-8 (RFC 3629);
//       - any RFC 8259 grammar error; JSON whitespace around the value is
//         allowed, top-level scalars are allowed;
//       - a duplicate member name in any object, compared after unescaping
//         (as UTF-16 unit sequences, which is the same as code point
//         sequences);
//       - nesting deeper than 128: the 129th nested container is refused at
//         its opening bracket.
//     Each carries the byte offset where it was met.
//
// A value is read without loss: strings are JS strings, i.e. UTF-16 code
// units after unescaping, lone surrogates kept (`\ud800` is the one unit
// U+D800); a high-surrogate escape followed by a low-surrogate escape is a
// pair, as is a raw astral character; numbers are their literal text, never
// converted (a contract's Reader may store another text); object members
// keep document order (Map insertion order). Because parseValue() bounds
// depth at 128, the contract modules may walk what it returns recursively.

import { type Guard, type Where, fail } from "./refusal.js";
import {
  BEGIN_ARRAY,
  BEGIN_OBJECT,
  END,
  END_ARRAY,
  END_OBJECT,
  ERROR,
  ESCAPES,
  LITERAL,
  NAME,
  NUMBER,
  STRING,
  Scanner,
  type Token,
} from "./jsonscan.js";
import { decodeInput } from "./utf8.js";

/** The nesting bound of a JSON value input (spec/README.md, "JSON value inputs"). */
export const MAX_DEPTH = 128;

/** A JSON value as read (see the top of this file). */
export type Value = Str | Num | Lit | Arr | Obj;

/** A string: its UTF-16 units after unescaping, lone surrogates kept. */
export interface Str {
  readonly type: "string";
  readonly value: string;
}
/** A number. */
export interface Num {
  readonly type: "number";
  /** parseValue(): the literal as written, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?; else the Reader's text. */
  readonly text: string;
}
/** A literal. */
export interface Lit {
  readonly type: "literal";
  /** true, false or null (and whatever other literal a Reader makes). */
  readonly text: string;
}
/** An array: its items in order. */
export interface Arr {
  readonly type: "array";
  readonly items: Value[];
}
/** An object. */
export interface Obj {
  readonly type: "object";
  /** Members in document order; a repeated name keeps its first place and its last value. */
  readonly members: Map<string, Value>;
}

/** What a contract does with the tokens while readTree() builds the tree. */
export interface Reader {
  /** A container was opened (BEGIN token; sc.depth counts it); may refuse. */
  open(sc: Scanner): void;
  /** A member name of obj was read (before its ":"); may refuse. */
  name(sc: Scanner, obj: Obj): void;
  /** The value of a STRING, NUMBER or LITERAL token; may refuse. */
  scalar(sc: Scanner, token: Token): Value;
  /** A grammar defect (ERROR token, sc.errorAt): refuses, never returns. */
  grammar(sc: Scanner): never;
}

interface Open {
  readonly value: Arr | Obj;
  /** The name of the member whose value is being read (objects only). */
  pending: string;
}

/** Reads one JSON text from sc into a tree, with r's rules on the way. */
export function readTree(sc: Scanner, r: Reader): Value {
  const stack: Open[] = [];
  let result: Value | undefined;
  for (;;) {
    const t = sc.next();
    let v: Value;
    switch (t) {
      case BEGIN_OBJECT:
      case BEGIN_ARRAY:
        r.open(sc);
        stack.push({
          value: t === BEGIN_OBJECT ? { type: "object", members: new Map() } : { type: "array", items: [] },
          pending: "",
        });
        continue;
      case NAME: {
        const top = stack[stack.length - 1] as Open;
        r.name(sc, top.value as Obj);
        top.pending = sc.value;
        continue;
      }
      case END_OBJECT:
      case END_ARRAY:
        v = (stack.pop() as Open).value;
        break;
      case END:
        return result as Value;
      case ERROR:
        return r.grammar(sc);
      default:
        v = r.scalar(sc, t);
    }
    const top = stack[stack.length - 1];
    if (top === undefined) result = v;
    else if (top.value.type === "array") top.value.items.push(v);
    else top.value.members.set(top.pending, v);
  }
}

interface ArrCursor {
  readonly items: Value[];
  next: number;
}
interface ObjCursor {
  readonly names: string[];
  readonly members: Map<string, Value>;
  next: number;
}

/**
 * The JSON text of root, without whitespace: strings (names included) as
 * quote() writes them, numbers and literals as their text, members in the
 * order order() returns for the names in document order. Iterative.
 */
export function writeTree(root: Value, quote: (s: string) => string, order: (names: string[]) => string[]): string {
  const out: string[] = [];
  const stack: (ArrCursor | ObjCursor)[] = [];
  let v: Value | undefined = root;
  for (;;) {
    if (v !== undefined) {
      switch (v.type) {
        case "string":
          out.push(quote(v.value));
          break;
        case "number":
        case "literal":
          out.push(v.text);
          break;
        case "array":
          out.push("[");
          stack.push({ items: v.items, next: 0 });
          break;
        case "object":
          out.push("{");
          stack.push({ names: order([...v.members.keys()]), members: v.members, next: 0 });
          break;
      }
      v = undefined;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) break;
    if ("items" in top) {
      if (top.next < top.items.length) {
        if (top.next > 0) out.push(",");
        v = top.items[top.next++];
      } else {
        out.push("]");
        stack.pop();
      }
    } else if (top.next < top.names.length) {
      const name = top.names[top.next++] as string;
      out.push(top.next > 1 ? "," : "", quote(name), ":");
      v = top.members.get(name);
    } else {
      out.push("}");
      stack.pop();
    }
  }
  return out.join("");
}

/**
 * The two-character escape a writer uses for a unit, where RFC 8259 has one
 * (ESCAPES), but for "/", which is written as it is.
 */
const SHORT: ReadonlyMap<number, string> = new Map(
  ESCAPES.filter(([e]) => e !== "/").map(([e, unit]) => [unit.charCodeAt(0), `\\${e}`]),
);
const HEX = "0123456789abcdef";
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what must be escaped
const MUST_ESCAPE = /["\\\u0000-\u001f]/;
const MUST_ESCAPE_ASCII = /["\\]|[^\u0020-\u007e]/;

/**
 * s as a JSON string literal (RFC 8259 section 7): `"`, `\` and U+0000-U+001F
 * escaped, by their two-character escape where there is one, else as
 * \u00xx in lowercase hex; every other unit literal, or, with asciiOnly,
 * every unit outside U+0020-U+007E as \uxxxx in lowercase hex (an astral
 * character as its two units, a lone surrogate as its own).
 */
export function quote(s: string, asciiOnly: boolean): string {
  if (!(asciiOnly ? MUST_ESCAPE_ASCII : MUST_ESCAPE).test(s)) return `"${s}"`;
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c <= 0x7e || !asciiOnly)) continue;
    out += s.slice(run, i);
    out += SHORT.get(c) ?? `\\u${HEX[c >> 12]}${HEX[(c >> 8) & 15]}${HEX[(c >> 4) & 15]}${HEX[c & 15]}`;
    run = i + 1;
  }
  return `${out + s.slice(run)}"`;
}

const HEX_DIGITS = "0123456789abcdef";

/**
 * s as an ASCII JSON string literal with no short escapes: every unit
 * outside U+0020-U+007E, and `"` and `\`, as \uxxxx in lowercase hex (an
 * astral character as its two units, a lone surrogate as its own).
 */
export function quoteUnits(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c) out += s[i];
    else out += `\\u${HEX_DIGITS[c >> 12]}${HEX_DIGITS[(c >> 8) & 15]}${HEX_DIGITS[(c >> 4) & 15]}${HEX_DIGITS[c & 15]}`;
  }
  return `${out}"`;
}

const TRUE: Lit = Object.freeze({ type: "literal", text: "true" });
const FALSE: Lit = Object.freeze({ type: "literal", text: "false" });
const NULL: Lit = Object.freeze({ type: "literal", text: "null" });

/** The Lit of a LITERAL token's text true, false or null. */
export function literal(text: string): Lit {
  return text === "true" ? TRUE : text === "false" ? FALSE : text === "null" ? NULL : { type: "literal", text };
}

/** The strict Reader of a JSON value input: every defect is `guard`, at its byte offset. */
class Strict implements Reader {
  constructor(private readonly guard: Guard) {}

  open(sc: Scanner): void {
    if (sc.depth > MAX_DEPTH) fail(this.guard, sc.where(sc.start));
  }

  name(sc: Scanner, obj: Obj): void {
    if (obj.members.has(sc.value)) fail(this.guard, sc.where(sc.start));
  }

  scalar(sc: Scanner, token: Token): Value {
    if (token === STRING) return { type: "string", value: sc.value };
    if (token === NUMBER) return { type: "number", text: sc.value };
    return token === LITERAL ? literal(sc.value) : this.grammar(sc);
  }

  grammar(sc: Scanner): never {
    return fail(this.guard, sc.where(sc.errorAt));
  }
}

/** Parses `input` as one JSON value input, or refuses with inputGuard (fail()). */
export function parseValue(input: Uint8Array, inputGuard: Guard): Value {
  const { text } = decodeInput(
    input,
    () => fail(inputGuard, () => ({ offset: 0 })), // never skipped
    (offset) => fail(inputGuard, () => ({ offset })),
  );
  return readTree(new Scanner(text, 0), new Strict(inputGuard));
}

// ---------------------------------------------------------------------------
// Where a value is (mirrors/PROTOCOL.md, "run": the pointer of a refusal).

const MAX_POINTER = 1024;

/**
 * The RFC 6901 JSON pointer of path (member names and array indexes from
 * the root): "~" as "~0", "/" as "~1", a lone surrogate as U+FFFD (the
 * answer line is UTF-8). Undefined when it would be over the protocol's
 * 1024 bytes.
 */
export function pointer(path: readonly (string | number)[]): string | undefined {
  let p = "";
  for (const part of path) {
    const s = typeof part === "number" ? String(part) : part;
    let e = "";
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x7e) e += "~0";
      else if (c === 0x2f) e += "~1";
      else if (isUnpairedAt(s, i)) e += "\ufffd";
      else e += s[i];
    }
    p += `/${e}`;
    if (p.length > MAX_POINTER) return undefined; // units never outnumber bytes
  }
  return Buffer.byteLength(p) > MAX_POINTER ? undefined : p;
}

/** A refusal's Where (refusal.ts) of the value at path, computed when thrown. */
export function whereIn(...path: (string | number)[]): Where {
  return () => {
    const p = pointer(path);
    return p === undefined ? undefined : { pointer: p };
  };
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
 * Compares two strings by code point order (spec/README.md, "JSON value
 * inputs"): a pair is one code point, a lone surrogate is the code point of
 * its unit. Returns <0, 0 or >0.
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

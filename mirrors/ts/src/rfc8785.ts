// rfc8785/1 `canonicalize` (spec/rfc8785.md): JSON text in, RFC 8785 (JCS)
// canonical UTF-8 bytes out, or a Refusal from REFUSALS below.
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
// The text is read by the shared scanner and tree reader (jsonscan.ts,
// jsonvalue.ts); this module's Reader holds the rules of step 3. Both the
// reader and the writer are iterative, so nesting deeper than the JS stack
// (possible when the depth guard is ignored) cannot crash them. A refusal
// met while reading carries its byte offset (spec "Input", rules 1-7).

import { NUMBER, STRING, Scanner, type Token } from "./jsonscan.js";
import { type Obj, type Reader, type Value, isUnpairedAt, literal, quote, readTree, writeTree } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";
import { decodeInput, encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/rfc8785.md). */
export const CONTRACT = "rfc8785/1";

/** spec/rfc8785.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  bom: ["rfc8785.bom", "input begins with a UTF-8 byte order mark"],
  utf8: ["rfc8785.utf8", "input is not valid UTF-8"],
  syntax: ["rfc8785.syntax", "input is not valid JSON"],
  depth: ["rfc8785.depth", "nesting exceeds depth 128"],
  duplicate: ["rfc8785.duplicate", "duplicate member name"],
  surrogate: ["rfc8785.surrogate", "string contains an unpaired surrogate"],
  numberRange: ["rfc8785.number_range", "number is outside the IEEE-754 double range"],
});

const G = REFUSALS;
const MAX_DEPTH = 128;

/**
 * The JSON text of a value parsed by jsonvalue.ts, for canonicalize() to
 * read back to the same value: strings and member names in ASCII (every
 * other unit, a lone surrogate included, as a \u escape), numbers as their
 * literal text, members in document order (canonicalize() sorts them).
 */
export function valueText(v: Value): string {
  return writeTree(
    v,
    (s) => quote(s, true),
    (names) => names,
  );
}

/**
 * Whether JCS(v) exists for a parsed value (spec "Input", rules 5 and 7):
 * no string or member name with a lone surrogate, no number whose nearest
 * double is infinite (`1e400`). Recursive: a value read by parseValue()
 * nests at most 128 deep.
 */
export function canonicalizable(v: Value): boolean {
  switch (v.type) {
    case "string":
      return !hasUnpaired(v.value);
    case "number":
      return Number.isFinite(Number(v.text));
    case "literal":
      return true;
    case "array":
      return v.items.every(canonicalizable);
    case "object":
      for (const [name, m] of v.members) if (hasUnpaired(name) || !canonicalizable(m)) return false;
      return true;
  }
}

function hasUnpaired(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isUnpairedAt(s, i)) return true;
  return false;
}

/**
 * JCS(v) of a parsed value: canonicalize() of valueText(v). When v is not
 * canonicalizable() it throws canonicalize()'s refusal (rfc8785.surrogate or
 * rfc8785.number_range), or, those guards ignored, gives what they let
 * through.
 */
export function canonicalizeValue(v: Value): Uint8Array {
  return canonicalize(encodeGeneralized(valueText(v)));
}

/** Canonicalizes `input` per rfc8785/1 (spec "Input", "Output"): the canonical bytes, or throws a Refusal. */
export function canonicalize(input: Uint8Array): Uint8Array {
  const { text, base } = decodeInput(
    input,
    () => refuse(G.bom, () => ({ offset: 0 })), // ignored: skipped
    (offset) => refuse(G.utf8, () => ({ offset })), // ignored: decoded leniently
  );
  const value = readTree(new Scanner(text, base), READER);
  return encodeGeneralized(writeTree(value, quoteJCS, sortUTF16));
}

/** The operations of rfc8785/1 (spec/rfc8785.md, "Operations"). */
export const OPERATIONS = Object.freeze({ canonicalize });

/** Spec "Input" rules 3-7 on the tokens, in document order ("Precedence"). */
const READER: Reader = {
  open(sc: Scanner): void {
    if (sc.depth > MAX_DEPTH) refuse(G.depth, sc.where(sc.start)); // ignored: parsing continues
  },
  name(sc: Scanner, obj: Obj): void {
    if (sc.surrogateEscape) checkSurrogates(sc);
    if (obj.members.has(sc.value)) refuse(G.duplicate, sc.where(sc.start)); // ignored: the later value replaces
  },
  scalar(sc: Scanner, token: Token): Value {
    if (token === STRING) {
      if (sc.surrogateEscape) checkSurrogates(sc);
      return { type: "string", value: sc.value };
    }
    if (token !== NUMBER) return literal(sc.value);
    // Number() on a string of the grammar is the correctly rounded
    // (round-half-even) binary64 value; it overflows to +/-Infinity.
    const x = Number(sc.value);
    if (!Number.isFinite(x)) refuse(G.numberRange, sc.where(sc.start));
    // ECMA-262 Number::toString; String(-0) is "0". When the range guard is
    // ignored this yields "Infinity" or "-Infinity".
    return { type: "number", text: String(x) };
  },
  grammar(sc: Scanner): never {
    return fail(G.syntax, sc.where(sc.errorAt));
  },
};

/**
 * Rule 5 on the string token just read. Raw surrogates cannot reach here
 * (they are invalid UTF-8, and lenient decoding replaces them), and a raw
 * astral character is a proper pair, so a unit-level check is the
 * escape-level rule of the spec.
 */
function checkSurrogates(sc: Scanner): void {
  const s = sc.value;
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
    refuse(G.surrogate, sc.where(sc.start)); // ignored: keep it and go on
  }
}

/** s as a JCS string literal (spec "Output"): only `"`, `\` and U+0000-U+001F escaped. */
function quoteJCS(s: string): string {
  return quote(s, false);
}

/**
 * Member names sorted by UTF-16 code units as unsigned 16-bit integers (RFC
 * 8785 section 3.2.3): JS relational comparison of strings is exactly this
 * (ECMA-262 IsLessThan on String values compares code units).
 */
function sortUTF16(names: string[]): string[] {
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

// frame/1 `lex` (spec/frame.md): the strict frame lexer of the managed tool
// host (seed 001 section 6, rule 13). Input: one frame, as bytes. Output on
// acceptance: empty bytes; otherwise a Refusal from REFUSALS below.
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
// Ignored frame.duplicate, frame.control and frame.surrogate: lexing goes
// on ("continue as if the condition were false", spec/README.md); the
// output is empty either way.
//
// The frame is read by the shared scanner (jsonscan.ts) in its
// `rawControls` and `numberRun` dialect: rule 9 makes raw control bytes
// content and rule 8 names misspelled numbers. The scanner is iterative,
// and no tree is built, so nesting deeper than the JS stack (possible when
// the depth guard is ignored) cannot crash the lexer. A refusal carries its
// byte offset.

import * as T from "./jsonscan.js";
import { Scanner, isDigit } from "./jsonscan.js";
import { fail, refuse, table } from "./refusal.js";
import { decodeInput } from "./utf8.js";

/** The contract this module implements (spec/frame.md). */
export const CONTRACT = "frame/1";

/** spec/frame.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  size: ["frame.size", "frame exceeds 262144 bytes"],
  bom: ["frame.bom", "frame begins with a UTF-8 byte order mark"],
  utf8: ["frame.utf8", "frame is not valid UTF-8"],
  syntax: ["frame.syntax", "frame is not valid JSON"],
  notObject: ["frame.not_object", "frame is not a JSON object"],
  depth: ["frame.depth", "frame nesting exceeds depth 16"],
  duplicate: ["frame.duplicate", "frame has a duplicate member name"],
  number: ["frame.number", "frame number is not 0 or [1-9][0-9]*"],
  numberRange: ["frame.number_range", "frame number exceeds 2^53-1"],
  control: ["frame.control", "frame string contains a control character"],
  surrogate: ["frame.surrogate", "frame string contains an unpaired surrogate"],
});

const G = REFUSALS;
const MAX_BYTES = 262144;
const MAX_DEPTH = 16;
const MAX_SAFE = "9007199254740991"; // 2^53-1, 16 digits
const EMPTY = new Uint8Array(0);

/** Lexes one frame per frame/1 (spec "Rules"); returns empty bytes or throws a Refusal. */
export function lex(input: Uint8Array): Uint8Array {
  if (input.length > MAX_BYTES) refuse(G.size, () => ({ offset: MAX_BYTES }));
  const { text, base } = decodeInput(
    input,
    () => refuse(G.bom, () => ({ offset: 0 })), // ignored: skipped
    (offset) => refuse(G.utf8, () => ({ offset })), // ignored: decoded leniently
  );
  run(new Scanner(text, base, { rawControls: true, numberRun: true }));
  return EMPTY;
}

/** The operations of frame/1 (spec/frame.md, "Operations"). */
export const OPERATIONS = Object.freeze({ lex });

/** Rules 4-9 over the tokens, in document order ("Precedence"). */
function run(sc: Scanner): void {
  const first = sc.peek();
  if (first < 0) fail(G.syntax, sc.where(sc.pos)); // no byte at all
  if (first !== 0x7b) refuse(G.notObject, sc.where(sc.pos)); // ignored: lex any value
  // Per open container: its member names so far, or null for an array.
  const names: (Set<string> | null)[] = [];
  for (;;) {
    switch (sc.next()) {
      case T.BEGIN_OBJECT:
      case T.BEGIN_ARRAY:
        if (sc.depth > MAX_DEPTH) refuse(G.depth, sc.where(sc.start)); // ignored: lexing continues
        names.push(sc.text.charCodeAt(sc.start) === 0x7b ? new Set() : null);
        break;
      case T.END_OBJECT:
      case T.END_ARRAY:
        names.pop();
        break;
      case T.NAME: {
        checkContent(sc);
        const seen = names[names.length - 1] as Set<string>;
        if (seen.has(sc.value)) refuse(G.duplicate, sc.where(sc.start)); // ignored: go on
        seen.add(sc.value);
        break;
      }
      case T.STRING:
        checkContent(sc);
        break;
      case T.NUMBER:
        checkNumber(sc);
        break;
      case T.END:
        return;
      case T.ERROR:
        fail(G.syntax, sc.where(sc.errorAt));
    }
  }
}

/** Rule 8 on the number token just read: its spelling, then its range. */
function checkNumber(sc: Scanner): void {
  const token = sc.value;
  const first = token.charCodeAt(0);
  let wellSpelled = token === "0" || (first >= 0x31 && first <= 0x39);
  for (let k = 1; wellSpelled && k < token.length; k++) {
    if (!isDigit(token.charCodeAt(k))) wellSpelled = false;
  }
  if (!wellSpelled) {
    refuse(G.number, sc.where(sc.start)); // ignored: the token is accepted as it is
    return;
  }
  if (token.length > MAX_SAFE.length || (token.length === MAX_SAFE.length && token > MAX_SAFE)) {
    refuse(G.numberRange, sc.where(sc.start)); // ignored: accepted
  }
}

/**
 * Rule 9 on the unescaped UTF-16 units of the string token just read, in
 * order; the first offending unit wins. A high surrogate is offending where
 * it stands when no low surrogate follows it.
 */
function checkContent(sc: Scanner): void {
  const s = sc.value;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u <= 0x1f || (u >= 0x7f && u <= 0x9f)) {
      refuse(G.control, sc.where(sc.start));
    } else if (u >= 0xd800 && u <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else refuse(G.surrogate, sc.where(sc.start));
    } else if (u >= 0xdc00 && u <= 0xdfff) {
      refuse(G.surrogate, sc.where(sc.start)); // not preceded by a high surrogate
    }
  }
}

// The guard mechanism shared by the three contracts (spec/README.md, "Rules
// shared by every contract"): every place that refuses calls one guard from
// a closed table, by its (contract, message) pair.
//
// The harness's `ignore` command (mirrors/PROTOCOL.md) replaces the ignore
// set. While a pair is in the set, refuse() returns instead of throwing and
// the caller continues as if the guard's condition had been false; each
// contract module implements what "continue" means at each of its sites.
//
// Grammar guards (`*.syntax`) have no accept path (spec/rfc8785.md rule 3,
// spec/frame.md rule 5): a parser that met a grammar error cannot continue.
// They are in the table, so ignoring one is acknowledged, but they are
// raised with fail(), which throws whatever the ignore set holds.

/** One row of a contract's closed refusal table. */
export interface Guard {
  readonly contract: string;
  readonly code: string;
  readonly message: string;
}

/** A refusal by the contract, carrying the guard that refused. */
export class Refusal extends Error {
  readonly guard: Guard;

  constructor(guard: Guard) {
    super(guard.message);
    this.name = "Refusal";
    this.guard = guard;
  }
}

function guard(contract: string, code: string, message: string): Guard {
  return Object.freeze({ contract, code, message });
}

/** spec/rfc8785.md, "Refusals". */
export const RFC8785 = Object.freeze({
  bom: guard("rfc8785/1", "rfc8785.bom", "input begins with a UTF-8 byte order mark"),
  utf8: guard("rfc8785/1", "rfc8785.utf8", "input is not valid UTF-8"),
  syntax: guard("rfc8785/1", "rfc8785.syntax", "input is not valid JSON"),
  depth: guard("rfc8785/1", "rfc8785.depth", "nesting exceeds depth 128"),
  duplicate: guard("rfc8785/1", "rfc8785.duplicate", "duplicate member name"),
  surrogate: guard("rfc8785/1", "rfc8785.surrogate", "string contains an unpaired surrogate"),
  numberRange: guard(
    "rfc8785/1",
    "rfc8785.number_range",
    "number is outside the IEEE-754 double range",
  ),
});

/** spec/pyjson-ascii.md, "Refusals". */
export const PYJSON = Object.freeze({
  bom: guard("pyjson-ascii/1", "pyjson.bom", "input begins with a UTF-8 byte order mark"),
  utf8: guard("pyjson-ascii/1", "pyjson.utf8", "input is not valid UTF-8"),
  depth: guard("pyjson-ascii/1", "pyjson.depth", "nesting exceeds depth 128"),
  syntax: guard("pyjson-ascii/1", "pyjson.syntax", "input is not valid JSON"),
  intDigits: guard("pyjson-ascii/1", "pyjson.int_digits", "integer literal exceeds 4300 digits"),
});

/** spec/frame.md, "Refusals". */
export const FRAME = Object.freeze({
  size: guard("frame/1", "frame.size", "frame exceeds 262144 bytes"),
  bom: guard("frame/1", "frame.bom", "frame begins with a UTF-8 byte order mark"),
  utf8: guard("frame/1", "frame.utf8", "frame is not valid UTF-8"),
  syntax: guard("frame/1", "frame.syntax", "frame is not valid JSON"),
  notObject: guard("frame/1", "frame.not_object", "frame is not a JSON object"),
  depth: guard("frame/1", "frame.depth", "frame nesting exceeds depth 16"),
  duplicate: guard("frame/1", "frame.duplicate", "frame has a duplicate member name"),
  number: guard("frame/1", "frame.number", "frame number is not 0 or [1-9][0-9]*"),
  numberRange: guard("frame/1", "frame.number_range", "frame number exceeds 2^53-1"),
  control: guard("frame/1", "frame.control", "frame string contains a control character"),
  surrogate: guard("frame/1", "frame.surrogate", "frame string contains an unpaired surrogate"),
});

/** The whole closed table, in contract order, then spec table order. */
export const GUARDS: readonly Guard[] = Object.freeze([
  ...Object.values(RFC8785),
  ...Object.values(PYJSON),
  ...Object.values(FRAME),
]);

function key(contract: string, message: string): string {
  return contract + "\u0000" + message;
}

const known = new Set(GUARDS.map((g) => key(g.contract, g.message)));
let ignored = new Set<string>();

/** A (contract, message) pair as the `ignore` command carries it. */
export interface Pair {
  readonly contract: string;
  readonly message: string;
}

/**
 * Replaces the ignore set with `pairs` and returns the pairs that name no
 * guard in the table, in the order given. Unknown pairs are not kept.
 */
export function setIgnored(pairs: readonly Pair[]): Pair[] {
  const next = new Set<string>();
  const unknown: Pair[] = [];
  for (const p of pairs) {
    const k = key(p.contract, p.message);
    if (known.has(k)) {
      next.add(k);
    } else {
      unknown.push({ contract: p.contract, message: p.message });
    }
  }
  ignored = next;
  return unknown;
}

/** Whether `g` is in the current ignore set. */
export function isIgnored(g: Guard): boolean {
  return ignored.has(key(g.contract, g.message));
}

/**
 * Refuses with `g` unless `g` is ignored; when it is, returns and the caller
 * continues as if the guard's condition had been false.
 */
export function refuse(g: Guard): void {
  if (!ignored.has(key(g.contract, g.message))) {
    throw new Refusal(g);
  }
}

/** Refuses with a guard that has no accept path; ignoring it has no effect. */
export function fail(g: Guard): never {
  throw new Refusal(g);
}

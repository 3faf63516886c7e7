// The guard mechanism shared by the contracts (spec/README.md, "Rules
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
    // A refusal is the contract's answer, not a fault: no stack trace is
    // captured (capturing one was a third of the mirror's time on inputs
    // that are mostly refused).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(guard.message);
    } finally {
      Error.stackTraceLimit = limit;
    }
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

// The five contracts that take a JSON value input (spec/README.md, "JSON
// value inputs"). Their `.input` guard has no accept path (the parser cannot
// build a value) and neither has their `.type` guard (there is no value of
// the expected type to accept): both are raised with fail().

/** spec/prim.md, "Refusals". */
export const PRIM = Object.freeze({
  input: guard("prim/1", "prim.input", "input is not valid JSON"),
  type: guard("prim/1", "prim.type", "value has the wrong JSON type"),
  timestampShape: guard("prim/1", "prim.timestamp_shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"),
  timestampInstant: guard("prim/1", "prim.timestamp_instant", "timestamp is not a real instant"),
  integer: guard("prim/1", "prim.integer", "number is not an integer"),
  integerRange: guard("prim/1", "prim.integer_range", "integer is out of range"),
  stringControl: guard("prim/1", "prim.string_control", "string contains a control character"),
  stringSurrogate: guard("prim/1", "prim.string_surrogate", "string contains an unpaired surrogate"),
  stringLength: guard("prim/1", "prim.string_length", "string exceeds 256 Unicode scalar values"),
  displayChar: guard("prim/1", "prim.display_char", "display text has a character outside U+0020-U+007E"),
  displayLength: guard("prim/1", "prim.display_length", "display text is not 1 to 256 characters"),
  setOrder: guard("prim/1", "prim.set_order", "set is not strictly ascending by code point"),
  setRepeat: guard("prim/1", "prim.set_repeat", "set has a repeated member"),
  toolsOrder: guard("prim/1", "prim.tools_order", "tools are not strictly ascending by (name, version)"),
  toolsRepeat: guard("prim/1", "prim.tools_repeat", "tools have a repeated (name, version)"),
  b64Length: guard("prim/1", "prim.b64_length", "base64url is not 43 or 86 characters"),
  b64Alphabet: guard("prim/1", "prim.b64_alphabet", "base64url has a character outside A-Z a-z 0-9 - _"),
  b64Canonical: guard("prim/1", "prim.b64_canonical", "base64url is not canonical"),
});

/** spec/ticker.md, "Refusals". */
export const TICKER = Object.freeze({
  input: guard("ticker/1", "ticker.input", "input is not valid JSON"),
  type: guard("ticker/1", "ticker.type", "value is not a string"),
  symbol: guard("ticker/1", "ticker.symbol", "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"),
  equity: guard("ticker/1", "ticker.equity", "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"),
  labelLength: guard("ticker/1", "ticker.label_length", "masked label is not 1 to 64 UTF-16 units"),
  labelControl: guard("ticker/1", "ticker.label_control", "masked label contains a control character"),
  labelSurrogate: guard("ticker/1", "ticker.label_surrogate", "masked label contains an unpaired surrogate"),
  labelDigitsV1: guard("ticker/1", "ticker.label_digits_v1", "masked label has five or more consecutive digits"),
  labelChar: guard("ticker/1", "ticker.label_char", "masked label has a character outside the closed set"),
  labelDigits: guard("ticker/1", "ticker.label_digits", "masked label has more than four consecutive digits"),
});

/** spec/v8date.md, "Refusals". */
export const V8DATE = Object.freeze({
  input: guard("v8date/1", "v8date.input", "input is not valid JSON"),
  type: guard("v8date/1", "v8date.type", "value is not a string"),
  shape: guard("v8date/1", "v8date.shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"),
  instant: guard("v8date/1", "v8date.instant", "timestamp is not a real instant"),
  calendar: guard("v8date/1", "v8date.calendar", "timestamp is not a real calendar date"),
});

/** spec/ed25519.md, "Refusals". */
export const ED25519 = Object.freeze({
  input: guard("ed25519/1", "ed25519.input", "input is not valid JSON"),
  type: guard("ed25519/1", "ed25519.type", "input is not {key, sig, msg} in lowercase hex"),
  keyLength: guard("ed25519/1", "ed25519.key_length", "public key is not 32 bytes"),
  sigLength: guard("ed25519/1", "ed25519.sig_length", "signature is not 64 bytes"),
  keyNoncanonical: guard("ed25519/1", "ed25519.key_noncanonical", "public key encoding is not canonical"),
  keySmallOrder: guard("ed25519/1", "ed25519.key_small_order", "public key has small order"),
  keyPoint: guard("ed25519/1", "ed25519.key_point", "public key is not a point on the curve"),
  rSmallOrder: guard("ed25519/1", "ed25519.r_small_order", "signature R has small order"),
  sRange: guard("ed25519/1", "ed25519.s_range", "signature S is not below the group order"),
  verify: guard("ed25519/1", "ed25519.verify", "signature does not verify"),
});

/** spec/digest.md, "Refusals". */
export const DIGEST = Object.freeze({
  input: guard("digest/1", "digest.input", "input is not valid JSON"),
  type: guard("digest/1", "digest.type", "input has the wrong shape"),
  schemaId: guard("digest/1", "digest.schema_id", "schema id is not 1 to 128 characters from U+0021-U+007E"),
  jcs: guard("digest/1", "digest.jcs", "value cannot be canonicalized"),
  argNumber: guard("digest/1", "digest.arg_number", "argument number is not an unsigned safe integer"),
  argString: guard("digest/1", "digest.arg_string", "argument string is not a valid string"),
  argArray: guard("digest/1", "digest.arg_array", "argument array has more than 32 elements"),
  argDepth: guard("digest/1", "digest.arg_depth", "arguments nest deeper than 8"),
  argBytes: guard("digest/1", "digest.arg_bytes", "arguments exceed 65536 canonical bytes"),
});

/** The whole closed table, in contract order, then spec table order. */
export const GUARDS: readonly Guard[] = Object.freeze([
  ...Object.values(RFC8785),
  ...Object.values(PYJSON),
  ...Object.values(FRAME),
  ...Object.values(PRIM),
  ...Object.values(TICKER),
  ...Object.values(V8DATE),
  ...Object.values(ED25519),
  ...Object.values(DIGEST),
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
  // The set is empty outside mutation audits: skip building its key.
  return ignored.size !== 0 && ignored.has(key(g.contract, g.message));
}

// One frozen Refusal per guard, made on first use and thrown every time
// after: most fuzz cases are refused, and a refusal carries nothing but its
// guard (no stack trace), so there is nothing to make a new one for.
const refusals = new Map<Guard, Refusal>();

function refusalOf(g: Guard): Refusal {
  let r = refusals.get(g);
  if (r === undefined) {
    r = Object.freeze(new Refusal(g));
    refusals.set(g, r);
  }
  return r;
}

/**
 * Refuses with `g` unless `g` is ignored; when it is, returns and the caller
 * continues as if the guard's condition had been false.
 */
export function refuse(g: Guard): void {
  if (!isIgnored(g)) {
    throw refusalOf(g);
  }
}

/** Refuses with a guard that has no accept path; ignoring it has no effect. */
export function fail(g: Guard): never {
  throw refusalOf(g);
}

/**
 * Runs fn with `extra` added to the ignore set, then restores the set as it
 * was. digest/1 uses it to run rfc8785/1 `canonicalize` with that
 * contract's surrogate and range guards ignored when its own `digest.jcs`
 * guard is ignored (digest.ts).
 */
export function withIgnored<T>(extra: readonly Guard[], fn: () => T): T {
  const saved = ignored;
  const next = new Set(saved);
  for (const g of extra) next.add(key(g.contract, g.message));
  ignored = next;
  try {
    return fn();
  } finally {
    ignored = saved;
  }
}

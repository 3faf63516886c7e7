// digest/1 (spec/digest.md): digests and signing inputs of the managed tool
// host, seed 001 section 6, decided rules 1-4 and 8 and the open-value
// rules. Input: a JSON value input (jsonvalue.ts, guard digest.input).
// digest.type has no accept path (fail()). A refusal after parsing carries
// the JSON pointer of the value it refused.
//
// H(prefix, v) is "sha256:" + the 64 lowercase hex digits of
// SHA-256(ASCII(prefix) + LF + JCS(v)). JCS is this mirror's own rfc8785/1
// `canonicalize` (rfc8785.ts): the parsed value is written back as JSON text
// (numbers as their literal text, strings in ASCII, every other unit and
// lone surrogates escaped) and canonicalized. Before that, digest.jcs
// checks that JCS(v) exists: no string or member name holds a lone
// surrogate and no number rounds to an infinite double. Ignored digest.jcs:
// the value is canonicalized as rfc8785/1 does with its surrogate and range
// guards ignored (a lone surrogate as its 3-byte form, `Infinity`).
//
// Operations:
//   digest, signing-input  {schema_id: string, omit: [string], object: {}};
//                          schema_id 1 to 128 units U+0021-U+007E
//                          (digest.schema_id; ignored: written as UTF-8);
//                          v = object without the top-level members named
//                          in omit; output H(schema_id, v), or the bytes
//                          ASCII(schema_id) + LF + JCS(v).
//   schema-digest          an object; H("aether.schema/1", document).
//   arguments-digest       an object, walked in document order (itself at
//                          depth 1; a member's name before its value); the
//                          first defect met wins: a container opened at
//                          depth 9, an array's 33rd element (when it
//                          starts), a number not 0|[1-9][0-9]* up to
//                          2^53-1, a string (names included) with a control,
//                          an unpaired surrogate or more than 256 code
//                          points. Then digest.jcs, then at most 65536 bytes
//                          of JCS. Output H("aether.managed-tool-arguments/1",
//                          arguments). Ignored guards: the walk goes on.

import { createHash } from "node:crypto";
import {
  type Obj,
  type Value,
  codePointLength,
  isControl,
  isUnpairedAt,
  parseValue,
  whereIn,
} from "./jsonvalue.js";
import { type Where, fail, refuse, table, withIgnored } from "./refusal.js";
import { REFUSALS as JCS, canonicalizable, canonicalizeValue } from "./rfc8785.js";
import { encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/digest.md). */
export const CONTRACT = "digest/1";

/** spec/digest.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["digest.input", "input is not valid JSON"],
  type: ["digest.type", "input has the wrong shape"],
  schemaId: ["digest.schema_id", "schema id is not 1 to 128 characters from U+0021-U+007E"],
  jcs: ["digest.jcs", "value cannot be canonicalized"],
  argNumber: ["digest.arg_number", "argument number is not an unsigned safe integer"],
  argString: ["digest.arg_string", "argument string is not a valid string"],
  argArray: ["digest.arg_array", "argument array has more than 32 elements"],
  argDepth: ["digest.arg_depth", "arguments nest deeper than 8"],
  argBytes: ["digest.arg_bytes", "arguments exceed 65536 canonical bytes"],
});

const DIGEST = REFUSALS;
/** The input itself, as a refusal's location. */
const ROOT = whereIn();

const SCHEMA_PREFIX = "aether.schema/1";
const ARGUMENTS_PREFIX = "aether.managed-tool-arguments/1";
const MAX_SCHEMA_ID = 128;
const MAX_ARG_DEPTH = 8;
const MAX_ARG_ARRAY = 32;
const MAX_ARG_STRING = 256;
const MAX_ARG_BYTES = 65536;
const MAX_SAFE = "9007199254740991";
const UNSIGNED = /^(?:0|[1-9][0-9]*)$/;

// --- JCS over a parsed value --------------------------------------------------

/**
 * JCS(v) by rfc8785/1 `canonicalize` of v's JSON text (whose UTF-8 form is
 * valid: lone surrogates are escaped), after the digest.jcs check (at
 * `where`, v's place in the input).
 */
function jcs(v: Value, where: Where): Uint8Array {
  if (canonicalizable(v)) return canonicalizeValue(v);
  refuse(DIGEST.jcs, where);
  return withIgnored([JCS.surrogate, JCS.numberRange], () => canonicalizeValue(v));
}

function concat(prefix: string, body: Uint8Array): Uint8Array {
  const head = encodeGeneralized(prefix + "\n");
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** "sha256:" + hex(SHA-256(bytes)), as ASCII bytes. */
function sha256(bytes: Uint8Array): Uint8Array {
  const hex = createHash("sha256").update(bytes).digest("hex");
  return new Uint8Array(Buffer.from("sha256:" + hex, "latin1"));
}

// --- digest, signing-input (rules 1 and 2) ---------------------------------

/** ASCII(schema_id) + LF + JCS(object without the omitted members). */
function signingBytes(input: Uint8Array): Uint8Array {
  const v = parseValue(input, DIGEST.input);
  if (v.type !== "object" || v.members.size !== 3) fail(DIGEST.type, ROOT);
  const schemaId = v.members.get("schema_id");
  const omit = v.members.get("omit");
  const object = v.members.get("object");
  if (schemaId === undefined) fail(DIGEST.type, ROOT);
  if (schemaId.type !== "string") fail(DIGEST.type, whereIn("schema_id"));
  if (omit === undefined) fail(DIGEST.type, ROOT);
  if (omit.type !== "array") fail(DIGEST.type, whereIn("omit"));
  if (object === undefined) fail(DIGEST.type, ROOT);
  if (object.type !== "object") fail(DIGEST.type, whereIn("object"));
  const omitted = new Set<string>();
  for (const [i, name] of omit.items.entries()) {
    if (name.type !== "string") fail(DIGEST.type, whereIn("omit", i));
    omitted.add(name.value);
  }

  const id = schemaId.value;
  let idOk = id.length >= 1 && id.length <= MAX_SCHEMA_ID;
  for (let i = 0; i < id.length && idOk; i++) {
    const u = id.charCodeAt(i);
    if (u < 0x21 || u > 0x7e) idOk = false;
  }
  if (!idOk) refuse(DIGEST.schemaId, whereIn("schema_id"));

  const kept: Obj = { type: "object", members: new Map() };
  for (const [name, m] of object.members) if (!omitted.has(name)) kept.members.set(name, m);
  return concat(id, jcs(kept, whereIn("object")));
}

/** digest/1 `digest`: H(schema_id, object without its omitted members). */
export function digest(input: Uint8Array): Uint8Array {
  return sha256(signingBytes(input));
}

/** digest/1 `signing-input` (spec "Operations", rule 2): the signing-input bytes ASCII(schema_id) + LF + JCS(v). */
export function signingInput(input: Uint8Array): Uint8Array {
  return signingBytes(input);
}

// --- schema-digest (rule 4) ---------------------------------------------------

/** digest/1 `schema-digest`: H("aether.schema/1", document). */
export function schemaDigest(input: Uint8Array): Uint8Array {
  const v = parseValue(input, DIGEST.input);
  if (v.type !== "object") fail(DIGEST.type, ROOT);
  return sha256(concat(SCHEMA_PREFIX, jcs(v, ROOT)));
}

// --- arguments-digest (rule 3 and the open-value rules) ---------------------

/** The string rule of an argument string or member name, at path. */
function argString(s: string, path: readonly (string | number)[]): void {
  let bad = codePointLength(s) > MAX_ARG_STRING;
  for (let i = 0; i < s.length && !bad; i++) {
    if (isControl(s.charCodeAt(i)) || isUnpairedAt(s, i)) bad = true;
  }
  if (bad) refuse(DIGEST.argString, whereIn(...path));
}

/** The number rule of an argument number literal, at path. */
function argNumber(t: string, path: readonly (string | number)[]): void {
  const ok = UNSIGNED.test(t) && (t.length < MAX_SAFE.length || (t.length === MAX_SAFE.length && t <= MAX_SAFE));
  if (!ok) refuse(DIGEST.argNumber, whereIn(...path));
}

/**
 * Walks an open JSON value in document order; v is a container at `depth`,
 * or a scalar, at path (the array is pushed and popped on the way).
 */
function walk(v: Value, depth: number, path: (string | number)[]): void {
  switch (v.type) {
    case "string":
      argString(v.value, path);
      return;
    case "number":
      argNumber(v.text, path);
      return;
    case "literal":
      return;
    case "array":
      if (depth > MAX_ARG_DEPTH) refuse(DIGEST.argDepth, whereIn(...path));
      v.items.forEach((item, i) => {
        path.push(i);
        if (i === MAX_ARG_ARRAY) refuse(DIGEST.argArray, whereIn(...path));
        walk(item, depth + 1, path);
        path.pop();
      });
      return;
    case "object":
      if (depth > MAX_ARG_DEPTH) refuse(DIGEST.argDepth, whereIn(...path));
      for (const [name, m] of v.members) {
        path.push(name);
        argString(name, path);
        walk(m, depth + 1, path);
        path.pop();
      }
      return;
  }
}

/** digest/1 `arguments-digest`: H("aether.managed-tool-arguments/1", arguments). */
export function argumentsDigest(input: Uint8Array): Uint8Array {
  const v = parseValue(input, DIGEST.input);
  if (v.type !== "object") fail(DIGEST.type, ROOT);
  walk(v, 1, []);
  const body = jcs(v, ROOT);
  if (body.length > MAX_ARG_BYTES) refuse(DIGEST.argBytes, ROOT);
  return sha256(concat(ARGUMENTS_PREFIX, body));
}

/** The operations of digest/1 (spec/digest.md, "Operations"). */
export const OPERATIONS = Object.freeze({
  digest,
  "signing-input": signingInput,
  "schema-digest": schemaDigest,
  "arguments-digest": argumentsDigest,
});

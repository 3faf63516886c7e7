// The ATS digest and the canonical bytes of a verdict (spec/ats.md, "Common
// rules": "The ATS digest", "Validator verdicts"; "Step 8: the verdict").
//
// JCS(v) is this mirror's own rfc8785/1 `canonicalize` (rfc8785.ts) of v's
// JSON text: the parsed value is written back with strings in ASCII (every
// other unit, lone surrogates included, as a \u escape), numbers as their
// literal text and members in document order, and canonicalized (numbers
// as their nearest double, members sorted by UTF-16 units). JCS(v) exists
// only when no string or member name of v holds a lone surrogate and no
// number's nearest double is infinite; callers check canonicalizable()
// first and refuse with `ats.canonical` themselves, so rfc8785/1's own
// guards are never met here.
//
// D(v) is "sha256:" + the 64 lowercase hex digits of SHA-256(JCS(v)), with
// no prefix or separator before the JCS bytes.

import { createHash } from "node:crypto";
import { type Obj, type Value, isUnpairedAt, quote, writeTree } from "../jsonvalue.js";
import { canonicalize } from "../rfc8785.js";
import { encodeGeneralized } from "../utf8.js";

/** Whether s holds an unpaired surrogate unit. */
function hasUnpaired(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isUnpairedAt(s, i)) return true;
  return false;
}

/**
 * Whether JCS(v) exists (spec/ats.md, "The ATS digest"): no string or
 * member name with a lone surrogate, no number whose nearest double is
 * infinite (`1e400`). Recursive: a value read by parseValue() nests at
 * most 128 deep.
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

/** Members in document order: canonicalize() sorts them. */
function documentOrder(names: string[]): string[] {
  return names;
}

/** s as a JSON string literal in ASCII, which rfc8785/1 reads back to the same units. */
function quoteASCII(s: string): string {
  return quote(s, true);
}

/**
 * JCS(v), the RFC 8785 canonical UTF-8 bytes of v (rfc8785/1). v must be
 * canonicalizable(); callers check.
 */
export function jcs(v: Value): Uint8Array {
  return canonicalize(encodeGeneralized(writeTree(v, quoteASCII, documentOrder)));
}

/** D(v): "sha256:" + hex(SHA-256(JCS(v))), as a JS string of 71 ASCII units. v must be canonicalizable(). */
export function atsDigest(v: Value): string {
  return "sha256:" + createHash("sha256").update(jcs(v)).digest("hex");
}

/** A JSON string value. */
export function str(s: string): Value {
  return { type: "string", value: s };
}

/** A JSON object value with the given members, in the given order. */
export function obj(members: readonly (readonly [string, Value])[]): Obj {
  return { type: "object", members: new Map(members) };
}

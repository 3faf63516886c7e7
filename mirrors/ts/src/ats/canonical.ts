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
import type { Obj, Value } from "../jsonvalue.js";
import { canonicalizable, canonicalizeValue } from "../rfc8785.js";

export { canonicalizable };

/**
 * JCS(v), the RFC 8785 canonical UTF-8 bytes of v (rfc8785/1). v must be
 * canonicalizable(); callers check.
 */
export function jcs(v: Value): Uint8Array {
  return canonicalizeValue(v);
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

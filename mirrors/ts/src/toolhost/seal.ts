// What seals the documents of toolhost/1 (spec/toolhost.md, sections 1.6
// and 1.7): JCS, the digests H(prefix, v), the signing inputs, and strict
// Ed25519 verification with the key screening inside verify. Each is this
// mirror's own implementation of the contract it names, run on a JSON value
// as parsed:
//
//   - JCS (canonical bytes): rfc8785/1 `canonicalize` of the value's JSON
//     text (ASCII, lone surrogates escaped, numbers as their literal text);
//   - H(prefix, v) and signing inputs: digest/1 `digest` and
//     `signing-input` on {schema_id: prefix, omit, object: v};
//   - verify: ed25519/1 rules 2-8 on raw bytes (verifyBytes), its refusals
//     mapped to toolhost/1's two messages per signature member.
//
// A JCS that fails (a lone surrogate in a string or a member name, a number
// whose nearest double is infinite) is toolhost.jcs, which has no accept
// path (section 5: "has no bytes to hash or count"): fail().

import * as digest from "../digest.js";
import { REFUSALS as ED25519, verifyBytes } from "../ed25519.js";
import { type Value, quote } from "../jsonvalue.js";
import { type Guard, Refusal, type Where, fail, refuse, withIgnoredOnly } from "../refusal.js";
import { REFUSALS as RFC8785, canonicalizeValue, valueText } from "../rfc8785.js";
import { encodeGeneralized } from "../utf8.js";
import { REFUSALS } from "./refusals.js";

const G = REFUSALS;

/** The guards of the other contracts that mean "JCS(v) does not exist". */
const JCS_FAILURES: ReadonlySet<Guard> = new Set([digest.REFUSALS.jcs, RFC8785.surrogate, RFC8785.numberRange]);

/** The ed25519/1 guards of the key (rules 2 for the key, 3, 4, 5): toolhost/1's key screening. */
const KEY_SCREENING: readonly Guard[] = [
  ED25519.keyLength,
  ED25519.keyNoncanonical,
  ED25519.keySmallOrder,
  ED25519.keyPoint,
];
const KEY_GUARDS: ReadonlySet<Guard> = new Set(KEY_SCREENING);

/**
 * Runs fn, which computes with rfc8785/1 or digest/1, with none of their
 * guards ignored (whatever the ignore set holds: toolhost/1's answers
 * depend on toolhost/1's guards only), turning a JCS failure into
 * toolhost.jcs (at `where`).
 */
function jcsOr<T>(where: Where, fn: () => T): T {
  try {
    return withIgnoredOnly([], fn);
  } catch (e) {
    if (e instanceof Refusal && JCS_FAILURES.has(e.guard)) fail(G.jcs, where);
    throw e;
  }
}

/** JCS(v) (rfc8785/1), the UTF-8 bytes; toolhost.jcs when it does not exist. */
export function canonicalBytes(v: Value, where: Where): Uint8Array {
  return jcsOr(where, () => canonicalizeValue(v));
}

/** The digest/1 input {schema_id, omit, object} for v. */
function digestInput(prefix: string, omit: readonly string[], v: Value): Uint8Array {
  const names = omit.map((n) => quote(n, true)).join(",");
  return encodeGeneralized(`{"schema_id":${quote(prefix, true)},"omit":[${names}],"object":${valueText(v)}}`);
}

/**
 * H(prefix, v without the top-level members `omit` names) (section 1.6;
 * digest/1 `digest`): "sha256:" and 64 lowercase hex digits, 71 ASCII
 * characters. toolhost.jcs (at `where`) when JCS(v) does not exist.
 */
export function hash(prefix: string, omit: readonly string[], v: Value, where: Where): string {
  const out = jcsOr(where, () => digest.digest(digestInput(prefix, omit, v)));
  return Buffer.from(out).toString("latin1");
}

/**
 * ASCII(prefix) + LF + JCS(v without the members `omit` names) (section
 * 1.6; digest/1 `signing-input`): the bytes a signature is made over.
 * toolhost.jcs (at `where`) when JCS(v) does not exist.
 */
export function signingInput(prefix: string, omit: readonly string[], v: Value, where: Where): Uint8Array {
  return jcsOr(where, () => digest.signingInput(digestInput(prefix, omit, v)));
}

/** Which part of ed25519/1 refused: the key screening, the signature, or nothing. */
type Failure = "key" | "signature" | null;

/**
 * ed25519/1 rules 2-8 with the key's rules all before the signature's
 * (section 1.7: its rule 2 for the signature is held back, ignored, so that
 * a wrong-length signature fails the equation, after the key's rules);
 * with `keyIgnored`, the key's rules are ignored too, which decodes the key
 * with y reduced mod p and lets a key that is not 32 bytes or has no x fail
 * the equation (section 5). No other ed25519/1 guard is ignored, whatever
 * the ignore set holds.
 */
function attempt(key: Uint8Array, sig: Uint8Array, msg: Uint8Array, keyIgnored: boolean): Failure {
  const extra = keyIgnored ? [ED25519.sigLength, ...KEY_SCREENING] : [ED25519.sigLength];
  try {
    withIgnoredOnly(extra, () => verifyBytes(key, sig, msg));
    return null;
  } catch (e) {
    if (e instanceof Refusal && e.guard.contract === ED25519.verify.contract) {
      return KEY_GUARDS.has(e.guard) ? "key" : "signature";
    }
    throw e;
  }
}

/**
 * verify(key, msg, sig) of section 1.7 for the signature member P: returns
 * when the signature verifies; else refuses `P key fails Ed25519 key
 * screening` (the key is not 32 bytes, its y is not below p, it is in the
 * small-order blocklist, or it is not a point) or `P does not verify` (the
 * signature is not 64 bytes, R is in the blocklist, S is not below L, or
 * the cofactorless equation fails). Ignored screening: verification goes on
 * with the key's rules ignored; ignored verification: accepted.
 */
export function verify(keyGuard: Guard, sigGuard: Guard, key: Uint8Array, sig: Uint8Array, msg: Uint8Array, where: Where): void {
  let failure = attempt(key, sig, msg, false);
  if (failure === "key") {
    refuse(keyGuard, where);
    failure = attempt(key, sig, msg, true);
  }
  if (failure !== null) refuse(sigGuard, where);
}

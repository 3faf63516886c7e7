// ed25519/1 `verify` (spec/ed25519.md): strict Ed25519 verification, seed
// 001 section 6, review decision 1 and decided rule 2; RFC 8032 sections
// 5.1.3 (decoding) and 5.1.7 (verify), cofactorless, pure (no prehash).
//
// Input: a JSON value input (jsonvalue.ts, guard ed25519.input): an object
// with exactly the members key, sig and msg, each lowercase hex of even
// length (ed25519.type; no accept path, so fail()). Output: empty bytes.
//
// Rules, in order; the first that fails wins:
//   1. shape (ed25519.type);
//   2. key is 32 bytes (ed25519.key_length), sig is 64 (ed25519.sig_length);
//   3. key canonical: y, the low 255 bits little-endian, below p
//      (ed25519.key_noncanonical);
//   4. key, sign bit masked, not in libsodium's blocklist (masked)
//      (ed25519.key_small_order);
//   5. key decodes (RFC 8032 5.1.3): x^2 = (y^2-1)/(d y^2+1) has a root mod
//      p, and not x = 0 with the sign bit set (ed25519.key_point);
//   6. R, masked, not in the blocklist (ed25519.r_small_order);
//   7. S below L (ed25519.s_range);
//   8. the cofactorless equation: the canonical encoding of [S]B - [k]A,
//      k = SHA-512(R || key || msg) mod L, equals R (ed25519.verify).
//
// Rules 3-7 are checked here with BigInt arithmetic, because Node imports
// any 32 bytes as a key and OpenSSL screens neither small-order keys nor
// small-order R. Rule 8 is node:crypto's Ed25519 verify (OpenSSL), which
// computes exactly that equation and compares encodings byte for byte, so a
// non-canonical or off-curve R never verifies.
//
// Ignored guards ("verification goes on"):
//   - key_length / sig_length: the rules that read the wrong-length bytes
//     (3-5 for the key, 6-7 for the signature) are skipped, and rule 8 fails:
//     there is no 32-byte key or 64-byte signature to verify with;
//   - key_noncanonical: y is taken mod p (as OpenSSL's field arithmetic
//     takes it); the hash still covers the key bytes as given;
//   - key_small_order, r_small_order: nothing to adjust;
//   - key_point: a key that does not decode fails rule 8 without calling
//     OpenSSL (spec: "a key that is not a point cannot be used");
//   - s_range: the equation is evaluated with S mod L, the same scalar
//     multiple of B. OpenSSL refuses any S >= L itself; the spec's rule 8 is
//     the equation, which S and S mod L satisfy alike.

import { createPublicKey, verify as cryptoVerify } from "node:crypto";
import { type Value, parseValue, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";

/** The contract this module implements (spec/ed25519.md). */
export const CONTRACT = "ed25519/1";

/** spec/ed25519.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["ed25519.input", "input is not valid JSON"],
  type: ["ed25519.type", "input is not {key, sig, msg} in lowercase hex"],
  keyLength: ["ed25519.key_length", "public key is not 32 bytes"],
  sigLength: ["ed25519.sig_length", "signature is not 64 bytes"],
  keyNoncanonical: ["ed25519.key_noncanonical", "public key encoding is not canonical"],
  keySmallOrder: ["ed25519.key_small_order", "public key has small order"],
  keyPoint: ["ed25519.key_point", "public key is not a point on the curve"],
  rSmallOrder: ["ed25519.r_small_order", "signature R has small order"],
  sRange: ["ed25519.s_range", "signature S is not below the group order"],
  verify: ["ed25519.verify", "signature does not verify"],
});

const ED25519 = REFUSALS;
/** Refusal locations: the input, its key and its signature. */
const ROOT = whereIn();
const KEY = whereIn("key");
const SIG = whereIn("sig");

const EMPTY = new Uint8Array(0);

/** p = 2^255 - 19. */
const P = (1n << 255n) - 19n;
/** L = 2^252 + 27742317777372353535851937790883648493, the order of B. */
const L = (1n << 252n) + 27742317777372353535851937790883648493n;
/** d = -121665/121666 mod p. */
const D = mod(-121665n * inverse(121666n));

/** DER SubjectPublicKeyInfo prefix of an Ed25519 key (RFC 8410): the 32 key bytes follow. */
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/**
 * libsodium's small-order blocklist: the 7 encodings of
 * ge25519_has_small_order (src/libsodium/crypto_core/ed25519/ref10/
 * ed25519_ref10.c, releases 1.0.16 to 1.0.22), as recorded in
 * ../shared/corpora/ed25519/libsodium_blocklist.json. They are compared
 * with the sign bit (bit 7 of byte 31) masked on both sides.
 */
const BLOCKLIST: readonly Buffer[] = [
  "0000000000000000000000000000000000000000000000000000000000000000", // y = 0, order 4
  "0100000000000000000000000000000000000000000000000000000000000000", // y = 1, order 1
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p-1, order 2
  "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p (non-canonical 0), order 4
  "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p+1 (non-canonical 1), order 1
].map((h) => Buffer.from(h, "hex"));

function mod(a: bigint): bigint {
  const r = a % P;
  return r < 0n ? r + P : r;
}

function power(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

function inverse(a: bigint): bigint {
  return power(a, P - 2n);
}

/** The little-endian integer of bytes[from..to). */
function littleEndian(bytes: Uint8Array, from: number, to: number): bigint {
  let n = 0n;
  for (let i = to - 1; i >= from; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
}

/**
 * Rule 4 (and rule 6 for R): whether the 32 bytes of `bytes` at `from`,
 * sign bit masked, equal a blocklist entry (masked). Exported for the
 * contracts that screen keys with these rules (spec/ed25519.md, rule 4).
 */
export function blocklisted(bytes: Uint8Array, from: number): boolean {
  return BLOCKLIST.some((entry) => {
    for (let i = 0; i < 31; i++) if (bytes[from + i] !== entry[i]) return false;
    return ((bytes[from + 31] as number) & 0x7f) === ((entry[31] as number) & 0x7f);
  });
}

/**
 * RFC 8032 5.1.3 steps 2-4 on y (already below p) and the sign bit: whether
 * x^2 = (y^2 - 1) / (d y^2 + 1) has a root mod p, and not x = 0 with the
 * sign bit set. (d y^2 + 1 is never 0: -1/d is not a square mod p.)
 */
function decodes(y: bigint, sign: number): boolean {
  const yy = (y * y) % P;
  const w = mod((yy - 1n) * inverse(D * yy + 1n));
  if (w === 0n) return sign === 0;
  return power(w, (P - 1n) / 2n) === 1n; // Euler's criterion
}

/** Whether s is lowercase hex of even length (a loop: msg may be long). */
function isHex(s: string): boolean {
  if (s.length % 2 !== 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** The bytes of member `name`: a string of lowercase hex of even length. */
function hexMember(members: ReadonlyMap<string, Value>, name: string): Uint8Array {
  const v = members.get(name);
  if (v === undefined || v.type !== "string" || !isHex(v.value)) fail(ED25519.type, v === undefined ? ROOT : whereIn(name));
  return new Uint8Array(Buffer.from(v.value, "hex"));
}

/**
 * Rule 3: whether a 32-byte key's y (its low 255 bits, little-endian) is
 * below p. Exported for the contracts that screen keys with these rules.
 */
export function canonicalKey(key: Uint8Array): boolean {
  return (littleEndian(key, 0, 32) & ((1n << 255n) - 1n)) < P;
}

/** ed25519/1 `verify` (spec "Rules"): empty bytes when the signature verifies, or throws a Refusal. */
export function verify(input: Uint8Array): Uint8Array {
  const v = parseValue(input, ED25519.input);
  if (v.type !== "object" || v.members.size !== 3) fail(ED25519.type, ROOT);
  const key = hexMember(v.members, "key");
  const sig = hexMember(v.members, "sig");
  const msg = hexMember(v.members, "msg");
  verifyBytes(key, sig, msg);
  return EMPTY;
}

/**
 * Rules 2-8 on raw bytes (key, signature, message of any lengths), with
 * this contract's guards and their ignore rules: returns when the signature
 * verifies, or throws the Refusal of the first rule that fails. The
 * refusal's location names the `key` or `sig` member of a `verify` input.
 * Exported for the contracts that verify with these rules.
 */
export function verifyBytes(key: Uint8Array, sig: Uint8Array, msg: Uint8Array): void {
  const keyOk = key.length === 32;
  if (!keyOk) refuse(ED25519.keyLength, KEY);
  const sigOk = sig.length === 64;
  if (!sigOk) refuse(ED25519.sigLength, SIG);

  let keyDecodes = false;
  if (keyOk) {
    const y = littleEndian(key, 0, 32) & ((1n << 255n) - 1n);
    if (y >= P) refuse(ED25519.keyNoncanonical, KEY);
    if (blocklisted(key, 0)) refuse(ED25519.keySmallOrder, KEY);
    keyDecodes = decodes(y % P, (key[31] as number) >> 7);
    if (!keyDecodes) refuse(ED25519.keyPoint, KEY);
  }

  let signature = sig;
  if (sigOk) {
    if (blocklisted(sig, 0)) refuse(ED25519.rSmallOrder, SIG);
    const s = littleEndian(sig, 32, 64);
    if (s >= L) {
      refuse(ED25519.sRange, SIG);
      signature = new Uint8Array(64);
      signature.set(sig.subarray(0, 32));
      let r = s % L;
      for (let i = 32; i < 64; i++, r >>= 8n) signature[i] = Number(r & 0xffn);
    }
  }

  if (!keyOk || !sigOk || !keyDecodes || !equation(key, signature, msg)) refuse(ED25519.verify, ROOT);
}

/** Rule 8 by node:crypto (OpenSSL): pure Ed25519, cofactorless, R compared as bytes. */
function equation(key: Uint8Array, sig: Uint8Array, msg: Uint8Array): boolean {
  const publicKey = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, key]), format: "der", type: "spki" });
  return cryptoVerify(null, msg, publicKey, sig);
}

/** The operations of ed25519/1 (spec/ed25519.md, "Operations"). */
export const OPERATIONS = Object.freeze({ verify });

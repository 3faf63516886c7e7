// A test-only RFC 8032 Ed25519 verifier in BigInt, written from RFC 8032
// sections 5.1.3 (decoding), 5.1.4 (point addition) and 5.1.7 (verify),
// cofactorless. It is the oracle the tests hold node:crypto's verify
// against (ed25519.ts uses node:crypto for rule 8 of spec/ed25519.md), so
// that whatever OpenSSL does beyond the equation shows up as a
// disagreement. Slow and not constant-time: never use it for anything else.

import { createHash } from "node:crypto";

export const P = (1n << 255n) - 19n;
export const L = (1n << 252n) + 27742317777372353535851937790883648493n;

const mod = (a, m = P) => {
  const r = a % m;
  return r < 0n ? r + m : r;
};

function pow(b, e, m = P) {
  let r = 1n;
  b = mod(b, m);
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

const inv = (a) => pow(a, P - 2n);
export const D = mod(-121665n * inv(121666n));
const SQRT_M1 = pow(2n, (P - 1n) / 4n);

/** Little-endian integer of bytes. */
export function le(bytes) {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]);
  return n;
}

function toLE(n, len = 32) {
  const out = new Uint8Array(len);
  for (let i = 0; i < len; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
}

// Extended homogeneous coordinates (X, Y, Z, T), x = X/Z, y = Y/Z, xy = T/Z.
const IDENTITY = [0n, 1n, 1n, 0n];

function add([X1, Y1, Z1, T1], [X2, Y2, Z2, T2]) {
  const A = mod((Y1 - X1) * (Y2 - X2));
  const B = mod((Y1 + X1) * (Y2 + X2));
  const C = mod(T1 * 2n * D * T2);
  const Dd = mod(Z1 * 2n * Z2);
  const E = B - A;
  const F = Dd - C;
  const G = Dd + C;
  const H = B + A;
  return [mod(E * F), mod(G * H), mod(F * G), mod(E * H)];
}

function mul(s, Q) {
  let R = IDENTITY;
  let A = Q;
  while (s > 0n) {
    if (s & 1n) R = add(R, A);
    A = add(A, A);
    s >>= 1n;
  }
  return R;
}

const neg = ([X, Y, Z, T]) => [mod(-X), Y, Z, mod(-T)];

/** The canonical encoding of a point. */
export function encode([X, Y, Z]) {
  const zi = inv(Z);
  const x = mod(X * zi);
  const y = mod(Y * zi);
  return toLE(y | ((x & 1n) << 255n));
}

/**
 * RFC 8032 5.1.3 decoding, except that y >= p is reduced mod p (rule 1 is
 * the caller's: spec/ed25519.md checks canonical y as its own rule). Returns
 * null when x^2 has no root or x = 0 with the sign bit set.
 */
export function decode(bytes) {
  const sign = bytes[31] >> 7;
  const y = mod(le(bytes) & ((1n << 255n) - 1n));
  const u = mod(y * y - 1n);
  const v = mod(D * y * y + 1n);
  let x = mod(u * pow(v, 3n) * pow(u * pow(v, 7n), (P - 5n) / 8n));
  const vxx = mod(v * x * x);
  if (vxx === u) {
    // x is a root
  } else if (vxx === mod(-u)) {
    x = mod(x * SQRT_M1);
  } else {
    return null;
  }
  if (x === 0n && sign === 1) return null;
  if (Number(x & 1n) !== sign) x = P - x;
  return [x, y, 1n, mod(x * y)];
}

const BY = mod(4n * inv(5n));
export const B = decode(toLE(BY));

/**
 * Cofactorless verification: encode([S]B - [k]A) equals R byte for byte,
 * k = SHA-512(R || A || M) mod L. S is used as given (S >= L is not
 * refused here: [S]B = [S mod L]B). A key that does not decode fails.
 */
export function verifyEquation(key, sig, msg) {
  if (key.length !== 32 || sig.length !== 64) return false;
  const A = decode(key);
  if (A === null) return false;
  const R = sig.subarray(0, 32);
  const S = le(sig.subarray(32, 64));
  const k = mod(le(createHash("sha512").update(R).update(key).update(msg).digest()), L);
  const Q = add(mul(S, B), neg(mul(k, A)));
  return Buffer.from(encode(Q)).equals(Buffer.from(R));
}

/** The order of a decoded point divides 8 ([8]A is the identity). */
export function isSmallOrder(A) {
  const Q = mul(8n, A);
  return mod(Q[0]) === 0n && mod(Q[1] - Q[2]) === 0n;
}

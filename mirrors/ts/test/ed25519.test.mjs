// ed25519/1 verify (spec/ed25519.md): each rule at its bound, the rule
// order, the ignore semantics, the three shared corpora (Wycheproof, CCTV,
// speccheck), and rule 8 held against a BigInt RFC 8032 verifier
// (ORACLE below), so that anything node:crypto (OpenSSL) does besides
// the cofactorless equation shows up.

import assert from "node:assert/strict";
import { createHash, createPrivateKey, createPublicKey, sign, verify as nodeVerify } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REFUSALS as G, verify } from "../dist/ed25519.js";
import { corporaDir, missing, outcome } from "./helpers.mjs";
import { rng } from "./random.mjs";

// A test-only RFC 8032 Ed25519 verifier in BigInt, written from RFC 8032
// sections 5.1.3 (decoding), 5.1.4 (point addition) and 5.1.7 (verify),
// cofactorless. It is the oracle the tests hold node:crypto's verify
// against (ed25519.ts uses node:crypto for rule 8 of spec/ed25519.md), so
// that whatever OpenSSL does beyond the equation shows up as a
// disagreement. Slow and not constant-time: never use it for anything else.
const ORACLE = (() => {
  const P = (1n << 255n) - 19n;
  const L = (1n << 252n) + 27742317777372353535851937790883648493n;

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
  const D = mod(-121665n * inv(121666n));
  const SQRT_M1 = pow(2n, (P - 1n) / 4n);

  /** Little-endian integer of bytes. */
  function le(bytes) {
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
  function encode([X, Y, Z]) {
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
  function decode(bytes) {
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
  const B = decode(toLE(BY));

  /**
   * Cofactorless verification: encode([S]B - [k]A) equals R byte for byte,
   * k = SHA-512(R || A || M) mod L. S is used as given (S >= L is not
   * refused here: [S]B = [S mod L]B). A key that does not decode fails.
   */
  function verifyEquation(key, sig, msg) {
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
  function isSmallOrder(A) {
    const Q = mul(8n, A);
    return mod(Q[0]) === 0n && mod(Q[1] - Q[2]) === 0n;
  }
  return { B, L, P, decode, encode, isSmallOrder, le, verifyEquation };
})();
const { B, L, P, decode, encode, isSmallOrder, le, verifyEquation } = ORACLE;

const R = (g) => "refused: " + g.message;
const ACCEPT = "accept";
const hex = (b) => Buffer.from(b).toString("hex");
const input = (key, sig, msg) => JSON.stringify({ key, sig, msg });
function verdict(key, sig, msg, ignore = []) {
  const o = outcome(verify, input(key, sig, msg), ignore);
  if (o.ok !== undefined) {
    assert.equal(o.ok.length, 0);
    return ACCEPT;
  }
  return R({ message: o.refused });
}
const SCREENS = [G.keyNoncanonical, G.keySmallOrder, G.keyPoint, G.rSmallOrder, G.sRange];

const toLE = (n, len = 32) => {
  const out = Buffer.alloc(len);
  for (let i = 0; i < len; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
};

// A test key from a fixed seed (NOT FOR PRODUCTION), through node:crypto.
const SEED = Buffer.from("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "hex"); // RFC 8032 test 1
const PRIV = createPrivateKey({ key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), SEED]), format: "der", type: "pkcs8" });
const PUB = hex(createPublicKey(PRIV).export({ format: "der", type: "spki" }).subarray(12));
const signHex = (msgHex) => hex(sign(null, Buffer.from(msgHex, "hex"), PRIV));
// The secret scalar of SEED (RFC 8032 5.1.5), to build signatures OpenSSL would never make.
const H = createHash("sha512").update(SEED).digest();
H[0] &= 248;
H[31] &= 127;
H[31] |= 64;
const A_SCALAR = le(H.subarray(0, 32));
const kOf = (rHex, keyHex, msgHex) =>
  le(createHash("sha512").update(Buffer.from(rHex + keyHex + msgHex, "hex")).digest()) % L;

const BLOCK14 = [
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "0100000000000000000000000000000000000000000000000000000000000000",
  "0100000000000000000000000000000000000000000000000000000000000080",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
  "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
  "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
];


test("the hard-coded blocklist is the corpus's, and matches exactly 14 encodings", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const list = JSON.parse(readFileSync(join(dir, "ed25519/libsodium_blocklist.json"), "utf8"));
  assert.equal(list.entries.length, 7);
  assert.deepEqual(list.all_14_matching_encodings.map((e) => e.hex), BLOCK14);
  // Each blocklist entry, used as R under a real key: refused as small order.
  for (const e of list.entries) assert.equal(verdict(PUB, e.hex + "00".repeat(32), ""), R(G.rSmallOrder), e.hex);
  // Each is a point of small order or a non-canonical one.
  for (const e of list.all_14_matching_encodings) {
    const pt = decode(Buffer.from(e.hex, "hex"));
    if (pt !== null) assert.ok(isSmallOrder(pt), e.hex);
  }
});

test("a real signature verifies; anything changed does not", () => {
  const msg = "616263";
  const sig = signHex(msg);
  assert.equal(verdict(PUB, sig, msg), ACCEPT);
  assert.equal(verdict(PUB, signHex(""), ""), ACCEPT);
  const long = "ab".repeat(100000);
  assert.equal(verdict(PUB, signHex(long), long), ACCEPT);
  assert.equal(verdict(PUB, sig, "616264"), R(G.verify));
  assert.equal(verdict(PUB, sig, ""), R(G.verify));
  const flip = (h, i) => h.slice(0, 2 * i) + ((parseInt(h.slice(2 * i, 2 * i + 2), 16) ^ 1).toString(16).padStart(2, "0")) + h.slice(2 * i + 2);
  assert.equal(verdict(PUB, flip(sig, 0), msg), R(G.verify));
  assert.equal(verdict(PUB, flip(sig, 40), msg), R(G.verify));
  assert.equal(verdict(flip(PUB, 3), sig, msg), flip(PUB, 3) === PUB ? ACCEPT : verdict(flip(PUB, 3), sig, msg));
  assert.notEqual(verdict(flip(PUB, 3), sig, msg), ACCEPT);
  // RFC 8032 test 1's public key and signature of the empty message.
  assert.equal(PUB, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  assert.equal(
    verdict(PUB, "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b", ""),
    ACCEPT,
  );
});

test("type: exactly {key, sig, msg}, strings of lowercase hex of even length; no accept path", () => {
  const sig = signHex("");
  const bad = [
    "[]", "null", '"x"', "{}",
    JSON.stringify({ key: PUB, sig }),
    JSON.stringify({ key: PUB, sig, msg: "", extra: "" }),
    JSON.stringify({ key: PUB, sig, message: "" }),
    JSON.stringify({ key: PUB.toUpperCase(), sig, msg: "" }),
    JSON.stringify({ key: PUB, sig: sig.slice(0, 127), msg: "" }),
    JSON.stringify({ key: PUB, sig, msg: "a" }),
    JSON.stringify({ key: PUB, sig, msg: "0x00" }),
    JSON.stringify({ key: PUB, sig, msg: "zz" }),
    JSON.stringify({ key: PUB, sig, msg: " 00" }),
    JSON.stringify({ key: PUB, sig, msg: 0 }),
    JSON.stringify({ key: [PUB], sig, msg: "" }),
    JSON.stringify({ key: PUB, sig, msg: null }),
    JSON.stringify({ key: PUB, sig, msg: "AB" }),
  ];
  for (const b of bad) {
    assert.equal(show(b), R(G.type), b);
    assert.equal(show(b, [G.type]), R(G.type), b);
  }
  // Member order is free; the empty string is zero bytes.
  assert.equal(show(JSON.stringify({ msg: "", sig, key: PUB })), ACCEPT);
});

function show(inputText, ignore = []) {
  const o = outcome(verify, inputText, ignore);
  return o.ok !== undefined ? ACCEPT : "refused: " + o.refused;
}

test("lengths: key 32 bytes, then sig 64 bytes", () => {
  const sig = signHex("");
  for (const k of ["", "00", PUB.slice(2), PUB + "00", PUB + PUB]) assert.equal(verdict(k, sig, ""), R(G.keyLength), k);
  for (const s of ["", sig.slice(2), sig + "00", sig.slice(0, 64)]) assert.equal(verdict(PUB, s, ""), R(G.sigLength), s);
  assert.equal(verdict("", "", ""), R(G.keyLength));
  // Ignored: the rules that read those bytes are skipped and rule 8 fails.
  assert.equal(verdict(PUB.slice(2), sig, "", [G.keyLength]), R(G.verify));
  assert.equal(verdict(PUB, sig + "00", "", [G.sigLength]), R(G.verify));
  assert.equal(verdict("", "", "", [G.keyLength]), R(G.sigLength));
  assert.equal(verdict("", "", "", [G.keyLength, G.sigLength]), R(G.verify));
  assert.equal(verdict("", "", "", [G.keyLength, G.sigLength, G.verify]), ACCEPT);
  // A short key still meets the R and S rules of a 64-byte signature.
  assert.equal(verdict("00", BLOCK14[2] + "00".repeat(32), "", [G.keyLength]), R(G.rSmallOrder));
  // A short signature skips them.
  assert.equal(verdict(PUB, BLOCK14[2], "", [G.sigLength]), R(G.verify));
});

test("key canonical: the 38 encodings with y in [p, p+18] are refused first", () => {
  const sig = signHex("");
  for (let i = 0n; i < 19n; i++) {
    for (const sign of [0n, 1n]) {
      const k = hex(toLE(P + i + (sign << 255n)));
      assert.equal(verdict(k, sig, ""), R(G.keyNoncanonical), k);
    }
  }
  // y = p-1 is canonical (and blocklisted); y = 2^255-1 is not canonical.
  assert.equal(verdict(hex(toLE(P - 1n)), sig, ""), R(G.keySmallOrder));
  assert.equal(verdict("ff".repeat(32), sig, ""), R(G.keyNoncanonical));
  // Ignored: y is taken mod p, and the rules go on.
  assert.equal(verdict(hex(toLE(P)), sig, "", [G.keyNoncanonical]), R(G.keySmallOrder)); // y = 0
  assert.equal(verdict(hex(toLE(P + 1n)), sig, "", [G.keyNoncanonical]), R(G.keySmallOrder)); // y = 1
  assert.equal(verdict(hex(toLE(P + 2n)), sig, "", [G.keyNoncanonical]), R(G.keyPoint)); // y = 2 is not on the curve
  assert.equal(verdict(hex(toLE(P + 3n)), sig, "", [G.keyNoncanonical]), R(G.verify)); // y = 3 is
  assert.equal(verdict(hex(toLE(P + 1n + (1n << 255n))), sig, "", [G.keyNoncanonical, G.keySmallOrder]), R(G.keyPoint)); // x = 0, sign 1
});

test("key small order: all 14 encodings matched with the sign bit masked", () => {
  const sig = signHex("");
  for (const k of BLOCK14) {
    const y = le(Buffer.from(k, "hex")) & ((1n << 255n) - 1n);
    assert.equal(verdict(k, sig, ""), y >= P ? R(G.keyNoncanonical) : R(G.keySmallOrder), k);
  }
  // The review's forgery: all-zero key, R = identity, S = 0.
  const forgery = "01" + "00".repeat(63);
  assert.equal(verdict("00".repeat(32), forgery, ""), R(G.keySmallOrder));
  // A small-order key OpenSSL accepts: A = identity, R = B, S = 1 verifies for any message.
  const identity = BLOCK14[2];
  const rIsB = hex(encode(B)) + hex(toLE(1n));
  assert.equal(nodeVerify(null, Buffer.from("hi"), createPublicKey({ key: Buffer.from("302a300506032b6570032100" + identity, "hex"), format: "der", type: "spki" }), Buffer.from(rIsB, "hex")), true);
  assert.equal(verdict(identity, rIsB, "6869"), R(G.keySmallOrder));
  assert.equal(verdict(identity, rIsB, "6869", [G.keySmallOrder]), ACCEPT);
  // y = 1 with the sign bit: small order; ignored, x = 0 with sign 1 does not decode.
  assert.equal(verdict(BLOCK14[3], rIsB, "6869"), R(G.keySmallOrder));
  assert.equal(verdict(BLOCK14[3], rIsB, "6869", [G.keySmallOrder]), R(G.keyPoint));
  assert.equal(verdict(BLOCK14[3], rIsB, "6869", [G.keySmallOrder, G.keyPoint]), R(G.verify));
  // The forgery itself with every screen ignored: k is not a multiple of 4 here, so the equation fails.
  assert.equal(verdict("00".repeat(32), forgery, "", SCREENS), verifyEquation(Buffer.alloc(32), Buffer.from(forgery, "hex"), Buffer.alloc(0)) ? ACCEPT : R(G.verify));
  // Identity key and identity R, S = 0: the equation holds for every message.
  assert.equal(verdict(identity, forgery, "00", [G.keySmallOrder]), R(G.rSmallOrder));
  assert.equal(verdict(identity, forgery, "00", [G.keySmallOrder, G.rSmallOrder]), ACCEPT);
});

test("key on the curve: RFC 8032 5.1.3 must find x", () => {
  const sig = signHex("");
  const off = [];
  for (let y = 2n; off.length < 20; y++) {
    const k = toLE(y);
    if (decode(k) === null) off.push(hex(k));
  }
  for (const k of off) {
    assert.equal(verdict(k, sig, ""), R(G.keyPoint), k);
    // Ignored: a key that is not a point cannot verify.
    assert.equal(verdict(k, sig, "", [G.keyPoint]), R(G.verify), k);
  }
  assert.equal(off[0], hex(toLE(2n)));
  // Random keys: on-curve ones pass rule 5 and fail rule 8; off-curve ones fail rule 5.
  const r = rng(25519);
  let on = 0;
  for (let i = 0; i < 300; i++) {
    const k = Buffer.from(Array.from({ length: 32 }, () => Math.floor(r() * 256)));
    k[31] &= 0x7f;
    if (le(k) >= P) continue;
    const want = decode(k) === null ? R(G.keyPoint) : R(G.verify);
    if (want === R(G.verify)) on++;
    assert.equal(verdict(hex(k), sig, ""), want, hex(k));
  }
  assert.ok(on > 100 && on < 200, String(on));
});

test("R small order: the 14 encodings as R under a real key", () => {
  for (const r of BLOCK14) assert.equal(verdict(PUB, r + "00".repeat(32), ""), R(G.rSmallOrder), r);
  // A valid cofactorless signature with R = identity: S = k*a mod L.
  const rId = BLOCK14[2];
  const msg = "6d7367";
  const s = (kOf(rId, PUB, msg) * A_SCALAR) % L;
  const sig = rId + hex(toLE(s));
  assert.ok(verifyEquation(Buffer.from(PUB, "hex"), Buffer.from(sig, "hex"), Buffer.from(msg, "hex")));
  assert.equal(verdict(PUB, sig, msg), R(G.rSmallOrder));
  assert.equal(verdict(PUB, sig, msg, [G.rSmallOrder]), ACCEPT); // OpenSSL accepts it
  // Key rules come first.
  assert.equal(verdict(BLOCK14[0], rId + "00".repeat(32), ""), R(G.keySmallOrder));
  assert.equal(verdict(hex(toLE(2n)), rId + "00".repeat(32), ""), R(G.keyPoint));
});

test("S below L: L and above refused; ignored, S is used mod L", () => {
  const msg = "00";
  const sig = signHex(msg);
  const rHex = sig.slice(0, 64);
  const s = le(Buffer.from(sig.slice(64), "hex"));
  assert.equal(verdict(PUB, rHex + hex(toLE(L)), msg), R(G.sRange));
  assert.equal(verdict(PUB, rHex + hex(toLE(L - 1n)), msg), R(G.verify));
  assert.equal(verdict(PUB, rHex + "ff".repeat(32), msg), R(G.sRange));
  assert.equal(verdict(PUB, rHex + hex(toLE(1n << 253n)), msg), R(G.sRange));
  // The malleated signature (S + L): OpenSSL refuses it, the equation holds.
  const malleated = rHex + hex(toLE(s + L));
  assert.equal(nodeVerify(null, Buffer.from(msg, "hex"), createPublicKey(PRIV), Buffer.from(malleated, "hex")), false);
  assert.ok(verifyEquation(Buffer.from(PUB, "hex"), Buffer.from(malleated, "hex"), Buffer.from(msg, "hex")));
  assert.equal(verdict(PUB, malleated, msg), R(G.sRange));
  assert.equal(verdict(PUB, malleated, msg, [G.sRange]), ACCEPT);
  assert.equal(verdict(PUB, rHex + hex(toLE(s + 2n * L)), msg, [G.sRange]), ACCEPT);
  // R rules come first.
  assert.equal(verdict(PUB, BLOCK14[4] + "ff".repeat(32), msg), R(G.rSmallOrder));
});

test("rule order: the first failing rule wins", () => {
  const big = "ff".repeat(32);
  assert.equal(verdict("00", "00", ""), R(G.keyLength));
  assert.equal(verdict(hex(toLE(P)), "00", ""), R(G.sigLength));
  assert.equal(verdict(hex(toLE(P)), BLOCK14[0] + big, ""), R(G.keyNoncanonical));
  assert.equal(verdict(BLOCK14[0], BLOCK14[0] + big, ""), R(G.keySmallOrder));
  assert.equal(verdict(hex(toLE(2n)), BLOCK14[0] + big, ""), R(G.keyPoint));
  assert.equal(verdict(PUB, BLOCK14[0] + big, ""), R(G.rSmallOrder));
  assert.equal(verdict(PUB, "11".repeat(32) + big, ""), R(G.sRange));
  assert.equal(verdict(PUB, "11".repeat(32) + "00".repeat(32), ""), R(G.verify));
  // Each guard ignored in turn: the next rule speaks.
  assert.equal(verdict(BLOCK14[0], BLOCK14[0] + big, "", [G.keySmallOrder]), R(G.rSmallOrder));
  assert.equal(verdict(PUB, BLOCK14[0] + big, "", [G.rSmallOrder]), R(G.sRange));
  assert.equal(verdict(PUB, BLOCK14[0] + big, "", [G.rSmallOrder, G.sRange]), R(G.verify));
  assert.equal(verdict(PUB, "11".repeat(32) + "00".repeat(32), "", [G.verify]), ACCEPT);
});

// --- corpora ---------------------------------------------------------------------

function corpus(t, rel) {
  const dir = corporaDir();
  if (dir === null) {
    missing(t, "the shared corpora");
    return null;
  }
  return JSON.parse(readFileSync(join(dir, "ed25519", rel), "utf8"));
}

// Wycheproof flags this loader knows; none changes the verdict (spec/ed25519.md).
const WYCHEPROOF_FLAGS = new Set(["Valid", "CompressedSignature", "InvalidEncoding", "InvalidKtv",
  "InvalidSignature", "Ktv", "SignatureMalleability", "SignatureWithGarbage", "TinkOverflow", "TruncatedSignature"]);

for (const [file, label] of [["wycheproof/ed25519_test.json", "v1"], ["wycheproof/eddsa_test_legacy.json", "legacy"]]) {
  test(`corpus: Wycheproof ${label}: valid is accept, invalid is refuse`, (t) => {
    const doc = corpus(t, file);
    if (doc === null) return;
    const tally = {};
    const wrong = [];
    let n = 0;
    for (const g of doc.testGroups) {
      const pk = g.publicKey?.pk ?? g.key?.pk;
      assert.equal(typeof pk, "string");
      for (const c of g.tests) {
        for (const f of c.flags) assert.ok(WYCHEPROOF_FLAGS.has(f), "unknown Wycheproof flag " + f);
        assert.ok(c.result === "valid" || c.result === "invalid", c.result);
        const got = verdict(pk, c.sig, c.msg);
        tally[got] = (tally[got] ?? 0) + 1;
        if ((got === ACCEPT) !== (c.result === "valid")) wrong.push([c.tcId, c.result, got, c.comment]);
        n++;
      }
    }
    assert.equal(n, doc.numberOfTests);
    assert.deepEqual(wrong, []);
    t.diagnostic(`${n} cases agree: ${JSON.stringify(tally)}`);
  });
}

const CCTV_REFUSE = new Set(["low_order_A", "non_canonical_A", "low_order_R", "non_canonical_R", "low_order_residue"]);
const CCTV_NEUTRAL = new Set(["low_order_component_A", "low_order_component_R", "reencoded_k"]);

test("corpus: CCTV: refuse iff a refusing flag is set", (t) => {
  const doc = corpus(t, "cctv/ed25519vectors.json");
  if (doc === null) return;
  assert.equal(doc.length, 914);
  const tally = {};
  const wrong = [];
  for (const c of doc) {
    const flags = c.flags ?? [];
    for (const f of flags) assert.ok(CCTV_REFUSE.has(f) || CCTV_NEUTRAL.has(f), "unknown CCTV flag " + f);
    const got = verdict(c.key, c.sig, Buffer.from(c.msg, "utf8").toString("hex"));
    tally[got] = (tally[got] ?? 0) + 1;
    if ((got !== ACCEPT) !== flags.some((f) => CCTV_REFUSE.has(f))) wrong.push([c.number, flags, got]);
  }
  assert.deepEqual(wrong, []);
  t.diagnostic(`914 vectors agree: ${JSON.stringify(tally)}`);
});

// This mirror's verdicts on the 12 cases of "Taming the many EdDSAs", with
// the reason each follows from spec/ed25519.md's rule order.
const SPECCHECK = [
  [R(G.keySmallOrder), "0: small-order A (and small-order R), S = 0"],
  [R(G.keySmallOrder), "1: small-order A, mixed-order R"],
  [R(G.rSmallOrder), "2: small-order R, mixed-order A"],
  [ACCEPT, "3: mixed-order A and R, cofactorless equation holds"],
  [R(G.verify), "4: mixed-order A and R, only the cofactored equation holds"],
  [R(G.verify), "5: as 4, the other way round"],
  [R(G.sRange), "6: S > L"],
  [R(G.sRange), "7: S >> L"],
  [R(G.rSmallOrder), "8: non-canonical R (y = p-1 with the sign bit, x = 0): masked, it is a blocklist entry"],
  [R(G.rSmallOrder), "9: as 8"],
  [R(G.keySmallOrder), "10: non-canonical A (y = p-1 with the sign bit): y < p passes rule 3; masked, a blocklist entry"],
  [R(G.keySmallOrder), "11: as 10"],
];

test("corpus: speccheck: the 12 cases", (t) => {
  const doc = corpus(t, "speccheck/cases.json");
  if (doc === null) return;
  assert.equal(doc.length, 12);
  doc.forEach((c, i) => {
    const got = verdict(c.pub_key, c.signature, c.message);
    t.diagnostic(`speccheck ${i}: ${got === ACCEPT ? "accept" : got}`);
    assert.equal(got, SPECCHECK[i][0], SPECCHECK[i][1]);
  });
});

test("rule 8 is the cofactorless equation: node:crypto agrees with the BigInt oracle on every corpus case", (t) => {
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const cases = [];
  const w = JSON.parse(readFileSync(join(dir, "ed25519/wycheproof/ed25519_test.json"), "utf8"));
  for (const g of w.testGroups) for (const c of g.tests) cases.push([g.publicKey.pk, c.sig, c.msg]);
  for (const c of JSON.parse(readFileSync(join(dir, "ed25519/cctv/ed25519vectors.json"), "utf8"))) {
    cases.push([c.key, c.sig, Buffer.from(c.msg, "utf8").toString("hex")]);
  }
  for (const c of JSON.parse(readFileSync(join(dir, "ed25519/speccheck/cases.json"), "utf8"))) {
    cases.push([c.pub_key, c.signature, c.message]);
  }
  let accepted = 0;
  let n = 0;
  const wrong = [];
  for (const [k, s, m] of cases) {
    const kb = Buffer.from(k, "hex");
    const sb = Buffer.from(s, "hex");
    if (kb.length !== 32 || sb.length !== 64) continue;
    // With every screen (rules 3-7) ignored, only rule 8 decides.
    const got = verdict(k, s, m, SCREENS);
    const want = verifyEquation(kb, sb, Buffer.from(m, "hex")) ? ACCEPT : R(G.verify);
    if (got !== want) wrong.push([k, s, m, got]);
    if (got === ACCEPT) accepted++;
    n++;
  }
  assert.deepEqual(wrong, []);
  t.diagnostic(`${n} cases, ${accepted} satisfy the cofactorless equation, node:crypto agrees on all`);
});

test("any 32 bytes import as a key: random keys and signatures never crash", () => {
  const r = rng(99);
  const bytesHex = (n) => hex(Buffer.from(Array.from({ length: n }, () => Math.floor(r() * 256))));
  for (let i = 0; i < 300; i++) {
    const k = i % 3 === 0 ? BLOCK14[i % 14] : bytesHex(32);
    const s = i % 5 === 0 ? BLOCK14[(i >> 1) % 14] + bytesHex(32) : bytesHex(64);
    const m = bytesHex(i % 7);
    const got = verdict(k, s, m, SCREENS);
    assert.equal(got, verifyEquation(Buffer.from(k, "hex"), Buffer.from(s, "hex"), Buffer.from(m, "hex")) ? ACCEPT : R(G.verify));
  }
});

test("a refusal after parsing carries the JSON pointer of the value refused (PROTOCOL.md, run: at)", () => {
  const at = (input) => outcome(verify, JSON.stringify(input)).at;
  assert.deepEqual(at({ key: "00", sig: "00".repeat(64), msg: "" }), { pointer: "/key" });
  assert.deepEqual(at({ key: "00".repeat(32), sig: "00", msg: "" }), { pointer: "/sig" });
  assert.deepEqual(at({ key: "0", sig: "00", msg: "" }), { pointer: "/key" });
  assert.deepEqual(at({ key: "00" }), { pointer: "" });
});

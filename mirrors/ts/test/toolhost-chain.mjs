// Test data of toolhost/1 (spec/toolhost.md), for the mirror's own tests:
// the base chain and its 21 outputs read from the spec (section 8.3), the
// four test keys (section 8.2, NOT FOR PRODUCTION), and a sealer written
// here from sections 1.6 and 8.4, independent of the mirror's modules:
// JCS by a sorted JSON.stringify (enough for the strings, safe integers,
// booleans, nulls, arrays and objects of these documents), SHA-256 and
// Ed25519 signing by node:crypto. So a test can change one member of the
// chain, reseal the rest, and expect exactly one defect.
//
// Test keys: NOT FOR PRODUCTION.

import { createHash, createPrivateKey, createPublicKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { REPO } from "./helpers.mjs";

const SPEC = readFileSync(resolve(REPO, "spec/toolhost.md"), "utf8");

/** The base chain of section 8.3, as plain JS values (every number a safe integer). */
export const BASE = (() => {
  const from = SPEC.indexOf("### 8.3 Canonical instances");
  const open = SPEC.indexOf("```json\n", from) + "```json\n".length;
  const close = SPEC.indexOf("\n```", open);
  return Object.freeze(JSON.parse(SPEC.slice(open, close)));
})();

/** The 21 operations' outputs on the base chain (section 8.3), by operation. */
export const BASE_OUTPUTS = (() => {
  const from = SPEC.indexOf("The 21 operations' outputs");
  const to = SPEC.indexOf("### 8.4", from);
  const out = {};
  for (const m of SPEC.slice(from, to).matchAll(/- `([a-z0-9-]+)`:\n\n {6}(\{.*\})\n/g)) out[m[1]] = m[2];
  return Object.freeze(out);
})();

/** Each operation's envelope members, in order (the spec's Operations table). */
export const ENVELOPES = Object.freeze({
  "validate-trust": ["trust"],
  "validate-device-proof": ["trust", "device_proof", "now"],
  "validate-host-open-proof": ["host_open_proof", "device_proof"],
  "validate-observer-channel-receipt": ["observer_channel_receipt"],
  "validate-runtime-capability": ["runtime_capability"],
  "validate-registry": ["registry"],
  "validate-host-lease": ["trust", "host_lease", "now"],
  "validate-invocation": ["invocation"],
  "validate-cancellation": ["cancellation"],
  "validate-result": ["result"],
  "validate-workspace-status-input": ["workspace_status_input"],
  "validate-workspace-status": ["workspace_status"],
  "check-lease-binding": ["trust", "device_proof", "registry", "host_lease", "now"],
  "check-host-open-binding": ["trust", "device_proof", "host_open_proof", "registry", "host_lease", "challenge", "now"],
  "check-invocation": ["trust", "registry", "host_lease", "invocation", "now"],
  "check-tool-arguments": ["invocation"],
  "check-tool-payload": ["result"],
  "check-cancellation": ["trust", "host_lease", "invocation", "cancellation", "now"],
  "check-result": ["registry", "invocation", "result"],
  "assert-e1-canary-registry": ["registry"],
  "check-capability-receipt": ["runtime_capability", "observer_channel_receipt"],
});

export const SCHEMA = Object.freeze({
  deviceProof: "aether.managed-tool-device-proof/1",
  hostOpen: "aether.managed-tool-host-open/1",
  receipt: "aether.managed-tool-observer-channel-receipt/1",
  capability: "aether.managed-tool-runtime-capability/1",
  registry: "aether.managed-tool-registry/1",
  hostLease: "aether.managed-tool-host-lease/1",
  invocation: "aether.managed-tool-invocation/1",
  cancellation: "aether.managed-tool-cancellation/1",
  result: "aether.managed-tool-result/1",
  workspaceStatus: "aether.managed-tool-workspace-status/1",
  arguments: "aether.managed-tool-arguments/1",
});

// --- JCS, digests, keys -------------------------------------------------------

/** RFC 8785 for plain values of safe integers, strings, booleans, null, arrays and objects. */
export function jcs(v) {
  if (v === null || typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new Error(`jcs: ${v} is not a safe integer`);
    return String(v);
  }
  if (Array.isArray(v)) return `[${v.map(jcs).join(",")}]`;
  const names = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${names.map((n) => `${JSON.stringify(n)}:${jcs(v[n])}`).join(",")}}`;
}

/** The UTF-8 byte count of JCS(v). */
export const canonicalBytes = (v) => Buffer.byteLength(jcs(v), "utf8");

/** v without the top-level members `omit`. */
export function without(v, omit) {
  return Object.fromEntries(Object.entries(v).filter(([k]) => !omit.includes(k)));
}

/** ASCII(prefix) + LF + JCS(v without omit): a signing input (section 1.6). */
export const signingInput = (prefix, v, omit = []) => Buffer.from(`${prefix}\n${jcs(without(v, omit))}`, "utf8");

/** H(prefix, v without omit) (section 1.6). */
export const H = (prefix, v, omit = []) =>
  "sha256:" + createHash("sha256").update(signingInput(prefix, v, omit)).digest("hex");

const b64url = (b) => Buffer.from(b).toString("base64url");

/** A test key (section 8.2): seed SHA-256("conform toolhost/1 test key <label> NOT FOR PRODUCTION"). */
function testKey(label) {
  const seed = createHash("sha256").update(`conform toolhost/1 test key ${label} NOT FOR PRODUCTION`).digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]),
    format: "der",
    type: "pkcs8",
  });
  const publicKey = createPublicKey(privateKey);
  const raw = publicKey.export({ format: "der", type: "spki" }).subarray(12);
  return Object.freeze({ label, seed, privateKey, publicKey, raw, public: b64url(raw) });
}

/** The four test keys of section 8.2, by label (NOT FOR PRODUCTION). */
export const KEYS = Object.freeze(
  Object.fromEntries(["cloud-a", "cloud-b", "device-a", "device-b"].map((l) => [l, testKey(l)])),
);

/** The challenge of section 8.2: base64url of SHA-256("conform toolhost/1 challenge NOT FOR PRODUCTION"). */
export const CHALLENGE = b64url(createHash("sha256").update("conform toolhost/1 challenge NOT FOR PRODUCTION").digest());

/** Signs msg with the test key whose public key is `publicB64`, or returns null when none is. */
function signWith(publicB64, msg) {
  const key = Object.values(KEYS).find((k) => k.public === publicB64);
  return key === undefined ? null : b64url(sign(null, msg, key.privateKey));
}

// --- sealing (section 8.4) ------------------------------------------------------

const clone = (v) => JSON.parse(JSON.stringify(v));

/** The base chain with workspace_status_input, workspace_status and challenge added (section 8.3). */
export function chain() {
  const c = clone(BASE);
  return c;
}

/**
 * Reseals chain c in the order of section 8.4, recomputing every member
 * but those in `keep` (paths "doc.member", the members a mutation set).
 * Returns c.
 */
export function reseal(c, keep = []) {
  const k = new Set(keep);
  const set = (doc, name, value) => {
    if (!k.has(`${doc}.${name}`) && c[doc] !== undefined && value !== null) c[doc][name] = value;
  };
  const trustKey = (keyId) => c.trust.keys.find((x) => x.key_id === keyId)?.public_key;
  set("registry", "registry_digest", H(SCHEMA.registry, c.registry, ["registry_digest"]));
  const dp = c.device_proof;
  set("device_proof", "proof_digest", H(SCHEMA.deviceProof, dp, ["proof_digest", "cloud_signature"]));
  set("device_proof", "cloud_signature", signWith(trustKey(dp.key_id), signingInput(SCHEMA.deviceProof, dp, ["cloud_signature"])));
  set("host_lease", "registry_digest", c.registry.registry_digest);
  set(
    "host_lease",
    "cloud_signature",
    signWith(trustKey(c.host_lease.key_id), signingInput(SCHEMA.hostLease, c.host_lease, ["cloud_signature"])),
  );
  set("host_open_proof", "registry_digest", c.registry.registry_digest);
  set("host_open_proof", "device_proof_digest", H(SCHEMA.deviceProof, dp, ["proof_digest", "cloud_signature"]));
  set(
    "host_open_proof",
    "device_signature",
    signWith(dp.device_public_key, signingInput(SCHEMA.hostOpen, c.host_open_proof, ["schema_id", "device_signature"])),
  );
  set("invocation", "arguments_digest", H(SCHEMA.arguments, c.invocation.arguments));
  set("invocation", "invocation_digest", H(SCHEMA.invocation, c.invocation, ["invocation_digest"]));
  const payload = c.result.payload;
  if (payload !== null && typeof payload === "object" && "status_digest" in payload && !k.has("workspace_status.status_digest")) {
    payload.status_digest = H(SCHEMA.workspaceStatus, payload, ["status_digest"]);
  }
  set("result", "bounded_bytes", payload === null ? 0 : canonicalBytes(payload));
  set("result", "invocation_digest", c.invocation.invocation_digest);
  set("result", "result_digest", H(SCHEMA.result, c.result, ["result_digest"]));
  set("cancellation", "target_invocation_digest", c.invocation.invocation_digest);
  set("cancellation", "cancellation_digest", H(SCHEMA.cancellation, c.cancellation, ["cancellation_digest"]));
  set("runtime_capability", "capability_digest", H(SCHEMA.capability, c.runtime_capability, ["capability_digest"]));
  set("observer_channel_receipt", "capability_digest", c.runtime_capability.capability_digest);
  set("observer_channel_receipt", "receipt_digest", H(SCHEMA.receipt, c.observer_channel_receipt, ["receipt_digest"]));
  return c;
}

/**
 * The envelope of `op` over chain c, as JSON text: its members in order,
 * workspace_status_input being the invocation's arguments, workspace_status
 * the result's payload, challenge the issued one; `extra` members are set
 * (or, with the value undefined, removed) after.
 */
export function envelope(op, c, extra = {}) {
  const all = {
    ...c,
    workspace_status_input: c.invocation.arguments,
    workspace_status: c.result.payload,
    challenge: c.challenge ?? CHALLENGE,
  };
  const env = Object.fromEntries(ENVELOPES[op].map((n) => [n, all[n]]));
  for (const [name, v] of Object.entries(extra)) {
    if (v === undefined) delete env[name];
    else env[name] = v;
  }
  return JSON.stringify(env);
}

// --- a BigInt Ed25519 for the forged host-open signature (section 8.5) ---------

const P = (1n << 255n) - 19n;
const L = (1n << 252n) + 27742317777372353535851937790883648493n;
const mod = (a, m = P) => ((a % m) + m) % m;
function pow(b, e) {
  let r = 1n;
  let x = mod(b);
  while (e > 0n) {
    if (e & 1n) r = (r * x) % P;
    x = (x * x) % P;
    e >>= 1n;
  }
  return r;
}
const inv = (a) => pow(a, P - 2n);
const D = mod(-121665n * inv(121666n));
const SQRT_M1 = pow(2n, (P - 1n) / 4n);
const le = (b) => {
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i]);
  return n;
};
const toLE = (n) => {
  const out = Buffer.alloc(32);
  for (let i = 0; i < 32; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
};
/** Affine (x, y) points; the twisted Edwards addition law (RFC 8032 5.1.4), complete. */
function add([x1, y1], [x2, y2]) {
  const t = mod(D * x1 * x2 * y1 * y2);
  return [mod((x1 * y2 + x2 * y1) * inv(1n + t)), mod((y1 * y2 + x1 * x2) * inv(1n - t))];
}
function mul(s, Q) {
  let R = [0n, 1n];
  let A = Q;
  for (let e = s; e > 0n; e >>= 1n) {
    if (e & 1n) R = add(R, A);
    A = add(A, A);
  }
  return R;
}
/** RFC 8032 5.1.3 decoding of a canonical encoding, or null. */
function decodePoint(bytes) {
  const sign = bytes[31] >> 7;
  const y = le(bytes) & ((1n << 255n) - 1n);
  const u = mod(y * y - 1n);
  const v = mod(D * y * y + 1n);
  let x = mod(u * pow(v, 3n) * pow(u * pow(v, 7n), (P - 5n) / 8n));
  if (mod(v * x * x) === mod(-u)) x = mod(x * SQRT_M1);
  else if (mod(v * x * x) !== u) return null;
  if (Number(x & 1n) !== sign) x = mod(-x);
  return [x, y];
}
const encodePoint = ([x, y]) => toLE(y | ((x & 1n) << 255n));
const BASEPOINT = decodePoint(toLE(mod(4n * inv(5n))));

/**
 * The forged signature of section 8.5 under the all-zero key A (y = 0,
 * order 4): R || S with S the smallest from 1 and t the smallest of 0..3
 * such that, R = [S]B - [t]A, SHA-512(R || A || msg) mod L is t mod 4.
 * It satisfies the cofactorless equation with no private key.
 */
export function forgeZeroKey(msg) {
  const keyBytes = Buffer.alloc(32);
  const A = decodePoint(keyBytes);
  for (let S = 1n; ; S++) {
    const SB = mul(S, BASEPOINT);
    for (let t = 0n; t < 4n; t++) {
      const tA = mul(t, A);
      const R = encodePoint(add(SB, [mod(-tA[0]), tA[1]]));
      const k = mod(le(createHash("sha512").update(R).update(keyBytes).update(msg).digest()), L);
      if (k % 4n === t) return b64url(Buffer.concat([R, toLE(S)]));
    }
  }
}

/** The identity-R forgery of the seed (R = identity, S = 0). */
export const IDENTITY_FORGERY = b64url(Buffer.concat([toLE(1n), Buffer.alloc(32)]));

// toolhost/1 (spec/toolhost.md): the base chain's 21 outputs (section 8.3),
// the envelope (section 1.1), each rule of each field kind at its bounds
// (sections 1.3-1.5, 1.8, 1.9), the object rules, digests, signatures
// and freshness (sections 1.6, 1.7, 1.11, 2), each cross-object rule
// (section 4), the precedence between two defects (sections 1.4, 7
// decided rule 32), and what each guard does when it is ignored (section
// 5): every single-defect input below is refused with exactly its message,
// and with that one guard ignored it is accepted, or, where section 5 or 8
// says it cannot be (a tag), refused with a message of the table.
//
// Every input is the base chain with one change, resealed by the test's
// own sealer (toolhost-chain.mjs), so only the target defect remains.
// Test keys: NOT FOR PRODUCTION.

import assert from "node:assert/strict";
import { test } from "node:test";
import { SCHEMA as MODULE_SCHEMA } from "../dist/toolhost/documents.js";
import { OPERATIONS, REFUSALS, documentMessageList } from "../dist/toolhost/index.js";
import { parseValue } from "../dist/jsonvalue.js";
import { serializedSize } from "../dist/toolhost/validate.js";
import { GUARDS, outcome } from "./helpers.mjs";
import { check, documentsOf, shapeLevel, target } from "./toolhost-oracle.mjs";
import {
  BASE,
  BASE_OUTPUTS,
  CHALLENGE,
  ENVELOPES,
  H,
  IDENTITY_FORGERY,
  KEYS,
  SCHEMA,
  canonicalBytes,
  chain,
  envelope,
  forgeZeroKey,
  jcs,
  reseal,
  signingInput,
} from "./toolhost-chain.mjs";

const TABLE = Object.values(REFUSALS);
const MESSAGES = new Set(TABLE.map((g) => g.message));
/** The guard whose message is m (a typo in a test fails here). */
function guardOf(m) {
  const g = TABLE.find((x) => x.message === m);
  assert.ok(g !== undefined, `no refusal "${m}"`);
  return g;
}

const OPS = Object.keys(ENVELOPES);
const NOW = BASE.now;

/** The outcome of op on input text, as "ok <output>" or the refusal message. */
function answer(op, input, ignore = []) {
  const o = outcome(OPERATIONS[op], input, ignore);
  return o.ok !== undefined ? `ok ${o.ok.toString("latin1")}` : o.refused;
}

/**
 * A variant of the base chain: mutate(c) changes it and returns the
 * members it set ("doc.member"), which are not resealed; the rest is
 * resealed (section 8.4). `seal: false` skips the resealing.
 */
function variant(mutate, { seal = true, after = () => undefined } = {}) {
  const c = chain();
  const keep = mutate(c) ?? [];
  const out = seal ? reseal(c, keep) : c;
  after(out);
  return out;
}

/**
 * Expects op on the input to be refused with `message`, and, with that
 * guard ignored, accepted (flip) or still refused with a table message.
 */
function single(op, input, message, flip = true) {
  const got = answer(op, input);
  assert.equal(got, message, `${op}: ${input.slice(0, 300)}`);
  shapeOracle(op, input, message);
  const ignored = answer(op, input, [guardOf(message)]);
  if (flip) {
    assert.ok(ignored.startsWith("ok "), `${op} "${message}" ignored: ${ignored}`);
  } else {
    assert.ok(!ignored.startsWith("ok "), `${op} "${message}" ignored should not flip: ${ignored}`);
    assert.ok(MESSAGES.has(ignored), ignored);
  }
}

/** Expects op to accept the input (any verdict); its documents validate against their schemas. */
function accepts(op, input) {
  const got = answer(op, input);
  assert.ok(got.startsWith("ok "), `${op}: ${got}\n${input.slice(0, 300)}`);
  for (const [name, value] of documentsOf(op, JSON.parse(input))) {
    if (op === "validate-host-open-proof" && name === "device_proof") continue; // taken unvalidated (section 4.3)
    assert.equal(check(name, value), null, `${op}: ${name} accepted but fails its schema`);
  }
  return got.slice(3);
}

/** The schema oracle (section 6.3): a shape-level refusal's target document fails its schema. */
function shapeOracle(op, input, message) {
  if (!shapeLevel(message)) return;
  if (/ is not an integer from /.test(message) && /:-0[,}\]]/.test(input)) return; // JSON Schema reads -0 as 0
  let env;
  try {
    env = JSON.parse(input);
  } catch {
    return;
  }
  const [name, value] = target(op, env, message);
  assert.notEqual(check(name, value), null, `${op}: "${message}" but ${name} validates against its schema`);
}

test("the test keys, the challenge and the sealer reproduce the base chain of section 8.2 and 8.3", () => {
  const table = {
    "cloud-a": "N49pgJq3lCtwOj9YupJPXpRHU3IZKsKup0SmPp7bGMM",
    "cloud-b": "dc5O4ubgm8KvARLOHUbOXg9hh758b0p65DEJoik4d1A",
    "device-a": "jU0gcr_1M3CSIYvrV8BaccSiTMLAuzYRRiXz4G6P9c0",
    "device-b": "1klXrFU-FVePCLtSlPPNq3hKGnSR2KGrl5fK9rSjhfg",
  };
  for (const [label, pub] of Object.entries(table)) assert.equal(KEYS[label].public, pub);
  assert.equal(CHALLENGE, BASE.host_open_proof.challenge);
  assert.equal(jcs(reseal(chain())), jcs(BASE));
  assert.deepEqual(Object.keys(BASE_OUTPUTS), OPS);
  for (const [k, v] of Object.entries(SCHEMA)) assert.equal(MODULE_SCHEMA[k], v, k);
});

test("section 8.3: the 21 operations' outputs on the base chain, byte for byte", () => {
  for (const op of OPS) assert.equal(answer(op, envelope(op, BASE)), `ok ${BASE_OUTPUTS[op]}`, op);
  // Member order inside the documents and the envelope is free; whitespace too.
  for (const op of OPS) {
    const reversed = (v) =>
      v !== null && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)]))
        : v;
    const text = JSON.stringify(reversed(JSON.parse(envelope(op, BASE))), null, "\t");
    assert.equal(answer(op, ` \r\n${text}\n`), `ok ${BASE_OUTPUTS[op]}`, op);
  }
});

test("every message the document tables build is a row of the refusal table, once", () => {
  const built = documentMessageList();
  assert.deepEqual(
    built.filter((m) => !MESSAGES.has(m)),
    [],
  );
  assert.equal(new Set(built).size, built.length);
  assert.equal(TABLE.length, 549);
});

// --- section 1.1: the envelope ----------------------------------------------------

test("the envelope: JSON value input, an object, closed, each member present and typed in order", () => {
  for (const op of OPS) {
    const members = ENVELOPES[op];
    const base = envelope(op, BASE);
    single(op, base.slice(0, -1), "input is not valid JSON", false);
    single(op, "\ufeff" + base, "input is not valid JSON", false);
    single(op, base.replace("{", `{"${members[0]}":1,`), "input is not valid JSON", false); // a duplicate member
    for (const bad of ["[]", '"x"', "1", "null", "true"]) single(op, bad, "input is not a JSON object", false);
    const stray = members.includes("now") ? "x" : "now";
    single(op, envelope(op, BASE, { [stray]: NOW }), "input has a member the operation does not take");
    for (const m of members) {
      const message =
        m === "now"
          ? "now is missing or is not an integer from -62135596800000 to 253402300799999"
          : m === "challenge"
            ? "challenge is missing or is not a string"
            : `${m} is missing or is not an object`;
      single(op, envelope(op, BASE, { [m]: undefined }), message, false);
      for (const wrong of m === "challenge" ? [1, null, [], {}] : m === "now" ? [[], "x", null, 1.5, true, {}] : [[], "x", null, 1, true]) {
        single(op, envelope(op, BASE, { [m]: wrong }), message, false);
      }
    }
    // Presence before the closed check's neighbours: the first missing member in order wins.
    if (members.length > 1) {
      const first = members[0];
      assert.equal(answer(op, envelope(op, BASE, { [members[1]]: undefined, [first]: undefined })), `${first} is missing or is not an object`);
    }
    // The stray member beats a missing one.
    assert.equal(answer(op, envelope(op, BASE, { [stray]: 1, [members[0]]: undefined })), "input has a member the operation does not take");
  }
});

test("now: an integer literal from -62135596800000 to 253402300799999", () => {
  const op = "validate-host-lease";
  const message = "now is missing or is not an integer from -62135596800000 to 253402300799999";
  const base = envelope(op, BASE);
  const withNow = (text) => base.replace(`"now":${NOW}`, `"now":${text}`);
  for (const bad of ["1.0", "-0", "1e3", "1790080205000.0", '"1790080205000"', "-62135596800001", "253402300800000", "1e400"]) {
    single(op, withNow(bad), message, false);
  }
  // The ends are accepted by the envelope (and then met by the lease's freshness).
  assert.equal(answer(op, withNow("-62135596800000")), "trust.issued_at is more than 30 s after now");
  assert.equal(answer(op, withNow("253402300799999")), "trust.expires_at is 30 s or more before now");
  assert.equal(answer(op, withNow("0")), "trust.issued_at is more than 30 s after now");
});

// --- section 1.3: field kinds -------------------------------------------------------

test("const, false, enum: the units as given, never their JSON spelling", () => {
  single("validate-trust", envelope("validate-trust", variant((c) => { c.trust.schema_id = "aether.managed-tool-trust/2"; })), "trust.schema_id is not aether.managed-tool-trust/1");
  // An escaped spelling of the same units is the same value.
  const escaped = envelope("validate-trust", BASE).replace('"schema_id":"aether.managed-tool-trust/1"', '"schema_id":"\\u0061ether.managed-tool-trust\\/1"');
  assert.equal(answer("validate-trust", escaped), `ok ${BASE_OUTPUTS["validate-trust"]}`);
  const cap = (f) => envelope("validate-runtime-capability", variant(f));
  single("validate-runtime-capability", cap((c) => { c.runtime_capability.grants_execution_authority = true; }), "runtime_capability.grants_execution_authority is not false");
  single("validate-runtime-capability", cap((c) => { c.runtime_capability.orders_enabled = true; }), "runtime_capability.orders_enabled is not false");
  single("validate-runtime-capability", cap((c) => { c.runtime_capability.execution_authority = "None"; }), "runtime_capability.execution_authority is not none");
  single("validate-runtime-capability", cap((c) => { c.runtime_capability.grants_execution_authority = null; }), "runtime_capability.grants_execution_authority is missing or is not a boolean", false);
  const ws = (f) => envelope("validate-workspace-status", variant(f));
  single("validate-workspace-status", ws((c) => { c.result.payload.ats_status.connection = "up"; }), "workspace_status.ats_status.connection is not an allowed value");
  single("validate-workspace-status", ws((c) => { c.result.payload.ats_status.effective_mode = "OBSERVE"; }), "workspace_status.ats_status.effective_mode is not an allowed value");
  for (const mode of ["offline", "observe", "review_only", "paper", "approve", "auto", "orders_paused", "emergency_locked"]) {
    accepts("validate-workspace-status", ws((c) => { c.result.payload.ats_status.effective_mode = mode; }));
  }
  single("validate-workspace-status", ws((c) => { c.result.payload.local_status.host_state = "ready "; }), "workspace_status.local_status.host_state is not an allowed value");
  // include_diagnostics is any boolean.
  const wsi = (f) => envelope("validate-workspace-status-input", variant(f));
  accepts("validate-workspace-status-input", wsi((c) => { c.invocation.arguments.include_diagnostics = false; }));
  single("validate-workspace-status-input", wsi((c) => { c.invocation.arguments.include_diagnostics = "true"; }), "workspace_status_input.include_diagnostics is missing or is not a boolean", false);
});

test("the ID grammar and the scdev_ namespace", () => {
  const dp = (f) => envelope("validate-device-proof", variant(f));
  const lease = (f) => envelope("validate-host-lease", variant(f));
  const idOk = ["a", "A", "0", "a".repeat(128), "x.y_z-0", "ats.workspace_status"];
  const idBad = ["", "a".repeat(129), "-a", ".a", "_a", "a b", "a/b", "a\u00e9", "a\u0000", "\ud800", "a\n", "a\u2028"];
  for (const id of idOk) accepts("validate-host-lease", lease((c) => { c.host_lease.lease_id = id; }));
  for (const id of idBad) {
    // A lone surrogate, kept by the ignored grammar, has no JCS: the signing input meets toolhost.jcs.
    single("validate-host-lease", lease((c) => { c.host_lease.lease_id = id; }), "host_lease.lease_id does not match the ID grammar", id !== "\ud800");
  }
  for (const id of ["scdev_x", "scdev_" + "a".repeat(122), "scdev_01J8Z3D5Q2A7"]) accepts("validate-device-proof", dp((c) => { c.device_proof.device_id = id; }));
  single("validate-device-proof", dp((c) => { c.device_proof.device_id = "scdev_"; }), "device_proof.device_id is not in the scdev_ namespace");
  single("validate-device-proof", dp((c) => { c.device_proof.device_id = "Scdev_x"; }), "device_proof.device_id is not in the scdev_ namespace");
  single("validate-device-proof", dp((c) => { c.device_proof.device_id = "dev-1"; }), "device_proof.device_id is not in the scdev_ namespace");
  // The grammar first, then the namespace.
  single("validate-device-proof", dp((c) => { c.device_proof.device_id = "scdev_" + "a".repeat(123); }), "device_proof.device_id does not match the ID grammar");
  assert.equal(answer("validate-device-proof", dp((c) => { c.device_proof.device_id = "_x"; })), "device_proof.device_id does not match the ID grammar");
  assert.equal(
    answer("validate-device-proof", dp((c) => { c.device_proof.device_id = "_x"; }), [guardOf("device_proof.device_id does not match the ID grammar")]),
    "device_proof.device_id is not in the scdev_ namespace",
  );
});

test("the normalized https origin", () => {
  const dp = (o) => envelope("validate-device-proof", variant((c) => { c.device_proof.cloud_origin_id = o; }));
  const good = [
    "https://a.b",
    "https://cloud.aethersystems.net:8443",
    "https://x.y:1",
    "https://x.y:65535",
    "https://x.y:442",
    "https://x.y:444",
    "https://0-a.b-1.c",
    `https://${"a".repeat(63)}.io`,
    `https://${"a.".repeat(123)}io`, // 256 units
  ];
  const bad = [
    "http://a.b",
    "HTTPS://a.b",
    "https://A.b",
    "https://localhost",
    "https://a.b/",
    "https://a.b/x",
    "https://a.b?x",
    "https://a.b#x",
    "https://u@a.b",
    "https://a.b.",
    "https://-a.b",
    "https://a-.b",
    "https://a.b-",
    "https://a.1b",
    "https://1.2.3.4",
    "https://[::1]",
    "https://a.b:443",
    "https://a.b:0",
    "https://a.b:65536",
    "https://a.b:0443",
    "https://a.b:",
    `https://${"a".repeat(64)}.io`,
    `https://${"a.".repeat(123)}iox`, // 257 units
    "https://a..b",
    " https://a.b",
    "https://a.b\n",
  ];
  assert.equal(`https://${"a.".repeat(123)}io`.length, 256);
  for (const o of good) accepts("validate-device-proof", dp(o));
  for (const o of bad) single("validate-device-proof", dp(o), "device_proof.cloud_origin_id is not a normalized https origin");
});

test("timestamps: the shape, then a real instant; an ignored instant rolls over", () => {
  const tr = (f) => envelope("validate-trust", variant(f));
  for (const s of ["2026-09-01T00:00:00Z", "2026-09-01 00:00:00.000Z", "2026-09-01T00:00:00.000z", "2026-09-01T00:00:00.000+00:00", "\uff12026-09-01T00:00:00.000Z", "2026-09-01T00:00:00.000Z\n", "+02026-09-01T00:00:00.000Z"]) {
    single("validate-trust", tr((c) => { c.trust.issued_at = s; }), "trust.issued_at is not YYYY-MM-DDTHH:MM:SS.mmmZ", false);
  }
  for (const s of ["2026-02-29T00:00:00.000Z", "2026-09-31T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-00-10T00:00:00.000Z", "2026-09-00T00:00:00.000Z", "2026-09-01T24:00:00.000Z", "2026-09-01T00:60:00.000Z", "2026-09-01T00:00:60.000Z", "0000-09-01T00:00:00.000Z"]) {
    single("validate-trust", tr((c) => { c.trust.issued_at = s; }), "trust.issued_at is not a real instant");
  }
  accepts("validate-trust", tr((c) => { c.trust.issued_at = "2024-02-29T23:59:59.999Z"; }));
  accepts("validate-trust", tr((c) => { c.trust.issued_at = "0001-01-01T00:00:00.000Z"; }));
  const out = accepts("validate-trust", tr((c) => { c.trust.issued_at = "0001-01-01T00:00:00.000Z"; }));
  assert.equal(JSON.parse(out).issued_at_ms, -62135596800000);
  // Ignored: 2026-09-31 is 2026-10-01.
  const rolled = answer("validate-trust", tr((c) => { c.trust.issued_at = "2026-09-31T00:00:00.000Z"; }), [guardOf("trust.issued_at is not a real instant")]);
  assert.equal(JSON.parse(rolled.slice(3)).issued_at_ms, Date.parse("2026-10-01T00:00:00.000Z"));
  // A unicode escape of a digit is the digit.
  const esc = envelope("validate-trust", BASE).replace('"issued_at":"2026', '"issued_at":"\\u0032026');
  assert.equal(answer("validate-trust", esc), `ok ${BASE_OUTPUTS["validate-trust"]}`);
});

test("integers: the literal's fraction or exponent, then the range, exactly", () => {
  const op = "validate-device-proof";
  const base = envelope(op, BASE);
  const epoch = (t) => base.replace('"revocation_epoch":3', `"revocation_epoch":${t}`);
  for (const t of ["3.0", "3e0", "3E0", "0.3e1", "30e-1"]) single(op, epoch(t), "device_proof.revocation_epoch has a fraction or an exponent");
  // 3.5 is digested as 3.5: with the fraction ignored its integer part 3 passes, and the seal over 3 does not.
  assert.equal(answer(op, epoch("3.5")), "device_proof.revocation_epoch has a fraction or an exponent");
  assert.equal(answer(op, epoch("3.5"), [guardOf("device_proof.revocation_epoch has a fraction or an exponent")]), "device_proof.proof_digest does not match the recomputed digest");
  // Resealed over the value 0 (its digest and signature), so the literal -0 is the one defect.
  const zero = envelope(op, variant((c) => { c.device_proof.revocation_epoch = 0; }));
  accepts(op, zero);
  single(op, zero.replace('"revocation_epoch":0', '"revocation_epoch":-0'), "device_proof.revocation_epoch is not an integer from 0 to 9007199254740991");
  const reg = (f) => envelope("validate-registry", variant(f));
  const v = (n) => reg((c) => { c.registry.session_generation = n; });
  single("validate-registry", v(0), "registry.session_generation is not an integer from 1 to 9007199254740991");
  accepts("validate-registry", v(1));
  accepts("validate-registry", v(9007199254740991));
  single("validate-registry", v(-1), "registry.session_generation is not an integer from 1 to 9007199254740991");
  const big = envelope("validate-registry", BASE).replace('"session_generation":4', '"session_generation":9007199254740992');
  assert.equal(answer("validate-registry", big), "registry.session_generation is not an integer from 1 to 9007199254740991");
  const tool = (name, n) => reg((c) => { c.registry.tools[0][name] = n; });
  for (const [name, lo, hi] of [["max_argument_bytes", 1, 65536], ["max_result_bytes", 1, 262144], ["max_duration_ms", 1, 3600000]]) {
    accepts("validate-registry", tool(name, lo));
    accepts("validate-registry", tool(name, hi));
    single("validate-registry", tool(name, lo - 1), `registry.tools[].${name} is not an integer from ${lo} to ${hi}`);
    single("validate-registry", tool(name, hi + 1), `registry.tools[].${name} is not an integer from ${lo} to ${hi}`);
  }
  // The fraction rule before the range: 0.5 is not "out of range".
  const frac = envelope("validate-registry", BASE).replace('"max_duration_ms":30000', '"max_duration_ms":0.5');
  assert.equal(answer("validate-registry", frac), "registry.tools[].max_duration_ms has a fraction or an exponent");
  assert.equal(answer("validate-registry", frac, [guardOf("registry.tools[].max_duration_ms has a fraction or an exponent")]), "registry.tools[].max_duration_ms is not an integer from 1 to 3600000");
});

test("text: controls and unpaired surrogates at the first offending unit, then 1 to 256 scalar values", () => {
  const dp = (s) => envelope("validate-device-proof", variant((c) => { c.device_proof.account_subject = s; }));
  accepts("validate-device-proof", dp("\ud83d\ude00".repeat(256))); // 512 units
  accepts("validate-device-proof", dp("x".repeat(256)));
  accepts("validate-device-proof", dp("\u00a0\u2028\ufeff\u200b"));
  single("validate-device-proof", dp(""), "device_proof.account_subject is not 1 to 256 Unicode scalar values");
  single("validate-device-proof", dp("\ud83d\ude00".repeat(257)), "device_proof.account_subject is not 1 to 256 Unicode scalar values");
  for (const s of ["a\u0000", "\u001f", "\u007f", "a\u0085b", "\u009f"]) single("validate-device-proof", dp(s), "device_proof.account_subject contains a control character");
  for (const s of ["\ud800", "a\udc00", "\ude00\ud83d"]) {
    single("validate-device-proof", dp(s), "device_proof.account_subject contains an unpaired surrogate", false);
    // unencodable: ignored, the digest has no JCS.
    assert.equal(answer("validate-device-proof", dp(s), [guardOf("device_proof.account_subject contains an unpaired surrogate")]), "a document cannot be canonicalized (RFC 8785)");
  }
  // The first offending unit decides.
  assert.equal(answer("validate-device-proof", dp("\ud800\u0001")), "device_proof.account_subject contains an unpaired surrogate");
  assert.equal(answer("validate-device-proof", dp("\u0001\ud800")), "device_proof.account_subject contains a control character");
});

test("display text, runtime version, code and schema-ref grammars", () => {
  const res = (f) => envelope("validate-result", variant(f));
  const diag = (s) => res((c) => void c.result.diagnostics.push({ code: "X", summary: s }));
  accepts("validate-result", diag(" ~"));
  accepts("validate-result", diag("x".repeat(256)));
  single("validate-result", diag(""), "result.diagnostics[].summary is not 1 to 256 characters");
  single("validate-result", diag("x".repeat(257)), "result.diagnostics[].summary is not 1 to 256 characters");
  for (const s of ["caf\u00e9", "a\tb", "\u007f", "\u2028", "\u202e", "\ufeff"]) single("validate-result", diag(s), "result.diagnostics[].summary has a character outside U+0020-U+007E");
  const code = (s) => res((c) => void c.result.diagnostics.push({ code: s, summary: "s" }));
  for (const s of ["A", "A_9", "A" + "B".repeat(63)]) accepts("validate-result", code(s));
  for (const s of ["", "a", "9A", "_A", "A-B", "A" + "B".repeat(64), "A\n"]) single("validate-result", code(s), "result.diagnostics[].code does not match [A-Z][A-Z0-9_]{0,63}");
  const rv = (s) => envelope("validate-runtime-capability", variant((c) => { c.runtime_capability.runtime_version = s; }));
  accepts("validate-runtime-capability", rv("x".repeat(64)));
  for (const s of ["", "x".repeat(65), "v\u00e9", "v\n"]) single("validate-runtime-capability", rv(s), "runtime_capability.runtime_version is not 1 to 64 characters from U+0020-U+007E");
  const ref = (s) => envelope("validate-registry", variant((c) => { c.registry.tools[0].output_schema_id = s; }));
  for (const s of ["a/1", "a" + "b".repeat(63) + "/999999", "x.y_z-0/10"]) accepts("validate-registry", ref(s));
  for (const s of ["A/1", "a/0", "a/01", "a/1000000", "a" + "b".repeat(64) + "/1", "/1", "a1", "a/1/2", "1a/1"]) {
    single("validate-registry", ref(s), "registry.tools[].output_schema_id does not match the schema id grammar");
  }
  const dg = (s) => envelope("validate-registry", variant((c) => { c.registry.tools[0].input_schema_digest = s; }));
  for (const s of ["sha256:" + "A".repeat(64), "sha256:" + "0".repeat(63), "SHA256:" + "0".repeat(64), "sha256:" + "0".repeat(65), "sha512:" + "0".repeat(64)]) {
    single("validate-registry", dg(s), "registry.tools[].input_schema_digest is not sha256: and 64 lowercase hex digits");
  }
});

test("base64url: one length, the alphabet, canonical; an ignored rule decodes as section 5 says", () => {
  const op = "validate-host-lease";
  const sig = BASE.host_lease.cloud_signature;
  const lease = (s) => envelope(op, variant((c) => { c.host_lease.cloud_signature = s; return ["host_lease.cloud_signature"]; }));
  // wrong-length: ignored, the signature is not 64 bytes and does not verify.
  single(op, lease(sig.slice(0, 85)), "host_lease.cloud_signature is not 86 base64url characters", false);
  single(op, lease(sig + "A"), "host_lease.cloud_signature is not 86 base64url characters", false);
  single(op, lease(sig.slice(0, 43)), "host_lease.cloud_signature is not 86 base64url characters", false);
  // The alphabet: the first - or _ (not the last unit) written in the standard alphabet decodes the same.
  const i = sig.search(/[-_]/);
  assert.ok(i >= 0 && i < 85);
  const std = sig.slice(0, i) + (sig[i] === "-" ? "+" : "/") + sig.slice(i + 1);
  single(op, lease(std), "host_lease.cloud_signature has a character outside A-Z a-z 0-9 - _");
  single(op, lease(sig.slice(0, 10) + "=" + sig.slice(11)), "host_lease.cloud_signature has a character outside A-Z a-z 0-9 - _", false);
  // Canonical: 86 units leave 4 unused bits, 43 units 2.
  const last = sig[85];
  assert.equal("AQgw".includes(last), true);
  const nonCanonical = sig.slice(0, 85) + String.fromCharCode(last.charCodeAt(0) + 1);
  single(op, lease(nonCanonical), "host_lease.cloud_signature is not canonical base64url");
  const tr = (k) => envelope("validate-trust", variant((c) => { c.trust.keys[1].public_key = k; }));
  const pub = BASE.trust.keys[1].public_key; // cloud-b, no - or _: its first A becomes *
  const a = pub.indexOf("A");
  single("validate-trust", tr(pub.slice(0, a) + "*" + pub.slice(a + 1)), "trust.keys[].public_key has a character outside A-Z a-z 0-9 - _");
  single("validate-trust", tr(pub.slice(0, 42) + "B"), "trust.keys[].public_key is not canonical base64url");
  // Ignored length: 42 units (4 unused bits, all zero in "A") decode to 31 bytes, and skip the screening.
  single("validate-trust", tr(pub.slice(0, 41) + "A"), "trust.keys[].public_key is not 43 base64url characters");
  assert.equal(answer("validate-trust", tr(pub.slice(0, 42))), "trust.keys[].public_key is not 43 base64url characters");
  assert.equal(answer("validate-trust", tr(pub.slice(0, 42)), [guardOf("trust.keys[].public_key is not 43 base64url characters")]), "trust.keys[].public_key is not canonical base64url");
  single("validate-trust", tr(pub + "AAA"), "trust.keys[].public_key is not 43 base64url characters");
  // 86 units for a key is refused too (one length per member).
  single("validate-trust", tr(sig), "trust.keys[].public_key is not 43 base64url characters");
  // Length, then alphabet, then canonical.
  assert.equal(answer("validate-trust", tr("*".repeat(42))), "trust.keys[].public_key is not 43 base64url characters");
});

test("public keys: canonical y, then the small-order blocklist with the sign bit masked", () => {
  const enc = (hex) => Buffer.from(hex, "hex").toString("base64url");
  const ff = "ff".repeat(30);
  const small = [
    "00".repeat(32),
    "01" + "00".repeat(31),
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "ec" + ff + "7f",
  ];
  const tr = (k) => envelope("validate-trust", variant((c) => { c.trust.keys[1].public_key = k; }));
  const dp = (k) => envelope("validate-device-proof", variant((c) => { c.device_proof.device_public_key = k; return []; }));
  for (const hex of small) {
    for (const signBit of [0, 0x80]) {
      const b = Buffer.from(hex, "hex");
      b[31] |= signBit;
      single("validate-trust", tr(b.toString("base64url")), "trust.keys[].public_key is a small-order Ed25519 key");
      single("validate-device-proof", dp(b.toString("base64url")), "device_proof.device_public_key is a small-order Ed25519 key");
    }
  }
  // p and p+1 are in the blocklist too, but non-canonical first; ignored, the blocklist refuses them.
  for (const hex of ["ed" + ff + "7f", "ee" + ff + "7f", "ed" + ff + "ff"]) {
    single("validate-trust", tr(enc(hex)), "trust.keys[].public_key is not a canonical Ed25519 encoding", false);
    assert.equal(
      answer("validate-trust", tr(enc(hex)), [guardOf("trust.keys[].public_key is not a canonical Ed25519 encoding")]),
      "trust.keys[].public_key is a small-order Ed25519 key",
    );
  }
  // y in [p+2, p+18]: non-canonical, not in the blocklist: ignored, it flips.
  for (let k = 2; k <= 18; k++) {
    const b = Buffer.from("ed" + ff + "7f", "hex");
    b[0] += k;
    single("validate-trust", tr(b.toString("base64url")), "trust.keys[].public_key is not a canonical Ed25519 encoding");
  }
  // y = 2 is canonical, not in the blocklist, and not on the curve: validation passes it.
  accepts("validate-trust", tr("AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
});

// --- sections 1.5 and 1.8: sets, arrays of objects, open values ----------------------

test("sets: size, element type and rule, then strict code point order", () => {
  const cap = (s) => envelope("validate-runtime-capability", variant((c) => { c.runtime_capability.supported_read_operations = s; }));
  const all = ["read_account_summary", "read_ats_status", "read_local_status", "read_market_status", "read_orders", "read_positions"];
  accepts("validate-runtime-capability", cap(all));
  accepts("validate-runtime-capability", cap(["read_orders"]));
  single("validate-runtime-capability", cap([]), "runtime_capability.supported_read_operations does not have 1 to 6 members");
  single("validate-runtime-capability", cap([...all, "read_positions"]), "runtime_capability.supported_read_operations does not have 1 to 6 members", false);
  single("validate-runtime-capability", cap(["read_orders", 1]), "runtime_capability.supported_read_operations[] is not a string", false);
  single("validate-runtime-capability", cap(["read_everything"]), "runtime_capability.supported_read_operations[] is not an allowed value");
  single("validate-runtime-capability", cap(["read_orders", "read_ats_status"]), "runtime_capability.supported_read_operations is not strictly ascending by code point");
  single("validate-runtime-capability", cap(["read_orders", "read_orders"]), "runtime_capability.supported_read_operations has a repeated member");
  // In order, element by element: an order defect before a later vocabulary defect.
  assert.equal(answer("validate-runtime-capability", cap(["read_orders", "read_ats_status", "nope"])), "runtime_capability.supported_read_operations is not strictly ascending by code point");
  const reg = (f) => envelope("validate-registry", variant(f));
  accepts("validate-registry", reg((c) => { c.registry.tools[0].dependencies = []; }));
  const deps = ["ats_observer_channel", "ats_runtime", "cloud_session", "local_clock", "local_workspace", "network"];
  accepts("validate-registry", reg((c) => { c.registry.tools[0].dependencies = deps; }));
  // pigeonhole: seven from a six-member vocabulary also repeats or leaves it.
  single("validate-registry", reg((c) => { c.registry.tools[0].dependencies = [...deps, "network"]; }), "registry.tools[].dependencies does not have 0 to 6 members", false);
  single("validate-registry", reg((c) => { c.registry.tools[0].data_classes = []; }), "registry.tools[].data_classes does not have 1 to 5 members");
  single("validate-registry", reg((c) => { c.registry.tools[0].data_classes = ["local_status", "ats_status"]; }), "registry.tools[].data_classes is not strictly ascending by code point");
  const ev = (s) => envelope("validate-result", variant((c) => { c.result.evidence_refs = s; }));
  accepts("validate-result", ev([]));
  accepts("validate-result", ev(Array.from({ length: 16 }, (_, i) => `ev-${String(i).padStart(2, "0")}`)));
  single("validate-result", ev(Array.from({ length: 17 }, (_, i) => `ev-${String(i).padStart(2, "0")}`)), "result.evidence_refs does not have 0 to 16 members");
  single("validate-result", ev(["-ev"]), "result.evidence_refs[] does not match the ID grammar");
  single("validate-result", ev(["b", "a"]), "result.evidence_refs is not strictly ascending by code point");
  single("validate-result", ev(["a", "a"]), "result.evidence_refs has a repeated member");
  // Code point order, not UTF-16 order: U+E000 before U+1F600 (ids are ASCII, so shown with capabilities' units).
  single("validate-result", ev(["a", "B"]), "result.evidence_refs is not strictly ascending by code point");
});

test("arrays of objects: size, element type, the closed element, then trust.keys by key_id and tools by (name, version)", () => {
  const tr = (f) => envelope("validate-trust", variant(f));
  const key = (id, label = "cloud-a") => ({ key_id: id, public_key: KEYS[label].public });
  single("validate-trust", tr((c) => { c.trust.keys = []; }), "trust.keys does not have 1 to 8 members");
  accepts("validate-trust", tr((c) => { c.trust.keys = Array.from({ length: 8 }, (_, i) => key(`k${i}`)); }));
  single("validate-trust", tr((c) => { c.trust.keys = Array.from({ length: 9 }, (_, i) => key(`k${i}`)); }), "trust.keys does not have 1 to 8 members");
  single("validate-trust", tr((c) => void c.trust.keys.push("cloud-c")), "trust.keys[] is not an object", false);
  single("validate-trust", tr((c) => { c.trust.keys[0].note = "x"; }), "trust.keys[] has an unknown member");
  single("validate-trust", tr((c) => { delete c.trust.keys[0].public_key; }), "trust.keys[].public_key is missing or is not a string", false);
  single("validate-trust", tr((c) => { c.trust.keys = [key("cloud-b"), key("cloud-a")]; }), "trust.keys is not strictly ascending by key_id");
  single("validate-trust", tr((c) => { c.trust.keys = [key("cloud-a"), key("cloud-a", "cloud-b")]; }), "trust.keys has a repeated key_id");
  const out = JSON.parse(accepts("validate-trust", tr((c) => { c.trust.keys = [key("A"), key("B"), key("a")]; })));
  assert.deepEqual(out.key_ids, ["A", "B", "a"]);
  const reg = (f) => envelope("validate-registry", variant(f));
  const tool = (name, version) => ({ ...BASE.registry.tools[0], name, version });
  const two = (a, b) => reg((c) => { c.registry.tools = [a, b]; });
  // Versions compare as integers: 9 before 10.
  assert.equal(JSON.parse(accepts("validate-registry", two(tool("x", 9), tool("x", 10)))).tools, 2);
  single("validate-registry", two(tool("x", 10), tool("x", 9)), "registry.tools is not strictly ascending by (name, version)");
  single("validate-registry", two(tool("y", 1), tool("x", 2)), "registry.tools is not strictly ascending by (name, version)");
  single("validate-registry", two(tool("x", 1), tool("x", 1)), "registry.tools has a repeated (name, version)");
  accepts("validate-registry", two(tool("X", 2), tool("x", 1)));
  single("validate-registry", reg((c) => { c.registry.tools = []; }), "registry.tools does not have 1 to 16 members");
  accepts("validate-registry", reg((c) => { c.registry.tools = Array.from({ length: 16 }, (_, i) => tool("t", i + 1)); }));
  single("validate-registry", reg((c) => { c.registry.tools = Array.from({ length: 17 }, (_, i) => tool("t", i + 1)); }), "registry.tools does not have 1 to 16 members");
  // An unknown member is outside every digest (section 1.6): added after sealing, it flips.
  const unknown = envelope("validate-registry", variant(() => undefined, { after: (c) => { c.registry.tools[0].max_calls = 1; } }));
  single("validate-registry", unknown, "registry.tools[] has an unknown member");
  // Steps 1 and 2 look at one level: an unknown member of the document beats a nested one.
  assert.equal(answer("validate-registry", reg((c) => { c.registry.tools[0].x = 1; c.registry.y = 1; })), "registry has an unknown member");
  // The nested object runs at its place in the rule pass: a defect of an earlier field wins.
  assert.equal(answer("validate-registry", reg((c) => { c.registry.tools[0].x = 1; c.registry.agent_id = ""; })), "registry.agent_id does not match the ID grammar");
  // Elements in order: tools[0]'s rule defect before the order of tools[1].
  assert.equal(answer("validate-registry", two({ ...tool("y", 1), max_duration_ms: 0 }, tool("x", 1))), "registry.tools[].max_duration_ms is not an integer from 1 to 3600000");
});

/** An object whose JCS form is exactly `n` UTF-8 bytes (n >= 64), with multibyte text (U+00E9, U+1F600). */
function sized(n) {
  const o = {};
  let left = n - 2; // the braces
  let i = 0;
  while (left > 0) {
    const name = `k${String(i).padStart(4, "0")}`;
    const sep = i === 0 ? 0 : 1;
    const overhead = sep + name.length + 2 + 1 + 2; // ,"name":"..."
    let budget = left - overhead;
    if (budget < 0) throw new Error("sized: no room");
    // up to 256 code points: 100 astral (400 bytes), then 2-byte and 1-byte text
    let s = "";
    let cps = 0;
    while (budget >= 4 && cps < 100 && budget - 4 >= 0 && left - overhead - 4 >= 8) {
      s += "\u{1F600}";
      budget -= 4;
      cps++;
    }
    while (budget >= 2 && cps < 200 && left - overhead - (Buffer.byteLength(s) + 2) >= 8) {
      s += "\u00e9";
      budget -= 2;
      cps++;
    }
    while (budget > 0 && cps < 256) {
      s += "a";
      budget--;
      cps++;
    }
    o[name] = s;
    left -= overhead + Buffer.byteLength(s);
    i++;
  }
  assert.equal(canonicalBytes(o), n);
  return o;
}

test("open values: depth, arrays of 32, unsigned safe integers, strings, then canonical bytes (UTF-8)", () => {
  const op = "validate-invocation";
  const inv = (args) => envelope(op, variant((c) => { c.invocation.arguments = args; }));
  const nest = (depth) => {
    let v = { leaf: 1 };
    for (let d = 1; d < depth; d++) v = { n: v };
    return v;
  };
  accepts(op, inv(nest(8)));
  single(op, inv(nest(9)), "invocation.arguments nests deeper than 8");
  accepts(op, inv({ a: [[[[[[[1]]]]]]] }));
  single(op, inv({ a: [[[[[[[[1]]]]]]]] }), "invocation.arguments nests deeper than 8");
  accepts(op, inv({ a: Array.from({ length: 32 }, (_, i) => i) }));
  single(op, inv({ a: Array.from({ length: 33 }, (_, i) => i) }), "invocation.arguments has an array of more than 32 elements");
  for (const n of [0, 1, 9007199254740991, true, false, null]) accepts(op, inv({ n }));
  for (const n of [-1, 9007199254740992]) single(op, inv({ n: 1 }).replace('"n":1', `"n":${n}`), "invocation.arguments has a number that is not an unsigned safe integer", false);
  // The same literal resealed over its value flips: -1 and 1.5 are JSON numbers JCS writes as they are.
  single(op, inv({ n: -1 }), "invocation.arguments has a number that is not an unsigned safe integer");
  single(op, inv({ n: 0 }).replace('"n":0', '"n":-0'), "invocation.arguments has a number that is not an unsigned safe integer");
  accepts(op, inv({ s: "\u{1F600}".repeat(256) }));
  single(op, inv({ s: "x".repeat(257) }), "invocation.arguments has an invalid string");
  single(op, inv({ ["x".repeat(257)]: 1 }), "invocation.arguments has an invalid string");
  single(op, inv({ s: "\u0007" }), "invocation.arguments has an invalid string");
  single(op, inv({ s: "\ud800" }), "invocation.arguments has an invalid string", false);
  assert.equal(answer(op, inv({ s: "\ud800" }), [guardOf("invocation.arguments has an invalid string")]), "a document cannot be canonicalized (RFC 8785)");
  // Document order, names before values, the first defect wins.
  assert.equal(answer(op, inv({ a: -1, b: nest(9) })), "invocation.arguments has a number that is not an unsigned safe integer");
  assert.equal(answer(op, inv({ b: nest(9), a: -1 })), "invocation.arguments nests deeper than 8");
  // 65536 canonical bytes of multibyte text, counted in bytes.
  const out = JSON.parse(accepts(op, inv(sized(65536))));
  assert.equal(out.arguments_bytes, 65536);
  single(op, inv(sized(65537)), "invocation.arguments exceeds 65536 canonical bytes");
  const mb = JSON.parse(accepts(op, inv({ s: "\u00e9\u{1F600}" })));
  assert.equal(mb.arguments_bytes, '{"s":"'.length + 2 + 4 + 2);
  assert.equal(mb.arguments_digest, H(SCHEMA.arguments, { s: "\u00e9\u{1F600}" }));
  // The payload: depth 15, 262144 bytes; bounded_bytes counts the same bytes.
  const res = (payload) => envelope("validate-result", variant((c) => { c.result.payload = payload; }));
  accepts("validate-result", res(nest(15)));
  single("validate-result", res(nest(16)), "result.payload nests deeper than 15");
  const big = JSON.parse(accepts("validate-result", res(sized(262144))));
  assert.equal(big.bounded_bytes, 262144);
  // Above the cap, bounded_bytes (its canonical count) leaves its range too: the cap's vector cannot flip.
  single("validate-result", res(sized(262145)), "result.payload exceeds 262144 canonical bytes", false);
  const small = JSON.parse(accepts("validate-result", res({ t: "\u00e9\u{1F600}" })));
  assert.equal(small.bounded_bytes, 14);
});

test("the serialized size of a workspace status (section 1.9), first, above 65536", () => {
  const op = "validate-workspace-status";
  const ws = (f) => envelope(op, variant(f));
  assert.equal(JSON.parse(accepts(op, ws(() => undefined))).serialized_bytes, 579);
  // S(v) is the length of JCS(v) for a value JCS writes as it is.
  const diag = Array.from({ length: 16 }, (_, i) => ({ code: `C${i}`, summary: "x".repeat(256) }));
  const full = variant((c) => { c.result.payload.diagnostics = diag; });
  assert.equal(JSON.parse(accepts(op, envelope(op, full))).serialized_bytes, canonicalBytes(full.result.payload));
  // Escapes: " \ and the short escapes are 2, other controls 6; a lone surrogate 3.
  const controls = envelope(op, BASE).replace('"Market status feed is 2 s behind"', '"\\"\\\\\\b\\t\\n\\f\\r\\u0000\\u001f\\u007f"');
  const got = answer(op, controls);
  assert.ok(got.startsWith("workspace_status.diagnostics[].summary has a character"), got);
  const sizeOf = (text) => {
    const r = answer(op, text, [guardOf("workspace_status.diagnostics[].summary has a character outside U+0020-U+007E"), guardOf("workspace_status.status_digest does not match the recomputed digest")]);
    return JSON.parse(r.slice(3)).serialized_bytes;
  };
  const plain = envelope(op, BASE);
  const delta = (text) => sizeOf(plain.replace('"Market status feed is 2 s behind"', text)) - 579 + '"Market status feed is 2 s behind"'.length;
  assert.equal(delta('"\\"\\\\\\b\\t\\n\\f\\r"'), 2 + 7 * 2);
  assert.equal(delta('"\\u0000\\u001f\\u000b"'), 2 + 3 * 6);
  assert.equal(delta('"\\u007f\\u00e9\\u2028\\ud83d\\ude00"'), 2 + 1 + 2 + 3 + 4);
  // A lone surrogate (which no digest can cover) counts 3, as S(v) is defined on the value as read.
  const S = (text) => serializedSize(parseValue(Buffer.from(text), REFUSALS.input));
  assert.equal(S('"\\ud800"'), 5);
  assert.equal(S('"\\udc00\\ud800"'), 8);
  assert.equal(S('{"a":[1,true,false,null,"x",{}],"b":[]}'), '{"a":[1,true,false,null,"x",{}],"b":[]}'.length);
  assert.equal(S('{ "a" : 1e3 }'), '{"a":1e3}'.length);
  // Above 65536, refused before the closed check; such a status also breaks another rule.
  const huge = variant((c) => { c.result.payload.padding = "x".repeat(70000); });
  single(op, envelope(op, huge), "workspace_status exceeds 65536 serialized bytes", false);
  assert.equal(answer(op, envelope(op, huge), [guardOf("workspace_status exceeds 65536 serialized bytes")]), "workspace_status has an unknown member");
  // Exactly at the bound: 65536 is allowed (its unknown member then refuses).
  const pad = (n) => variant((c) => { c.result.payload.padding = "x".repeat(n); });
  const at = (n) => answer(op, envelope(op, pad(n)));
  const base = 579 + ',"padding":""'.length;
  assert.equal(at(65536 - base), "workspace_status has an unknown member");
  assert.equal(at(65537 - base), "workspace_status exceeds 65536 serialized bytes");
  // Numbers count their literal as written.
  const lit = envelope(op, BASE).replace('"active_invocations":1', '"active_invocations":1.000');
  const r = answer(op, lit, [guardOf("workspace_status.local_status.active_invocations has a fraction or an exponent")]);
  assert.equal(JSON.parse(r.slice(3)).serialized_bytes, 583);
});

// --- section 2: object rules, digests -------------------------------------------------

/** The result of a state that did not succeed, with its error (section 2.10). */
function failed(c, state, code) {
  Object.assign(c.result, {
    state,
    error: { code, message: "the tool could not run" },
    payload: null,
    output_schema_id: null,
    output_schema_digest: null,
  });
}

test("the result's state rules (section 2.10), each alone, and the five states", () => {
  const op = "validate-result";
  const res = (f, opts) => envelope(op, variant(f, opts));
  for (const [state, code] of [["refused", "TOOL_REFUSED"], ["unavailable", "TOOL_CANCELLED"], ["cancelled", "TOOL_CANCELLED"], ["deadline_exceeded", "TOOL_DEADLINE_EXCEEDED"]]) {
    const out = JSON.parse(accepts(op, res((c) => failed(c, state, code))));
    assert.equal(out.state, state);
    assert.equal(out.bounded_bytes, 0);
  }
  accepts(op, res((c) => void Object.assign(c.result, { replay_status: "stored_redelivery", retry_class: "redeliver_stored_result" })));
  accepts(op, res((c) => { c.result.completed_at = c.result.started_at; }));
  const cases = [
    [(c) => { c.result.completed_at = "2026-09-22T12:30:00.499Z"; }, "result.completed_at is before result.started_at"],
    [(c) => { c.result.error = { code: "X", message: "x" }; }, "result.error is not null for a succeeded result"],
    [(c) => { failed(c, "refused", "X"); c.result.error = null; }, "result.error is null for a result that did not succeed"],
    [(c) => failed(c, "cancelled", "TOOL_DEADLINE_EXCEEDED"), "result.error.code is not TOOL_CANCELLED for a cancelled result"],
    [(c) => failed(c, "deadline_exceeded", "TOOL_CANCELLED"), "result.error.code is not TOOL_DEADLINE_EXCEEDED for a deadline_exceeded result"],
    [(c) => failed(c, "refused", "TOOL_CANCELLED"), "result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result"],
    [(c) => failed(c, "refused", "TOOL_DEADLINE_EXCEEDED"), "result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result"],
    [(c) => { c.result.payload = null; }, "result.payload is null for a succeeded result"],
    [(c) => { failed(c, "unavailable", "X"); c.result.payload = { a: 1 }; }, "result.payload is not null for a result that did not succeed"],
    [(c) => { c.result.output_schema_id = null; }, "result.output_schema_id is null for a succeeded result"],
    [(c) => { failed(c, "unavailable", "X"); c.result.output_schema_id = "a/1"; }, "result.output_schema_id is not null for a result that did not succeed"],
    [(c) => { c.result.output_schema_digest = null; }, "result.output_schema_digest is null for a succeeded result"],
    [(c) => { failed(c, "unavailable", "X"); c.result.output_schema_digest = BASE.result.output_schema_digest; }, "result.output_schema_digest is not null for a result that did not succeed"],
    [(c) => { c.result.retry_class = "new_call_after_recovery"; }, "result.retry_class is new_call_after_recovery for a succeeded result"],
    [(c) => { c.result.replay_status = "stored_redelivery"; }, "result.replay_status is stored_redelivery but result.retry_class is not redeliver_stored_result"],
    [(c) => { c.result.retry_class = "redeliver_stored_result"; }, "result.retry_class is redeliver_stored_result but result.replay_status is not stored_redelivery"],
    [(c) => { c.result.bounded_bytes = 578; return ["result.bounded_bytes"]; }, "result.bounded_bytes does not match result.payload"],
    [(c) => { failed(c, "refused", "X"); c.result.bounded_bytes = 1; return ["result.bounded_bytes"]; }, "result.bounded_bytes does not match result.payload"],
  ];
  for (const [f, message] of cases) single(op, res(f), message);
  // In order: rule 1 before rule 2.
  assert.equal(answer(op, res((c) => { c.result.completed_at = "2026-09-22T12:30:00.000Z"; c.result.error = { code: "X", message: "x" }; })), "result.completed_at is before result.started_at");
  single(op, res((c) => { c.result.error = { code: "X", message: "x", detail: 1 }; }), "result.error has an unknown member", false);
  single(op, res((c) => { c.result.payload = "x"; }), "result.payload is missing or is not an object or null", false);
  single(op, res((c) => { c.result.output_schema_id = 1; }), "result.output_schema_id is missing or is not a string or null", false);
});

test("object rules: expires_at after issued_at, deadline_at after issued_at, strictly", () => {
  single("validate-trust", envelope("validate-trust", variant((c) => { c.trust.expires_at = c.trust.issued_at; })), "trust.expires_at is not after trust.issued_at");
  accepts("validate-trust", envelope("validate-trust", variant((c) => { c.trust.expires_at = "2026-09-01T00:00:00.001Z"; })));
  single("validate-device-proof", envelope("validate-device-proof", variant((c) => { c.device_proof.issued_at = c.device_proof.expires_at; })), "device_proof.expires_at is not after device_proof.issued_at", false);
  single("validate-host-lease", envelope("validate-host-lease", variant((c) => { c.host_lease.expires_at = "2026-09-22T11:59:59.999Z"; })), "host_lease.expires_at is not after host_lease.issued_at", false);
  single("validate-invocation", envelope("validate-invocation", variant((c) => { c.invocation.deadline_at = c.invocation.issued_at; })), "invocation.deadline_at is not after invocation.issued_at");
});

test("digests: recomputed over the declared projection with the constant schema id", () => {
  const zeros = "sha256:" + "0".repeat(64);
  const cases = [
    ["validate-registry", "registry", "registry_digest"],
    ["validate-observer-channel-receipt", "observer_channel_receipt", "receipt_digest"],
    ["validate-runtime-capability", "runtime_capability", "capability_digest"],
    ["validate-invocation", "invocation", "arguments_digest"],
    ["validate-invocation", "invocation", "invocation_digest"],
    ["validate-cancellation", "cancellation", "cancellation_digest"],
    ["validate-result", "result", "result_digest"],
    ["validate-device-proof", "device_proof", "proof_digest"],
  ];
  for (const [op, docName, field] of cases) {
    const input = envelope(op, variant((c) => { c[docName][field] = zeros; return [`${docName}.${field}`]; }));
    single(op, input, `${docName}.${field} does not match the recomputed digest`);
    // A digest member that is not of the grammar: ignored, it meets the digest check (shadowed).
    const bad = envelope(op, variant((c) => { c[docName][field] = "sha256:" + "0".repeat(63); return [`${docName}.${field}`]; }));
    single(op, bad, `${docName}.${field} is not sha256: and 64 lowercase hex digits`, false);
    assert.equal(answer(op, bad, [guardOf(`${docName}.${field} is not sha256: and 64 lowercase hex digits`)]), `${docName}.${field} does not match the recomputed digest`);
  }
  const ws = envelope("validate-workspace-status", variant((c) => { c.result.payload.status_digest = zeros; return ["workspace_status.status_digest"]; }));
  single("validate-workspace-status", ws, "workspace_status.status_digest does not match the recomputed digest");
  // The digest uses the constant schema id: a wrong schema_id is one defect, its const rule.
  single("validate-registry", envelope("validate-registry", variant((c) => { c.registry.schema_id = "aether.managed-tool-registry/2"; })), "registry.schema_id is not aether.managed-tool-registry/1");
  // Unknown members are outside the digest (proj): added after sealing, they flip.
  for (const [op, docName] of [["validate-registry", "registry"], ["validate-invocation", "invocation"], ["validate-result", "result"], ["validate-device-proof", "device_proof"], ["validate-host-lease", "host_lease"]]) {
    single(op, envelope(op, variant(() => undefined, { after: (c) => { c[docName].extra = { a: 1 }; } })), `${docName} has an unknown member`);
  }
  single("validate-result", envelope("validate-result", variant(() => undefined, { after: (c) => void c.result.diagnostics.push({ code: "A", summary: "s", extra: 1 }) })), "result.diagnostics[] has an unknown member", false);
  // validate-workspace-status-input's verdict: the arguments digest an invocation carrying it has.
  const out = JSON.parse(accepts("validate-workspace-status-input", envelope("validate-workspace-status-input", BASE)));
  assert.equal(out.arguments_digest, BASE.invocation.arguments_digest);
  assert.equal(out.arguments_digest, H(SCHEMA.arguments, BASE.invocation.arguments));
});

// --- section 1.7: signatures, trust at use; section 1.11: freshness -----------------

test("cloud signatures: trust not yet valid, trust expired, key lookup, key screening inside verify, verify", () => {
  const dp = (f, opts) => envelope("validate-device-proof", variant(f, opts));
  const lease = (f, opts) => envelope("validate-host-lease", variant(f, opts));
  single("validate-device-proof", dp((c) => { c.device_proof.key_id = "cloud-z"; }), "device_proof.key_id names no key in trust.keys", false);
  single("validate-host-lease", lease((c) => { c.host_lease.key_id = "cloud-z"; }), "host_lease.key_id names no key in trust.keys", false);
  // The key names a trust key, but another signed: swap in the lease's signature.
  single("validate-device-proof", dp(() => undefined, { after: (c) => { c.device_proof.cloud_signature = c.host_lease.cloud_signature; } }), "device_proof.cloud_signature does not verify");
  single("validate-host-lease", lease(() => undefined, { after: (c) => { c.host_lease.cloud_signature = c.device_proof.cloud_signature; } }), "host_lease.cloud_signature does not verify");
  // Signed by cloud-a while key_id names cloud-b.
  single("validate-device-proof", dp((c) => { c.device_proof.key_id = "cloud-b"; return ["device_proof.cloud_signature"]; }), "device_proof.cloud_signature does not verify");
  // Screening inside verify: a trust key with y = 2 passes validate-trust, and is refused at use (shadowed).
  const y2 = "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
  single("validate-device-proof", dp((c) => { c.trust.keys[0].public_key = y2; }), "device_proof.cloud_signature key fails Ed25519 key screening", false);
  assert.equal(answer("validate-device-proof", dp((c) => { c.trust.keys[0].public_key = y2; }), [guardOf("device_proof.cloud_signature key fails Ed25519 key screening")]), "device_proof.cloud_signature does not verify");
  single("validate-host-lease", lease((c) => { c.trust.keys[1].public_key = y2; }), "host_lease.cloud_signature key fails Ed25519 key screening", false);
  // A trust key of the wrong length (its length guard ignored) reaches verify's screening too.
  const short = dp((c) => { c.trust.keys[0].public_key = c.trust.keys[0].public_key.slice(0, 41) + "A"; });
  assert.equal(answer("validate-device-proof", short, [guardOf("trust.keys[].public_key is not 43 base64url characters")]), "device_proof.cloud_signature key fails Ed25519 key screening");
  // Trust at use, with the proof and the lease moved so that they are valid at that now.
  const trustIssued = Date.parse(BASE.trust.issued_at);
  const trustExpires = Date.parse(BASE.trust.expires_at);
  const earlyProof = variant((c) => { c.device_proof.issued_at = "2026-08-31T00:00:00.000Z"; c.device_proof.expires_at = "2026-09-30T00:00:00.000Z"; c.now = trustIssued - 30001; });
  single("validate-device-proof", envelope("validate-device-proof", earlyProof), "trust.issued_at is more than 30 s after now");
  const lateProof = variant((c) => { c.device_proof.issued_at = "2027-08-31T00:00:00.000Z"; c.device_proof.expires_at = "2027-10-01T00:00:00.000Z"; c.now = trustExpires + 30000; });
  single("validate-device-proof", envelope("validate-device-proof", lateProof), "trust.expires_at is 30 s or more before now");
  accepts("validate-device-proof", envelope("validate-device-proof", variant((c) => { c.device_proof.issued_at = "2027-08-31T00:00:00.000Z"; c.device_proof.expires_at = "2027-10-01T00:00:00.000Z"; c.now = trustExpires + 29999; })));
  accepts("validate-device-proof", envelope("validate-device-proof", variant((c) => { c.device_proof.issued_at = "2026-08-31T00:00:00.000Z"; c.device_proof.expires_at = "2026-09-30T00:00:00.000Z"; c.now = trustIssued - 30000; })));
  const earlyLease = variant((c) => { c.host_lease.issued_at = "2026-08-31T23:00:00.000Z"; c.host_lease.expires_at = "2026-09-01T01:00:00.000Z"; c.now = trustIssued - 30001; });
  single("validate-host-lease", envelope("validate-host-lease", earlyLease), "trust.issued_at is more than 30 s after now");
  const lateLease = variant((c) => { c.host_lease.issued_at = "2027-08-31T23:00:00.000Z"; c.host_lease.expires_at = "2027-09-01T01:00:00.000Z"; c.now = trustExpires + 30000; });
  single("validate-host-lease", envelope("validate-host-lease", lateLease), "trust.expires_at is 30 s or more before now");
});

test("freshness: start at now + 30000 accepted, + 30001 refused; now at end + 29999 accepted, + 30000 refused", () => {
  const at = (op, now) => envelope(op, variant((c) => { c.now = now; }));
  for (const [op, D, doc] of [["validate-device-proof", "device_proof", BASE.device_proof], ["validate-host-lease", "host_lease", BASE.host_lease]]) {
    const issued = Date.parse(doc.issued_at);
    const expires = Date.parse(doc.expires_at);
    accepts(op, at(op, issued - 30000));
    single(op, at(op, issued - 30001), `${D}.issued_at is more than 30 s after now`);
    accepts(op, at(op, expires + 29999));
    single(op, at(op, expires + 30000), `${D}.expires_at is 30 s or more before now`);
  }
});

// --- section 4.3: the host-open proof -------------------------------------------------

test("the host-open proof: the device key read unvalidated, the binding, the device signature, the forgeries", () => {
  const op = "validate-host-open-proof";
  const hop = (f, opts) => envelope(op, variant(f, opts));
  const zeros = "sha256:" + "0".repeat(64);
  single(op, hop((c) => { c.host_open_proof.device_proof_digest = zeros; return ["host_open_proof.device_proof_digest"]; }), "host_open_proof.device_proof_digest does not match the device proof");
  single(op, hop(() => undefined, { after: (c) => { c.host_open_proof.device_signature = c.device_proof.cloud_signature; } }), "host_open_proof.device_signature does not verify");
  // Another device key, resealed: the proof binds it and its signature verifies.
  const swapped = JSON.parse(accepts(op, hop((c) => { c.device_proof.device_public_key = KEYS["device-b"].public; })));
  assert.notEqual(swapped.device_proof_digest, BASE.device_proof.proof_digest);
  // Nothing of the device proof is validated but its key's type and base64url rules.
  const loose = JSON.parse(
    accepts(op, hop((c) => { c.device_proof.device_id = ""; delete c.device_proof.schema_id; }, { after: (c) => { c.device_proof.extra = 1; } })),
  );
  assert.equal(typeof loose.device_proof_digest, "string");
  single(op, hop((c) => { delete c.device_proof.device_public_key; }), "device_proof.device_public_key is missing or is not a string", false);
  single(op, hop((c) => { c.device_proof.device_public_key = KEYS["device-a"].public.slice(0, 42); }), "device_proof.device_public_key is not 43 base64url characters", false);
  // A lone surrogate or an infinite number in the unvalidated proof: its digest has no JCS.
  single(op, hop((c) => { c.device_proof.account_subject = "\ud800"; }), "a document cannot be canonicalized (RFC 8785)", false);
  const inf = hop(() => undefined).replace('"revocation_epoch":3', '"revocation_epoch":1e400');
  single(op, inf, "a document cannot be canonicalized (RFC 8785)", false);
  // The forged signature under the all-zero key: refused only by the screening inside verify.
  const zeroKey = "A".repeat(43);
  const forged = variant((c) => { c.device_proof.device_public_key = zeroKey; });
  forged.host_open_proof.device_signature = forgeZeroKey(signingInput(SCHEMA.hostOpen, forged.host_open_proof, ["schema_id", "device_signature"]));
  single(op, envelope(op, forged), "host_open_proof.device_signature key fails Ed25519 key screening");
  // The seed's identity-R forgery: ignored, its R is small-order (shadowed).
  const identity = variant((c) => { c.device_proof.device_public_key = zeroKey; }, { after: (c) => { c.host_open_proof.device_signature = IDENTITY_FORGERY; } });
  single(op, envelope(op, identity), "host_open_proof.device_signature key fails Ed25519 key screening", false);
  assert.equal(answer(op, envelope(op, identity), [guardOf("host_open_proof.device_signature key fails Ed25519 key screening")]), "host_open_proof.device_signature does not verify");
  // In check-host-open-binding the device proof is validated first: its own screening refuses the zero key.
  assert.equal(answer("check-host-open-binding", envelope("check-host-open-binding", forged)), "device_proof.device_public_key is a small-order Ed25519 key");
  // An off-curve device key (y = 2) is refused by the screening inside verify in both operations (shadowed).
  const y2 = variant((c) => { c.device_proof.device_public_key = "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"; });
  single(op, envelope(op, y2), "host_open_proof.device_signature key fails Ed25519 key screening", false);
  single("check-host-open-binding", envelope("check-host-open-binding", y2), "host_open_proof.device_signature key fails Ed25519 key screening", false);
  // The signing input's prefix is the host-open one, and covers exactly the seven members.
  const msg = signingInput(SCHEMA.hostOpen, BASE.host_open_proof, ["schema_id", "device_signature"]);
  assert.equal(msg.toString("utf8").startsWith("aether.managed-tool-host-open/1\n{"), true);
  assert.equal(Object.keys(JSON.parse(msg.toString("utf8").split("\n")[1])).length, 7);
});

// --- section 4: the cross-object checks ---------------------------------------------------

const ZEROS = "sha256:" + "0".repeat(64);
/** [op, mutation (returns kept members), message, flips] for each rule of each check, in the spec's order. */
const RELATIONS = [
  ["check-lease-binding", (c) => { c.host_lease.account_subject = "user:other"; }, "host_lease.account_subject does not match device_proof.account_subject"],
  ["check-lease-binding", (c) => { c.host_lease.agent_id = "agent-x"; }, "host_lease.agent_id does not match registry.agent_id"],
  ["check-lease-binding", (c) => { c.device_proof.device_id = "scdev_other"; }, "host_lease.device_id does not match device_proof.device_id"],
  ["check-lease-binding", (c) => { c.registry.device_id = "scdev_other"; }, "host_lease.device_id does not match registry.device_id"],
  ["check-lease-binding", (c) => { c.registry.local_session_id = "ls-x"; }, "host_lease.local_session_id does not match registry.local_session_id"],
  ["check-lease-binding", (c) => { c.registry.session_generation = 5; }, "host_lease.session_generation does not match registry.session_generation"],
  ["check-lease-binding", (c) => { c.host_lease.registry_digest = ZEROS; return ["host_lease.registry_digest"]; }, "host_lease.registry_digest does not match registry.registry_digest"],
  ["check-lease-binding", (c) => { c.host_lease.cloud_origin_id = "https://other.example"; }, "host_lease.cloud_origin_id does not match device_proof.cloud_origin_id"],
  ["check-lease-binding", (c) => { c.host_lease.revocation_epoch = 4; }, "host_lease.revocation_epoch does not match device_proof.revocation_epoch"],
  ["check-lease-binding", (c) => { c.device_proof.expires_at = "2026-09-22T12:59:59.999Z"; }, "host_lease.expires_at is after device_proof.expires_at"],
  ["check-lease-binding", (c) => { c.trust.expires_at = "2026-09-22T12:59:59.999Z"; }, "host_lease.expires_at is after trust.expires_at"],
  ["check-host-open-binding", (c) => { c.challenge = "other"; }, "host_open_proof.challenge does not match the issued challenge"],
  ["check-host-open-binding", (c) => { c.registry.agent_id = "agent-x"; }, "host_open_proof.agent_id does not match registry.agent_id"],
  ["check-host-open-binding", (c) => { c.registry.local_session_id = "ls-x"; }, "host_open_proof.local_session_id does not match registry.local_session_id"],
  ["check-host-open-binding", (c) => { c.registry.session_generation = 5; }, "host_open_proof.session_generation does not match registry.session_generation"],
  ["check-host-open-binding", (c) => { c.host_open_proof.registry_digest = ZEROS; return ["host_open_proof.registry_digest"]; }, "host_open_proof.registry_digest does not match registry.registry_digest"],
  ["check-host-open-binding", (c) => { c.host_lease.conversation_id = "conv-x"; }, "host_open_proof.conversation_id does not match host_lease.conversation_id"],
  ["check-host-open-binding", (c) => { c.host_lease.agent_id = "agent-x"; }, "host_open_proof.agent_id does not match host_lease.agent_id"],
  ["check-host-open-binding", (c) => { c.host_lease.local_session_id = "ls-x"; }, "host_open_proof.local_session_id does not match host_lease.local_session_id"],
  ["check-host-open-binding", (c) => { c.host_lease.session_generation = 5; }, "host_open_proof.session_generation does not match host_lease.session_generation"],
  ["check-invocation", (c) => { c.invocation.lease_id = "lease-x"; }, "invocation.lease_id does not match host_lease.lease_id"],
  ["check-invocation", (c) => { c.invocation.device_id = "scdev_x"; }, "invocation.device_id does not match host_lease.device_id"],
  ["check-invocation", (c) => { c.invocation.agent_id = "agent-x"; }, "invocation.agent_id does not match host_lease.agent_id"],
  ["check-invocation", (c) => { c.invocation.conversation_id = "conv-x"; }, "invocation.conversation_id does not match host_lease.conversation_id"],
  ["check-invocation", (c) => { c.invocation.local_session_id = "ls-x"; }, "invocation.local_session_id does not match host_lease.local_session_id"],
  ["check-invocation", (c) => { c.invocation.session_generation = 5; }, "invocation.session_generation does not match host_lease.session_generation"],
  ["check-invocation", (c) => { c.host_lease.capabilities = ["cancel"]; }, "host_lease.capabilities does not include invoke"],
  ["check-invocation", (c) => { c.host_lease.registry_digest = ZEROS; return ["host_lease.registry_digest"]; }, "host_lease.registry_digest does not match registry.registry_digest"],
  ["check-invocation", (c) => { c.invocation.tool_version = 2; }, "invocation.tool_name and invocation.tool_version select no registry tool", false],
  ["check-invocation", (c) => { c.registry.tools[0].input_schema_id = "other/1"; }, "invocation.input_schema_id does not match registry.tools[].input_schema_id"],
  ["check-invocation", (c) => { c.registry.tools[0].input_schema_digest = ZEROS; }, "invocation.input_schema_digest does not match registry.tools[].input_schema_digest"],
  ["check-invocation", (c) => { c.registry.tools[0].max_argument_bytes = 86; }, "invocation.arguments exceeds registry.tools[].max_argument_bytes"],
  ["check-invocation", (c) => { c.host_lease.expires_at = "2026-09-22T12:30:29.999Z"; }, "invocation.deadline_at is after host_lease.expires_at"],
  ["check-invocation", (c) => { c.registry.tools[0].max_duration_ms = 29999; }, "invocation.deadline_at is more than registry.tools[].max_duration_ms after invocation.issued_at"],
  ["check-invocation", (c) => { c.now = Date.parse(c.invocation.issued_at) - 30001; }, "invocation.issued_at is more than 30 s after now"],
  ["check-invocation", (c) => { c.now = Date.parse(c.invocation.deadline_at) + 30000; }, "invocation.deadline_at is 30 s or more before now"],
  ["check-tool-arguments", (c) => { c.invocation.input_schema_id = "other/1"; }, "invocation.input_schema_id has no frozen E1 argument validator", false],
  ["check-tool-arguments", (c) => { c.invocation.input_schema_digest = ZEROS; }, "invocation.input_schema_digest is not the pinned E1 input schema digest"],
  ["check-tool-arguments", (c) => { c.invocation.arguments.schema_id = "other/1"; }, "workspace_status_input.schema_id is not aether.managed-tool-workspace-status-input/1"],
  ["check-tool-arguments", (c) => { c.invocation.arguments.extra = 1; }, "workspace_status_input has an unknown member"],
  ["check-tool-arguments", (c) => { c.invocation.arguments.include_diagnostics = 1; }, "workspace_status_input.include_diagnostics is missing or is not a boolean", false],
  ["check-tool-payload", (c) => failed(c, "refused", "X"), "result.state is not succeeded", false],
  ["check-tool-payload", (c) => { c.result.output_schema_id = "other/1"; }, "result.output_schema_id has no frozen E1 payload validator", false],
  ["check-tool-payload", (c) => { c.result.output_schema_digest = ZEROS; }, "result.output_schema_digest is not the pinned E1 output schema digest"],
  ["check-tool-payload", (c) => { c.result.payload.ats_status.connection = "up"; }, "workspace_status.ats_status.connection is not an allowed value"],
  ["check-tool-payload", (c) => { c.result.payload.status_digest = ZEROS; return ["workspace_status.status_digest"]; }, "workspace_status.status_digest does not match the recomputed digest"],
  ["check-tool-payload", (c) => { c.result.payload = { ...c.result.payload, padding: sized(70000) }; }, "workspace_status exceeds 65536 serialized bytes", false],
  ["check-cancellation", (c) => { c.cancellation.target_invocation_id = "inv-x"; }, "cancellation.target_invocation_id does not match invocation.invocation_id"],
  ["check-cancellation", (c) => { c.cancellation.target_invocation_digest = ZEROS; return ["cancellation.target_invocation_digest"]; }, "cancellation.target_invocation_digest does not match invocation.invocation_digest"],
  ["check-cancellation", (c) => { c.cancellation.lease_id = "lease-x"; }, "cancellation.lease_id does not match host_lease.lease_id"],
  ["check-cancellation", (c) => { c.cancellation.session_generation = 5; }, "cancellation.session_generation does not match host_lease.session_generation"],
  ["check-cancellation", (c) => { c.invocation.lease_id = "lease-x"; }, "invocation.lease_id does not match host_lease.lease_id"],
  ["check-cancellation", (c) => { c.host_lease.capabilities = ["invoke"]; }, "host_lease.capabilities does not include cancel"],
  ["check-cancellation", (c) => { c.cancellation.requested_at = "2026-09-22T11:59:29.999Z"; }, "cancellation.requested_at is more than 30 s before host_lease.issued_at"],
  ["check-cancellation", (c) => { c.cancellation.requested_at = "2026-09-22T13:00:30.000Z"; c.now = Date.parse("2026-09-22T13:00:00.000Z"); }, "cancellation.requested_at is 30 s or more after host_lease.expires_at"],
  ["check-cancellation", (c) => { c.cancellation.requested_at = "2026-09-22T12:30:35.001Z"; }, "cancellation.requested_at is more than 30 s after now"],
  ["check-result", (c) => { c.result.invocation_id = "inv-x"; }, "result.invocation_id does not match invocation.invocation_id"],
  ["check-result", (c) => { c.result.invocation_digest = ZEROS; return ["result.invocation_digest"]; }, "result.invocation_digest does not match invocation.invocation_digest"],
  ["check-result", (c) => { c.result.lease_id = "lease-x"; }, "result.lease_id does not match invocation.lease_id"],
  ["check-result", (c) => { c.result.tool_name = "x"; }, "result.tool_name does not match invocation.tool_name"],
  ["check-result", (c) => { c.result.tool_version = 2; }, "result.tool_version does not match invocation.tool_version"],
  ["check-result", (c) => { c.result.tool_version = 2; c.invocation.tool_version = 2; }, "invocation.tool_name and invocation.tool_version select no registry tool", false],
  ["check-result", (c) => { c.result.output_schema_id = "other/1"; }, "result.output_schema_id does not match registry.tools[].output_schema_id"],
  ["check-result", (c) => { c.result.output_schema_digest = ZEROS; }, "result.output_schema_digest does not match registry.tools[].output_schema_digest"],
  ["check-result", (c) => { c.registry.tools[0].max_result_bytes = 578; }, "result.bounded_bytes exceeds registry.tools[].max_result_bytes"],
  ["check-result", (c) => { c.result.started_at = "2026-09-22T12:29:29.999Z"; }, "result.started_at is more than 30 s before invocation.issued_at"],
  ["check-result", (c) => { c.result.completed_at = "2026-09-22T12:31:00.001Z"; }, "result.completed_at is more than 30 s after invocation.deadline_at"],
  ["assert-e1-canary-registry", (c) => void c.registry.tools.push({ ...c.registry.tools[0], name: "z.tool" }), "registry.tools does not hold exactly one tool"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].name = "ats.other"; }, "registry.tools[].name is not ats.workspace_status"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].version = 2; }, "registry.tools[].version is not 1"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].input_schema_id = "other/1"; }, "registry.tools[].input_schema_id is not aether.managed-tool-workspace-status-input/1"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].input_schema_digest = ZEROS; }, "registry.tools[].input_schema_digest is not the pinned E1 input schema digest"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].output_schema_id = "other/1"; }, "registry.tools[].output_schema_id is not aether.managed-tool-workspace-status/1"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].output_schema_digest = ZEROS; }, "registry.tools[].output_schema_digest is not the pinned E1 output schema digest"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].dependencies = ["ats_observer_channel"]; }, "registry.tools[].dependencies is not exactly ats_observer_channel, local_workspace"],
  ["assert-e1-canary-registry", (c) => { c.registry.tools[0].data_classes = ["ats_status", "browser_observation", "local_status"]; }, "registry.tools[].data_classes is not exactly ats_status, local_status"],
  ["check-capability-receipt", (c) => { c.observer_channel_receipt.capability_digest = ZEROS; return ["observer_channel_receipt.capability_digest"]; }, "observer_channel_receipt.capability_digest does not match runtime_capability.capability_digest"],
  ["check-capability-receipt", (c) => { c.runtime_capability.device_id = "scdev_x"; }, "observer_channel_receipt.device_id does not match runtime_capability.device_id"],
  ["check-capability-receipt", (c) => { c.runtime_capability.runtime_version = "ats-runtime 2.4.2"; }, "observer_channel_receipt.runtime_version does not match runtime_capability.runtime_version"],
];

test("every rule of every cross-object check, alone, and ignored", () => {
  for (const [op, mutate, message, flip = true] of RELATIONS) {
    single(op, envelope(op, variant(mutate)), message, flip);
  }
  // Every check's own message is covered above.
  const own = new Set(RELATIONS.map(([, , m]) => m));
  for (const m of MESSAGES) {
    if (/^[a-z_.[\]]+ does not match [a-z_]+\.[a-z_.[\]]+$/.test(m) && !m.startsWith("result.bounded_bytes")) {
      assert.ok(own.has(m), `no relation case for "${m}"`);
    }
  }
});

test("cross-object checks: their bounds, and the rules that apply to a succeeded result only", () => {
  const inv = (f) => envelope("check-invocation", variant(f));
  accepts("check-invocation", inv((c) => { c.registry.tools[0].max_argument_bytes = 87; }));
  accepts("check-invocation", inv((c) => { c.host_lease.expires_at = "2026-09-22T12:30:30.000Z"; }));
  accepts("check-invocation", inv((c) => { c.now = Date.parse(c.invocation.issued_at) - 30000; }));
  accepts("check-invocation", inv((c) => { c.now = Date.parse(c.invocation.deadline_at) + 29999; }));
  // Tool selection by (name, version), the first match.
  const two = inv((c) => void c.registry.tools.unshift({ ...c.registry.tools[0], name: "ats.a", version: 1 }));
  assert.equal(JSON.parse(accepts("check-invocation", two)).tool_name, "ats.workspace_status");
  const can = (f) => envelope("check-cancellation", variant(f));
  accepts("check-cancellation", can((c) => { c.cancellation.requested_at = "2026-09-22T11:59:30.000Z"; }));
  accepts("check-cancellation", can((c) => { c.cancellation.requested_at = "2026-09-22T13:00:29.999Z"; c.now = Date.parse("2026-09-22T13:00:00.000Z"); }));
  accepts("check-cancellation", can((c) => { c.cancellation.requested_at = "2026-09-22T12:30:35.000Z"; }));
  const res = (f) => envelope("check-result", variant(f));
  accepts("check-result", res((c) => { c.result.completed_at = "2026-09-22T12:31:00.000Z"; }));
  accepts("check-result", res((c) => { c.result.started_at = "2026-09-22T12:29:30.000Z"; }));
  accepts("check-result", res((c) => { c.registry.tools[0].max_result_bytes = 579; }));
  // A result that did not succeed: no output schema identity, and the deadline does not bind it.
  const out = JSON.parse(accepts("check-result", res((c) => { failed(c, "deadline_exceeded", "TOOL_DEADLINE_EXCEEDED"); c.result.completed_at = "2026-09-22T12:40:00.000Z"; })));
  assert.equal(out.state, "deadline_exceeded");
  assert.equal(out.bounded_bytes, 0);
  // assert-e1 checks tools[0] whatever the number of tools: the extra tool after it flips.
  const e1 = JSON.parse(answer("assert-e1-canary-registry", envelope("assert-e1-canary-registry", variant((c) => void c.registry.tools.push({ ...c.registry.tools[0], name: "z.tool" }))), [guardOf("registry.tools does not hold exactly one tool")]).slice(3));
  assert.equal(e1.tool_name, "ats.workspace_status");
  // With no tool at all (its size guard ignored), there is no tools[0] to pin: the count stands.
  const none = envelope("assert-e1-canary-registry", variant((c) => { c.registry.tools = []; }));
  assert.equal(answer("assert-e1-canary-registry", none, [guardOf("registry.tools does not have 1 to 16 members"), guardOf("registry.tools does not hold exactly one tool")]), "registry.tools does not hold exactly one tool");
  // check-tool-payload on a succeeded result with a null payload (its rule ignored): no document to validate.
  const nul = envelope("check-tool-payload", variant((c) => { c.result.payload = null; }));
  assert.equal(answer("check-tool-payload", nul, [guardOf("result.payload is null for a succeeded result")]), "workspace_status is missing or is not an object");
});

test("re-validation: each check validates every document it relates, with the document's own messages", () => {
  const cases = [
    ["check-lease-binding", (c) => { c.now = Date.parse(c.host_lease.expires_at) + 30000; }, "host_lease.expires_at is 30 s or more before now"],
    ["check-lease-binding", (c) => { c.device_proof.expires_at = "2026-10-32T00:00:00.000Z"; }, "device_proof.expires_at is not a real instant"],
    ["check-host-open-binding", (c) => { c.host_open_proof.device_proof_digest = ZEROS; return ["host_open_proof.device_proof_digest"]; }, "host_open_proof.device_proof_digest does not match the device proof"],
    ["check-host-open-binding", (c) => { c.registry.tools[0].max_duration_ms = 0; }, "registry.tools[].max_duration_ms is not an integer from 1 to 3600000"],
    // An expired lease always has the invocation's deadline passed too (rule 13 keeps it before the lease's expiry).
    ["check-invocation", (c) => { c.now = Date.parse(c.host_lease.expires_at) + 30000; }, "host_lease.expires_at is 30 s or more before now", false],
    ["check-invocation", (c) => { c.invocation.arguments_digest = ZEROS; return ["invocation.arguments_digest"]; }, "invocation.arguments_digest does not match the recomputed digest"],
    ["check-tool-arguments", (c) => { c.invocation.sequence = 0; }, "invocation.sequence is not an integer from 1 to 9007199254740991"],
    // A defect of the arguments as an open value is also one as a workspace status input.
    ["check-tool-arguments", (c) => { c.invocation.arguments = { ...c.invocation.arguments, n: -1 }; }, "invocation.arguments has a number that is not an unsigned safe integer", false],
    ["check-tool-payload", (c) => { c.result.result_digest = ZEROS; return ["result.result_digest"]; }, "result.result_digest does not match the recomputed digest"],
    ["check-cancellation", (c) => { c.cancellation.reason_code = "operator"; }, "cancellation.reason_code does not match [A-Z][A-Z0-9_]{0,63}"],
    ["check-cancellation", (c) => { c.trust.keys[1].public_key = "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"; }, "host_lease.cloud_signature key fails Ed25519 key screening", false],
    ["check-result", (c) => { c.result.result_digest = ZEROS; return ["result.result_digest"]; }, "result.result_digest does not match the recomputed digest"],
    ["assert-e1-canary-registry", (c) => { c.registry.registry_digest = ZEROS; return ["registry.registry_digest"]; }, "registry.registry_digest does not match the recomputed digest"],
    ["check-capability-receipt", (c) => { c.observer_channel_receipt.receipt_digest = ZEROS; return ["observer_channel_receipt.receipt_digest"]; }, "observer_channel_receipt.receipt_digest does not match the recomputed digest"],
  ];
  for (const [op, mutate, message, flip = true] of cases) single(op, envelope(op, variant(mutate)), message, flip);
});

test("precedence: the envelope, then each document in order (closed, types, rules, object rules, digests, signature, freshness), then the relations", () => {
  const op = "check-invocation";
  const two = (f) => answer(op, envelope(op, variant(f)));
  // The envelope before any document.
  assert.equal(answer(op, envelope(op, variant((c) => { c.trust.schema_id = "x"; }), { extra: 1 })), "input has a member the operation does not take");
  // Documents in the envelope's order: trust before registry before host_lease before invocation.
  assert.equal(two((c) => { c.invocation.sequence = 0; c.trust.schema_id = "x"; }), "trust.schema_id is not aether.managed-tool-trust/1");
  assert.equal(two((c) => { c.invocation.sequence = 0; c.registry.agent_id = ""; }), "registry.agent_id does not match the ID grammar");
  assert.equal(two((c) => { c.invocation.sequence = 0; c.host_lease.max_calls = 0; }), "host_lease.max_calls is not an integer from 1 to 9007199254740991");
  // A whole document before the relations.
  assert.equal(two((c) => { c.invocation.lease_id = "lease-x"; c.invocation.sequence = 0; }), "invocation.sequence is not an integer from 1 to 9007199254740991");
  // The relations in order.
  assert.equal(two((c) => { c.invocation.agent_id = "agent-x"; c.invocation.lease_id = "lease-x"; }), "invocation.lease_id does not match host_lease.lease_id");
  // Inside one document: unknown member, then types, then rules in table order, object rules, digests, signature, freshness.
  const lease = (f, opts) => answer("validate-host-lease", envelope("validate-host-lease", variant(f, opts)));
  assert.equal(lease((c) => { delete c.host_lease.max_calls; }, { after: (c) => { c.host_lease.x = 1; } }), "host_lease has an unknown member");
  assert.equal(lease((c) => { c.host_lease.lease_id = ""; delete c.host_lease.cloud_signature; return ["host_lease.cloud_signature"]; }), "host_lease.cloud_signature is missing or is not a string");
  assert.equal(lease((c) => { c.host_lease.max_calls = 0; c.host_lease.lease_id = ""; }), "host_lease.lease_id does not match the ID grammar");
  assert.equal(lease((c) => { c.host_lease.expires_at = c.host_lease.issued_at; c.host_lease.key_id = "-"; }), "host_lease.key_id does not match the ID grammar");
  assert.equal(lease((c) => { c.host_lease.expires_at = c.host_lease.issued_at; return ["host_lease.cloud_signature"]; }), "host_lease.expires_at is not after host_lease.issued_at");
  assert.equal(lease((c) => { c.host_lease.key_id = "nope"; c.now = 0; }), "trust.issued_at is more than 30 s after now");
  assert.equal(lease((c) => { c.host_lease.lease_id = "other"; c.now = Date.parse(c.host_lease.expires_at) + 30000; return ["host_lease.cloud_signature"]; }), "host_lease.cloud_signature does not verify");
  const res = (f) => answer("validate-result", envelope("validate-result", variant(f)));
  assert.equal(res((c) => { c.result.retry_class = "redeliver_stored_result"; c.result.result_digest = ZEROS; return ["result.result_digest"]; }), "result.retry_class is redeliver_stored_result but result.replay_status is not stored_redelivery");
  // Inside one field: the kind's rule order (base64url length before alphabet).
  assert.equal(lease((c) => { c.host_lease.cloud_signature = "*"; return ["host_lease.cloud_signature"]; }), "host_lease.cloud_signature is not 86 base64url characters");
});

test("refusal locations: a JSON pointer to the value refused, or the input's byte offset", () => {
  const o = outcome(OPERATIONS["validate-registry"], envelope("validate-registry", variant((c) => { c.registry.tools[0].max_result_bytes = 0; })));
  assert.equal(o.refused, "registry.tools[].max_result_bytes is not an integer from 1 to 262144");
  assert.deepEqual(o.at, { pointer: "/registry/tools/0/max_result_bytes" });
  const bad = outcome(OPERATIONS["validate-trust"], '{"trust":{}');
  assert.equal(bad.refused, "input is not valid JSON");
  assert.equal(typeof bad.at.offset, "number");
  const m = outcome(OPERATIONS["validate-trust"], envelope("validate-trust", BASE, { "a/b": 1 }));
  assert.deepEqual(m.at, { pointer: "/a~1b" });
});

test("toolhost/1's answers depend on its own guards only: every other contract's guards ignored change nothing", () => {
  const others = GUARDS.filter((g) => g.contract !== "toolhost/1");
  assert.ok(others.some((g) => g.contract === "ed25519/1") && others.some((g) => g.contract === "rfc8785/1"));
  const inputs = [
    ...OPS.map((op) => [op, envelope(op, BASE)]),
    ["validate-host-lease", envelope("validate-host-lease", variant(() => undefined, { after: (c) => { c.host_lease.cloud_signature = c.device_proof.cloud_signature; } }))],
    ["validate-device-proof", envelope("validate-device-proof", variant((c) => { c.trust.keys[0].public_key = "AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"; }))],
    ["validate-host-open-proof", envelope("validate-host-open-proof", variant((c) => { c.device_proof.account_subject = "\ud800"; }))],
    ["validate-host-open-proof", envelope("validate-host-open-proof", variant((c) => { c.device_proof.device_public_key = "A".repeat(43); }, { after: (c) => { c.host_open_proof.device_signature = IDENTITY_FORGERY; } }))],
    ["validate-invocation", envelope("validate-invocation", variant((c) => { c.invocation.arguments = { s: "\ud800" }; }))],
  ];
  for (const [op, input] of inputs) {
    const plain = answer(op, input);
    assert.equal(answer(op, input, others), plain, op);
    // And with the toolhost guard ignored on top, as the audit of toolhost/1 runs it.
    if (!plain.startsWith("ok ")) assert.equal(answer(op, input, [...others, guardOf(plain)]), answer(op, input, [guardOf(plain)]), `${op}: ${plain}`);
  }
});

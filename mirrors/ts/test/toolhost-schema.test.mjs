// toolhost/1's external oracles (spec/toolhost.md, sections 6 and 8.7):
//
//   - the JSON Schema bundle (spec/toolhost/) under ajv 8 (its draft
//     2020-12 build, strict mode, `x-aether-schema-id` registered as a
//     keyword): every schema compiles, is ASCII, closed with a full
//     required list in the spec's table order, and carries identical copies
//     of the common definitions; every accept vector's documents validate
//     against their schemas, and every reject vector whose message is a rule
//     the schemas express (section 6.3, "shape-level") has a target
//     document that fails its schema;
//   - the manifest: each schema's digest recomputed by this mirror's own
//     digest/1 `schema-digest`, and the pinned E1 digests the module holds;
//   - every accept vector's digests recomputed by the test's own JCS and
//     node:crypto, and its signatures verified by node:crypto's Ed25519
//     over the signing inputs this mirror builds (and by this mirror's
//     strict ed25519/1 `verify`).
//
// The vectors are the Go engineer's (vectors/toolhost/); the base chain of
// section 8.3 is checked the same way. A registered contract without
// vectors fails here, as in vectors.test.mjs.

import assert from "node:assert/strict";
import { createPublicKey, verify as nodeVerify } from "node:crypto";
import { test } from "node:test";
import { schemaDigest } from "../dist/digest.js";
import { verify as strictVerify } from "../dist/ed25519.js";
import { parseValue } from "../dist/jsonvalue.js";
import { DOCUMENTS, E1 } from "../dist/toolhost/documents.js";
import { REFUSALS } from "../dist/toolhost/index.js";
import { signingInput } from "../dist/toolhost/seal.js";
import { projection } from "../dist/toolhost/validate.js";
import { BASE, ENVELOPES, H, SCHEMA, envelope, jcs, without } from "./toolhost-chain.mjs";
import { FILES, SCHEMAS, check, documentsOf, read, shapeLevel, target, validator } from "./toolhost-oracle.mjs";
import { loadVectors } from "./vectors.mjs";

const BASE_ID = "https://schemas.aethersystems.net/managed-ats-tool-host/v1/";

test("the bundle: thirteen schemas, each compiles under ajv's strict mode, ASCII, closed, full required lists in table order", () => {
  assert.equal(FILES.length, 13);
  assert.deepEqual(FILES, ["common.schema.json", ...[...DOCUMENTS.keys()].map((n) => `${n.replaceAll("_", "-")}.schema.json`)].sort());
  for (const f of FILES) {
    const bytes = read(f);
    for (const b of bytes) assert.ok(b < 0x80, `${f} is not ASCII`);
    const s = SCHEMAS[f];
    assert.equal(s.$schema, "https://json-schema.org/draft/2020-12/schema", f);
    assert.equal(s.$id, BASE_ID + f, f);
    validator().compile(s); // strict: an unknown keyword or a loose type would throw
    // Every $ref is document-local, and names a definition the document carries.
    // condition: under if/then/else, where `properties` states a condition, not an object.
    const walk = (v, at, condition) => {
      if (Array.isArray(v)) {
        for (const [i, x] of v.entries()) walk(x, `${at}/${i}`, condition);
      }
      else if (v !== null && typeof v === "object") {
        if ("$ref" in v) {
          assert.match(v.$ref, /^#\/\$defs\/[a-z_0-9]+$/, `${f}${at}`);
          assert.ok(s.$defs?.[v.$ref.slice(8)] !== undefined, `${f}${at}: ${v.$ref}`);
        }
        if ("properties" in v) {
          assert.equal(v.type, "object", `${f}${at}`);
          if (!condition) {
            assert.equal(v.additionalProperties, false, `${f}${at}`);
            assert.deepEqual(v.required, Object.keys(v.properties), `${f}${at}: required is the full list in order`);
          }
        }
        for (const [k, x] of Object.entries(v)) walk(x, `${at}/${k}`, condition || k === "if" || k === "then" || k === "else");
      }
    };
    walk(s, "", false);
  }
  // Each copy of a common definition is identical to common.schema.json's.
  const common = SCHEMAS["common.schema.json"];
  assert.equal(common["x-aether-schema-id"], "aether.managed-tool-common/1");
  for (const f of FILES) {
    for (const [k, def] of Object.entries(SCHEMAS[f].$defs ?? {})) assert.deepEqual(def, common.$defs[k], `${f} $defs/${k}`);
  }
  // Each object schema's members are the spec's field table, in its order.
  for (const [name, doc] of DOCUMENTS) {
    const s = SCHEMAS[`${name.replaceAll("_", "-")}.schema.json`];
    assert.equal(s["x-aether-schema-id"], doc.schemaId, name);
    assert.deepEqual(Object.keys(s.properties), doc.fields.map((x) => x.name), name);
  }
});

test("the manifest: every schema's digest recomputed by this mirror's digest/1, and the pinned E1 digests", () => {
  const manifest = JSON.parse(read("manifest.json").toString("utf8"));
  assert.equal(manifest.schema_id, "aether.managed-tool-schema-bundle/1");
  assert.deepEqual(Object.keys(manifest).sort(), ["schema_id", "schemas"]);
  assert.deepEqual(
    manifest.schemas.map((e) => e.file),
    FILES,
    "one entry per schema file, sorted by file",
  );
  for (const e of manifest.schemas) {
    assert.deepEqual(Object.keys(e).sort(), ["file", "schema_digest", "schema_id"]);
    const mine = Buffer.from(schemaDigest(new Uint8Array(read(e.file)))).toString("latin1");
    assert.equal(mine, e.schema_digest, e.file);
    // The same with the test's own JCS: H("aether.schema/1", document).
    assert.equal(H("aether.schema/1", SCHEMAS[e.file]), e.schema_digest, e.file);
    assert.equal(e.schema_id, SCHEMAS[e.file]["x-aether-schema-id"], e.file);
  }
  const byFile = Object.fromEntries(manifest.schemas.map((e) => [e.file, e.schema_digest]));
  assert.equal(E1.inputSchemaDigest, byFile["workspace-status-input.schema.json"]);
  assert.equal(E1.outputSchemaDigest, byFile["workspace-status.schema.json"]);
  // The file's bytes do not matter, only its JSON value.
  const compact = Buffer.from(JSON.stringify(SCHEMAS["trust.schema.json"]));
  assert.equal(Buffer.from(schemaDigest(new Uint8Array(compact))).toString("latin1"), byFile["trust.schema.json"]);
});

test("the classification: the rules section 6.3 lists as not expressed are not shape-level", () => {
  const messages = Object.values(REFUSALS).map((g) => g.message);
  const not = [
    "trust.issued_at is not a real instant",
    "device_proof.revocation_epoch has a fraction or an exponent",
    "device_proof.account_subject contains an unpaired surrogate",
    "trust.keys is not strictly ascending by key_id",
    "trust.keys has a repeated key_id",
    "registry.tools has a repeated (name, version)",
    "runtime_capability.supported_read_operations is not strictly ascending by code point",
    "trust.keys[].public_key is a small-order Ed25519 key",
    "device_proof.device_public_key is not a canonical Ed25519 encoding",
    "registry.registry_digest does not match the recomputed digest",
    "device_proof.cloud_signature does not verify",
    "invocation.arguments nests deeper than 8",
    "result.payload exceeds 262144 canonical bytes",
    "result.bounded_bytes does not match result.payload",
    "result.completed_at is before result.started_at",
    "workspace_status exceeds 65536 serialized bytes",
    "trust is missing or is not an object",
    "input has a member the operation does not take",
    "trust.expires_at is not after trust.issued_at",
    "registry.tools[].input_schema_id is not aether.managed-tool-workspace-status-input/1",
    "registry.tools[].input_schema_digest is not the pinned E1 input schema digest",
    "host_lease.agent_id does not match registry.agent_id",
  ];
  for (const m of not) {
    assert.ok(messages.includes(m), m);
    assert.equal(shapeLevel(m), false, m);
  }
  const yes = [
    "trust has an unknown member",
    "trust.keys[].key_id is missing or is not a string",
    "result.error.code does not match [A-Z][A-Z0-9_]{0,63}",
    "host_lease.cloud_origin_id is not a normalized https origin",
    "result.payload is not null for a result that did not succeed",
    "result.evidence_refs has a repeated member",
    "workspace_status.ats_status.orders_enabled is not false",
    "device_proof.device_public_key is not 43 base64url characters",
  ];
  for (const m of yes) assert.equal(shapeLevel(m), true, m);
  const count = messages.filter(shapeLevel).length;
  assert.ok(count > 300, `${count} shape-level messages`);
});

// --- the documents of accept inputs: schemas, digests, signatures -----------------------

const spki = (raw) => createPublicKey({ key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), raw]), format: "der", type: "spki" });
const b64 = (s) => Buffer.from(s, "base64url");

/** The digests of section 1.6 of each document, recomputed by the test's own JCS (accept inputs hold no unknown member). */
const OWN = {
  device_proof: [SCHEMA.deviceProof, "proof_digest", ["proof_digest", "cloud_signature"]],
  observer_channel_receipt: [SCHEMA.receipt, "receipt_digest", ["receipt_digest"]],
  runtime_capability: [SCHEMA.capability, "capability_digest", ["capability_digest"]],
  registry: [SCHEMA.registry, "registry_digest", ["registry_digest"]],
  invocation: [SCHEMA.invocation, "invocation_digest", ["invocation_digest"]],
  cancellation: [SCHEMA.cancellation, "cancellation_digest", ["cancellation_digest"]],
  result: [SCHEMA.result, "result_digest", ["result_digest"]],
  workspace_status: [SCHEMA.workspaceStatus, "status_digest", ["status_digest"]],
};

/** The signing input of a document by this mirror (seal.ts over its declared projection). */
function mirrorSigningInput(name, text, prefix, omit) {
  const env = parseValue(new Uint8Array(Buffer.from(text, "utf8")), REFUSALS.input);
  const doc = env.members.get(name);
  return Buffer.from(signingInput(prefix, omit, projection(doc, DOCUMENTS.get(name).fields), () => undefined));
}

/** Both Ed25519 verifiers on (key, msg, sig): node:crypto and this mirror's strict ed25519/1. */
function verifiesTwice(raw, msg, sig, what) {
  assert.equal(raw.length, 32, what);
  assert.ok(nodeVerify(null, msg, spki(raw), sig), `${what}: node:crypto`);
  const input = JSON.stringify({ key: raw.toString("hex"), sig: sig.toString("hex"), msg: msg.toString("hex") });
  assert.equal(Buffer.from(strictVerify(new Uint8Array(Buffer.from(input)))).length, 0, `${what}: ed25519/1`);
}

/**
 * The oracles on one accepted input of op: every document validates
 * against its schema, every digest is the test's own H, every signature
 * verifies under node:crypto over this mirror's signing input.
 */
function acceptOracles(op, text, where) {
  const env = JSON.parse(text);
  for (const [name, value] of documentsOf(op, env)) {
    assert.equal(check(name, value), null, `${where}: ${name} fails its schema`);
    if (name in OWN) {
      const [prefix, field, omit] = OWN[name];
      assert.equal(value[field], H(prefix, value, omit), `${where}: ${name}.${field}`);
    }
  }
  if (env.invocation !== undefined) assert.equal(env.invocation.arguments_digest, H(SCHEMA.arguments, env.invocation.arguments), `${where}: arguments_digest`);
  if (env.result !== undefined && env.result.payload !== null) assert.equal(env.result.bounded_bytes, Buffer.byteLength(jcs(env.result.payload)), `${where}: bounded_bytes`);
  const key = (keyId) => b64(env.trust.keys.find((k) => k.key_id === keyId).public_key);
  for (const [name, prefix] of [["device_proof", SCHEMA.deviceProof], ["host_lease", "aether.managed-tool-host-lease/1"]]) {
    if (env[name] === undefined || env.trust === undefined) continue;
    const mine = mirrorSigningInput(name, text, prefix, ["cloud_signature"]);
    assert.deepEqual(mine, Buffer.from(`${prefix}\n${jcs(without(env[name], ["cloud_signature"]))}`), `${where}: ${name} signing input`);
    verifiesTwice(key(env[name].key_id), mine, b64(env[name].cloud_signature), `${where}: ${name}.cloud_signature`);
  }
  if (env.host_open_proof !== undefined) {
    const mine = mirrorSigningInput("host_open_proof", text, SCHEMA.hostOpen, ["schema_id", "device_signature"]);
    assert.deepEqual(mine, Buffer.from(`${SCHEMA.hostOpen}\n${jcs(without(env.host_open_proof, ["schema_id", "device_signature"]))}`));
    verifiesTwice(b64(env.device_proof.device_public_key), mine, b64(env.host_open_proof.device_signature), `${where}: host_open_proof.device_signature`);
  }
}

test("the base chain: every document validates against its schema, its digests and signatures hold under independent code", () => {
  for (const op of Object.keys(ENVELOPES)) acceptOracles(op, envelope(op, BASE), `base chain, ${op}`);
});

test("shape-level defects of the base chain fail their schemas (the classifier and the validators, before vectors)", () => {
  const c = () => JSON.parse(JSON.stringify(BASE));
  const cases = [
    ["trust", (x) => { x.trust.extra = 1; }],
    ["device_proof", (x) => { x.device_proof.cloud_origin_id = "https://a.b:443"; }],
    ["device_proof", (x) => { x.device_proof.account_subject = "a\u0085"; }],
    ["device_proof", (x) => { x.device_proof.account_subject = "\u{1F600}".repeat(257); }],
    ["host_open_proof", (x) => { x.host_open_proof.challenge = `${x.host_open_proof.challenge.slice(0, 42)}B`; }],
    ["registry", (x) => { x.registry.tools[0].dependencies = ["network", "network"]; }],
    ["registry", (x) => { x.registry.tools[0].max_duration_ms = 3600001; }],
    ["result", (x) => { x.result.error = { code: "X", message: "m" }; }],
    ["result", (x) => { x.result.retry_class = "redeliver_stored_result"; }],
    ["result", (x) => { x.result.state = "refused"; x.result.error = { code: "TOOL_CANCELLED", message: "m" }; x.result.payload = null; x.result.output_schema_id = null; x.result.output_schema_digest = null; }],
    ["workspace_status", (x) => { x.result.payload.ats_status.orders_enabled = true; }],
    ["runtime_capability", (x) => { x.runtime_capability.runtime_version = "x".repeat(65); }],
    ["cancellation", (x) => { x.cancellation.requested_at = "2026-09-22T12:30:10Z"; }],
  ];
  for (const [name, mutate] of cases) {
    const x = c();
    mutate(x);
    const value = name === "workspace_status" ? x.result.payload : x[name];
    assert.notEqual(check(name, value), null, `${name} ${JSON.stringify(value).slice(0, 200)}`);
  }
  // And what they cannot express passes them: an unpaired surrogate, a real instant, order, digests.
  const x = c();
  x.trust.issued_at = "2026-02-30T00:00:00.000Z";
  x.trust.keys.reverse();
  x.registry.registry_digest = "sha256:" + "0".repeat(64);
  assert.equal(check("trust", x.trust), null);
  assert.equal(check("registry", x.registry), null);
});

// --- the vectors ----------------------------------------------------------------------------

const VECTORS = loadVectors().filter((f) => f.contract === "toolhost/1" && !f.finding);

test("every toolhost/1 accept vector: schemas, digests, signatures", (t) => {
  const cases = VECTORS.flatMap((f) => f.cases.filter((k) => k.expect === "ok").map((k) => [f, k]));
  assert.ok(cases.length >= 71, `${cases.length} accept vectors (the seed had 45 + 26)`);
  for (const [f, k] of cases) acceptOracles(f.op, k.input.toString("utf8"), `vectors/${f.path}:${k.line} ${k.name}`);
  t.diagnostic(`${cases.length} accept vectors: every document valid under ajv, every digest and signature checked`);
});

test("every shape-level toolhost/1 reject vector's target document fails its schema", (t) => {
  let n = 0;
  const skipped = [];
  for (const f of VECTORS) {
    for (const k of f.cases) {
      if (k.expect !== "refused" || !shapeLevel(k.message)) continue;
      const text = k.input.toString("utf8");
      const where = `vectors/${f.path}:${k.line} ${k.name}`;
      const env = JSON.parse(text);
      const [name, value] = target(f.op, env, k.message);
      assert.ok(DOCUMENTS.has(name) && value !== undefined, `${where}: no target document for "${k.message}"`);
      if (check(name, value) === null) {
        // JSON Schema reads the literal -0 as the value 0 (section 6.3): in a range from 0 it passes.
        assert.ok(/ is not an integer from 0 /.test(k.message) && /:-0[,}\]]/.test(text), `${where}: "${k.message}" but ${name} validates against its schema`);
        skipped.push(where);
        continue;
      }
      n++;
    }
  }
  assert.ok(n > 300, `${n} shape-level reject vectors`);
  assert.ok(skipped.length <= 20, skipped.join("\n"));
  const rejects = VECTORS.reduce((m, f) => m + f.cases.filter((k) => k.expect === "refused").length, 0);
  t.diagnostic(`${n} of ${rejects} reject vectors are shape-level and fail their schema; ${skipped.length} (a literal -0 in a range from 0) pass it, as section 6.3 says`);
});

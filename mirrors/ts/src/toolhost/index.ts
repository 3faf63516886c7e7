// toolhost/1 (spec/toolhost.md): the managed ATS tool host v1 bundle (E1),
// seed 001 section 6. Twenty-one operations, each on one JSON value input,
// the envelope (section 1.1), answering JCS of a verdict object (section
// 1.10) or a refusal of the closed table (refusals.ts).
//
// Every operation: the envelope (section 1.1: JSON value input, an object,
// closed, each member present and typed, in the operation's order), then
// the documents validated in that order (section 1.4, validate.ts; the
// device proof and the host lease with their cloud signature and freshness
// against the envelope's trust and now, section 1.7), then the operation's
// own rules in the order of section 4, the first that fails winning
// (decided rule 32). Under an ignored guard (section 5) the operation goes
// on as if its condition had been false; the guards with no accept path
// are raised with fail(): toolhost.input, toolhost.type, every type guard
// and envelope member guard, the timestamp shape, the key lookups, the tool
// selection, the E1 dispatch by schema id, `result.state is not succeeded`
// and toolhost.jcs. Two continuations have no value to go on with (section
// 5): in assert-e1-canary-registry an empty tools array (its size guard
// ignored) gives `registry.tools does not hold exactly one tool` with no
// accept path; in check-tool-payload a succeeded result with a null
// payload (its rule ignored) meets `workspace_status is missing or is not
// an object`, the type guard of the document it cannot validate.

import { type Obj, type Value, parseValue, whereIn } from "../jsonvalue.js";
import { type Where, fail, refuse } from "../refusal.js";
import {
  CANCELLATION,
  CAPABILITY,
  DEVICE_PROOF,
  DOCUMENTS,
  type Document,
  E1,
  HOST_LEASE,
  HOST_OPEN_PROOF,
  INVOCATION,
  RECEIPT,
  REGISTRY,
  RESULT,
  SCHEMA,
  TRUST,
  WORKSPACE_STATUS,
  WORKSPACE_STATUS_INPUT,
} from "./documents.js";
import { CONTRACT, REFUSALS, guard } from "./refusals.js";
import { canonicalBytes, hash, signingInput, verify } from "./seal.js";
import {
  type Pointer,
  argumentsDigest,
  base64urlBytes,
  base64urlRule,
  canonicalLength,
  closed,
  documentMessages,
  get,
  int,
  integerOf,
  isNull,
  items,
  ms,
  obj,
  projection,
  serializedSize,
  str,
  validateDocument,
} from "./validate.js";

export { CONTRACT, REFUSALS };

const G = REFUSALS;
const ROOT = whereIn();
/** The skew of rule 11 (lane decision "Freshness"), in milliseconds. */
const SKEW = 30000;

function no(message: string, ptr: Pointer): void {
  refuse(guard(message), whereIn(...ptr));
}

function never(message: string, ptr: Pointer): never {
  return fail(guard(message), whereIn(...ptr));
}

// --- the envelope (section 1.1) ----------------------------------------------

const NOW_LITERAL = /^(?:0|-?[1-9][0-9]*)$/;
const NOW_MIN = -62135596800000n;
const NOW_MAX = 253402300799999n;
const NOW_MESSAGE = "now is missing or is not an integer from -62135596800000 to 253402300799999";

/** The envelope's members, by name, after section 1.1's two passes. */
interface Envelope {
  readonly members: ReadonlyMap<string, Value>;
  /** `now`, epoch milliseconds (exact: within 2^53). */
  readonly now: number;
}

/**
 * Section 1.1: the JSON value input (toolhost.input), an object
 * (toolhost.type), closed (toolhost.member; ignored, the member is
 * disregarded), then each of `names` present and of its type, in order.
 */
function envelope(input: Uint8Array, names: readonly string[]): Envelope {
  const v = parseValue(input, G.input);
  if (v.type !== "object") fail(G.type, ROOT);
  for (const name of v.members.keys()) {
    if (!names.includes(name)) refuse(G.member, whereIn(name));
  }
  let now = 0;
  for (const name of names) {
    const m = v.members.get(name);
    if (DOCUMENTS.has(name)) {
      if (m === undefined || m.type !== "object") never(`${name} is missing or is not an object`, [name]);
    } else if (name === "challenge") {
      if (m === undefined || m.type !== "string") never("challenge is missing or is not a string", [name]);
    } else {
      if (m === undefined || m.type !== "number" || !NOW_LITERAL.test(m.text)) never(NOW_MESSAGE, [name]);
      const n = BigInt(m.text);
      if (n < NOW_MIN || n > NOW_MAX) never(NOW_MESSAGE, [name]);
      now = Number(n);
    }
  }
  return { members: v.members, now };
}

/** Document `name` of the envelope (an object after section 1.1). */
function doc(env: Envelope, name: string): Obj {
  return env.members.get(name) as Obj;
}

// --- the verdict (section 1.10) ----------------------------------------------

type Member = string | number | bigint | readonly string[] | Value;

function asValue(m: Member): Value {
  if (typeof m === "string") return { type: "string", value: m };
  if (typeof m === "number" || typeof m === "bigint") return { type: "number", text: String(m) };
  if (Array.isArray(m)) return { type: "array", items: m.map((s: string) => ({ type: "string", value: s })) };
  return m as Value;
}

/** JCS of the verdict object (section 1.10); toolhost.jcs when a copied value has no JCS form. */
function verdict(members: Readonly<Record<string, Member>>): Uint8Array {
  const o: Obj = { type: "object", members: new Map() };
  for (const [name, m] of Object.entries(members)) o.members.set(name, asValue(m));
  return canonicalBytes(o, ROOT);
}

// --- documents with the envelope's trust and now (sections 1.7, 1.11) --------

/** Validates the envelope's document `d` of kind doc (section 1.4 steps 0-5); its recomputed digests. */
function validated(env: Envelope, d: Document): Map<string, string> {
  return validateDocument(d, doc(env, d.name), [d.name]);
}

/** Freshness (section 1.11) of D's start and end against now. */
function fresh(D: string, d: Obj, start: string, end: string, now: number): void {
  if (ms(d, start) > now + SKEW) no(`${D}.${start} is more than 30 s after now`, [D, start]);
  if (now >= ms(d, end) + SKEW) no(`${D}.${end} is 30 s or more before now`, [D, end]);
}

/**
 * The cloud signature of a device proof or a host lease (section 1.7):
 * trust not yet valid, trust expired, the key lookup (no accept path), then
 * verify over ASCII(schema id) + LF + JCS(proj(d) without cloud_signature).
 */
function cloudSignature(kind: Document, d: Obj, trust: Obj, now: number): void {
  const D = kind.name;
  if (ms(trust, "issued_at") > now + SKEW) no("trust.issued_at is more than 30 s after now", ["trust", "issued_at"]);
  if (now >= ms(trust, "expires_at") + SKEW) no("trust.expires_at is 30 s or more before now", ["trust", "expires_at"]);
  const keyId = str(d, "key_id");
  const key = items(trust, "keys").find((k) => k.type === "object" && str(k, "key_id") === keyId) as Obj | undefined;
  if (key === undefined) never(`${D}.key_id names no key in trust.keys`, [D, "key_id"]);
  const where: Where = whereIn(D, "cloud_signature");
  const message = signingInput(kind.schemaId, ["cloud_signature"], projection(d, kind.fields), whereIn(D));
  verify(
    guard(`${D}.cloud_signature key fails Ed25519 key screening`),
    guard(`${D}.cloud_signature does not verify`),
    base64urlBytes(str(key, "public_key")),
    base64urlBytes(str(d, "cloud_signature")),
    message,
    where,
  );
}

/** Validates the envelope's device proof in full (section 2.2; trust already validated): its recomputed proof digest. */
function deviceProof(env: Envelope): string {
  const digests = validated(env, DEVICE_PROOF);
  const d = doc(env, "device_proof");
  cloudSignature(DEVICE_PROOF, d, doc(env, "trust"), env.now);
  fresh("device_proof", d, "issued_at", "expires_at", env.now);
  return digests.get("proof_digest") as string;
}

/** Validates the envelope's host lease in full (section 2.7; trust already validated). */
function hostLease(env: Envelope): void {
  validated(env, HOST_LEASE);
  const d = doc(env, "host_lease");
  cloudSignature(HOST_LEASE, d, doc(env, "trust"), env.now);
  fresh("host_lease", d, "issued_at", "expires_at", env.now);
}

/**
 * Section 4.3 steps 1-4: the host-open proof's shape, the device key read
 * from the (possibly unvalidated) device proof, the binding by the device
 * proof's recomputed digest, and the device signature. Returns that digest.
 */
function hostOpenProof(env: Envelope): string {
  const hop = doc(env, "host_open_proof");
  const dp = doc(env, "device_proof");
  closed(hop, HOST_OPEN_PROOF.fields, { path: "host_open_proof", ptr: ["host_open_proof"] });
  const key = dp.members.get("device_public_key");
  const keyPtr = ["device_proof", "device_public_key"];
  if (key === undefined || key.type !== "string") never("device_proof.device_public_key is missing or is not a string", keyPtr);
  base64urlRule(key.value, 43, { path: "device_proof.device_public_key", ptr: keyPtr });
  const proofDigest = hash(
    SCHEMA.deviceProof,
    ["proof_digest", "cloud_signature"],
    projection(dp, DEVICE_PROOF.fields),
    whereIn("device_proof"),
  );
  if (str(hop, "device_proof_digest") !== proofDigest) {
    no("host_open_proof.device_proof_digest does not match the device proof", ["host_open_proof", "device_proof_digest"]);
  }
  const message = signingInput(
    SCHEMA.hostOpen,
    ["schema_id", "device_signature"],
    projection(hop, HOST_OPEN_PROOF.fields),
    whereIn("host_open_proof"),
  );
  verify(
    guard("host_open_proof.device_signature key fails Ed25519 key screening"),
    guard("host_open_proof.device_signature does not verify"),
    base64urlBytes(key.value),
    base64urlBytes(str(hop, "device_signature")),
    message,
    whereIn("host_open_proof", "device_signature"),
  );
  return proofDigest;
}

// --- relations between documents (sections 3 and 4) --------------------------

/** The documents a check relates, by path prefix; "registry.tools[]" is the selected tool. */
type Docs = ReadonlyMap<string, Obj>;

/** The value at a path `<document>.<member>` (or `registry.tools[].<member>`). */
function at(docs: Docs, path: string): Value {
  const dot = path.lastIndexOf(".");
  return get(docs.get(path.slice(0, dot)) as Obj, path.slice(dot + 1));
}

/** The pointer of a path's value in the input (the selected tool's index as `index`). */
function pointerOf(path: string, index: number): Pointer {
  const parts = path.split(".");
  return parts.flatMap((p) => (p === "tools[]" ? ["tools", index] : [p]));
}

/** Section 3: strings unit for unit, integers as exact integers; nothing else is equal. */
function same(a: Value, b: Value): boolean {
  if (a.type === "string" && b.type === "string") return a.value === b.value;
  if (a.type === "number" && b.type === "number") return integerOf(a.text) === integerOf(b.text);
  return isNull(a) && isNull(b);
}

/** `left` = `right` (section 4): else `left does not match right`. */
function equal(docs: Docs, left: string, right: string, toolIndex = 0): void {
  if (!same(at(docs, left), at(docs, right))) no(`${left} does not match ${right}`, pointerOf(left, toolIndex));
}

/** Whether set member `name` of d contains `value`. */
function includes(d: Obj, name: string, value: string): boolean {
  return items(d, name).some((v) => v.type === "string" && v.value === value);
}

/**
 * Section 4.15 rule 9: the index of the first tool whose name and version
 * equal the invocation's; no accept path when there is none.
 */
function selectTool(registry: Obj, invocation: Obj): number {
  const name = str(invocation, "tool_name");
  const version = int(invocation, "tool_version");
  const i = items(registry, "tools").findIndex((t) => t.type === "object" && str(t, "name") === name && int(t, "version") === version);
  if (i < 0) never("invocation.tool_name and invocation.tool_version select no registry tool", ["invocation", "tool_name"]);
  return i;
}

// --- the operations (section 4) ----------------------------------------------

/** Section 4.1: `{trust}`. */
function validateTrust(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust"]);
  validated(env, TRUST);
  const t = doc(env, "trust");
  return verdict({
    expires_at_ms: ms(t, "expires_at"),
    issued_at_ms: ms(t, "issued_at"),
    key_ids: items(t, "keys").map((k) => str(k as Obj, "key_id")),
    schema_id: SCHEMA.trust,
  });
}

/** Section 4.2: `{trust, device_proof, now}`. */
function validateDeviceProof(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust", "device_proof", "now"]);
  validated(env, TRUST);
  const proofDigest = deviceProof(env);
  const d = doc(env, "device_proof");
  return verdict({
    device_id: str(d, "device_id"),
    expires_at_ms: ms(d, "expires_at"),
    issued_at_ms: ms(d, "issued_at"),
    key_id: str(d, "key_id"),
    proof_digest: proofDigest,
    schema_id: SCHEMA.deviceProof,
  });
}

/** Section 4.3: `{host_open_proof, device_proof}`, the device proof unvalidated. */
function validateHostOpenProof(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["host_open_proof", "device_proof"]);
  const proofDigest = hostOpenProof(env);
  return verdict({ device_proof_digest: proofDigest, schema_id: SCHEMA.hostOpenProof });
}

/** Section 4.4: `{observer_channel_receipt}`. */
function validateReceipt(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["observer_channel_receipt"]);
  const digests = validated(env, RECEIPT);
  return verdict({
    opened_at_ms: ms(doc(env, RECEIPT.name), "opened_at"),
    receipt_digest: digests.get("receipt_digest") as string,
    schema_id: SCHEMA.receipt,
  });
}

/** Section 4.5: `{runtime_capability}`. */
function validateCapability(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["runtime_capability"]);
  const digests = validated(env, CAPABILITY);
  return verdict({
    capability_digest: digests.get("capability_digest") as string,
    observed_at_ms: ms(doc(env, CAPABILITY.name), "observed_at"),
    schema_id: SCHEMA.capability,
  });
}

/** Section 4.6: `{registry}`. */
function validateRegistry(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["registry"]);
  const digests = validated(env, REGISTRY);
  return verdict({
    registry_digest: digests.get("registry_digest") as string,
    schema_id: SCHEMA.registry,
    tools: items(doc(env, "registry"), "tools").length,
  });
}

/** Section 4.7: `{trust, host_lease, now}`. */
function validateHostLease(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust", "host_lease", "now"]);
  validated(env, TRUST);
  hostLease(env);
  const d = doc(env, "host_lease");
  return verdict({
    expires_at_ms: ms(d, "expires_at"),
    issued_at_ms: ms(d, "issued_at"),
    key_id: str(d, "key_id"),
    lease_id: str(d, "lease_id"),
    schema_id: SCHEMA.hostLease,
  });
}

/** Section 4.8: `{invocation}`. */
function validateInvocation(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["invocation"]);
  const digests = validated(env, INVOCATION);
  const d = doc(env, "invocation");
  return verdict({
    arguments_bytes: canonicalLength(get(d, "arguments"), ["invocation", "arguments"]),
    arguments_digest: digests.get("arguments_digest") as string,
    deadline_at_ms: ms(d, "deadline_at"),
    invocation_digest: digests.get("invocation_digest") as string,
    issued_at_ms: ms(d, "issued_at"),
    schema_id: SCHEMA.invocation,
  });
}

/** Section 4.9: `{cancellation}`. */
function validateCancellation(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["cancellation"]);
  const digests = validated(env, CANCELLATION);
  return verdict({
    cancellation_digest: digests.get("cancellation_digest") as string,
    requested_at_ms: ms(doc(env, "cancellation"), "requested_at"),
    schema_id: SCHEMA.cancellation,
  });
}

/** Section 4.10: `{result}`. */
function validateResult(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["result"]);
  const digests = validated(env, RESULT);
  const d = doc(env, "result");
  return verdict({
    bounded_bytes: get(d, "bounded_bytes"),
    completed_at_ms: ms(d, "completed_at"),
    result_digest: digests.get("result_digest") as string,
    schema_id: SCHEMA.result,
    started_at_ms: ms(d, "started_at"),
    state: str(d, "state"),
  });
}

/** Section 4.11: `{workspace_status_input}`. */
function validateWorkspaceStatusInput(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["workspace_status_input"]);
  validated(env, WORKSPACE_STATUS_INPUT);
  const d = doc(env, "workspace_status_input");
  return verdict({
    arguments_digest: argumentsDigest(projection(d, WORKSPACE_STATUS_INPUT.fields), ["workspace_status_input"]),
    schema_id: SCHEMA.workspaceStatusInput,
  });
}

/** Section 4.12: `{workspace_status}`. */
function validateWorkspaceStatus(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["workspace_status"]);
  const digests = validated(env, WORKSPACE_STATUS);
  const d = doc(env, "workspace_status");
  return verdict({
    observed_at_ms: ms(d, "observed_at"),
    schema_id: SCHEMA.workspaceStatus,
    serialized_bytes: serializedSize(d),
    status_digest: digests.get("status_digest") as string,
  });
}

/** Section 4.13: `{trust, device_proof, registry, host_lease, now}`. */
function checkLeaseBinding(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust", "device_proof", "registry", "host_lease", "now"]);
  validated(env, TRUST);
  const proofDigest = deviceProof(env);
  const registryDigests = validated(env, REGISTRY);
  hostLease(env);
  const docs = documents(env, ["trust", "device_proof", "registry", "host_lease"]);
  equal(docs, "host_lease.account_subject", "device_proof.account_subject");
  equal(docs, "host_lease.agent_id", "registry.agent_id");
  equal(docs, "host_lease.device_id", "device_proof.device_id");
  equal(docs, "host_lease.device_id", "registry.device_id");
  equal(docs, "host_lease.local_session_id", "registry.local_session_id");
  equal(docs, "host_lease.session_generation", "registry.session_generation");
  equal(docs, "host_lease.registry_digest", "registry.registry_digest");
  equal(docs, "host_lease.cloud_origin_id", "device_proof.cloud_origin_id");
  equal(docs, "host_lease.revocation_epoch", "device_proof.revocation_epoch");
  const lease = doc(env, "host_lease");
  const leaseExpiry = ms(lease, "expires_at");
  if (leaseExpiry > ms(doc(env, "device_proof"), "expires_at")) {
    no("host_lease.expires_at is after device_proof.expires_at", ["host_lease", "expires_at"]);
  }
  if (leaseExpiry > ms(doc(env, "trust"), "expires_at")) {
    no("host_lease.expires_at is after trust.expires_at", ["host_lease", "expires_at"]);
  }
  return verdict({
    expires_at_ms: leaseExpiry,
    lease_id: str(lease, "lease_id"),
    proof_digest: proofDigest,
    registry_digest: registryDigests.get("registry_digest") as string,
  });
}

/** The envelope's documents `names`, for at(). */
function documents(env: Envelope, names: readonly string[]): Map<string, Obj> {
  return new Map(names.map((n) => [n, doc(env, n)]));
}

/** Section 4.14: `{trust, device_proof, host_open_proof, registry, host_lease, challenge, now}`. */
function checkHostOpenBinding(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust", "device_proof", "host_open_proof", "registry", "host_lease", "challenge", "now"]);
  validated(env, TRUST);
  deviceProof(env);
  const proofDigest = hostOpenProof(env);
  const registryDigests = validated(env, REGISTRY);
  hostLease(env);
  const docs = documents(env, ["host_open_proof", "registry", "host_lease"]);
  const challenge = env.members.get("challenge") as Value;
  if (!same(at(docs, "host_open_proof.challenge"), challenge)) {
    no("host_open_proof.challenge does not match the issued challenge", ["host_open_proof", "challenge"]);
  }
  equal(docs, "host_open_proof.agent_id", "registry.agent_id");
  equal(docs, "host_open_proof.local_session_id", "registry.local_session_id");
  equal(docs, "host_open_proof.session_generation", "registry.session_generation");
  equal(docs, "host_open_proof.registry_digest", "registry.registry_digest");
  equal(docs, "host_open_proof.conversation_id", "host_lease.conversation_id");
  equal(docs, "host_open_proof.agent_id", "host_lease.agent_id");
  equal(docs, "host_open_proof.local_session_id", "host_lease.local_session_id");
  equal(docs, "host_open_proof.session_generation", "host_lease.session_generation");
  return verdict({
    device_proof_digest: proofDigest,
    lease_id: str(doc(env, "host_lease"), "lease_id"),
    registry_digest: registryDigests.get("registry_digest") as string,
  });
}

/** Section 4.15: `{trust, registry, host_lease, invocation, now}`. */
function checkInvocation(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust", "registry", "host_lease", "invocation", "now"]);
  validated(env, TRUST);
  const registryDigests = validated(env, REGISTRY);
  hostLease(env);
  const invocationDigests = validated(env, INVOCATION);
  const lease = doc(env, "host_lease");
  const inv = doc(env, "invocation");
  const registry = doc(env, "registry");
  const docs = documents(env, ["registry", "host_lease", "invocation"]);
  equal(docs, "invocation.lease_id", "host_lease.lease_id");
  equal(docs, "invocation.device_id", "host_lease.device_id");
  equal(docs, "invocation.agent_id", "host_lease.agent_id");
  equal(docs, "invocation.conversation_id", "host_lease.conversation_id");
  equal(docs, "invocation.local_session_id", "host_lease.local_session_id");
  equal(docs, "invocation.session_generation", "host_lease.session_generation");
  if (!includes(lease, "capabilities", "invoke")) no("host_lease.capabilities does not include invoke", ["host_lease", "capabilities"]);
  equal(docs, "host_lease.registry_digest", "registry.registry_digest");
  const index = selectTool(registry, inv);
  const tool = items(registry, "tools")[index] as Obj;
  const withTool = new Map([...docs, ["registry.tools[]", tool]]);
  equal(withTool, "invocation.input_schema_id", "registry.tools[].input_schema_id");
  equal(withTool, "invocation.input_schema_digest", "registry.tools[].input_schema_digest");
  const argumentBytes = canonicalLength(get(inv, "arguments"), ["invocation", "arguments"]);
  if (BigInt(argumentBytes) > int(tool, "max_argument_bytes")) {
    no("invocation.arguments exceeds registry.tools[].max_argument_bytes", ["invocation", "arguments"]);
  }
  const issued = ms(inv, "issued_at");
  const deadline = ms(inv, "deadline_at");
  if (deadline > ms(lease, "expires_at")) no("invocation.deadline_at is after host_lease.expires_at", ["invocation", "deadline_at"]);
  if (BigInt(deadline - issued) > int(tool, "max_duration_ms")) {
    no("invocation.deadline_at is more than registry.tools[].max_duration_ms after invocation.issued_at", [
      "invocation",
      "deadline_at",
    ]);
  }
  if (issued > env.now + SKEW) no("invocation.issued_at is more than 30 s after now", ["invocation", "issued_at"]);
  if (env.now >= deadline + SKEW) no("invocation.deadline_at is 30 s or more before now", ["invocation", "deadline_at"]);
  return verdict({
    arguments_bytes: argumentBytes,
    deadline_at_ms: deadline,
    invocation_digest: invocationDigests.get("invocation_digest") as string,
    lease_id: str(lease, "lease_id"),
    registry_digest: registryDigests.get("registry_digest") as string,
    tool_name: get(inv, "tool_name"),
    tool_version: get(inv, "tool_version"),
  });
}

/** Section 4.16: `{invocation}`, dispatched to the frozen E1 argument validator. */
function checkToolArguments(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["invocation"]);
  const digests = validated(env, INVOCATION);
  const inv = doc(env, "invocation");
  if (str(inv, "input_schema_id") !== SCHEMA.workspaceStatusInput) {
    never("invocation.input_schema_id has no frozen E1 argument validator", ["invocation", "input_schema_id"]);
  }
  if (str(inv, "input_schema_digest") !== E1.inputSchemaDigest) {
    no("invocation.input_schema_digest is not the pinned E1 input schema digest", ["invocation", "input_schema_digest"]);
  }
  validateDocument(WORKSPACE_STATUS_INPUT, obj(inv, "arguments"), ["invocation", "arguments"]);
  return verdict({
    arguments_digest: digests.get("arguments_digest") as string,
    input_schema_id: get(inv, "input_schema_id"),
    invocation_digest: digests.get("invocation_digest") as string,
  });
}

/** Section 4.17: `{result}`, its payload dispatched to the frozen E1 payload validator. */
function checkToolPayload(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["result"]);
  const digests = validated(env, RESULT);
  const r = doc(env, "result");
  if (str(r, "state") !== "succeeded") never("result.state is not succeeded", ["result", "state"]);
  const schemaId = get(r, "output_schema_id");
  if (!(schemaId.type === "string" && schemaId.value === SCHEMA.workspaceStatus)) {
    never("result.output_schema_id has no frozen E1 payload validator", ["result", "output_schema_id"]);
  }
  const schemaDigest = get(r, "output_schema_digest");
  if (!(schemaDigest.type === "string" && schemaDigest.value === E1.outputSchemaDigest)) {
    no("result.output_schema_digest is not the pinned E1 output schema digest", ["result", "output_schema_digest"]);
  }
  const payload = get(r, "payload");
  if (payload.type !== "object") never("workspace_status is missing or is not an object", ["result", "payload"]);
  const status = validateDocument(WORKSPACE_STATUS, payload, ["result", "payload"]);
  return verdict({
    output_schema_id: schemaId,
    result_digest: digests.get("result_digest") as string,
    status_digest: status.get("status_digest") as string,
  });
}

/** Section 4.18: `{trust, host_lease, invocation, cancellation, now}`. */
function checkCancellation(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["trust", "host_lease", "invocation", "cancellation", "now"]);
  validated(env, TRUST);
  hostLease(env);
  const invocationDigests = validated(env, INVOCATION);
  const cancellationDigests = validated(env, CANCELLATION);
  const lease = doc(env, "host_lease");
  const c = doc(env, "cancellation");
  const docs = documents(env, ["host_lease", "invocation", "cancellation"]);
  equal(docs, "cancellation.target_invocation_id", "invocation.invocation_id");
  equal(docs, "cancellation.target_invocation_digest", "invocation.invocation_digest");
  equal(docs, "cancellation.lease_id", "host_lease.lease_id");
  equal(docs, "cancellation.session_generation", "host_lease.session_generation");
  equal(docs, "invocation.lease_id", "host_lease.lease_id");
  if (!includes(lease, "capabilities", "cancel")) no("host_lease.capabilities does not include cancel", ["host_lease", "capabilities"]);
  const requested = ms(c, "requested_at");
  const ptr = ["cancellation", "requested_at"];
  if (requested < ms(lease, "issued_at") - SKEW) no("cancellation.requested_at is more than 30 s before host_lease.issued_at", ptr);
  if (requested >= ms(lease, "expires_at") + SKEW) no("cancellation.requested_at is 30 s or more after host_lease.expires_at", ptr);
  if (requested > env.now + SKEW) no("cancellation.requested_at is more than 30 s after now", ptr);
  return verdict({
    cancellation_digest: cancellationDigests.get("cancellation_digest") as string,
    invocation_digest: invocationDigests.get("invocation_digest") as string,
    lease_id: str(lease, "lease_id"),
  });
}

/** Section 4.19: `{registry, invocation, result}`. */
function checkResult(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["registry", "invocation", "result"]);
  validated(env, REGISTRY);
  const invocationDigests = validated(env, INVOCATION);
  const resultDigests = validated(env, RESULT);
  const registry = doc(env, "registry");
  const inv = doc(env, "invocation");
  const r = doc(env, "result");
  const docs = documents(env, ["registry", "invocation", "result"]);
  equal(docs, "result.invocation_id", "invocation.invocation_id");
  equal(docs, "result.invocation_digest", "invocation.invocation_digest");
  equal(docs, "result.lease_id", "invocation.lease_id");
  equal(docs, "result.tool_name", "invocation.tool_name");
  equal(docs, "result.tool_version", "invocation.tool_version");
  const index = selectTool(registry, inv);
  const tool = items(registry, "tools")[index] as Obj;
  const withTool = new Map([...docs, ["registry.tools[]", tool]]);
  const succeeded = str(r, "state") === "succeeded";
  if (succeeded) {
    equal(withTool, "result.output_schema_id", "registry.tools[].output_schema_id");
    equal(withTool, "result.output_schema_digest", "registry.tools[].output_schema_digest");
  }
  if (int(r, "bounded_bytes") > int(tool, "max_result_bytes")) {
    no("result.bounded_bytes exceeds registry.tools[].max_result_bytes", ["result", "bounded_bytes"]);
  }
  if (ms(r, "started_at") < ms(inv, "issued_at") - SKEW) {
    no("result.started_at is more than 30 s before invocation.issued_at", ["result", "started_at"]);
  }
  if (succeeded && ms(r, "completed_at") > ms(inv, "deadline_at") + SKEW) {
    no("result.completed_at is more than 30 s after invocation.deadline_at", ["result", "completed_at"]);
  }
  return verdict({
    bounded_bytes: get(r, "bounded_bytes"),
    invocation_digest: invocationDigests.get("invocation_digest") as string,
    result_digest: resultDigests.get("result_digest") as string,
    state: str(r, "state"),
  });
}

/** Whether the set member `name` of d is exactly the array `want`. */
function exactly(d: Obj, name: string, want: readonly string[]): boolean {
  const list = items(d, name);
  return list.length === want.length && list.every((v, i) => v.type === "string" && v.value === want[i]);
}

/** Section 4.20: `{registry}`, the E1 canary. */
function assertE1CanaryRegistry(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["registry"]);
  const digests = validated(env, REGISTRY);
  const tools = items(doc(env, "registry"), "tools");
  const ptr = ["registry", "tools"];
  if (tools.length === 0) never("registry.tools does not hold exactly one tool", ptr);
  if (tools.length !== 1) no("registry.tools does not hold exactly one tool", ptr);
  const t = tools[0] as Obj;
  const p = (name: string): Pointer => ["registry", "tools", 0, name];
  if (str(t, "name") !== "ats.workspace_status") no("registry.tools[].name is not ats.workspace_status", p("name"));
  if (int(t, "version") !== 1n) no("registry.tools[].version is not 1", p("version"));
  if (str(t, "input_schema_id") !== SCHEMA.workspaceStatusInput) {
    no("registry.tools[].input_schema_id is not aether.managed-tool-workspace-status-input/1", p("input_schema_id"));
  }
  if (str(t, "input_schema_digest") !== E1.inputSchemaDigest) {
    no("registry.tools[].input_schema_digest is not the pinned E1 input schema digest", p("input_schema_digest"));
  }
  if (str(t, "output_schema_id") !== SCHEMA.workspaceStatus) {
    no("registry.tools[].output_schema_id is not aether.managed-tool-workspace-status/1", p("output_schema_id"));
  }
  if (str(t, "output_schema_digest") !== E1.outputSchemaDigest) {
    no("registry.tools[].output_schema_digest is not the pinned E1 output schema digest", p("output_schema_digest"));
  }
  if (!exactly(t, "dependencies", ["ats_observer_channel", "local_workspace"])) {
    no("registry.tools[].dependencies is not exactly ats_observer_channel, local_workspace", p("dependencies"));
  }
  if (!exactly(t, "data_classes", ["ats_status", "local_status"])) {
    no("registry.tools[].data_classes is not exactly ats_status, local_status", p("data_classes"));
  }
  return verdict({
    input_schema_digest: get(t, "input_schema_digest"),
    output_schema_digest: get(t, "output_schema_digest"),
    registry_digest: digests.get("registry_digest") as string,
    tool_name: get(t, "name"),
    tool_version: get(t, "version"),
  });
}

/** Section 4.21: `{runtime_capability, observer_channel_receipt}`. */
function checkCapabilityReceipt(input: Uint8Array): Uint8Array {
  const env = envelope(input, ["runtime_capability", "observer_channel_receipt"]);
  const capabilityDigests = validated(env, CAPABILITY);
  const receiptDigests = validated(env, RECEIPT);
  const docs = documents(env, ["runtime_capability", "observer_channel_receipt"]);
  equal(docs, "observer_channel_receipt.capability_digest", "runtime_capability.capability_digest");
  equal(docs, "observer_channel_receipt.device_id", "runtime_capability.device_id");
  equal(docs, "observer_channel_receipt.runtime_version", "runtime_capability.runtime_version");
  return verdict({
    capability_digest: capabilityDigests.get("capability_digest") as string,
    channel_id: str(doc(env, RECEIPT.name), "channel_id"),
    receipt_digest: receiptDigests.get("receipt_digest") as string,
  });
}

/** The operations of toolhost/1 (spec/toolhost.md, "Operations"), in the spec's order. */
export const OPERATIONS = Object.freeze({
  "validate-trust": validateTrust,
  "validate-device-proof": validateDeviceProof,
  "validate-host-open-proof": validateHostOpenProof,
  "validate-observer-channel-receipt": validateReceipt,
  "validate-runtime-capability": validateCapability,
  "validate-registry": validateRegistry,
  "validate-host-lease": validateHostLease,
  "validate-invocation": validateInvocation,
  "validate-cancellation": validateCancellation,
  "validate-result": validateResult,
  "validate-workspace-status-input": validateWorkspaceStatusInput,
  "validate-workspace-status": validateWorkspaceStatus,
  "check-lease-binding": checkLeaseBinding,
  "check-host-open-binding": checkHostOpenBinding,
  "check-invocation": checkInvocation,
  "check-tool-arguments": checkToolArguments,
  "check-tool-payload": checkToolPayload,
  "check-cancellation": checkCancellation,
  "check-result": checkResult,
  "assert-e1-canary-registry": assertE1CanaryRegistry,
  "check-capability-receipt": checkCapabilityReceipt,
});

/** Every document's messages of steps 0-5 (validate.ts), for the tests that compare them with the table. */
export function documentMessageList(): string[] {
  return [...DOCUMENTS.values()].flatMap(documentMessages);
}

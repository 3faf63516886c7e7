// The twelve closed objects of toolhost/1 (spec/toolhost.md, section 2) as
// data: each member's name and kind (section 1.3), in table order, which is
// the order of the type pass and of the rule pass (section 1.4); each
// document's constant schema id and its digests (section 1.6). The rules
// of each kind, and the messages they give, are in validate.ts.

/** A member's kind (spec/toolhost.md, section 1.3, "Field kinds"). */
export type Kind =
  | { readonly k: "const"; readonly value: string }
  | { readonly k: "false" }
  | { readonly k: "boolean" }
  | { readonly k: "id" }
  | { readonly k: "device-id" }
  | { readonly k: "origin" }
  | { readonly k: "timestamp" }
  /** lo and hi: the range, inclusive, compared exactly. */
  | { readonly k: "integer"; readonly lo: bigint; readonly hi: bigint }
  | { readonly k: "text" }
  | { readonly k: "display" }
  | { readonly k: "runtime-version" }
  | { readonly k: "code" }
  | { readonly k: "schema-ref" }
  | { readonly k: "digest" }
  /** length: 43 (32 bytes) or 86 (64 bytes) units. */
  | { readonly k: "base64url"; readonly length: 43 | 86 }
  | { readonly k: "public-key" }
  | { readonly k: "enum"; readonly values: readonly string[] }
  /** A set (section 1.5): values is the enum vocabulary, or null for the ID grammar (evidence_refs). */
  | { readonly k: "set"; readonly lo: number; readonly hi: number; readonly values: readonly string[] | null }
  /** An array of closed objects (section 1.5), with its element comparison. */
  | {
      readonly k: "objects";
      readonly lo: number;
      readonly hi: number;
      readonly of: readonly Field[];
      readonly order: "none" | "key_id" | "tools";
    }
  /** A nested closed object. */
  | { readonly k: "object"; readonly of: readonly Field[] }
  /** An open JSON value (section 1.8): depth bound N and canonical byte cap. */
  | { readonly k: "open"; readonly depth: number; readonly bytes: number };

/** One member of a closed object: its name, kind, and whether `null` is allowed. */
export interface Field {
  readonly name: string;
  readonly kind: Kind;
  readonly nullable: boolean;
}

/** The JSON types of section 1.3, as the type pass names them. */
export type JsonType = "string" | "number" | "boolean" | "object" | "array";

/** The JSON type a kind fixes (section 1.3, the kind table's second column). */
export function jsonType(kind: Kind): JsonType {
  switch (kind.k) {
    case "false":
    case "boolean":
      return "boolean";
    case "integer":
      return "number";
    case "set":
    case "objects":
      return "array";
    case "object":
    case "open":
      return "object";
    default:
      return "string";
  }
}

/** A digest a document carries (section 1.6): its member and what it covers. */
export interface Digest {
  /** The digest member. */
  readonly field: string;
  /** "own": H(schema id, proj(d) without `omit`); "arguments": H(arguments prefix, d[`of`]). */
  readonly what: "own" | "arguments";
  /** own: the members left out of the digested object. */
  readonly omit: readonly string[];
  /** arguments: the member whose whole value is digested. */
  readonly of: string;
}

/** One of the twelve documents (section 2). */
export interface Document {
  /** The envelope name, which starts every path (section 1.2). */
  readonly name: string;
  /** The constant schema id (decided rule 30: digests use it, never the member). */
  readonly schemaId: string;
  /** The members, in table order. */
  readonly fields: readonly Field[];
  /** The digests, in the order they are checked (section 1.4 step 5). */
  readonly digests: readonly Digest[];
}

const MAX_SAFE = 9007199254740991n;

function f(name: string, kind: Kind, nullable = false): Field {
  return { name, kind, nullable };
}
const ID: Kind = { k: "id" };
const DEVICE_ID: Kind = { k: "device-id" };
const ORIGIN: Kind = { k: "origin" };
const TIMESTAMP: Kind = { k: "timestamp" };
const TEXT: Kind = { k: "text" };
const DISPLAY: Kind = { k: "display" };
const RUNTIME_VERSION: Kind = { k: "runtime-version" };
const CODE: Kind = { k: "code" };
const SCHEMA_REF: Kind = { k: "schema-ref" };
const DIGEST: Kind = { k: "digest" };
const B64_32: Kind = { k: "base64url", length: 43 };
const B64_64: Kind = { k: "base64url", length: 86 };
const PUBLIC_KEY: Kind = { k: "public-key" };
const FALSE: Kind = { k: "false" };
const BOOLEAN: Kind = { k: "boolean" };
const UINT: Kind = { k: "integer", lo: 0n, hi: MAX_SAFE };
const POSINT: Kind = { k: "integer", lo: 1n, hi: MAX_SAFE };
const int = (lo: bigint, hi: bigint): Kind => ({ k: "integer", lo, hi });
const constant = (value: string): Kind => ({ k: "const", value });
const oneOf = (...values: string[]): Kind => ({ k: "enum", values });
const set = (lo: number, hi: number, values: readonly string[] | null): Kind => ({ k: "set", lo, hi, values });

function own(field: string, ...omit: string[]): Digest {
  return { field, what: "own", omit: [field, ...omit], of: "" };
}

/** The schema ids of section 2, and the prefixes of section 1.6. */
export const SCHEMA = Object.freeze({
  trust: "aether.managed-tool-trust/1",
  deviceProof: "aether.managed-tool-device-proof/1",
  hostOpenProof: "aether.managed-tool-host-open-proof/1",
  receipt: "aether.managed-tool-observer-channel-receipt/1",
  capability: "aether.managed-tool-runtime-capability/1",
  registry: "aether.managed-tool-registry/1",
  hostLease: "aether.managed-tool-host-lease/1",
  invocation: "aether.managed-tool-invocation/1",
  cancellation: "aether.managed-tool-cancellation/1",
  result: "aether.managed-tool-result/1",
  workspaceStatusInput: "aether.managed-tool-workspace-status-input/1",
  workspaceStatus: "aether.managed-tool-workspace-status/1",
  /** The device signature's prefix (section 1.6), not the proof's own schema id. */
  hostOpen: "aether.managed-tool-host-open/1",
  /** The arguments digest's prefix (decided rule 3). */
  arguments: "aether.managed-tool-arguments/1",
});

/** The pinned E1 schema digests (section 6.2), the manifest's entries for the frozen E1 schemas. */
export const E1 = Object.freeze({
  inputSchemaDigest: "sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852",
  outputSchemaDigest: "sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305",
});

const DIAGNOSTIC: readonly Field[] = [f("code", CODE), f("summary", DISPLAY)];

/** Section 2.1. */
export const TRUST: Document = {
  name: "trust",
  schemaId: SCHEMA.trust,
  fields: [
    f("schema_id", constant(SCHEMA.trust)),
    f("keys", { k: "objects", lo: 1, hi: 8, of: [f("key_id", ID), f("public_key", PUBLIC_KEY)], order: "key_id" }),
    f("issued_at", TIMESTAMP),
    f("expires_at", TIMESTAMP),
  ],
  digests: [],
};

/** Section 2.2. */
export const DEVICE_PROOF: Document = {
  name: "device_proof",
  schemaId: SCHEMA.deviceProof,
  fields: [
    f("schema_id", constant(SCHEMA.deviceProof)),
    f("device_id", DEVICE_ID),
    f("device_public_key", PUBLIC_KEY),
    f("cloud_origin_id", ORIGIN),
    f("account_subject", TEXT),
    f("revocation_epoch", UINT),
    f("key_id", ID),
    f("issued_at", TIMESTAMP),
    f("expires_at", TIMESTAMP),
    f("proof_digest", DIGEST),
    f("cloud_signature", B64_64),
  ],
  digests: [own("proof_digest", "cloud_signature")],
};

/** Section 2.3. */
export const HOST_OPEN_PROOF: Document = {
  name: "host_open_proof",
  schemaId: SCHEMA.hostOpenProof,
  fields: [
    f("schema_id", constant(SCHEMA.hostOpenProof)),
    f("challenge", B64_32),
    f("device_proof_digest", DIGEST),
    f("agent_id", ID),
    f("conversation_id", ID),
    f("local_session_id", ID),
    f("session_generation", POSINT),
    f("registry_digest", DIGEST),
    f("device_signature", B64_64),
  ],
  digests: [],
};

/** Section 2.4. */
export const RECEIPT: Document = {
  name: "observer_channel_receipt",
  schemaId: SCHEMA.receipt,
  fields: [
    f("schema_id", constant(SCHEMA.receipt)),
    f("channel_id", ID),
    f("device_id", DEVICE_ID),
    f("local_session_id", ID),
    f("session_generation", POSINT),
    f("runtime_version", RUNTIME_VERSION),
    f("capability_digest", DIGEST),
    f("grants_execution_authority", FALSE),
    f("opened_at", TIMESTAMP),
    f("receipt_digest", DIGEST),
  ],
  digests: [own("receipt_digest")],
};

/** Section 2.5. */
export const CAPABILITY: Document = {
  name: "runtime_capability",
  schemaId: SCHEMA.capability,
  fields: [
    f("schema_id", constant(SCHEMA.capability)),
    f("device_id", DEVICE_ID),
    f("runtime_version", RUNTIME_VERSION),
    f(
      "supported_read_operations",
      set(1, 6, [
        "read_account_summary",
        "read_ats_status",
        "read_local_status",
        "read_market_status",
        "read_orders",
        "read_positions",
      ]),
    ),
    f("grants_execution_authority", FALSE),
    f("execution_authority", constant("none")),
    f("orders_enabled", FALSE),
    f("observed_at", TIMESTAMP),
    f("capability_digest", DIGEST),
  ],
  digests: [own("capability_digest")],
};

/** Section 2.6: one element of registry.tools. */
const TOOL: readonly Field[] = [
  f("name", ID),
  f("version", POSINT),
  f("input_schema_id", SCHEMA_REF),
  f("input_schema_digest", DIGEST),
  f("output_schema_id", SCHEMA_REF),
  f("output_schema_digest", DIGEST),
  f("max_argument_bytes", int(1n, 65536n)),
  f("max_result_bytes", int(1n, 262144n)),
  f("max_duration_ms", int(1n, 3600000n)),
  f("data_classes", set(1, 5, ["account_summary", "ats_status", "browser_observation", "local_status", "market_status"])),
  f(
    "dependencies",
    set(0, 6, ["ats_observer_channel", "ats_runtime", "cloud_session", "local_clock", "local_workspace", "network"]),
  ),
];

/** Section 2.6. */
export const REGISTRY: Document = {
  name: "registry",
  schemaId: SCHEMA.registry,
  fields: [
    f("schema_id", constant(SCHEMA.registry)),
    f("device_id", DEVICE_ID),
    f("agent_id", ID),
    f("local_session_id", ID),
    f("session_generation", POSINT),
    f("tools", { k: "objects", lo: 1, hi: 16, of: TOOL, order: "tools" }),
    f("registry_digest", DIGEST),
  ],
  digests: [own("registry_digest")],
};

/** Section 2.7. */
export const HOST_LEASE: Document = {
  name: "host_lease",
  schemaId: SCHEMA.hostLease,
  fields: [
    f("schema_id", constant(SCHEMA.hostLease)),
    f("lease_id", ID),
    f("device_id", DEVICE_ID),
    f("account_subject", TEXT),
    f("cloud_origin_id", ORIGIN),
    f("agent_id", ID),
    f("conversation_id", ID),
    f("local_session_id", ID),
    f("session_generation", POSINT),
    f("registry_digest", DIGEST),
    f("revocation_epoch", UINT),
    f("capabilities", set(1, 2, ["cancel", "invoke"])),
    f("max_calls", POSINT),
    f("key_id", ID),
    f("issued_at", TIMESTAMP),
    f("expires_at", TIMESTAMP),
    f("cloud_signature", B64_64),
  ],
  digests: [],
};

/** Section 2.8. */
export const INVOCATION: Document = {
  name: "invocation",
  schemaId: SCHEMA.invocation,
  fields: [
    f("schema_id", constant(SCHEMA.invocation)),
    f("invocation_id", ID),
    f("lease_id", ID),
    f("device_id", DEVICE_ID),
    f("agent_id", ID),
    f("conversation_id", ID),
    f("local_session_id", ID),
    f("session_generation", POSINT),
    f("sequence", POSINT),
    f("tool_name", ID),
    f("tool_version", POSINT),
    f("input_schema_id", SCHEMA_REF),
    f("input_schema_digest", DIGEST),
    f("arguments", { k: "open", depth: 8, bytes: 65536 }),
    f("arguments_digest", DIGEST),
    f("issued_at", TIMESTAMP),
    f("deadline_at", TIMESTAMP),
    f("invocation_digest", DIGEST),
  ],
  digests: [{ field: "arguments_digest", what: "arguments", omit: [], of: "arguments" }, own("invocation_digest")],
};

/** Section 2.9. */
export const CANCELLATION: Document = {
  name: "cancellation",
  schemaId: SCHEMA.cancellation,
  fields: [
    f("schema_id", constant(SCHEMA.cancellation)),
    f("cancellation_id", ID),
    f("lease_id", ID),
    f("session_generation", POSINT),
    f("target_invocation_id", ID),
    f("target_invocation_digest", DIGEST),
    f("reason_code", CODE),
    f("requested_at", TIMESTAMP),
    f("cancellation_digest", DIGEST),
  ],
  digests: [own("cancellation_digest")],
};

/** Section 2.10. */
export const RESULT: Document = {
  name: "result",
  schemaId: SCHEMA.result,
  fields: [
    f("schema_id", constant(SCHEMA.result)),
    f("invocation_id", ID),
    f("invocation_digest", DIGEST),
    f("lease_id", ID),
    f("tool_name", ID),
    f("tool_version", POSINT),
    f("state", oneOf("succeeded", "refused", "unavailable", "cancelled", "deadline_exceeded")),
    f("output_schema_id", SCHEMA_REF, true),
    f("output_schema_digest", DIGEST, true),
    f("payload", { k: "open", depth: 15, bytes: 262144 }, true),
    f("bounded_bytes", int(0n, 262144n)),
    f("error", { k: "object", of: [f("code", CODE), f("message", DISPLAY)] }, true),
    f("replay_status", oneOf("original", "stored_redelivery")),
    f("retry_class", oneOf("none", "retry_after_backoff", "new_call_after_recovery", "redeliver_stored_result")),
    f("redaction_profile", constant("aether.safe-display/1")),
    f("evidence_refs", set(0, 16, null)),
    f("diagnostics", { k: "objects", lo: 0, hi: 16, of: DIAGNOSTIC, order: "none" }),
    f("started_at", TIMESTAMP),
    f("completed_at", TIMESTAMP),
    f("result_digest", DIGEST),
  ],
  digests: [own("result_digest")],
};

/** Section 2.11. */
export const WORKSPACE_STATUS_INPUT: Document = {
  name: "workspace_status_input",
  schemaId: SCHEMA.workspaceStatusInput,
  fields: [f("schema_id", constant(SCHEMA.workspaceStatusInput)), f("include_diagnostics", BOOLEAN)],
  digests: [],
};

/** Section 2.12. */
export const WORKSPACE_STATUS: Document = {
  name: "workspace_status",
  schemaId: SCHEMA.workspaceStatus,
  fields: [
    f("schema_id", constant(SCHEMA.workspaceStatus)),
    f("device_id", DEVICE_ID),
    f("local_session_id", ID),
    f("session_generation", POSINT),
    f("runtime_version", RUNTIME_VERSION),
    f("observed_at", TIMESTAMP),
    f("ats_status", {
      k: "object",
      of: [
        f("connection", oneOf("connected", "degraded", "disconnected")),
        f(
          "effective_mode",
          oneOf("offline", "observe", "review_only", "paper", "approve", "auto", "orders_paused", "emergency_locked"),
        ),
        f("execution_authority", constant("none")),
        f("orders_enabled", FALSE),
      ],
    }),
    f("local_status", {
      k: "object",
      of: [f("host_state", oneOf("starting", "ready", "draining")), f("active_invocations", UINT)],
    }),
    f("diagnostics", { k: "objects", lo: 0, hi: 16, of: DIAGNOSTIC, order: "none" }),
    f("status_digest", DIGEST),
  ],
  digests: [own("status_digest")],
};

/** The twelve documents, by envelope name. */
export const DOCUMENTS: ReadonlyMap<string, Document> = new Map(
  [
    TRUST,
    DEVICE_PROOF,
    HOST_OPEN_PROOF,
    RECEIPT,
    CAPABILITY,
    REGISTRY,
    HOST_LEASE,
    INVOCATION,
    CANCELLATION,
    RESULT,
    WORKSPACE_STATUS_INPUT,
    WORKSPACE_STATUS,
  ].map((d) => [d.name, d]),
);

// ats-runtime/1 (spec/ats-runtime.md): the ten ATS Spec 2 headless-runtime
// shapes (seed 001, section 3, "ATS trading contracts (Spec 2, headless
// runtime)") and the four decisions over more than one document: probe
// ageing, artifact staging, activation admission and note saves.
//
// Written from the spec's prose. Every shape is a closed object whose
// members are checked in the spec's order, each under its own message (its
// JSON type first, with no accept path, then its rule), then the shape's
// object rules. Every operation takes one JSON value input (jsonvalue.ts)
// and answers RFC 8785 canonical bytes (rfc8785/1, through the ats/1
// mirror's canonical.ts: Spec 2 imports the Spec 1 base) of a verdict
// object, or throws a Refusal of REFUSALS. Numbers in object and decision
// rules are the literal's nearest double (Number(text)).
//
// Nothing here performs I/O, reads the clock (now_ms is an input), holds a
// credential or places an order (spec/ats-runtime.md, "Scope").

import { type Obj, type Value, literal, parseValue, whereIn } from "./jsonvalue.js";
import { type Guard, fail, refuse, table } from "./refusal.js";
import { atsDigest, canonicalizable, jcs, obj, str } from "./ats/canonical.js";

/** The contract this module implements (spec/ats-runtime.md). */
export const CONTRACT = "ats-runtime/1";

/** spec/ats-runtime.md, "Refusals", in table order: local name to Guard. */
export const REFUSALS = table(CONTRACT, {
  input: ["ats-runtime.input", "input is not valid JSON"],
  type: ["ats-runtime.type", "document is not a JSON object"],
  unknownMember: ["ats-runtime.unknown_member", "document has a member outside its shape"],
  missingMember: ["ats-runtime.missing_member", "document lacks a member of its shape"],
  schemaVersion: ["ats-runtime.schema_version", "schema_version is not the schema tag this operation checks"],
  installationId: ["ats-runtime.installation_id", "installation_id is not a reference with prefix install_"],
  runtimeVersion: ["ats-runtime.runtime_version", "runtime_version is not a version MAJOR.MINOR.PATCH"],
  artifactDigest: ["ats-runtime.artifact_digest", "artifact_digest is not a sha256 digest"],
  provenanceVerified: ["ats-runtime.provenance_verified", "provenance_verified is not true"],
  installedAtMs: ["ats-runtime.installed_at_ms", "installed_at_ms is not an integer from 0 to 9007199254740991"],
  authoredBy: ["ats-runtime.authored_by", "authored_by is not runtime or local"],
  effectiveMode: ["ats-runtime.effective_mode", "effective_mode is not a ladder mode, orders_paused or emergency_locked"],
  reason: ["ats-runtime.reason", "reason is not null or a reason code"],
  observedAtMs: ["ats-runtime.observed_at_ms", "observed_at_ms is not an integer from 0 to 9007199254740991"],
  capabilitiesLocalMode: ["ats-runtime.capabilities_local_mode", "a capability snapshot not authored by the runtime is not offline"],
  profileId: ["ats-runtime.profile_id", "profile_id is not a reference with prefix profile_"],
  provider: ["ats-runtime.provider", "provider is not a lowercase name"],
  feed: ["ats-runtime.feed", "feed is not realtime or delayed"],
  credentialRef: ["ats-runtime.credential_ref", "credential_ref is not null or a reference with prefix env: or vault:"],
  maxProbeAgeMs: ["ats-runtime.max_probe_age_ms", "max_probe_age_ms is not an integer from 1000 to 86400000"],
  configuredAtMs: ["ats-runtime.configured_at_ms", "configured_at_ms is not an integer from 0 to 9007199254740991"],
  probeId: ["ats-runtime.probe_id", "probe_id is not a reference with prefix probe_"],
  probeStatus: ["ats-runtime.probe_status", "status is not verified, failed or stale"],
  maxAgeMs: ["ats-runtime.max_age_ms", "max_age_ms is not an integer from 1000 to 86400000"],
  probeReasonExtra: ["ats-runtime.probe_reason_extra", "a verified data probe carries a reason"],
  probeReasonMissing: ["ats-runtime.probe_reason_missing", "a data probe that is not verified has no reason"],
  sourceId: ["ats-runtime.source_id", "source_id is not a reference with prefix src_"],
  language: ["ats-runtime.language", "language is not nano, pine or python"],
  contentDigest: ["ats-runtime.content_digest", "content_digest is not a sha256 digest"],
  byteLength: ["ats-runtime.byte_length", "byte_length is not an integer from 1 to 1048576"],
  importedAtMs: ["ats-runtime.imported_at_ms", "imported_at_ms is not an integer from 0 to 9007199254740991"],
  artifactId: ["ats-runtime.artifact_id", "artifact_id is not a sha256 digest"],
  sourceDigest: ["ats-runtime.source_digest", "source_digest is not a sha256 digest"],
  artifactStatus: ["ats-runtime.artifact_status", "status is not compiled or failed"],
  program: ["ats-runtime.program", "program is not null or text of 1 to 65536 UTF-16 units"],
  compilerVersion: ["ats-runtime.compiler_version", "compiler_version is not a version MAJOR.MINOR.PATCH"],
  compiledAtMs: ["ats-runtime.compiled_at_ms", "compiled_at_ms is not an integer from 0 to 9007199254740991"],
  artifactProgramMissing: ["ats-runtime.artifact_program_missing", "a compiled artifact has no program"],
  artifactProgramExtra: ["ats-runtime.artifact_program_extra", "a failed artifact has a program"],
  activationId: ["ats-runtime.activation_id", "activation_id is not a reference with prefix activation_"],
  requestedMode: ["ats-runtime.requested_mode", "requested_mode is not offline, observe, review_only, paper, approve or auto"],
  executionGrantRef: ["ats-runtime.execution_grant_ref", "execution_grant_ref is not null or a reference with prefix grant_"],
  requestedAtMs: ["ats-runtime.requested_at_ms", "requested_at_ms is not an integer from 0 to 9007199254740991"],
  activationExceeds: ["ats-runtime.activation_exceeds", "effective_mode exceeds requested_mode"],
  activationReasonMissing: ["ats-runtime.activation_reason_missing", "effective_mode differs from requested_mode without a reason"],
  activationGrantMissing: ["ats-runtime.activation_grant_missing", "effective_mode needs an execution_grant_ref"],
  activationGrantExtra: ["ats-runtime.activation_grant_extra", "effective_mode may not carry an execution_grant_ref"],
  entryId: ["ats-runtime.entry_id", "entry_id is not a reference with prefix entry_"],
  facts: ["ats-runtime.facts", "facts is not a JSON object"],
  receiptId: ["ats-runtime.receipt_id", "receipt_id is not a reference with prefix receipt_"],
  symbol: ["ats-runtime.symbol", "symbol is not an equity ticker"],
  side: ["ats-runtime.side", "side is not buy or sell"],
  quantity: ["ats-runtime.quantity", "quantity is not an integer from 1 to 1000000"],
  priceMinor: ["ats-runtime.price_minor", "price_minor is not an integer from 1 to 1000000000"],
  executedAtMs: ["ats-runtime.executed_at_ms", "executed_at_ms is not an integer from 0 to 9007199254740991"],
  factRevision: ["ats-runtime.fact_revision", "fact_revision is not an integer from 1 to 9007199254740991"],
  reflectionRevision: ["ats-runtime.reflection_revision", "reflection_revision is not an integer from 0 to 9007199254740991"],
  reflection: ["ats-runtime.reflection", "reflection is not null or text of 1 to 4096 UTF-16 units"],
  journalReflectionExtra: ["ats-runtime.journal_reflection_extra", "reflection is set at reflection_revision 0"],
  journalReflectionMissing: ["ats-runtime.journal_reflection_missing", "reflection is null after a reflection revision"],
  revision: ["ats-runtime.revision", "revision is not an integer from 1 to 9007199254740991"],
  supersedes: ["ats-runtime.supersedes", "supersedes is not null or an integer from 1 to 9007199254740991"],
  text: ["ats-runtime.text", "text is not text of 1 to 4096 UTF-16 units"],
  authoredAtMs: ["ats-runtime.authored_at_ms", "authored_at_ms is not an integer from 0 to 9007199254740991"],
  noteSupersedes: ["ats-runtime.note_supersedes", "supersedes is not the revision before revision"],
  reviewReminder: ["ats-runtime.review_reminder", "review_reminder is not off, daily or weekly"],
  showPnl: ["ats-runtime.show_pnl", "show_pnl is not true or false"],
  grantsExecutionAuthority: ["ats-runtime.grants_execution_authority", "grants_execution_authority is not false"],
  updatedAtMs: ["ats-runtime.updated_at_ms", "updated_at_ms is not an integer from 0 to 9007199254740991"],
  nowMs: ["ats-runtime.now_ms", "now_ms is not an integer from 0 to 9007199254740991"],
  probeClock: ["ats-runtime.probe_clock", "now_ms is before the probe's observed_at_ms"],
  stageLanguage: ["ats-runtime.stage_language", "a pine or python strategy source never compiles"],
  stageSourceId: ["ats-runtime.stage_source_id", "artifact source_id is not the source's source_id"],
  stageSourceDigest: ["ats-runtime.stage_source_digest", "artifact source_digest is not the source's content_digest"],
  stageNotCompiled: ["ats-runtime.stage_not_compiled", "artifact is not compiled"],
  stageId: ["ats-runtime.stage_id", "artifact_id does not match its contents"],
  activationProbe: ["ats-runtime.activation_probe", "data probe is not verified at now_ms"],
  noteEntry: ["ats-runtime.note_entry", "note revision is for another journal entry"],
  noteConflict: ["ats-runtime.note_conflict", "note revision's base is not the entry's reflection_revision"],
  canonical: ["ats-runtime.canonical", "value cannot be canonicalized"],
});

const G = REFUSALS;

/** A code's guard; a code the table lacks is a programming error. */
function guardOf(code: string): Guard {
  for (const g of Object.values(G)) if (g.code === code) return g;
  throw new Error(`no guard ${code}`);
}

// --- Value rules (spec/ats-runtime.md, "Value rules"): whole-string
// patterns with ASCII classes, on UTF-16 units.

type Rule = (v: Value) => boolean;

const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const REASON = /^[a-z][a-z0-9_]{0,63}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const VERSION = /^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$/;
const CREDENTIAL = /^(env|vault):[A-Za-z0-9_./-]{1,128}$/;
const TICKER = /^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$/;
const INT = /^(0|[1-9][0-9]*)$/;
const MAX_SAFE = "9007199254740991";

function text(v: Value): string {
  return v.type === "string" ? v.value : "";
}

function matches(re: RegExp): Rule {
  // JS $ matches only at the end without the m flag; no u flag: units.
  return (v) => re.test(text(v));
}

function ref(prefix: string): Rule {
  const re = new RegExp(`^${prefix}_[A-Za-z0-9]{1,64}$`);
  return matches(re);
}

/** Compares two integer literals of the form 0 or [1-9][0-9]* exactly. */
function cmpDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function intRange(lo: string, hi: string): Rule {
  return (v) => v.type === "number" && INT.test(v.text) && cmpDigits(v.text, lo) >= 0 && cmpDigits(v.text, hi) <= 0;
}

const TIME = intRange("0", MAX_SAFE);

/** Text of 1 to hi UTF-16 units, no lone surrogate, no control other than TAB and LF. */
function textRule(hi: number): Rule {
  return (v) => {
    const s = text(v);
    if (s.length < 1 || s.length > hi) return false;
    for (let i = 0; i < s.length; i++) {
      const u = s.charCodeAt(i);
      if (u >= 0xd800 && u <= 0xdbff) {
        const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (next >= 0xdc00 && next <= 0xdfff) {
          i++;
          continue;
        }
        return false;
      }
      if (u >= 0xdc00 && u <= 0xdfff) return false;
      if ((u <= 0x1f && u !== 0x09 && u !== 0x0a) || (u >= 0x7f && u <= 0x9f)) return false;
    }
    return true;
  };
}

function oneOf(...values: string[]): Rule {
  return (v) => v.type === "string" && values.includes(v.value);
}

const isTrue: Rule = (v) => v.type === "literal" && v.text === "true";
const isFalse: Rule = (v) => v.type === "literal" && v.text === "false";
const anything: Rule = () => true;

const LADDER = ["offline", "observe", "review_only", "paper", "approve", "auto"];
const HALTS = ["orders_paused", "emergency_locked"];

/** A member: its name, JSON type (or the shape of a nested document), whether null passes, its rule and its guard. */
interface Member {
  readonly name: string;
  readonly kind: "string" | "number" | "boolean" | string;
  readonly nullable: boolean;
  readonly rule: Rule;
  readonly guard: Guard;
}

function m(name: string, kind: string, rule: Rule, code?: string, nullable = false): Member {
  return { name, kind, nullable, rule, guard: guardOf(`ats-runtime.${code ?? name}`) };
}

function tag(t: string): Member {
  return m("schema_version", "string", (v) => text(v) === t && v.type === "string");
}

const installationId = m("installation_id", "string", ref("install"));
const runtimeVersion = m("runtime_version", "string", matches(VERSION));
const effectiveMode = m("effective_mode", "string", oneOf(...LADDER, ...HALTS));
const reason = m("reason", "string", matches(REASON), undefined, true);
const observedAt = m("observed_at_ms", "number", TIME);
const profileId = m("profile_id", "string", ref("profile"));
const sourceId = m("source_id", "string", ref("src"));
const artifactId = m("artifact_id", "string", matches(DIGEST));
const entryId = m("entry_id", "string", ref("entry"));
const nowMs = m("now_ms", "number", TIME);

function doc(name: string, shape: string): Member {
  return { name, kind: shape, nullable: false, rule: anything, guard: G.type };
}

/** The shapes and envelopes, members in check order (spec/ats-runtime.md, "The shapes", "Decisions"). */
const SHAPES: Record<string, readonly Member[]> = {
  "runtime-installation": [
    tag("aether.ats.runtime-installation/1"),
    installationId,
    runtimeVersion,
    m("artifact_digest", "string", matches(DIGEST)),
    m("provenance_verified", "boolean", isTrue),
    m("installed_at_ms", "number", TIME),
  ],
  "runtime-capabilities": [
    tag("aether.ats.runtime-capabilities/1"),
    installationId,
    runtimeVersion,
    m("authored_by", "string", oneOf("runtime", "local")),
    effectiveMode,
    reason,
    observedAt,
  ],
  "data-profile": [
    tag("aether.ats.data-profile/1"),
    profileId,
    m("provider", "string", matches(NAME)),
    m("feed", "string", oneOf("realtime", "delayed")),
    m("credential_ref", "string", matches(CREDENTIAL), undefined, true),
    m("max_probe_age_ms", "number", intRange("1000", "86400000")),
    m("configured_at_ms", "number", TIME),
  ],
  "data-probe": [
    tag("aether.ats.data-probe/1"),
    m("probe_id", "string", ref("probe")),
    profileId,
    m("status", "string", oneOf("verified", "failed", "stale"), "probe_status"),
    observedAt,
    m("max_age_ms", "number", intRange("1000", "86400000")),
    reason,
  ],
  "strategy-source": [
    tag("aether.ats.strategy-source/1"),
    sourceId,
    m("language", "string", oneOf("nano", "pine", "python")),
    m("content_digest", "string", matches(DIGEST)),
    m("byte_length", "number", intRange("1", "1048576")),
    m("imported_at_ms", "number", TIME),
  ],
  "strategy-compile-artifact": [
    tag("aether.ats.strategy-compile-artifact/1"),
    artifactId,
    sourceId,
    m("source_digest", "string", matches(DIGEST)),
    m("status", "string", oneOf("compiled", "failed"), "artifact_status"),
    m("program", "string", textRule(65536), undefined, true),
    m("compiler_version", "string", matches(VERSION)),
    m("compiled_at_ms", "number", TIME),
  ],
  "strategy-activation": [
    tag("aether.ats.strategy-activation/1"),
    m("activation_id", "string", ref("activation")),
    artifactId,
    m("requested_mode", "string", oneOf(...LADDER)),
    effectiveMode,
    m("execution_grant_ref", "string", ref("grant"), undefined, true),
    reason,
    m("requested_at_ms", "number", TIME),
  ],
  "trade-journal": [
    tag("aether.ats.trade-journal/2"),
    entryId,
    m("facts", "facts", anything),
    m("fact_revision", "number", intRange("1", MAX_SAFE)),
    m("reflection_revision", "number", intRange("0", MAX_SAFE)),
    m("reflection", "string", textRule(4096), undefined, true),
  ],
  facts: [
    m("receipt_id", "string", ref("receipt")),
    m("symbol", "string", matches(TICKER)),
    m("side", "string", oneOf("buy", "sell")),
    m("quantity", "number", intRange("1", "1000000")),
    m("price_minor", "number", intRange("1", "1000000000")),
    m("executed_at_ms", "number", TIME),
  ],
  "human-note-revision": [
    tag("aether.ats.human-note-revision/1"),
    entryId,
    m("revision", "number", intRange("1", MAX_SAFE)),
    m("supersedes", "number", intRange("1", MAX_SAFE), undefined, true),
    m("text", "string", textRule(4096)),
    m("authored_at_ms", "number", TIME),
  ],
  "journal-preferences": [
    tag("aether.ats.journal-preferences/1"),
    m("review_reminder", "string", oneOf("off", "daily", "weekly")),
    m("show_pnl", "boolean", anything),
    m("grants_execution_authority", "boolean", isFalse),
    m("updated_at_ms", "number", TIME),
  ],
  "age-probe-receipt": [doc("probe", "data-probe"), nowMs],
  "stage-artifact": [doc("source", "strategy-source"), doc("artifact", "strategy-compile-artifact")],
  "admit-activation": [doc("activation", "strategy-activation"), doc("probe", "data-probe"), nowMs],
  "save-note": [doc("entry", "trade-journal"), doc("note", "human-note-revision")],
};

function typed(v: Value, kind: string): boolean {
  switch (kind) {
    case "string":
      return v.type === "string";
    case "number":
      return v.type === "number";
    case "boolean":
      return v.type === "literal" && (v.text === "true" || v.text === "false");
  }
  return v.type === "object";
}

function isNull(v: Value | undefined): boolean {
  return v !== undefined && v.type === "literal" && v.text === "null";
}

/**
 * Steps 1 to 3 of "Procedure": v is an object (typeGuard, no accept path),
 * has no member outside the shape, and each member in order is present, of
 * its type (no accept path) and passes its rule; a nested document runs
 * these steps itself when its member comes.
 */
function check(shape: string, v: Value, path: readonly string[], typeGuard: Guard): void {
  if (v.type !== "object") fail(typeGuard, whereIn(...path));
  const members = SHAPES[shape] as readonly Member[];
  const names = new Set(members.map((x) => x.name));
  for (const name of v.members.keys()) {
    if (!names.has(name)) refuse(G.unknownMember, whereIn(...path, name));
  }
  for (const mem of members) {
    const x = v.members.get(mem.name);
    const where = whereIn(...path, mem.name);
    if (x === undefined) {
      refuse(G.missingMember, whereIn(...path));
      fail(mem.guard, where);
    }
    if (mem.kind in SHAPES) {
      check(mem.kind, x, [...path, mem.name], mem.guard);
      continue;
    }
    if (mem.nullable && isNull(x)) continue;
    if (!typed(x, mem.kind)) fail(mem.guard, where);
    if (!mem.rule(x)) refuse(mem.guard, where);
  }
}

// --- Object rules (spec/ats-runtime.md, "The shapes"), in order.

type Doc = Obj;

function get(d: Doc, name: string): Value {
  return d.members.get(name) as Value;
}

function s(d: Doc, name: string): string | undefined {
  const v = get(d, name);
  return v.type === "string" ? v.value : undefined;
}

/** A member's number as a double: the literal's nearest (NaN when not a number). */
function num(d: Doc, name: string): number {
  const v = get(d, name);
  return v.type === "number" ? Number(v.text) : Number.NaN;
}

function rank(mode: string | undefined): number {
  return mode === undefined ? -1 : LADDER.indexOf(mode);
}

function rule(cond: boolean, g: Guard, path: readonly string[], name: string): void {
  if (cond) refuse(g, whereIn(...path, name));
}

const PAPER = LADDER.indexOf("paper");

const OBJECT_RULES: Record<string, (d: Doc, path: readonly string[]) => void> = {
  "runtime-capabilities": (d, p) => {
    rule(s(d, "authored_by") === "local" && s(d, "effective_mode") !== "offline", G.capabilitiesLocalMode, p, "authored_by");
  },
  "data-probe": (d, p) => {
    const verified = s(d, "status") === "verified";
    rule(verified && !isNull(get(d, "reason")), G.probeReasonExtra, p, "reason");
    rule(!verified && isNull(get(d, "reason")), G.probeReasonMissing, p, "reason");
  },
  "strategy-compile-artifact": (d, p) => {
    rule(s(d, "status") === "compiled" && isNull(get(d, "program")), G.artifactProgramMissing, p, "program");
    rule(s(d, "status") === "failed" && !isNull(get(d, "program")), G.artifactProgramExtra, p, "program");
  },
  "strategy-activation": (d, p) => {
    const req = s(d, "requested_mode");
    const eff = s(d, "effective_mode");
    const r = rank(req);
    const e = rank(eff);
    const grant = !isNull(get(d, "execution_grant_ref"));
    rule(r >= 0 && e >= 0 && e > r, G.activationExceeds, p, "effective_mode");
    rule(req !== eff && isNull(get(d, "reason")), G.activationReasonMissing, p, "reason");
    rule(e >= PAPER && !grant, G.activationGrantMissing, p, "execution_grant_ref");
    rule(e >= 0 && e < PAPER && grant, G.activationGrantExtra, p, "execution_grant_ref");
  },
  "trade-journal": (d, p) => {
    const zero = num(d, "reflection_revision") === 0;
    rule(zero && !isNull(get(d, "reflection")), G.journalReflectionExtra, p, "reflection");
    rule(!zero && isNull(get(d, "reflection")), G.journalReflectionMissing, p, "reflection");
  },
  "human-note-revision": (d, p) => {
    const rev = num(d, "revision");
    const exact = rev === 1 ? isNull(get(d, "supersedes")) : !isNull(get(d, "supersedes")) && num(d, "supersedes") === rev - 1;
    rule(!exact, G.noteSupersedes, p, "supersedes");
  },
};

/** The procedure: steps 1 to 3, then the object rules of the document, or of each document of an envelope in member order. */
function validate(shape: string, v: Value): Doc {
  check(shape, v, [], G.type);
  const d = v as Doc;
  OBJECT_RULES[shape]?.(d, []);
  for (const mem of SHAPES[shape] as readonly Member[]) {
    const rules = OBJECT_RULES[mem.kind];
    if (rules !== undefined) rules(get(d, mem.name) as Doc, [mem.name]);
  }
  return d;
}

// --- Canonical form and digest.

/** JCS(v), or `ats-runtime.canonical` (no accept path) when it has none. */
function canon(v: Value): Uint8Array {
  if (!canonicalizable(v)) fail(G.canonical, whereIn());
  return jcs(v);
}

/** D(v): "sha256:" + the lowercase hex SHA-256 of JCS(v). */
function digest(v: Value): string {
  if (!canonicalizable(v)) fail(G.canonical, whereIn());
  return atsDigest(v);
}

function read(input: Uint8Array): Value {
  return parseValue(input, G.input);
}

function withMembers(d: Doc, changes: readonly (readonly [string, Value])[]): Doc {
  const members = new Map(d.members);
  for (const [k, v] of changes) members.set(k, v);
  return { type: "object", members };
}

// --- Operations.

function validator(shape: string): (input: Uint8Array) => Uint8Array {
  return (input) => {
    const d = validate(shape, read(input));
    return canon(obj([["digest", str(digest(d))], ["schema_version", get(d, "schema_version")]]));
  };
}

/** ageProbeReceipt: refuses probe_clock when now is before observed_at_ms; a verified probe at least max_age_ms old comes back stale. */
function ageProbe(probe: Doc, now: number): Doc {
  const observed = num(probe, "observed_at_ms");
  if (now < observed) refuse(G.probeClock, whereIn("now_ms"));
  if (s(probe, "status") === "verified" && now - observed >= num(probe, "max_age_ms")) {
    return withMembers(probe, [
      ["status", str("stale")],
      ["reason", str("probe_expired")],
    ]);
  }
  return probe;
}

/** age-probe-receipt: {probe, now_ms} to JCS of {probe: the aged probe, usable} (seed invariant 3). */
function ageProbeReceipt(input: Uint8Array): Uint8Array {
  const env = validate("age-probe-receipt", read(input));
  const aged = ageProbe(get(env, "probe") as Doc, num(env, "now_ms"));
  return canon(obj([["probe", aged], ["usable", literal(s(aged, "status") === "verified" ? "true" : "false")]]));
}

/** stage-artifact: {source, artifact} to JCS of {artifact_id} (seed invariant 5). */
function stageArtifact(input: Uint8Array): Uint8Array {
  const env = validate("stage-artifact", read(input));
  const src = get(env, "source") as Doc;
  const art = get(env, "artifact") as Doc;
  const lang = s(src, "language");
  if (lang === "pine" || lang === "python") refuse(G.stageLanguage, whereIn("source", "language"));
  if (s(art, "source_id") !== s(src, "source_id")) refuse(G.stageSourceId, whereIn("artifact", "source_id"));
  if (s(art, "source_digest") !== s(src, "content_digest")) refuse(G.stageSourceDigest, whereIn("artifact", "source_digest"));
  if (s(art, "status") !== "compiled") refuse(G.stageNotCompiled, whereIn("artifact", "status"));
  const contents: Doc = { type: "object", members: new Map([...art.members].filter(([k]) => k !== "artifact_id")) };
  if (s(art, "artifact_id") !== digest(contents)) refuse(G.stageId, whereIn("artifact", "artifact_id"));
  return canon(obj([["artifact_id", get(art, "artifact_id")]]));
}

/** admit-activation: {activation, probe, now_ms} to JCS of {activation_digest, probe_digest} (seed invariants 3 and 6). */
function admitActivation(input: Uint8Array): Uint8Array {
  const env = validate("admit-activation", read(input));
  const aged = ageProbe(get(env, "probe") as Doc, num(env, "now_ms"));
  if (s(aged, "status") !== "verified") refuse(G.activationProbe, whereIn("probe", "status"));
  const ad = digest(get(env, "activation"));
  const pd = digest(aged);
  return canon(obj([["activation_digest", str(ad)], ["probe_digest", str(pd)]]));
}

/** save-note: {entry, note} to JCS of {digest, fact_revision, reflection_revision} (seed invariant 7). */
function saveNote(input: Uint8Array): Uint8Array {
  const env = validate("save-note", read(input));
  const entry = get(env, "entry") as Doc;
  const note = get(env, "note") as Doc;
  const base = isNull(get(note, "supersedes")) ? 0 : num(note, "supersedes");
  if (s(note, "entry_id") !== s(entry, "entry_id")) refuse(G.noteEntry, whereIn("note", "entry_id"));
  if (base !== num(entry, "reflection_revision")) refuse(G.noteConflict, whereIn("note", "supersedes"));
  const next = withMembers(entry, [
    ["reflection", get(note, "text")],
    ["reflection_revision", get(note, "revision")],
  ]);
  return canon(
    obj([
      ["digest", str(digest(next))],
      ["fact_revision", get(entry, "fact_revision")],
      ["reflection_revision", get(note, "revision")],
    ]),
  );
}

/** The operations of ats-runtime/1 (spec/ats-runtime.md, "Operations"), in table order: input bytes to output bytes. */
export const OPERATIONS = Object.freeze({
  "runtime-installation": validator("runtime-installation"),
  "runtime-capabilities": validator("runtime-capabilities"),
  "data-profile": validator("data-profile"),
  "data-probe": validator("data-probe"),
  "strategy-source": validator("strategy-source"),
  "strategy-compile-artifact": validator("strategy-compile-artifact"),
  "strategy-activation": validator("strategy-activation"),
  "trade-journal": validator("trade-journal"),
  "human-note-revision": validator("human-note-revision"),
  "journal-preferences": validator("journal-preferences"),
  "age-probe-receipt": ageProbeReceipt,
  "stage-artifact": stageArtifact,
  "admit-activation": admitActivation,
  "save-note": saveNote,
});

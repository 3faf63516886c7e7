// artifact/1 (spec/artifact.md): the agent CLI's run summary
// (result/final_result.json), its trace (trace/run_trace.json, v1 and v2)
// loaded on the built-in replay path, the canonical lifecycle validation,
// replay parity and the acceptance procedure over an output root given as a
// tree of files (seed 002, "Artifact Contracts").
//
// Written from the spec's prose. Every shape is a closed object whose
// members are checked in the spec's order, each under its own message (its
// JSON type first, with no accept path, then its rules). Every operation
// takes one JSON value input (jsonvalue.ts) and answers RFC 8785 canonical
// bytes (rfc8785/1) of a verdict object, or throws a Refusal of REFUSALS.
//
// The output root arrives as data ({"files": [{"path", "kind",
// "bytes_b64"}]}): nothing here touches a file system or follows a link.

import { createHash } from "node:crypto";
import { type Obj, type Value, literal, parseValue, whereIn } from "./jsonvalue.js";
import { type Guard, type Where, fail, refuse, table } from "./refusal.js";
import { canonicalizeValue } from "./rfc8785.js";

/** The contract this module implements (spec/artifact.md). */
export const CONTRACT = "artifact/1";

/** spec/artifact.md, "Refusals", in table order: local name to Guard. */
export const REFUSALS = table(CONTRACT, {
  input: ["artifact.input", "input is not valid JSON"],
  type: ["artifact.type", "document is not a JSON object"],
  unknownMember: ["artifact.unknown_member", "document has a member outside its shape"],
  missingMember: ["artifact.missing_member", "document lacks a member of its shape"],
  verdict: ["artifact.verdict", "verdict is not pass, fail or veto"],
  confidence: ["artifact.confidence", "confidence is not a decimal from 0 to 1 with at most 6 fraction digits"],
  epistemicStatus: ["artifact.epistemic_status", "epistemic_status is not known, inferred, uncertain or unknown"],
  stopReason: ["artifact.stop_reason", "stop_reason is not a reason code"],
  terminationReason: ["artifact.termination_reason", "termination_reason is not a reason code"],
  convergence: ["artifact.convergence", "convergence is not a JSON object"],
  convergenceState: ["artifact.convergence_state", "convergence state is not converged, not_converged or not_run"],
  convergenceIterations: ["artifact.convergence_iterations", "convergence iterations is not an integer from 0 to 1000000"],
  runtimeVersion: ["artifact.runtime_version", "runtime_version is not a version MAJOR.MINOR.PATCH"],
  model: ["artifact.model", "model is not a JSON object"],
  modelName: ["artifact.model_name", "model name is not a lowercase name"],
  modelDigest: ["artifact.model_digest", "model digest is not a sha256 digest"],
  tracePath: ["artifact.trace_path", "trace_path is not a string"],
  untracedVerdict: ["artifact.untraced_verdict", "a summary without trace_path is not a veto"],
  untracedConfidence: ["artifact.untraced_confidence", "a summary without trace_path has nonzero confidence"],
  untracedModel: ["artifact.untraced_model", "a summary without trace_path carries model metadata"],
  tracedModel: ["artifact.traced_model", "a summary with trace_path lacks model metadata"],
  version: ["artifact.version", "trace_schema_version is not an integer from 1 to 9007199254740991"],
  versionNewer: ["artifact.version_newer", "trace_schema_version is newer than this runtime supports"],
  envelopeRunId: ["artifact.envelope_run_id", "run_id is not a non-empty string"],
  envelopeEntries: ["artifact.envelope_entries", "entries is not a non-empty list"],
  projection: ["artifact.projection", "the last entry holds no decision state"],
  runId: ["artifact.run_id", "run_id is not a lowercase UUID"],
  createdAtMs: ["artifact.created_at_ms", "created_at_ms is not an integer from 0 to 9007199254740991"],
  header: ["artifact.header", "header is not a JSON object"],
  entry: ["artifact.entry", "an entry is not a JSON object"],
  configHash: ["artifact.config_hash", "config_hash is not a sha256 digest"],
  definitionHash: ["artifact.definition_hash", "definition_hash is not a sha256 digest"],
  phase: ["artifact.phase", "phase is not intake, analysis, scoring, convergence or decision"],
  atMs: ["artifact.at_ms", "at_ms is not an integer from 0 to 9007199254740991"],
  scores: ["artifact.scores", "scores is not a JSON object"],
  promptHash: ["artifact.prompt_hash", "prompt_hash is not null or a sha256 digest"],
  modelHash: ["artifact.model_hash", "model_hash is not a sha256 digest"],
  replay: ["artifact.replay", "replay is not a JSON object"],
  epistemicState: ["artifact.epistemic_state", "epistemic_state is not known, inferred, uncertain or unknown"],
  decision: ["artifact.decision", "decision is not null or a JSON object"],
  failure: ["artifact.failure", "failure is not null or a JSON object"],
  fingerprint: ["artifact.fingerprint", "fingerprint is not a sha256 digest"],
  definitionName: ["artifact.definition_name", "definition name is not a lowercase name"],
  definitionPhases: ["artifact.definition_phases", "definition phases is not 1 to 5 lifecycle phases in lifecycle order"],
  definitionEnds: ["artifact.definition_ends", "definition phases do not start with intake and end with decision"],
  lifecycleDefinition: ["artifact.lifecycle_definition", "definition_hash is not the digest of the pipeline definition"],
  lifecycleOrder: ["artifact.lifecycle_order", "entry phases do not follow the pipeline definition"],
  tree: ["artifact.tree", "input is not a valid output root tree"],
  summaryMissing: ["artifact.summary_missing", "output root has no file result/final_result.json"],
  summaryJson: ["artifact.summary_json", "result/final_result.json is not valid JSON"],
  vetoTrace: ["artifact.veto_trace", "a veto output root holds a trace"],
  pathEmpty: ["artifact.path_empty", "trace_path is empty"],
  pathAbsolute: ["artifact.path_absolute", "trace_path is absolute"],
  pathBackslash: ["artifact.path_backslash", "trace_path has a backslash"],
  pathParent: ["artifact.path_parent", "trace_path has a .. segment"],
  pathTarget: ["artifact.path_target", "trace_path is not trace/run_trace.json"],
  pathSymlink: ["artifact.path_symlink", "trace_path passes through a symlink"],
  traceMissing: ["artifact.trace_missing", "output root has no file trace/run_trace.json"],
  traceJson: ["artifact.trace_json", "trace/run_trace.json is not valid JSON"],
  parityMismatch: ["artifact.parity_mismatch", "summary decision fields do not match the trace"],
});

const G = REFUSALS;

// ---------------------------------------------------------------------------
// Value rules (spec/artifact.md, "Value rules").

const REASON_CODE = /^[a-z][a-z0-9_]{0,63}$/;
const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const VERSION = /^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CONFIDENCE = /^(0|1)(\.[0-9]{1,6})?$/;
const SEGMENT = /^[A-Za-z0-9._-]{1,255}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const MAX_SAFE = "9007199254740991";

/** The lifecycle order. */
const LIFECYCLE = ["intake", "analysis", "scoring", "convergence", "decision"];
const VERDICTS = ["pass", "fail", "veto"];
const EPISTEMIC = ["known", "inferred", "uncertain", "unknown"];

/** int[lo, hi] on the literal's digits. */
function intIn(v: Value, lo: string, hi: string): boolean {
  if (v.type !== "number" || !/^(0|[1-9][0-9]*)$/.test(v.text)) return false;
  const cmp = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);
  return cmp(v.text, lo) >= 0 && cmp(v.text, hi) <= 0;
}

function isConfidence(v: Value): boolean {
  if (v.type !== "number" || !CONFIDENCE.test(v.text)) return false;
  return v.text[0] === "0" || /^1(\.0*)?$/.test(v.text);
}

/** Zero confidence: a literal of the characters 0 and . only. */
function isZero(text: string): boolean {
  return /^[0.]*$/.test(text);
}

function isTreePath(s: string): boolean {
  const segs = s.split("/");
  return segs.length <= 16 && segs.every((x) => SEGMENT.test(x) && x !== "." && x !== "..");
}

function isBase64(s: string): boolean {
  if (!BASE64.test(s)) return false;
  if (s.endsWith("==")) return (B64.indexOf(s[s.length - 3]) & 15) === 0;
  if (s.endsWith("=")) return (B64.indexOf(s[s.length - 2]) & 3) === 0;
  return true;
}

const str = (v: Value | undefined): string | undefined => (v !== undefined && v.type === "string" ? v.value : undefined);
const matches = (re: RegExp) => (v: Value) => v.type === "string" && re.test(v.value);
const oneOf = (values: string[]) => (v: Value) => v.type === "string" && values.includes(v.value);
const get = (v: Value | undefined, name: string): Value | undefined =>
  v !== undefined && v.type === "object" ? v.members.get(name) : undefined;

// ---------------------------------------------------------------------------
// Shapes (spec/artifact.md, "Procedure for a shape").

type JsonType = "string" | "number" | "object" | "array" | "any";

/** Where a value is: member names and indexes from the input's root. */
type Path = (string | number)[];

/** The input's root, where a refusal about the whole input is. */
const ROOT: Where = whereIn();

/** One member: its JSON type and guard, and its rules. */
interface Member {
  name: string;
  type: JsonType;
  g: Guard;
  nullable?: boolean;
  optional?: boolean;
  /** A rule under g; stands: refused even when g is ignored. */
  ok?: (v: Value) => boolean;
  stands?: boolean;
  /** A nested closed object. */
  shape?: Shape;
  /** A rule that refuses by itself, given the value's path. */
  rule?: (v: Value, path: Path) => void;
}

interface Shape {
  unknown: Guard;
  missing: Guard;
  members: Member[];
}

function typed(v: Value, t: JsonType): boolean {
  return t === "any" || v.type === t;
}

/** Checks v (already an object, at path) against shape s. */
function check(s: Shape, v: Value, path: Path = []): void {
  if (v.type !== "object") return;
  const names = new Set(s.members.map((m) => m.name));
  for (const name of v.members.keys()) {
    if (!names.has(name)) {
      refuse(s.unknown, whereIn(...path, name));
      break;
    }
  }
  for (const m of s.members) {
    const f = v.members.get(m.name);
    const at = whereIn(...path, m.name);
    if (f === undefined) {
      if (m.optional) continue;
      refuse(s.missing, whereIn(...path));
      fail(m.g, whereIn(...path));
    }
    if (m.nullable && f.type === "literal" && f.text === "null") continue;
    if (!typed(f, m.type)) fail(m.g, at);
    if (m.ok && !m.ok(f)) {
      if (m.stands) fail(m.g, at);
      refuse(m.g, at);
    }
    if (m.shape) check(m.shape, f, [...path, m.name]);
    if (m.rule) m.rule(f, [...path, m.name]);
  }
}

/** A top-level document: an object, then its shape. */
function checkDocument(s: Shape, v: Value): void {
  if (v.type !== "object") fail(G.type, ROOT);
  check(s, v);
}

const closed = (members: Member[]): Shape => ({ unknown: G.unknownMember, missing: G.missingMember, members });
const TIME = (name: string, g: Guard): Member => ({ name, type: "number", g, ok: (v) => intIn(v, "0", MAX_SAFE) });

const CONVERGENCE = closed([
  { name: "state", type: "string", g: G.convergenceState, ok: oneOf(["converged", "not_converged", "not_run"]) },
  { name: "iterations", type: "number", g: G.convergenceIterations, ok: (v) => intIn(v, "0", "1000000") },
]);
const MODEL = closed([
  { name: "name", type: "string", g: G.modelName, ok: matches(NAME) },
  { name: "digest", type: "string", g: G.modelDigest, ok: matches(DIGEST) },
]);
const VERDICT: Member = { name: "verdict", type: "string", g: G.verdict, ok: oneOf(VERDICTS) };
const CONFIDENCE_M: Member = { name: "confidence", type: "number", g: G.confidence, ok: isConfidence };
const STOP: Member = { name: "stop_reason", type: "string", g: G.stopReason, ok: matches(REASON_CODE) };
const TERMINATION: Member = { name: "termination_reason", type: "string", g: G.terminationReason, ok: matches(REASON_CODE) };
const RUNTIME: Member = { name: "runtime_version", type: "string", g: G.runtimeVersion, ok: matches(VERSION) };

const SUMMARY = closed([
  VERDICT,
  CONFIDENCE_M,
  { name: "epistemic_status", type: "string", g: G.epistemicStatus, ok: oneOf(EPISTEMIC) },
  STOP,
  TERMINATION,
  { name: "convergence", type: "object", g: G.convergence, shape: CONVERGENCE },
  RUNTIME,
  { name: "trace_path", type: "string", g: G.tracePath, optional: true },
  { name: "model", type: "object", g: G.model, optional: true, shape: MODEL },
]);

const DECISION = closed([VERDICT, CONFIDENCE_M, STOP, TERMINATION]);
const HEADER = closed([
  { name: "config_hash", type: "string", g: G.configHash, ok: matches(DIGEST) },
  { name: "definition_hash", type: "string", g: G.definitionHash, ok: matches(DIGEST) },
  RUNTIME,
  { name: "convergence", type: "object", g: G.convergence, shape: CONVERGENCE },
  { name: "model", type: "object", g: G.model, shape: MODEL },
]);
const ENTRY = closed([
  { name: "phase", type: "string", g: G.phase, ok: oneOf(LIFECYCLE) },
  TIME("at_ms", G.atMs),
  { name: "input", type: "any", g: G.missingMember },
  { name: "output", type: "any", g: G.missingMember },
  { name: "scores", type: "object", g: G.scores },
  { name: "prompt_hash", type: "string", g: G.promptHash, nullable: true, ok: matches(DIGEST) },
  { name: "model_hash", type: "string", g: G.modelHash, ok: matches(DIGEST) },
  { name: "replay", type: "object", g: G.replay },
  { name: "epistemic_state", type: "string", g: G.epistemicState, ok: oneOf(EPISTEMIC) },
  { name: "decision", type: "object", g: G.decision, nullable: true, shape: DECISION },
  { name: "failure", type: "object", g: G.failure, nullable: true },
  { name: "fingerprint", type: "string", g: G.fingerprint, ok: matches(DIGEST) },
]);
const TRACE = closed([
  { name: "trace_schema_version", type: "number", g: G.version },
  { name: "run_id", type: "string", g: G.runId, ok: matches(UUID) },
  TIME("created_at_ms", G.createdAtMs),
  { name: "header", type: "object", g: G.header, shape: HEADER },
  {
    name: "entries",
    type: "array",
    g: G.envelopeEntries,
    rule: (v, path) => {
      if (v.type !== "array") return;
      v.items.forEach((e, i) => {
        if (e.type !== "object") fail(G.entry, whereIn(...path, i));
        check(ENTRY, e, [...path, i]);
      });
    },
  },
]);

/** definition.phases: 1 to 5 lifecycle phases, each after the one before. */
function phasesRule(v: Value, path: Path): void {
  if (v.type !== "array") return;
  if (v.items.length < 1 || v.items.length > 5) refuse(G.definitionPhases, whereIn(...path));
  let prev: Value | undefined;
  v.items.forEach((e, i) => {
    const at = whereIn(...path, i);
    if (e.type !== "string") fail(G.definitionPhases, at);
    if (!LIFECYCLE.includes(e.value)) refuse(G.definitionPhases, at);
    if (prev !== undefined && rank(e) <= rank(prev)) refuse(G.definitionPhases, at);
    prev = e;
  });
}

function rank(v: Value): number {
  return v.type === "string" ? LIFECYCLE.indexOf(v.value) : -1;
}

const DEFINITION = closed([
  { name: "name", type: "string", g: G.definitionName, ok: matches(NAME) },
  { name: "phases", type: "array", g: G.definitionPhases, rule: phasesRule },
]);
const DEFINITION_M: Member = { name: "definition", type: "object", g: G.type, shape: DEFINITION };

const FILE: Shape = {
  unknown: G.tree,
  missing: G.tree,
  members: [
    { name: "path", type: "string", g: G.tree, stands: true, ok: (v) => v.type === "string" && isTreePath(v.value) },
    { name: "kind", type: "string", g: G.tree, stands: true, ok: oneOf(["file", "symlink"]) },
    { name: "bytes_b64", type: "string", g: G.tree, stands: true, ok: (v) => v.type === "string" && isBase64(v.value) },
  ],
};

const LIFECYCLE_INPUT = closed([{ name: "trace", type: "object", g: G.type }, DEFINITION_M]);
const PARITY_INPUT = closed([
  { name: "summary", type: "object", g: G.type, nullable: true, shape: SUMMARY },
  { name: "trace", type: "object", g: G.type },
]);
const ACCEPT_INPUT = closed([
  {
    name: "files",
    type: "array",
    g: G.tree,
    rule: (v, path) => {
      if (v.type !== "array") return;
      if (v.items.length > 256) fail(G.tree, whereIn(...path));
      v.items.forEach((e, i) => {
        if (e.type !== "object") fail(G.tree, whereIn(...path, i));
        check(FILE, e, [...path, i]);
      });
    },
  },
  DEFINITION_M,
]);

// ---------------------------------------------------------------------------
// The summary, the loader and the projection.

/** The summary rules 1 to 4 ("Absence Has Meaning"). */
function summaryRules(s: Value): void {
  const model = get(s, "model");
  if (get(s, "trace_path") !== undefined) {
    if (model === undefined) refuse(G.tracedModel, ROOT);
    return;
  }
  if (str(get(s, "verdict")) !== "veto") refuse(G.untracedVerdict, ROOT);
  const c = get(s, "confidence");
  if (c !== undefined && c.type === "number" && !isZero(c.text)) refuse(G.untracedConfidence, ROOT);
  if (model !== undefined) refuse(G.untracedModel, ROOT);
}

function checkSummary(s: Value): void {
  checkDocument(SUMMARY, s);
  summaryRules(s);
}

interface Loaded {
  trace: Obj;
  source: number;
}

/** The loader's steps 1 to 4: detection, the in-memory upgrade, the envelope. */
function load(t: Value): Loaded {
  if (t.type !== "object") fail(G.type, ROOT);
  let source = 2;
  const v = t.members.get("trace_schema_version");
  if (v === undefined) source = 1;
  else if (!intIn(v, "1", MAX_SAFE)) refuse(G.version, ROOT);
  else if (v.type === "number" && v.text === "1") source = 1;
  else if (v.type === "number" && v.text !== "2") refuse(G.versionNewer, ROOT);
  const members = new Map(t.members);
  members.set("trace_schema_version", { type: "number", text: "2" });
  const trace: Obj = { type: "object", members };
  const id = members.get("run_id");
  if (id === undefined || id.type !== "string" || id.value.length === 0) refuse(G.envelopeRunId, ROOT);
  const es = members.get("entries");
  if (es === undefined || es.type !== "array" || es.items.length === 0) refuse(G.envelopeEntries, ROOT);
  return { trace, source };
}

function lastEntry(t: Value): Value | undefined {
  const es = get(t, "entries");
  return es !== undefined && es.type === "array" && es.items.length > 0 ? es.items[es.items.length - 1] : undefined;
}

interface Projection {
  verdict: Value;
  confidence: Value;
  epistemic: Value;
  stop: Value;
}

/** The loader's step 5: the last entry's decision state. */
function project(t: Value): Projection {
  const e = lastEntry(t);
  const d = get(e, "decision");
  const p = {
    verdict: get(d, "verdict"),
    confidence: get(d, "confidence"),
    epistemic: get(e, "epistemic_state"),
    stop: get(d, "stop_reason"),
  };
  if (
    p.epistemic === undefined ||
    !oneOf(EPISTEMIC)(p.epistemic) ||
    p.verdict === undefined ||
    !oneOf(VERDICTS)(p.verdict) ||
    p.confidence === undefined ||
    !isConfidence(p.confidence) ||
    p.stop === undefined ||
    !matches(REASON_CODE)(p.stop)
  ) {
    fail(G.projection, ROOT);
  }
  return p as Projection;
}

function summaryProjection(s: Value): Projection {
  return {
    verdict: get(s, "verdict") as Value,
    confidence: get(s, "confidence") as Value,
    epistemic: get(s, "epistemic_status") as Value,
    stop: get(s, "stop_reason") as Value,
  };
}

function projectionValue(p: Projection): Value {
  return obj([
    ["confidence", p.confidence],
    ["epistemic_status", p.epistemic],
    ["stop_reason", p.stop],
    ["verdict", p.verdict],
  ]);
}

/** Evidence equality (spec/artifact.md, "parity"). */
function equal(a: Value | undefined, b: Value | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.type !== b.type) return false;
  switch (a.type) {
    case "string":
      return a.value === (b as typeof a).value;
    case "number":
      return Number(a.text) === Number((b as typeof a).text);
    case "literal":
      return a.text === (b as typeof a).text;
    case "array": {
      const bi = (b as typeof a).items;
      return a.items.length === bi.length && a.items.every((x, i) => equal(x, bi[i]));
    }
    case "object": {
      const bm = (b as typeof a).members;
      if (a.members.size !== bm.size) return false;
      for (const [k, x] of a.members) if (!equal(x, bm.get(k))) return false;
      return true;
    }
  }
}

/** The parity fields that differ, in order. */
function differs(s: Projection, p: Projection): string[] {
  const out: string[] = [];
  if (!equal(s.verdict, p.verdict)) out.push("verdict");
  if (s.confidence === undefined || s.confidence.type !== "number" || Number(s.confidence.text) !== Number((p.confidence as { text: string }).text))
    out.push("confidence");
  if (!equal(s.epistemic, p.epistemic)) out.push("epistemic_status");
  if (!equal(s.stop, p.stop)) out.push("stop_reason");
  return out;
}

/** The evidence fields that differ, in order. */
function evidence(s: Value, t: Value): string[] {
  const h = get(t, "header");
  const pairs: [string, Value | undefined, Value | undefined][] = [
    ["runtime_version", get(s, "runtime_version"), get(h, "runtime_version")],
    ["model", get(s, "model"), get(h, "model")],
    ["convergence", get(s, "convergence"), get(h, "convergence")],
    ["termination_reason", get(s, "termination_reason"), get(get(lastEntry(t), "decision"), "termination_reason")],
  ];
  return pairs.filter(([, a, b]) => !equal(a, b)).map(([n]) => n);
}

// ---------------------------------------------------------------------------
// The lifecycle.

function definitionEnds(def: Value | undefined): void {
  const ph = get(def, "phases");
  const ends =
    ph !== undefined &&
    ph.type === "array" &&
    ph.items.length > 0 &&
    str(ph.items[0]) === "intake" &&
    str(ph.items[ph.items.length - 1]) === "decision";
  if (!ends) refuse(G.definitionEnds, ROOT);
}

function digestOf(v: Value): string {
  return "sha256:" + createHash("sha256").update(canonicalizeValue(v)).digest("hex");
}

function collapsed(t: Value): string[] {
  const out: string[] = [];
  const es = get(t, "entries");
  if (es === undefined || es.type !== "array") return out;
  for (const e of es.items) {
    const p = str(get(e, "phase")) ?? "";
    if (out.length === 0 || out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

/** lifecycle's steps 3 to 5 on the loaded trace. */
function lifecycleRules(t: Obj, def: Value): { hash: string; phases: string[] } {
  check(TRACE, t);
  const hash = digestOf(def);
  if (str(get(get(t, "header"), "definition_hash")) !== hash) refuse(G.lifecycleDefinition, ROOT);
  const phases = collapsed(t);
  const want = get(def, "phases");
  const same =
    want !== undefined &&
    want.type === "array" &&
    want.items.length === phases.length &&
    want.items.every((x, i) => str(x) === phases[i]);
  if (!same) refuse(G.lifecycleOrder, ROOT);
  return { hash, phases };
}

// ---------------------------------------------------------------------------
// Output values.

function jstr(s: string): Value {
  return { type: "string", value: s };
}
function jnum(n: number): Value {
  return { type: "number", text: String(n) };
}
function jlist(ss: string[]): Value {
  return { type: "array", items: ss.map(jstr) };
}
function obj(members: [string, Value][]): Obj {
  return { type: "object", members: new Map(members) };
}
function canon(v: Value): Uint8Array {
  return canonicalizeValue(v);
}

function entriesOf(t: Value): number {
  const es = get(t, "entries");
  return es !== undefined && es.type === "array" ? es.items.length : 0;
}

// ---------------------------------------------------------------------------
// Operations.

function summary(input: Uint8Array): Uint8Array {
  const s = parseValue(input, G.input);
  checkSummary(s);
  const form = get(s, "trace_path") === undefined ? "veto" : "traced";
  return canon(obj([["decision", projectionValue(summaryProjection(s))], ["form", jstr(form)]]));
}

function trace(input: Uint8Array): Uint8Array {
  const v = parseValue(input, G.input);
  const { trace: t, source } = load(v);
  const p = project(t);
  return canon(
    obj([
      ["decision", projectionValue(p)],
      ["entries", jnum(entriesOf(t))],
      ["source_version", jnum(source)],
      ["trace_schema_version", jnum(2)],
    ]),
  );
}

function lifecycle(input: Uint8Array): Uint8Array {
  const v = parseValue(input, G.input);
  checkDocument(LIFECYCLE_INPUT, v);
  const def = get(v, "definition") as Value;
  definitionEnds(def);
  const { trace: t } = load(get(v, "trace") as Value);
  const { hash, phases } = lifecycleRules(t, def);
  return canon(obj([["definition_hash", jstr(hash)], ["entries", jnum(entriesOf(t))], ["phases", jlist(phases)]]));
}

function parity(input: Uint8Array): Uint8Array {
  const v = parseValue(input, G.input);
  checkDocument(PARITY_INPUT, v);
  let s = get(v, "summary");
  if (s !== undefined && s.type === "literal" && s.text === "null") s = undefined;
  else if (s !== undefined) summaryRules(s);
  const { trace: t } = load(get(v, "trace") as Value);
  const p = project(t);
  if (s === undefined) return canon(obj([["differs", jlist([])], ["evidence", jlist([])], ["parity", jstr("skipped")]]));
  const diff = differs(summaryProjection(s), p);
  return canon(
    obj([
      ["differs", jlist(diff)],
      ["evidence", jlist(evidence(s, t))],
      ["parity", jstr(diff.length > 0 ? "mismatch" : "match")],
    ]),
  );
}

interface TreeEntry {
  symlink: boolean;
  bytes: Uint8Array;
}

const SUMMARY_FILE = "result/final_result.json";
const TRACE_FILE = "trace/run_trace.json";

/** The tree's two rules: no repeated path, no path a proper prefix directory of another's. */
function readTree(files: Value): Map<string, TreeEntry> {
  const out = new Map<string, TreeEntry>();
  if (files.type !== "array") return out;
  for (const f of files.items) {
    const path = str(get(f, "path")) ?? "";
    if (out.has(path)) fail(G.tree, ROOT);
    out.set(path, {
      symlink: str(get(f, "kind")) === "symlink",
      bytes: new Uint8Array(Buffer.from(str(get(f, "bytes_b64")) ?? "", "base64")),
    });
  }
  for (const p of out.keys()) for (const q of out.keys()) if (q.startsWith(`${p}/`)) fail(G.tree, ROOT);
  return out;
}

/** Step 3 on the trace path. */
function tracePath(u: string, files: Map<string, TreeEntry>): void {
  const segs = u.split("/");
  if (u.length === 0) refuse(G.pathEmpty, ROOT);
  if (u.startsWith("/")) refuse(G.pathAbsolute, ROOT);
  if (u.includes("\\")) refuse(G.pathBackslash, ROOT);
  if (segs.includes("..")) refuse(G.pathParent, ROOT);
  const resolved: string[] = [];
  for (const s of segs) {
    if (s === "" || s === ".") continue;
    if (s === ".." && resolved.length > 0 && resolved[resolved.length - 1] !== "..") resolved.pop();
    else resolved.push(s);
  }
  if (resolved.join("/") !== TRACE_FILE) fail(G.pathTarget, ROOT);
  if (files.get("trace")?.symlink || files.get(TRACE_FILE)?.symlink) refuse(G.pathSymlink, ROOT);
  const f = files.get(TRACE_FILE);
  if (f === undefined || f.symlink) fail(G.traceMissing, ROOT);
}

function accept(input: Uint8Array): Uint8Array {
  const v = parseValue(input, G.input);
  checkDocument(ACCEPT_INPUT, v);
  const files = readTree(get(v, "files") as Value);
  const def = get(v, "definition") as Value;
  definitionEnds(def);
  // Step 1.
  const sf = files.get(SUMMARY_FILE);
  if (sf === undefined || sf.symlink) fail(G.summaryMissing, ROOT);
  const s = parseValue(sf.bytes, G.summaryJson);
  checkSummary(s);
  // Step 2.
  const tp = get(s, "trace_path");
  if (tp === undefined) {
    for (const p of files.keys()) {
      if (p === "trace" || p.startsWith("trace/")) {
        refuse(G.vetoTrace, ROOT);
        break;
      }
    }
    return canon(
      obj([
        ["accepted", literal("true")],
        ["evidence", jlist([])],
        ["form", jstr("veto")],
        ["parity", jstr("not_run")],
      ]),
    );
  }
  // Step 3.
  tracePath(str(tp) ?? "", files);
  // Step 4.
  const raw = parseValue((files.get(TRACE_FILE) as TreeEntry).bytes, G.traceJson);
  const { trace: t } = load(raw);
  lifecycleRules(t, def);
  // Step 5.
  const p = project(t);
  let outcome = "match";
  if (differs(summaryProjection(s), p).length > 0) {
    refuse(G.parityMismatch, ROOT);
    outcome = "mismatch";
  }
  // Step 6.
  return canon(
    obj([
      ["accepted", literal("true")],
      ["evidence", jlist(evidence(s, t))],
      ["form", jstr("traced")],
      ["parity", jstr(outcome)],
    ]),
  );
}

/** The operations of artifact/1 (spec/artifact.md, "Operations"), in table order: input bytes to output bytes. */
export const OPERATIONS = Object.freeze({ summary, trace, lifecycle, parity, accept });

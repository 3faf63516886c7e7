// attestation/1 (spec/attestation.md): atoma's proof attestation (seed 000,
// "Proof attestation").
//
// attest reads a record {obligation, observation, witnesses}: the one
// obligation dom-interaction; an observation written by the runtime only,
// whose requested and executed interaction logs are apart; witnesses that
// declare who observed them. Then: ok and error must agree; a pre-flight
// refusal executed nothing; a model-declared witness is never
// transport-observed, a transport witness carries no cmd, a model witness
// names one. The verdict: preflight, not-ok, nothing-executed, no-control,
// reset-first, or proven (an executed control before any reset).
// preflight is isPreflightRefusal: the error begins with one of the two
// prefixes.

import { type Obj, type Value, parseValue, quoteUnits, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";

/** The contract this module implements (spec/attestation.md). */
export const CONTRACT = "attestation/1";

/** spec/attestation.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["attestation.input", "input is not valid JSON"],
  type: ["attestation.type", "value is not of the JSON type the operation reads"],
  unknownMember: ["attestation.unknown_member", "object has a member outside its shape"],
  missingMember: ["attestation.missing_member", "object lacks a member of its shape"],
  obligation: ["attestation.obligation", "obligation is not dom-interaction"],
  writer: ["attestation.writer", "observation writer is not runtime"],
  tool: ["attestation.tool", "tool is not a non-empty string"],
  ok: ["attestation.ok", "ok is not true or false"],
  error: ["attestation.error", "error is not null or a string"],
  interactions: ["attestation.interactions", "an interaction log is not an array of objects"],
  step: ["attestation.step", "step is not control, milestone or reset"],
  target: ["attestation.target", "target is not a non-empty string"],
  witnesses: ["attestation.witnesses", "witnesses is not an array of objects"],
  observer: ["attestation.observer", "observer is not transport or model"],
  declaredBy: ["attestation.declared_by", "declaredBy is not transport or model"],
  ref: ["attestation.ref", "ref is not a non-empty string"],
  cmd: ["attestation.cmd", "cmd is not a non-empty string"],
  okError: ["attestation.ok_error", "ok and error disagree"],
  preflightExecuted: ["attestation.preflight_executed", "a pre-flight refusal opened no page and executed nothing"],
  relabel: ["attestation.relabel", "a model-declared witness is not transport-observed"],
  witnessCmd: ["attestation.witness_cmd", "a transport witness carries no cmd"],
  witnessNoCmd: ["attestation.witness_no_cmd", "a model-observed witness names its cmd"],
});

const G = REFUSALS;
/** Where a refusal is: the input as a whole (mirrors/PROTOCOL.md, "run"). */
const ROOT = whereIn();
type G = (typeof G)[keyof typeof G];

/** SMOKE_PREFLIGHT_REFUSAL_PREFIX and PROBE_URL_REFUSAL_PREFIX. */
export const SMOKE_PREFLIGHT_REFUSAL_PREFIX = "smoke preflight refused: ";
export const PROBE_URL_REFUSAL_PREFIX = "probe url refused: ";

/** isPreflightRefusal: which prefix the error begins with, or undefined. */
export function isPreflightRefusal(error: string): "smoke" | "probe-url" | undefined {
  if (error.startsWith(SMOKE_PREFLIGHT_REFUSAL_PREFIX)) return "smoke";
  if (error.startsWith(PROBE_URL_REFUSAL_PREFIX)) return "probe-url";
  return undefined;
}

function closed(v: Value | undefined, names: readonly string[]): Obj {
  if (v === undefined || v.type !== "object") fail(G.type, ROOT);
  for (const k of v.members.keys()) if (!names.includes(k)) refuse(G.unknownMember, ROOT);
  return v;
}

const isNull = (v: Value) => v.type === "literal" && v.text === "null";
const isBool = (v: Value) => v.type === "literal" && (v.text === "true" || v.text === "false");

/** Member name: present (missing; ignored, its type stands), of its type (standing), its rule. */
function member(o: Obj, name: string, typeOK: (v: Value) => boolean, code: G, rule?: (v: Value) => boolean, optional = false): Value | undefined {
  const v = o.members.get(name);
  if (v === undefined) {
    if (optional) return undefined;
    refuse(G.missingMember, ROOT);
    fail(code, ROOT);
  }
  if (!typeOK(v)) fail(code, ROOT);
  if (rule !== undefined && !isNull(v) && !rule(v)) refuse(code, ROOT);
  return v;
}

const str = (v: Value) => v.type === "string";
const oneOf = (...values: string[]) => (v: Value) => v.type === "string" && values.includes(v.value);
const nonEmpty = (v: Value) => v.type === "string" && v.value !== "";

function objects(v: Value, code: G, each: (o: Obj) => void): Obj[] {
  if (v.type !== "array") fail(code, ROOT);
  return v.items.map((e) => {
    if (e.type !== "object") fail(code, ROOT);
    each(e);
    return e;
  });
}

function interaction(o: Obj): void {
  closed(o, ["step", "target"]);
  member(o, "step", str, G.step, oneOf("control", "milestone", "reset"));
  member(o, "target", str, G.target, nonEmpty);
}

function witness(o: Obj): void {
  closed(o, ["observer", "declaredBy", "ref", "cmd"]);
  member(o, "observer", str, G.observer, oneOf("transport", "model"));
  member(o, "declaredBy", str, G.declaredBy, oneOf("transport", "model"));
  member(o, "ref", str, G.ref, nonEmpty);
  member(o, "cmd", str, G.cmd, nonEmpty, true);
}

const q = quoteUnits;

const text = (v: Value | undefined) => (v !== undefined && v.type === "string" ? v.value : "");

/** attest: the verdict of an attestation record. */
export function attest(input: Uint8Array): Uint8Array {
  const rec = closed(parseValue(input, G.input), ["obligation", "observation", "witnesses"]);
  const obligation = member(rec, "obligation", str, G.obligation, oneOf("dom-interaction"));
  const obsValue = member(rec, "observation", (v) => v.type === "object", G.type);
  const obs = closed(obsValue, ["writer", "tool", "ok", "error", "requestedInteractions", "executedInteractions"]);
  member(obs, "writer", str, G.writer, oneOf("runtime"));
  member(obs, "tool", str, G.tool, nonEmpty);
  const ok = member(obs, "ok", isBool, G.ok) as Value;
  const error = member(obs, "error", (v) => str(v) || isNull(v), G.error) as Value;
  objects(member(obs, "requestedInteractions", (v) => v.type === "array", G.interactions) as Value, G.interactions, interaction);
  const executed = objects(member(obs, "executedInteractions", (v) => v.type === "array", G.interactions) as Value, G.interactions, interaction);
  const witnesses = objects(member(rec, "witnesses", (v) => v.type === "array", G.witnesses) as Value, G.witnesses, witness);

  const okTrue = ok.type === "literal" && ok.text === "true";
  if (okTrue === !isNull(error)) refuse(G.okError, ROOT);
  const preflight = error.type === "string" && isPreflightRefusal(error.value) !== undefined;
  if (preflight && executed.length > 0) refuse(G.preflightExecuted, ROOT);
  const probes: string[] = [];
  const refs: string[] = [];
  for (const w of witnesses) {
    const transport = text(w.members.get("observer")) === "transport";
    const cmd = w.members.get("cmd");
    if (text(w.members.get("declaredBy")) === "model" && transport) refuse(G.relabel, ROOT);
    else if (transport && cmd !== undefined) refuse(G.witnessCmd, ROOT);
    else if (!transport && cmd === undefined) refuse(G.witnessNoCmd, ROOT);
    if (transport) refs.push(q(text(w.members.get("ref"))));
    else if (cmd !== undefined) probes.push(q(text(cmd)));
  }
  const steps = executed.map((e) => text(e.members.get("step")));
  const control = steps.indexOf("control");
  const reason = preflight
    ? "preflight"
    : !okTrue
      ? "not-ok"
      : executed.length === 0
        ? "nothing-executed"
        : control < 0
          ? "no-control"
          : steps.slice(0, control).includes("reset")
            ? "reset-first"
            : "proven";
  return Buffer.from(
    `{"obligation":${q(text(obligation))},"proven":${reason === "proven"},"reason":"${reason}","recordedProbes":[${probes.join(",")}],"references":[${refs.join(",")}]}`,
  );
}

/** preflight: isPreflightRefusal over a JSON string. */
export function preflight(input: Uint8Array): Uint8Array {
  const v = parseValue(input, G.input);
  if (v.type !== "string") fail(G.type, ROOT);
  const prefix = isPreflightRefusal(v.value);
  return Buffer.from(prefix === undefined ? '{"preflight":false,"prefix":null}' : `{"preflight":true,"prefix":"${prefix}"}`);
}

export const OPERATIONS = Object.freeze({ attest, preflight });

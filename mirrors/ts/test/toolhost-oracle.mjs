// The JSON Schema oracle of toolhost/1 (spec/toolhost.md, section 6), for
// the mirror's tests: the bundle (spec/toolhost/) compiled by ajv 8 (its
// draft 2020-12 build, strict mode, `x-aether-schema-id` registered as a
// keyword), and the classification of section 6.3: which refusals are
// rules the schemas express ("shape-level"), and which document a refusal
// targets.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { DOCUMENTS } from "../dist/toolhost/documents.js";
import { REPO } from "./helpers.mjs";
import { ENVELOPES } from "./toolhost-chain.mjs";

/** The bundle's directory. */
export const DIR = resolve(REPO, "spec/toolhost");
/** The schema files, sorted. */
export const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".schema.json"))
  .sort();
/** A file of the bundle's directory, as bytes. */
export const read = (f) => readFileSync(join(DIR, f));
/** Each schema file's parsed document. */
export const SCHEMAS = Object.fromEntries(FILES.map((f) => [f, JSON.parse(read(f).toString("utf8"))]));

/** ajv 8, draft 2020-12, strict, with the bundle's keyword (section 6.1). */
export function validator() {
  const Ajv = Ajv2020.default ?? Ajv2020;
  const ajv = new Ajv({ strict: true, allErrors: false });
  ajv.addKeyword("x-aether-schema-id");
  return ajv;
}
const AJV = validator();
/** Document name to its compiled schema ("device_proof" uses device-proof.schema.json). */
const VALIDATE = new Map(
  [...DOCUMENTS.keys()].map((name) => [name, AJV.compile(SCHEMAS[`${name.replaceAll("_", "-")}.schema.json`])]),
);

/** Whether document `name`'s value validates against its schema; the errors when not. */
export function check(name, value) {
  const v = VALIDATE.get(name);
  return v(value) ? null : JSON.stringify(v.errors);
}

// --- the classification of section 6.3 ----------------------------------------------

/** The refusals each validate-* operation can give: the document validators' messages. */
const VALIDATOR_MESSAGES = (() => {
  const raw = JSON.parse(readFileSync(resolve(REPO, "spec/catalogue.json"), "utf8")).contracts.find((x) => x.contract === "toolhost/1");
  assert.ok(raw !== undefined && Array.isArray(raw.refusals), "spec/catalogue.json has toolhost/1's refusals with their ops");
  return new Set(raw.refusals.filter((r) => r.ops.some((op) => op.startsWith("validate-"))).map((r) => r.message));
})();

/** The rules the schemas express (section 6.3), by the wording of their messages. */
const EXPRESSED = [
  / has an unknown member$/,
  /^[a-z_]+(?:\.|\[\]).* is missing or is not /,
  /\[\] is not (?:a string|an object)$/,
  / is not aether\.[a-z.-]+\/1$/,
  / is not (?:none|false)$/,
  / is not an allowed value$/,
  / does not match the ID grammar$/,
  / is not in the scdev_ namespace$/,
  / is not a normalized https origin$/,
  / is not YYYY-MM-DDTHH:MM:SS\.mmmZ$/,
  / does not match \[A-Z\]\[A-Z0-9_\]\{0,63\}$/,
  / does not match the schema id grammar$/,
  / is not sha256: and 64 lowercase hex digits$/,
  / is not 1 to 64 characters from U\+0020-U\+007E$/,
  / has a character outside U\+0020-U\+007E$/,
  / is not 1 to 256 characters$/,
  / is not (?:43|86) base64url characters$/,
  / has a character outside A-Z a-z 0-9 - _$/,
  / is not canonical base64url$/,
  / is not an integer from /,
  / contains a control character$/,
  / is not 1 to 256 Unicode scalar values$/,
  / does not have \d+ to \d+ members$/,
  / has a repeated member$/,
  / for a (?:succeeded|cancelled|deadline_exceeded|refused) result$/,
  / for a result that did not succeed$/,
  / but result\.(?:retry_class|replay_status) is not /,
];

/** Whether a refusal message is shape-level (section 6.3). */
export function shapeLevel(message) {
  if (!VALIDATOR_MESSAGES.has(message)) return false;
  const head = /^[a-z_]+/.exec(message)?.[0] ?? "";
  if (!DOCUMENTS.has(head) || message === `${head} is missing or is not an object`) return false; // the envelope's
  if (message === "result.completed_at is before result.started_at") return false;
  return EXPRESSED.some((re) => re.test(message));
}

/**
 * The target document of a document refusal in op's envelope: [name,
 * value], the value as JSON.parse reads it (arguments and payload for the
 * E1 documents validated inside the checks).
 */
export function target(op, env, message) {
  const name = /^[a-z_]+/.exec(message)[0];
  if (name === "workspace_status_input" && op === "check-tool-arguments") return [name, env.invocation.arguments];
  if (name === "workspace_status" && op === "check-tool-payload") return [name, env.result.payload];
  return [name, env[name]];
}

/** The documents an accepted envelope of op carries, by schema name. */
export function documentsOf(op, env) {
  const out = ENVELOPES[op].filter((n) => DOCUMENTS.has(n)).map((n) => [n, env[n]]);
  if (op === "check-tool-arguments") out.push(["workspace_status_input", env.invocation.arguments]);
  if (op === "check-tool-payload") out.push(["workspace_status", env.result.payload]);
  return out;
}


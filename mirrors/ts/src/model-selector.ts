// model-selector/1 (spec/model-selector.md): the atoma model selector
// grammar <api|sub|own>:<vendor>:<model>, transportOf, payerForSelector,
// readTierSelectors, the per-tier payer rows with admissibility by chain
// level, the 40-hex commit sha and the publication receipt's required,
// nullable baseSha (seed 000, "Model selectors and who paid for a run",
// "Publication receipts").
//
// Every operation reads a JSON value input (jsonvalue.ts, guard
// model-selector.input) and answers compact ASCII JSON: members in the
// spec's order, every unit outside U+0020-U+007E, `"` and `\` as \u and
// four lowercase hex digits (no short escapes).
//
// Objects are closed and read member by member in the spec's order:
// presence (model-selector.missing_member), type (the member's own code,
// which stands), rules. Ignored, a rule lets its value through as written.

import { type Obj, type Value, parseValue, quoteUnits, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";

/** The contract this module implements (spec/model-selector.md). */
export const CONTRACT = "model-selector/1";

/** spec/model-selector.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["model-selector.input", "input is not valid JSON"],
  type: ["model-selector.type", "value is not of the JSON type the operation reads"],
  unknownMember: ["model-selector.unknown_member", "object has a member outside its shape"],
  missingMember: ["model-selector.missing_member", "object lacks a member of its shape"],
  selector: ["model-selector.selector", "selector is not a string"],
  segments: ["model-selector.segments", "selector is not mode:vendor:model"],
  mode: ["model-selector.mode", "selector mode is not api, sub or own"],
  vendor: ["model-selector.vendor", "selector vendor is not anthropic, google, ollama or openai"],
  model: ["model-selector.model", "selector model is empty"],
  ollama: ["model-selector.ollama", "an ollama selector is not an api selector"],
  orgKeys: ["model-selector.org_keys", "org_keys is not an array of vendors"],
  pin: ["model-selector.pin", "a tier pin ATOMA_MODEL_L1, ATOMA_MODEL_L2 or ATOMA_MODEL_L3 is not set"],
  level: ["model-selector.level", "level is not account, org or host"],
  admissible: ["model-selector.admissible", "a subscription selector is admissible from an account pin only"],
  commitSha: ["model-selector.commit_sha", "commit sha is not 40 lowercase hex digits"],
  baseSha: ["model-selector.base_sha", "baseSha is not null or 40 lowercase hex digits"],
});

const G = REFUSALS;
/** Where a refusal is: the input as a whole (mirrors/PROTOCOL.md, "run"). */
const ROOT = whereIn();
const MODES: readonly string[] = ["api", "sub", "own"];
const VENDORS: readonly string[] = ["anthropic", "google", "ollama", "openai"];
const LEVELS: readonly string[] = ["account", "org", "host"];
const TIERS = [
  ["l1", "ATOMA_MODEL_L1"],
  ["l2", "ATOMA_MODEL_L2"],
  ["l3", "ATOMA_MODEL_L3"],
] as const;
const SHA = /^[0-9a-f]{40}$/;

interface Selector {
  mode: string;
  vendor: string;
  model: string;
}

const q = quoteUnits;

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The selector grammar, rules 1 to 5 in order. */
function parseSelector(s: string): Selector {
  const first = s.indexOf(":");
  const second = first < 0 ? -1 : s.indexOf(":", first + 1);
  let sel: Selector;
  if (second < 0) {
    refuse(G.segments, ROOT); // ignored: the missing segments are empty
    sel = first < 0 ? { mode: s, vendor: "", model: "" } : { mode: s.slice(0, first), vendor: s.slice(first + 1), model: "" };
  } else {
    sel = { mode: s.slice(0, first), vendor: s.slice(first + 1, second), model: s.slice(second + 1) };
  }
  if (!MODES.includes(sel.mode)) refuse(G.mode, ROOT);
  if (!VENDORS.includes(sel.vendor)) refuse(G.vendor, ROOT);
  if (sel.model === "") refuse(G.model, ROOT);
  if (sel.vendor === "ollama" && isSubscription(sel)) refuse(G.ollama, ROOT);
  return sel;
}

function isSubscription(s: Selector): boolean {
  return s.mode === "sub" || s.mode === "own";
}

/** transportOf: from the mode and the vendor only. */
function transportOf(s: Selector): string {
  if (isSubscription(s)) return `${s.vendor}-subscription`;
  return s.vendor === "ollama" ? "ollama-selfhosted" : `${s.vendor}-api`;
}

/** payerForSelector: the payer is the selector's first segment. */
function payerFor(s: Selector, orgKeys: readonly string[]): string {
  if (s.mode === "sub") return "host-subscription";
  if (s.mode === "own") return "principal-subscription";
  if (s.vendor === "ollama") return "host-selfhosted";
  return orgKeys.includes(s.vendor) ? "org-key" : "host-key";
}

function parsedJSON(s: Selector): string {
  return `{"mode":${q(s.mode)},"vendor":${q(s.vendor)},"model":${q(s.model)}}`;
}

function readString(input: Uint8Array): string {
  const v = parseValue(input, G.input);
  if (v.type !== "string") fail(G.type, ROOT);
  return v.value;
}

/** A closed object's check: a value that is an object, with no member outside `names`. */
function closed(v: Value | undefined, names: readonly string[]): Obj {
  if (v === undefined || v.type !== "object") fail(G.type, ROOT);
  for (const k of v.members.keys()) if (!names.includes(k)) refuse(G.unknownMember, ROOT);
  return v;
}

/** The member name of o: present (missing_member; ignored, its type refuses), then of type `type` (code, standing). */
function typed<T extends Value["type"]>(o: Obj, name: string, type: T, code: (typeof G)[keyof typeof G]): Extract<Value, { type: T }> {
  const v = o.members.get(name);
  if (v === undefined) {
    refuse(G.missingMember, ROOT);
    fail(code, ROOT);
  }
  if (v.type !== type) fail(code, ROOT);
  return v as Extract<Value, { type: T }>;
}

function selectorMember(o: Obj): { text: string; sel: Selector } {
  const text = typed(o, "selector", "string", G.selector).value;
  return { text, sel: parseSelector(text) };
}

function orgKeysMember(o: Obj): string[] {
  const a = typed(o, "org_keys", "array", G.orgKeys);
  const out: string[] = [];
  for (const e of a.items) {
    if (e.type !== "string") fail(G.orgKeys, ROOT);
    if (!VENDORS.includes(e.value)) refuse(G.orgKeys, ROOT);
    out.push(e.value);
  }
  return out;
}

/** parse: {"mode","vendor","model"}. */
export function parse(input: Uint8Array): Uint8Array {
  return bytes(parsedJSON(parseSelector(readString(input))));
}

/** transport: {"transport"}. */
export function transport(input: Uint8Array): Uint8Array {
  return bytes(`{"transport":${q(transportOf(parseSelector(readString(input))))}}`);
}

/** payer: {selector, org_keys} to {"payer"}. */
export function payer(input: Uint8Array): Uint8Array {
  const o = closed(parseValue(input, G.input), ["selector", "org_keys"]);
  const { sel } = selectorMember(o);
  const keys = orgKeysMember(o);
  return bytes(`{"payer":${q(payerFor(sel, keys))}}`);
}

/** tier-selectors: readTierSelectors over an environment object. */
export function tierSelectors(input: Uint8Array): Uint8Array {
  const env = parseValue(input, G.input);
  if (env.type !== "object") fail(G.type, ROOT);
  const parts: string[] = [];
  for (const [tier, name] of TIERS) {
    const v = env.members.get(name);
    if (v === undefined || v.type !== "string" || v.value === "") fail(G.pin, ROOT); // no default
    parts.push(`"${tier}":${parsedJSON(parseSelector(v.value))}`);
  }
  return bytes(`{${parts.join(",")}}`);
}

/** run-payers: the three rows, with admissibility by chain level. */
export function runPayers(input: Uint8Array): Uint8Array {
  const o = closed(parseValue(input, G.input), ["l1", "l2", "l3", "org_keys"]);
  const pins: { tier: string; text: string; sel: Selector; level: string }[] = [];
  for (const [tier] of TIERS) {
    const pin = closed(typed(o, tier, "object", G.type), ["selector", "level"]);
    const { text, sel } = selectorMember(pin);
    const level = typed(pin, "level", "string", G.level).value;
    if (!LEVELS.includes(level)) refuse(G.level, ROOT);
    pins.push({ tier, text, sel, level });
  }
  const keys = orgKeysMember(o);
  const rows: string[] = [];
  for (const p of pins) {
    if (isSubscription(p.sel) && p.level !== "account") refuse(G.admissible, ROOT);
    rows.push(
      `{"tier":"${p.tier}","selector":${q(p.text)},"transport":${q(transportOf(p.sel))},"payer":${q(payerFor(p.sel, keys))},"level":${q(p.level)}}`,
    );
  }
  return bytes(`[${rows.join(",")}]`);
}

/** commit-sha: {"sha"}. */
export function commitSha(input: Uint8Array): Uint8Array {
  const s = readString(input);
  if (!SHA.test(s)) refuse(G.commitSha, ROOT);
  return bytes(`{"sha":${q(s)}}`);
}

/** publication-receipt: {commitSha, baseSha}, baseSha required and nullable. */
export function publicationReceipt(input: Uint8Array): Uint8Array {
  const o = closed(parseValue(input, G.input), ["commitSha", "baseSha"]);
  const commit = typed(o, "commitSha", "string", G.commitSha).value;
  if (!SHA.test(commit)) refuse(G.commitSha, ROOT);
  const base = o.members.get("baseSha");
  if (base === undefined) {
    refuse(G.missingMember, ROOT);
    fail(G.baseSha, ROOT);
  }
  let baseText = "null";
  if (!(base.type === "literal" && base.text === "null")) {
    if (base.type !== "string") fail(G.baseSha, ROOT);
    if (!SHA.test(base.value)) refuse(G.baseSha, ROOT);
    baseText = q(base.value);
  }
  return bytes(`{"commitSha":${q(commit)},"baseSha":${baseText}}`);
}

export const OPERATIONS = Object.freeze({
  parse,
  transport,
  payer,
  "tier-selectors": tierSelectors,
  "run-payers": runPayers,
  "commit-sha": commitSha,
  "publication-receipt": publicationReceipt,
});

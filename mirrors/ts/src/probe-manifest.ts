// probe-manifest/1 (spec/probe-manifest.md): atoma's probe manifest (seed
// 000, "Probe manifests").
//
// - Paths are normalized (\ as /, empty and "." segments dropped, ".." drops
//   the segment before it) before ".atoma-probes.json" (at the root only) is
//   recognized; an empty, absolute, drive-lettered or climbing path is
//   refused.
// - An entry is shell {cmd, exit}, web {file, smoke} or http {url, status},
//   by kind. The reader (merge's new entries) reads the aliases browser and
//   playwright as web and writes web; the on-disk checker accepts no alias.
// - merge: a model writer is a hand edit, refused; a corrupt existing
//   manifest is refused by record_probe, kept (nothing written) by distill,
//   rebuilt by every other writer; then shell entries replace by cmd, web by
//   file and smoke, http entries are appended.
// - Output: {"probes":[...]} and LF, members in written order, ASCII with
//   \uxxxx (lowercase) for everything outside U+0020-U+007E, `"` and `\`.

import { type Obj, type Value, parseValue, quoteUnits, whereIn } from "./jsonvalue.js";
import { fail, refuse, table, withNothingIgnored } from "./refusal.js";

/** The contract this module implements (spec/probe-manifest.md). */
export const CONTRACT = "probe-manifest/1";

/** spec/probe-manifest.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["probe-manifest.input", "input is not valid JSON"],
  type: ["probe-manifest.type", "value is not a JSON object"],
  unknownMember: ["probe-manifest.unknown_member", "object has a member outside its shape"],
  missingMember: ["probe-manifest.missing_member", "object lacks a member of its shape"],
  path: ["probe-manifest.path", "path is not a relative path inside the workspace"],
  notManifest: ["probe-manifest.not_manifest", "path does not name .atoma-probes.json"],
  writer: ["probe-manifest.writer", "writer is not record_probe, distill, verify or model"],
  handEdit: ["probe-manifest.hand_edit", "a model hand-edit of the probe manifest is refused"],
  existing: ["probe-manifest.existing", "existing is not null or a string"],
  corrupt: ["probe-manifest.corrupt", "the existing manifest is corrupt"],
  entries: ["probe-manifest.entries", "entries is not an array of objects"],
  probes: ["probe-manifest.probes", "probes is not an array of objects"],
  kind: ["probe-manifest.kind", "kind is not shell, web or http"],
  cmd: ["probe-manifest.cmd", "cmd is not a non-empty string"],
  exit: ["probe-manifest.exit", "exit is not an integer from 0 to 255"],
  file: ["probe-manifest.file", "file is not a non-empty string"],
  smoke: ["probe-manifest.smoke", "smoke is not a non-empty string"],
  url: ["probe-manifest.url", "url is not an http or https URL"],
  status: ["probe-manifest.status", "status is not an integer from 100 to 599"],
});

const G = REFUSALS;
/** Where a refusal is: the input as a whole (mirrors/PROTOCOL.md, "run"). */
const ROOT = whereIn();
type G = (typeof G)[keyof typeof G];
const MANIFEST = ".atoma-probes.json";
const WEB = "web";
const ALIASES = ["browser", "playwright"];
const WRITERS = ["record_probe", "distill", "verify", "model"];

interface Entry {
  kind: "shell" | "web" | "http";
  a: Value;
  b: Value;
}

/** Each kind's members after kind, with their rules: [name, type, guard, rule]. */
const KINDS: Readonly<Record<Entry["kind"], [string, "string" | "number", G, (v: Value) => boolean][]>> = {
  shell: [
    ["cmd", "string", G.cmd, nonEmpty],
    ["exit", "number", G.exit, (v) => intIn(v, 0, 255)],
  ],
  web: [
    ["file", "string", G.file, nonEmpty],
    ["smoke", "string", G.smoke, nonEmpty],
  ],
  http: [
    ["url", "string", G.url, isURL],
    ["status", "number", G.status, (v) => intIn(v, 100, 599)],
  ],
};

function nonEmpty(v: Value): boolean {
  return v.type === "string" && v.value.length > 0;
}

function intIn(v: Value, lo: number, hi: number): boolean {
  if (v.type !== "number" || !/^(0|[1-9][0-9]*)$/.test(v.text) || v.text.length > 3) return false;
  const n = Number(v.text);
  return n >= lo && n <= hi;
}

function isURL(v: Value): boolean {
  if (v.type !== "string") return false;
  const s = v.value;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return false;
  }
  return (s.startsWith("http://") && s.length > 7) || (s.startsWith("https://") && s.length > 8);
}

/** Path normalization: the normalized path and whether the path was sound. */
function normalize(path: string): [string, boolean] {
  let sound = path.length > 0;
  const p = path.replaceAll("\\", "/");
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p)) sound = false;
  const segs: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (segs.length === 0) sound = false;
      else segs.pop();
      continue;
    }
    segs.push(seg);
  }
  if (segs.length === 0) sound = false;
  return [segs.join("/"), sound];
}

/** A closed object: the object check (standing), then the closed check. */
function closed(v: Value | undefined, names: readonly string[]): Obj {
  if (v === undefined || v.type !== "object") fail(G.type, ROOT);
  for (const k of v.members.keys()) if (!names.includes(k)) refuse(G.unknownMember, ROOT);
  return v;
}

/** Member `name`: present (missing_member; ignored, its type refuses), of its type (code, standing), then its rule. */
function memberOf(o: Obj, name: string, type: Value["type"], code: G, rule?: (v: Value) => boolean, nullable = false): Value {
  const v = o.members.get(name);
  if (v === undefined) {
    refuse(G.missingMember, ROOT);
    fail(code, ROOT);
  }
  if (nullable && v.type === "literal" && v.text === "null") return v;
  if (v.type !== type) fail(code, ROOT);
  if (rule !== undefined && !rule(v)) refuse(code, ROOT);
  return v;
}

/** One entry: its kind (standing; aliases for the reader only), then its shape. */
function readEntry(v: Value, reader: boolean): Entry {
  if (v.type !== "object") fail(G.type, ROOT);
  const k = v.members.get("kind");
  let kind: Entry["kind"] | undefined;
  if (k !== undefined && k.type === "string") {
    if (k.value === "shell" || k.value === "web" || k.value === "http") kind = k.value;
    else if (reader && ALIASES.includes(k.value)) kind = WEB;
  }
  if (kind === undefined) fail(G.kind, ROOT);
  const spec = KINDS[kind];
  closed(v, ["kind", spec[0][0], spec[1][0]]);
  const [a, b] = spec.map(([name, type, code, rule]) => memberOf(v, name, type, code, rule));
  return { kind, a, b };
}

function readEntries(items: Value[], code: G, reader: boolean): Entry[] {
  return items.map((v) => {
    if (v.type !== "object") fail(code, ROOT);
    return v;
  }).map((v) => readEntry(v, reader));
}

/** The on-disk checker over a parsed manifest. */
function checkManifest(v: Value): Entry[] {
  const o = closed(v, ["probes"]);
  const probes = memberOf(o, "probes", "array", G.probes);
  if (probes.type !== "array") fail(G.probes, ROOT);
  return readEntries(probes.items, G.probes, false);
}

const q = quoteUnits;

function text(v: Value): string {
  return v.type === "string" ? q(v.value) : v.type === "number" ? v.text : "";
}

function canonical(entries: Entry[]): Uint8Array {
  const parts = entries.map((e) => {
    const [[na], [nb]] = KINDS[e.kind];
    return `{"kind":"${e.kind}","${na}":${text(e.a)},"${nb}":${text(e.b)}}`;
  });
  return Buffer.from(`{"probes":[${parts.join(",")}]}\n`);
}

function sameIdentity(x: Entry, y: Entry): boolean {
  if (x.kind !== y.kind || x.kind === "http") return false;
  const s = (v: Value) => (v.type === "string" ? v.value : "");
  if (x.kind === "shell") return s(x.a) === s(y.a);
  return s(x.a) === s(y.a) && s(x.b) === s(y.b);
}

function pathAndWriter(o: Obj): [string, string] {
  const path = memberOf(o, "path", "string", G.path, (v) => v.type === "string" && normalize(v.value)[1]);
  const writer = memberOf(o, "writer", "string", G.writer, (v) => v.type === "string" && WRITERS.includes(v.value));
  return [path.type === "string" ? normalize(path.value)[0] : "", writer.type === "string" ? writer.value : ""];
}

/** check: the on-disk checker; the manifest's canonical bytes. */
export function check(input: Uint8Array): Uint8Array {
  return canonical(checkManifest(parseValue(input, G.input)));
}

/** write-guard: {"path","manifest"}; a model writing the manifest is refused. */
export function writeGuard(input: Uint8Array): Uint8Array {
  const o = closed(parseValue(input, G.input), ["path", "writer"]);
  const [path, writer] = pathAndWriter(o);
  const isManifest = path === MANIFEST;
  if (isManifest && writer === "model") refuse(G.handEdit, ROOT);
  return Buffer.from(`{"path":${q(path)},"manifest":${isManifest}}`);
}

/** The existing manifest's entries: [] when absent; undefined when corrupt (decided with nothing ignored). */
function existingEntries(v: Value): Entry[] | undefined {
  if (v.type !== "string") return [];
  for (let i = 0; i < v.value.length; i++) {
    const c = v.value.charCodeAt(i);
    const paired = c >= 0xd800 && c <= 0xdbff && i + 1 < v.value.length && (v.value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (paired) i++;
    else if (c >= 0xd800 && c <= 0xdfff) return undefined; // a lone surrogate: no UTF-8 encoding
  }
  try {
    return withNothingIgnored(() => checkManifest(parseValue(Buffer.from(v.value, "utf8"), G.input)));
  } catch {
    return undefined;
  }
}

/** merge: the merged manifest's canonical bytes, or nothing (distill keeps a corrupt file). */
export function merge(input: Uint8Array): Uint8Array {
  const o = closed(parseValue(input, G.input), ["path", "writer", "existing", "entries"]);
  const [path, writer] = pathAndWriter(o);
  const existing = memberOf(o, "existing", "string", G.existing, undefined, true);
  const list = memberOf(o, "entries", "array", G.entries);
  const entries = readEntries(list.type === "array" ? list.items : [], G.entries, true);
  if (path !== MANIFEST) refuse(G.notManifest, ROOT);
  if (writer === "model") refuse(G.handEdit, ROOT);
  let out = existingEntries(existing);
  if (out === undefined) {
    if (writer === "record_probe") refuse(G.corrupt, ROOT);
    else if (writer === "distill") return new Uint8Array(0);
    out = [];
  }
  for (const e of entries) {
    const at = out.findIndex((x) => sameIdentity(x, e));
    if (at >= 0) out[at] = e;
    else out.push(e);
  }
  return canonical(out);
}

export const OPERATIONS = Object.freeze({ merge, check, "write-guard": writeGuard });

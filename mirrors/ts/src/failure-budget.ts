// failure-budget/1 (spec/failure-budget.md): the repeated tool-failure
// budget of seed 001 section 1 ("Repeated tool-failure budget (#285)") as a
// state machine. `decide` reads a whole event sequence, {"rounds":bool,
// "events":[...]}, checks every event first, then walks the calls:
//
//   1. the streak stop (8 failed or refused calls, stopping only from a
//      later reply);
//   2. a state-bound entry whose state or epoch moved is forgotten;
//   3. a spent budget refuses, again within the same reply, again after
//      real work for a decided refusal, and otherwise stops;
//   4. the call acts: a host decision fails, a run is classified (and a
//      transient read-only failure retried once).
//
// Output: one JSON line per call decided, then the checkpoint line.

import { createHash } from "node:crypto";
import { type Obj, type Value, compareCodePoints, parseValue, quote, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";
import { encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/failure-budget.md). */
export const CONTRACT = "failure-budget/1";

/** spec/failure-budget.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["failure-budget.input", "input is not valid JSON"],
  type: ["failure-budget.type", "sequence is not an object with rounds and events"],
  length: ["failure-budget.length", "sequence has more than 256 events"],
  event: ["failure-budget.event", "event is not a reply or call object"],
  member: ["failure-budget.member", "event has an unknown member"],
  tool: ["failure-budget.tool", "call tool is not a non-empty string"],
  args: ["failure-budget.args", "call args is not an object"],
  host: ["failure-budget.host", "call host is not denied, policy, path or invalid"],
  exitCode: ["failure-budget.exit_code", "call exit_code is not an integer from -2^31 to 2^31-1"],
  klass: ["failure-budget.class", "call class is not a failure class a tool can report"],
  field: ["failure-budget.field", "call member has the wrong JSON type"],
});

const G = REFUSALS;
const MAX_EVENTS = 256;

/**
 * spec/failure-budget.md, "Thresholds": the failed attempts allowed per
 * class ("Budget, per class"), the streak that stops the cycle and the
 * streak from which a failure carries the warning.
 */
export const THRESHOLDS: Readonly<Record<string, number>> = Object.freeze({
  "budget.permission_refused": 1,
  "budget.unavailable": 1,
  "budget.invalid_arguments": 2,
  "budget.stale_precondition": 2,
  "budget.unknown_outcome": 2,
  "budget.transient": 3,
  "budget.execution_failure": 3,
  "streak.stop": 8,
  "streak.warning": 6,
});

/** The single-cause audit's shifts (mirrors/PROTOCOL.md, "shift"), set by the harness. */
let shifted: ReadonlyMap<string, number> = new Map();

/** Replaces the threshold shifts: while a name is in the map, its threshold moves by that amount. */
export function shift(shifts: ReadonlyMap<string, number>): void {
  shifted = new Map(shifts);
}

/** A threshold as this run sees it. */
function limit(name: string): number {
  return (THRESHOLDS[name] as number) + (shifted.get(name) ?? 0);
}
const TOOL_CLASSES = new Set(["invalid_arguments", "permission_refused", "unavailable", "stale_precondition", "transient", "execution_failure"]);
const HOSTS = new Set(["denied", "policy", "path", "invalid"]);
const RECOVERY: Readonly<Record<string, string>> = {
  permission_refused: "approve when prompted, or work without it",
  invalid_arguments: "correct the arguments",
  unavailable: "work without it",
  stale_precondition: "read the current state again",
  unknown_outcome: "check whether it took effect",
  transient: "try again later",
  execution_failure: "fix the cause first",
};
const PATH_RECOVERY = "stay inside the workspace";

interface Result {
  exitCode: number;
  output: string;
  klass: string; // "" is the default, execution_failure
}

interface Call {
  readonly kind: "call";
  tool: string;
  args: Obj | undefined;
  host: string;
  result: Result;
  retry: Result | undefined;
  state: string;
  stateAfter: string | undefined;
  readOnly: boolean;
  changes: boolean;
}
type Event = { readonly kind: "reply" } | Call;

const INT = /^-?(?:0|[1-9][0-9]*)$/;

/** exit_code, output or class of a call or retry, into r. */
function readResultMember(name: string, v: Value, r: Result, path: (string | number)[]): void {
  const where = whereIn(...path);
  if (name === "exit_code") {
    if (v.type !== "number") refuse(G.field, where);
    else {
      const n = INT.test(v.text) ? Number(v.text) : Number.NaN;
      if (!(n >= -2147483648 && n <= 2147483647)) refuse(G.exitCode, where);
      else r.exitCode = n;
    }
  } else if (name === "output") {
    if (v.type !== "string") refuse(G.field, where);
    else r.output = v.value;
  } else if (v.type !== "string") {
    refuse(G.field, where);
  } else if (!TOOL_CLASSES.has(v.value)) {
    refuse(G.klass, where);
  } else {
    r.klass = v.value;
  }
}

function readCall(o: Obj, path: (string | number)[]): Call {
  const c: Call = {
    kind: "call",
    tool: "",
    args: undefined,
    host: "",
    result: { exitCode: 0, output: "", klass: "" },
    retry: undefined,
    state: "",
    stateAfter: undefined,
    readOnly: false,
    changes: false,
  };
  for (const [name, v] of o.members) {
    const p = [...path, name];
    const where = whereIn(...p);
    switch (name) {
      case "event":
        break;
      case "tool":
        if (v.type !== "string" || v.value === "") refuse(G.tool, where);
        else c.tool = v.value;
        break;
      case "args":
        if (v.type !== "object") refuse(G.args, where);
        else c.args = v;
        break;
      case "id":
        if (v.type !== "string") refuse(G.field, where);
        break;
      case "host":
        if (v.type !== "string") refuse(G.field, where);
        else if (!HOSTS.has(v.value)) refuse(G.host, where);
        else c.host = v.value;
        break;
      case "exit_code":
      case "output":
      case "class":
        readResultMember(name, v, c.result, p);
        break;
      case "retry":
        if (v.type !== "object") {
          refuse(G.field, where);
          break;
        }
        c.retry = { exitCode: 0, output: "", klass: "" };
        for (const [rn, rv] of v.members) {
          if (rn === "exit_code" || rn === "output" || rn === "class") readResultMember(rn, rv, c.retry, [...p, rn]);
          else refuse(G.member, whereIn(...p, rn));
        }
        break;
      case "state":
      case "state_after":
        if (v.type !== "string") refuse(G.field, where);
        else if (name === "state") c.state = v.value;
        else c.stateAfter = v.value;
        break;
      case "read_only":
      case "changes":
        if (v.type !== "literal" || (v.text !== "true" && v.text !== "false")) refuse(G.field, where);
        else if (name === "read_only") c.readOnly = v.text === "true";
        else c.changes = v.text === "true";
        break;
      default:
        refuse(G.member, where);
    }
  }
  if (!o.members.has("tool")) refuse(G.tool, whereIn(...path));
  if (!o.members.has("args")) refuse(G.args, whereIn(...path));
  return c;
}

function readSequence(input: Uint8Array): { rounds: boolean; events: Event[] } {
  const v = parseValue(input, G.input);
  const rounds = v.type === "object" ? v.members.get("rounds") : undefined;
  const events = v.type === "object" ? v.members.get("events") : undefined;
  if (
    v.type !== "object" ||
    v.members.size !== 2 ||
    rounds?.type !== "literal" ||
    (rounds.text !== "true" && rounds.text !== "false") ||
    events?.type !== "array"
  ) {
    return fail(G.type, whereIn());
  }
  if (events.items.length > MAX_EVENTS) refuse(G.length, whereIn("events"));
  const out: Event[] = [];
  events.items.forEach((e, i) => {
    const path = ["events", i];
    const kind = e.type === "object" ? e.members.get("event") : undefined;
    const name = kind?.type === "string" ? kind.value : undefined;
    if (e.type !== "object" || (name !== "reply" && name !== "call")) {
      refuse(G.event, whereIn(...path));
      return; // ignored: skipped
    }
    if (name === "reply") {
      for (const k of e.members.keys()) if (k !== "event") refuse(G.member, whereIn(...path, k));
      out.push({ kind: "reply" });
    } else {
      out.push(readCall(e, path));
    }
  });
  return { rounds: rounds.text === "true", events: out };
}

/** Stable JSON (spec/failure-budget.md, "Fingerprint"): sorted members, ASCII strings, literal numbers. */
function stable(v: Value): string {
  switch (v.type) {
    case "string":
      return quote(v.value, true);
    case "number":
    case "literal":
      return v.text;
    case "array":
      return `[${v.items.map(stable).join(",")}]`;
    case "object": {
      const names = [...v.members.keys()].sort(compareCodePoints);
      return `{${names.map((k) => `${quote(k, true)}:${stable(v.members.get(k) as Value)}`).join(",")}}`;
    }
  }
}

/** The SHA-256 of the call's operation: its approval binding, its raw arguments alone (invalid), or its tool name alone (policy). */
function fingerprint(c: Call): string {
  const args = c.args ? stable(c.args) : "{}";
  if (c.host === "policy") return createHash("sha256").update(encodeGeneralized(c.tool)).digest("hex");
  const text = c.host === "invalid" ? args : `{"args":${args},"tool":${quote(c.tool, true)}}`;
  return createHash("sha256").update(text, "latin1").digest("hex");
}

type Outcome = "cancelled" | "success" | string; // else a failure class

function classify(r: Result): Outcome {
  if (r.output.startsWith("[aborted") || r.exitCode === 130) return "cancelled";
  if (r.output.startsWith("[timeout after ")) return "unknown_outcome";
  if (r.exitCode === 0) return "success";
  return r.klass === "" ? "execution_failure" : r.klass;
}

interface Entry {
  klass: string;
  count: number;
  decisionBound: boolean;
  /** The last failure was a decided refusal: denied, policy or path (not invalid). */
  decidedRefusal: boolean;
  pathGuard: boolean;
  after: string;
  afterEpoch: number;
  refusedReply: number | undefined;
  refusedEpoch: number;
}

const stringArg = (c: Call, name: string): string | undefined => {
  const v = c.args?.members.get(name);
  return v?.type === "string" ? v.value : undefined;
};

/** failure-budget/1 `decide`: the decision lines, then the checkpoint line. */
export function decide(input: Uint8Array): Uint8Array {
  const { rounds, events } = readSequence(input);
  const stopAt = limit("streak.stop");
  const warnAt = limit("streak.warning");
  const entries = new Map<string, Entry>();
  const lines: string[] = [];
  let streak = 0;
  let fullAt = -1;
  let lastClass = "";
  let reply = 0;
  let epoch = 0;
  let index = 0;
  const work = { calls: 0, files: [] as string[], commits: 0, shell: [] as string[] };

  const line = (decision: string, klass?: string, attempts?: number, retried = false): void => {
    let s = `{"call":${index},"decision":"${decision}"`;
    if (klass !== undefined) s += `,"class":"${klass}","attempts":${attempts}`;
    if (decision === "fail" && (attempts as number) >= 2) s += ',"repeat":true';
    if (retried) s += ',"retried":true';
    if ((decision === "fail" || decision === "refuse") && streak >= warnAt) s += `,"warning":${streak}`;
    lines.push(`${s}}\n`);
  };
  const counted = (klass: string): void => {
    streak += 1;
    lastClass = klass;
    if (streak === stopAt) fullAt = reply;
  };
  const checkpoint = (c: Call, fp: string, klass: string, reason: string, attempts: number, recovery: string): string =>
    `{"checkpoint":{"operation":{"tool":${quote(c.tool, true)},"fingerprint":"${fp}"},"class":"${klass}","reason":"${reason}",` +
    `"attempts":${attempts},"preserved":{"calls":${work.calls},"files":[${work.files.map((f) => quote(f, true)).join(",")}],` +
    `"commits":${work.commits},"shell":[${work.shell.map((s) => quote(s, true)).join(",")}]},"recovery":"${recovery}"}}\n`;

  for (const e of events) {
    if (e.kind === "reply") {
      if (rounds) reply += 1;
      continue;
    }
    if (!rounds) reply += 1;
    const fp = fingerprint(e);
    if (streak >= stopAt && reply > fullAt) {
      line("stop", lastClass, streak);
      return Buffer.from(lines.join("") + checkpoint(e, fp, lastClass, "streak", streak, RECOVERY[lastClass] as string));
    }
    let en = entries.get(fp);
    if (en !== undefined && !en.decisionBound && e.host === "" && (e.state !== en.after || epoch !== en.afterEpoch)) {
      entries.delete(fp);
      en = undefined;
    }
    if (en !== undefined && en.count >= limit(`budget.${en.klass}`)) {
      const again = en.refusedReply === undefined || en.refusedReply === reply || (en.decidedRefusal && epoch > en.refusedEpoch);
      if (!again) {
        line("stop", en.klass, en.count);
        const recovery = en.pathGuard ? PATH_RECOVERY : (RECOVERY[en.klass] as string);
        return Buffer.from(lines.join("") + checkpoint(e, fp, en.klass, "budget", en.count, recovery));
      }
      en.refusedReply = reply;
      en.refusedEpoch = epoch;
      counted(en.klass);
      line("refuse", en.klass, en.count);
      index += 1;
      continue;
    }
    let outcome: Outcome;
    let retried = false;
    if (e.host !== "") {
      outcome = e.host === "invalid" ? "invalid_arguments" : "permission_refused";
    } else {
      outcome = classify(e.result);
      if (outcome === "transient" && e.readOnly) {
        retried = true;
        outcome = classify(e.retry ?? e.result);
      }
    }
    if (outcome === "cancelled") {
      line("cancelled", undefined, undefined, retried);
    } else if (outcome === "success") {
      entries.delete(fp);
      streak = 0;
      if (e.changes) epoch += 1;
      work.calls += 1;
      if (e.tool === "write_file" || e.tool === "patch_file") {
        const p = stringArg(e, "path");
        if (p !== undefined && !work.files.includes(p)) work.files.push(p);
      } else if (e.tool === "git_commit") {
        work.commits += 1;
      } else if (e.tool === "run_shell") {
        const cmd = stringArg(e, "command");
        if (cmd !== undefined) work.shell.push(cmd);
      }
      line("run", undefined, undefined, retried);
    } else {
      if (en === undefined) {
        en = { klass: outcome, count: 0, decisionBound: false, decidedRefusal: false, pathGuard: false, after: "", afterEpoch: 0, refusedReply: undefined, refusedEpoch: 0 };
        entries.set(fp, en);
      }
      en.klass = outcome;
      en.decisionBound = e.host !== "";
      en.decidedRefusal = e.host !== "" && e.host !== "invalid";
      en.pathGuard = e.host === "path";
      en.count += 1;
      en.after = e.stateAfter ?? e.state;
      en.afterEpoch = epoch;
      counted(outcome);
      line("fail", outcome, en.count, retried);
    }
    index += 1;
  }
  return Buffer.from(`${lines.join("")}{"checkpoint":null}\n`);
}

/** The operations of failure-budget/1 (spec/failure-budget.md, "Operations"). */
export const OPERATIONS = Object.freeze({ decide });

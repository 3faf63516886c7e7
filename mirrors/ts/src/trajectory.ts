// trajectory/1 (spec/trajectory.md): atoma's trajectory signatures (seed
// 000, "Trajectory signatures"). derive reads {"events":[...]} and reads
// only identity members (kind, id, llmEventId, lane, molecule, skill,
// element, actor, verdict), never args, result or prose.
//
// - A non-llm event with llmEventId E is a step of E until E's llm event
//   closes it; the llm event gives E its molecule, skill and lane, and
//   supersedes the earlier still-creditable executions of that molecule in
//   exactly that lane.
// - skill.success (naming the execution's skill, when it had one) and trust
//   RESULT credit the latest still-creditable execution of their molecule
//   in an agreeing lane (equal, ancestor or descendant by "/" path, or
//   either lane-less), and close the others of that molecule in its lane.
// - The reference: completed and credited executions with a molecule, the
//   newest 3 per (molecule, skill), oldest first.

import { type Obj, type Value, parseValue, quoteUnits, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";

/** The contract this module implements (spec/trajectory.md). */
export const CONTRACT = "trajectory/1";

/** spec/trajectory.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["trajectory.input", "input is not valid JSON"],
  type: ["trajectory.type", "input is not an object with an events array"],
  event: ["trajectory.event", "event is not an object"],
  kind: ["trajectory.kind", "event kind is not a string"],
  field: ["trajectory.field", "an identity member of an event has the wrong JSON type"],
  lane: ["trajectory.lane", "lane is not a path of branch ids"],
  llmId: ["trajectory.llm_id", "an llm event has no id"],
  closedTwice: ["trajectory.closed_twice", "an llm event closes an execution already closed"],
});

const G = REFUSALS;
/** Where a refusal is: the input as a whole (mirrors/PROTOCOL.md, "run"). */
const ROOT = whereIn();
/** TRAJECTORY_REFERENCE_MAX_PER_KEY. */
export const MAX_PER_KEY = 3;
const MEMBERS = ["id", "llmEventId", "lane", "molecule", "skill", "element", "actor", "verdict"] as const;

type Ev = { kind: string } & Partial<Record<(typeof MEMBERS)[number], string>>;

interface Execution {
  id: string;
  molecule?: string;
  skill?: string;
  lane?: string;
  completed: boolean;
  credited: boolean;
  creditable: boolean;
  closedAt: number;
  steps: [string, string | undefined, string | undefined][];
}

const isLane = (s: string) => s !== "" && s.split("/").every((id) => id !== "");
const ancestor = (a: string, b: string) => b.length > a.length && b.startsWith(a) && b[a.length] === "/";
const agree = (a?: string, b?: string) => a === undefined || b === undefined || a === b || ancestor(a, b) || ancestor(b, a);

function readEvents(v: Value): Ev[] {
  const events = v.type === "object" ? v.members.get("events") : undefined;
  if (events === undefined || events.type !== "array") fail(G.type, ROOT);
  return events.items.map((e) => {
    if (e.type !== "object") fail(G.event, ROOT);
    const kind = e.members.get("kind");
    if (kind === undefined || kind.type !== "string") fail(G.kind, ROOT);
    const ev: Ev = { kind: kind.value };
    for (const name of MEMBERS) {
      const f = (e as Obj).members.get(name);
      if (f === undefined || (name === "lane" && f.type === "literal" && f.text === "null")) continue;
      if (f.type !== "string") fail(G.field, ROOT);
      if (name === "lane" && !isLane(f.value)) refuse(G.lane, ROOT);
      ev[name] = f.value;
    }
    if (ev.kind === "llm" && ev.id === undefined) fail(G.llmId, ROOT);
    return ev;
  });
}

/** derive: every execution with its state and steps, then the reference. */
export function derive(input: Uint8Array): Uint8Array {
  const events = readEvents(parseValue(input, G.input));
  const order: Execution[] = [];
  const byId = new Map<string, Execution>();
  const get = (id: string): Execution => {
    let x = byId.get(id);
    if (x === undefined) {
      x = { id, completed: false, credited: false, creditable: false, closedAt: -1, steps: [] };
      byId.set(id, x);
      order.push(x);
    }
    return x;
  };
  events.forEach((ev, i) => {
    if (ev.kind === "llm") {
      const x = get(ev.id as string);
      if (x.completed) {
        refuse(G.closedTwice, ROOT);
        return;
      }
      Object.assign(x, { completed: true, creditable: true, closedAt: i, molecule: ev.molecule, skill: ev.skill, lane: ev.lane });
      for (const y of order) {
        if (y !== x && y.creditable && x.molecule !== undefined && y.molecule === x.molecule && y.lane === x.lane) y.creditable = false;
      }
      return;
    }
    if (ev.llmEventId !== undefined) {
      const x = get(ev.llmEventId);
      if (!x.completed) x.steps.push([ev.kind, ev.element, ev.actor]);
    }
    const credits = ev.kind === "skill.success" || (ev.kind === "trust" && ev.verdict === "RESULT");
    if (!credits || ev.molecule === undefined) return;
    let best: Execution | undefined;
    for (const y of order) {
      if (!y.creditable || y.molecule !== ev.molecule || !agree(y.lane, ev.lane)) continue;
      if (ev.kind === "skill.success" && y.skill !== undefined && y.skill !== ev.skill) continue;
      if (best === undefined || y.closedAt > best.closedAt) best = y;
    }
    if (best === undefined) return;
    best.credited = true;
    best.creditable = false;
    for (const y of order) {
      if (y.creditable && y.molecule === best.molecule && y.lane === best.lane) y.creditable = false;
    }
  });
  const s = (v?: string) => (v === undefined ? "null" : quoteUnits(v));
  const executions = order.map(
    (x) =>
      `{"id":${s(x.id)},"molecule":${s(x.molecule)},"skill":${s(x.skill)},"lane":${s(x.lane)},"completed":${x.completed},"credited":${x.credited},"steps":[${x.steps.map((st) => `[${st.map(s).join(",")}]`).join(",")}]}`,
  );
  const done = order.filter((x) => x.completed && x.credited && x.molecule !== undefined).sort((a, b) => b.closedAt - a.closedAt);
  const count = new Map<string, number>();
  const kept = done.filter((x) => {
    const key = JSON.stringify([x.molecule, x.skill ?? null]);
    const n = count.get(key) ?? 0;
    count.set(key, n + 1);
    return n < MAX_PER_KEY;
  });
  kept.sort((a, b) => a.closedAt - b.closedAt);
  return Buffer.from(`{"executions":[${executions.join(",")}],"reference":[${kept.map((x) => s(x.id)).join(",")}]}`);
}

export const OPERATIONS = Object.freeze({ derive });

// The guard mechanism shared by the contracts (spec/README.md, "Rules
// shared by every contract"): every place that refuses calls one guard
// from its contract's closed table, by its (contract, message) pair. The
// tables themselves live in the contract modules (`REFUSALS`, made with
// table() below); this module holds nothing of any one contract.
//
// The harness's `ignore` command (mirrors/PROTOCOL.md, "ignore") replaces
// the ignore set. While a pair is in the set, refuse() returns instead of
// throwing and the caller continues as if the guard's condition had been
// false; each contract module implements what "continue" means at each of
// its sites.
//
// A Refusal is the kit's (mirrors/kit/ts, conform-kit) with the guard that
// refused: the kit answers it `refused` with its message and location.
//
// Guards with no accept path (grammar guards, spec/README.md "JSON value
// inputs" for `.input` and `.type`) are in the tables, so ignoring one is
// acknowledged, but they are raised with fail(), which throws whatever the
// ignore set holds.

import { Refusal as KitRefusal } from "../../kit/ts/index.js";

/** One row of a contract's closed refusal table (spec/README.md, "The catalogue"). */
export interface Guard {
  /** The contract name with its version, as the catalogue's `contract`. */
  readonly contract: string;
  /** The refusal's code, as the spec's Refusals table writes it. */
  readonly code: string;
  /** The refusal's message: printable ASCII, compared byte for byte. */
  readonly message: string;
}

/**
 * Where in its input a refusal happened (mirrors/PROTOCOL.md, "run": the
 * `at` of a refused answer): a byte offset into the input bytes (0 to the
 * input's length), an RFC 6901 JSON pointer to the value refused, or both.
 * Never part of the message, never compared between implementations.
 */
export interface At {
  readonly offset?: number;
  readonly pointer?: string;
}

/**
 * A location computed only when a refusal is thrown: finding a byte offset
 * walks the input, which an ignored guard must not pay for.
 */
export type Where = () => At | undefined;

/**
 * A refusal by the contract, carrying the guard that refused and, when
 * known, where: the kit's Refusal (message guard.message, location at, no
 * stack trace captured), which the kit answers `refused`.
 */
export class Refusal extends KitRefusal {
  readonly guard: Guard;

  /** A refusal with guard's message; `at` as the site gives it. */
  constructor(guard: Guard, at?: At) {
    super(guard.message, at);
    this.guard = guard;
  }
}

/**
 * A contract's closed refusal table: rows maps a local name (what the
 * module's refusal sites call the guard) to [code, message], in the spec's
 * table order (spec/<name>.md, "Refusals"). Returns the frozen record of
 * Guards in that order; Object.values() of it is the table.
 */
export function table<K extends string>(
  contract: string,
  rows: Readonly<Record<K, readonly [code: string, message: string]>>,
): Readonly<Record<K, Guard>> {
  const out = {} as Record<K, Guard>;
  for (const name of Object.keys(rows) as K[]) {
    const [code, message] = rows[name];
    out[name] = Object.freeze({ contract, code, message });
  }
  return Object.freeze(out);
}

function key(contract: string, message: string): string {
  return `${contract}\u0000${message}`;
}

let ignored = new Set<string>();

/** A (contract, message) pair as the `ignore` command carries it. */
export interface Pair {
  readonly contract: string;
  readonly message: string;
}

/**
 * Replaces the ignore set with `pairs` and returns the pairs that name no
 * guard of `known` (every registered contract's table), in the order given.
 * Unknown pairs are not kept (mirrors/PROTOCOL.md, "ignore").
 */
export function setIgnored(pairs: readonly Pair[], known: readonly Guard[]): Pair[] {
  const table = new Set(known.map((g) => key(g.contract, g.message)));
  const next = new Set<string>();
  const unknown: Pair[] = [];
  for (const p of pairs) {
    const k = key(p.contract, p.message);
    if (table.has(k)) {
      next.add(k);
    } else {
      unknown.push({ contract: p.contract, message: p.message });
    }
  }
  ignored = next;
  return unknown;
}

/**
 * Replaces contract's part of the ignore set with its messages in
 * `messages`, leaving other contracts' pairs as they are: the ignore hook
 * the harness gives the kit for each contract (mirrors/PROTOCOL.md,
 * "ignore"; the kit passes only messages of the contract's own table).
 */
export function ignoreOnly(contract: string, messages: ReadonlySet<string>): void {
  if (messages.size === 0 && ignored.size === 0) return;
  const prefix = key(contract, "");
  const next = new Set<string>();
  for (const k of ignored) if (!k.startsWith(prefix)) next.add(k);
  for (const m of messages) next.add(key(contract, m));
  ignored = next;
}

/** Whether `g` is in the current ignore set. */
export function isIgnored(g: Guard): boolean {
  // The set is empty outside mutation audits: skip building its key.
  return ignored.size !== 0 && ignored.has(key(g.contract, g.message));
}

// One frozen Refusal per guard, made on first use and thrown every time a
// site gives no location: most fuzz cases are refused, and such a refusal
// carries nothing but its guard (no stack trace), so there is nothing to
// make a new one for.
const refusals = new Map<Guard, Refusal>();

function refusalOf(g: Guard, where: Where | undefined): Refusal {
  const at = where?.();
  if (at !== undefined) return new Refusal(g, at);
  let r = refusals.get(g);
  if (r === undefined) {
    r = Object.freeze(new Refusal(g));
    refusals.set(g, r);
  }
  return r;
}

/**
 * Refuses with `g` unless `g` is ignored; when it is, returns and the caller
 * continues as if the guard's condition had been false. `where`, when
 * given, is asked for the refusal's location only when it is thrown.
 */
export function refuse(g: Guard, where?: Where): void {
  if (!isIgnored(g)) {
    throw refusalOf(g, where);
  }
}

/** Refuses with a guard that has no accept path; ignoring it has no effect. */
export function fail(g: Guard, where?: Where): never {
  throw refusalOf(g, where);
}

/**
 * Runs fn with `extra` added to the ignore set, then restores the set as it
 * was. A contract that runs another contract's operation on its own terms
 * uses it (spec/<name>.md says where, under that guard's *Ignored:* rule).
 */
export function withIgnored<T>(extra: readonly Guard[], fn: () => T): T {
  const saved = ignored;
  const next = new Set(saved);
  for (const g of extra) next.add(key(g.contract, g.message));
  ignored = next;
  try {
    return fn();
  } finally {
    ignored = saved;
  }
}

/**
 * Runs fn with the ignore set empty, then restores the set as it was. A
 * contract whose spec runs some of its rules with no guard ignored,
 * whatever the `ignore` command set, uses it (spec/<name>.md says where).
 */
export function withNothingIgnored<T>(fn: () => T): T {
  return withIgnoredOnly([], fn);
}

/**
 * Runs fn with the ignore set replaced by exactly `only`, then restores the
 * set as it was. A contract that computes with another contract's
 * operations uses it, so that an ignore set aimed at that other contract
 * (a mutation audit of it) cannot change its own answers, and so that the
 * guards it ignores on its own terms are the only ones ignored.
 */
export function withIgnoredOnly<T>(only: readonly Guard[], fn: () => T): T {
  const saved = ignored;
  ignored = new Set(only.map((g) => key(g.contract, g.message)));
  try {
    return fn();
  } finally {
    ignored = saved;
  }
}

// The TypeScript mirror behind the conform harness protocol, version 1
// (mirrors/PROTOCOL.md): the registered contract modules (contracts.ts)
// handed to the kit (mirrors/kit/ts, conform-kit), which does the protocol
// itself. harness.ts serves it on stdin and stdout.
//
// Every operation of every module is registered by (contract, op), every
// module's refusal table is declared with an ignore hook (refusal.ts keeps
// the ignore set), a module with thresholds declares them with its shift
// hook, and no contract is named here.

import { type Answer, Kit, MAX_BATCH, truncateUTF8 } from "../../kit/ts/index.js";
import * as registered from "./contracts.js";
import { type Guard, ignoreOnly } from "./refusal.js";
import { NAME, TYPESCRIPT_VERSION, VERSION } from "./version.js";

export { MAX_BATCH, truncateUTF8 };
export type { Answer };

/** One operation: input bytes to output bytes, or a thrown Refusal. */
export type Operation = (input: Uint8Array) => Uint8Array;

/** What each registered contract module exports (contracts.ts). */
export interface ContractModule {
  /** The contract name with its version. */
  readonly CONTRACT: string;
  /** Operation name to operation, in the spec's order. */
  readonly OPERATIONS: Readonly<Record<string, Operation>>;
  /** The closed refusal table, in the spec's order (Object.values). */
  readonly REFUSALS: Readonly<Record<string, Guard>>;
  /** The contract's thresholds, name to value (its spec's Thresholds table), when it has any. */
  readonly THRESHOLDS?: Readonly<Record<string, number>>;
  /** Given with THRESHOLDS: replaces the threshold shifts (mirrors/PROTOCOL.md, "shift"). */
  readonly shift?: (shifts: ReadonlyMap<string, number>) => void;
}

/** The registered contract modules, in registration order. */
export const MODULES: readonly ContractModule[] = Object.freeze(Object.values(registered));

/** Every registered contract's refusal table, in registration order, then table order: the `guards` answer. */
export const GUARDS: readonly Guard[] = Object.freeze(MODULES.flatMap((m) => Object.values(m.REFUSALS)));

/**
 * The kit serving this mirror: identity conform-ts (language typescript at
 * the pinned compiler's version, runtime node), each module's operations in
 * the spec's order, each module's refusal table with its ignore hook.
 */
export const KIT: Kit = new Kit({ name: NAME, version: VERSION, language: "typescript", languageVersion: TYPESCRIPT_VERSION });
for (const m of MODULES) {
  for (const [op, fn] of Object.entries(m.OPERATIONS)) KIT.handle(m.CONTRACT, op, fn);
  const ignore = (messages: ReadonlySet<string>): void => ignoreOnly(m.CONTRACT, messages);
  const { THRESHOLDS, shift } = m;
  KIT.guards(
    m.CONTRACT,
    Object.values(m.REFUSALS),
    THRESHOLDS !== undefined && shift !== undefined ? { ignore, thresholds: Object.keys(THRESHOLDS), shift } : { ignore },
  );
}

/** Answers one request line given as bytes (without its LF): the kit's answerBytes. Never throws. */
export function answerBytes(line: Uint8Array): Answer {
  return KIT.answerBytes(line);
}

/** Answers one request line (without its LF) with one answer object: the kit's answer. Never throws. */
export function answer(line: string): Answer {
  return KIT.answer(line);
}

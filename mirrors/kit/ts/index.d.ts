// Types of conform-kit (index.js): the TypeScript/JavaScript starter kit of
// conform's harness protocol (mirrors/PROTOCOL.md, protocol 1). Written by
// hand beside index.js; the structural stream types below keep it usable
// without @types/node.

/** The protocol version the kit speaks (PROTOCOL.md, "start"). */
export declare const PROTOCOL: 1;
/** The most cases one `batch` request may hold (PROTOCOL.md, "batch"). */
export declare const MAX_BATCH: number;

/**
 * Where in its input a function refused (PROTOCOL.md, "run": the `at` of a
 * refused answer): `offset`, a byte offset into the input (0 to its
 * length), and/or `pointer`, an RFC 6901 JSON pointer of at most 1024 UTF-8
 * bytes. A member out of those bounds is left out of the answer.
 */
export interface At {
  readonly offset?: number;
  readonly pointer?: string;
}

/**
 * Thrown by a registered function to refuse its input with one message of
 * its contract's refusal table: answered `refused` with `message` (and
 * `at`). Anything else a function throws is answered `errored` with its
 * trace. Captures no stack trace. `new Refusal(m)` throws TypeError when m
 * is not a string.
 */
export declare class Refusal extends Error {
  constructor(message: string, at?: At);
  /** Where the function refused, when it says. */
  readonly at: At | undefined;
}

/** A registered function: the input bytes to the output bytes, or a thrown Refusal. */
export type Handler = (input: Uint8Array) => Uint8Array;

/** One row of a contract's refusal table (spec/<name>.md, "Refusals"). */
export interface Guard {
  readonly code: string;
  readonly message: string;
}

/** What the handshake announces of the implementation (PROTOCOL.md, "start"). */
export interface Identity {
  /** The implementation's name, such as "acme-json". */
  name: string;
  /** Its version, such as "1.4.2". */
  version: string;
  /** Default "javascript". */
  language?: string;
  /** Default this Node's version. */
  languageVersion?: string;
  /** Default "node". */
  runtime?: string;
  /** Default this Node's version. */
  runtimeVersion?: string;
}

/** Options of Kit.guards(). */
export interface GuardOptions {
  /**
   * Given when the implementation can honour the single-cause audit: called
   * on every `ignore` request with the set of this contract's messages to
   * ignore (empty to clear). While a message is in the set, the guard
   * refusing with it must let the input pass. Without it, every `ignore`
   * pair naming the contract is answered unknown.
   */
  ignore?: (messages: ReadonlySet<string>) => void;
  /**
   * Given with shift: the contract's thresholds (rows of its Thresholds
   * table) that the implementation can move for the single-cause audit.
   */
  thresholds?: readonly string[];
  /**
   * Given with thresholds: called on every `shift` request with this
   * contract's shifts, threshold name to amount (empty to clear); while a
   * name is in the map, the implementation compares with its threshold
   * plus that amount. The handshake then lists the "shift" feature.
   */
  shift?: (shift: ReadonlyMap<string, number>) => void;
}

/** One answer object; JSON.stringify makes it the answer line. */
export type Answer = Record<string, unknown>;

/** The input stream serve() reads (process.stdin by default). */
export interface Input {
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** The output stream serve() writes (process.stdout by default). */
export interface Output {
  on(event: "error", listener: (e: Error) => void): unknown;
  write(chunk: string, callback: () => void): boolean;
  readonly writableLength: number;
}

/**
 * One implementation behind the harness protocol. Register with handle()
 * and guards(), then serve(). Registration closes at serve() or the first
 * request.
 */
export declare class Kit {
  /** Throws TypeError when a given field is not a non-empty string. */
  constructor(identity: Identity);
  /**
   * Registers fn as operation op of contract ("name/version"). The
   * handshake announces exactly the pairs registered. Throws on an empty
   * name, a non-function, a pair registered twice, or after serving began.
   */
  handle(contract: string, op: string, fn: Handler): this;
  /**
   * Declares contract's refusal table (the `guards` answer, and the
   * messages an `ignore` pair may name) and, with options.ignore, that the
   * implementation honours `ignore`. Throws on a malformed table, a table
   * declared twice, or after serving began.
   */
  guards(contract: string, guards: readonly Guard[], options?: GuardOptions): this;
  /** The handshake's `implementation` object, contracts included. */
  implementation(): Answer;
  /** Answers one request line (without its LF). Never throws. */
  answer(line: string): Answer;
  /** Answers one request line given as bytes (without its LF); not UTF-8 is a seq -1 `errored`. Never throws. */
  answerBytes(line: Uint8Array): Answer;
  /**
   * Serves request lines from stdin, answer lines to stdout, until stdin
   * ends (then process.exitCode = 0). Each answer is written before the
   * next request is started.
   */
  serve(stdin?: Input, stdout?: Output): void;
  /**
   * One line for each message of a refusal table declared with guards()
   * that the catalogue's table of its contract (refusals.json beside the
   * kit) does not hold; serve() writes them to stderr as warnings first.
   */
  unknown(): string[];
}

/** Cuts s to at most max UTF-8 bytes, never inside a character; lone surrogates become U+FFFD. */
export declare function truncateUTF8(s: string, max: number): string;

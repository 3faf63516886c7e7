// The conform harness of the TypeScript mirror: `node dist/harness.js`.
// NDJSON requests on stdin, one answer line per request on stdout, in
// order; diagnostics on stderr only (mirrors/PROTOCOL.md, the framing
// rules at the top).
//
// Requests may be pipelined. Complete lines are queued as they arrive;
// pump() answers every queued line and writes their answer lines together
// in one write: one system call per chunk of requests rather than one per
// answer (PROTOCOL.md allows several complete lines per write, and asks
// that every held answer be written before blocking to read). A group is
// written early once it holds HOLD_CHARS characters (to bound memory and
// the joined string) or HOLD_MS after it was begun (conform times the
// silence while an answer is owed, so slow cases must not hold earlier
// answers back for long). When stdout pushes back (write returns false)
// stdin is paused and no further line is answered until 'drain'. When
// stdin ends, the queue is answered and the process exits 0 once stdout
// has flushed.

import { answer } from "./protocol.js";

function main(): void {
  const stdin = process.stdin;
  const stdout = process.stdout;
  let queue: Buffer[] = [];
  let head = 0;
  let partial: Buffer[] = [];
  let ended = false;
  let blocked = false;

  stdout.on("error", (e: Error) => {
    process.stderr.write(`conform-ts: stdout: ${e.message}\n`);
    process.exit(1);
  });

  /** Writes the answer lines in group (each without its LF) as one write; false when stdout pushed back. */
  const flush = (group: string[]): boolean => {
    // One answer (maybe 64 MiB) is not copied by join().
    if (group.length === 1) return stdout.write((group[0] as string) + "\n");
    group.push("");
    return stdout.write(group.join("\n"));
  };

  /**
   * Answers the queued lines in order, in groups of one write each, until
   * the queue is empty or stdout pushes back; then resumes on 'drain'.
   */
  const pump = (): void => {
    while (!blocked && head < queue.length) {
      const group: string[] = [];
      let chars = 0;
      const since = performance.now();
      do {
        const line = queue[head] as Buffer;
        queue[head++] = EMPTY;
        const text = JSON.stringify(answer(line.toString("utf8")));
        group.push(text);
        chars += text.length;
      } while (head < queue.length && chars < HOLD_CHARS && performance.now() - since < HOLD_MS);
      if (!flush(group)) {
        blocked = true;
        stdin.pause();
        stdout.once("drain", () => {
          blocked = false;
          if (!ended) stdin.resume();
          pump();
        });
      }
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
      if (ended) process.exitCode = 0; // node exits once stdout has flushed
    }
  };

  stdin.on("data", (chunk: Buffer) => {
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, from);
      if (nl < 0) break;
      partial.push(chunk.subarray(from, nl));
      queue.push(partial.length === 1 ? (partial[0] as Buffer) : Buffer.concat(partial));
      partial = [];
      from = nl + 1;
    }
    if (from < chunk.length) partial.push(chunk.subarray(from));
    pump();
  });

  stdin.on("end", () => {
    ended = true;
    // A last line without its LF is still a request.
    const rest = Buffer.concat(partial);
    partial = [];
    if (rest.length > 0) queue.push(rest);
    pump();
  });
}

const EMPTY = Buffer.alloc(0);
/** Characters of answer lines after which a group is written without waiting for more lines. */
const HOLD_CHARS = 1 << 20;
/** Milliseconds after a group was begun when it is written without waiting for more lines. */
const HOLD_MS = 100;

main();

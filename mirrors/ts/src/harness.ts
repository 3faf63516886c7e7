// The conform harness of the TypeScript mirror: `node dist/harness.js`.
// NDJSON requests on stdin, one answer line per request on stdout, in
// order; diagnostics on stderr only (mirrors/PROTOCOL.md, the framing
// rules at the top).
//
// Requests may be pipelined. Complete lines are queued as they arrive and
// answered one at a time; each answer is written, one complete line, before
// the next line is started: a held answer would make conform blame an
// innocent request when a later one hangs or kills the harness. When the
// pipe is full and Node queues an answer, stdin is paused and no further
// line is answered until the answer is out. When stdin ends, the queue is
// answered and the process exits 0 once stdout has flushed.

import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { answerBytes } from "./protocol.js";

/**
 * Serves the protocol: request lines from stdin, answer lines to stdout,
 * until stdin ends (then sets process.exitCode to 0). A write error on
 * stdout ends the process with status 1. main() passes the process's own
 * streams; tests pass others.
 */
export function serve(stdin: NodeJS.ReadableStream & { pause(): unknown; resume(): unknown }, stdout: NodeJS.WritableStream & { writableLength: number }): void {
  let queue: Buffer[] = [];
  let head = 0;
  let partial: Buffer[] = [];
  let ended = false;
  let blocked = false;

  stdout.on("error", (e: Error) => {
    process.stderr.write(`conform-ts: stdout: ${e.message}\n`);
    process.exit(1);
  });

  // Resumes answering once the answer written last has left Node's queue
  // for the pipe.
  const written = (): void => {
    if (blocked && stdout.writableLength === 0) {
      blocked = false;
      if (!ended) stdin.resume();
      pump();
    }
  };

  const pump = (): void => {
    while (!blocked && head < queue.length) {
      const line = queue[head] as Buffer;
      queue[head++] = EMPTY;
      stdout.write(JSON.stringify(answerBytes(line)) + "\n", written);
      if (stdout.writableLength > 0) {
        // The pipe is full and Node has queued the answer (write may still
        // return true). Nothing more is started until it is out: were the
        // next request to hang or kill the process, the queued answer would
        // never arrive and conform would blame this request.
        blocked = true;
        stdin.pause();
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

// Run as a program (node dist/harness.js), not when a test imports serve.
// Real paths on both sides: the main module's URL has its symlinks
// resolved, argv[1] may not.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  serve(process.stdin, process.stdout);
}

// The conform harness of the TypeScript mirror: `node dist/harness.js`.
// The kit (mirrors/kit/ts) serves the protocol (mirrors/PROTOCOL.md): NDJSON
// requests on stdin, one answer line per request on stdout, in order, each
// written before the next request is started; diagnostics on stderr only.
// protocol.ts registers the contract modules with it.

import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Input, Output } from "../../kit/ts/index.js";
import { KIT } from "./protocol.js";

/**
 * Serves the protocol: request lines from stdin, answer lines to stdout,
 * until stdin ends (then sets process.exitCode to 0). A write error on
 * stdout ends the process with status 1. main() passes the process's own
 * streams; tests pass others.
 */
export function serve(stdin: Input, stdout: Output): void {
  KIT.serve(stdin, stdout);
}

// Run as a program (node dist/harness.js), not when a test imports serve.
// Real paths on both sides: the main module's URL has its symlinks
// resolved, argv[1] may not.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  serve(process.stdin, process.stdout);
}

// Compiled (never run) by `tsc -p .` in this folder: the README's wiring,
// written in TypeScript against index.d.ts, so that the declarations and
// the documented use cannot drift apart.

import { type At, Kit, MAX_BATCH, PROTOCOL, Refusal, truncateUTF8 } from "../index.js";

const ignored = new Set<string>();
const TOO_LONG = "input too long";

function shout(input: Uint8Array): Uint8Array {
  if (input.length > 8 && !ignored.has(TOO_LONG)) {
    const at: At = { offset: 8 };
    throw new Refusal(TOO_LONG, at);
  }
  return new TextEncoder().encode(new TextDecoder().decode(input).toUpperCase());
}

const kit: Kit = new Kit({ name: "acme-shout", version: "1.0.0", language: "typescript", languageVersion: "5.9.3" })
  .handle("shout/1", "shout", shout)
  .guards("shout/1", [{ code: "shout.long", message: TOO_LONG }], {
    ignore: (messages: ReadonlySet<string>) => {
      ignored.clear();
      for (const m of messages) ignored.add(m);
    },
  });
const answer: Record<string, unknown> = kit.answer(JSON.stringify({ cmd: "start", seq: 0, protocol: PROTOCOL }));
const bounded: string = truncateUTF8(String(answer.outcome), MAX_BATCH);
void bounded;
if (process.argv[2] === "serve") kit.serve();

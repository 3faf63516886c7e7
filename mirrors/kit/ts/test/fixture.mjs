// A stand-in implementation wired with the kit, for the kit's tests: run as
// a program (node test/fixture.mjs), it serves two made-up contracts over
// stdin and stdout, as the kit's Python tests' kit_fixture.py does.
//
// demo/1 (its ignore hook given):
//   echo    the input;
//   upper   the input in ASCII upper case; refuses "empty input" (offset 0),
//           "too long" past 16 bytes (offset 16; ignorable: then the whole
//           input is upper-cased), "not ascii" at the first byte over 0x7f
//           (offset and pointer "");
//   crash   throws a TypeError from explode();
//   bad-at  refuses "empty input" with an offset past the input and a
//           pointer that is not RFC 6901 (the kit leaves both out);
//   noisy   logs with console.log, then answers "quiet".
// plain/1 (no ignore hook): id, the input.

import { Kit, Refusal } from "../index.js";

const ignored = new Set();

function upper(input) {
  if (input.length === 0) throw new Refusal("empty input", { offset: 0 });
  const i = input.findIndex((b) => b > 0x7f);
  if (i >= 0) throw new Refusal("not ascii", { offset: i, pointer: "" });
  if (input.length > 16 && !ignored.has("too long")) throw new Refusal("too long", { offset: 16 });
  return input.map((b) => (b >= 0x61 && b <= 0x7a ? b - 0x20 : b));
}

function explode(input) {
  return input.missing.method();
}

/** The fixture's kit. */
export function fixture() {
  return new Kit({ name: "kit-fixture", version: "0.0.1" })
    .handle("demo/1", "echo", (input) => input)
    .handle("demo/1", "upper", upper)
    .handle("demo/1", "crash", explode)
    .handle("demo/1", "bad-at", (input) => {
      throw new Refusal("empty input", { offset: input.length + 1, pointer: "no slash" });
    })
    .handle("demo/1", "noisy", () => {
      console.log("a handler logging");
      return new TextEncoder().encode("quiet");
    })
    .guards(
      "demo/1",
      [
        { code: "demo.empty", message: "empty input" },
        { code: "demo.long", message: "too long" },
        { code: "demo.ascii", message: "not ascii" },
      ],
      {
        ignore: (messages) => {
          ignored.clear();
          for (const m of messages) ignored.add(m);
        },
      },
    )
    .handle("plain/1", "id", (input) => input)
    .guards("plain/1", [{ code: "plain.never", message: "never refused" }]);
}

if (process.argv[2] === "serve") fixture().serve();

// The JSON value input shared by the contracts whose operations take one
// (input kind `json-value` in spec/catalogue.json; spec/README.md, "JSON
// value inputs"): every defect of the input itself is refused with the
// contract's own `.input` guard, which has no accept path, at the byte
// offset where it was met; the value is read without loss. And the tree
// reader and writer the other contracts share (jsonvalue.ts).

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseValue, pointer, writeTree } from "../dist/jsonvalue.js";
import { Refusal } from "../dist/refusal.js";
import { bytes, catalogue, moduleOf, show } from "./helpers.mjs";

const R = (g) => `refused: ${g.message}`;

// Every operation of every contract whose input is a JSON value, with its `.input` guard.
const JSON_VALUE = catalogue().flatMap((c) =>
  c.operations
    .filter((o) => o.input === "json-value")
    .map((o) => {
      const m = moduleOf(c.contract);
      const input = Object.values(m.REFUSALS).find((g) => g.code.endsWith(".input"));
      assert.ok(input !== undefined, `${c.contract} takes a JSON value but has no .input guard`);
      return [`${c.contract} ${o.op}`, m.OPERATIONS[o.op], input];
    }),
);

const nest = (n, inner = "") => "[".repeat(n) + inner + "]".repeat(n);

// Inputs that are not one valid JSON value.
const BAD_INPUTS = [
  ["empty", ""],
  ["whitespace only", " \n"],
  ["BOM", [0xef, 0xbb, 0xbf, 0x22, 0x41, 0x22]],
  ["BOM before an object", [0xef, 0xbb, 0xbf, 0x7b, 0x7d]],
  ["invalid UTF-8 in a string", [0x22, 0xff, 0x22]],
  ["overlong", [0x22, 0xc0, 0xaf, 0x22]],
  ["raw CESU-8 surrogate", [0x22, 0xed, 0xa0, 0x80, 0x22]],
  ["raw CESU-8 pair", [0x22, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x22]],
  ["above U+10FFFF", [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]],
  ["truncated sequence", [0x22, 0xe2, 0x82, 0x22]],
  ["trailing data", '"A" "B"'],
  ["trailing comma", '["a",]'],
  ["raw control in string", '"a\u0001"'],
  ["raw tab in string", '"a\tb"'],
  ["bad escape", '"\\x41"'],
  ["short \\u escape", '"\\u12"'],
  ["single quotes", "'A'"],
  ["NaN", "NaN"],
  ["Infinity", "-Infinity"],
  ["leading zero", "01"],
  ["plus sign", "+1"],
  ["bare fraction", ".5"],
  ["dangling point", "1."],
  ["dangling exponent", "1e"],
  ["comment", '/**/"A"'],
  ["unterminated", '"A'],
  ["unclosed object", '{"a":1'],
  ["missing colon", '{"a" 1}'],
  ["non-string name", "{1:2}"],
  ["duplicate name", '{"a":1,"a":1}'],
  ["duplicate after unescaping", '{"a":1,"\\u0061":2}'],
  ["duplicate lone surrogate names", '{"\\ud800":1,"\\uD800":2}'],
  ["nested duplicate", '{"x":[{"k":1,"k":2}]}'],
  ["depth 129", nest(129)],
  ["depth 129 of objects", '{"a":'.repeat(129) + "1" + "}".repeat(129)],
  ["U+2028 is not whitespace", '\u2028"A"'],
  ["form feed is not whitespace", '\f"A"'],
  ["NUL after the value", '"A"\u0000'],
  ["capitalized literal", "True"],
];

test("some contract takes a JSON value input", () => {
  assert.ok(JSON_VALUE.length > 0);
});

for (const [name, op, input] of JSON_VALUE) {
  test(`${name}: every input defect is ${input.code}, with no accept path`, () => {
    for (const [what, text] of BAD_INPUTS) {
      const b = bytes(text);
      assert.equal(show(op, b), R(input), what);
      // Ignoring the guard is acknowledged but cannot build a value.
      assert.equal(show(op, b, [input]), R(input), `${what} (ignored)`);
    }
  });
}

// parseValue() itself, with a guard of the test's own.
const G = Object.freeze({ contract: "test/1", code: "test.input", message: "input is not valid JSON" });

/** parseValue's tree as plain data, or {refused, offset}. */
function parsed(text) {
  try {
    return plain(parseValue(bytes(text), G));
  } catch (e) {
    if (e instanceof Refusal) return { refused: e.guard.code, offset: e.at?.offset };
    throw e;
  }
}

function plain(v) {
  switch (v.type) {
    case "string":
      return { s: v.value };
    case "number":
      return { n: v.text };
    case "literal":
      return v.text;
    case "array":
      return v.items.map(plain);
    case "object":
      return Object.fromEntries([...v.members].map(([k, m]) => [k, plain(m)]));
  }
}

test("depth: 128 nested containers parse, the 129th is refused at its bracket", () => {
  assert.deepEqual(parsed(nest(128, "1")), JSON.parse(nest(128, '{"n":"1"}')));
  assert.deepEqual(parsed(nest(129, "1")), { refused: "test.input", offset: 128 });
  // The 129th bracket is refused even when the rest is garbage after it.
  assert.deepEqual(parsed(`${"[".repeat(129)}x`), { refused: "test.input", offset: 128 });
});

test("each defect is refused at its byte offset", () => {
  assert.deepEqual(parsed("\ufeff1"), { refused: "test.input", offset: 0 });
  assert.deepEqual(parsed('"é\u0001"'), { refused: "test.input", offset: 3 });
  assert.deepEqual(parsed('{"é":1,"é":2}'), { refused: "test.input", offset: 8 });
  assert.deepEqual(parsed('["😀" 1]'), { refused: "test.input", offset: 8 });
  assert.deepEqual(parsed(""), { refused: "test.input", offset: 0 });
  assert.deepEqual(parsed('"abc'), { refused: "test.input", offset: 4 });
  const invalid = (b) => {
    try {
      parseValue(bytes(b), G);
    } catch (e) {
      return e.at;
    }
  };
  assert.deepEqual(invalid([0x22, 0x41, 0xc0, 0xaf, 0x22]), { offset: 2 });
});

test("surrounding JSON whitespace is allowed; top-level scalars are values", () => {
  assert.deepEqual(parsed(' \t\r\n"A" \t\r\n'), { s: "A" });
  assert.deepEqual(parsed(" 7 "), { n: "7" });
  assert.deepEqual(parsed("null"), "null");
});

test("strings are UTF-16 units: lone surrogates kept, pairs from escapes or raw astral", () => {
  assert.deepEqual(parsed('"\\ud800"'), { s: "\ud800" });
  assert.deepEqual(parsed('"\\udfff"'), { s: "\udfff" });
  assert.deepEqual(parsed('"\\ud83d\\ude00"'), { s: "😀" });
  assert.deepEqual(parsed('"\\uD83D\\uDE00"'), { s: "😀" });
  assert.deepEqual(parsed('"😀"'), { s: "😀" });
  // A low before a high is two lone surrogates.
  assert.deepEqual(parsed('"\\ude00\\ud83d"'), { s: "\ude00\ud83d" });
  // An escaped high followed by a raw astral character: lone high, then a pair.
  assert.deepEqual(parsed('"\\ud83d😀"'), { s: "\ud83d😀" });
  assert.deepEqual(parsed('"\\"\\\\\\/\\u0041\\u00e9"'), { s: '"\\/Aé' });
  // Names are compared after unescaping, as units: these differ.
  assert.deepEqual(Object.keys(parsed('{"\\ud83d\\ude00":1,"\\ud83d":2}')), ["😀", "\ud83d"]);
  assert.deepEqual(Object.keys(parsed('{"\\u00e9":1,"e\\u0301":2}')), ["é", "e\u0301"]);
  assert.deepEqual(parsed('{"a":1,"\\u0061":2}'), { refused: "test.input", offset: 7 });
});

test("numbers are kept as their literal text", () => {
  for (const n of ["9007199254740993", "-0", "1E+2", "0.10", `1${"0".repeat(400)}`, "1e-400"]) {
    assert.deepEqual(parsed(n), { n });
  }
});

test("pointer: RFC 6901 escapes, lone surrogates as U+FFFD, nothing over 1024 bytes", () => {
  assert.equal(pointer([]), "");
  assert.equal(pointer(["a/b", "m~n", 0, ""]), "/a~1b/m~0n/0/");
  assert.equal(pointer(["\ud800x"]), "/\ufffdx");
  assert.equal(pointer(["é".repeat(511)]), `/${"é".repeat(511)}`);
  assert.equal(pointer(["é".repeat(512)]), undefined);
});

test("writeTree: the reader's tree back as JSON text, with the caller's quoting and order", () => {
  const v = parseValue(bytes('{"b":[1,true,{}],"a":"x\\n"}'), G);
  assert.equal(writeTree(v, JSON.stringify, (names) => names), '{"b":[1,true,{}],"a":"x\\n"}');
  assert.equal(writeTree(v, JSON.stringify, (names) => names.sort()), '{"a":"x\\n","b":[1,true,{}]}');
  // Iterative: far deeper than the JS stack.
  const deep = { type: "array", items: [] };
  let at = deep;
  for (let i = 0; i < 200000; i++) {
    const next = { type: "array", items: [] };
    at.items.push(next);
    at = next;
  }
  assert.equal(writeTree(deep, JSON.stringify, (n) => n).length, 400002);
});

// The JSON value input shared by prim/1, ticker/1, v8date/1, ed25519/1 and
// digest/1 (spec/README.md, "JSON value inputs"): every defect of the input
// itself is refused with the contract's own `.input` guard, which has no
// accept path; the value is read without loss.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as prim from "../dist/prim.js";
import * as ticker from "../dist/ticker.js";
import * as v8date from "../dist/v8date.js";
import * as ed25519 from "../dist/ed25519.js";
import * as digest from "../dist/digest.js";
import { DIGEST, ED25519, PRIM, TICKER, V8DATE } from "../dist/refusal.js";
import { bytes, show } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;

// One operation per contract, with its guards.
const CONTRACTS = [
  ["prim/1 string", prim.string, PRIM],
  ["ticker/1 symbol", ticker.symbol, TICKER],
  ["v8date/1 parse", v8date.parse, V8DATE],
  ["ed25519/1 verify", ed25519.verify, ED25519],
  ["digest/1 schema-digest", digest.schemaDigest, DIGEST],
];

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

for (const [name, op, G] of CONTRACTS) {
  test(`${name}: every input defect is ${G.input.code}, with no accept path`, () => {
    for (const [what, input] of BAD_INPUTS) {
      const b = typeof input === "string" ? bytes(input) : bytes(input);
      assert.equal(show(op, b), R(G.input), what);
      // Ignoring the guard is acknowledged but cannot build a value.
      assert.equal(show(op, b, [G.input]), R(G.input), what + " (ignored)");
    }
  });
}

test("depth: 128 nested containers parse, the 129th is refused at its bracket", () => {
  // schema-digest takes any object: depth 128 parses and digests.
  const deep = '{"a":' + nest(127, "1") + "}";
  assert.match(show(digest.schemaDigest, deep), /^sha256:[0-9a-f]{64}$/);
  assert.equal(show(digest.schemaDigest, '{"a":' + nest(128, "1") + "}"), R(DIGEST.input));
  // The 129th bracket is refused even when the rest is garbage after it.
  assert.equal(show(digest.schemaDigest, '{"a":' + nest(128).slice(0, 128) + "x"), R(DIGEST.input));
});

test("surrounding JSON whitespace is allowed; top-level scalars are values", () => {
  assert.equal(show(prim.string, ' \t\r\n"A" \t\r\n'), "A");
  assert.equal(show(prim.integer, " 7 "), "7");
  assert.equal(show(prim.string, "7"), R(PRIM.type));
});

test("strings are UTF-16 units: lone surrogates kept, pairs from escapes or raw astral", () => {
  const hex = (input, ignore = []) => {
    const s = show(prim.string, input, ignore);
    return s.startsWith("refused") ? s : Buffer.from(s, "latin1").toString("hex");
  };
  // A lone surrogate reaches the operation's own rule, not .input.
  assert.equal(show(prim.string, '"\\ud800"'), R(PRIM.stringSurrogate));
  assert.equal(hex('"\\ud800"', [PRIM.stringSurrogate]), "eda080");
  assert.equal(hex('"\\udfff"', [PRIM.stringSurrogate]), "edbfbf");
  // Escaped pair and raw astral character are the same value.
  assert.equal(hex('"\\ud83d\\ude00"'), "f09f9880");
  assert.equal(hex('"\\uD83D\\uDE00"'), "f09f9880");
  assert.equal(hex('"😀"'), "f09f9880");
  // A low before a high is two lone surrogates.
  assert.equal(hex('"\\ude00\\ud83d"', [PRIM.stringSurrogate]), "edb880eda0bd");
  // An escaped high followed by a raw astral character: lone high, then a pair.
  assert.equal(hex('"\\ud83d😀"', [PRIM.stringSurrogate]), "eda0bdf09f9880");
  // Escapes.
  assert.equal(show(prim.string, '"\\"\\\\\\/\\u0041\\u00e9"'), '"\\/Aé'.replace("é", "\u00c3\u00a9"));
  // Names are compared after unescaping, as units: these differ.
  assert.match(show(digest.schemaDigest, '{"\\ud83d\\ude00":1,"\\ud83d":2}'), /^refused: value cannot/);
  assert.match(show(digest.schemaDigest, '{"\\u00e9":1,"e\\u0301":2}'), /^sha256:/);
});

test("numbers are kept as their literal text", () => {
  assert.equal(show(prim.integer, "9007199254740993"), R(PRIM.integerRange));
  assert.equal(show(prim.integer, "9007199254740993", [PRIM.integerRange]), "9007199254740993");
  assert.equal(show(prim.integer, "1" + "0".repeat(400), [PRIM.integerRange]), "1" + "0".repeat(400));
  assert.equal(show(prim.integer, "-0", [PRIM.integerRange]), "0");
  assert.equal(show(prim.integer, "1E+2"), R(PRIM.integer));
});

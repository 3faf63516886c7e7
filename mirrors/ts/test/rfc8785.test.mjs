// rfc8785/1 canonicalize: exact outputs and refusals (spec/rfc8785.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalize } from "../dist/rfc8785.js";
import { REFUSALS as G } from "../dist/rfc8785.js";
import { bytes, outcome, showUTF8 } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const check = (input, want, ignore = []) =>
  assert.equal(showUTF8(canonicalize, input, ignore), want, JSON.stringify(String(input).slice(0, 300)));
const hexOf = (input, ignore = []) => {
  const o = outcome(canonicalize, input, ignore);
  assert.ok(o.ok, "refused: " + o.refused);
  return o.ok.toString("hex");
};


test("structure, whitespace and top-level scalars", () => {
  check(' { "b" : 1 , "a" : [ true , false , null ] } \n', '{"a":[true,false,null],"b":1}');
  check("\t\r\n[]\t\r\n", "[]");
  check("{}", "{}");
  check('"x"', '"x"');
  check(" 1 ", "1");
  check("true", "true");
  check("null", "null");
  check("[[],{},[{}]]", "[[],{},[{}]]");
});

test("numbers: ECMAScript Number::toString", () => {
  const cases = [
    ["1e21", "1e+21"],
    ["1e-7", "1e-7"],
    ["0.000001", "0.000001"],
    ["5e-324", "5e-324"],
    ["9007199254740993", "9007199254740992"],
    ["9007199254740991", "9007199254740991"],
    ["9007199254740992", "9007199254740992"],
    ["-0", "0"],
    ["-0.0", "0"],
    ["-0e5", "0"],
    ["0", "0"],
    ["1.0", "1"],
    ["100", "100"],
    ["1E2", "100"],
    ["1e+2", "100"],
    ["1e-2", "0.01"],
    ["123456789012345680000", "123456789012345680000"],
    ["1e20", "100000000000000000000"],
    ["999999999999999999999", "1e+21"],
    ["0.1", "0.1"],
    ["-1.5", "-1.5"],
    ["1e-400", "0"],
    ["-1e-400", "0"],
    ["2.2250738585072014e-308", "2.2250738585072014e-308"],
    ["1.7976931348623157e308", "1.7976931348623157e+308"],
    // Just below the midpoint between the largest double and 2^1024.
    ["1.7976931348623158e308", "1.7976931348623157e+308"],
    ["4.35", "4.35"],
    ["0.30000000000000004", "0.30000000000000004"],
    ["295147905179352830000", "295147905179352830000"],
    ["1" + "0".repeat(308), "1e+308"],
    ["0." + "0".repeat(400) + "1", "0"],
    ["-" + "1".repeat(20), "-11111111111111110000"],
  ];
  for (const [input, want] of cases) check(input, want);
  check("[" + cases.map((c) => c[0]).join(",") + "]", "[" + cases.map((c) => c[1]).join(",") + "]");
});

test("number_range: nearest double infinite", () => {
  for (const input of [
    "1e400",
    "-1e400",
    "1" + "0".repeat(400),
    "-" + "9".repeat(400),
    "1.797693134862315808e308", // just above the midpoint: rounds to 2^1024
    "1e99999999999999999999",
    "[1e400]",
    '{"a":1e400}',
  ]) {
    check(input, R(G.numberRange));
  }
  check("1e400", "Infinity", [G.numberRange]);
  check("[-1e400,1]", "[-Infinity,1]", [G.numberRange]);
  check('{"a":1e999}', '{"a":Infinity}', [G.numberRange]);
});

test("strings: escapes and literal UTF-8", () => {
  check('"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\"\\\\/\\b\\f\\n\\r\\t"');
  check('"\\u0000\\u0001\\u001f\\u001F\\u000b"', '"\\u0000\\u0001\\u001f\\u001f\\u000b"');
  check('"\\u0008\\u0009\\u000a\\u000c\\u000d\\u0022\\u005c\\u002f"', '"\\b\\t\\n\\f\\r\\"\\\\/"');
  check('"\\u007f\\u0080\\u2028\\u2029\\ufeff\\uFFFF"', '"\u007f\u0080\u2028\u2029\ufeff\uffff"');
  check('"\\u00e9\\u00E9é"', '"ééé"');
  check('"<>&\'"', '"<>&\'"');
  check('"\\ud83d\\ude00"', '"\u{1f600}"');
  check('"\\uD83D\\uDE00😀"', '"😀😀"');
  assert.equal(hexOf('"\\ud83d\\ude00"'), "22f09f988022");
  assert.equal(hexOf('"\u{10ffff}"'), "22f48fbfbf22");
  // Raw DEL and other non-ASCII stay literal.
  assert.equal(hexOf(bytes([0x22, 0x7f, 0xc2, 0x80, 0x22])), "227fc28022");
});

test("strings: grammar refusals", () => {
  for (const input of [
    '"\\x"',
    '"\\U0041"',
    '"\\u12G4"',
    '"\\u123"',
    '"\\u"',
    '"\\',
    '"abc',
    '"',
    "'a'",
    '"\u0000"',
    '"\u001f"',
    '"\t"',
    '"\n"',
    '"a\\ "',
  ]) {
    check(input, R(G.syntax));
  }
  check('"\u007f"', '"\u007f"');
});

test("surrogates", () => {
  for (const input of [
    '"\\ud800"',
    '"\\udc00"',
    '"\\udbff"',
    '"\\udfff"',
    '"\\udc00\\ud800"',
    '"\\ud800\\u0041"',
    '"\\ud800\\ud800\\udc00"',
    '"\\ud800x"',
    '"x\\udc00"',
    '"\\ud83d😀"',
    '{"\\ud800":1}',
    '["ok","\\ude00"]',
  ]) {
    check(input, R(G.surrogate));
  }
  check('"\\ud800\\udc00"', '"\u{10000}"');
  check('"\\udbff\\udfff"', '"\u{10ffff}"');
  // Ignored: kept, emitted as 3-byte generalized UTF-8.
  assert.equal(hexOf('"\\ud800"', [G.surrogate]), "22eda08022");
  assert.equal(hexOf('"\\udfff"', [G.surrogate]), "22edbfbf22");
  assert.equal(hexOf('"\\udc00\\ud800"', [G.surrogate]), "22edb080eda08022");
  assert.equal(hexOf('"\\ud800\\ud800\\udc00"', [G.surrogate]), "22eda080f090808022");
  assert.equal(hexOf('"a\\ud83dé"', [G.surrogate]), "2261eda0bdc3a922");
  // Lone surrogates sort by their UTF-16 unit.
  assert.equal(
    hexOf('{"\\ue000":1,"\\ud800":2,"\\ud7ff":3}', [G.surrogate]),
    Buffer.from('{"\ud7ff":3,"', "utf8").toString("hex") +
      "eda080" +
      Buffer.from('":2,"\ue000":1}', "utf8").toString("hex"),
  );
});

test("member order: UTF-16 code units", () => {
  // The trap: an astral name sorts before U+E000..U+FFFF.
  check('{"\\ud800\\udc00":1,"\\ue000":2}', '{"\u{10000}":1,"\ue000":2}');
  check('{"\\ue000":2,"\\ud800\\udc00":1}', '{"\u{10000}":1,"\ue000":2}');
  check('{"\uffff":1,"\u{1f600}":2,"\ud7ff":3}', '{"\ud7ff":3,"\u{1f600}":2,"\uffff":1}');
  check('{"b":1,"a":2,"aa":3,"A":4,"":5}', '{"":5,"A":4,"a":2,"aa":3,"b":1}');
  check('{"\\u00e9":1,"e":2,"z":3}', '{"e":2,"z":3,"é":1}');
  // RFC 8785 section 3.2.3 example.
  check(
    '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
    '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  );
  check("[3,1,2]", "[3,1,2]");
});

test("duplicates after unescaping", () => {
  for (const input of [
    '{"a":1,"a":2}',
    '{"a":1,"\\u0061":2}',
    '{"\\ud83d\\ude00":1,"😀":2}',
    '{"x":{"a":1,"b":2,"a":3}}',
    '{"a":1,"b":2,"c":3,"b":4}',
    '{"":1,"":2}',
  ]) {
    check(input, R(G.duplicate));
  }
  check('{"a":{"a":1},"b":{"a":2}}', '{"a":{"a":1},"b":{"a":2}}');
  check('{"a":1,"A":2}', '{"A":2,"a":1}');
  // Ignored: the later member replaces the earlier one's value.
  check('{"b":0,"a":1,"a":2}', '{"a":2,"b":0}', [G.duplicate]);
  check('{"a":1,"a":[2],"a":{"c":3}}', '{"a":{"c":3}}', [G.duplicate]);
});

test("depth 128 accepted, 129 refused at the opening bracket", () => {
  const nest = (n, open = "[", close = "]") => open.repeat(n) + close.repeat(n);
  check(nest(128), nest(128));
  check(nest(129), R(G.depth));
  const objs = (n) => '{"a":'.repeat(n - 1) + "{}" + "}".repeat(n - 1);
  check(objs(128), objs(128));
  check(objs(129), R(G.depth));
  // Refused at the bracket: what follows it does not matter.
  check("[".repeat(129), R(G.depth));
  check("[".repeat(128) + "x", R(G.syntax));
  check("[".repeat(128) + "{}", R(G.depth));
  // Ignored: parsing continues, however deep.
  check(nest(129), nest(129), [G.depth]);
  check(nest(100000), nest(100000), [G.depth]);
  check(objs(50000), objs(50000), [G.depth]);
});

test("grammar refusals", () => {
  for (const input of [
    "",
    " ",
    "\n\t ",
    "1 2",
    "{} x",
    "[]]",
    "NaN",
    "Infinity",
    "-Infinity",
    "01",
    "-01",
    "00",
    "+1",
    ".5",
    "1.",
    "1.e5",
    "1e",
    "1e+",
    "-",
    "--1",
    "0x10",
    "[1,]",
    "[,1]",
    '{"a":1,}',
    "{,}",
    '{"a"}',
    '{"a":}',
    '{"a" 1}',
    "{a:1}",
    "{'a':1}",
    "[1 2]",
    "[1,,2]",
    "/*c*/1",
    "1//c",
    "tru",
    "true1",
    "nul",
    "True",
    "[\f1]",
    "\u00a01",
    " \ufeff1", // U+FEFF after the first byte: a character, not whitespace
    "[",
    "{",
    '{"a":1',
    "]",
    "}",
  ]) {
    check(input, R(G.syntax));
  }
});

test("BOM and UTF-8", () => {
  check(bytes([0xef, 0xbb, 0xbf, 0x31]), R(G.bom));
  check(bytes([0xef, 0xbb, 0xbf]), R(G.bom));
  check(bytes([0xef, 0xbb, 0xbf, 0x20, 0x31]), "1", [G.bom]);
  check(bytes([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x31]), R(G.syntax), [G.bom]);
  check(bytes([0xef, 0xbb]), R(G.utf8)); // a truncated sequence, not a BOM
  for (const b of [
    [0x22, 0xff, 0x22],
    [0x22, 0xc0, 0xaf, 0x22],
    [0x22, 0xe0, 0x80, 0xaf, 0x22],
    [0x22, 0xed, 0xa0, 0x80, 0x22], // CESU-8 surrogate
    [0x22, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x22], // CESU-8 pair
    [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
    [0x22, 0xe2, 0x82, 0x22], // truncated
    [0x22, 0x80, 0x22],
    [0x31, 0xf5],
  ]) {
    check(bytes(b), R(G.utf8));
  }
  // Ignored: lenient decoding, each maximal subpart becomes U+FFFD.
  check(bytes([0x22, 0xff, 0x22]), '"\ufffd"', [G.utf8]);
  check(bytes([0x22, 0xe2, 0x82, 0x22]), '"\ufffd"', [G.utf8]);
  check(bytes([0x22, 0xed, 0xa0, 0x80, 0x22]), '"\ufffd\ufffd\ufffd"', [G.utf8]);
});

test("precedence: first defect in the pinned order", () => {
  // BOM before UTF-8 before the parse.
  check(bytes([0xef, 0xbb, 0xbf, 0xff]), R(G.bom));
  check(bytes([0x5b, 0x30, 0x31, 0x2c, 0x22, 0xff, 0x22, 0x5d]), R(G.utf8));
  check(bytes([0xef, 0xbb, 0xbf, 0x22, 0xff]), R(G.utf8), [G.bom]);
  // In the parse, document order.
  check('{"a":1,"a":1e400}', R(G.duplicate));
  check('{"a":1e400,"a":1}', R(G.numberRange));
  check("[1e400", R(G.numberRange));
  check("1e400x", R(G.numberRange));
  check("[1e400 2]", R(G.numberRange));
  check("[01, 1e400]", R(G.syntax));
  check('["\\ud800"', R(G.surrogate));
  check('["\\ud800', R(G.syntax)); // scanned to its closing quote first
  check('["\\ud800\\x"]', R(G.syntax));
  check('["\\ud800\u0001"]', R(G.syntax));
  check('{"\\ud800":1,"\\ud800":2}', R(G.surrogate));
  check('{"a":1,"a" 2}', R(G.duplicate)); // before the ':'
  check('{"a":1,"a"', R(G.duplicate));
  check('{"a":1,"a":' + "[".repeat(200), R(G.duplicate));
  check("[" + "[".repeat(128) + "1e400", R(G.depth));
  check("[1e400," + "[".repeat(128), R(G.numberRange));
  check('[NaN,"\\ud800"]', R(G.syntax));
  check('["\\ud800",NaN]', R(G.surrogate));
  // With the first defect ignored, the second is met.
  check('{"a":1,"a":1e400}', R(G.numberRange), [G.duplicate]);
  check('["\\ud800",1e400]', R(G.numberRange), [G.surrogate]);
  check("[" + "[".repeat(128) + "1e400", R(G.numberRange), [G.depth]);
});

test("large input", () => {
  const big = "[" + Array.from({ length: 20000 }, (_, i) => `{"k${i % 97}":"v\\u00e9${i}","n":${i}.5}`).join(",") + "]";
  const o = outcome(canonicalize, big);
  assert.ok(o.ok);
  assert.ok(o.ok.length > 400000);
});

test("a refusal carries the byte offset where it was met (PROTOCOL.md, run: at)", () => {
  const at = (input) => outcome(canonicalize, input).at;
  assert.deepEqual(at("\ufeff1"), { offset: 0 });
  assert.deepEqual(at('{"a":1,"a":2}'), { offset: 7 }); // the repeated name
  assert.deepEqual(at("[1e400]"), { offset: 1 }); // the number
  assert.deepEqual(at('["\\ud800"]'), { offset: 1 }); // the string
  assert.deepEqual(at('{"a" 1}'), { offset: 5 }); // where ":" was due
  assert.deepEqual(at('"é\u0001"'), { offset: 3 }); // bytes, not characters
  assert.deepEqual(at(bytes([0x5b, 0x22, 0xff, 0x22, 0x5d])), { offset: 2 });
  // Decoded leniently, units no longer map to bytes: no offset.
  assert.deepEqual(outcome(canonicalize, bytes([0x5b, 0xff, 0x5d]), [G.utf8]), { refused: G.syntax.message, at: undefined });
});

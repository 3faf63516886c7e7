// frame/1 lex: exact verdicts (spec/frame.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import { lex } from "../dist/frame.js";
import { REFUSALS as G } from "../dist/frame.js";
import { bytes, outcome, show } from "./helpers.mjs";

const OK = "";
const R = (g) => "refused: " + g.message;
const check = (input, want, ignore = []) =>
  assert.equal(show(lex, input, ignore), want, JSON.stringify(String(input).slice(0, 300)));


test("accepted frames; output is empty", () => {
  for (const input of [
    "{}",
    " \t\r\n{ } \n",
    '{"a":1,"b":[0,9007199254740991,true,false,null,"x",{},[]],"c":{"d":"\\u00e9 é 😀 \\ud83d\\ude00 \\u00a0 \\/"}}',
    '{"\\"\\\\\\/":"\u00a0\u2028\ufeff"}',
    '{"a":{"a":{"a":1}},"b":{"a":2}}',
  ]) {
    check(input, OK);
  }
});

test("size: 262144 bytes accepted, 262145 refused, bytes not characters", () => {
  const frame = (n, ch) => {
    // {"a":"<ch * k>"} padded with spaces to exactly n bytes.
    const w = Buffer.byteLength(ch);
    const k = Math.floor((n - 8) / w);
    const s = '{"a":"' + ch.repeat(k) + '"}';
    return bytes(s + " ".repeat(n - Buffer.byteLength(s)));
  };
  for (const ch of ["x", "é", "€", "😀"]) {
    const a = frame(262144, ch);
    const b = frame(262145, ch);
    assert.equal(a.length, 262144);
    assert.equal(b.length, 262145);
    check(a, OK);
    check(b, R(G.size));
    check(b, OK, [G.size]);
  }
  // 262144 bytes of mostly 3-byte text is 87388 characters: accepted.
  const euro = '{"a":"' + "€".repeat(87378) + '"}  ';
  assert.equal(Buffer.byteLength(euro), 262144);
  assert.equal(euro.length, 87388);
  check(euro, OK);
  check(euro + " ", R(G.size));
  // Size runs first, whatever else is wrong.
  check(bytes([0xef, 0xbb, 0xbf, ...Array(262142).fill(0xff)]), R(G.size));
});

test("depth 16 accepted, 17 refused at the opening bracket", () => {
  const arrays = (n) => '{"a":' + "[".repeat(n - 1) + "]".repeat(n - 1) + "}";
  check(arrays(16), OK);
  check(arrays(17), R(G.depth));
  const objects = (n) => '{"a":'.repeat(n - 1) + "{}" + "}".repeat(n - 1);
  check(objects(16), OK);
  check(objects(17), R(G.depth));
  check('{"a":' + "[".repeat(16), R(G.depth));
  check('{"a":' + "[".repeat(15) + "x", R(G.syntax));
  check(arrays(17), OK, [G.depth]);
  check('{"a":' + "[".repeat(100000) + "]".repeat(100000) + "}", OK, [G.depth, G.size]);
});

test("a frame is an object", () => {
  for (const input of ["[]", "[1]", "1", "0", '"x"', "true", "null", "x", "]", "-1", "\u00a0{}", "\f{}", "'a'"]) {
    check(input, R(G.notObject));
  }
  for (const input of ["", " ", "\n\t\r "]) check(input, R(G.syntax));
  // Ignored: any JSON value is lexed.
  for (const input of ["[]", "[1,{}]", "1", "0", '"x"', "true", "null"]) check(input, OK, [G.notObject]);
  check("x", R(G.syntax), [G.notObject]);
  check("-1", R(G.number), [G.notObject]);
  check('"\\u0001"', R(G.control), [G.notObject]);
});

test("grammar", () => {
  for (const input of [
    "{",
    '{"a":1',
    '{"a":1,}',
    '{"a" 1}',
    '{"a":}',
    '{"a"}',
    "{a:1}",
    "{'a':1}",
    '{"a":1 "b":2}',
    '{"a":[1 2]}',
    '{"a":[1,]}',
    '{"a":[,1]}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":true1}',
    '{"a":tru}',
    '{"a":+1}',
    '{"a":.5}',
    '{"a":"\\x"}',
    '{"a":"\\u12G4"}',
    '{"a":"\\u12"}',
    '{"a":"abc}',
    '{"a":"',
    "{} x",
    "{}{}",
    "{}]",
    '{"a":1}}',
    "{/*c*/}",
    '{"a":[}',
    '{"a":{]}',
    '{"a":0x1}',
    "{1:2}",
  ]) {
    check(input, R(G.syntax));
  }
});

test("numbers: spelling then range", () => {
  for (const n of ["0", "1", "10", "9007199254740991", "0009"].slice(0, 4)) check(`{"a":${n}}`, OK);
  for (const n of ["-0", "01", "00", "1.0", "1e2", "1E2", "-1", "1.", "-", "--1", "1-2", "1+2", "0.5", "1e+2", "0e0", "-9007199254740992", "1.5e300", "0009"]) {
    check(`{"a":${n}}`, R(G.number));
    check(`{"a":[${n}]}`, R(G.number));
    check(`{"a":${n}}`, OK, [G.number]);
  }
  for (const n of ["9007199254740992", "9999999999999999", "10000000000000000", "1" + "0".repeat(400)]) {
    check(`{"a":${n}}`, R(G.numberRange));
    check(`{"a":${n}}`, OK, [G.numberRange]);
  }
  check('{"a":1e2x}', R(G.number));
  check('{"a":0x}', R(G.syntax));
  check('{"a":-Infinity}', R(G.number));
  // A misspelled token is not range-checked.
  check('{"a":-99999999999999999}', OK, [G.number]);
});

test("string content: controls and unpaired surrogates, raw or escaped, names and values", () => {
  for (const s of [
    "\\u0000", "\\u001f", "\\u001F", "\\n", "\\t", "\\r", "\\b", "\\f", "\\u007f", "\\u0080", "\\u0085", "\\u009f",
    "\u0000", "\u0001", "\u001f", "\t", "\n", "\u007f", "\u0080", "\u0085", "\u009f", "a\\u000ab",
  ]) {
    check(`{"a":"${s}"}`, R(G.control));
    check(`{"${s}":1}`, R(G.control));
    check(`{"a":["${s}"]}`, R(G.control));
    check(`{"a":"${s}"}`, OK, [G.control]);
  }
  for (const s of ["\\u00a0", "\\u001 ".slice(0, 0) + "\u00a0", "\\u007e", "~", "\u00ff"]) check(`{"a":"${s}"}`, OK);
  for (const s of ["\\ud800", "\\udc00", "\\udbff", "\\udfff", "\\udc00\\ud800", "\\ud800\\u0041", "\\ud800\\ud800\\udc00", "x\\udc00", "\\ud83d😀", "😀\\ude00"]) {
    check(`{"a":"${s}"}`, R(G.surrogate));
    check(`{"${s}":1}`, R(G.surrogate));
    check(`{"a":"${s}"}`, OK, [G.surrogate]);
  }
  check('{"a":"\\ud800\\udc00\\udbff\\udfff😀"}', OK);
  // First offending unit wins.
  check('{"a":"\\ud800\\u0001"}', R(G.surrogate));
  check('{"a":"\\u0001\\ud800"}', R(G.control));
  check('{"a":"\\udc00\\n"}', R(G.surrogate));
  check('{"a":"\u0001\\ud800"}', R(G.control));
  check('{"a":"\\u0001\\ud800"}', R(G.surrogate), [G.control]);
  // The string is scanned to its closing quote before its content rule.
  check('{"a":"\u0001\\x"}', R(G.syntax));
  check('{"a":"\u0001', R(G.syntax));
  check('{"a":"\\ud800', R(G.syntax));
});

test("duplicates after unescaping, at any depth", () => {
  for (const input of [
    '{"a":1,"a":2}',
    '{"a":1,"\\u0061":2}',
    '{"😀":1,"\\ud83d\\ude00":2}',
    '{"x":[{"b":1,"b":2}]}',
    '{"x":{"y":{"a":1,"b":2,"a":3}}}',
    '{"":1,"":2}',
  ]) {
    check(input, R(G.duplicate));
    check(input, OK, [G.duplicate]);
  }
  check('{"a":1,"A":2,"b":{"a":1},"c":[{"a":1},{"a":1}]}', OK);
  // Content rule before the duplicate check; both before the ':'.
  check('{"\\u0001":1,"\\u0001":2}', R(G.control));
  check('{"\\u0001":1,"\\u0001":2}', R(G.duplicate), [G.control]);
  check('{"a":1,"a" 2}', R(G.duplicate));
  check('{"a":1,"a"', R(G.duplicate));
});

test("BOM and UTF-8", () => {
  check(bytes([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), R(G.bom));
  check(bytes([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), OK, [G.bom]);
  check(bytes([0xef, 0xbb, 0xbf, 0x20, 0x7b, 0x7d]), OK, [G.bom]);
  check(bytes([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x7b, 0x7d]), R(G.notObject), [G.bom]);
  check(bytes([0xef, 0xbb, 0xbf]), R(G.syntax), [G.bom]);
  for (const b of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]]) {
    const frame = bytes([...Buffer.from('{"a":"'), ...b, ...Buffer.from('"}')]);
    check(frame, R(G.utf8));
    check(frame, OK, [G.utf8]);
  }
});

test("precedence: size, BOM, UTF-8, then document order", () => {
  check(bytes([0xef, 0xbb, 0xbf, ...Buffer.from("[")]), R(G.bom));
  check(bytes([0xef, 0xbb, 0xbf, 0xff]), R(G.bom));
  check(bytes([0x5b, 0xff]), R(G.utf8));
  check(bytes([...Buffer.from('{"a":01,"b":"'), 0xff, 0x22, 0x7d]), R(G.utf8));
  check("[01", R(G.notObject));
  check('{"a":01,"a":2}', R(G.number));
  check('{"a":1,"a":01}', R(G.duplicate));
  check('{"a":9007199254740992,"b":"\\u0001"}', R(G.numberRange));
  check('{"a":"\\u0001","b":9007199254740992}', R(G.control));
  check('{"a":[' + "[".repeat(15) + "01", R(G.depth));
  check('{"a":[01,' + "[".repeat(15), R(G.number));
  check('{"a":1e2', R(G.number));
  check('{"a":1e2 2}', R(G.number));
  check('{"a" 01}', R(G.syntax));
  check('{"a":NaN,"b":01}', R(G.syntax));
  check('{"a":01,"b":NaN}', R(G.number));
  check('{"a":01,"b":NaN}', R(G.syntax), [G.number]);
});

test("a refusal carries the byte offset where it was met (PROTOCOL.md, run: at)", () => {
  const at = (input, ignore = []) => outcome(lex, input, ignore).at;
  assert.deepEqual(at(" []"), { offset: 1 });
  assert.deepEqual(at('{"a":1,"a":2}'), { offset: 7 });
  assert.deepEqual(at('{"a":01}'), { offset: 5 });
  assert.deepEqual(at('{"a":"\\u0000"}'), { offset: 5 });
  assert.deepEqual(at('{"é":"x"'), { offset: 9 }); // the end: bytes, not characters
  assert.deepEqual(at(bytes(Array(262145).fill(0x20))), { offset: 262144 });
});

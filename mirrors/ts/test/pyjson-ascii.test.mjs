// pyjson-ascii/1 encode: exact outputs and refusals (spec/pyjson-ascii.md),
// and a differential against the real CPython 3.11 json module.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { encode, floatRepr } from "../dist/pyjson-ascii.js";
import { REFUSALS as G } from "../dist/pyjson-ascii.js";
import { bytes, corporaDir, missing, outcome, pythonOracle, show } from "./helpers.mjs";
import { mutate, numberLiteral, rng, soup, value } from "./random.mjs";

const R = (g) => "refused: " + g.message;
const check = (input, want, ignore = []) =>
  assert.equal(show(encode, input, ignore), want, JSON.stringify(String(input).slice(0, 300)));


test("structure and literals", () => {
  check(' { "b" : 1 , "a" : [ true , false , null ] } ', '{"a":[true,false,null],"b":1}');
  check("NaN", "NaN");
  check("[Infinity,-Infinity,NaN]", "[Infinity,-Infinity,NaN]");
  check('"x"', '"x"');
  for (const input of ["-NaN", "+Infinity", "infinity", "nan", "-infinity", "Infinit", "[\f]", "\u00a01", "[1,]", '{"a":1,}', "", " ", "1 2", "True", "None"]) {
    check(input, R(G.syntax));
  }
});

test("numbers: exact integers and float repr", () => {
  const cases = [
    ["0", "0"],
    ["-0", "0"],
    ["-0.0", "-0.0"],
    ["0.0", "0.0"],
    ["0e0", "0.0"],
    ["1.0", "1.0"],
    ["1e2", "100.0"],
    ["1E+2", "100.0"],
    ["1e16", "1e+16"],
    ["1e15", "1000000000000000.0"],
    ["9999999999999998.0", "9999999999999998.0"],
    ["12345678901234567.0", "1.2345678901234568e+16"],
    ["1e-5", "1e-05"],
    ["0.0001", "0.0001"],
    ["0.00012345", "0.00012345"],
    ["1.5e300", "1.5e+300"],
    ["5e-324", "5e-324"],
    ["1e-7", "1e-07"],
    ["1e21", "1e+21"],
    ["1e22", "1e+22"],
    ["2.5", "2.5"],
    ["100000.0", "100000.0"],
    ["123.456", "123.456"],
    ["0.1", "0.1"],
    ["1e400", "Infinity"],
    ["-1e400", "-Infinity"],
    ["1e-400", "0.0"],
    ["-1e-400", "-0.0"],
    ["9007199254740993", "9007199254740993"],
    ["-123456789012345678901234567890", "-123456789012345678901234567890"],
    ["1.7976931348623157e308", "1.7976931348623157e+308"],
    ["2.2250738585072014e-308", "2.2250738585072014e-308"],
    ["1" + "0".repeat(400) + ".0", "Infinity"],
  ];
  for (const [input, want] of cases) check(input, want);
  assert.equal(floatRepr(NaN), "NaN");
  assert.equal(floatRepr(-Infinity), "-Infinity");
  assert.equal(floatRepr(-0), "-0.0");
  assert.equal(floatRepr(-1.5e-10), "-1.5e-10");
  assert.equal(floatRepr(123e-20), "1.23e-18");
});

test("integer literal digits: 4300 accepted, 4301 refused", () => {
  const d4300 = "1" + "0".repeat(4299);
  const d4301 = "1" + "0".repeat(4300);
  check(d4300, d4300);
  check("-" + d4300, "-" + d4300);
  check(d4301, R(G.intDigits));
  check("-" + d4301, R(G.intDigits));
  check("[" + d4301 + "]", R(G.intDigits));
  // Not an integer literal: a float, of any length.
  check(d4301 + ".0", "Infinity");
  check("1" + "0".repeat(5000) + "e-4990", "10000000000.0");
  check("1" + "0".repeat(5000) + "e-4983", "1e+17");
  // Checked when the literal ends, in document order with the grammar.
  check(d4301 + "x", R(G.intDigits));
  check(d4301 + ".", R(G.intDigits));
  check("[01," + d4301 + "]", R(G.syntax));
  check("[" + d4301 + ",01]", R(G.intDigits));
  // Ignored: kept exact.
  check(d4301, d4301, [G.intDigits]);
  check("[-" + d4301 + ",01]", R(G.syntax), [G.intDigits]);
});

test("strings: ensure_ascii escapes", () => {
  check('"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\"\\\\/\\b\\f\\n\\r\\t"');
  check('"\\u0000\\u001f\\u000b\\u007f\u007f"', '"\\u0000\\u001f\\u000b\\u007f\\u007f"');
  check('"é\\u00E9\u2028\u2029\ufeff\uffff"', '"\\u00e9\\u00e9\\u2028\\u2029\\ufeff\\uffff"');
  check('"😀\\ud83d\\ude00\\uD83D\\uDE00"', '"\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00"');
  check('"\\ud800"', '"\\ud800"');
  check('"\\udc00\\ud800"', '"\\udc00\\ud800"');
  check('"\\ud800\\u0041"', '"\\ud800A"');
  check('"\\ud800\\ud800\\udc00"', '"\\ud800\\ud800\\udc00"');
  check('"~ <>&\'"', '"~ <>&\'"');
  for (const input of ['"\u0000"', '"\u001f"', '"\t"', '"\\x"', '"\\u12G4"', '"\\u12"', '"abc', "'a'", '"\\ud800\\u12"']) {
    check(input, R(G.syntax));
  }
});

test("member order: code points; duplicates keep the last", () => {
  // Code point order, not UTF-16 order: U+E000 sorts before U+10000.
  check('{"\\ud800\\udc00":1,"\\ue000":2}', '{"\\ue000":2,"\\ud800\\udc00":1}');
  check('{"😀":1,"\uffff":2,"\ud7ff":3}', '{"\\ud7ff":3,"\\uffff":2,"\\ud83d\\ude00":1}');
  // Lone surrogates sort by their own code point.
  check(
    '{"\\ue000":1,"\\ud800":2,"\\ud7ff":3,"\\udbff\\udfff":4,"\\udfff":5}',
    '{"\\ud7ff":3,"\\ud800":2,"\\udfff":5,"\\ue000":1,"\\udbff\\udfff":4}',
  );
  check('{"a\\ud800":1,"a\\ud800\\udc00":2,"a\\ue000":3}', '{"a\\ud800":1,"a\\ue000":3,"a\\ud800\\udc00":2}');
  check('{"b":1,"a":2,"a":3}', '{"a":3,"b":1}');
  check('{"a":1,"\\u0061":[2]}', '{"a":[2]}');
});

test("depth pre-scan: 128 accepted, 129 refused whatever else is wrong", () => {
  const nest = (n) => "[".repeat(n) + "]".repeat(n);
  check(nest(128), nest(128));
  check(nest(129), R(G.depth));
  check('{"a":'.repeat(128) + "1" + "}".repeat(128), '{"a":'.repeat(128) + "1" + "}".repeat(128));
  check('{"a":'.repeat(129) + "1" + "}".repeat(129), R(G.depth));
  check("01 " + "[".repeat(129), R(G.depth));
  check("[" + "1".repeat(4301) + "," + "[".repeat(129), R(G.depth));
  // Closing brackets do not go below zero; strings and escapes are skipped.
  check("]]]]" + "[".repeat(129), R(G.depth));
  check('["' + "[".repeat(200) + '"]', '["' + "[".repeat(200) + '"]');
  check('["\\"' + "[".repeat(200) + '"]', '["\\"' + "[".repeat(200) + '"]');
  check('"' + "[".repeat(200), R(G.syntax));
  check("[".repeat(64) + "]".repeat(64) + nest(128), R(G.syntax));
  // Ignored: no pre-scan (and this parser has no recursion limit).
  check(nest(129), nest(129), [G.depth]);
  check(nest(100000), nest(100000), [G.depth]);
});

test("BOM and UTF-8", () => {
  check(bytes([0xef, 0xbb, 0xbf, 0x31]), R(G.bom));
  check(bytes([0xef, 0xbb, 0xbf, 0x31]), "1", [G.bom]);
  check(bytes([0xef, 0xbb, 0xbf, 0xff]), R(G.bom));
  check(bytes([0x22, 0xff, 0x22]), R(G.utf8));
  check(bytes([0x22, 0xed, 0xa0, 0x80, 0x22]), R(G.utf8));
  check(bytes([0x22, 0xff, 0x22]), '"\\ufffd"', [G.utf8]);
  check(bytes([0x22, 0xf0, 0x9f, 0x98, 0x22]), '"\\ufffd"', [G.utf8]);
  check(bytes([0x5b, 0xff, 0x5b]), R(G.utf8));
  check(bytes([0x5b, 0xff].concat(Array(129).fill(0x5b))), R(G.utf8));
});

// The oracle: spec/pyjson-ascii.md computed with the real CPython json
// module. One base64 input a line in, {"ok": base64} or {"refused":
// message} a line out.
const ORACLE = `import base64
import json
import sys

BOM = "input begins with a UTF-8 byte order mark"
UTF8 = "input is not valid UTF-8"
DEPTH = "nesting exceeds depth 128"
SYNTAX = "input is not valid JSON"
INT_DIGITS = "integer literal exceeds 4300 digits"


def deeper_than_128(text):
    depth = 0
    in_string = False
    i = 0
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > 128:
                return True
        elif c in "]}":
            if depth > 0:
                depth -= 1
        i += 1
    return False


def encode(data):
    if data[:3] == b"\\xef\\xbb\\xbf":
        return {"refused": BOM}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return {"refused": UTF8}
    if deeper_than_128(text):
        return {"refused": DEPTH}
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {"refused": SYNTAX}
    except ValueError as e:
        if "Exceeds the limit (4300 digits)" in str(e):
            return {"refused": INT_DIGITS}
        raise
    out = json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return {"ok": base64.b64encode(out.encode("ascii")).decode("ascii")}


def main():
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        out.write(json.dumps(encode(base64.b64decode(line))) + "\\n")
    out.flush()


if __name__ == "__main__":
    main()
`;

function oracle(inputs) {
  const r = spawnSync("python3", ["-c", ORACLE], {
    input: `${inputs.map((b) => Buffer.from(b).toString("base64")).join("\n")}\n`,
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(lines.length, inputs.length);
  return lines.map((l) => JSON.parse(l));
}

function mine(input, ignore = []) {
  const o = outcome(encode, input, ignore);
  return o.ok !== undefined ? { ok: o.ok.toString("base64") } : { refused: o.refused };
}

function compare(inputs, label) {
  const want = oracle(inputs);
  const failures = [];
  for (let i = 0; i < inputs.length; i++) {
    const got = mine(inputs[i]);
    if (JSON.stringify(got) !== JSON.stringify(want[i])) {
      failures.push({
        input: Buffer.from(inputs[i]).toString("latin1").slice(0, 200),
        got: got.ok !== undefined ? Buffer.from(got.ok, "base64").toString("latin1").slice(0, 200) : got,
        want: want[i].ok !== undefined ? Buffer.from(want[i].ok, "base64").toString("latin1").slice(0, 200) : want[i],
      });
    }
  }
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${inputs.length} ${label} inputs differ from CPython`);
  return inputs.length;
}

const HAND = [
  "1", "-0", "-0.0", "0.0", "1.0", "1e16", "1e15", "1e-5", "1e-4", "0.0001", "0.001", "123e-7",
  "1.5e300", "5e-324", "2.5e-324", "2.4703282292062328e-324", "2.4703282292062327e-324", "1e309",
  "-1e-400", "1e400", "NaN", "-Infinity", "Infinity", "-NaN", "[-Infinity]", "-Infinityx",
  "9007199254740993", "4.35", "0.30000000000000004", "1e23", "8.41e21", "5e-7", "1e-7",
  "9999999999999999", "99999999999999999.0", "0.000099999999999999999", "1234567890123456.7",
  "12345678901234567.0", "1.0e-4", "9.999999999999999e-5", "1e+16", "1E16", "1e-10000", "1e10000",
  '"\\ud800\\udc00"', '"\\ud800\\udbff\\udc00"', '"\\udc00\\udc00"', '"\\ud800\\u"', '"\\ud800\\uzzzz"',
  '"\\ud800\\"', '"\\ud800\\\\udc00"', '"\\ud800\\ud800"', '"\\ud800"', '"\\uDBFF\\uDFFF"',
  '{"\\ud800":1,"\\ud800\\udc00":2,"\\ue000":3,"\\uffff":4,"\\ud7ff":5,"":6}',
  '{"a":1,"a":2,"\\u0061":3}', '{"a":{"b":1,"b":[]},"a":{"c":2}}',
  "[1,2", "[1,2,]", "{", '{"a"', '{"a":', '{"a":1', "[", "]", "", " ", "\t\n\r ", "\f1", "1\f",
  "[1] [2]", '"\u007f"', '"\u2028"', '"\u0080\u009f\u00a0"', "01", "-01", "1.", ".1", "1.e1",
  "1e", "1e+", "1e-", "-", "--1", "+1", "0x1", "1_000", "\u0661", "[\u0661]", "tru", "truee",
  "nulll", "[true,false,null,NaN]", "[\"\\/\"]", "\"\\/\"", '"\\\'"', "'a'",
  "[" + "1".repeat(4300) + "]", "[" + "1".repeat(4301) + "]", "-" + "9".repeat(4301),
  "1".repeat(4301) + ".5", "1".repeat(4301) + "e5", "0." + "1".repeat(5000), "1".repeat(4301) + "e",
  "[".repeat(128) + "]".repeat(128), "[".repeat(129) + "]".repeat(129), "{" + '"a":['.repeat(127) + "]".repeat(127) + "}",
  '"' + "[".repeat(300) + '"', "[\"\\\\\"" + "[".repeat(200) + "]",
];

test("differential: CPython json on hand-picked inputs", (t) => {
  if (!pythonOracle()) return missing(t, "python3 3.11");
  const inputs = HAND.map((s) => bytes(s));
  for (const b of [
    [0xef, 0xbb, 0xbf, 0x31], [0x22, 0xff, 0x22], [0x22, 0xed, 0xa0, 0x80, 0x22], [0xc0, 0x80],
    [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xf0, 0x9f, 0x98, 0x80, 0x22], [0x20, 0xef, 0xbb, 0xbf, 0x31],
  ]) {
    inputs.push(bytes(b));
  }
  compare(inputs, "hand-picked");
});

test("differential: CPython json on random values, mutations, token soup and floats", (t) => {
  if (!pythonOracle()) return missing(t, "python3 3.11");
  const r = rng(0x8785);
  const inputs = [];
  for (let i = 0; i < 6000; i++) inputs.push(bytes(value(r)));
  for (let i = 0; i < 6000; i++) inputs.push(mutate(r, bytes(value(r))));
  for (let i = 0; i < 6000; i++) inputs.push(bytes(soup(r)));
  for (let i = 0; i < 20000; i++) inputs.push(bytes(numberLiteral(r)));
  // Every double near powers of two and ten, written both ways.
  for (let e = -1074; e <= 1023; e++) {
    const x = 2 ** e;
    for (const y of [x, x * (1 + Number.EPSILON), x * (1 - Number.EPSILON / 2)]) {
      inputs.push(bytes(y.toPrecision(17)));
      inputs.push(bytes(String(y) + (Number.isInteger(y) && !String(y).includes("e") ? ".0" : "")));
    }
  }
  for (let e = -325; e <= 309; e++) {
    inputs.push(bytes("1e" + e), bytes("9.999999999999999e" + e), bytes("5e" + e), bytes("1.0000000000000002e" + e));
  }
  compare(inputs, "random");
});

test("differential: CPython json on JSONTestSuite test_parsing and test_transform", (t) => {
  if (!pythonOracle()) return missing(t, "python3 3.11");
  const dir = corporaDir();
  if (dir === null) return missing(t, "the shared corpora");
  const inputs = [];
  for (const sub of ["test_parsing", "test_transform"]) {
    const d = join(dir, "jsontestsuite", sub);
    const files = readdirSync(d).filter((f) => f.endsWith(".json"));
    assert.ok(files.length > 0, "no files in " + d);
    for (const f of files) inputs.push(new Uint8Array(readFileSync(join(d, f))));
  }
  const n = compare(inputs, "JSONTestSuite");
  t.diagnostic(`${n} JSONTestSuite files agree with CPython`);
});

test("a refusal carries the byte offset where it was met (PROTOCOL.md, run: at)", () => {
  const at = (input) => outcome(encode, input).at;
  assert.deepEqual(at("[".repeat(129)), { offset: 128 }); // the 129th bracket, before any parse
  assert.deepEqual(at("[1,]"), { offset: 3 });
  assert.deepEqual(at(`[${"1".repeat(4301)}]`), { offset: 1 });
  assert.deepEqual(at("\ufeff[]"), { offset: 0 });
});

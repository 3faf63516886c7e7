// prim/1: exact outputs and refusals of every operation (spec/prim.md), at
// every bound and just past it, with the ignore semantics of each guard.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as prim from "../dist/prim.js";
import { REFUSALS as G } from "../dist/prim.js";
import { rng } from "./random.mjs";
import { outcome, show } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const J = (v) => JSON.stringify(v);
const check = (op, input, want, ignore = []) =>
  assert.equal(show(op, input, ignore), want, `${op.name} ${String(input).slice(0, 200)} ignore=${ignore.map((g) => g.code)}`);
const hexOut = (op, input, ignore = []) => {
  const o = outcome(op, input, ignore);
  return o.ok !== undefined ? o.ok.toString("hex") : "refused: " + o.refused;
};


test("type: each operation refuses the wrong JSON type, with no accept path", () => {
  const ops = {
    timestamp: ["1", "null", "true", "[]", "{}", '["2024-01-01T00:00:00.000Z"]'],
    integer: ['"1"', "null", "[1]", "{}", "true"],
    positiveInteger: ['"1"', "false", "[1]"],
    string: ["1", "null", '["a"]', "{}"],
    safeDisplay: ["1", '["a"]'],
    sortedSet: ['"a"', "{}", "[1]", '["a",1]', '["a",null]', '[["a"]]', "null"],
    toolList: [
      "{}",
      '"x"',
      '["a"]',
      "[[]]",
      '[{"name":"a"}]',
      '[{"version":1}]',
      '[{"name":"a","version":1,"x":1}]',
      '[{"name":1,"version":1}]',
      '[{"name":"a","version":"1"}]',
      '[{"name":"a","version":null}]',
      '[{"name":"a","version":1},{"name":"b","version":"2"}]',
      '[{"Name":"a","version":1}]',
      "[{}]",
    ],
    base64url: ["43", "null", "[]"],
    utf8Length: ["1", "[]"],
  };
  const fns = { ...prim };
  for (const [name, inputs] of Object.entries(ops)) {
    for (const input of inputs) {
      check(fns[name], input, R(G.type));
      check(fns[name], input, R(G.type), [G.type]);
    }
  }
  // The type check of a whole array comes before the members' rules.
  check(prim.sortedSet, '["\\u0000",1]', R(G.type));
  check(prim.toolList, '[{"name":"\\u0000","version":0},{"name":"a"}]', R(G.type));
});

// --- timestamp ----------------------------------------------------------------

test("timestamp: exact epoch milliseconds", () => {
  const cases = [
    ["0001-01-01T00:00:00.000Z", "-62135596800000"],
    ["9999-12-31T23:59:59.999Z", "253402300799999"],
    ["1970-01-01T00:00:00.000Z", "0"],
    ["1969-12-31T23:59:59.999Z", "-1"],
    ["1970-01-01T00:00:00.001Z", "1"],
    ["2000-02-29T12:00:00.000Z", "951825600000"],
    ["2024-02-29T23:59:59.999Z", "1709251199999"],
    ["1600-02-29T00:00:00.000Z", "-11670998400000"],
    ["2001-09-09T01:46:40.000Z", "1000000000000"],
    ["0004-02-29T00:00:00.000Z", "-62035891200000"],
  ];
  for (const [s, want] of cases) {
    check(prim.timestamp, J(s), want);
    assert.equal(want, String(Date.parse(s)), s); // the oracle agrees on real instants
  }
});

test("timestamp: shape is exact, 24 ASCII units, no accept path", () => {
  const bad = [
    "",
    "2024-01-01T00:00:00Z",
    "2024-01-01T00:00:00.00Z",
    "2024-01-01T00:00:00.0000Z",
    "2024-01-01T00:00:00.000",
    "2024-01-01T00:00:00.000z",
    "2024-01-01t00:00:00.000Z",
    "2024-01-01 00:00:00.000Z",
    "2024-01-01T00:00:00.000Z\n",
    "\n2024-01-01T00:00:00.000Z",
    " 2024-01-01T00:00:00.000Z",
    "2024-01-01T00:00:00.000+00:00",
    "+002024-01-01T00:00:00.000Z",
    "24-01-01T00:00:00.000Z",
    "2024/01/01T00:00:00.000Z",
    "2024-01-01T00:00:00,000Z",
    "2024-1-01T00:00:00.000ZZ",
    "２024-01-01T00:00:00.000Z",
    "2024-01-01T00:00:00.00٠Z",
    "2024-01-01T00:00:00.000Z\u0000",
  ];
  for (const s of bad) {
    check(prim.timestamp, J(s), R(G.timestampShape));
    check(prim.timestamp, J(s), R(G.timestampShape), [G.timestampShape]);
  }
});

test("timestamp: real Gregorian instants only; ignored, the fields roll over", () => {
  // [input, the rolled value the ignored guard gives]
  const rolled = (y, mo, d, h, mi, s, ms) => {
    const t = new Date(0); // test-only: the oracle of the roll-over
    t.setUTCFullYear(y, mo - 1, d);
    t.setUTCHours(h, mi, s, ms);
    return String(t.getTime());
  };
  const bad = [
    ["0000-01-01T00:00:00.000Z", [0, 1, 1, 0, 0, 0, 0]],
    ["0000-12-31T23:59:59.999Z", [0, 12, 31, 23, 59, 59, 999]],
    ["2024-00-01T00:00:00.000Z", [2024, 0, 1, 0, 0, 0, 0]],
    ["2024-13-01T00:00:00.000Z", [2024, 13, 1, 0, 0, 0, 0]],
    ["2024-99-99T99:99:99.999Z", [2024, 99, 99, 99, 99, 99, 999]],
    ["2024-01-00T00:00:00.000Z", [2024, 1, 0, 0, 0, 0, 0]],
    ["2024-01-32T00:00:00.000Z", [2024, 1, 32, 0, 0, 0, 0]],
    ["2024-04-31T00:00:00.000Z", [2024, 4, 31, 0, 0, 0, 0]],
    ["2023-02-29T00:00:00.000Z", [2023, 2, 29, 0, 0, 0, 0]],
    ["2024-02-30T00:00:00.000Z", [2024, 2, 30, 0, 0, 0, 0]],
    ["1900-02-29T00:00:00.000Z", [1900, 2, 29, 0, 0, 0, 0]],
    ["2100-02-29T00:00:00.000Z", [2100, 2, 29, 0, 0, 0, 0]],
    ["2024-01-01T24:00:00.000Z", [2024, 1, 1, 24, 0, 0, 0]],
    ["2024-01-01T25:00:00.000Z", [2024, 1, 1, 25, 0, 0, 0]],
    ["2024-01-01T00:60:00.000Z", [2024, 1, 1, 0, 60, 0, 0]],
    ["2024-01-01T00:00:60.000Z", [2024, 1, 1, 0, 0, 60, 0]],
    ["2016-12-31T23:59:60.000Z", [2016, 12, 31, 23, 59, 60, 0]],
    ["9999-12-31T24:00:00.000Z", [9999, 12, 31, 24, 0, 0, 0]],
  ];
  for (const [s, f] of bad) {
    check(prim.timestamp, J(s), R(G.timestampInstant));
    check(prim.timestamp, J(s), rolled(...f), [G.timestampInstant]);
  }
  check(prim.timestamp, J("2024-01-32T00:00:00.000Z"), String(Date.parse("2024-02-01T00:00:00.000Z")), [G.timestampInstant]);
  check(prim.timestamp, J("2024-01-01T24:00:00.000Z"), String(Date.parse("2024-01-02T00:00:00.000Z")), [G.timestampInstant]);
  check(prim.timestamp, J("0000-01-01T00:00:00.000Z"), "-62167219200000", [G.timestampInstant]);
  // Bounds that are real.
  for (const s of ["2024-01-31T23:59:59.999Z", "2024-04-30T00:00:00.000Z", "2023-02-28T00:00:00.000Z", "2000-02-29T00:00:00.000Z"]) {
    check(prim.timestamp, J(s), String(Date.parse(s)));
  }
});

test("timestamp: days-from-civil agrees with Date.UTC on 20000 random real instants", () => {
  const r = rng(6);
  const pad = (n, w) => String(n).padStart(w, "0");
  const leap = (y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const LEN = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  for (let i = 0; i < 20000; i++) {
    const y = i < 100 ? i + 1 : 1 + Math.floor(r() * 9999);
    const mo = 1 + Math.floor(r() * 12);
    const len = mo === 2 && leap(y) ? 29 : LEN[mo - 1];
    const d = 1 + Math.floor(r() * len);
    const h = Math.floor(r() * 24);
    const mi = Math.floor(r() * 60);
    const s = Math.floor(r() * 60);
    const ms = Math.floor(r() * 1000);
    const t = new Date(Date.UTC(2000, 0, 1)); // test-only oracle; setUTCFullYear avoids Date.UTC's 0-99 mapping
    t.setUTCFullYear(y, mo - 1, d);
    t.setUTCHours(h, mi, s, ms);
    const str = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`;
    assert.equal(show(prim.timestamp, J(str)), String(t.getTime()), str);
  }
});

// --- integer, positive-integer ---------------------------------------------------

test("integer and positive-integer: the literal decides, compared exactly", () => {
  const cases = [
    // [literal, integer, positive-integer]
    ["0", "0", R(G.integerRange)],
    ["1", "1", "1"],
    ["9007199254740991", "9007199254740991", "9007199254740991"],
    ["9007199254740992", R(G.integerRange), R(G.integerRange)],
    ["9007199254740993", R(G.integerRange), R(G.integerRange)],
    ["9007199254740990", "9007199254740990", "9007199254740990"],
    ["10000000000000000", R(G.integerRange), R(G.integerRange)],
    ["8999999999999999", "8999999999999999", "8999999999999999"],
    ["99999999999999999999", R(G.integerRange), R(G.integerRange)],
    ["1" + "0".repeat(400), R(G.integerRange), R(G.integerRange)],
    ["-1", R(G.integerRange), R(G.integerRange)],
    ["-0", R(G.integerRange), R(G.integerRange)],
    ["-9007199254740991", R(G.integerRange), R(G.integerRange)],
    ["1.0", R(G.integer), R(G.integer)],
    ["4.0", R(G.integer), R(G.integer)],
    ["1e2", R(G.integer), R(G.integer)],
    ["1E0", R(G.integer), R(G.integer)],
    ["1e+2", R(G.integer), R(G.integer)],
    ["1e-2", R(G.integer), R(G.integer)],
    ["0.5", R(G.integer), R(G.integer)],
    ["0.0", R(G.integer), R(G.integer)],
    ["-1.5", R(G.integer), R(G.integer)],
    ["-0.0", R(G.integer), R(G.integer)],
    ["1e400", R(G.integer), R(G.integer)],
    ["9007199254740993.0", R(G.integer), R(G.integer)],
  ];
  for (const [lit, int, pos] of cases) {
    check(prim.integer, lit, int);
    check(prim.positiveInteger, lit, pos);
  }
});

test("integer: ignore semantics", () => {
  // Ignored prim.integer: the digits before ".", "e" or "E".
  check(prim.integer, "1.0", "1", [G.integer]);
  check(prim.integer, "1e2", "1", [G.integer]);
  check(prim.integer, "1E0", "1", [G.integer]);
  check(prim.integer, "12.99", "12", [G.integer]);
  check(prim.integer, "0.5", "0", [G.integer]);
  check(prim.positiveInteger, "0.5", R(G.integerRange), [G.integer]);
  check(prim.positiveInteger, "0.5", "0", [G.integer, G.integerRange]);
  check(prim.integer, "-1.5", R(G.integerRange), [G.integer]);
  check(prim.integer, "-1.5", "-1", [G.integer, G.integerRange]);
  check(prim.integer, "9007199254740992.5", R(G.integerRange), [G.integer]);
  // Ignored prim.integer_range: the integer as it is, in decimal.
  check(prim.integer, "-5", "-5", [G.integerRange]);
  check(prim.integer, "-0", "0", [G.integerRange]);
  check(prim.integer, "9007199254740992", "9007199254740992", [G.integerRange]);
  check(prim.positiveInteger, "0", "0", [G.integerRange]);
  check(prim.integer, "1.5", R(G.integer), [G.integerRange]);
});

// --- string -----------------------------------------------------------------------

test("string: controls, surrogates, 256 code points; output UTF-8", () => {
  check(prim.string, '""', "");
  check(prim.string, '"a"', "a");
  check(prim.string, J("a".repeat(256)), "a".repeat(256));
  check(prim.string, J("a".repeat(257)), R(G.stringLength));
  // The bound counts code points: 256 astral characters are 512 units.
  assert.equal(hexOut(prim.string, J("😀".repeat(256))), "f09f9880".repeat(256));
  check(prim.string, J("😀".repeat(257)), R(G.stringLength));
  check(prim.string, J("😀".repeat(255) + "ab"), R(G.stringLength));
  check(prim.string, J("é".repeat(256)), "\u00c3\u00a9".repeat(256));
  check(prim.string, J("é".repeat(257)), R(G.stringLength));
  // Cc controls: U+0000-U+001F and U+007F-U+009F; the neighbours pass.
  for (const c of [0x00, 0x09, 0x0a, 0x1f, 0x7f, 0x85, 0x9f]) {
    check(prim.string, J("a" + String.fromCharCode(c)), R(G.stringControl));
  }
  for (const c of [0x20, 0x7e, 0xa0, 0x2028, 0x202e, 0x200b, 0xfeff, 0xfffd]) {
    check(prim.string, J(String.fromCharCode(c)), Buffer.from(String.fromCharCode(c)).toString("latin1"));
  }
  // Surrogates.
  for (const s of ['"\\ud800"', '"\\udbff"', '"\\udc00"', '"\\udfff"', '"\\udc00\\ud800"', '"a\\ud800b"', '"\\ud800\\ud800\\udc00"', '"😀\\udc00"']) {
    check(prim.string, s, R(G.stringSurrogate));
  }
  assert.equal(hexOut(prim.string, '"\\udbff\\udfff"'), "f48fbfbf");
});

test("string: the first offending unit wins, then the length", () => {
  check(prim.string, '"\\ud800\\u0000"', R(G.stringSurrogate));
  check(prim.string, '"\\u0000\\ud800"', R(G.stringControl));
  check(prim.string, J("a".repeat(300) + "\u0000"), R(G.stringControl));
  check(prim.string, J("a".repeat(300)) .replace(/"$/, '\\ud800"'), R(G.stringSurrogate));
});

test("string: ignore semantics", () => {
  check(prim.string, '"a\\u0000b"', "a\u0000b", [G.stringControl]);
  assert.equal(hexOut(prim.string, '"a\\ud800b"', [G.stringSurrogate]), "61eda08062");
  assert.equal(hexOut(prim.string, '"\\udc00\\ud800"', [G.stringSurrogate]), "edb080eda080");
  check(prim.string, '"\\u0000\\ud800"', R(G.stringSurrogate), [G.stringControl]);
  check(prim.string, J("a".repeat(257)), "a".repeat(257), [G.stringLength]);
  // A lone surrogate counts as one code point.
  const lone = '"' + "\\ud800".repeat(256) + '"';
  assert.equal(hexOut(prim.string, lone, [G.stringSurrogate]), "eda080".repeat(256));
  check(prim.string, '"' + "\\ud800".repeat(257) + '"', R(G.stringLength), [G.stringSurrogate]);
  check(prim.string, J("\u0085".repeat(257)), R(G.stringLength), [G.stringControl]);
});

// --- safe-display -----------------------------------------------------------------

test("safe-display: printable ASCII, 1 to 256 characters", () => {
  check(prim.safeDisplay, '" "', " ");
  check(prim.safeDisplay, '"~"', "~");
  check(prim.safeDisplay, J("x".repeat(256)), "x".repeat(256));
  check(prim.safeDisplay, J("x".repeat(257)), R(G.displayLength));
  check(prim.safeDisplay, '""', R(G.displayLength));
  let all = "";
  for (let c = 0x20; c <= 0x7e; c++) all += String.fromCharCode(c);
  check(prim.safeDisplay, J(all), all);
  for (const c of ["\u001f", "\u007f", "\u0000", "\t", "\n", "\u0080", "\u00a0", "é", "\u202e", "\u2028", "\u2029",
    "\u200b", "\ufeff", "\udb40\udc41", "😀", "\ud800", "Ａ"]) {
    check(prim.safeDisplay, J("ok" + c), R(G.displayChar));
  }
  // The character rule runs first, over every unit.
  check(prim.safeDisplay, J("\u0001".repeat(300)), R(G.displayChar));
});

test("safe-display: ignore semantics", () => {
  check(prim.safeDisplay, J("é"), "\u00c3\u00a9", [G.displayChar]);
  // Length then counts characters (code points): 256 astral characters pass.
  assert.equal(hexOut(prim.safeDisplay, J("😀".repeat(256)), [G.displayChar]), "f09f9880".repeat(256));
  check(prim.safeDisplay, J("😀".repeat(257)), R(G.displayLength), [G.displayChar]);
  check(prim.safeDisplay, '""', "", [G.displayLength]);
  check(prim.safeDisplay, J("x".repeat(257)), "x".repeat(257), [G.displayLength]);
  assert.equal(hexOut(prim.safeDisplay, '"\\ud800"', [G.displayChar]), "eda080");
});

// --- sorted-set --------------------------------------------------------------------

test("sorted-set: strictly ascending by code point, never reordered", () => {
  check(prim.sortedSet, "[]", "");
  check(prim.sortedSet, '["a"]', "");
  check(prim.sortedSet, '["","a","aa","b"]', "");
  check(prim.sortedSet, '["b","a"]', R(G.setOrder));
  check(prim.sortedSet, '["a","a"]', R(G.setRepeat));
  check(prim.sortedSet, '["a","\\u0061"]', R(G.setRepeat));
  check(prim.sortedSet, '["a",""]', R(G.setOrder));
  check(prim.sortedSet, '["A","a"]', "");
  check(prim.sortedSet, '["a","B"]', R(G.setOrder));
  // Code point order, not UTF-16 order.
  check(prim.sortedSet, '["\\ue000","\\ud83d\\ude00"]', "");
  check(prim.sortedSet, '["\\ud83d\\ude00","\\ue000"]', R(G.setOrder));
  check(prim.sortedSet, '["\\uffff","\\ud800\\udc00"]', "");
  check(prim.sortedSet, '["😀","😁"]', "");
  // Each member passes the string rule first, with its messages.
  check(prim.sortedSet, '["a","\\u0000"]', R(G.stringControl));
  check(prim.sortedSet, '["b","a\\u0000"]', R(G.stringControl));
  check(prim.sortedSet, '["b","\\ud800"]', R(G.stringSurrogate));
  check(prim.sortedSet, J(["a", "b".repeat(257)]), R(G.stringLength));
  check(prim.sortedSet, J(["c", "b", "a", "a"]), R(G.setOrder));
  check(prim.sortedSet, J(["a", "a", "b", "a"]), R(G.setRepeat));
});

test("sorted-set: ignore semantics (compared with the previous member)", () => {
  check(prim.sortedSet, '["b","a"]', "", [G.setOrder]);
  check(prim.sortedSet, '["b","a","a"]', R(G.setRepeat), [G.setOrder]);
  check(prim.sortedSet, '["a","a"]', "", [G.setRepeat]);
  check(prim.sortedSet, '["a","a","0"]', R(G.setOrder), [G.setRepeat]);
  check(prim.sortedSet, '["a","\\u0000"]', R(G.setOrder), [G.stringControl]);
  // Lone surrogates compare by their unit: U+D800 < U+E000 < U+1F600.
  check(prim.sortedSet, '["\\ud800","\\ue000","\\ud83d\\ude00"]', "", [G.stringSurrogate]);
  check(prim.sortedSet, '["\\ud83d\\ude00","\\ud83d"]', R(G.setOrder), [G.stringSurrogate]);
  check(prim.sortedSet, '["\\ud83d","\\ud83d\\ude00"]', "", [G.stringSurrogate]);
});

// --- tool-list ----------------------------------------------------------------------

const tools = (...pairs) => J(pairs.map(([name, version]) => ({ name, version })));
const toolsRaw = (...pairs) => "[" + pairs.map(([n, v]) => `{"name":${J(n)},"version":${v}}`).join(",") + "]";

test("tool-list: strictly ascending by (name, version), versions as integers", () => {
  check(prim.toolList, "[]", "");
  check(prim.toolList, tools(["a", 1]), "");
  check(prim.toolList, '[{"version":1,"name":"a"}]', "");
  check(prim.toolList, tools(["a", 9], ["a", 10]), "");
  check(prim.toolList, tools(["a", 10], ["a", 9]), R(G.toolsOrder));
  check(prim.toolList, tools(["a", 1], ["a", 1]), R(G.toolsRepeat));
  check(prim.toolList, tools(["a", 2], ["b", 1]), "");
  check(prim.toolList, tools(["b", 1], ["a", 2]), R(G.toolsOrder));
  check(prim.toolList, tools(["\ue000", 1], ["😀", 1]), "");
  check(prim.toolList, tools(["😀", 1], ["\ue000", 1]), R(G.toolsOrder));
  check(prim.toolList, tools(["a", 9007199254740991]), "");
  // name passes the string rule, then version the positive-integer rule.
  check(prim.toolList, tools(["\u0000", 0]), R(G.stringControl));
  check(prim.toolList, tools(["a".repeat(257), 0]), R(G.stringLength));
  check(prim.toolList, tools(["a", 0]), R(G.integerRange));
  check(prim.toolList, toolsRaw(["a", "-1"]), R(G.integerRange));
  check(prim.toolList, toolsRaw(["a", "1.0"]), R(G.integer));
  check(prim.toolList, toolsRaw(["a", "1e0"]), R(G.integer));
  check(prim.toolList, toolsRaw(["a", "9007199254740992"]), R(G.integerRange));
  check(prim.toolList, toolsRaw(["b", "1"], ["a", "0"]), R(G.integerRange));
});

test("tool-list: ignore semantics; versions compared exactly beyond 2^53", () => {
  check(prim.toolList, tools(["a", 10], ["a", 9]), "", [G.toolsOrder]);
  check(prim.toolList, tools(["a", 1], ["a", 1]), "", [G.toolsRepeat]);
  // Through a double these two are equal; as integers they are ordered.
  check(prim.toolList, toolsRaw(["a", "9007199254740993"], ["a", "9007199254740992"]), R(G.toolsOrder), [G.integerRange]);
  check(prim.toolList, toolsRaw(["a", "9007199254740992"], ["a", "9007199254740993"]), "", [G.integerRange]);
  check(prim.toolList, toolsRaw(["a", "99999999999999999999"], ["a", "100000000000000000000"]), "", [G.integerRange]);
  check(prim.toolList, toolsRaw(["a", "-2"], ["a", "-1"]), "", [G.integerRange]);
  check(prim.toolList, toolsRaw(["a", "-1"], ["a", "-2"]), R(G.toolsOrder), [G.integerRange]);
  check(prim.toolList, toolsRaw(["a", "-0"], ["a", "0"]), R(G.toolsRepeat), [G.integerRange]);
  // Ignored prim.integer: the integer part is the version.
  check(prim.toolList, toolsRaw(["a", "1.5"], ["a", "1"]), R(G.toolsRepeat), [G.integer]);
  check(prim.toolList, toolsRaw(["a", "1e5"], ["a", "2"]), "", [G.integer]);
  check(prim.toolList, tools(["a\u0000", 1], ["a", 1]), R(G.toolsOrder), [G.stringControl]);
});

// --- base64url ----------------------------------------------------------------------

test("base64url: 43 or 86 units, the alphabet, canonical; output the bytes", () => {
  const r = rng(10);
  for (let i = 0; i < 500; i++) {
    const n = i % 2 ? 32 : 64;
    const b = Buffer.from(Array.from({ length: n }, () => Math.floor(r() * 256)));
    const s = b.toString("base64url");
    assert.equal(s.length, n === 32 ? 43 : 86);
    assert.equal(hexOut(prim.base64url, J(s)), b.toString("hex"));
  }
  check(prim.base64url, J("A".repeat(43)), "\u0000".repeat(32));
  check(prim.base64url, J("_".repeat(42) + "8"), "\u00ff".repeat(32));
  check(prim.base64url, J("_".repeat(85) + "w"), "\u00ff".repeat(64));
  for (const n of [0, 1, 42, 44, 64, 85, 87, 88, 128]) check(prim.base64url, J("A".repeat(n)), R(G.b64Length));
  check(prim.base64url, J("A".repeat(43) + "="), R(G.b64Length));
  check(prim.base64url, J("A".repeat(86) + "=="), R(G.b64Length));
  check(prim.base64url, J("A".repeat(42) + "\n"), R(G.b64Alphabet)); // 43 units, one bad
  for (const c of ["+", "/", "=", " ", "\n", ".", "é", "\u0000", "Ａ", "\ud800"]) {
    check(prim.base64url, J(c + "A".repeat(42)), R(G.b64Alphabet));
    check(prim.base64url, J("A".repeat(85) + c), R(G.b64Alphabet));
  }
  // 43 units: 2 unused bits. A (0), E (4), I, ... pass; B, C, D do not.
  for (const c of "AEIMQUYcgkosw048") check(prim.base64url, J("A".repeat(42) + c), show(prim.base64url, J("A".repeat(42) + c)));
  for (const c of "BCDFxyz9-_") check(prim.base64url, J("A".repeat(42) + c), R(G.b64Canonical));
  // 86 units: 4 unused bits. A, Q, g, w pass.
  for (const c of "AQgw") assert.ok(!show(prim.base64url, J("A".repeat(85) + c)).startsWith("refused"), c);
  for (const c of "BEIMRhx8-_") check(prim.base64url, J("A".repeat(85) + c), R(G.b64Canonical));
  // Length before alphabet before canonical.
  check(prim.base64url, J("+".repeat(44)), R(G.b64Length));
  check(prim.base64url, J("+" + "A".repeat(41) + "B"), R(G.b64Alphabet));
});

test("base64url: ignore semantics", () => {
  // Ignored canonical: the unused bits are dropped.
  assert.equal(hexOut(prim.base64url, J("A".repeat(42) + "D"), [G.b64Canonical]), "00".repeat(32));
  assert.equal(hexOut(prim.base64url, J("_".repeat(86)), [G.b64Canonical]), "ff".repeat(64));
  // Ignored length: any length decodes the same way, 6 bits a unit.
  for (const n of [0, 2, 3, 4, 44, 64, 100]) {
    const b = Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff));
    assert.equal(hexOut(prim.base64url, J(b.toString("base64url")), [G.b64Length]), b.toString("hex"), String(n));
  }
  check(prim.base64url, J("A"), "", [G.b64Length]); // 6 unused bits, all zero
  check(prim.base64url, J("B"), R(G.b64Canonical), [G.b64Length]);
  check(prim.base64url, J("A".repeat(43) + "="), R(G.b64Alphabet), [G.b64Length]);
  // Ignored alphabet: the unit counts 6 zero bits.
  assert.equal(hexOut(prim.base64url, J("+" + "_".repeat(41) + "8"), [G.b64Alphabet]), "03" + "ff".repeat(31));
  assert.equal(hexOut(prim.base64url, J("_".repeat(42) + "="), [G.b64Alphabet]), "ff".repeat(31) + "f0");
});

// --- utf8-length ---------------------------------------------------------------------

test("utf8-length: UTF-8 bytes, never characters or units", () => {
  const cases = [["", 0], ["a", 1], ["\u0000", 1], ["\u007f", 1], ["\u0080", 2], ["é", 2], ["\u07ff", 2], ["\u0800", 3],
    ["€", 3], ["\uffff", 3], ["\ue000", 3], ["😀", 4], ["\u{10ffff}", 4], ["aé€😀", 10]];
  for (const [s, n] of cases) check(prim.utf8Length, J(s), String(n));
  const r = rng(8);
  for (let i = 0; i < 2000; i++) {
    let s = "";
    const n = Math.floor(r() * 20);
    for (let k = 0; k < n; k++) s += String.fromCodePoint([0x41, 0xe9, 0x20ac, 0x1f600, 0xfeff, 0x10000, 0][Math.floor(r() * 7)]);
    check(prim.utf8Length, J(s), String(Buffer.byteLength(s, "utf8")));
  }
  for (const s of ['"\\ud800"', '"\\udc00"', '"a\\udfffb"', '"\\ude00\\ud83d"']) check(prim.utf8Length, s, R(G.stringSurrogate));
  check(prim.utf8Length, '"\\ud800"', "3", [G.stringSurrogate]);
  check(prim.utf8Length, '"\\ude00\\ud83d😀"', "10", [G.stringSurrogate]);
});

test("JSON value input: surrounding JSON whitespace is allowed; top-level scalars are values", () => {
  assert.equal(show(prim.string, ' \t\r\n"A" \t\r\n'), "A");
  assert.equal(show(prim.integer, " 7 "), "7");
  assert.equal(show(prim.string, "7"), R(G.type));
});

test("JSON value input: strings are UTF-16 units: lone surrogates kept, pairs from escapes or raw astral", () => {
  const hex = (input, ignore = []) => {
    const s = show(prim.string, input, ignore);
    return s.startsWith("refused") ? s : Buffer.from(s, "latin1").toString("hex");
  };
  // A lone surrogate reaches the operation's own rule, not .input.
  assert.equal(show(prim.string, '"\\ud800"'), R(G.stringSurrogate));
  assert.equal(hex('"\\ud800"', [G.stringSurrogate]), "eda080");
  assert.equal(hex('"\\udfff"', [G.stringSurrogate]), "edbfbf");
  // Escaped pair and raw astral character are the same value.
  assert.equal(hex('"\\ud83d\\ude00"'), "f09f9880");
  assert.equal(hex('"\\uD83D\\uDE00"'), "f09f9880");
  assert.equal(hex('"😀"'), "f09f9880");
  // A low before a high is two lone surrogates.
  assert.equal(hex('"\\ude00\\ud83d"', [G.stringSurrogate]), "edb880eda0bd");
  // An escaped high followed by a raw astral character: lone high, then a pair.
  assert.equal(hex('"\\ud83d😀"', [G.stringSurrogate]), "eda0bdf09f9880");
  // Escapes.
  assert.equal(show(prim.string, '"\\"\\\\\\/\\u0041\\u00e9"'), '"\\/Aé'.replace("é", "\u00c3\u00a9"));
});

test("JSON value input: numbers are kept as their literal text", () => {
  assert.equal(show(prim.integer, "9007199254740993"), R(G.integerRange));
  assert.equal(show(prim.integer, "9007199254740993", [G.integerRange]), "9007199254740993");
  assert.equal(show(prim.integer, "1" + "0".repeat(400), [G.integerRange]), "1" + "0".repeat(400));
  assert.equal(show(prim.integer, "-0", [G.integerRange]), "0");
  assert.equal(show(prim.integer, "1E+2"), R(G.integer));
});

test("a refusal after parsing carries the JSON pointer of the value refused (PROTOCOL.md, run: at)", () => {
  const at = (op, input) => outcome(op, input).at;
  assert.deepEqual(at(prim.sortedSet, '["b","a"]'), { pointer: "/1" });
  assert.deepEqual(at(prim.sortedSet, '["a",1]'), { pointer: "/1" });
  assert.deepEqual(at(prim.toolList, '[{"name":"a","version":0}]'), { pointer: "/0/version" });
  assert.deepEqual(at(prim.toolList, '[{"name":"a\\u0000","version":1}]'), { pointer: "/0/name" });
  assert.deepEqual(at(prim.integer, '"x"'), { pointer: "" });
  assert.deepEqual(at(prim.integer, "[1,"), { offset: 3 }); // the input itself: a byte offset
});

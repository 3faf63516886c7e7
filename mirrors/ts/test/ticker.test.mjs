// ticker/1: exact verdicts of the four operations (spec/ticker.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import * as ticker from "../dist/ticker.js";
import { REFUSALS as G } from "../dist/ticker.js";
import { outcome, show } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const J = (v) => JSON.stringify(v);
// The expected output of an accepted string: its UTF-8 bytes.
const U = (s) => Buffer.from(s, "utf8").toString("latin1");
const check = (op, input, want, ignore = []) =>
  assert.equal(show(op, input, ignore), want, `${op.name} ${J(String(input))} ignore=${ignore.map((g) => g.code)}`);

const SEVEN = ["HTTPS://X", "A:B", "X/Y", "ABCDEFG", "BRK.BBBBB", "A^B", "1ABC"];


test("type: a string is needed, with no accept path", () => {
  for (const op of [ticker.symbol, ticker.equityTicker, ticker.maskedLabelV1, ticker.closedMaskedLabel]) {
    for (const input of ["1", "null", "true", '["SPY"]', '{"a":"SPY"}']) {
      check(op, input, R(G.type));
      check(op, input, R(G.type), [G.type]);
    }
  }
});

test("symbol: the frozen /1 rule, whole string, ASCII classes", () => {
  for (const s of [...SEVEN, "A", "0", "SPY", "BRK.B", "BRK-B", "A=B_C-D", "Z9.^:=_/-", "A".repeat(40), "9".repeat(40), "A-"]) {
    check(ticker.symbol, J(s), U(s));
  }
  for (const s of ["", "A".repeat(41), "a", "spy", ".A", "-A", "^A", "A\n", "\nA", "A ", " A", "A B", "Ａ", "A+B", "A,B",
    "A\u0000", "É", "A\u200b", "١", "A\\B", "A*B", "A#"]) {
    check(ticker.symbol, J(s), R(G.symbol));
  }
  check(ticker.symbol, J("spy\n"), U("spy\n"), [G.symbol]);
  check(ticker.symbol, '"\\ud800"', "\u00ed\u00a0\u0080", [G.symbol]);
});

test("equity-ticker: the /2 rule", () => {
  for (const s of ["SPY", "BRK.B", "BRK-B", "A", "ABCDEF", "ABCDEF.ABCD", "A-B", "Z.ZZZZ"]) check(ticker.equityTicker, J(s), U(s));
  for (const s of [...SEVEN, "", "spy", "SPY\n", "\nSPY", "ＳＰＹ", "ABCDEF.ABCDE", "BRK.", "BRK-", ".B", "BRK.B.C", "BRK..B",
    "BRK_B", "BRK/B", "1A", "A1", "SPY ", "Spy", "BRK.b", "A\u0000"]) {
    check(ticker.equityTicker, J(s), R(G.equity));
  }
  check(ticker.equityTicker, J("HTTPS://X"), "HTTPS://X", [G.equity]);
});

test("masked labels: length 1 to 64 UTF-16 units", () => {
  for (const op of [ticker.maskedLabelV1, ticker.closedMaskedLabel]) {
    check(op, J("a"), "a");
    check(op, J("a".repeat(64)), "a".repeat(64));
    check(op, J(""), R(G.labelLength));
    check(op, J("a".repeat(65)), R(G.labelLength));
    check(op, J("a".repeat(65)), "a".repeat(65), [G.labelLength]);
    check(op, J(""), "", [G.labelLength]);
  }
  // Units, not code points: 32 astral characters are 64 units, 33 are 66.
  check(ticker.maskedLabelV1, J("😀".repeat(32)), U("😀".repeat(32)));
  check(ticker.maskedLabelV1, J("😀".repeat(33)), R(G.labelLength));
  check(ticker.maskedLabelV1, J("a" + "😀".repeat(32)), R(G.labelLength));
  // Length first, then the scan; ignored, the scan runs.
  check(ticker.maskedLabelV1, J("\u0000" + "a".repeat(64)), R(G.labelLength));
  check(ticker.maskedLabelV1, J("\u0000" + "a".repeat(64)), R(G.labelControl), [G.labelLength]);
  check(ticker.closedMaskedLabel, J("é" + "a".repeat(64)), R(G.labelChar), [G.labelLength]);
});

test("masked-label-v1: the frozen /1 rule and its weaknesses", () => {
  const accepted = ["****1234", "1234", "12 345", "1234a5678", "１２３４５６", "١٢٣٤٥٦", "Аcct 1234", "\u202e1234",
    "\u200b", "\ufeff", "😀", "a\u00a0b", "x".repeat(64), "\u2028"];
  for (const s of accepted) check(ticker.maskedLabelV1, J(s), U(s));
  check(ticker.maskedLabelV1, J("12345"), R(G.labelDigitsV1));
  check(ticker.maskedLabelV1, J("acct 000123456789"), R(G.labelDigitsV1));
  check(ticker.maskedLabelV1, J("1234\u00005"), R(G.labelControl));
  for (const c of ["\u0000", "\u001f", "\u007f", "\u0085", "\u009f", "\n"]) check(ticker.maskedLabelV1, J("ab" + c), R(G.labelControl));
  for (const s of ['"\\ud800"', '"\\udc00"', '"a\\udbff"', '"\\ude00\\ud83d"', '"😀\\udc00"']) check(ticker.maskedLabelV1, s, R(G.labelSurrogate));
  // The first hit wins, in unit order.
  check(ticker.maskedLabelV1, J("12345\u0000"), R(G.labelDigitsV1));
  check(ticker.maskedLabelV1, J("\u000012345"), R(G.labelControl));
  check(ticker.maskedLabelV1, '"\\ud80012345\\u0000"', R(G.labelSurrogate));
  check(ticker.maskedLabelV1, '"1234\\ud8005678"', R(G.labelSurrogate));
  // Ignored: the scan goes on past the unit.
  check(ticker.maskedLabelV1, J("\u000012345"), R(G.labelDigitsV1), [G.labelControl]);
  check(ticker.maskedLabelV1, J("12345\u0000"), R(G.labelControl), [G.labelDigitsV1]);
  check(ticker.maskedLabelV1, J("123456789"), "123456789", [G.labelDigitsV1]);
  check(ticker.maskedLabelV1, '"\\ud80012345"', R(G.labelDigitsV1), [G.labelSurrogate]);
  assert.equal(outcome(ticker.maskedLabelV1, '"a\\ud800"', [G.labelSurrogate]).ok.toString("hex"), "61eda080");
  // A control between digits ends the run, ignored or not.
  check(ticker.maskedLabelV1, J("12\u0000345"), "12\u0000345", [G.labelControl]);
});

test("closed-masked-label: the /2 closed set and at most four digits", () => {
  const accepted = ["Acct ••••1234", "(x)#*_-.", "…", "•", "1234", "a1234b1234", "Individual - 1234", "#*.",
    "AZaz09 .-_()#*\u2022\u2026", "x".repeat(64)];
  for (const s of accepted) check(ticker.closedMaskedLabel, J(s), U(s));
  check(ticker.closedMaskedLabel, J("12345"), R(G.labelDigits));
  check(ticker.closedMaskedLabel, J("a 00001"), R(G.labelDigits));
  const outside = ["１", "١", "А", "\u202e", "\u200b", "\ufeff", "é", "😀", "\t", "\n", "\u0000", "\u007f", "+", "/", ":",
    "@", "!", ",", "\u2023", "\u2025", "\u00b7", "\u00a0", "'", "\\", "\u2027"];
  for (const c of outside) {
    check(ticker.closedMaskedLabel, J("ab" + c), R(G.labelChar));
    check(ticker.closedMaskedLabel, J(c + "12345"), R(G.labelChar));
  }
  check(ticker.closedMaskedLabel, '"\\ud800"', R(G.labelChar));
  check(ticker.closedMaskedLabel, J("12345é"), R(G.labelDigits));
  // Ignored: the scan goes on; only ASCII digits make a run.
  check(ticker.closedMaskedLabel, J("é12345"), R(G.labelDigits), [G.labelChar]);
  check(ticker.closedMaskedLabel, J("1234５6"), U("1234５6"), [G.labelChar]);
  check(ticker.closedMaskedLabel, J("1234é"), U("1234é"), [G.labelChar]);
  check(ticker.closedMaskedLabel, J("12345é"), R(G.labelChar), [G.labelDigits]);
  check(ticker.closedMaskedLabel, J("9".repeat(64)), "9".repeat(64), [G.labelDigits]);
});

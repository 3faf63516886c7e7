// ticker/1 (spec/ticker.md): tickers and masked account labels, seed 001
// sections 2, 4 and 5. Input: a JSON value input (jsonvalue.ts, guard
// ticker.input) that must be a string (ticker.type; no accept path, so
// fail()). Output on acceptance: the string's UTF-8 bytes (a lone surrogate,
// reachable only with a guard ignored, as its 3-byte generalized form).
//
// Patterns match the whole string: ^ and $ without the m flag are the ends
// of the input (a trailing LF is a character like any other), classes are
// spelled out as ASCII ranges, and no u flag is used, so a pattern sees
// UTF-16 units and no class can match a non-ASCII unit.
//
// The two label rules are one length check and then one scan of the units
// in order, where the first hit wins. Ignored (any label guard): the scan
// goes on past the unit. "Digits" in both label rules are the ASCII digits
// 0-9 only; any other unit (a fullwidth digit included) ends a run.
//
// The patterns and the two label scans are exported, the scans taking the
// guards they refuse with, so that a contract whose spec runs these rules
// under its own guards reuses them rather than restating them.

import { isControl, isUnpairedAt, parseValue, whereIn } from "./jsonvalue.js";
import { type Guard, type Where, fail, refuse, table } from "./refusal.js";
import { encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/ticker.md). */
export const CONTRACT = "ticker/1";

/** spec/ticker.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["ticker.input", "input is not valid JSON"],
  type: ["ticker.type", "value is not a string"],
  symbol: ["ticker.symbol", "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"],
  equity: ["ticker.equity", "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"],
  labelLength: ["ticker.label_length", "masked label is not 1 to 64 UTF-16 units"],
  labelControl: ["ticker.label_control", "masked label contains a control character"],
  labelSurrogate: ["ticker.label_surrogate", "masked label contains an unpaired surrogate"],
  labelDigitsV1: ["ticker.label_digits_v1", "masked label has five or more consecutive digits"],
  labelChar: ["ticker.label_char", "masked label has a character outside the closed set"],
  labelDigits: ["ticker.label_digits", "masked label has more than four consecutive digits"],
});

const TICKER = REFUSALS;
/** The input itself, as a refusal's location: every operation reads one string. */
const ROOT = whereIn();

/** The whole-string pattern of `symbol` (the frozen /1 rule): 1 to 40 units. */
export const SYMBOL = /^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$/;
/** The whole-string pattern of `equity-ticker` (the /2 rule). */
export const EQUITY = /^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$/;
const MAX_LABEL_UNITS = 64;
const MAX_DIGIT_RUN = 4;

/**
 * The guards a label scan refuses with: ticker/1's own, or those of a
 * contract that runs the same rule under its own guards (spec/ticker.md is
 * the rule; the caller's spec names its guards).
 */
export interface LabelGuards {
  /** Step 1: 1 to 64 UTF-16 units. */
  readonly length: Guard;
  /** masked-label-v1: a Cc control unit. */
  readonly control: Guard;
  /** masked-label-v1: an unpaired surrogate. */
  readonly surrogate: Guard;
  /** masked-label-v1: a fifth consecutive ASCII digit. */
  readonly digitsV1: Guard;
  /** closed-masked-label: a unit outside the closed set. */
  readonly char: Guard;
  /** closed-masked-label: a fifth consecutive ASCII digit. */
  readonly digits: Guard;
}

const LABEL: LabelGuards = {
  length: TICKER.labelLength,
  control: TICKER.labelControl,
  surrogate: TICKER.labelSurrogate,
  digitsV1: TICKER.labelDigitsV1,
  char: TICKER.labelChar,
  digits: TICKER.labelDigits,
};

function stringOf(input: Uint8Array): string {
  const v = parseValue(input, TICKER.input);
  if (v.type !== "string") fail(TICKER.type, ROOT);
  return v.value;
}

function isDigit(u: number): boolean {
  return u >= 0x30 && u <= 0x39;
}

/** ticker/1 `symbol`: the frozen /1 rule. */
export function symbol(input: Uint8Array): Uint8Array {
  const s = stringOf(input);
  if (!SYMBOL.test(s)) refuse(TICKER.symbol, ROOT);
  return encodeGeneralized(s);
}

/** ticker/1 `equity-ticker`: the /2 rule. */
export function equityTicker(input: Uint8Array): Uint8Array {
  const s = stringOf(input);
  if (!EQUITY.test(s)) refuse(TICKER.equity, ROOT);
  return encodeGeneralized(s);
}

/** The length rule of both label operations: 1 to 64 UTF-16 units (JS .length); refuses with g.length at where. */
function labelLength(s: string, g: LabelGuards, where: Where): void {
  if (s.length < 1 || s.length > MAX_LABEL_UNITS) refuse(g.length, where);
}

/**
 * `masked-label-v1` steps 1 and 2 on the label s (UTF-16 units): refuses
 * with g's length, control, surrogate or digitsV1 guard at where, the
 * first hit winning; an ignored guard lets the scan go on past the unit.
 */
export function scanLabelV1(s: string, g: LabelGuards, where: Where): void {
  labelLength(s, g, where);
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    run = isDigit(u) ? run + 1 : 0;
    if (isControl(u)) refuse(g.control, where);
    else if (isUnpairedAt(s, i)) refuse(g.surrogate, where);
    else if (run > MAX_DIGIT_RUN) refuse(g.digitsV1, where);
  }
}

/** ticker/1 `masked-label-v1`: the frozen /1 rule. */
export function maskedLabelV1(input: Uint8Array): Uint8Array {
  const s = stringOf(input);
  scanLabelV1(s, LABEL, ROOT);
  return encodeGeneralized(s);
}

/** Whether unit u is in the closed set of `closedMaskedLabel()`. */
function inClosedSet(u: number): boolean {
  return (
    (u >= 0x41 && u <= 0x5a) || // A-Z
    (u >= 0x61 && u <= 0x7a) || // a-z
    isDigit(u) ||
    u === 0x20 || // space
    u === 0x2e || // .
    u === 0x2d || // -
    u === 0x5f || // _
    u === 0x28 || // (
    u === 0x29 || // )
    u === 0x23 || // #
    u === 0x2a || // *
    u === 0x2022 || // bullet
    u === 0x2026 // horizontal ellipsis
  );
}

/**
 * `closed-masked-label` steps 1 and 2 on the label s (UTF-16 units):
 * refuses with g's length, char or digits guard at where, the first hit
 * winning; an ignored guard lets the scan go on past the unit.
 */
export function scanClosedLabel(s: string, g: LabelGuards, where: Where): void {
  labelLength(s, g, where);
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    run = isDigit(u) ? run + 1 : 0;
    if (!inClosedSet(u)) refuse(g.char, where);
    else if (run > MAX_DIGIT_RUN) refuse(g.digits, where);
  }
}

/** ticker/1 `closed-masked-label`: the /2 rule. */
export function closedMaskedLabel(input: Uint8Array): Uint8Array {
  const s = stringOf(input);
  scanClosedLabel(s, LABEL, ROOT);
  return encodeGeneralized(s);
}

/** The operations of ticker/1 (spec/ticker.md, "Operations"). */
export const OPERATIONS = Object.freeze({
  symbol,
  "equity-ticker": equityTicker,
  "masked-label-v1": maskedLabelV1,
  "closed-masked-label": closedMaskedLabel,
});

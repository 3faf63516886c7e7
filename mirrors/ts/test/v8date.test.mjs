// v8date/1 parse against its oracle, Node's own Date.parse (spec/v8date.md):
// on every generated string of the wire's shape, NaN is "not a real
// instant", a number whose toISOString is not the input is "not a real
// calendar date", and otherwise the milliseconds are equal. The mirror's
// implementation never calls Date; the tests do.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "../dist/v8date.js";
import { REFUSALS as G } from "../dist/v8date.js";
import { rng } from "./random.mjs";
import { show } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const J = (v) => JSON.stringify(v);
const pad = (n, w) => String(n).padStart(w, "0");

/** What the oracle says of s. */
function oracle(s) {
  const t = Date.parse(s);
  if (Number.isNaN(t)) return R(G.instant);
  if (new Date(t).toISOString() !== s) return R(G.calendar);
  return String(t);
}

/** The value V8 gives for the fields, rolled over (MakeDay/MakeTime), by Date. */
function rolled(y, mo, d, h, mi, s, ms) {
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, ms);
  return String(t.getTime());
}


test("the seed's cases", () => {
  const cases = [
    ["0000-01-01T00:00:00.000Z", "-62167219200000"],
    ["0000-02-29T00:00:00.000Z", "-62162121600000"],
    ["1970-01-01T00:00:00.000Z", "0"],
    ["9999-12-31T23:59:59.999Z", "253402300799999"],
    ["2024-13-01T00:00:00.000Z", R(G.instant)],
    ["2024-01-32T00:00:00.000Z", R(G.instant)],
    ["2024-01-01T00:60:00.000Z", R(G.instant)],
    ["2016-12-31T23:59:60.000Z", R(G.instant)],
    ["2024-01-01T24:00:00.001Z", R(G.instant)],
    ["2024-01-01T24:01:00.000Z", R(G.instant)],
    ["2024-01-01T24:00:01.000Z", R(G.instant)],
    ["2024-01-01T25:00:00.000Z", R(G.instant)],
    ["2024-00-01T00:00:00.000Z", R(G.instant)],
    ["2024-01-00T00:00:00.000Z", R(G.instant)],
    ["2024-01-01T24:00:00.000Z", R(G.calendar)],
    ["2024-02-30T00:00:00.000Z", R(G.calendar)],
    ["2023-02-29T00:00:00.000Z", R(G.calendar)],
    ["2024-04-31T00:00:00.000Z", R(G.calendar)],
    ["1900-02-29T00:00:00.000Z", R(G.calendar)],
    ["2000-02-29T00:00:00.000Z", "951782400000"],
  ];
  for (const [s, want] of cases) {
    assert.equal(show(parse, J(s)), want, s);
    assert.equal(oracle(s), want, s + " (oracle)");
  }
});

test("type and shape: no accept path", () => {
  for (const input of ["1", "null", '["2024-01-01T00:00:00.000Z"]']) {
    assert.equal(show(parse, input), R(G.type));
    assert.equal(show(parse, input, [G.type]), R(G.type));
  }
  // Strings V8 itself takes, and the wire refuses.
  for (const s of ["2024-01-01T00:00:00Z", "2024-01-01", "2024-01-01T00:00:00.000", "2024-01-01t00:00:00.000z",
    "2024-01-01T00:00:00.0000Z", "+002024-01-01T00:00:00.000Z", "2024-01-01T00:00:00.000+00:00", "2024-01-01T00:00:00.000Z\n",
    "2024-01-01T00:00Z", "", "Mon, 01 Jan 2024 00:00:00 GMT", "2024-01-01T00:00:00.00０Z"]) {
    assert.equal(show(parse, J(s)), R(G.shape), s);
    assert.equal(show(parse, J(s), [G.shape]), R(G.shape), s);
  }
});

test("Date.parse oracle: every combination of field edge values", (t) => {
  const Y = ["0000", "0001", "0004", "0100", "0400", "1600", "1900", "1969", "1970", "2000", "2023", "2024", "2100", "9999"];
  const MO = ["00", "01", "02", "03", "04", "06", "09", "11", "12", "13", "99"];
  const DAY = ["00", "01", "28", "29", "30", "31", "32", "99"];
  const TIME = [
    ["00", "00", "00", "000"], ["23", "59", "59", "999"], ["24", "00", "00", "000"], ["24", "00", "00", "001"],
    ["24", "00", "01", "000"], ["24", "01", "00", "000"], ["25", "00", "00", "000"], ["23", "60", "00", "000"],
    ["23", "59", "60", "000"], ["99", "99", "99", "999"], ["12", "30", "30", "001"],
  ];
  let n = 0;
  const bad = [];
  for (const y of Y) for (const mo of MO) for (const d of DAY) for (const [h, mi, s, ms] of TIME) {
    const str = `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`;
    const got = show(parse, J(str));
    if (got !== oracle(str)) bad.push([str, got, oracle(str)]);
    n++;
  }
  assert.deepEqual(bad.slice(0, 10), [], `${bad.length} of ${n} disagree`);
  t.diagnostic(`${n} edge combinations agree with Date.parse`);
});

test("Date.parse oracle: random strings of the shape", (t) => {
  const r = rng(42);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const n = 30000;
  const bad = [];
  for (let i = 0; i < n; i++) {
    const y = pad(r() < 0.2 ? pick([0, 1, 4, 100, 400, 1900, 2000, 9999]) : Math.floor(r() * 10000), 4);
    const mo = pad(r() < 0.8 ? 1 + Math.floor(r() * 12) : Math.floor(r() * 100), 2);
    const d = pad(r() < 0.7 ? 1 + Math.floor(r() * 31) : pick([0, 28, 29, 30, 31, 32, 99]), 2);
    const h = pad(r() < 0.8 ? Math.floor(r() * 24) : pick([23, 24, 25, 99]), 2);
    const mi = pad(r() < 0.9 ? Math.floor(r() * 60) : pick([0, 59, 60, 99]), 2);
    const s = pad(r() < 0.9 ? Math.floor(r() * 60) : pick([0, 59, 60, 99]), 2);
    const ms = pad(r() < 0.7 ? Math.floor(r() * 1000) : pick([0, 1, 999]), 3);
    const str = `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`;
    const got = show(parse, J(str));
    if (got !== oracle(str)) bad.push([str, got, oracle(str)]);
  }
  assert.deepEqual(bad.slice(0, 10), [], `${bad.length} of ${n} disagree`);
  t.diagnostic(`${n} random strings agree with Date.parse`);
});

/** The length of month mo (any size, folded into its year as MakeDay does) of year y, by Date. */
function foldedMonthLength(y, mo) {
  const t = new Date(0);
  t.setUTCFullYear(y, mo, 0); // day 0 of the next month: the last day of month mo
  return t.getUTCDate();
}

test("ignored calendar: the value Date.parse gives", () => {
  for (const [s, rolledTo] of [
    ["2024-01-01T24:00:00.000Z", "2024-01-02T00:00:00.000Z"],
    ["2024-02-30T00:00:00.000Z", "2024-03-01T00:00:00.000Z"],
    ["2023-02-29T12:00:00.001Z", "2023-03-01T12:00:00.001Z"],
    ["2024-04-31T23:59:59.999Z", "2024-05-01T23:59:59.999Z"],
    ["9999-12-31T24:00:00.000Z", "+010000-01-01T00:00:00.000Z"],
    ["0000-02-30T00:00:00.000Z", "0000-03-01T00:00:00.000Z"],
  ]) {
    assert.equal(show(parse, J(s)), R(G.calendar), s);
    assert.equal(show(parse, J(s), [G.calendar]), String(Date.parse(s)), s);
    assert.equal(show(parse, J(s), [G.calendar]), String(Date.parse(rolledTo)), s);
    // Ignoring the instant guard changes nothing for these.
    assert.equal(show(parse, J(s), [G.instant]), R(G.calendar), s);
  }
});

test("ignored instant: the calendar rule still applies to the folded month, else the fields roll over", () => {
  const cases = [
    // [input, expected with v8date.instant ignored]
    ["2024-13-01T00:00:00.000Z", String(Date.parse("2025-01-01T00:00:00.000Z"))],
    ["2024-00-01T00:00:00.000Z", String(Date.parse("2023-12-01T00:00:00.000Z"))],
    ["2024-03-00T00:00:00.000Z", String(Date.parse("2024-02-29T00:00:00.000Z"))],
    ["2024-01-01T25:00:00.000Z", String(Date.parse("2024-01-02T01:00:00.000Z"))],
    ["2024-01-01T00:60:00.000Z", String(Date.parse("2024-01-01T01:00:00.000Z"))],
    ["2016-12-31T23:59:60.000Z", String(Date.parse("2017-01-01T00:00:00.000Z"))],
    ["2024-13-31T00:00:00.000Z", String(Date.parse("2025-01-31T00:00:00.000Z"))],
    ["2024-14-29T00:00:00.000Z", R(G.calendar)], // February 2025 has 28 days
    ["2023-14-29T00:00:00.000Z", String(Date.parse("2024-02-29T00:00:00.000Z"))],
    ["2024-00-32T00:00:00.000Z", R(G.calendar)],
    ["2024-01-32T00:00:00.000Z", R(G.calendar)],
    // Rule 3's hour-24 case is exactly 24:00:00.000; other hour-24 times roll.
    ["2024-01-01T24:00:00.001Z", String(Date.parse("2024-01-02T00:00:00.001Z"))],
    ["2024-01-01T24:01:00.000Z", String(Date.parse("2024-01-02T00:01:00.000Z"))],
    ["2024-01-01T24:00:00.000Z", R(G.calendar)],
    ["0000-00-00T00:00:00.000Z", rolled(0, 0, 0, 0, 0, 0, 0)],
    ["9999-99-00T99:99:99.999Z", rolled(9999, 99, 0, 99, 99, 99, 999)],
  ];
  for (const [s, want] of cases) {
    assert.equal(show(parse, J(s), [G.instant]), want, s);
    if (want === R(G.calendar)) {
      const [y, mo, d, h, mi, sec, ms] = s.match(/[0-9]+/g).map(Number);
      assert.equal(show(parse, J(s), [G.instant, G.calendar]), rolled(y, mo, d, h, mi, sec, ms), s);
    }
  }
});

test("ignore semantics on random field values", () => {
  const r = rng(7);
  let rolledInstants = 0;
  let shadowed = 0;
  for (let i = 0; i < 20000; i++) {
    const f = [Math.floor(r() * 10000), Math.floor(r() * 100), Math.floor(r() * 100), Math.floor(r() * 100),
      Math.floor(r() * 100), Math.floor(r() * 100), Math.floor(r() * 1000)];
    if (i % 2) f[3] = 24;
    const str = `${pad(f[0], 4)}-${pad(f[1], 2)}-${pad(f[2], 2)}T${pad(f[3], 2)}:${pad(f[4], 2)}:${pad(f[5], 2)}.${pad(f[6], 3)}Z`;
    const want = oracle(str);
    // Both ignored: always the rolled value.
    assert.equal(show(parse, J(str), [G.instant, G.calendar]), rolled(...f), str);
    if (want === R(G.instant)) {
      const calendar = f[2] > foldedMonthLength(f[0], f[1]) || (f[3] === 24 && f[4] === 0 && f[5] === 0 && f[6] === 0);
      const got = show(parse, J(str), [G.instant]);
      assert.equal(got, calendar ? R(G.calendar) : rolled(...f), str);
      if (calendar) shadowed++;
      else rolledInstants++;
      assert.equal(show(parse, J(str), [G.calendar]), R(G.instant), str);
    } else if (want === R(G.calendar)) {
      assert.equal(show(parse, J(str), [G.calendar]), String(Date.parse(str)), str);
      assert.equal(show(parse, J(str), [G.instant]), R(G.calendar), str);
    } else {
      assert.equal(show(parse, J(str), [G.instant]), want, str);
    }
  }
  assert.ok(rolledInstants > 1000 && shadowed > 1000, `${rolledInstants} ${shadowed}`);
});

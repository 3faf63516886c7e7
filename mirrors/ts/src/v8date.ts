// v8date/1 `parse` (spec/v8date.md): the browser order ticket's timestamp
// validator, which emulates V8's Date.parse on strings of the wire's shape
// (seed 001 section 4). Input: a JSON value input (jsonvalue.ts, guard
// v8date.input) that must be a string (v8date.type). Output: epoch
// milliseconds, decimal ASCII, `-` before 1970.
//
// Rules, in order; the first that fails wins:
//   1. shape YYYY-MM-DDTHH:MM:SS.mmmZ, 24 ASCII units, whole string
//      (v8date.shape; no accept path, so fail()).
//   2. what V8 refuses (Date.parse is NaN), v8date.instant: month 00 or
//      above 12, day 00 or above 31, hour above 24, minute above 59, second
//      above 59, hour 24 with a non-zero minute, second or millisecond.
//   3. what V8 rolls over, v8date.calendar: a day above the month's length
//      (proleptic Gregorian, year 0000 a leap year), or exactly
//      24:00:00.000.
//   4. the value, by days-from-civil arithmetic (civil.ts).
//
// Ignored v8date.instant: rule 3 still applies, with a month outside 01-12
// first folded into its year as MakeDay does (month 13 is January of the
// next year), so day 32 is then v8date.calendar, while day 00, month 00 or
// 13, hour 24 with non-zero parts, hour 25 and a minute or second of 60 pass
// and roll over. Ignored v8date.calendar: the rolled
// value (MakeDay/MakeTime, what Date.parse returns) is the output. Ignored
// v8date.shape: no accept path, as for v8date.type.
//
// Date and Date.parse are never called here: Node's Date.parse is the
// oracle of this module's tests.

import { TIMESTAMP_SHAPE, fields, fieldsMillis, foldMonth, monthLength } from "./civil.js";
import { parseValue, whereIn } from "./jsonvalue.js";
import { fail, refuse, table } from "./refusal.js";
import { encodeGeneralized } from "./utf8.js";

/** The contract this module implements (spec/v8date.md). */
export const CONTRACT = "v8date/1";

/** spec/v8date.md, "Refusals", in table order. */
export const REFUSALS = table(CONTRACT, {
  input: ["v8date.input", "input is not valid JSON"],
  type: ["v8date.type", "value is not a string"],
  shape: ["v8date.shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"],
  instant: ["v8date.instant", "timestamp is not a real instant"],
  calendar: ["v8date.calendar", "timestamp is not a real calendar date"],
});

const V8DATE = REFUSALS;
/** The input itself, as a refusal's location. */
const ROOT = whereIn();

/** v8date/1 `parse` (spec "Rules"): epoch milliseconds as decimal ASCII, or throws a Refusal. */
export function parse(input: Uint8Array): Uint8Array {
  const v = parseValue(input, V8DATE.input);
  if (v.type !== "string") fail(V8DATE.type, ROOT);
  const s = v.value;
  if (!TIMESTAMP_SHAPE.test(s)) fail(V8DATE.shape, ROOT);
  const f = fields(s);
  const hour24 = f.hour === 24;
  const zeroAfterHour = f.minute === 0 && f.second === 0 && f.milli === 0;
  const nan =
    f.month < 1 ||
    f.month > 12 ||
    f.day < 1 ||
    f.day > 31 ||
    f.hour > 24 ||
    f.minute > 59 ||
    f.second > 59 ||
    (hour24 && !zeroAfterHour);
  if (nan) refuse(V8DATE.instant, ROOT);
  const folded = foldMonth(f.year, f.month);
  if (f.day > monthLength(folded.year, folded.month) || (hour24 && zeroAfterHour)) refuse(V8DATE.calendar, ROOT);
  return encodeGeneralized(String(fieldsMillis(f)));
}

/** The operations of v8date/1 (spec/v8date.md, "Operations"). */
export const OPERATIONS = Object.freeze({ parse });

// Calendar arithmetic shared by the contracts that read timestamps of the
// shape YYYY-MM-DDTHH:MM:SS.mmmZ: H. Hinnant's days-from-civil algorithm,
// and the ECMAScript MakeDay / MakeTime / MakeDate composition (ECMA-262
// 21.4.1), which is how V8 rolls fields over (month 13 is January of the
// next year, day 0 the last day of the previous month, hour 24 the next
// day). Never Date or Date.parse: in this mirror those are the oracle of
// the tests, not the implementation.
//
// Every field here is a small non-negative integer (at most 4 digits), so
// all intermediate values stay far inside the safe-integer range.

const MS_PER_DAY = 86400000;

/** Whether y is a leap year of the proleptic Gregorian calendar (year 0 is). */
export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** The number of days of month m (1-12) of year y. */
export function monthLength(y: number, m: number): number {
  switch (m) {
    case 2:
      return isLeapYear(y) ? 29 : 28;
    case 4:
    case 6:
    case 9:
    case 11:
      return 30;
    default:
      return 31;
  }
}

/**
 * Days from 1970-01-01 to y-m-d, for a real month m (1-12) and a day d of
 * any size (it is added linearly). H. Hinnant, "chrono-Compatible Low-Level
 * Date Algorithms", days_from_civil.
 */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400; // [0, 399]
  const mp = m > 2 ? m - 3 : m + 9; // [0, 11], March = 0
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1; // from March 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Epoch milliseconds of the fields as given, rolled over as ECMAScript's
 * MakeDate(MakeDay(year, month - 1, day), MakeTime(h, min, s, ms)) rolls
 * them: the month is first folded into the year, then the day, hours,
 * minutes, seconds and milliseconds are added linearly.
 */
/**
 * The (year, month) of a month number of any size, folded into its year as
 * ECMAScript's MakeDay folds it: month 13 is January of the next year,
 * month 0 December of the previous one.
 */
export function foldMonth(year: number, month: number): { year: number; month: number } {
  const m0 = month - 1;
  const carry = Math.floor(m0 / 12);
  return { year: year + carry, month: m0 - carry * 12 + 1 };
}

export function epochMillis(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  milli: number,
): number {
  const f = foldMonth(year, month); // month 00 up to 99
  const days = daysFromCivil(f.year, f.month, 1) + (day - 1);
  return days * MS_PER_DAY + hour * 3600000 + minute * 60000 + second * 1000 + milli;
}

/** The seven numeric fields of a YYYY-MM-DDTHH:MM:SS.mmmZ string of that shape. */
export interface Fields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly milli: number;
}

/** The shape of both contracts: 24 ASCII units, whole string, no `m` flag. */
export const TIMESTAMP_SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$/;

function digits(s: string, from: number, n: number): number {
  let v = 0;
  for (let i = from; i < from + n; i++) v = v * 10 + (s.charCodeAt(i) - 0x30);
  return v;
}

/** Reads the fields of a string that matches TIMESTAMP_SHAPE. */
export function fields(s: string): Fields {
  return {
    year: digits(s, 0, 4),
    month: digits(s, 5, 2),
    day: digits(s, 8, 2),
    hour: digits(s, 11, 2),
    minute: digits(s, 14, 2),
    second: digits(s, 17, 2),
    milli: digits(s, 20, 3),
  };
}

/** epochMillis of parsed fields. */
export function fieldsMillis(f: Fields): number {
  return epochMillis(f.year, f.month, f.day, f.hour, f.minute, f.second, f.milli);
}


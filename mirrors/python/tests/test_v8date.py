"""v8date/1 · parse (spec/v8date.md), against Node's own Date.parse.

Node is the oracle (it must be on the machine: a missing ``node`` is a
failure, never a skip). It is run once, on a batch of ISO-shaped strings
covering every field edge, and for each string answers:

- ``Date.parse(s)`` is NaN: ``timestamp is not a real instant``;
- ``new Date(n).toISOString()`` differs from s: ``timestamp is not a real
  calendar date``;
- otherwise the milliseconds, which must equal the mirror's output;
- and, for the ignore semantics, the value V8 gives for the rolled fields
  (``setUTCFullYear`` / ``setUTCHours``, which roll over as MakeDay and
  MakeTime do and, unlike ``Date.UTC``, do not map years 0-99 to 19xx).
"""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import v8date  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.v8date import (  # noqa: E402
    CALENDAR as V8DATE_CALENDAR,
    INSTANT as V8DATE_INSTANT,
    SHAPE as V8DATE_SHAPE,
    TYPE as V8DATE_TYPE,
)

ORACLE = r"""
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map((s) => {
  const n = Date.parse(s);
  const f = s.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/).slice(1).map(Number);
  const t = new Date(0);
  t.setUTCFullYear(f[0], f[1] - 1, f[2]);
  t.setUTCHours(f[3], f[4], f[5], f[6]);
  return [Number.isNaN(n) ? null : n, Number.isNaN(n) ? null : new Date(n).toISOString(), t.getTime()];
});
process.stdout.write(JSON.stringify(out));
"""

YEARS = ["0000", "0001", "0004", "0099", "0100", "0400", "1900", "1969", "1970", "2000", "2023",
         "2024", "2100", "9999"]
MONTHS = ["%02d" % m for m in range(0, 14)] + ["99"]
DAYS = ["00", "01", "28", "29", "30", "31", "32", "99"]
TIMES = [(h, mi, s, ms) for h in ("00", "23", "24", "25") for mi in ("00", "59", "60")
         for s in ("00", "59", "60") for ms in ("000", "001", "999")]


def cases() -> list[str]:
    out = []
    # every date-field edge, at the times that matter
    for y, mo, d in itertools.product(YEARS, MONTHS, DAYS):
        for h, mi, s, ms in (("00", "00", "00", "000"), ("23", "59", "59", "999"),
                             ("24", "00", "00", "000"), ("24", "00", "00", "001")):
            out.append(f"{y}-{mo}-{d}T{h}:{mi}:{s}.{ms}Z")
    # every time-field edge, on dates that matter
    for y, mo, d in [("2024", "02", "29"), ("2023", "02", "28"), ("0000", "12", "31"),
                     ("9999", "12", "31"), ("1970", "01", "01"), ("1969", "12", "31"),
                     ("0000", "02", "29"), ("2023", "02", "29"), ("2024", "04", "31")]:
        for h, mi, s, ms in TIMES:
            out.append(f"{y}-{mo}-{d}T{h}:{mi}:{s}.{ms}Z")
    # random valid instants
    rng = random.Random(262)
    for _ in range(500):
        year = rng.randint(0, 9999)
        month = rng.randint(1, 12)
        day = rng.randint(1, 28)
        out.append("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
            year, month, day, rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999)))
    return out


def node_oracle(strings: list[str]) -> list:
    node = shutil.which("node")
    if node is None:
        raise AssertionError("node is not on PATH: the v8date oracle is required, not optional")
    proc = subprocess.run([node, "-e", ORACLE], input=json.dumps(strings).encode("ascii"),
                          capture_output=True, timeout=120)
    if proc.returncode != 0:
        raise AssertionError(f"node failed: {proc.stderr[-2000:]!r}")
    answers = json.loads(proc.stdout)
    assert len(answers) == len(strings)
    return answers


def parse(s: str) -> str:
    try:
        return v8date.parse(json.dumps(s).encode("ascii")).decode("ascii")
    except Refusal as refusal:
        return refusal.message


class AgainstNode(unittest.TestCase):
    strings: list[str]
    answers: list

    @classmethod
    def setUpClass(cls) -> None:
        cls.strings = cases()
        cls.answers = node_oracle(cls.strings)

    def test_batch_size(self) -> None:
        self.assertGreater(len(self.strings), 5000)

    def test_date_parse(self) -> None:
        mismatches = []
        seen = set()
        for s, (n, iso, _) in zip(self.strings, self.answers):
            if n is None:
                expected = V8DATE_INSTANT.message
            elif iso != s:
                expected = V8DATE_CALENDAR.message
            else:
                expected = str(n)
            seen.add(expected if not expected[0] in "-0123456789" else "ms")
            got = parse(s)
            if got != expected:
                mismatches.append((s, expected, got))
        self.assertEqual(mismatches[:20], [])
        self.assertEqual(seen, {V8DATE_INSTANT.message, V8DATE_CALENDAR.message, "ms"})

    def test_ignored_guards_give_the_rolled_value(self) -> None:
        mismatches = []
        with ignoring(V8DATE_INSTANT, V8DATE_CALENDAR):
            for s, (_, _, rolled) in zip(self.strings, self.answers):
                if parse(s) != str(rolled):
                    mismatches.append((s, rolled, parse(s)))
        self.assertEqual(mismatches[:20], [])

    def test_ignored_calendar_is_date_parse(self) -> None:
        mismatches = []
        with ignoring(V8DATE_CALENDAR):
            for s, (n, _, _) in zip(self.strings, self.answers):
                if n is not None and parse(s) != str(n):
                    mismatches.append((s, n, parse(s)))
        self.assertEqual(mismatches[:20], [])


class Rules(unittest.TestCase):
    def test_values(self) -> None:
        self.assertEqual(parse("1970-01-01T00:00:00.000Z"), "0")
        self.assertEqual(parse("0000-01-01T00:00:00.000Z"), "-62167219200000")
        self.assertEqual(parse("0000-02-29T00:00:00.000Z"), "-62162121600000")  # 0000 is leap
        self.assertEqual(parse("9999-12-31T23:59:59.999Z"), "253402300799999")

    def test_shape(self) -> None:
        for s in ["2024-01-01T00:00:00.000Z\n", "2024-01-01T00:00:00Z", "2024-01-01t00:00:00.000Z",
                  "2024-01-01T00:00:00.000z", "2024-01-01T00:00:00.0000Z", "+002024-01-01T00:00:00.000Z",
                  "\uff12024-01-01T00:00:00.000Z", "2024-01-01", ""]:
            self.assertEqual(parse(s), V8DATE_SHAPE.message, msg=repr(s))
        with ignoring(V8DATE_SHAPE):
            self.assertEqual(parse("2024-01-01T00:00:00Z"), V8DATE_SHAPE.message)

    def test_type(self) -> None:
        for text in [b"0", b"null", b'["1970-01-01T00:00:00.000Z"]', b"{}"]:
            with self.assertRaises(Refusal) as cm:
                v8date.parse(text)
            self.assertEqual(cm.exception.guard, V8DATE_TYPE)

    def test_order(self) -> None:
        # instant before calendar: day 32 is NaN in V8, whatever the month
        self.assertEqual(parse("2024-02-32T00:00:00.000Z"), V8DATE_INSTANT.message)
        self.assertEqual(parse("2024-02-30T24:00:00.001Z"), V8DATE_INSTANT.message)
        self.assertEqual(parse("2024-02-30T24:00:00.000Z"), V8DATE_CALENDAR.message)

    def test_ignored_instant_then_calendar(self) -> None:
        # With the instant guard ignored, the calendar check still runs on
        # the fields: a month outside 01-12 is rolled into its year first.
        with ignoring(V8DATE_INSTANT):
            self.assertEqual(parse("2024-01-01T23:60:00.000Z"), parse("2024-01-02T00:00:00.000Z"))
            self.assertEqual(parse("2024-01-01T24:00:00.001Z"), str(int(parse("2024-01-02T00:00:00.000Z")) + 1))
            self.assertEqual(parse("2024-13-15T00:00:00.000Z"), parse("2025-01-15T00:00:00.000Z"))
            self.assertEqual(parse("2024-00-31T00:00:00.000Z"), parse("2023-12-31T00:00:00.000Z"))
            self.assertEqual(parse("2024-03-00T00:00:00.000Z"), parse("2024-02-29T00:00:00.000Z"))
            self.assertEqual(parse("2024-01-32T00:00:00.000Z"), V8DATE_CALENDAR.message)
            self.assertEqual(parse("2024-14-30T00:00:00.000Z"), V8DATE_CALENDAR.message)  # Feb 2025
            self.assertEqual(parse("2024-01-01T25:00:00.000Z"), parse("2024-01-02T01:00:00.000Z"))
        with ignoring(V8DATE_CALENDAR):
            self.assertEqual(parse("2024-01-01T24:00:00.000Z"), parse("2024-01-02T00:00:00.000Z"))
            self.assertEqual(parse("2023-02-31T00:00:00.000Z"), parse("2023-03-03T00:00:00.000Z"))
            self.assertEqual(parse("2024-01-32T00:00:00.000Z"), V8DATE_INSTANT.message)


if __name__ == "__main__":
    unittest.main()

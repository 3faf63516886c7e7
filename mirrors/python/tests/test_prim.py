"""prim/1 (spec/prim.md): every rule at its bound and just past it, the
ignore semantics and the precedence; timestamps against ``datetime``."""

from __future__ import annotations

import base64
import datetime
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import civil, prim  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.prim import (  # noqa: E402
    B64_ALPHABET as PRIM_B64_ALPHABET,
    B64_CANONICAL as PRIM_B64_CANONICAL,
    B64_LENGTH as PRIM_B64_LENGTH,
    DISPLAY_CHAR as PRIM_DISPLAY_CHAR,
    DISPLAY_LENGTH as PRIM_DISPLAY_LENGTH,
    INTEGER as PRIM_INTEGER,
    INTEGER_RANGE as PRIM_INTEGER_RANGE,
    SET_ORDER as PRIM_SET_ORDER,
    SET_REPEAT as PRIM_SET_REPEAT,
    STRING_CONTROL as PRIM_STRING_CONTROL,
    STRING_LENGTH as PRIM_STRING_LENGTH,
    STRING_SURROGATE as PRIM_STRING_SURROGATE,
    TIMESTAMP_INSTANT as PRIM_TIMESTAMP_INSTANT,
    TIMESTAMP_SHAPE as PRIM_TIMESTAMP_SHAPE,
    TOOLS_ORDER as PRIM_TOOLS_ORDER,
    TOOLS_REPEAT as PRIM_TOOLS_REPEAT,
    TYPE as PRIM_TYPE,
)


def js(value: str) -> str:
    """A JSON string literal for ``value``, every non-ASCII unit escaped (lone
    surrogates included)."""
    out = ['"']
    for unit in value.encode("utf-16-be", "surrogatepass").hex(" ", 2).split():
        c = int(unit, 16)
        if c == 0x22 or c == 0x5C or c < 0x20 or c > 0x7E:
            out.append("\\u%04x" % c)
        else:
            out.append(chr(c))
    out.append('"')
    return "".join(out)


class Case(unittest.TestCase):
    def run_op(self, op: str, text: str) -> bytes:
        return prim.OPERATIONS[op](text.encode("utf-8"))

    def assertOut(self, op: str, text: str, expected: bytes) -> None:
        self.assertEqual(self.run_op(op, text), expected, msg=f"{op} {text[:80]}")

    def assertRefused(self, op: str, text: str, guard) -> None:
        with self.assertRaises(Refusal, msg=f"{op} {text[:80]}") as cm:
            self.run_op(op, text)
        self.assertEqual(cm.exception.message, guard.message, msg=f"{op} {text[:80]}")
        self.assertEqual(cm.exception.code, guard.code)


class TypeGuard(Case):
    WRONG = {
        "timestamp": ["1", "null", "[]", "{}", "true", '["2024-01-01T00:00:00.000Z"]'],
        "integer": ['"1"', "null", "[1]", "{}", "true"],
        "positive-integer": ['"1"', "null", "[1]", "false"],
        "string": ["1", "null", '["a"]', "{}"],
        "safe-display": ["1", "null", '["a"]'],
        "sorted-set": ['"a"', "{}", "[1]", '["a",null]', '[["a"]]', '["a",1]', "null"],
        "tool-list": ['{"name":"a","version":1}', '[{"name":"a"}]', '[{"version":1}]',
                      '[{"name":"a","version":1,"x":1}]', '[{"name":1,"version":1}]',
                      '[{"name":"a","version":"1"}]', '["a"]', "[[]]", '[{"name":null,"version":1}]'],
        "base64url": ["1", "null", "[]"],
        "utf8-length": ["1", "null", "[]", "{}"],
    }

    def test_wrong_types(self) -> None:
        for op, texts in self.WRONG.items():
            for text in texts:
                self.assertRefused(op, text, PRIM_TYPE)

    def test_type_before_member_rules(self) -> None:
        self.assertRefused("sorted-set", '["\\u0000",1]', PRIM_TYPE)
        self.assertRefused("tool-list", '[{"name":"\\u0000","version":0},{"name":"a"}]', PRIM_TYPE)

    def test_type_guard_has_no_accept_path(self) -> None:
        with ignoring(PRIM_TYPE):
            self.assertRefused("integer", '"1"', PRIM_TYPE)
            self.assertRefused("sorted-set", '["a",1]', PRIM_TYPE)


class Timestamp(Case):
    def test_bounds(self) -> None:
        self.assertOut("timestamp", '"0001-01-01T00:00:00.000Z"', b"-62135596800000")
        self.assertOut("timestamp", '"9999-12-31T23:59:59.999Z"', b"253402300799999")
        self.assertOut("timestamp", '"1970-01-01T00:00:00.000Z"', b"0")
        self.assertOut("timestamp", '"1969-12-31T23:59:59.999Z"', b"-1")
        self.assertOut("timestamp", '"1970-01-01T00:00:00.001Z"', b"1")
        self.assertOut("timestamp", '"2024-02-29T12:00:00.000Z"', b"1709208000000")
        self.assertOut("timestamp", '"2000-02-29T00:00:00.000Z"', b"951782400000")

    def test_shape(self) -> None:
        for s in [
            "2024-01-01T00:00:00.000Z\n", "2024-01-01T00:00:00.000Z ", " 2024-01-01T00:00:00.000Z",
            "2024-01-01T00:00:00Z", "2024-01-01T00:00:00.00Z", "2024-01-01T00:00:00.0000Z",
            "2024-01-01t00:00:00.000Z", "2024-01-01T00:00:00.000z", "2024-01-01 00:00:00.000Z",
            "2024-01-01T00:00:00.000+00:00", "+02024-01-01T00:00:00.000Z", "-002024-01-01T00:00:00.000Z",
            "\uff12024-01-01T00:00:00.000Z",  # fullwidth 2
            "\u0662024-01-01T00:00:00.000Z",  # Arabic-Indic 2
            "2024-1-01T00:00:00.000Z", "2024/01/01T00:00:00.000Z", "", "Z",
            "2024-01-01T00:00:00,000Z", "2024-01-01T00:00:00.000\U0001f600",
        ]:
            self.assertRefused("timestamp", js(s), PRIM_TIMESTAMP_SHAPE)
        with ignoring(PRIM_TIMESTAMP_SHAPE):  # no accept path
            self.assertRefused("timestamp", js("2024-01-01T00:00:00Z"), PRIM_TIMESTAMP_SHAPE)

    def test_not_an_instant(self) -> None:
        for s in [
            "0000-01-01T00:00:00.000Z", "2024-00-01T00:00:00.000Z", "2024-13-01T00:00:00.000Z",
            "2024-01-00T00:00:00.000Z", "2024-01-32T00:00:00.000Z", "2023-02-29T00:00:00.000Z",
            "1900-02-29T00:00:00.000Z", "2100-02-29T00:00:00.000Z", "2024-02-30T00:00:00.000Z",
            "2024-04-31T00:00:00.000Z", "2024-06-31T00:00:00.000Z", "2024-09-31T00:00:00.000Z",
            "2024-11-31T00:00:00.000Z", "2024-01-01T24:00:00.000Z", "2024-01-01T23:60:00.000Z",
            "2024-01-01T23:59:60.000Z", "2016-12-31T23:59:60.000Z", "2024-01-01T99:99:99.999Z",
        ]:
            self.assertRefused("timestamp", js(s), PRIM_TIMESTAMP_INSTANT)
        for s in ["2024-01-31T00:00:00.000Z", "2024-04-30T00:00:00.000Z", "2023-02-28T00:00:00.000Z",
                  "2024-02-29T00:00:00.000Z", "2000-02-29T00:00:00.000Z", "2024-12-31T23:59:59.999Z"]:
            self.run_op("timestamp", js(s))

    def test_ignored_instant_rolls_over(self) -> None:
        def ms(s: str) -> bytes:
            return self.run_op("timestamp", js(s))

        with ignoring(PRIM_TIMESTAMP_INSTANT):
            self.assertEqual(ms("2024-01-32T00:00:00.000Z"), ms("2024-02-01T00:00:00.000Z"))
            self.assertEqual(ms("2024-01-01T24:00:00.000Z"), ms("2024-01-02T00:00:00.000Z"))
            self.assertEqual(ms("2023-02-29T00:00:00.000Z"), ms("2023-03-01T00:00:00.000Z"))
            self.assertEqual(ms("2024-13-01T00:00:00.000Z"), ms("2025-01-01T00:00:00.000Z"))
            self.assertEqual(ms("2024-00-01T00:00:00.000Z"), ms("2023-12-01T00:00:00.000Z"))
            self.assertEqual(ms("2024-03-00T00:00:00.000Z"), ms("2024-02-29T00:00:00.000Z"))
            self.assertEqual(ms("2024-01-01T23:60:00.000Z"), ms("2024-01-02T00:00:00.000Z"))
            self.assertEqual(ms("2024-01-01T23:59:60.000Z"), ms("2024-01-02T00:00:00.000Z"))
            self.assertEqual(ms("9999-12-31T24:00:00.000Z"), b"253402300800000")
            # year 0000 (proleptic, a leap year) is 366 days before 0001
            self.assertEqual(ms("0000-01-01T00:00:00.000Z"), str(-62135596800000 - 366 * 86400000).encode())
            self.assertEqual(ms("2024-99-99T99:99:99.999Z"),
                             str(civil.epoch_ms(2024, 99, 99, 99, 99, 99, 999)).encode())

    def test_against_datetime_random_instants(self) -> None:
        rng = random.Random(8032)
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        lo, hi = -62135596800000, 253402300799999
        samples = [lo, hi, 0, -1, 1] + [rng.randint(lo, hi) for _ in range(3000)]
        for n in samples:
            t = epoch + datetime.timedelta(milliseconds=n)
            s = t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)
            if t.year < 1000:
                s = "%04d" % t.year + s[s.index("-"):]  # strftime may not pad %Y
            self.assertEqual(self.run_op("timestamp", js(s)), str(n).encode(), msg=s)

    def test_against_datetime_field_edges(self) -> None:
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        checked = 0
        for y in (0, 1, 4, 100, 400, 1900, 1969, 1970, 2000, 2023, 2024, 2100, 9999):
            for mo in range(0, 14):
                for d in (0, 1, 28, 29, 30, 31, 32):
                    for h, mi, sec, ms in ((0, 0, 0, 0), (23, 59, 59, 999), (24, 0, 0, 0),
                                           (23, 60, 0, 0), (23, 59, 60, 0)):
                        s = "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, mo, d, h, mi, sec, ms)
                        try:
                            t = datetime.datetime(y, mo, d, h, mi, sec, ms * 1000,
                                                  tzinfo=datetime.timezone.utc)
                        except ValueError:
                            t = None
                        if t is None:
                            self.assertRefused("timestamp", js(s), PRIM_TIMESTAMP_INSTANT)
                        else:
                            expected = (t - epoch) // datetime.timedelta(milliseconds=1)
                            self.assertEqual(self.run_op("timestamp", js(s)), str(expected).encode(), msg=s)
                        checked += 1
        self.assertEqual(checked, 13 * 14 * 7 * 5)


class Integer(Case):
    def test_accepted(self) -> None:
        for op in ("integer", "positive-integer"):
            self.assertOut(op, "1", b"1")
            self.assertOut(op, "9007199254740991", b"9007199254740991")
            self.assertOut(op, " 42 ", b"42")
        self.assertOut("integer", "0", b"0")

    def test_not_an_integer(self) -> None:
        for op in ("integer", "positive-integer"):
            for text in ["1.0", "1e2", "1E0", "0.5", "4.0", "1e400", "-1.5", "-0.0", "1E+2", "1e-2",
                         "9007199254740991.0"]:
                self.assertRefused(op, text, PRIM_INTEGER)

    def test_out_of_range(self) -> None:
        for op in ("integer", "positive-integer"):
            for text in ["-1", "-0", "9007199254740992", "9007199254740993", "10000000000000000",
                         "99999999999999999999", "1" * 5000, "-9007199254740991"]:
                self.assertRefused(op, text, PRIM_INTEGER_RANGE)
        self.assertRefused("positive-integer", "0", PRIM_INTEGER_RANGE)

    def test_ignored_integer_uses_the_integer_part(self) -> None:
        with ignoring(PRIM_INTEGER):
            self.assertOut("integer", "1.0", b"1")
            self.assertOut("integer", "1e2", b"1")
            self.assertOut("integer", "1E0", b"1")
            self.assertOut("integer", "0.5", b"0")
            self.assertOut("integer", "9007199254740991.9", b"9007199254740991")
            self.assertRefused("integer", "9007199254740992.0", PRIM_INTEGER_RANGE)
            self.assertRefused("integer", "-1.5", PRIM_INTEGER_RANGE)
            self.assertRefused("positive-integer", "0.5", PRIM_INTEGER_RANGE)
            self.assertOut("positive-integer", "7e9", b"7")

    def test_ignored_range_keeps_the_value(self) -> None:
        with ignoring(PRIM_INTEGER_RANGE):
            self.assertOut("integer", "-5", b"-5")
            self.assertOut("integer", "-0", b"0")
            self.assertOut("integer", "9007199254740992", b"9007199254740992")
            self.assertOut("integer", "1" * 5000, b"1" * 5000)  # no int() digit limit
            self.assertOut("positive-integer", "0", b"0")
            self.assertRefused("integer", "1.5", PRIM_INTEGER)
        with ignoring(PRIM_INTEGER, PRIM_INTEGER_RANGE):
            self.assertOut("integer", "-1.5", b"-1")
            self.assertOut("integer", "-0.5", b"0")


class String(Case):
    def test_accepted(self) -> None:
        self.assertOut("string", '""', b"")
        self.assertOut("string", js("a \u00a0\u00e9\u20ac\U0001f600~"), "a \u00a0\u00e9\u20ac\U0001f600~".encode())
        self.assertOut("string", js("\u2028\u202e\ufeff\u200b"), "\u2028\u202e\ufeff\u200b".encode())

    def test_controls(self) -> None:
        for c in ["\x00", "\x1f", "\x7f", "\x80", "\x85", "\x9f", "\t", "\n"]:
            self.assertRefused("string", js("a" + c + "b"), PRIM_STRING_CONTROL)
        for c in ["\x20", "\x7e", "\xa0"]:
            self.assertOut("string", js(c), c.encode())

    def test_surrogates(self) -> None:
        for text in [r'"\ud800"', r'"a\udbff"', r'"\udc00"', r'"\udfff"', r'"\udc00\ud800"',
                     r'"\ud800a\udc00"', r'"\ud83d\ud83d\ude00"', '"\\ud83d\U0001f600"',
                     r'"\ud83d\ude00\ude00"']:
            self.assertRefused("string", text, PRIM_STRING_SURROGATE)
        self.assertOut("string", r'"\ud83d\ude00"', "\U0001f600".encode())

    def test_first_offending_unit_wins(self) -> None:
        self.assertRefused("string", r'"\ud800\u0000"', PRIM_STRING_SURROGATE)
        self.assertRefused("string", r'"\u0000\ud800"', PRIM_STRING_CONTROL)
        self.assertRefused("string", js("\x00" + "a" * 300), PRIM_STRING_CONTROL)
        self.assertRefused("string", js("a" * 300 + "\udc00"), PRIM_STRING_SURROGATE)

    def test_length_counts_scalar_values(self) -> None:
        self.assertOut("string", js("a" * 256), b"a" * 256)
        self.assertRefused("string", js("a" * 257), PRIM_STRING_LENGTH)
        astral = "\U0001f600"
        self.assertOut("string", js(astral * 256), astral.encode() * 256)  # 512 UTF-16 units
        self.assertRefused("string", js(astral * 257), PRIM_STRING_LENGTH)
        self.assertOut("string", js("\u00e9" * 256), "\u00e9".encode() * 256)  # 512 UTF-8 bytes
        self.assertOut("string", js("a" * 255 + astral), b"a" * 255 + astral.encode())

    def test_ignored(self) -> None:
        with ignoring(PRIM_STRING_SURROGATE):
            self.assertOut("string", r'"\ud800"', b"\xed\xa0\x80")
            self.assertOut("string", r'"a\udc00b"', b"a\xed\xb0\x80b")
            self.assertRefused("string", r'"\ud800\u0000"', PRIM_STRING_CONTROL)
        with ignoring(PRIM_STRING_CONTROL):
            self.assertOut("string", r'"\u0000\u0085"', b"\x00\xc2\x85")
            self.assertRefused("string", r'"\u0000\ud800"', PRIM_STRING_SURROGATE)
            self.assertRefused("string", js("\x00" * 257), PRIM_STRING_LENGTH)
        with ignoring(PRIM_STRING_LENGTH):
            self.assertOut("string", js("a" * 1000), b"a" * 1000)
        with ignoring(PRIM_STRING_SURROGATE, PRIM_STRING_LENGTH):
            # a lone surrogate counts one toward the bound
            self.assertOut("string", js("\ud800" * 300), b"\xed\xa0\x80" * 300)


class SafeDisplay(Case):
    def test_accepted(self) -> None:
        self.assertOut("safe-display", '" "', b" ")
        self.assertOut("safe-display", '"~"', b"~")
        self.assertOut("safe-display", js("".join(chr(c) for c in range(0x20, 0x7F))),
                       bytes(range(0x20, 0x7F)))
        self.assertOut("safe-display", js("x" * 256), b"x" * 256)

    def test_characters(self) -> None:
        for c in ["\x1f", "\x7f", "\x80", "\x85", "\t", "\n", "\u00e9", "\u202e", "\u2028", "\u2029",
                  "\u200b", "\ufeff", "\U000e0041", "\U0001f600", "\ud800", "\uff21"]:
            self.assertRefused("safe-display", js("ok" + c), PRIM_DISPLAY_CHAR)

    def test_length(self) -> None:
        self.assertRefused("safe-display", '""', PRIM_DISPLAY_LENGTH)
        self.assertRefused("safe-display", js("x" * 257), PRIM_DISPLAY_LENGTH)
        # character rule first
        self.assertRefused("safe-display", js("x" * 300 + "\u00e9"), PRIM_DISPLAY_CHAR)

    def test_ignored(self) -> None:
        with ignoring(PRIM_DISPLAY_CHAR):
            self.assertOut("safe-display", js("\u00e9\u202e"), "\u00e9\u202e".encode())
            self.assertOut("safe-display", r'"\ud800"', b"\xed\xa0\x80")
            self.assertRefused("safe-display", js("\u00e9" * 257), PRIM_DISPLAY_LENGTH)
            self.assertOut("safe-display", js("\U0001f600" * 256), "\U0001f600".encode() * 256)
        with ignoring(PRIM_DISPLAY_LENGTH):
            self.assertOut("safe-display", '""', b"")
            self.assertOut("safe-display", js("y" * 300), b"y" * 300)


class SortedSet(Case):
    def test_accepted(self) -> None:
        for text in ["[]", '["a"]', '["A","a"]', '["a","b","c"]', '["","a"]', '["a","aa"]',
                     # code point order, not UTF-16 order: U+E000 < U+1F600
                     r'["\ue000","\ud83d\ude00"]', r'["\uffff","\ud800\udc00"]']:
            self.assertOut("sorted-set", text, b"")

    def test_order_and_repeat(self) -> None:
        self.assertRefused("sorted-set", '["b","a"]', PRIM_SET_ORDER)
        self.assertRefused("sorted-set", '["a","A"]', PRIM_SET_ORDER)
        self.assertRefused("sorted-set", '["aa","a"]', PRIM_SET_ORDER)
        self.assertRefused("sorted-set", r'["\ud83d\ude00","\ue000"]', PRIM_SET_ORDER)
        self.assertRefused("sorted-set", '["a","a"]', PRIM_SET_REPEAT)
        self.assertRefused("sorted-set", r'["a","\u0061"]', PRIM_SET_REPEAT)
        self.assertRefused("sorted-set", '["a","b","b"]', PRIM_SET_REPEAT)
        self.assertRefused("sorted-set", '["a","c","b"]', PRIM_SET_ORDER)

    def test_member_rules_first(self) -> None:
        self.assertRefused("sorted-set", r'["b","a\u0000"]', PRIM_STRING_CONTROL)
        self.assertRefused("sorted-set", r'["b","\ud800"]', PRIM_STRING_SURROGATE)
        self.assertRefused("sorted-set", js("a" * 257).join(['["b",', "]"]), PRIM_STRING_LENGTH)
        self.assertRefused("sorted-set", r'["b","a","\u0000"]', PRIM_SET_ORDER)  # first defect met

    def test_ignored(self) -> None:
        with ignoring(PRIM_SET_ORDER):
            self.assertOut("sorted-set", '["c","b","a"]', b"")
            self.assertRefused("sorted-set", '["b","a","a"]', PRIM_SET_REPEAT)
        with ignoring(PRIM_SET_REPEAT):
            self.assertOut("sorted-set", '["a","a","b"]', b"")
            self.assertRefused("sorted-set", '["a","a","0"]', PRIM_SET_ORDER)
        with ignoring(PRIM_STRING_SURROGATE):
            # a lone surrogate is the code point of its unit: U+DC00 < U+10000
            # (in UTF-16 units it would be the other way round)
            self.assertOut("sorted-set", r'["\udc00","\ud800\udc00"]', b"")
            self.assertRefused("sorted-set", r'["\ue000","\udc00"]', PRIM_SET_ORDER)


class ToolList(Case):
    @staticmethod
    def tools(*pairs) -> str:
        return "[" + ",".join('{"name":%s,"version":%s}' % (js(n), v) for n, v in pairs) + "]"

    def test_accepted(self) -> None:
        self.assertOut("tool-list", "[]", b"")
        self.assertOut("tool-list", self.tools(("a", "1")), b"")
        self.assertOut("tool-list", '[{"version":1,"name":"a"}]', b"")
        self.assertOut("tool-list", self.tools(("a", "9"), ("a", "10")), b"")  # as integers
        self.assertOut("tool-list", self.tools(("a", "2"), ("b", "1")), b"")
        self.assertOut("tool-list", self.tools(("\ue000", "5"), ("\U0001f600", "1")), b"")
        self.assertOut("tool-list", self.tools(("a", "9007199254740991")), b"")

    def test_order_and_repeat(self) -> None:
        self.assertRefused("tool-list", self.tools(("a", "10"), ("a", "9")), PRIM_TOOLS_ORDER)
        self.assertRefused("tool-list", self.tools(("b", "1"), ("a", "2")), PRIM_TOOLS_ORDER)
        self.assertRefused("tool-list", self.tools(("\U0001f600", "1"), ("\ue000", "1")), PRIM_TOOLS_ORDER)
        self.assertRefused("tool-list", self.tools(("a", "1"), ("a", "1")), PRIM_TOOLS_REPEAT)
        self.assertRefused("tool-list", self.tools(("a", "1"), ("b", "1"), ("b", "1")), PRIM_TOOLS_REPEAT)

    def test_member_rules(self) -> None:
        self.assertRefused("tool-list", self.tools(("a\x00", "1")), PRIM_STRING_CONTROL)
        self.assertRefused("tool-list", self.tools(("\udc00", "1")), PRIM_STRING_SURROGATE)
        self.assertRefused("tool-list", self.tools(("a" * 257, "1")), PRIM_STRING_LENGTH)
        self.assertRefused("tool-list", self.tools(("a", "0")), PRIM_INTEGER_RANGE)
        self.assertRefused("tool-list", self.tools(("a", "-1")), PRIM_INTEGER_RANGE)
        self.assertRefused("tool-list", self.tools(("a", "9007199254740992")), PRIM_INTEGER_RANGE)
        self.assertRefused("tool-list", self.tools(("a", "1.0")), PRIM_INTEGER)
        self.assertRefused("tool-list", self.tools(("a", "1e0")), PRIM_INTEGER)
        # name before version, version before the pair comparison
        self.assertRefused("tool-list", self.tools(("\x00", "0")), PRIM_STRING_CONTROL)
        self.assertRefused("tool-list", self.tools(("b", "1"), ("a", "0")), PRIM_INTEGER_RANGE)

    def test_ignored(self) -> None:
        with ignoring(PRIM_INTEGER):
            self.assertRefused("tool-list", self.tools(("a", "1.5"), ("a", "1")), PRIM_TOOLS_REPEAT)
            self.assertOut("tool-list", self.tools(("a", "1e9"), ("a", "2")), b"")
        with ignoring(PRIM_INTEGER_RANGE):
            self.assertOut("tool-list", self.tools(("a", "-2"), ("a", "-1"), ("a", "0"), ("a", "1")), b"")
            self.assertRefused("tool-list", self.tools(("a", "-1"), ("a", "-2")), PRIM_TOOLS_ORDER)
            self.assertRefused("tool-list", self.tools(("a", "-0"), ("a", "0")), PRIM_TOOLS_REPEAT)
            big = "1" + "0" * 5000
            self.assertOut("tool-list", self.tools(("a", big), ("a", big[:-1] + "1")), b"")
            self.assertRefused("tool-list", self.tools(("a", big), ("a", "9" * 5000)), PRIM_TOOLS_ORDER)
        with ignoring(PRIM_TOOLS_ORDER):
            self.assertOut("tool-list", self.tools(("b", "1"), ("a", "1")), b"")
            self.assertRefused("tool-list", self.tools(("b", "1"), ("a", "1"), ("a", "1")), PRIM_TOOLS_REPEAT)
        with ignoring(PRIM_TOOLS_REPEAT):
            self.assertOut("tool-list", self.tools(("a", "1"), ("a", "1")), b"")


class Base64url(Case):
    def test_round_trip(self) -> None:
        rng = random.Random(10)
        for n in (32, 64):
            for raw in [b"\x00" * n, b"\xff" * n] + [rng.randbytes(n) for _ in range(200)]:
                text = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
                self.assertEqual(len(text), 43 if n == 32 else 86)
                self.assertOut("base64url", js(text), raw)

    def test_length_in_units(self) -> None:
        for n in (0, 1, 42, 44, 85, 87, 88, 4):
            self.assertRefused("base64url", js("A" * n), PRIM_B64_LENGTH)
        self.assertRefused("base64url", js("A" * 43 + "="), PRIM_B64_LENGTH)  # padded 32 bytes
        self.assertRefused("base64url", js("A" * 86 + "=="), PRIM_B64_LENGTH)
        # 42 + one astral character: 43 code points but 44 UTF-16 units
        self.assertRefused("base64url", js("A" * 42 + "\U0001f600"), PRIM_B64_LENGTH)
        # 41 + one astral character: 43 units, so the alphabet rule speaks
        self.assertRefused("base64url", js("A" * 41 + "\U0001f600"), PRIM_B64_ALPHABET)
        self.assertRefused("base64url", js("+" * 44), PRIM_B64_LENGTH)  # length first

    def test_alphabet(self) -> None:
        for c in ["+", "/", "=", " ", "\n", ".", "\u00c0", "\uff21", "\x00", "\ud800"]:
            self.assertRefused("base64url", js("A" * 21 + c + "A" * 21), PRIM_B64_ALPHABET)
            self.assertRefused("base64url", js(c + "A" * 85), PRIM_B64_ALPHABET)
        self.assertRefused("base64url", js("A" * 42 + "="), PRIM_B64_ALPHABET)
        self.assertRefused("base64url", js("A" * 41 + "+B"), PRIM_B64_ALPHABET)  # before canonical

    def test_canonical(self) -> None:
        # 43 characters: the last one's low 2 bits are unused
        for c, ok in (("A", True), ("B", False), ("C", False), ("D", False), ("E", True), ("w", True),
                      ("_", False), ("8", True)):
            text = js("A" * 42 + c)
            if ok:
                self.run_op("base64url", text)
            else:
                self.assertRefused("base64url", text, PRIM_B64_CANONICAL)
        # 86 characters: the last one's low 4 bits are unused
        for c, ok in (("A", True), ("Q", True), ("g", True), ("w", True), ("E", False), ("I", False),
                      ("B", False), ("R", False), ("_", False)):
            text = js("A" * 85 + c)
            if ok:
                self.run_op("base64url", text)
            else:
                self.assertRefused("base64url", text, PRIM_B64_CANONICAL)

    def test_ignored(self) -> None:
        with ignoring(PRIM_B64_CANONICAL):
            self.assertOut("base64url", js("A" * 42 + "B"), b"\x00" * 32)
            self.assertOut("base64url", js("_" * 43), b"\xff" * 32)
            self.assertOut("base64url", js("_" * 86), b"\xff" * 64)
        with ignoring(PRIM_B64_LENGTH):
            self.assertOut("base64url", '""', b"")
            self.assertOut("base64url", js("AQID"), b"\x01\x02\x03")
            self.assertOut("base64url", js("AQI"), b"\x01\x02")
            self.assertOut("base64url", js("AQ"), b"\x01")
            self.assertRefused("base64url", js("AR"), PRIM_B64_CANONICAL)
            self.assertRefused("base64url", js("AQ=="), PRIM_B64_ALPHABET)
        with ignoring(PRIM_B64_ALPHABET):
            self.assertOut("base64url", js("A" * 42 + "+"), b"\x00" * 32)
            self.assertOut("base64url", js("/" * 43), b"\x00" * 32)


class Utf8Length(Case):
    def test_counts_bytes(self) -> None:
        for s in ["", "a", "\x00", "\x7f", "\x80", "\u00e9", "\u07ff", "\u0800", "\u20ac", "\uffff",
                  "\U00010000", "\U0001f600", "\U0010ffff", "a\u00e9\u20ac\U0001f600" * 100]:
            self.assertOut("utf8-length", js(s), str(len(s.encode("utf-8"))).encode())
        self.assertOut("utf8-length", js("\U0001f600" * 300), b"1200")

    def test_lone_surrogate(self) -> None:
        for text in [r'"\ud800"', r'"\udfff"', r'"a\ud83d"', r'"\ude00\ud83d"']:
            self.assertRefused("utf8-length", text, PRIM_STRING_SURROGATE)
        with ignoring(PRIM_STRING_SURROGATE):
            self.assertOut("utf8-length", r'"\ud800"', b"3")
            self.assertOut("utf8-length", r'"a\ude00\ud83d\ud83d\ude00"', b"11")


if __name__ == "__main__":
    unittest.main()

"""pyjson-ascii/1 · encode (spec/pyjson-ascii.md)."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import pyjson_ascii  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.pyjson_ascii import (  # noqa: E402
    BOM as PYJSON_BOM,
    DEPTH as PYJSON_DEPTH,
    INT_DIGITS as PYJSON_INT_DIGITS,
    SYNTAX as PYJSON_SYNTAX,
    UTF8 as PYJSON_UTF8,
)

BOM = b"\xef\xbb\xbf"


def encode(data: bytes | str) -> bytes:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return pyjson_ascii.encode(data)


class Case(unittest.TestCase):
    def assertEncodes(self, data: bytes | str, expected: bytes | str) -> None:
        if isinstance(expected, str):
            expected = expected.encode("ascii")
        self.assertEqual(encode(data), expected, msg=repr(data)[:200])

    def assertRefused(self, data: bytes | str, guard) -> None:
        with self.assertRaises(Refusal, msg=repr(data)[:200]) as cm:
            encode(data)
        self.assertEqual(cm.exception.message, guard.message, msg=repr(data)[:200])
        self.assertEqual(cm.exception.code, guard.code)


class Messages(unittest.TestCase):
    def test_messages_exact(self) -> None:
        self.assertEqual(PYJSON_BOM.message, "input begins with a UTF-8 byte order mark")
        self.assertEqual(PYJSON_UTF8.message, "input is not valid UTF-8")
        self.assertEqual(PYJSON_DEPTH.message, "nesting exceeds depth 128")
        self.assertEqual(PYJSON_SYNTAX.message, "input is not valid JSON")
        self.assertEqual(PYJSON_INT_DIGITS.message, "integer literal exceeds 4300 digits")


class Output(Case):
    def test_spec_examples(self) -> None:
        self.assertEncodes(' { "b" : 1 , "a" : [ true , false , null ] } ', '{"a":[true,false,null],"b":1}')
        cases = {
            "1.0": "1.0", "100000.0": "100000.0", "1e15": "1000000000000000.0",
            "1e16": "1e+16", "0.0001": "0.0001", "0.00001": "1e-05", "2.5": "2.5",
            "1.5e300": "1.5e+300", "5e-324": "5e-324", "-0.0": "-0.0", "-0": "0",
            "-1e-400": "-0.0", "1e-400": "0.0", "1e400": "Infinity", "-1e400": "-Infinity",
            "NaN": "NaN", "Infinity": "Infinity", "-Infinity": "-Infinity",
            "9007199254740993": "9007199254740993", "-12": "-12", "1E2": "100.0",
            "1e21": "1e+21", "1e-7": "1e-07", "123456789012345678.0": "1.2345678901234568e+17",
            "1" * 4301 + ".0": "Infinity",
        }
        for text, out in cases.items():
            self.assertEncodes(text, out)

    def test_strings(self) -> None:
        src = '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001F\\u007f\x7f\u00e9\u2028\\ud83d\\ude00\U0001f600\\ud800\\uDC00x\\udc00 /"'
        out = '"\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u007f\\u007f\\u00e9\\u2028\\ud83d\\ude00\\ud83d\\ude00\\ud800\\udc00x\\udc00 /"'
        self.assertEncodes(src.encode("utf-8"), out)

    def test_code_point_sort(self) -> None:
        # Python str order (spec/pyjson-ascii.md, "Output"), not UTF-16 unit order
        self.assertEncodes('{"\\ud800\\udc00":1,"\\ue000":2}', '{"\\ue000":2,"\\ud800\\udc00":1}')
        self.assertEncodes('{"\\ud83d\\ude00":1,"\\ue000":2}', '{"\\ue000":2,"\\ud83d\\ude00":1}')
        # lone surrogates sort by their own code point
        self.assertEncodes('{"\\ue000":1,"\\udc00":2,"\\ud7ff":3}', '{"\\ud7ff":3,"\\udc00":2,"\\ue000":1}')

    def test_duplicates_last_wins(self) -> None:
        self.assertEncodes('{"a":1,"b":2,"a":3}', '{"a":3,"b":2}')
        self.assertEncodes('{"\\ud83d\\ude00":1,"\U0001f600":2}', '{"\\ud83d\\ude00":2}')

    def test_matches_json_module(self) -> None:
        for text in ['[1,2.5,"x",{"k":[]}]', '{"z":{"y":[1e100,-0.0]}}', '"\\u00e9"', "[]", "{}"]:
            expected = json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True,
                                  separators=(",", ":")).encode("ascii")
            self.assertEncodes(text, expected)


class Refusals(Case):
    def test_bom(self) -> None:
        self.assertRefused(BOM + b"1", PYJSON_BOM)
        self.assertRefused(b" " + BOM + b"1", PYJSON_SYNTAX)

    def test_utf8(self) -> None:
        for raw in [b'"\xff"', b'"\xed\xa0\x80"', b'"\xc0\xaf"', b'"\xf4\x90\x80\x80"', b'"\xe2\x82"']:
            self.assertRefused(raw, PYJSON_UTF8)

    def test_syntax(self) -> None:
        for text in [
            "", " ", "-NaN", "+Infinity", "infinity", "nan", "01", "+1", ".5", "1.", "[1,]",
            '{"a":1,}', "'a'", '"\x01"', '"a\nb"', '"\\x"', '"\\u12"', "\f1", "\u00a01",
            "1 2", "[1]]", "\uff11", "tru", '"abc', "/*c*/1", "1\u0661", "[\u0661]", "1.\u0661",
        ]:
            self.assertRefused(text, PYJSON_SYNTAX)

    def test_depth_bounds(self) -> None:
        self.assertEncodes("[" * 128 + "]" * 128, "[" * 128 + "]" * 128)
        self.assertRefused("[" * 129 + "]" * 129, PYJSON_DEPTH)
        obj = '{"a":' * 127 + "{}" + "}" * 127
        self.assertEncodes(obj, obj)
        self.assertRefused('{"a":' * 128 + "{}" + "}" * 128, PYJSON_DEPTH)

    def test_depth_prescan_rules(self) -> None:
        # brackets inside strings do not count, escaped quotes do not end them
        inner = '"' + "[" * 200 + '\\"' + "{" * 200 + '"'
        self.assertEncodes("[" * 128 + inner + "]" * 128, "[" * 128 + inner + "]" * 128)
        # whatever else is wrong: the pre-scan runs first
        self.assertRefused("[1,,]" + "[" * 129, PYJSON_DEPTH)
        self.assertRefused("[" * 129, PYJSON_DEPTH)
        # closing brackets never take the depth below zero
        self.assertRefused("]" * 10 + "[" * 129, PYJSON_DEPTH)
        self.assertRefused("]" * 10 + "[" * 128, PYJSON_SYNTAX)
        # ']' and '}' are not matched against their openers
        self.assertRefused("[" * 64 + "}" * 64 + "[" * 128, PYJSON_SYNTAX)
        # an unterminated string hides everything after it
        self.assertRefused('"' + "[" * 200, PYJSON_SYNTAX)
        # a backslash skips the next character, even a quote
        self.assertRefused('"\\"' + "[" * 200, PYJSON_SYNTAX)
        self.assertRefused('"\\\\"' + "[" * 129, PYJSON_DEPTH)

    def test_int_digits_bounds(self) -> None:
        d4300 = "7" * 4300
        self.assertEncodes(d4300, d4300)
        self.assertEncodes("-" + d4300, "-" + d4300)
        self.assertEncodes("[" + d4300 + "]", "[" + d4300 + "]")
        self.assertRefused("7" * 4301, PYJSON_INT_DIGITS)
        self.assertRefused("-" + "7" * 4301, PYJSON_INT_DIGITS)
        self.assertRefused('{"a":' + "1" * 5000 + "}", PYJSON_INT_DIGITS)
        # not an integer literal: a float, whatever its length
        self.assertEncodes("1" * 4301 + "e0", "Infinity")
        self.assertEncodes("0." + "1" * 5000, "0.1111111111111111")

    def test_int_digits_limit_pinned(self) -> None:
        saved = sys.get_int_max_str_digits()
        try:
            sys.set_int_max_str_digits(0)  # as if PYTHONINTMAXSTRDIGITS=0
            self.assertRefused("7" * 4301, PYJSON_INT_DIGITS)
            self.assertEqual(sys.get_int_max_str_digits(), 0)  # restored
            sys.set_int_max_str_digits(100000)
            self.assertRefused("7" * 4301, PYJSON_INT_DIGITS)
            sys.set_int_max_str_digits(640)
            self.assertEncodes("7" * 4300, "7" * 4300)
        finally:
            sys.set_int_max_str_digits(saved)


class Precedence(Case):
    def test_two_defects(self) -> None:
        long_int = "1" * 4301
        cases = [
            (BOM + b'"\xff"', PYJSON_BOM),
            (b'"\xff"' + b"[" * 200, PYJSON_UTF8),
            (("[" + long_int + ",]").encode(), PYJSON_INT_DIGITS),
            (("[01," + long_int + "]").encode(), PYJSON_SYNTAX),
            (("[" + long_int + " x]").encode(), PYJSON_INT_DIGITS),
            (("[" + long_int + ".]").encode(), PYJSON_INT_DIGITS),
            (("[1,]" + long_int).encode(), PYJSON_SYNTAX),
            (('{"a":' + long_int + ' "b"}').encode(), PYJSON_INT_DIGITS),
            (("[" + long_int + "," + "[" * 200).encode(), PYJSON_DEPTH),
            ((long_int + "x").encode(), PYJSON_INT_DIGITS),
        ]
        for data, guard in cases:
            self.assertRefused(data, guard)


class Ignored(Case):
    def test_bom_skipped(self) -> None:
        with ignoring(PYJSON_BOM):
            self.assertEncodes(BOM + b"[1]", "[1]")
            self.assertRefused(BOM + BOM + b"[1]", PYJSON_SYNTAX)

    def test_utf8_lenient(self) -> None:
        with ignoring(PYJSON_UTF8):
            self.assertEncodes(b'"a\xffb\xed\xa0\x80"', '"a\\ufffdb\\ufffd\\ufffd\\ufffd"')

    def test_no_prescan(self) -> None:
        with ignoring(PYJSON_DEPTH):
            self.assertEncodes("[" * 129 + "]" * 129, "[" * 129 + "]" * 129)
            self.assertRefused("[1,,]" + "[" * 129, PYJSON_SYNTAX)

    def test_int_kept_exact(self) -> None:
        big = "12345678901" * 500
        with ignoring(PYJSON_INT_DIGITS):
            self.assertEncodes("[" + big + ",-" + big + "]", "[" + big + ",-" + big + "]")
            self.assertRefused("[" + big + ",]", PYJSON_SYNTAX)
        self.assertRefused("[" + big + "]", PYJSON_INT_DIGITS)
        # the limit is back in force
        with self.assertRaises(ValueError):
            int("1" * 5000)

    def test_syntax_never_ignored(self) -> None:
        with ignoring(PYJSON_SYNTAX):
            self.assertRefused("[1,]", PYJSON_SYNTAX)


if __name__ == "__main__":
    unittest.main()

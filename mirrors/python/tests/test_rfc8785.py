"""rfc8785/1 · canonicalize (spec/rfc8785.md)."""

from __future__ import annotations

import json
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import rfc8785  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.rfc8785 import (  # noqa: E402
    BOM as RFC8785_BOM,
    DEPTH as RFC8785_DEPTH,
    DUPLICATE as RFC8785_DUPLICATE,
    NUMBER_RANGE as RFC8785_NUMBER_RANGE,
    SURROGATE as RFC8785_SURROGATE,
    SYNTAX as RFC8785_SYNTAX,
    UTF8 as RFC8785_UTF8,
)

BOM = b"\xef\xbb\xbf"


def canon(data: bytes | str) -> bytes:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return rfc8785.canonicalize(data)


class Case(unittest.TestCase):
    def assertCanon(self, data: bytes | str, expected: bytes | str) -> None:
        if isinstance(expected, str):
            expected = expected.encode("utf-8")
        self.assertEqual(canon(data), expected, msg=repr(data)[:200])

    def assertRefused(self, data: bytes | str, guard) -> None:
        with self.assertRaises(Refusal, msg=repr(data)[:200]) as cm:
            canon(data)
        self.assertEqual(cm.exception.message, guard.message, msg=repr(data)[:200])
        self.assertEqual(cm.exception.code, guard.code)


class Messages(unittest.TestCase):
    def test_messages_exact(self) -> None:
        self.assertEqual(RFC8785_BOM.message, "input begins with a UTF-8 byte order mark")
        self.assertEqual(RFC8785_UTF8.message, "input is not valid UTF-8")
        self.assertEqual(RFC8785_SYNTAX.message, "input is not valid JSON")
        self.assertEqual(RFC8785_DEPTH.message, "nesting exceeds depth 128")
        self.assertEqual(RFC8785_DUPLICATE.message, "duplicate member name")
        self.assertEqual(RFC8785_SURROGATE.message, "string contains an unpaired surrogate")
        self.assertEqual(
            RFC8785_NUMBER_RANGE.message, "number is outside the IEEE-754 double range"
        )


class Output(Case):
    def test_structure_and_whitespace(self) -> None:
        self.assertCanon(' { "b" : [ 1 , 2 ] ,\t"a"\r\n: { } , "c":[ ] } ', '{"a":{},"b":[1,2],"c":[]}')
        self.assertCanon("[true,false,null]", "[true,false,null]")

    def test_top_level_scalars(self) -> None:
        for text, out in [("true", "true"), (" null ", "null"), ("1", "1"), ('"x"', '"x"')]:
            self.assertCanon(text, out)

    def test_numbers(self) -> None:
        cases = {
            "1e21": "1e+21",
            "1e-7": "1e-7",
            "0.000001": "0.000001",
            "5e-324": "5e-324",
            "9007199254740993": "9007199254740992",
            "9007199254740991": "9007199254740991",
            "9007199254740992": "9007199254740992",
            "-0": "0",
            "-0.0": "0",
            "-1e-400": "0",
            "1e-400": "0",
            "1.0": "1",
            "100": "100",
            "1E2": "100",
            "1e+2": "100",
            "123e-2": "1.23",
            "1e20": "100000000000000000000",
            "123456789012345678901": "123456789012345680000",
            "1234567890123456789012": "1.2345678901234568e+21",
            "0.0000001": "1e-7",
            "0.00000123": "0.00000123",
            "0.000000123": "1.23e-7",
            "-1.5e300": "-1.5e+300",
            "1.7976931348623157e308": "1.7976931348623157e+308",
            "2.2250738585072014e-308": "2.2250738585072014e-308",
            "4.9406564584124654e-324": "5e-324",
            "2.4703282292062328e-324": "5e-324",  # just above half: rounds up
            "2.4703282292062327e-324": "0",  # just below half: rounds to 0
            "0.1": "0.1",
            "-0.5": "-0.5",
            "1" + "0" * 308: "1e+308",
            "333333333.33333329": "333333333.3333333",
            "1e23": "1e+23",
        }
        for text, out in cases.items():
            self.assertCanon(text, out)
            self.assertCanon("[" + text + "]", "[" + out + "]")

    def test_number_range(self) -> None:
        for text in ["1e400", "-1e400", "1" + "0" * 400, "-" + "9" * 400, "1.8e308"]:
            self.assertRefused(text, RFC8785_NUMBER_RANGE)
        self.assertCanon("1.7976931348623158e308", "1.7976931348623157e+308")  # rounds down

    def test_strings_escapes(self) -> None:
        src = r'"\"\\\/\b\f\n\r\t\u0000\u001f\u001F\u007f\u00e9\u00E9\u2028\ufeff\ud83d\ude00\uD83D\uDE00\u0041 /"'
        out = '"\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u001f\x7f\u00e9\u00e9\u2028\ufeff\U0001f600\U0001f600A /"'
        self.assertCanon(src, out)
        # every C0 control other than the named five is \u00xx, lowercase
        for c in range(0x20):
            expected = {8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r"}.get(c, "\\u%04x" % c)
            self.assertCanon('"\\u%04X"' % c, '"' + expected + '"')
        # raw non-ASCII is literal UTF-8
        self.assertCanon('"\u00e9\u2028\U0001f600\x7f"', '"\u00e9\u2028\U0001f600\x7f"')

    def test_bad_strings(self) -> None:
        for text in [
            r'"\x41"', r'"\U0041"', r'"\u12"', r'"\u12G4"', r"'a'", '"\\\'"', '"abc', '"\\',
            '"a\x00"', '"a\x1f"', '"a\nb"', '"\\u"', '"\\uD83D\\u"',
        ]:
            self.assertRefused(text, RFC8785_SYNTAX)

    def test_utf16_sort(self) -> None:
        # U+10000 (D800 DC00) sorts before U+E000 by UTF-16 units.
        self.assertCanon(r'{"\ue000":2,"\ud800\udc00":1}', '{"\U00010000":1,"\ue000":2}')
        self.assertCanon(r'{"\ud800\udc00":1,"\ue000":2}', '{"\U00010000":1,"\ue000":2}')
        self.assertCanon('{"\U00010000":1,"\ue000":2}', '{"\U00010000":1,"\ue000":2}')  # raw
        self.assertCanon('{"\ue000":2,"\U0001f600":1,"a":0,"\u00e9":3,"":4}',
                         '{"":4,"a":0,"\u00e9":3,"\U0001f600":1,"\ue000":2}')
        # cyberphone's sort example
        self.assertCanon(
            '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
            '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\U0001f600":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
        )

    def test_nested_sort(self) -> None:
        self.assertCanon('{"b":{"d":1,"c":2},"a":[{"z":1,"y":2}]}', '{"a":[{"y":2,"z":1}],"b":{"c":2,"d":1}}')


class Refusals(Case):
    def test_bom(self) -> None:
        self.assertRefused(BOM + b"1", RFC8785_BOM)
        self.assertRefused(BOM, RFC8785_BOM)
        self.assertRefused(b" " + BOM + b"1", RFC8785_SYNTAX)  # not first: a stray U+FEFF

    def test_utf8(self) -> None:
        for raw in [
            b'"\xff"', b'"\xc0\xaf"', b'"\xe0\x80\xaf"', b'"\xed\xa0\x80"', b'"\xed\xa0\x80\xed\xb0\x80"',
            b'"\xf4\x90\x80\x80"', b'"\xe2\x82"', b'"\x80"', b'"\xf8\x88\x80\x80\x80"',
        ]:
            self.assertRefused(raw, RFC8785_UTF8)
        self.assertCanon(b'"\xf4\x8f\xbf\xbf"', b'"\xf4\x8f\xbf\xbf"')  # U+10FFFF
        self.assertCanon(b'"\xef\xbf\xbf"', b'"\xef\xbf\xbf"')  # U+FFFF

    def test_syntax(self) -> None:
        for text in [
            "", " ", "NaN", "Infinity", "-Infinity", "01", "-01", "+1", ".5", "1.", "1.e5", "1e", "1e+",
            "-", "--1", "[1,]", '{"a":1,}', "[1 2]", '{"a" 1}', '{"a":}', '{a:1}', "[", "]", "{", "}",
            "[1]]", "1 2", "/*c*/1", "1//c", "tru", "truex", "nul", "[1,,2]", "[,1]", '{,"a":1}',
            "\f1", "\u00a01", "1\u00a0", "0x10", "1_0", "\uff11", "\u0661",
            '{"a":1 "b":2}', '["a" "b"]', "[true false]", "{}{}", '{"a"}', '{"a":1:2}',
        ]:
            self.assertRefused(text, RFC8785_SYNTAX)

    def test_depth_bounds(self) -> None:
        self.assertCanon("[" * 128 + "]" * 128, "[" * 128 + "]" * 128)
        self.assertRefused("[" * 129 + "]" * 129, RFC8785_DEPTH)
        obj128 = '{"a":' * 127 + "{}" + "}" * 127
        self.assertCanon(obj128, obj128)
        self.assertRefused('{"a":' * 128 + "{}" + "}" * 128, RFC8785_DEPTH)
        mixed = '[{"a":' * 64 + "1" + "}]" * 64
        self.assertCanon(mixed, mixed)
        self.assertRefused('[{"a":' * 64 + "[]" + "}]" * 64, RFC8785_DEPTH)
        # refused at the opening bracket, before the unterminated rest
        self.assertRefused("[" * 129, RFC8785_DEPTH)
        self.assertRefused("[" * 128, RFC8785_SYNTAX)

    def test_duplicates(self) -> None:
        self.assertRefused('{"a":1,"a":1}', RFC8785_DUPLICATE)
        self.assertRefused('{"a":1,"\\u0061":2}', RFC8785_DUPLICATE)
        self.assertRefused('{"\\ud83d\\ude00":1,"\U0001f600":2}', RFC8785_DUPLICATE)
        self.assertRefused('[{"x":{"a":1,"a":2}}]', RFC8785_DUPLICATE)
        self.assertCanon('{"a":{"a":1},"b":{"a":2}}', '{"a":{"a":1},"b":{"a":2}}')
        self.assertCanon('{"\u00e9":1,"e\u0301":2}', '{"e\u0301":2,"\u00e9":1}')  # no normalization

    def test_surrogates(self) -> None:
        for text in [
            r'"\ud800"', r'"\udc00"', r'"\udc00\ud800"', r'"\ud800\ud800"', r'"\ud800x\udc00"',
            r'"\ud800\n"', r'{"\ud800":1}', r'"a\udfff"', r'"\ud800\\udc00"',
        ]:
            self.assertRefused(text, RFC8785_SURROGATE)
        self.assertCanon(r'"\ud800\udc00"', '"\U00010000"')
        self.assertCanon(r'"\udbff\udfff"', '"\U0010ffff"')
        self.assertCanon(r'"\ud83d\ude00\ud83d\ude00"', '"\U0001f600\U0001f600"')


class Precedence(Case):
    def test_two_defects(self) -> None:
        cases = [
            (BOM + b'"\xff"', RFC8785_BOM),
            (b'"\xff" x', RFC8785_UTF8),
            (b'[1,] "\xff"', RFC8785_UTF8),  # UTF-8 runs over the whole input first
            (b"[" * 129 + b'"\xff"', RFC8785_UTF8),
            (b'{"a":1,"a":1e400}', RFC8785_DUPLICATE),
            (b'{"a":1e400,"a":1}', RFC8785_NUMBER_RANGE),
            (b'["\\ud800", 1e400]', RFC8785_SURROGATE),
            (b'[1e400, "\\ud800"]', RFC8785_NUMBER_RANGE),
            (b'["\\ud800\x01"]', RFC8785_SYNTAX),  # the token is scanned first
            (b'["\\ud800\\x"]', RFC8785_SYNTAX),
            (b'["\\ud800"', RFC8785_SURROGATE),  # token complete, then EOF
            (b"[1e400 x]", RFC8785_NUMBER_RANGE),
            (b"[1e400,]", RFC8785_NUMBER_RANGE),
            (b"1e4000.5", RFC8785_NUMBER_RANGE),
            (b"[1e400", RFC8785_NUMBER_RANGE),
            (b'{"\\ud800":1,"\\ud800":2}', RFC8785_SURROGATE),
            (b'{"a":1,"a" 1}', RFC8785_DUPLICATE),  # before the ':'
            (b'{"a":1,"a"', RFC8785_DUPLICATE),
            (b"[1,,]" + b"[" * 129, RFC8785_SYNTAX),
            (b"[" * 129 + b"1,,]", RFC8785_DEPTH),
            (b'{"a":1,"a":' + b"[" * 129, RFC8785_DUPLICATE),
            (b'[01, "\\ud800"]', RFC8785_SYNTAX),
            (b"[1.e400]", RFC8785_SYNTAX),
            (b"[-1e400", RFC8785_NUMBER_RANGE),
        ]
        for data, guard in cases:
            self.assertRefused(data, guard)


class Ignored(Case):
    def test_bom_skipped(self) -> None:
        with ignoring(RFC8785_BOM):
            self.assertCanon(BOM + b' {"b":1,"a":2}', '{"a":2,"b":1}')
            self.assertRefused(BOM + BOM + b"1", RFC8785_SYNTAX)

    def test_utf8_lenient(self) -> None:
        with ignoring(RFC8785_UTF8):
            self.assertCanon(b'"a\xffb"', '"a\ufffdb"')
            self.assertRefused(BOM + b"1", RFC8785_BOM)

    def test_depth_continues(self) -> None:
        with ignoring(RFC8785_DEPTH):
            for depth in (129, 5000, 200000):
                text = "[" * depth + "]" * depth
                self.assertCanon(text, text)
            text = '{"a":' * 3000 + "1" + "}" * 3000
            self.assertCanon(text, text)
            self.assertRefused("[" * 129 + "]" * 128, RFC8785_SYNTAX)

    def test_surrogate_kept(self) -> None:
        with ignoring(RFC8785_SURROGATE):
            self.assertCanon(r'"\ud800"', b'"\xed\xa0\x80"')
            self.assertCanon(r'"\udc00\ud800"', b'"\xed\xb0\x80\xed\xa0\x80"')
            self.assertCanon(r'"\ud800\ud800\udc00"', b'"\xed\xa0\x80\xf0\x90\x80\x80"')
            # lone surrogates sort by their unit
            self.assertCanon(r'{"\ue000":1,"\udc00":2,"\ud800\udc00":3}',
                             b'{"\xf0\x90\x80\x80":3,"\xed\xb0\x80":2,"\xee\x80\x80":1}')
            self.assertRefused(r'{"\ud800":1,"\ud800":2}', RFC8785_DUPLICATE)

    def test_duplicate_later_wins(self) -> None:
        with ignoring(RFC8785_DUPLICATE):
            self.assertCanon('{"a":1,"b":0,"a":2}', '{"a":2,"b":0}')
            self.assertCanon('{"a":[1],"a":{"c":1,"c":3}}', '{"a":{"c":3}}')

    def test_number_range_infinity(self) -> None:
        with ignoring(RFC8785_NUMBER_RANGE):
            self.assertCanon("[1e400,-1e400,1" + "0" * 400 + "]", "[Infinity,-Infinity,Infinity]")

    def test_syntax_never_ignored(self) -> None:
        with ignoring(RFC8785_SYNTAX):
            self.assertRefused("[1,]", RFC8785_SYNTAX)
            self.assertRefused("", RFC8785_SYNTAX)

    def test_only_named_guard(self) -> None:
        with ignoring(RFC8785_DUPLICATE):
            self.assertRefused('"\\ud800"', RFC8785_SURROGATE)
            self.assertRefused("1e400", RFC8785_NUMBER_RANGE)


class RandomDocuments(unittest.TestCase):
    """Round trip: random valid documents, written with random layout,
    against an oracle built on json.loads (which agrees on valid, duplicate
    free, finite, surrogate-free input) and a code-unit sort."""

    ALPHABET = ['a', 'b', 'Z', '"', '\\', '/', '\n', '\x00', '\x1f', '\x7f', '\u00e9', '\u2028',
                '\ue000', '\uffff', '\U00010000', '\U0001f600', ' ', '\t']

    def gen(self, rng: random.Random, depth: int):
        kind = rng.randrange(8 if depth < 6 else 5)
        if kind == 0:
            return rng.choice([True, False, None])
        if kind == 1:
            return rng.randrange(-10**20, 10**20)
        if kind == 2:
            return rng.choice([rng.uniform(-1e6, 1e6), rng.random() * 10 ** rng.randrange(-330, 300), 0.0, -0.0])
        if kind in (3, 4):
            return "".join(rng.choice(self.ALPHABET) for _ in range(rng.randrange(6)))
        if kind in (5, 6):
            return {"".join(rng.choice(self.ALPHABET) for _ in range(rng.randrange(4))): self.gen(rng, depth + 1)
                    for _ in range(rng.randrange(5))}
        return [self.gen(rng, depth + 1) for _ in range(rng.randrange(5))]

    def oracle(self, v) -> str:
        if v is True:
            return "true"
        if v is False:
            return "false"
        if v is None:
            return "null"
        if isinstance(v, (int, float)):
            return rfc8785.number_to_string(float(v))
        if isinstance(v, str):
            out = []
            for ch in v:
                if ch == '"':
                    out.append('\\"')
                elif ch == "\\":
                    out.append("\\\\")
                elif ch in "\b\t\n\f\r":
                    out.append({"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}[ch])
                elif ord(ch) < 0x20:
                    out.append("\\u%04x" % ord(ch))
                else:
                    out.append(ch)
            return '"' + "".join(out) + '"'
        if isinstance(v, list):
            return "[" + ",".join(self.oracle(x) for x in v) + "]"
        keys = sorted(v, key=lambda k: [int.from_bytes(k.encode("utf-16-be")[i:i + 2], "big")
                                        for i in range(0, len(k.encode("utf-16-be")), 2)])
        return "{" + ",".join(self.oracle(k) + ":" + self.oracle(v[k]) for k in keys) + "}"

    def test_random(self) -> None:
        rng = random.Random(8785)
        for _ in range(3000):
            value = self.gen(rng, 0)
            text = json.dumps(value, ensure_ascii=rng.random() < 0.5,
                              indent=rng.choice([None, 0, 2, "\t"]),
                              separators=rng.choice([None, (",", ":"), (" , ", " : ")]))
            expected = self.oracle(json.loads(text)).encode("utf-8")
            self.assertEqual(canon(text), expected, msg=text)


if __name__ == "__main__":
    unittest.main()

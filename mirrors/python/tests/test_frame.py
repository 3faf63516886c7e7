"""frame/1 · lex (spec/frame.md)."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import frame  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.frame import (  # noqa: E402
    BOM as FRAME_BOM,
    CONTROL as FRAME_CONTROL,
    DEPTH as FRAME_DEPTH,
    DUPLICATE as FRAME_DUPLICATE,
    NOT_OBJECT as FRAME_NOT_OBJECT,
    NUMBER as FRAME_NUMBER,
    NUMBER_RANGE as FRAME_NUMBER_RANGE,
    SIZE as FRAME_SIZE,
    SURROGATE as FRAME_SURROGATE,
    SYNTAX as FRAME_SYNTAX,
    UTF8 as FRAME_UTF8,
)

BOM = b"\xef\xbb\xbf"


def lex(data: bytes | str) -> bytes:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return frame.lex(data)


def sized(total: int, unit: str) -> bytes:
    """A frame {"a":"..."} of exactly ``total`` bytes, filled with ``unit``
    and padded with ASCII 'x'."""
    head, tail = b'{"a":"', b'"}'
    room = total - len(head) - len(tail)
    u = unit.encode("utf-8")
    count = room // len(u)
    body = u * count + b"x" * (room - count * len(u))
    out = head + body + tail
    assert len(out) == total
    return out


class Case(unittest.TestCase):
    def assertAccepted(self, data: bytes | str) -> None:
        self.assertEqual(lex(data), b"", msg=repr(data)[:200])

    def assertRefused(self, data: bytes | str, guard) -> None:
        with self.assertRaises(Refusal, msg=repr(data)[:200]) as cm:
            lex(data)
        self.assertEqual(cm.exception.message, guard.message, msg=repr(data)[:200])
        self.assertEqual(cm.exception.code, guard.code)


class Messages(unittest.TestCase):
    def test_messages_exact(self) -> None:
        expected = {
            FRAME_SIZE: "frame exceeds 262144 bytes",
            FRAME_BOM: "frame begins with a UTF-8 byte order mark",
            FRAME_UTF8: "frame is not valid UTF-8",
            FRAME_SYNTAX: "frame is not valid JSON",
            FRAME_NOT_OBJECT: "frame is not a JSON object",
            FRAME_DEPTH: "frame nesting exceeds depth 16",
            FRAME_DUPLICATE: "frame has a duplicate member name",
            FRAME_NUMBER: "frame number is not 0 or [1-9][0-9]*",
            FRAME_NUMBER_RANGE: "frame number exceeds 2^53-1",
            FRAME_CONTROL: "frame string contains a control character",
            FRAME_SURROGATE: "frame string contains an unpaired surrogate",
        }
        for guard, message in expected.items():
            self.assertEqual(guard.message, message)


class Accepted(Case):
    def test_frames(self) -> None:
        for text in [
            "{}", " {}\n", '{"a":1}', '{"a":[1,"x",true,false,null,{},[]],"b":{"c":0}}',
            '{"a":"\u00e9\u2028\U0001f600\ufeff"}', '{"a":"\\ud83d\\ude00\\u00e9\\/"}',
            '{"a":9007199254740991}', '{"a":0}', '\t{ "a" : [ 1 , 2 ] }\r\n',
            '{"\\ud83d\\ude00":1,"\U0001f601":2}', '{"a":{"a":{"a":1}}}', '{"a":1,"A":2}',
        ]:
            self.assertAccepted(text)


class Refusals(Case):
    def test_size_counts_bytes(self) -> None:
        for unit in ["a", "\u00e9", "\u20ac", "\U0001f600"]:
            self.assertAccepted(sized(262144, unit))
            self.assertRefused(sized(262145, unit), FRAME_SIZE)
        # 262144 bytes of multibyte text is far fewer characters
        self.assertLess(len(sized(262144, "\U0001f600").decode("utf-8")), 70000)
        self.assertRefused(b" " * 262145, FRAME_SIZE)
        self.assertRefused(BOM + b"x" * 262142, FRAME_SIZE)

    def test_bom(self) -> None:
        self.assertRefused(BOM + b"{}", FRAME_BOM)
        self.assertRefused(b" " + BOM + b"{}", FRAME_NOT_OBJECT)

    def test_utf8(self) -> None:
        for raw in [b'{"a":"\xff"}', b'{"a":"\xed\xa0\x80"}', b'{"a":"\xed\xa0\x80\xed\xb0\x80"}',
                    b'{"a":"\xc0\x80"}', b'{"a":"\xf4\x90\x80\x80"}', b'{"a":"\xe2\x82"}']:
            self.assertRefused(raw, FRAME_UTF8)

    def test_not_object(self) -> None:
        for text in ["[]", "1", '"a"', "null", "true", " [1]", "x", "-1", "\u00a0{}", "NaN"]:
            self.assertRefused(text, FRAME_NOT_OBJECT)
        for text in ["", " ", "\n\t\r "]:
            self.assertRefused(text, FRAME_SYNTAX)

    def test_syntax(self) -> None:
        for text in [
            "{", '{"a"}', '{"a":}', '{"a" 1}', '{"a":1,}', '{"a":1 "b":2}', '{a:1}', "{'a':1}",
            '{"a":1}}', '{"a":1} x', '{"a":1}{}', '{"a":NaN}', '{"a":true1}', '{"a":tru}',
            '{"a":"\\x"}', '{"a":"\\u12"}', '{"a":"\\uZZZZ"}', '{"a":"abc}', '{"a":[1,]}',
            '{"a":[1 2]}', '{"a":+1}', '{"a":.5}', '{"a":Infinity}', "{\f}", '{"a":1\u00a0}',
            '{,"a":1}', '{"a"::1}', '{"a":1,,"b":2}', '{"a":"\\\'"}', '{"a":[}', '{"a":{]}',
        ]:
            self.assertRefused(text, FRAME_SYNTAX)

    def test_depth_bounds(self) -> None:
        ok = '{"a":' * 15 + "{}" + "}" * 15  # 16 levels
        self.assertAccepted(ok)
        self.assertRefused('{"a":' * 16 + "{}" + "}" * 16, FRAME_DEPTH)
        self.assertAccepted('{"a":' + "[" * 15 + "]" * 15 + "}")
        self.assertRefused('{"a":' + "[" * 16 + "]" * 16 + "}", FRAME_DEPTH)
        self.assertRefused('{"a":' + "[" * 16, FRAME_DEPTH)

    def test_numbers(self) -> None:
        for token in ["-0", "01", "1.0", "1e2", "-1", "1.", "-", "1E2", "1e+2", "0.5", "00",
                      "1-2", "1+2", "1..2", "9007199254740991.0", "-9007199254740992", "1e", "0e0"]:
            self.assertRefused('{"a":' + token + "}", FRAME_NUMBER)
            self.assertRefused('{"a":[' + token + "]}", FRAME_NUMBER)
        self.assertAccepted('{"a":9007199254740991}')
        self.assertRefused('{"a":9007199254740992}', FRAME_NUMBER_RANGE)
        self.assertRefused('{"a":9999999999999999}', FRAME_NUMBER_RANGE)
        self.assertRefused('{"a":10000000000000000}', FRAME_NUMBER_RANGE)
        self.assertRefused('{"a":' + "9" * 5000 + "}", FRAME_NUMBER_RANGE)
        self.assertAccepted('{"a":1000000000000000}')
        # the token ends at the first byte outside 0-9 + - . e E
        self.assertRefused('{"a":1x}', FRAME_SYNTAX)
        self.assertRefused('{"a":0x10}', FRAME_SYNTAX)

    def test_controls(self) -> None:
        for c in list(range(0x20)) + list(range(0x7F, 0xA0)):
            raw = chr(c)
            if raw in '"\\':
                continue
            self.assertRefused('{"a":"x' + raw + '"}', FRAME_CONTROL)
            self.assertRefused('{"a":"\\u%04x"}' % c, FRAME_CONTROL)
            self.assertRefused('{"x' + raw + '":1}', FRAME_CONTROL)
        for esc in ["\\b", "\\f", "\\n", "\\r", "\\t"]:
            self.assertRefused('{"a":"' + esc + '"}', FRAME_CONTROL)
            self.assertRefused('{"' + esc + '":1}', FRAME_CONTROL)
        self.assertAccepted('{"a":"\\u00a0\u00a0\\u00A0~ \\u00ff"}')  # U+00A0 is not a control
        self.assertAccepted('{"a":"\\"\\\\\\/"}')

    def test_surrogates(self) -> None:
        for body in ["\\ud800", "\\udc00", "\\udc00\\ud800", "\\ud800\\ud800", "\\ud800x\\udc00",
                     "\\ud800\U0001f600", "\U0001f600\\udc00", "\\ud83d\\ude00\\ude00"]:
            self.assertRefused('{"a":"' + body + '"}', FRAME_SURROGATE)
            self.assertRefused('{"' + body + '":1}', FRAME_SURROGATE)
        self.assertAccepted('{"a":"\\ud800\\udc00\\uDBFF\\uDFFF"}')

    def test_duplicates(self) -> None:
        for text in ['{"a":1,"a":2}', '{"a":1,"\\u0061":2}', '{"\\ud83d\\ude00":1,"\U0001f600":2}',
                     '{"x":[{"a":1,"b":{"c":1,"c":1}}]}', '{"\\/":1,"/":2}']:
            self.assertRefused(text, FRAME_DUPLICATE)
        self.assertAccepted('{"a":{"a":1},"b":{"a":1}}')
        self.assertAccepted('{"\u00e9":1,"e\u0301":2}')


class Precedence(Case):
    def test_two_defects(self) -> None:
        cases = [
            (b"[" + b" " * 262144, FRAME_SIZE),
            (BOM + b'{"a":"\xff"}', FRAME_BOM),
            (b'[\xff]', FRAME_UTF8),
            (b'{"a":"\xff",}', FRAME_UTF8),
            (b'[{"a":1,"a":1}', FRAME_NOT_OBJECT),
            (b'{"a":01,"a":1}', FRAME_NUMBER),
            (b'{"a":1,"a":01}', FRAME_DUPLICATE),
            (b'{"a":9007199254740992,"b":-1}', FRAME_NUMBER_RANGE),
            (b'{"a":-1,"b":9007199254740992}', FRAME_NUMBER),
            (b'{"a":1e2 x}', FRAME_NUMBER),
            (b'{"a":1e2,}', FRAME_NUMBER),
            (b'{"a":"\\ud800\\u0001"}', FRAME_SURROGATE),
            (b'{"a":"\\u0001\\ud800"}', FRAME_CONTROL),
            (b'{"a":"\x01\\ud800"}', FRAME_CONTROL),
            (b'{"a":"\\ud800\x01"}', FRAME_SURROGATE),
            (b'{"a":"\x01\\q"}', FRAME_SYNTAX),  # scanned to its closing quote first
            (b'{"a":"\x01', FRAME_SYNTAX),
            (b'{"a":"\\ud800"', FRAME_SURROGATE),
            (b'{"\x01":1,"\x01":2}', FRAME_CONTROL),
            (b'{"a":1,"a":"\x01"}', FRAME_DUPLICATE),
            (b'{"a":"\x01","a":1}', FRAME_CONTROL),
            (b'{"\\ud800":1,"\\ud800":1}', FRAME_SURROGATE),
            (b'{"a":1,"a" 1}', FRAME_DUPLICATE),
            (b'{"a":' + b"[" * 16 + b"01", FRAME_DEPTH),
            (b'{"a":[01,' + b"[" * 16, FRAME_NUMBER),
            (b'{"a":[1,,' + b"[" * 16, FRAME_SYNTAX),
            (b'{"a":1,"a":' + b"[" * 16, FRAME_DUPLICATE),
        ]
        for data, guard in cases:
            self.assertRefused(data, guard)


class Ignored(Case):
    def test_size(self) -> None:
        with ignoring(FRAME_SIZE):
            self.assertAccepted(sized(262145, "\u00e9"))
            self.assertAccepted(sized(2_000_000, "a"))

    def test_bom(self) -> None:
        with ignoring(FRAME_BOM):
            self.assertAccepted(BOM + b'{"a":1}')
            self.assertRefused(BOM + BOM + b"{}", FRAME_NOT_OBJECT)

    def test_utf8(self) -> None:
        with ignoring(FRAME_UTF8):
            self.assertAccepted(b'{"a":"\xff\xed\xa0\x80"}')
            self.assertRefused(b'\xff{}', FRAME_NOT_OBJECT)

    def test_not_object(self) -> None:
        with ignoring(FRAME_NOT_OBJECT):
            for text in ["[1]", "1", "0", '"a"', "null", "true", "[]", ' [{"a":1}] ']:
                self.assertAccepted(text)
            self.assertRefused("", FRAME_SYNTAX)
            self.assertRefused("-1", FRAME_NUMBER)
            self.assertRefused('"\\u0001"', FRAME_CONTROL)
            self.assertRefused("[1,]", FRAME_SYNTAX)
            self.assertRefused("[" * 17 + "]" * 17, FRAME_DEPTH)

    def test_depth(self) -> None:
        with ignoring(FRAME_DEPTH):
            self.assertAccepted('{"a":' * 5000 + "{}" + "}" * 5000)
            self.assertRefused('{"a":' + "[" * 17 + "]" * 16 + "}", FRAME_SYNTAX)

    def test_duplicate(self) -> None:
        with ignoring(FRAME_DUPLICATE):
            self.assertAccepted('{"a":1,"a":2,"a":3}')

    def test_number(self) -> None:
        with ignoring(FRAME_NUMBER):
            for token in ["-0", "01", "1.0", "1e2", "-1", "1.", "-", "1e400", "-99999999999999999999"]:
                self.assertAccepted('{"a":' + token + "}")
            self.assertRefused('{"a":-1,"b":9007199254740992}', FRAME_NUMBER_RANGE)

    def test_number_range(self) -> None:
        with ignoring(FRAME_NUMBER_RANGE):
            self.assertAccepted('{"a":' + "9" * 400 + "}")
            self.assertRefused('{"a":-1}', FRAME_NUMBER)

    def test_control(self) -> None:
        with ignoring(FRAME_CONTROL):
            self.assertAccepted('{"a":"\x01\\n\\u007f\x9f"}')
            self.assertRefused('{"a":"\\u0001\\ud800"}', FRAME_SURROGATE)

    def test_surrogate(self) -> None:
        with ignoring(FRAME_SURROGATE):
            self.assertAccepted('{"a":"\\ud800\\udc00\\udc00\\ud800"}')
            self.assertRefused('{"a":"\\ud800\\u0001"}', FRAME_CONTROL)
            self.assertRefused('{"\\ud800":1,"\\ud800":2}', FRAME_DUPLICATE)

    def test_syntax_never_ignored(self) -> None:
        with ignoring(FRAME_SYNTAX):
            self.assertRefused('{"a":1,}', FRAME_SYNTAX)


if __name__ == "__main__":
    unittest.main()

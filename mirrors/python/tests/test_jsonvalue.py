"""JSON value inputs (spec/README.md, "JSON value inputs"): the reader, and
the ``.input`` guard of every operation whose catalogue input kind is
``json-value``."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import catalogue  # noqa: E402
from conform_mirror import contracts, jsonvalue  # noqa: E402
from conform_mirror.jsonvalue import Number  # noqa: E402
from conform_mirror.refusal import Guard, Location, Refusal, ignoring  # noqa: E402

INPUT_MESSAGE = "input is not valid JSON"
# A guard of no contract, for the reader alone.
READER = Guard("reader/1", "reader.input", INPUT_MESSAGE, ignorable=False)


def json_value_operations() -> dict[str, list[str]]:
    """The catalogue's operations whose input kind is json-value, by
    contract."""
    out: dict[str, list[str]] = {}
    for c in catalogue.load():
        ops = [o.op for o in c.operations if o.input == "json-value"]
        if ops:
            out[c.contract] = ops
    return out


JSON_VALUE_OPERATIONS = json_value_operations()
# Each such contract's .input guard: the one with the shared message.
INPUT_GUARDS = {
    c.contract: next(g for g in c.guards if g.message == INPUT_MESSAGE)
    for c in contracts.CONTRACTS
    if c.contract in JSON_VALUE_OPERATIONS
}


def parse(data: bytes | str):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return jsonvalue.parse(data, READER)


# Each is one defect of the input itself.
INVALID = [
    b"",
    b"   ",
    b"\xef\xbb\xbf\"a\"",  # BOM
    b"\xef\xbb\xbf",
    b'"\xc0\x80"',  # overlong NUL
    b'"\xe0\x80\xaf"',  # overlong '/'
    b'"\xed\xa0\x80"',  # encoded U+D800 (CESU-8)
    b'"\xed\xa0\xbd\xed\xb8\x80"',  # a CESU-8 pair
    b'"\xf4\x90\x80\x80"',  # above U+10FFFF
    b'"\xe2\x82"',  # truncated
    b'"\xff"',
    b"[1,]",
    b'{"a":1,}',
    b"[1 2]",
    b"01",
    b"-",
    b"-01",
    b"+1",
    b".5",
    b"1.",
    b"1e",
    b"1e+",
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"nul",
    b"True",
    b"'a'",
    b'"a',
    b'"\\x41"',
    b'"\\u12"',
    b'"\\U0041"',
    b'"a\tb"',  # raw control in a string
    b'"a\x00"',
    b'"a\x1f"',
    b"[1]]",
    b"[1] [2]",
    b'{"a" 1}',
    b'{a:1}',
    b'{"a":1 "b":2}',
    b"/*c*/1",
    b"1 //c",
    b"\x0c1",  # form feed is not JSON whitespace
    "\u00a01".encode("utf-8"),  # nor is NBSP
    b"\x001",
    b'{"a":1,"a":2}',
    b'{"a":1,"\\u0061":2}',  # duplicate after unescaping
    b'{"x":[{"a":1,"b":2,"a":3}]}',  # at any depth
    b'{"\\ud800":1,"\\ud800":2}',  # lone surrogates compared as units
    b'{"\\ud83d\\ude00":1,"\xf0\x9f\x98\x80":2}',  # a pair equals the raw character
    b"[" * 129 + b"]" * 129,
    b"[" * 128 + b"{}" + b"]" * 128,
]


class Reader(unittest.TestCase):
    def test_scalars(self) -> None:
        self.assertIsNone(parse("null"))
        self.assertIs(parse("true"), True)
        self.assertIs(parse("false"), False)
        self.assertEqual(parse(' \t\r\n"a" \t\r\n'), "a")

    def test_numbers_are_literal_text(self) -> None:
        for text in ["0", "-0", "1.0", "1e2", "1E+2", "-1.5e-3", "9007199254740993",
                     "1" * 5000, "1e400", "-0.0"]:
            self.assertEqual(parse(text), Number(text))
        self.assertEqual(parse(" 4.0 ").text, "4.0")

    def test_strings_keep_lone_surrogates(self) -> None:
        self.assertEqual(parse(r'"\ud800"'), "\ud800")
        self.assertEqual(parse(r'"\udc00"'), "\udc00")
        self.assertEqual(parse(r'"\ud83d\ude00"'), "\U0001f600")
        self.assertEqual(parse('"\U0001f600"'), "\U0001f600")
        self.assertEqual(parse(r'"\uD83D\uDE00"'), "\U0001f600")  # hex of either case
        # Units pair left to right, as UTF-16 does.
        self.assertEqual(parse(r'"\ud800\ud800\udc00"'), "\ud800\U00010000")
        self.assertEqual(parse(r'"\udc00\ud800"'), "\udc00\ud800")
        self.assertEqual(parse(r'"\ud83d' + '\U0001f600"'), "\ud83d\U0001f600")
        self.assertEqual(parse(r'"\ud83dx\ude00"'), "\ud83dx\ude00")

    def test_escapes(self) -> None:
        self.assertEqual(parse(r'"\"\\\/\b\f\n\r\t\u0000\u001f\u00e9"'),
                         '"\\/\b\f\n\r\t\x00\x1f\u00e9')
        self.assertEqual(parse(r'"\u0041"'), "A")

    def test_containers(self) -> None:
        self.assertEqual(parse("[]"), [])
        self.assertEqual(parse("{}"), {})
        self.assertEqual(parse('[1,"a",[true,null],{"b":false}]'),
                         [Number("1"), "a", [True, None], {"b": False}])
        # document order is kept
        self.assertEqual(list(parse('{"b":1,"a":2,"c":3}')), ["b", "a", "c"])
        self.assertEqual(parse('{"\\ud800":1,"\\udc00":2}'), {"\ud800": Number("1"), "\udc00": Number("2")})

    def test_depth_bound(self) -> None:
        value = parse(b"[" * 128 + b"]" * 128)  # depth 128 is allowed
        for _ in range(127):
            self.assertEqual(len(value), 1)
            value = value[0]
        self.assertEqual(value, [])
        value = parse(b'{"a":' * 127 + b"[]" + b"}" * 127)
        for _ in range(127):
            value = value["a"]
        self.assertEqual(value, [])
        with self.assertRaises(Refusal):
            parse(b'{"a":' * 128 + b"[]" + b"}" * 128)

    def test_invalid(self) -> None:
        for data in INVALID:
            with self.subTest(data=data[:40]):
                with self.assertRaises(Refusal) as cm:
                    jsonvalue.parse(data, READER)
                self.assertIs(cm.exception.guard, READER)

    def test_helpers(self) -> None:
        self.assertEqual(jsonvalue.utf16_length("a\U0001f600\ud800"), 4)
        self.assertEqual(jsonvalue.utf16_units("a\U0001f600\ud800"), [0x61, 0xD83D, 0xDE00, 0xD800])
        self.assertEqual(jsonvalue.utf8("\ud800"), b"\xed\xa0\x80")
        self.assertTrue(jsonvalue.has_lone_surrogate("a\udfff"))
        self.assertFalse(jsonvalue.has_lone_surrogate("a\U0001f600"))


class InputGuardPerContract(unittest.TestCase):
    def test_json_value_contracts_exist(self) -> None:
        self.assertGreater(len(INPUT_GUARDS), 0)
        for contract, guard in INPUT_GUARDS.items():
            self.assertEqual(guard.code, guard.code.split(".")[0] + ".input")
            self.assertFalse(guard.ignorable, contract)

    def test_every_operation_refuses_with_its_contract_input_guard(self) -> None:
        for contract, guard in INPUT_GUARDS.items():
            for op in JSON_VALUE_OPERATIONS[contract]:
                function = contracts.OPERATIONS[contract][op]
                for data in (b"", b"\xef\xbb\xbf{}", b'"\xed\xa0\x80"', b'{"a":1,"a":1}',
                             b"[" * 129 + b"]" * 129, b"[1,]"):
                    with self.subTest(contract=contract, op=op, data=data[:20]):
                        with self.assertRaises(Refusal) as cm:
                            function(data)
                        self.assertEqual(cm.exception.message, "input is not valid JSON")
                        self.assertEqual(cm.exception.code, guard.code)
                        self.assertEqual(cm.exception.guard.contract, contract)

    def test_input_guard_has_no_accept_path(self) -> None:
        for contract, guard in INPUT_GUARDS.items():
            with ignoring(guard):
                for op in JSON_VALUE_OPERATIONS[contract]:
                    function = contracts.OPERATIONS[contract][op]
                    with self.subTest(contract=contract, op=op):
                        with self.assertRaises(Refusal) as cm:
                            function(b'{"a":1,"a":1}')
                        self.assertEqual(cm.exception.guard, guard)


class NoCrash(unittest.TestCase):
    """Seeded random values through every operation of the five contracts,
    with no guard ignored, each ignorable guard ignored alone, and all of a
    contract's ignorable guards at once: a refusal or an answer, never an
    exception."""

    ATOMS = ['0', '-0', '1.0', '1e2', '1e400', '-1', '9007199254740992', '"a"', r'"\u0000"',
             r'"\ud800"', r'"\udc00\ud800"', '"\U0001f600"', 'null', 'true', '[]', '{}',
             '"2024-02-30T24:00:00.000Z"', '"2024-13-32T25:60:60.999Z"', '"0000-00-00T00:00:00.000Z"',
             '"AAAA"', '"' + 'A' * 43 + '"', '"' + '_' * 86 + '"', '"' + '+' * 43 + '"', '"12345"',
             r'"\u2022"', '"' + 'x' * 300 + '"', '"SPY"', '"00"', '""', '"' + '0' * 64 + '"']
    NAMES = ["key", "sig", "msg", "name", "version", "schema_id", "omit", "object", "a", r"\u0000", r"\ud800"]

    def test_no_exception(self) -> None:
        import random

        rng = random.Random(5)

        def gen(depth: int = 0) -> str:
            r = rng.random()
            if depth > 3 or r < 0.5:
                return rng.choice(self.ATOMS)
            if r < 0.75:
                n = rng.randint(0, 40) if rng.random() < 0.1 else rng.randint(0, 3)
                return "[" + ",".join(gen(depth + 1) for _ in range(n)) + "]"
            names = rng.sample(self.NAMES, rng.randint(0, 4))
            return "{" + ",".join('"%s":%s' % (k, gen(depth + 1)) for k in names) + "}"

        def hexes(n: int) -> str:
            return "".join(rng.choice("0123456789abcdef") for _ in range(n))

        def keyed_hex() -> str:
            return '{"key":"%s","sig":"%s","msg":"%s"}' % (
                hexes(rng.choice([64, 64, 62])), hexes(rng.choice([128, 128, 126])), hexes(rng.choice([0, 8])))

        crashes = []
        for contract, guard in INPUT_GUARDS.items():
            ignorable = [g for g in contracts.GUARDS if g.contract == contract and g.ignorable]
            for ignored in [()] + [(g,) for g in ignorable] + [tuple(ignorable)]:
                with ignoring(*ignored):
                    for _ in range(25):
                        text = (keyed_hex() if rng.random() < 0.3 else gen()).encode("utf-8")
                        for op in JSON_VALUE_OPERATIONS[contract]:
                            function = contracts.OPERATIONS[contract][op]
                            try:
                                function(text)
                            except Refusal:
                                pass
                            except Exception as e:  # noqa: BLE001
                                crashes.append((contract, op, [g.code for g in ignored], text[:60], repr(e)))
        self.assertEqual(crashes[:10], [])


class Offsets(unittest.TestCase):
    """An input defect carries the byte offset where the reader met it."""

    def offset(self, data: bytes) -> Location | None:
        with self.assertRaises(Refusal) as cm:
            jsonvalue.parse(data, READER)
        return cm.exception.location

    def test_offsets(self) -> None:
        for data, offset in [
            (b"", 0),
            (b"\xef\xbb\xbf1", 0),
            (b'["\xc3\xa9", "\xff"]', 8),
            (b"[1,]", 3),
            (b'{"a":1,"a":2}', 7),
            (b'{"\xc3\xa9":1, "\\u00e9":2}', 9),
            (b"[" * 129, 128),
            (b'"abc', 4),
            (b'"a\\qb"', 2),
            (b"-x", 1),
            (b"1 2", 2),
        ]:
            with self.subTest(data=data):
                self.assertEqual(self.offset(data), Location(offset=offset))


if __name__ == "__main__":
    unittest.main()

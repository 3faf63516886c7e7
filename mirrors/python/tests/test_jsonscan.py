"""The one JSON wire scanner (conform_mirror/jsonscan.py): RFC 8259 tokens
and nesting, where it stops on a grammar error, and that it holds no guard
(the contracts refuse, spec/README.md, "One guard, one message")."""

from __future__ import annotations

import ast
import re
import sys
import unittest
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import jsonscan, refusal  # noqa: E402


class Recorder(jsonscan.Handler):
    """Builds plain Python values and records every hook call."""

    __slots__ = ("calls",)

    def __init__(self) -> None:
        super().__init__(jsonscan.Source(b""))
        self.calls: list[tuple[Any, ...]] = []

    def open(self, depth: int, index: int) -> None:
        self.calls.append(("open", depth, index))

    def name(self, s: str, index: int, obj: dict[str, Any]) -> int:
        text, lone, end = jsonscan.string_value(s, index)
        self.calls.append(("name", text, index))
        obj["\0pending"] = text
        return end

    def member(self, obj: dict[str, Any], value: object) -> None:
        obj[obj.pop("\0pending")] = value


def parse(text: str) -> tuple[object, list[tuple[Any, ...]]]:
    h = Recorder()
    return jsonscan.parse(text, h), h.calls


def syntax_at(text: str) -> int:
    try:
        parse(text)
    except jsonscan.Syntax as e:
        return e.index
    raise AssertionError(f"{text!r} parsed")


class NoGuards(unittest.TestCase):
    def test_the_scanner_refuses_nothing(self) -> None:
        # It imports nothing of the mirror, names no refuse and holds no
        # Guard: every refusal site is in a contract's module.
        tree = ast.parse(Path(jsonscan.__file__).read_text("utf-8"))
        imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
        self.assertTrue(imports)
        for node in imports:
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            self.assertFalse(isinstance(node, ast.ImportFrom) and node.level, ast.dump(node))
            self.assertFalse(any(m.startswith("conform_mirror") for m in modules), modules)
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        self.assertFalse(names & {"refuse", "Guard", "Refusal"}, names)
        self.assertFalse(any(isinstance(v, refusal.Guard) for v in vars(jsonscan).values()))


class Parse(unittest.TestCase):
    def test_values(self) -> None:
        text = ' {"a": [1, -0.5e+3, "x\\u00e9", true, false, null, {}, []], "b": {"c": "d"}} '
        value, calls = parse(text)
        self.assertEqual(value, {"a": ["1", "-0.5e+3", "x\u00e9", True, False, None, {}, []], "b": {"c": "d"}})
        at = text.index
        self.assertEqual(calls, [("open", 1, at("{")), ("name", "a", at('"a"')), ("open", 2, at("[")),
                                 ("open", 3, at("{}")), ("open", 3, at("[]")), ("name", "b", at('"b"')),
                                 ("open", 2, at('{"c"')), ("name", "c", at('"c"'))])

    def test_scalars_at_the_top(self) -> None:
        for text, value in [("0", "0"), ('"s"', "s"), ("true", True), ("null", None), ("\t\r\n -1 ", "-1")]:
            self.assertEqual(parse(text)[0], value, text)

    def test_syntax_index(self) -> None:
        # Where the text stops matching the grammar, as a text index.
        for text, index in [
            ("", 0), ("   ", 3), ("[1,]", 3), ("[1 2]", 3), ('{"a" 1}', 5), ('{"a":1,}', 7),
            ("01", 1), ("-", 1), ("-x", 1), ("1.", 1), ("nul", 0), ("[1]]", 3), ("\x0c1", 0),
            ('"abc', 4), ('"a\\qb"', 2), ('"a\x01"', 2), ('["\\u12"]', 2), ("{a:1}", 1),
        ]:
            self.assertEqual(syntax_at(text), index, text)


class Tokens(unittest.TestCase):
    def test_strings(self) -> None:
        self.assertEqual(jsonscan.string_token('"a\\n\x01"x', 0, raw_controls=True), ("a\\n\x01", 6))
        with self.assertRaises(jsonscan.Syntax):
            jsonscan.string_token('"a\x01"', 0)
        self.assertEqual(jsonscan.unescape('\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\ud800'), '"\\/\b\f\n\r\tA\ud800')
        # Pairs are formed left to right, as UTF-16 forms them; what is
        # left is lone.
        self.assertEqual(jsonscan.string_value('"\\ud83d\\ude00"', 0), ("\U0001f600", False, 14))
        self.assertEqual(jsonscan.string_value('"\\ud800\\ud800\\udc00"', 0)[:2], ("\ud800\U00010000", True))
        self.assertEqual(jsonscan.string_value('"\\udc00\\ud800"', 0)[:2], ("\udc00\ud800", True))
        self.assertEqual(jsonscan.string_value('"\U0001f600"', 0)[:2], ("\U0001f600", False))

    def test_numbers(self) -> None:
        self.assertEqual(jsonscan.number_token("-0.5e+3,", 0), ("-0.5e+3", 7))
        self.assertEqual(jsonscan.number_token("01", 0), ("0", 1))  # the longest prefix
        self.assertEqual(jsonscan.number_token("1.x", 0), ("1", 1))
        self.assertEqual(jsonscan.number_run("-01.e+,", 0), ("-01.e+", 6))
        self.assertEqual(jsonscan.skip_ws(" \t\r\n\x0cx", 0), 4)

    def test_brackets(self) -> None:
        text = '[{"[\\"]":"\\\\"}, "{' + "\n"
        self.assertEqual(list(jsonscan.brackets(text)), [("[", 0), ("{", 1), ("}", 13)])

    def test_source(self) -> None:
        src = jsonscan.Source(b"\xef\xbb\xbf[\xed\xa0\x80]")
        self.assertTrue(src.bom)
        self.assertIsNone(src.text)
        self.assertEqual(src.invalid_at, 4)
        self.assertEqual(src.decoded(), "[\ufffd\ufffd\ufffd]")
        self.assertIsNone(src.offset(1))
        plain = jsonscan.Source(b"[\xc3\xa9]")
        self.assertFalse(plain.bom)
        self.assertEqual((plain.text, plain.offset(2), plain.offset(3)), ("[\u00e9]", 3, 4))


if __name__ == "__main__":
    unittest.main()


class NoPossessiveQuantifiers(unittest.TestCase):
    """Possessive quantifiers and atomic groups are new in Python 3.11, and
    its early releases end a failed match of one elsewhere than later ones
    (3.11.2, the image's, against 3.11.7): a refusal's location then depends
    on the interpreter. No pattern of the mirror or the kit uses them."""

    CONSTRUCT = re.compile(r"(?<!\\)[*+?}]\+|\(\?>")

    def test_no_pattern_uses_them(self) -> None:
        root = Path(__file__).resolve().parents[1]
        modules = sorted((root / "conform_mirror").glob("*.py")) + sorted(
            (root.parent / "kit" / "python").glob("*.py")
        )
        self.assertGreater(len(modules), 5)
        seen = 0
        for path in modules:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    seen += 1
                    with self.subTest(path=path.name, line=node.lineno):
                        self.assertIsNone(self.CONSTRUCT.search(node.value), node.value)
        self.assertGreater(seen, 100)

    def test_string_token_still_ends_where_it_went_wrong(self) -> None:
        # The unrolled loops match what the possessive forms matched: the
        # open form stops at the first character that is neither plain nor
        # a valid escape.
        for text, end in (('"ab\\x', 3), ('"a\\u00e9b\x01', 9), ('"' + "a" * 100000, 100001)):
            m = jsonscan._STRING_OPEN.match(text)
            self.assertIsNotNone(m)
            assert m is not None
            self.assertEqual(m.end(), end, text[:20])

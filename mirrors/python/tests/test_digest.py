"""digest/1 (spec/digest.md): shapes, the schema id, JCS through this
mirror's rfc8785/1 serializer, the open-value rules of arguments-digest at
every bound, their order and their ignore semantics."""

from __future__ import annotations

import hashlib
import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import CORPORA  # noqa: E402
from conform_mirror import digest, rfc8785  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.digest import (  # noqa: E402
    ARG_ARRAY as DIGEST_ARG_ARRAY,
    ARG_BYTES as DIGEST_ARG_BYTES,
    ARG_DEPTH as DIGEST_ARG_DEPTH,
    ARG_NUMBER as DIGEST_ARG_NUMBER,
    ARG_STRING as DIGEST_ARG_STRING,
    JCS as DIGEST_JCS,
    SCHEMA_ID as DIGEST_SCHEMA_ID,
    TYPE as DIGEST_TYPE,
)



def H(prefix: bytes, canonical: bytes) -> bytes:
    return b"sha256:" + hashlib.sha256(prefix + b"\n" + canonical).hexdigest().encode()


def envelope(schema_id: str, omit: list[str], obj: str) -> bytes:
    return ('{"schema_id":%s,"omit":%s,"object":%s}' % (
        json.dumps(schema_id), json.dumps(omit), obj)).encode("utf-8")


class Case(unittest.TestCase):
    def assertRefused(self, function, data: bytes, guard) -> None:
        with self.assertRaises(Refusal, msg=data[:100]) as cm:
            function(data)
        self.assertEqual(cm.exception.message, guard.message, msg=data[:100])
        self.assertEqual(cm.exception.code, guard.code)


class Shape(Case):
    def test_digest_and_signing_input(self) -> None:
        for data in [b"[]", b'"x"', b"{}", b'{"schema_id":"s","omit":[]}',
                     b'{"schema_id":"s","omit":[],"object":{},"x":1}',
                     b'{"schema_id":1,"omit":[],"object":{}}', b'{"schema_id":"s","omit":{},"object":{}}',
                     b'{"schema_id":"s","omit":[1],"object":{}}', b'{"schema_id":"s","omit":[],"object":[]}',
                     b'{"schema_id":"s","omit":null,"object":{}}', b'{"schema_id":null,"omit":[],"object":{}}']:
            for function in (digest.digest, digest.signing_input):
                self.assertRefused(function, data, DIGEST_TYPE)
        with ignoring(DIGEST_TYPE):  # no accept path
            self.assertRefused(digest.digest, b"[]", DIGEST_TYPE)

    def test_schema_and_arguments(self) -> None:
        for data in [b"[]", b'"x"', b"1", b"null", b"true"]:
            self.assertRefused(digest.schema_digest, data, DIGEST_TYPE)
            self.assertRefused(digest.arguments_digest, data, DIGEST_TYPE)


class DigestAndSigningInput(Case):
    def test_output(self) -> None:
        data = envelope("aether.x/1", ["proof_digest", "cloud_signature"],
                        '{"b":1,"a":"\u00e9","proof_digest":"x","cloud_signature":"y","c":{"proof_digest":1}}')
        expected = b'aether.x/1\n{"a":"\xc3\xa9","b":1,"c":{"proof_digest":1}}'
        self.assertEqual(digest.signing_input(data), expected)
        out = digest.digest(data)
        self.assertEqual(out, b"sha256:" + hashlib.sha256(expected).hexdigest().encode())
        self.assertEqual(len(out), 71)

    def test_omit(self) -> None:
        base = '{"a":1,"b":2}'
        self.assertEqual(digest.signing_input(envelope("s", [], base)), b's\n{"a":1,"b":2}')
        self.assertEqual(digest.signing_input(envelope("s", ["zz"], base)), b's\n{"a":1,"b":2}')
        self.assertEqual(digest.signing_input(envelope("s", ["a", "a"], base)), b's\n{"b":2}')
        self.assertEqual(digest.signing_input(envelope("s", ["a", "b"], base)), b"s\n{}")
        # an omitted member's value is never canonicalized
        self.assertEqual(digest.signing_input(envelope("s", ["x", "y"], '{"x":"\\ud800","y":1e400,"z":1}')),
                         b's\n{"z":1}')
        self.assertEqual(digest.signing_input(envelope("s", ["\ud800"], '{"\\ud800":1,"z":1}')), b's\n{"z":1}')

    def test_schema_id(self) -> None:
        for sid in ["!", "~", "a" * 128, "aether.ats.device-proof/1", "".join(chr(c) for c in range(0x21, 0x7F))]:
            self.assertEqual(digest.signing_input(envelope(sid, [], "{}")), sid.encode() + b"\n{}")
        for sid in ["", "a" * 129, "a b", " a", "a\n", "\t", "\x7f", "\u00e9", "\x00", "\U0001f600", "\ud800",
                    "\uff41"]:
            for function in (digest.digest, digest.signing_input):
                self.assertRefused(function, envelope(sid, [], "{}"), DIGEST_SCHEMA_ID)
        # the schema id rule runs before JCS
        self.assertRefused(digest.digest, envelope("", [], '{"a":"\\ud800"}'), DIGEST_SCHEMA_ID)
        with ignoring(DIGEST_SCHEMA_ID):
            self.assertEqual(digest.signing_input(envelope("\u00e9 x", [], "{}")), "\u00e9 x\n{}".encode())
            self.assertEqual(digest.signing_input(envelope("", [], "{}")), b"\n{}")

    def test_jcs(self) -> None:
        self.assertEqual(digest.signing_input(envelope("s", [], '{"n":[1.0,1e21,-0,1e-7,0.000001,9007199254740993,1e-400]}')),
                         b's\n{"n":[1,1e+21,0,1e-7,0.000001,9007199254740992,0]}')
        # members sorted by UTF-16 code units, not code points
        self.assertEqual(digest.signing_input(envelope("s", [], '{"\\ue000":2,"\\ud800\\udc00":1}')),
                         's\n{"\U00010000":1,"\ue000":2}'.encode())
        self.assertEqual(digest.signing_input(envelope("s", [], '{"a":"\\u0000\\u001f\\u007f\\"\\\\/\\u2028"}')),
                         's\n{"a":"\\u0000\\u001f\x7f\\"\\\\/\u2028"}'.encode())
        for obj in ['{"a":"\\ud800"}', '{"\\udc00":1}', '{"a":[{"b":"x\\ud83d"}]}', '{"a":1e400}',
                    '{"a":-1e400}', '{"a":' + "9" * 400 + "}"]:
            for function in (digest.digest, digest.signing_input):
                self.assertRefused(function, envelope("s", [], obj), DIGEST_JCS)
        with ignoring(DIGEST_JCS):
            self.assertEqual(digest.signing_input(envelope("s", [], '{"a":"\\ud800","b":1e400,"c":-1e400}')),
                             b's\n{"a":"\xed\xa0\x80","b":Infinity,"c":-Infinity}')

    def test_same_as_rfc8785_canonicalize(self) -> None:
        # The JCS of the parsed value equals rfc8785/1 over the same text,
        # for every object of the JCS corpora and JSONTestSuite's y_ files.
        files = []
        for name in ("cyberphone", "gowebpki"):
            directory = CORPORA / "jcs" / name / "input"
            if not directory.is_dir():
                raise AssertionError(f"corpus directory missing: {directory}")
            files += sorted(directory.iterdir())
        suite = CORPORA / "jsontestsuite" / "test_parsing"
        if not suite.is_dir():
            raise AssertionError(f"corpus directory missing: {suite}")
        files += sorted(p for p in suite.iterdir() if p.name.startswith("y_"))
        compared = 0
        for path in files:
            # wrapped, so that top-level scalars and arrays are covered too
            text = b'{"v":' + path.read_bytes() + b"}"
            try:
                expected = rfc8785.canonicalize(text)
            except Refusal:
                continue
            self.assertEqual(digest.schema_digest(text), H(b"aether.schema/1", expected), msg=path.name)
            self.assertEqual(digest.signing_input(b'{"schema_id":"s","omit":[],"object":' + text + b"}"),
                             b"s\n" + expected, msg=path.name)
            compared += 1
        self.assertGreater(compared, 90)


class SchemaDigest(Case):
    def test_output(self) -> None:
        doc = b'{"type":"object","properties":{"b":{},"a":{"maxLength":256}}}'
        self.assertEqual(digest.schema_digest(doc),
                         H(b"aether.schema/1", b'{"properties":{"a":{"maxLength":256},"b":{}},"type":"object"}'))
        self.assertEqual(digest.schema_digest(b"{}"), H(b"aether.schema/1", b"{}"))
        self.assertRefused(digest.schema_digest, b'{"a":"\\udfff"}', DIGEST_JCS)
        # no open-value rules here: -1, 1.5 and deep nesting are fine
        self.assertEqual(digest.schema_digest(b'{"a":[-1,1.5,[[[[[[[[[[]]]]]]]]]]]}'),
                         H(b"aether.schema/1", b'{"a":[-1,1.5,[[[[[[[[[[]]]]]]]]]]]}'))


def nest(depth: int, leaf: str = "1") -> str:
    """An arguments object whose innermost container is at ``depth``."""
    text = leaf
    for i in range(depth - 1):
        text = "[%s]" % text if i % 2 else '{"k":%s}' % text
    return '{"a":%s}' % text


class ArgumentsDigest(Case):
    PREFIX = b"aether.managed-tool-arguments/1"

    def digest_of(self, text: str) -> bytes:
        return digest.arguments_digest(text.encode("utf-8"))

    def assertDigest(self, text: str) -> None:
        self.assertEqual(self.digest_of(text), H(self.PREFIX, rfc8785.canonicalize(text.encode("utf-8"))))

    def test_output(self) -> None:
        for text in ['{}', '{"b":[1,2,3],"a":{"x":"\u00e9"},"c":true,"d":null,"e":0}',
                     '{"n":9007199254740991}', nest(8), '{"a":[%s]}' % ",".join(["0"] * 32)]:
            self.assertDigest(text)

    def test_depth(self) -> None:
        self.assertDigest(nest(8))
        self.assertDigest(nest(7, "[]"))
        self.assertDigest(nest(7, "{}"))
        self.assertRefused(digest.arguments_digest, nest(9).encode(), DIGEST_ARG_DEPTH)
        self.assertRefused(digest.arguments_digest, nest(8, "[]").encode(), DIGEST_ARG_DEPTH)
        self.assertRefused(digest.arguments_digest, nest(8, "{}").encode(), DIGEST_ARG_DEPTH)
        self.assertRefused(digest.arguments_digest, b'{"a":[[[[[[[[]]]]]]]]}', DIGEST_ARG_DEPTH)
        self.assertDigest('{"a":[[[[[[[]]]]]]]}')
        # the depth guard fires at the container, before its content
        self.assertRefused(digest.arguments_digest, nest(9, "-1").encode(), DIGEST_ARG_DEPTH)
        with ignoring(DIGEST_ARG_DEPTH):
            self.assertDigest(nest(40))
            self.assertRefused(digest.arguments_digest, nest(20, "-1").encode(), DIGEST_ARG_NUMBER)

    def test_array(self) -> None:
        def array(n: int, element: str = "1") -> bytes:
            return ('{"a":[%s]}' % ",".join([element] * n)).encode()

        self.assertEqual(digest.arguments_digest(array(32)), H(self.PREFIX, rfc8785.canonicalize(array(32))))
        self.assertRefused(digest.arguments_digest, array(33), DIGEST_ARG_ARRAY)
        self.assertRefused(digest.arguments_digest, b'{"a":[[' + b"0," * 32 + b"0]]}", DIGEST_ARG_ARRAY)
        # met when the 33rd element starts: before that element's own defects
        self.assertRefused(digest.arguments_digest, b'{"a":[' + b"0," * 32 + b"-1]}", DIGEST_ARG_ARRAY)
        self.assertRefused(digest.arguments_digest, b'{"a":[' + b"0," * 32 + b'"\\u0000"]}', DIGEST_ARG_ARRAY)
        # ... and after the defects of the 32 before it
        self.assertRefused(digest.arguments_digest, b'{"a":[-1,' + b"0," * 32 + b"0]}", DIGEST_ARG_NUMBER)
        with ignoring(DIGEST_ARG_ARRAY):
            self.assertEqual(digest.arguments_digest(array(100)), H(self.PREFIX, rfc8785.canonicalize(array(100))))
            self.assertRefused(digest.arguments_digest, b'{"a":[' + b"0," * 40 + b"-1]}", DIGEST_ARG_NUMBER)

    def test_numbers(self) -> None:
        for literal in ["0", "1", "10", "9007199254740991"]:
            self.assertDigest('{"n":%s}' % literal)
        for literal in ["-1", "-0", "1.0", "1e2", "1E2", "0.5", "9007199254740992", "1" * 30, "1e400", "-1e400"]:
            self.assertRefused(digest.arguments_digest, ('{"n":%s}' % literal).encode(), DIGEST_ARG_NUMBER)
        with ignoring(DIGEST_ARG_NUMBER):
            for literal in ["-1", "1.0", "1e2", "9007199254740993", "1e-400"]:
                self.assertDigest('{"n":%s}' % literal)
            self.assertRefused(digest.arguments_digest, b'{"n":1e400}', DIGEST_JCS)

    def test_strings(self) -> None:
        astral = "\U0001f600"
        self.assertDigest('{"s":%s}' % json.dumps("a" * 256))
        self.assertDigest('{"s":%s}' % json.dumps(astral * 256, ensure_ascii=False))
        self.assertDigest('{%s:1}' % json.dumps("k" * 256))
        for value in ["a" * 257, astral * 257, "\x00", "a\x1f", "\x7f", "\x85", "\x9f"]:
            self.assertRefused(digest.arguments_digest, ('{"s":%s}' % json.dumps(value)).encode(), DIGEST_ARG_STRING)
            self.assertRefused(digest.arguments_digest, ('{%s:1}' % json.dumps(value)).encode(), DIGEST_ARG_STRING)
            self.assertRefused(digest.arguments_digest, ('{"a":[%s]}' % json.dumps(value)).encode(), DIGEST_ARG_STRING)
        for text in [r'{"s":"\ud800"}', r'{"\udc00":1}', r'{"s":"\ude00\ud83d"}']:
            self.assertRefused(digest.arguments_digest, text.encode(), DIGEST_ARG_STRING)
        with ignoring(DIGEST_ARG_STRING):
            self.assertDigest('{"s":"\\u0000\\u0085","k":%s}' % json.dumps("x" * 300))
            # a lone surrogate then meets JCS (exception tag "shadowed")
            self.assertRefused(digest.arguments_digest, rb'{"s":"\ud800"}', DIGEST_JCS)

    def test_document_order(self) -> None:
        self.assertRefused(digest.arguments_digest, b'{"a":-1,"b":"\\u0000"}', DIGEST_ARG_NUMBER)
        self.assertRefused(digest.arguments_digest, b'{"b":"\\u0000","a":-1}', DIGEST_ARG_STRING)
        self.assertRefused(digest.arguments_digest, b'{"\\u0000":-1}', DIGEST_ARG_STRING)  # name first
        self.assertRefused(digest.arguments_digest, ('{"a":"\\u0000","b":%s}' % nest(9)[5:-1]).encode(),
                           DIGEST_ARG_STRING)
        self.assertRefused(digest.arguments_digest, ('{"b":%s,"a":"\\u0000"}' % nest(9)[5:-1]).encode(),
                           DIGEST_ARG_DEPTH)
        # the walk's defects before the byte bound
        big = "x" * 256
        members = ",".join('"k%03d":"%s"' % (i, big) for i in range(300))
        self.assertRefused(digest.arguments_digest, ('{%s,"z":-1}' % members).encode(), DIGEST_ARG_NUMBER)

    def test_byte_bound(self) -> None:
        def sized(total: int, unit: str) -> str:
            """An arguments object whose JCS is exactly ``total`` bytes."""
            chunk = unit * (256 if len(unit.encode()) == 1 else 85)
            members: list[str] = []
            size, i = 2, 0
            while True:
                member = '"k%04d":"%s"' % (i, chunk)
                cost = len(member.encode()) + (1 if members else 0)
                if size + cost > total - 600:
                    break
                members.append(member)
                size += cost
                i += 1
            # ASCII filler members, each string at most 256 characters
            rest, j = total - size, 0
            while True:
                head = len('"z%03d":""' % j) + 1
                if rest - head <= 256:
                    members.append('"z%03d":"%s"' % (j, "x" * (rest - head)))
                    break
                n = min(256, rest - 2 * head)
                members.append('"z%03d":"%s"' % (j, "x" * n))
                rest -= head + n
                j += 1
            text = "{" + ",".join(members) + "}"
            assert len(rfc8785.canonicalize(text.encode())) == total
            return text

        for unit in ("a", "\u00e9", "\u20ac", "\U0001f600"):
            at = sized(65536, unit)
            self.assertDigest(at)
            over = sized(65537, unit)
            self.assertRefused(digest.arguments_digest, over.encode(), DIGEST_ARG_BYTES)
            with ignoring(DIGEST_ARG_BYTES):
                self.assertDigest(over)
        # multibyte text reaches the bound with fewer characters
        self.assertLess(len(sized(65537, "\u20ac")), 40000)


if __name__ == "__main__":
    unittest.main()

"""Shared corpora (../shared/corpora from the repository root).

A missing corpus, or a glob that matches fewer files than the corpus holds,
is a failure, never a skip or an empty pass.
"""

from __future__ import annotations

import gzip
import hashlib
import math
import struct
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import frame, pyjson_ascii, rfc8785  # noqa: E402
from conform_mirror.refusal import Refusal  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
CORPORA = (REPO / ".." / "shared" / "corpora").resolve()


def listing(directory: Path, expected: int, prefix: str = "") -> list[Path]:
    if not directory.is_dir():
        raise AssertionError(f"corpus directory missing: {directory}")
    files = sorted(p for p in directory.iterdir() if p.is_file() and p.name.startswith(prefix))
    if len(files) != expected:
        raise AssertionError(f"{directory}: expected {expected} {prefix}* files, found {len(files)}")
    return files


def verdict(function, data: bytes) -> str:
    try:
        function(data)
    except Refusal as refusal:
        return refusal.code
    except Exception as e:  # an implementation failure, reported as such
        return f"errored: {type(e).__name__}: {e}"
    return "ok"


class JCS(unittest.TestCase):
    def check_pairs(self, name: str, expected: int) -> None:
        base = CORPORA / "jcs" / name
        for source in listing(base / "input", expected):
            target = base / "output" / source.name
            self.assertTrue(target.is_file(), msg=str(target))
            with self.subTest(file=f"{name}/{source.name}"):
                self.assertEqual(rfc8785.canonicalize(source.read_bytes()), target.read_bytes())

    def test_cyberphone(self) -> None:
        self.check_pairs("cyberphone", 6)

    def test_gowebpki(self) -> None:
        self.check_pairs("gowebpki", 4)

    def check_numbers(self, raw: bytes, sha256: str, count: int) -> None:
        self.assertEqual(hashlib.sha256(raw).hexdigest(), sha256)
        lines = raw.decode("ascii").splitlines()
        self.assertEqual(len(lines), count)
        failures = []
        for line in lines:
            ieee_hex, expected = line.split(",")
            x = struct.unpack(">d", bytes.fromhex(ieee_hex.zfill(16)))[0]
            self.assertTrue(math.isfinite(x), msg=line)
            for literal in (repr(x), "%.17g" % x):
                got = rfc8785.canonicalize(literal.encode("ascii")).decode("ascii")
                if got != expected:
                    failures.append((line, literal, got))
        self.assertEqual(failures[:20], [])

    def test_es6_numbers_10k(self) -> None:
        path = CORPORA / "jcs" / "es6numbers" / "es6testfile_10k.txt"
        self.assertTrue(path.is_file(), msg=str(path))
        self.check_numbers(
            path.read_bytes(),
            "b9f7a8e75ef22a835685a52ccba7f7d6bdc99e34b010992cbc5864cd12be6892",
            10000,
        )

    def test_es6_numbers_100k(self) -> None:
        path = CORPORA / "jcs" / "es6numbers" / "es6testfile_100k.txt.gz"
        self.assertTrue(path.is_file(), msg=str(path))
        self.check_numbers(
            gzip.decompress(path.read_bytes()),
            "22776e6d4b49fa294a0d0f349268e5c28808fe7e0cb2bcbe28f63894e494d4c7",
            100000,
        )


class JSONTestSuite(unittest.TestCase):
    DIR = CORPORA / "jsontestsuite" / "test_parsing"
    # The files nested deeper than 128: refused by the depth pre-scan.
    DEEP = {"i_structure_500_nested_arrays.json", "n_structure_100000_opening_arrays.json",
            "n_structure_open_array_object.json"}

    def test_n_files_refused(self) -> None:
        files = listing(self.DIR, 188, "n_")
        accepted = []
        for path in files:
            data = path.read_bytes()
            for name, function in (("rfc8785", rfc8785.canonicalize), ("frame", frame.lex)):
                result = verdict(function, data)
                if result == "ok" or result.startswith("errored"):
                    accepted.append((name, path.name, result))
        self.assertEqual(accepted, [])

    def test_y_files_accepted_by_rfc8785(self) -> None:
        # Every y_ file is valid RFC 8259; rfc8785/1 refuses only duplicates.
        files = listing(self.DIR, 95, "y_")
        results = {p.name: verdict(rfc8785.canonicalize, p.read_bytes()) for p in files}
        refused = {name: r for name, r in results.items() if r != "ok"}
        self.assertEqual(refused, {
            "y_object_duplicated_key.json": "rfc8785.duplicate",
            "y_object_duplicated_key_and_value.json": "rfc8785.duplicate",
        })

    def test_pyjson_agrees_with_json_module(self) -> None:
        # The oracle is json.loads itself: every file it parses (at depth up
        # to 128) is encoded, everything else is refused.
        import json

        files = listing(self.DIR, 318)
        for path in files:
            data = path.read_bytes()
            result = verdict(pyjson_ascii.encode, data)
            self.assertFalse(result.startswith("errored"), msg=f"{path.name}: {result}")
            try:
                json.loads(data.decode("utf-8"))
                loads_ok = True
            except (UnicodeDecodeError, ValueError, RecursionError):
                loads_ok = False
            if result == "pyjson.depth":
                self.assertIn(path.name, self.DEEP)
                continue
            if loads_ok and not data.startswith(b"\xef\xbb\xbf"):
                self.assertEqual(result, "ok", msg=path.name)
            if not loads_ok:
                self.assertNotEqual(result, "ok", msg=path.name)

    def test_no_crash_anywhere(self) -> None:
        files = listing(self.DIR, 318) + listing(self.DIR.parent / "test_transform", 22)
        for path in files:
            data = path.read_bytes()
            for function in (rfc8785.canonicalize, frame.lex, pyjson_ascii.encode):
                self.assertFalse(verdict(function, data).startswith("errored"), msg=path.name)


if __name__ == "__main__":
    unittest.main()

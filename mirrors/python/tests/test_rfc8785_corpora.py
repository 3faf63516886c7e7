"""rfc8785/1 over the shared corpora (spec/rfc8785.md): the JCS pairs and
ECMAScript number files, and JSONTestSuite's verdicts."""

from __future__ import annotations

import gzip
import hashlib
import math
import struct
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import CORPORA, JSON_TEST_SUITE, listing, verdict  # noqa: E402
from conform_mirror import rfc8785  # noqa: E402


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
    DIR = JSON_TEST_SUITE / "test_parsing"

    def test_n_files_refused(self) -> None:
        accepted = {}
        for path in listing(self.DIR, 188, "n_"):
            result = verdict(rfc8785.canonicalize, path.read_bytes())
            if result == "ok" or result.startswith("errored"):
                accepted[path.name] = result
        self.assertEqual(accepted, {})

    def test_y_files_accepted(self) -> None:
        # Every y_ file is valid RFC 8259; rfc8785/1 refuses only duplicates.
        files = listing(self.DIR, 95, "y_")
        results = {p.name: verdict(rfc8785.canonicalize, p.read_bytes()) for p in files}
        refused = {name: r for name, r in results.items() if r != "ok"}
        self.assertEqual(refused, {
            "y_object_duplicated_key.json": "rfc8785.duplicate",
            "y_object_duplicated_key_and_value.json": "rfc8785.duplicate",
        })


if __name__ == "__main__":
    unittest.main()

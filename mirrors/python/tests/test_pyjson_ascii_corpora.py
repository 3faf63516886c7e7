"""pyjson-ascii/1 over JSONTestSuite (spec/pyjson-ascii.md): the oracle is
``json.loads`` itself."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import JSON_TEST_SUITE, listing, verdict  # noqa: E402
from conform_mirror import pyjson_ascii  # noqa: E402


class JSONTestSuite(unittest.TestCase):
    DIR = JSON_TEST_SUITE / "test_parsing"
    # The files nested deeper than 128: refused by the depth pre-scan.
    DEEP = {"i_structure_500_nested_arrays.json", "n_structure_100000_opening_arrays.json",
            "n_structure_open_array_object.json"}

    def test_agrees_with_json_module(self) -> None:
        # Every file json.loads parses (at depth up to 128) is encoded,
        # everything else is refused.
        for path in listing(self.DIR, 318):
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


if __name__ == "__main__":
    unittest.main()

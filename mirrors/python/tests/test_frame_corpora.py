"""frame/1 over JSONTestSuite (spec/frame.md): every n_ file is refused."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import JSON_TEST_SUITE, listing, verdict  # noqa: E402
from conform_mirror import frame  # noqa: E402


class JSONTestSuite(unittest.TestCase):
    def test_n_files_refused(self) -> None:
        accepted = {}
        for path in listing(JSON_TEST_SUITE / "test_parsing", 188, "n_"):
            result = verdict(frame.lex, path.read_bytes())
            if result == "ok" or result.startswith("errored"):
                accepted[path.name] = result
        self.assertEqual(accepted, {})


if __name__ == "__main__":
    unittest.main()

"""The shared corpora through every registered operation: JSONTestSuite's
files, whatever they hold, give an answer or a refusal, never an
implementation failure. Each contract's own corpus tests are in its
test_<contract>*.py files."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import json_test_suite, verdict  # noqa: E402
from conform_mirror import contracts  # noqa: E402


class NoCrash(unittest.TestCase):
    def test_json_test_suite_everywhere(self) -> None:
        files = json_test_suite()
        crashes = []
        for path in files:
            data = path.read_bytes()
            for contract, operations in contracts.OPERATIONS.items():
                for op, function in operations.items():
                    result = verdict(function, data)
                    if result.startswith("errored"):
                        crashes.append((contract, op, path.name, result))
        self.assertEqual(crashes[:10], [])


if __name__ == "__main__":
    unittest.main()

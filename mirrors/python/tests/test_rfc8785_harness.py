"""rfc8785/1 through the harness (mirrors/PROTOCOL.md): a request line of
megabytes is answered with the exact canonical bytes."""

from __future__ import annotations

import base64
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness_client import exchange, run, start  # noqa: E402


class Harness(unittest.TestCase):
    def test_large_line(self) -> None:
        text = b'{"k":"' + "\u00e9".encode() * 3_000_000 + b'","a":[' + b"1," * 1_000_000 + b"0]}"
        answers = exchange(start() + run(1, "rfc8785/1", "canonicalize", text))
        self.assertEqual(answers[1]["outcome"], "ok")
        out = base64.b64decode(answers[1]["output"])
        self.assertEqual(out, b'{"a":[' + b"1," * 1_000_000 + b'0],"k":"' + "\u00e9".encode() * 3_000_000 + b'"}')


if __name__ == "__main__":
    unittest.main()

"""pyjson-ascii/1 through the harness (mirrors/PROTOCOL.md): CPython's own
recursion limit, reached with the depth pre-scan ignored, is an
implementation failure (``errored``), bounded, never a refusal; and a
request line of megabytes is answered with the exact bytes."""

from __future__ import annotations

import base64
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness_client import batch, exchange, line, run, start  # noqa: E402

CONTRACT, OP = "pyjson-ascii/1", "encode"
IGNORE_DEPTH = line({"cmd": "ignore", "seq": 1, "ignore": [
    {"contract": CONTRACT, "message": "nesting exceeds depth 128"}]})
DEEP = b"[" * 100000 + b"]" * 100000


class Harness(unittest.TestCase):
    def test_errored_is_bounded(self) -> None:
        answers = exchange(start() + IGNORE_DEPTH + run(2, CONTRACT, OP, DEEP) + run(3, CONTRACT, OP, b"[1]"))
        answer = answers[2]
        self.assertEqual(answer["outcome"], "errored")
        self.assertTrue(answer["message"].startswith("RecursionError"), answer["message"])
        self.assertLessEqual(len(answer["message"].encode()), 1024)
        self.assertLessEqual(len(answer["trace"].encode()), 8192)
        self.assertIn("RecursionError", answer["trace"])
        self.assertEqual(answers[3]["outcome"], "ok")

    def test_errored_in_a_batch_is_that_entry(self) -> None:
        answers = exchange(start() + IGNORE_DEPTH
                           + batch(2, [(CONTRACT, OP, b"[1]"), (CONTRACT, OP, DEEP), (CONTRACT, OP, b"[1,]")]))
        entries = answers[2]["answers"]
        self.assertEqual([e["outcome"] for e in entries], ["ok", "errored", "refused"])
        self.assertTrue(entries[1]["message"].startswith("RecursionError"), entries[1])
        self.assertEqual(entries[2]["message"], "input is not valid JSON")

    def test_large_line(self) -> None:
        text = b'{"k":"' + "\u00e9".encode() * 3_000_000 + b'","a":[' + b"1," * 1_000_000 + b"0]}"
        answers = exchange(start() + run(1, CONTRACT, OP, text))
        self.assertEqual(answers[1]["outcome"], "ok")
        out = base64.b64decode(answers[1]["output"])
        self.assertEqual(out, b'{"a":[' + b"1," * 1_000_000 + b'0],"k":"' + b"\\u00e9" * 3_000_000 + b'"}')


if __name__ == "__main__":
    unittest.main()

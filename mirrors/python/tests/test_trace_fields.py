"""trace-fields/1 (spec/trace-fields.md): the depth-1 projecting reader,
with json.loads as the oracle on documents it reads, and the fail-closed
and depth-1-only rules where the two differ on purpose."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import trace_fields as tf  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402


def req(values, shapes, mode="coordinator") -> bytes:
    return json.dumps({"mode": mode, "values": values, "types": shapes}).encode() + b"\n"


def read(data: bytes, *ignored) -> str:
    with ignoring(*ignored):
        try:
            return tf.read(data).decode("utf-8")
        except Refusal as r:
            return "refused: " + r.guard.message


def refused(g) -> str:
    return "refused: " + g.message


class Reader(unittest.TestCase):
    def test_agrees_with_json_loads_in_any_order(self) -> None:
        doc = {"status": "delivered", "result": {"output": [1, "x y"]}, "error": None, "n": -1.5e3}
        asked = ["status", "n", "missing"]
        for text in (json.dumps(doc), json.dumps(doc, indent=2),
                     json.dumps(dict(reversed(list(doc.items()))), separators=(",", ":"))):
            out = json.loads(read(req(asked, ["result", "error"]) + text.encode()))
            parsed = json.loads(text)
            for name in asked:
                want = {"value": parsed[name]} if name in parsed else {"absent": True}
                self.assertEqual(out[name], want)
            self.assertEqual(out["result"], {"shape": "object"})
            self.assertEqual(out["error"], {"shape": "null"})
            self.assertEqual(list(out), asked + ["result", "error"])

    def test_every_prefix_is_truncated(self) -> None:
        text = b'{"status":"ok","error":{"message":"boom [x]"},"n":12.5e-1,"t":true}'
        for i in range(len(text)):
            self.assertEqual(read(req([], ["error"]) + text[:i]), refused(tf.TRUNCATED), text[:i])
        self.assertEqual(read(req([], ["error"]) + text), '{"error":{"shape":"object"}}')

    def test_depth_1_only(self) -> None:
        for text in (b'{"a":[1,}}', b'{"a":{"k":tru}}', b'{"a":["\\q"]}'):
            with self.assertRaises(ValueError):
                json.loads(text)
            self.assertIn('"shape"', read(req([], ["a"]) + text))
            self.assertEqual(read(req(["a"], []) + text), refused(tf.VALUE))

    def test_request_and_model_members(self) -> None:
        self.assertEqual(read(req(["result"], []) + b"{}"), refused(tf.MODEL_VALUE))
        self.assertEqual(read(req(["error"], []) + b'{"error":{"m":1}}', tf.MODEL_VALUE), '{"error":{"value":{"m":1}}}')
        self.assertEqual(read(req(["a"], ["a"]) + b"{}"), refused(tf.REQUEST))
        self.assertEqual(read(b'{"mode":"api","values":[],"types":[]}'), refused(tf.REQUEST))

    def test_duplicates(self) -> None:
        self.assertEqual(read(req(["a"], []) + b'{"a":1,"a":2}'), refused(tf.DUPLICATE))
        self.assertEqual(read(req(["a"], []) + b'{"a":1,"\\u0061":2}', tf.DUPLICATE), '{"a":{"value":2}}')
        # An escaped pair names the same member as the raw character.
        self.assertEqual(read(req(["\U0001f600"], []) + '{"\\ud83d\\ude00":1}'.encode()),
                         '{"\\ud83d\\ude00":{"value":1}}')

    def test_ceiling(self) -> None:
        big = b"]" * (tf.CEILING + 1)
        self.assertEqual(read(req(["status"], [], "coordinator") + big), refused(tf.CEILING_GUARD))
        self.assertEqual(read(req(["status"], [], "coordinator") + big, tf.CEILING_GUARD), refused(tf.NOT_OBJECT))
        self.assertEqual(read(req(["status"], [], "sentinel") + big), "null")
        self.assertEqual(read(req(["status"], [], "summary") + big), "")
        self.assertEqual(read(req(["status"], [], "api") + big), '{"status":413}')


if __name__ == "__main__":
    unittest.main()

"""The closed refusal tables against the spec files, and the ignore set."""

from __future__ import annotations

import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import OPERATIONS  # noqa: E402
from conform_mirror import refusal  # noqa: E402
from conform_mirror.refusal import GUARDS, Refusal, refuse, set_ignored  # noqa: E402

SPEC = Path(__file__).resolve().parents[3] / "spec"
SPEC_FILES = {
    "rfc8785/1": "rfc8785.md",
    "pyjson-ascii/1": "pyjson-ascii.md",
    "frame/1": "frame.md",
    "prim/1": "prim.md",
    "ticker/1": "ticker.md",
    "v8date/1": "v8date.md",
    "ed25519/1": "ed25519.md",
    "digest/1": "digest.md",
}
# | `code` | `message` | (and, in some tables, an operations column)
ROW = re.compile(r"^\| `([a-z0-9_.]+)` \| `([^`]+)` \|(?: [^|]+ \|)?$")


def spec_table(contract: str) -> list[tuple[str, str]]:
    path = SPEC / SPEC_FILES[contract]
    if not path.is_file():
        raise AssertionError(f"spec missing: {path}")
    text = path.read_text("utf-8")
    section = text.split("## Refusals", 1)[1].split("\n## ", 1)[0]
    rows = [ROW.match(line) for line in section.splitlines()]
    return [(m.group(1), m.group(2)) for m in rows if m]


class Tables(unittest.TestCase):
    def test_tables_match_specs(self) -> None:
        for contract in SPEC_FILES:
            expected = spec_table(contract)
            self.assertGreater(len(expected), 4, msg=contract)
            ours = [(g.code, g.message) for g in GUARDS if g.contract == contract]
            self.assertEqual(ours, expected, msg=contract)

    def test_contracts(self) -> None:
        self.assertEqual(set(OPERATIONS), set(SPEC_FILES))
        self.assertEqual({g.contract for g in GUARDS}, set(SPEC_FILES))

    def test_messages_are_ascii_and_unique(self) -> None:
        pairs = [(g.contract, g.message) for g in GUARDS]
        self.assertEqual(len(pairs), len(set(pairs)))
        self.assertEqual(len({g.code for g in GUARDS}), len(GUARDS))
        for g in GUARDS:
            g.message.encode("ascii")

    def test_only_guards_without_accept_path_are_unignorable(self) -> None:
        # The grammar guards, the JSON value input and type guards
        # (spec/README.md) and the timestamp shape guards.
        self.assertEqual(
            {g.code for g in GUARDS if not g.ignorable},
            {"rfc8785.syntax", "pyjson.syntax", "frame.syntax",
             "prim.input", "prim.type", "prim.timestamp_shape",
             "ticker.input", "ticker.type",
             "v8date.input", "v8date.type", "v8date.shape",
             "ed25519.input", "ed25519.type",
             "digest.input", "digest.type"},
        )


class IgnoreSet(unittest.TestCase):
    def tearDown(self) -> None:
        set_ignored(())

    def test_unknown_pairs_reported(self) -> None:
        unknown = set_ignored([
            ("frame/1", "frame exceeds 262144 bytes"),
            ("frame/1", "no such message"),
            ("rfc8785/1", "frame exceeds 262144 bytes"),  # right message, wrong contract
        ])
        self.assertEqual(unknown, [("frame/1", "no such message"),
                                   ("rfc8785/1", "frame exceeds 262144 bytes")])
        self.assertIsNone(refuse(refusal.FRAME_SIZE))
        with self.assertRaises(Refusal):
            refuse(refusal.FRAME_BOM)

    def test_replace_and_clear(self) -> None:
        set_ignored([("frame/1", "frame exceeds 262144 bytes")])
        set_ignored([("frame/1", "frame begins with a UTF-8 byte order mark")])
        with self.assertRaises(Refusal):
            refuse(refusal.FRAME_SIZE)
        refuse(refusal.FRAME_BOM)
        set_ignored([])
        with self.assertRaises(Refusal):
            refuse(refusal.FRAME_BOM)


if __name__ == "__main__":
    unittest.main()

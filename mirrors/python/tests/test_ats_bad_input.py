"""ats/1: every operation fed malformed inputs (invalid JSON, wrong JSON
types, missing documents and members, huge arrays, strings and numbers,
deep nesting) refuses with a message of its own table, never raises
anything else and never hangs; with every ignorable guard ignored it still
answers from its table or accepts, never crashes."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ats  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from test_ats_fixtures import OPERATION, doc, encode, envelope_for, faithful  # noqa: E402

MESSAGES = {g.message for g in ats.GUARDS}


def base(op: str) -> dict[str, Any]:
    """A valid input of the operation to corrupt."""
    if op.startswith("verify-"):
        return envelope_for(op, faithful())
    if op == "redact-binding-for-export" or op == "optional-binding-v2":
        return doc("account-binding-v2")
    if op == "optional-binding":
        return doc("account-binding-v1")
    return doc(next(name for name, o in OPERATION.items() if o == op))


_INPUTS: dict[str, list[bytes]] = {}


def inputs(op: str) -> list[bytes]:
    """Malformed inputs of one operation (built once)."""
    if op not in _INPUTS:
        _INPUTS[op] = _inputs(op)
    return _INPUTS[op]


def _inputs(op: str) -> list[bytes]:
    out = [b"", b" ", b"{", b"}", b"[", b"nul", b"NaN", b"Infinity", b"-", b"01", b"1.", b'"\\x"',
           b"\xef\xbb\xbf{}", b"\xff", b"\xed\xa0\x80", b'{"a":1,"a":1}', b"{} {}", b"{},",
           b"[" * 129 + b"]" * 129, b"[" * 100000, b"{\"a\":" * 200 + b"1" + b"}" * 200]
    values: list[Any] = [None, True, False, 0, -1, 1e300, "x", "", [], [{}], {}, {"": None}]
    for value in values:
        out.append(encode(value))
    valid = base(op)
    out.append(encode([valid]))
    out.append(encode({"doc": valid}))
    names = list(valid)
    for name in names[:6]:
        # a member's value of each wrong kind, or nested
        bads: list[Any] = [None, [], {}, "\ud800", [[[[[]]]]], {"\ud800": 1}]
        for bad in bads:
            out.append(encode(dict(valid, **{name: bad})))
        out.append(encode(dict(valid, **{name: None})).replace(b"null", b"[" * 127 + b"]" * 127, 1))
    for name in (names[0], names[-1]):
        # huge values
        out.append(encode(dict(valid, **{name: None})).replace(b"null", b"[" + b"0," * 100000 + b"0]", 1))
        out.append(encode(dict(valid, **{name: "x" * 1000000})))
        out.append(encode(dict(valid, **{name: None})).replace(b"null", b"1" + b"0" * 100000, 1))
        out.append(encode(dict(valid, **{name: None})).replace(b"null", b"1e99999999999", 1))
    for member in ("intent", "review", "approval", "binding", "grant", "usage"):
        if member in valid:
            env = dict(valid)
            env[member] = dict(valid[member], symbol_allowlist=["A"] * 1000, sides=list(range(1000)))
            out.append(encode(env))
    if "grant" in valid:
        big = encode(dict(valid, grant=dict(valid["grant"], symbol_allowlist=None)))
        out.append(big.replace(b"null", b'["A' + b'","A'.join(b"%06d" % i for i in range(100000)) + b'"]', 1))
    if "symbol_allowlist" in valid:
        listed = encode(dict(valid, symbol_allowlist=None))
        out.append(listed.replace(b"null", b'["A' + b'","A'.join(b"%06d" % i for i in range(100000)) + b'"]', 1))
    out.append(encode(dict(valid, **{"x" * 10000: 1})))
    return out


class BadInput(unittest.TestCase):
    def check(self, op: str, data: bytes) -> None:
        try:
            ats.OPERATIONS[op](data)
        except Refusal as r:
            self.assertIn(r.message, MESSAGES)
            self.assertEqual(r.guard.contract, "ats/1")

    def test_every_operation_refuses_from_its_table(self) -> None:
        for op in ats.OPERATIONS:
            for data in inputs(op):
                with self.subTest(op=op, data=data[:60]):
                    self.check(op, data)

    def test_with_every_guard_ignored(self) -> None:
        # The validators' ignore paths keep values they would refuse; no
        # path may crash on them (kinds are never ignored away).
        with ignoring(*[g for g in ats.GUARDS if g.ignorable]):
            for op in ats.OPERATIONS:
                for data in inputs(op)[::4]:
                    with self.subTest(op=op, data=data[:60]):
                        self.check(op, data)

    def test_wrong_types_get_their_type_guard(self) -> None:
        for op in ats.OPERATIONS:
            expected = ("gate input is not the operation's chain envelope" if op.startswith("verify-")
                        else "document is not a JSON object")
            for value in (True, 0, "x", [], [{}]):
                with self.subTest(op=op, value=value), self.assertRaises(Refusal) as cm:
                    ats.OPERATIONS[op](encode(value))
                self.assertEqual(cm.exception.message, expected)
            if not op.startswith("verify-"):
                with self.assertRaises(Refusal) as cm:
                    ats.OPERATIONS[op](b"{}")
                self.assertEqual(cm.exception.message, "document lacks a member of its shape")


if __name__ == "__main__":
    unittest.main()

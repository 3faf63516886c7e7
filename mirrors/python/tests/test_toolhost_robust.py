"""toolhost/1 (spec/toolhost.md, sections 1.1 and 5): bad input never
crashes, hangs or answers outside the table. Every operation is fed its
base envelope with one place broken: each member of each document (and
each element of each array) replaced by a value of every other JSON type,
a lone surrogate, an infinite number, a huge array or string, a deep
nesting, or removed; and bytes of the envelope flipped at random (seeded).
Each answer must be an acceptance or a refusal with a message of
toolhost/1's table, in well under a second, with no guard ignored and with
every guard that has an accept path ignored at once (the harshest set of
continuations section 5 allows)."""

from __future__ import annotations

import json
import random
import sys
import unittest
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import toolhost  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from test_toolhost_chain import ENVELOPES, Raw, dumps, envelope  # noqa: E402

MESSAGES = {g.message for g in toolhost.GUARDS}
IGNORABLE = [g for g in toolhost.GUARDS if g.ignorable]
SMALL: list[Any] = [None, True, 0, -1, Raw("1.5"), Raw("1e400"), Raw("-0"), "", "\ud800", "\x00", [], {},
                    [1, "a"]]
DEEP: Any = [[]]
for _ in range(110):
    DEEP = [DEEP]
# Far past every bound (32 elements, 16 tools, 65536 bytes), small enough
# to build and read thousands of times; test_huge_and_deep_inputs reads
# bigger ones once per operation.
HUGE: list[Any] = [[0] * 300, "a" * 70000, DEEP, {f"k{i}": i for i in range(300)}]


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every place inside a value (members and elements), with its value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path + (k,), v
            yield from places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield path + (i,), v
            yield from places(v, path + (i,))


def replaced(env: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(env))
    target = out
    for token in path[:-1]:
        target = target[token]
    if value is _DELETE:
        if isinstance(target, dict):
            del target[path[-1]]
        else:
            target.pop(path[-1])
    else:
        target[path[-1]] = value
    return out


_DELETE = object()


class Robust(unittest.TestCase):
    def answer(self, op: str, data: bytes, modes: tuple[tuple[Any, ...], ...] = ((), tuple(IGNORABLE))) -> None:
        for ignored in modes:
            with ignoring(*ignored):
                try:
                    out = toolhost.OPERATIONS[op](data)
                except Refusal as refusal:
                    self.assertIn(refusal.message, MESSAGES)
                    self.assertEqual(refusal.guard.contract, toolhost.CONTRACT)
                else:
                    self.assertIsInstance(out, bytes)
                    out.decode("ascii")

    def test_every_place_of_every_document(self) -> None:
        count = 0
        for op in toolhost.OPERATIONS:
            if not op.startswith("validate-"):
                continue
            env = json.loads(envelope(op))
            for path, value in places(env):
                variants = SMALL + [_DELETE]
                if len(path) == 1 or isinstance(value, list):
                    variants = variants + HUGE
                for variant in variants:
                    self.answer(op, dumps(replaced(env, path, variant)).encode("ascii"))
                    count += 1
        self.assertGreater(count, 3000)

    def test_every_member_of_every_check(self) -> None:
        for op in toolhost.OPERATIONS:
            env = json.loads(envelope(op))
            for name in ENVELOPES[op]:
                for variant in SMALL + HUGE + [_DELETE]:
                    self.answer(op, dumps(replaced(env, (name,), variant)).encode("ascii"))

    def test_random_bytes(self) -> None:
        rng = random.Random(20260922)
        for op in toolhost.OPERATIONS:
            data = bytearray(envelope(op))
            for _ in range(40):
                broken = bytearray(data)
                for _ in range(rng.randint(1, 4)):
                    broken[rng.randrange(len(broken))] = rng.choice(b'0123456789-_":,{}[]aAzZ\\ .eE\x00\xff')
                self.answer(op, bytes(broken))

    def test_huge_and_deep_inputs(self) -> None:
        for op in toolhost.OPERATIONS:
            # Refused before any guard could be ignored (the reader, the
            # envelope), so with nothing ignored only.
            for data in [b"[" * 100000 + b"]" * 100000, b'{"a":' * 200 + b"1" + b"}" * 200,
                         b"[" + b"0," * 30000 + b"0]", b'"' + b"a" * 2000000 + b'"']:
                self.answer(op, data, ((),))
            members = {name: ({"tools": [{}] * 30000} if name == "registry" else [0] * 30000)
                       for name in ENVELOPES[op]}
            self.answer(op, json.dumps(members).encode("ascii"))


if __name__ == "__main__":
    unittest.main()

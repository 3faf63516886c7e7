"""The closed refusal tables of every contract, and the one guard function.

Each contract refuses only with a (code, message) pair from its table in
spec/<contract>.md; the message is fixed ASCII text and is compared byte for
byte across implementations.

Every place that refuses calls ``refuse(guard)``. The guard-mutation control
(the ``ignore`` command of mirrors/PROTOCOL.md) can put a (contract, message)
pair in the ignore set: ``refuse`` then returns instead of raising, and the
caller continues as if the guard's condition had been false. What "continue"
means at each site is written next to the call, from the spec's "Ignored:"
notes.

The grammar guards (``rfc8785.syntax``, ``pyjson.syntax``, ``frame.syntax``)
have no accept path: the specs say they are never ignored by the mutation
runner, and a parser that met a grammar error has nothing to continue with.
They are listed in the table (so an ``ignore`` naming them is not reported
unknown), but ``refuse`` raises for them even when they are in the ignore set.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Iterable, Iterator


@dataclass(frozen=True)
class Guard:
    contract: str
    code: str
    message: str
    # False for the grammar guards, which have no accept path.
    ignorable: bool = True


class Refusal(Exception):
    """The contract refused its input with one message of its table."""

    def __init__(self, guard: Guard) -> None:
        super().__init__(guard.message)
        self.guard = guard

    @property
    def message(self) -> str:
        return self.guard.message

    @property
    def code(self) -> str:
        return self.guard.code


RFC8785 = "rfc8785/1"
PYJSON_ASCII = "pyjson-ascii/1"
FRAME = "frame/1"

# spec/rfc8785.md, "Refusals"
RFC8785_BOM = Guard(RFC8785, "rfc8785.bom", "input begins with a UTF-8 byte order mark")
RFC8785_UTF8 = Guard(RFC8785, "rfc8785.utf8", "input is not valid UTF-8")
RFC8785_SYNTAX = Guard(RFC8785, "rfc8785.syntax", "input is not valid JSON", ignorable=False)
RFC8785_DEPTH = Guard(RFC8785, "rfc8785.depth", "nesting exceeds depth 128")
RFC8785_DUPLICATE = Guard(RFC8785, "rfc8785.duplicate", "duplicate member name")
RFC8785_SURROGATE = Guard(RFC8785, "rfc8785.surrogate", "string contains an unpaired surrogate")
RFC8785_NUMBER_RANGE = Guard(
    RFC8785, "rfc8785.number_range", "number is outside the IEEE-754 double range"
)

# spec/pyjson-ascii.md, "Refusals"
PYJSON_BOM = Guard(PYJSON_ASCII, "pyjson.bom", "input begins with a UTF-8 byte order mark")
PYJSON_UTF8 = Guard(PYJSON_ASCII, "pyjson.utf8", "input is not valid UTF-8")
PYJSON_DEPTH = Guard(PYJSON_ASCII, "pyjson.depth", "nesting exceeds depth 128")
PYJSON_SYNTAX = Guard(PYJSON_ASCII, "pyjson.syntax", "input is not valid JSON", ignorable=False)
PYJSON_INT_DIGITS = Guard(
    PYJSON_ASCII, "pyjson.int_digits", "integer literal exceeds 4300 digits"
)

# spec/frame.md, "Refusals"
FRAME_SIZE = Guard(FRAME, "frame.size", "frame exceeds 262144 bytes")
FRAME_BOM = Guard(FRAME, "frame.bom", "frame begins with a UTF-8 byte order mark")
FRAME_UTF8 = Guard(FRAME, "frame.utf8", "frame is not valid UTF-8")
FRAME_SYNTAX = Guard(FRAME, "frame.syntax", "frame is not valid JSON", ignorable=False)
FRAME_NOT_OBJECT = Guard(FRAME, "frame.not_object", "frame is not a JSON object")
FRAME_DEPTH = Guard(FRAME, "frame.depth", "frame nesting exceeds depth 16")
FRAME_DUPLICATE = Guard(FRAME, "frame.duplicate", "frame has a duplicate member name")
FRAME_NUMBER = Guard(FRAME, "frame.number", "frame number is not 0 or [1-9][0-9]*")
FRAME_NUMBER_RANGE = Guard(FRAME, "frame.number_range", "frame number exceeds 2^53-1")
FRAME_CONTROL = Guard(FRAME, "frame.control", "frame string contains a control character")
FRAME_SURROGATE = Guard(
    FRAME, "frame.surrogate", "frame string contains an unpaired surrogate"
)

GUARDS: tuple[Guard, ...] = (
    RFC8785_BOM,
    RFC8785_UTF8,
    RFC8785_SYNTAX,
    RFC8785_DEPTH,
    RFC8785_DUPLICATE,
    RFC8785_SURROGATE,
    RFC8785_NUMBER_RANGE,
    PYJSON_BOM,
    PYJSON_UTF8,
    PYJSON_DEPTH,
    PYJSON_SYNTAX,
    PYJSON_INT_DIGITS,
    FRAME_SIZE,
    FRAME_BOM,
    FRAME_UTF8,
    FRAME_SYNTAX,
    FRAME_NOT_OBJECT,
    FRAME_DEPTH,
    FRAME_DUPLICATE,
    FRAME_NUMBER,
    FRAME_NUMBER_RANGE,
    FRAME_CONTROL,
    FRAME_SURROGATE,
)

_KNOWN: frozenset[tuple[str, str]] = frozenset((g.contract, g.message) for g in GUARDS)

# The current ignore set: (contract, message) pairs. Replaced as a whole.
_ignored: frozenset[tuple[str, str]] = frozenset()


def set_ignored(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Replace the ignore set; return the pairs no guard refuses with.

    Unknown pairs are kept in the set too (they are harmless), so the set is
    exactly what the caller asked for.
    """
    global _ignored
    pairs = list(pairs)
    _ignored = frozenset(pairs)
    unknown: list[tuple[str, str]] = []
    for pair in pairs:
        if pair not in _KNOWN and pair not in unknown:
            unknown.append(pair)
    return unknown


def is_ignored(guard: Guard) -> bool:
    return guard.ignorable and (guard.contract, guard.message) in _ignored


@contextlib.contextmanager
def ignoring(*guards: Guard) -> Iterator[None]:
    """Run a block with exactly these guards ignored (for tests)."""
    global _ignored
    saved = _ignored
    _ignored = frozenset((g.contract, g.message) for g in guards)
    try:
        yield
    finally:
        _ignored = saved


def refuse(guard: Guard) -> None:
    """Refuse with ``guard`` unless it is ignored; then return to the caller."""
    if is_ignored(guard):
        return
    raise Refusal(guard)

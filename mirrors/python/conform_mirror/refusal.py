"""The one way every contract refuses: guards, the refusal exception, the
ignore set, and where a refusal happened.

A contract refuses only with a (code, message) pair from the Refusals table
of its spec (spec/README.md, "Rules shared by every contract": refusals are
a closed table, one guard, one message). Each contract module holds its own
table, as ``Guard`` values; this module holds none.

Every place that refuses calls ``refuse(guard)``. The guard-mutation control
(the ``ignore`` command of mirrors/PROTOCOL.md) can put a (contract, message)
pair in the ignore set: ``refuse`` then returns instead of raising, and the
caller continues as if the guard's condition had been false. What "continue"
means at each site is written next to the call, from the spec's "Ignored:"
notes.

A guard built with ``ignorable=False`` has no accept path: ``refuse`` raises
for it even when its pair is in the ignore set. These are the grammar guards
(the specs say they are never ignored by the mutation runner; a parser that
met a grammar error has nothing to continue with), the ``.input`` and
``.type`` guards of the contracts with JSON value inputs (spec/README.md,
"JSON value inputs": with ``.input`` ignored there is still no value, with
``.type`` ignored no value of the expected type), and guards whose spec
leaves nothing to continue with (a string of another shape has no fields).
Such a guard is still in its table, so an ``ignore`` naming it is not
reported unknown.

A refusal may say where it happened (mirrors/PROTOCOL.md, "run": the
optional ``at`` of a refused answer): a byte offset into the input, a JSON
pointer (RFC 6901) to the value refused, or both. The location is computed
only when the refusal is raised (``Where`` is a function), so that a guard
ignored many times over one input costs nothing. It never changes the
message.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import AbstractSet, Callable, Iterable, Iterator, Optional, Protocol, Sequence, Union

from conform_kit import Refusal as KitRefusal

MAX_POINTER_BYTES = 1024  # mirrors/PROTOCOL.md, "run": a pointer's bound


@dataclass(frozen=True)
class Guard:
    """One row of a contract's refusal table: the contract name with its
    version (``"name/1"``), the code and the message exactly as the spec's
    table has them, and whether the guard has an accept path."""

    contract: str
    code: str
    message: str
    ignorable: bool = True


@dataclass(frozen=True)
class Location:
    """Where a refusal happened: ``offset`` is a byte offset into the input
    bytes (0 to their length), ``pointer`` an RFC 6901 JSON pointer (at most
    1024 UTF-8 bytes); at least one of them is set."""

    offset: Optional[int] = None
    pointer: Optional[str] = None

    def answer(self) -> dict[str, object]:
        """Return the ``at`` object of a refused answer (PROTOCOL.md, "run")."""
        at: dict[str, object] = {}
        if self.offset is not None:
            at["offset"] = self.offset
        if self.pointer is not None:
            at["pointer"] = self.pointer
        return at


# A function computing a refusal's location, called only when the refusal
# is raised; None where there is nothing to say.
Where = Callable[[], Optional[Location]]


class Refusal(KitRefusal):
    """The contract refused its input with one message of its table: the
    kit's Refusal (mirrors/kit/python/conform_kit.py), which the harness
    answers ``refused`` with the message and the location.

    ``guard`` is the Guard refused with; ``location`` is where, or None;
    ``message`` is the guard's message, exactly as the contract's table has
    it.
    """

    def __init__(self, guard: Guard, location: Optional[Location] = None) -> None:
        if location is None:
            super().__init__(guard.message)
        else:
            super().__init__(guard.message, location.offset, location.pointer)
        self.guard = guard
        self.location = location

    @property
    def code(self) -> str:
        """The refusal code (``"name.rule"``)."""
        return self.guard.code


# The current ignore set: (contract, message) pairs. Replaced as a whole.
_ignored: frozenset[tuple[str, str]] = frozenset()


def set_ignored(pairs: Iterable[tuple[str, str]]) -> None:
    """Replace the ignore set with ``pairs`` (contract, message), exactly as
    given: a pair no guard has is kept too, and is harmless
    (mirrors/PROTOCOL.md, "ignore")."""
    global _ignored
    _ignored = frozenset(pairs)


def set_ignored_for(contract: str, messages: AbstractSet[str]) -> None:
    """Replace ``contract``'s part of the ignore set with its ``messages``,
    other contracts' pairs kept: the ignore hook harness.py gives the kit
    for each contract (mirrors/PROTOCOL.md, "ignore"; the kit passes only
    messages of the contract's own table, and the empty set at a
    handshake)."""
    global _ignored
    if not messages and not _ignored:
        return
    kept = {pair for pair in _ignored if pair[0] != contract}
    _ignored = frozenset(kept | {(contract, m) for m in messages})


def is_ignored(guard: Guard) -> bool:
    """Return whether ``refuse(guard)`` would return instead of raising."""
    return guard.ignorable and (guard.contract, guard.message) in _ignored


@contextlib.contextmanager
def ignoring(*guards: Guard) -> Iterator[None]:
    """Run a block with exactly these guards ignored (for tests), and restore
    the ignore set afterwards."""
    global _ignored
    saved = _ignored
    _ignored = frozenset((g.contract, g.message) for g in guards)
    try:
        yield
    finally:
        _ignored = saved


def refuse(guard: Guard, where: Optional[Where] = None) -> None:
    """Refuse with ``guard``: raise Refusal, with the location ``where()``
    gives when ``where`` is given. When the guard is ignored (and has an
    accept path), return to the caller instead, which goes on as its spec's
    "Ignored:" note says."""
    if guard.ignorable and (guard.contract, guard.message) in _ignored:
        return
    raise Refusal(guard, where() if where is not None else None)


def at_offset(offset: int) -> Where:
    """Return a Where for a byte offset known at the refusal site."""
    return lambda: Location(offset=offset)


class Offsets(Protocol):
    """Anything that maps a text index back to a byte offset of the input
    (a ``jsonscan.Source``), or to None where it cannot."""

    def offset(self, index: int) -> Optional[int]: ...


def at_index(source: Offsets, index: int) -> Where:
    """Return a Where for text index ``index`` of ``source``: the byte
    offset ``source.offset(index)`` gives, or no location when it gives
    None."""

    def where() -> Optional[Location]:
        offset = source.offset(index)
        return None if offset is None else Location(offset=offset)

    return where


def at_pointer(*tokens: Union[str, int]) -> Where:
    """Return a Where for the JSON pointer of the reference tokens
    ``tokens`` (member names and array indices, from the root): RFC 6901
    section 3, ``~`` written ``~0`` and ``/`` written ``~1``. No tokens is
    the whole value, ``""``. A pointer that has no UTF-8 form (a member name
    with a lone surrogate) or is over 1024 bytes gives no location."""
    return lambda: pointer_location(tokens)


def pointer_location(tokens: Sequence[Union[str, int]]) -> Optional[Location]:
    """Return the Location of the JSON pointer of ``tokens`` (see
    at_pointer), or None when the pointer cannot be written within the
    protocol's bounds."""
    text = "".join(
        "/" + (str(t) if type(t) is int else str(t).replace("~", "~0").replace("/", "~1"))
        for t in tokens
    )
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate: not a Unicode string
        return None
    if size > MAX_POINTER_BYTES:
        return None
    return Location(pointer=text)

"""A stand-in implementation wired with the kit, for the kit's tests: run
as a program, it serves two made-up contracts over stdin and stdout.

``demo/1`` (its ignore hook given):
- ``echo``: the input;
- ``upper``: the input in ASCII upper case; refuses "empty input" (offset
  0), "too long" past 16 bytes (offset 16; ignorable: then the whole input
  is upper-cased), "not ascii" at the first byte over 0x7f (offset and
  pointer "");
- ``crash``: raises ZeroDivisionError from explode();
- ``bad-at``: refuses "empty input" with an offset past the input and a
  pointer that is not RFC 6901 (the kit leaves both out);
- ``noisy``: prints to stdout, then answers b"quiet".

``plain/1`` (no ignore hook): ``id``, the input.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from conform_kit import Kit, Refusal  # noqa: E402

IGNORED: set[str] = set()


def ignore(messages: frozenset[str]) -> None:
    """The ignore hook of demo/1: keep the messages to ignore."""
    IGNORED.clear()
    IGNORED.update(messages)


def upper(data: bytes) -> bytes:
    """demo/1 upper (see the module docstring)."""
    if not data:
        raise Refusal("empty input", offset=0)
    for i, b in enumerate(data):
        if b > 0x7F:
            raise Refusal("not ascii", offset=i, pointer="")
    if len(data) > 16 and "too long" not in IGNORED:
        raise Refusal("too long", offset=16)
    return data.upper()


def explode(data: bytes) -> bytes:
    """demo/1 crash: divides by zero."""
    return bytes([len(data) // 0])


def bad_at(data: bytes) -> bytes:
    """demo/1 bad-at: a refusal whose location is out of bounds."""
    raise Refusal("empty input", offset=len(data) + 1, pointer="no slash")


def noisy(data: bytes) -> bytes:
    """demo/1 noisy: prints, which must not reach the protocol's stdout."""
    print("a handler printing")
    return b"quiet"


def kit() -> Kit:
    """Return the fixture's kit."""
    k = Kit("kit-fixture", "0.0.1")
    k.handle("demo/1", "echo", lambda data: data)
    k.handle("demo/1", "upper", upper)
    k.handle("demo/1", "crash", explode)
    k.handle("demo/1", "bad-at", bad_at)
    k.handle("demo/1", "noisy", noisy)
    k.guards("demo/1", [("demo.empty", "empty input"), ("demo.long", "too long"),
                        ("demo.ascii", "not ascii")], ignore=ignore)
    k.handle("plain/1", "id", lambda data: data)
    k.guards("plain/1", [("plain.never", "never refused")])
    return k


if __name__ == "__main__":
    sys.exit(kit().main())

"""conform's Python mirror of the conform contracts.

One module per contract, named as in spec/ (``rfc8785``, ``pyjson_ascii``,
``frame``, ``prim``, ``ticker``, ``v8date``, ``ed25519``, ``digest``);
``jsonvalue`` is the strict JSON value reader the last five share (spec/
README.md, "JSON value inputs"); ``refusal`` holds the closed refusal tables
and the guard function. Every operation takes bytes and returns bytes, or
raises ``refusal.Refusal``.
"""

from __future__ import annotations

from typing import Callable

from . import digest, ed25519, frame, prim, pyjson_ascii, rfc8785, ticker, v8date
from .refusal import (
    DIGEST,
    ED25519,
    FRAME,
    PRIM,
    PYJSON_ASCII,
    RFC8785,
    TICKER,
    V8DATE,
    Refusal,
)

__all__ = ["OPERATIONS", "Refusal"]

# contract -> operation -> function(bytes) -> bytes
OPERATIONS: dict[str, dict[str, Callable[[bytes], bytes]]] = {
    RFC8785: {"canonicalize": rfc8785.canonicalize},
    PYJSON_ASCII: {"encode": pyjson_ascii.encode},
    FRAME: {"lex": frame.lex},
    PRIM: dict(prim.OPERATIONS),
    TICKER: dict(ticker.OPERATIONS),
    V8DATE: dict(v8date.OPERATIONS),
    ED25519: dict(ed25519.OPERATIONS),
    DIGEST: dict(digest.OPERATIONS),
}

"""conform's Python mirror of the conform contracts.

One module per contract, named as in spec/ (``rfc8785``, ``pyjson_ascii``,
``frame``); ``refusal`` holds the closed refusal tables and the guard
function. Every operation takes bytes and returns bytes, or raises
``refusal.Refusal``.
"""

from __future__ import annotations

from typing import Callable

from . import frame, pyjson_ascii, rfc8785
from .refusal import FRAME, PYJSON_ASCII, RFC8785, Refusal

__all__ = ["OPERATIONS", "Refusal"]

# contract -> operation -> function(bytes) -> bytes
OPERATIONS: dict[str, dict[str, Callable[[bytes], bytes]]] = {
    RFC8785: {"canonicalize": rfc8785.canonicalize},
    PYJSON_ASCII: {"encode": pyjson_ascii.encode},
    FRAME: {"lex": frame.lex},
}

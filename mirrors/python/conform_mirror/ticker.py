"""ticker/1: tickers and masked account labels.

Written from spec/ticker.md (seed 001, section 2 "Frozen weakness, never
executable" and invariant 5; section 4, invariants 1 and 5 and the Python
traps of the browser-order mirror; section 5, the /2 closure). Input: a JSON
value input (``jsonvalue``) that must be a string (``ticker.type``). Output
on acceptance: the string's UTF-8 bytes (a lone surrogate let through by an
ignored guard is its 3-byte generalized form).

Python traps avoided: ``re``'s ``$`` matches before a final newline, so the
patterns are applied with ``fullmatch``; ``\\d`` matches any Unicode digit,
so digits are ``[0-9]``; ``len`` counts code points, while the label bound
counts UTF-16 units (``jsonvalue.utf16_length``: an astral character is 2).

- ``symbol`` (frozen /1): ``^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$``.
- ``equity-ticker`` (/2): ``^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$``.
- ``masked-label-v1`` (frozen /1): 1 to 64 UTF-16 units, then one scan of
  the units: a Cc control, an unpaired surrogate, an ASCII digit making five
  consecutive ASCII digits; the first hit wins.
- ``closed-masked-label`` (/2): 1 to 64 UTF-16 units, then one scan: a unit
  outside ``A-Z a-z 0-9``, space, ``. - _ ( ) # *``, U+2022, U+2026; a digit
  making five consecutive digits; the first hit wins.

Ignored (any label guard): the scan goes on past the unit. A unit that is
not an ASCII digit, whatever else it is, ends a digit run.
"""

from __future__ import annotations

import re

from . import jsonvalue
from .refusal import (
    TICKER_EQUITY,
    TICKER_INPUT,
    TICKER_LABEL_CHAR,
    TICKER_LABEL_CONTROL,
    TICKER_LABEL_DIGITS,
    TICKER_LABEL_DIGITS_V1,
    TICKER_LABEL_LENGTH,
    TICKER_LABEL_SURROGATE,
    TICKER_SYMBOL,
    TICKER_TYPE,
    refuse,
)

_SYMBOL = re.compile(r"[A-Z0-9][A-Z0-9.^:=_/-]{0,39}")
_EQUITY = re.compile(r"[A-Z]{1,6}(?:[.-][A-Z]{1,4})?")
MAX_LABEL_UNITS = 64
_CLOSED_SET = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .-_()#*\u2022\u2026"
)


def _string(data: bytes) -> str:
    v = jsonvalue.parse(data, TICKER_INPUT)
    if type(v) is not str:
        refuse(TICKER_TYPE)
        raise AssertionError("ticker.type has no accept path")
    return v


def symbol(data: bytes) -> bytes:
    s = _string(data)
    if _SYMBOL.fullmatch(s) is None:
        refuse(TICKER_SYMBOL)
    return jsonvalue.utf8(s)


def equity_ticker(data: bytes) -> bytes:
    s = _string(data)
    if _EQUITY.fullmatch(s) is None:
        refuse(TICKER_EQUITY)
    return jsonvalue.utf8(s)


def _label_length(s: str) -> None:
    if not 1 <= jsonvalue.utf16_length(s) <= MAX_LABEL_UNITS:
        refuse(TICKER_LABEL_LENGTH)  # ignored: the scan runs on any length


def masked_label_v1(data: bytes) -> bytes:
    s = _string(data)
    _label_length(s)
    # Scanning code points is scanning units: a surrogate pair is two units
    # of which neither is offending and neither is a digit, exactly like
    # the one astral code point; every surrogate code point is lone.
    run = 0
    for c in s:
        if c <= "\x1f" or "\x7f" <= c <= "\x9f":
            refuse(TICKER_LABEL_CONTROL)
            run = 0
        elif "\ud800" <= c <= "\udfff":
            refuse(TICKER_LABEL_SURROGATE)
            run = 0
        elif "0" <= c <= "9":
            run += 1
            if run >= 5:
                refuse(TICKER_LABEL_DIGITS_V1)
        else:
            run = 0
    return jsonvalue.utf8(s)


def closed_masked_label(data: bytes) -> bytes:
    s = _string(data)
    _label_length(s)
    run = 0
    for c in s:
        if c not in _CLOSED_SET:
            # An astral character is two units outside the set; refusing
            # once for it is the same verdict, ignored or not.
            refuse(TICKER_LABEL_CHAR)
            run = 0
        elif "0" <= c <= "9":
            run += 1
            if run >= 5:
                refuse(TICKER_LABEL_DIGITS)
        else:
            run = 0
    return jsonvalue.utf8(s)


OPERATIONS = {
    "symbol": symbol,
    "equity-ticker": equity_ticker,
    "masked-label-v1": masked_label_v1,
    "closed-masked-label": closed_masked_label,
}

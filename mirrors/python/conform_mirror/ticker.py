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
not an ASCII digit, whatever else it is, ends a digit run (a fullwidth digit
too).

Every refusal but ``ticker.input`` (a byte offset) points at the whole
value, ``""``.

The rules are also exported on a parsed string (``is_symbol``,
``is_equity_ticker``, ``scan_masked_label_v1``, ``scan_closed_masked_label``)
for a contract that applies them under guards of its own; with this
contract's guards they are exactly the operations above.
"""

from __future__ import annotations

import re

from . import jsonvalue
from .refusal import Guard, Where, at_pointer, refuse

# spec/ticker.md, "Refusals", in table order.
CONTRACT = "ticker/1"
INPUT = Guard(CONTRACT, "ticker.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "ticker.type", "value is not a string", ignorable=False)
SYMBOL = Guard(
    CONTRACT, "ticker.symbol", "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"
)
EQUITY = Guard(
    CONTRACT, "ticker.equity", "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"
)
LABEL_LENGTH = Guard(CONTRACT, "ticker.label_length", "masked label is not 1 to 64 UTF-16 units")
LABEL_CONTROL = Guard(
    CONTRACT, "ticker.label_control", "masked label contains a control character"
)
LABEL_SURROGATE = Guard(
    CONTRACT, "ticker.label_surrogate", "masked label contains an unpaired surrogate"
)
LABEL_DIGITS_V1 = Guard(
    CONTRACT, "ticker.label_digits_v1", "masked label has five or more consecutive digits"
)
LABEL_CHAR = Guard(
    CONTRACT, "ticker.label_char", "masked label has a character outside the closed set"
)
LABEL_DIGITS = Guard(
    CONTRACT, "ticker.label_digits", "masked label has more than four consecutive digits"
)
GUARDS = (
    INPUT, TYPE, SYMBOL, EQUITY, LABEL_LENGTH, LABEL_CONTROL, LABEL_SURROGATE, LABEL_DIGITS_V1,
    LABEL_CHAR, LABEL_DIGITS,
)

# Every rule applies to the whole value: the pointer "".
_WHOLE = at_pointer()
_SYMBOL = re.compile(r"[A-Z0-9][A-Z0-9.^:=_/-]{0,39}")
_EQUITY = re.compile(r"[A-Z]{1,6}(?:[.-][A-Z]{1,4})?")
MAX_LABEL_UNITS = 64
_CLOSED_SET = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .-_()#*\u2022\u2026"
)


def _string(data: bytes) -> str:
    v = jsonvalue.parse(data, INPUT)
    if type(v) is not str:
        refuse(TYPE, _WHOLE)
        raise AssertionError("ticker.type has no accept path")
    return v


def is_symbol(s: str) -> bool:
    """Whether ``s`` matches the frozen /1 pattern
    ``^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$`` (spec/ticker.md, ``symbol``), as a
    whole string on ASCII classes."""
    return _SYMBOL.fullmatch(s) is not None


def is_equity_ticker(s: str) -> bool:
    """Whether ``s`` matches the /2 pattern ``^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$``
    (spec/ticker.md, ``equity-ticker``), as a whole string on ASCII
    classes."""
    return _EQUITY.fullmatch(s) is not None


def symbol(data: bytes) -> bytes:
    """``symbol`` (spec/ticker.md): a string matching the frozen /1 pattern;
    returns its UTF-8 bytes."""
    s = _string(data)
    if not is_symbol(s):
        refuse(SYMBOL, _WHOLE)
    return jsonvalue.utf8(s)


def equity_ticker(data: bytes) -> bytes:
    """``equity-ticker`` (spec/ticker.md): a string matching the /2
    pattern; returns its UTF-8 bytes."""
    s = _string(data)
    if not is_equity_ticker(s):
        refuse(EQUITY, _WHOLE)
    return jsonvalue.utf8(s)


def _label_length(s: str, length: Guard, where: Where) -> None:
    if not 1 <= jsonvalue.utf16_length(s) <= MAX_LABEL_UNITS:
        refuse(length, where)  # ignored: the scan runs on any length


def scan_masked_label_v1(
    s: str, length: Guard, control: Guard, surrogate: Guard, digits: Guard, where: Where
) -> None:
    """Steps 1-2 of ``masked-label-v1`` (spec/ticker.md) on the parsed
    string ``s``, refusing with the guards given (``ticker/1``'s own, or
    those of a contract that applies the rule under its own guards), each at
    ``where``. Returns when ``s`` passes or every refusal met was ignored."""
    _label_length(s, length, where)
    # Scanning code points is scanning units: a surrogate pair is two units
    # of which neither is offending and neither is a digit, exactly like
    # the one astral code point; every surrogate code point is lone.
    run = 0
    for c in s:
        if c <= "\x1f" or "\x7f" <= c <= "\x9f":
            refuse(control, where)
            run = 0
        elif "\ud800" <= c <= "\udfff":
            refuse(surrogate, where)
            run = 0
        elif "0" <= c <= "9":
            run += 1
            if run >= 5:
                refuse(digits, where)
        else:
            run = 0


def scan_closed_masked_label(
    s: str, length: Guard, char: Guard, digits: Guard, where: Where
) -> None:
    """Steps 1-2 of ``closed-masked-label`` (spec/ticker.md) on the parsed
    string ``s``, refusing with the guards given, each at ``where``.
    Returns when ``s`` passes or every refusal met was ignored."""
    _label_length(s, length, where)
    run = 0
    for c in s:
        if c not in _CLOSED_SET:
            # An astral character is two units outside the set; refusing
            # once for it is the same verdict, ignored or not.
            refuse(char, where)
            run = 0
        elif "0" <= c <= "9":
            run += 1
            if run >= 5:
                refuse(digits, where)
        else:
            run = 0


def masked_label_v1(data: bytes) -> bytes:
    """``masked-label-v1`` (spec/ticker.md): 1 to 64 UTF-16 units, then one
    scan of the units; returns the UTF-8 bytes."""
    s = _string(data)
    scan_masked_label_v1(s, LABEL_LENGTH, LABEL_CONTROL, LABEL_SURROGATE, LABEL_DIGITS_V1, _WHOLE)
    return jsonvalue.utf8(s)


def closed_masked_label(data: bytes) -> bytes:
    """``closed-masked-label`` (spec/ticker.md): 1 to 64 UTF-16 units, then
    one scan over the closed set; returns the UTF-8 bytes."""
    s = _string(data)
    scan_closed_masked_label(s, LABEL_LENGTH, LABEL_CHAR, LABEL_DIGITS, _WHOLE)
    return jsonvalue.utf8(s)


OPERATIONS = {
    "symbol": symbol,
    "equity-ticker": equity_ticker,
    "masked-label-v1": masked_label_v1,
    "closed-masked-label": closed_masked_label,
}

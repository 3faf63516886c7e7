"""pyjson-ascii/1 · encode: CPython's own ``json`` module, ASCII-escaped.

Written from spec/pyjson-ascii.md. This mirror is the contract's oracle: it
calls the real ``json.loads`` and ``json.dumps`` of the running CPython 3.11,
with their default parameters except for the four the spec names:

    json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True,
               separators=(",", ":"))

Around that call, in this order (the pinned precedence):

1. BOM (``EF BB BF`` first) is refused. Ignored: the three bytes are skipped.
2. The whole input is decoded as strict UTF-8. Ignored: ``errors="replace"``.
3. Depth pre-scan over the decoded text, so that CPython's recursion limit is
   never reached: outside a string ``[``/``{`` add one and ``]``/``}`` take
   one away (not below zero), ``"`` opens or closes a string, and inside a
   string ``\\`` skips the next character. Depth above 128 is refused,
   whatever else is wrong with the text. Ignored: no pre-scan.
4. ``json.loads``: its ``JSONDecodeError`` is ``pyjson.syntax``; the
   ``ValueError`` CPython raises for an integer literal of more than 4300
   digits is ``pyjson.int_digits``. The scanner meets both in document order,
   so the first defect wins. Ignored (int_digits): the text is parsed again
   with no digit limit, and the integer is kept exact.

The digit limit is set to the spec's 4300 for the call (whatever
``PYTHONINTMAXSTRDIGITS`` says) and restored afterwards.
"""

from __future__ import annotations

import json
import json.scanner
import re
import sys

from .refusal import (
    PYJSON_BOM,
    PYJSON_DEPTH,
    PYJSON_INT_DIGITS,
    PYJSON_SYNTAX,
    PYJSON_UTF8,
    refuse,
)

MAX_DEPTH = 128
INT_MAX_STR_DIGITS = 4300  # CPython 3.11 sys.int_info.default_max_str_digits
_BOM = b"\xef\xbb\xbf"

# One match per bracket outside strings, or per whole string (possibly
# unterminated). Inside a string a backslash skips the next character,
# whatever it is (DOTALL). Everything else is passed over by the search.
_PRESCAN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


def encode(data: bytes) -> bytes:
    if json.scanner.c_make_scanner is None:
        # The pure-Python fallback scanner matches numbers with \d, which
        # takes any Unicode digit: it is not the grammar this contract pins.
        raise RuntimeError("CPython's C json scanner (_json) is unavailable")
    data = bytes(data)
    if data[:3] == _BOM:
        refuse(PYJSON_BOM)
        data = data[3:]  # ignored: the three bytes are skipped
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        refuse(PYJSON_UTF8)
        text = data.decode("utf-8", "replace")  # ignored: lenient decoding
    _depth_prescan(text)
    try:
        return _loads_dumps(text, INT_MAX_STR_DIGITS)
    except ValueError as e:
        if not _is_int_digits_error(e):
            raise
    refuse(PYJSON_INT_DIGITS)
    # Ignored: as if no literal were too long; 0 disables the limit, so the
    # integer is kept exact (and json.dumps can write it back).
    return _loads_dumps(text, 0)


def _loads_dumps(text: str, max_str_digits: int) -> bytes:
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(max_str_digits)
    try:
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            refuse(PYJSON_SYNTAX)
            raise AssertionError("the grammar guard has no accept path")
        out = json.dumps(
            value, ensure_ascii=True, sort_keys=True, separators=(",", ":")
        )
    finally:
        sys.set_int_max_str_digits(saved)
    return out.encode("ascii")


def _is_int_digits_error(e: ValueError) -> bool:
    # CPython 3.11: "Exceeds the limit (4300 digits) for integer string
    # conversion: value has 4301 digits; use sys.set_int_max_str_digits() to
    # increase the limit". JSONDecodeError is a ValueError too: not this one.
    if isinstance(e, json.JSONDecodeError) or type(e) is not ValueError:
        return False
    message = str(e)
    return message.startswith("Exceeds the limit (") and (
        "for integer string conversion" in message
    )


def _depth_prescan(text: str) -> None:
    depth = 0
    for m in _PRESCAN.finditer(text):
        c = text[m.start()]
        if c == '"':
            continue
        if c == "[" or c == "{":
            depth += 1
            if depth > MAX_DEPTH:
                refuse(PYJSON_DEPTH)
                return  # ignored: no pre-scan
        elif depth > 0:
            depth -= 1

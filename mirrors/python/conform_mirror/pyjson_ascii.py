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
``PYTHONINTMAXSTRDIGITS`` says) and restored afterwards. With
``pyjson.int_digits`` ignored it is disabled (``sys.set_int_max_str_digits(0)``,
for ``json.dumps`` as well), so any later syntax error is still refused.
With ``pyjson.depth`` ignored there is no pre-scan, so CPython's own
recursion limit is reached near depth 1000 and the run is an implementation
failure (``RecursionError``), not a refusal.

The pre-scan's brackets come from this mirror's one JSON scanner
(``jsonscan.brackets``). Refusals carry the byte offset where the defect was
met, but ``pyjson.int_digits``, whose place CPython does not say.
"""

from __future__ import annotations

import json
import json.scanner  # type: ignore[import]  # typeshed has no stub for it
import sys

from . import jsonscan
from .refusal import Guard, at_index, at_offset, refuse

# spec/pyjson-ascii.md, "Refusals", in table order.
CONTRACT = "pyjson-ascii/1"
BOM = Guard(CONTRACT, "pyjson.bom", "input begins with a UTF-8 byte order mark")
UTF8 = Guard(CONTRACT, "pyjson.utf8", "input is not valid UTF-8")
DEPTH = Guard(CONTRACT, "pyjson.depth", "nesting exceeds depth 128")
SYNTAX = Guard(CONTRACT, "pyjson.syntax", "input is not valid JSON", ignorable=False)
INT_DIGITS = Guard(CONTRACT, "pyjson.int_digits", "integer literal exceeds 4300 digits")
GUARDS = (BOM, UTF8, DEPTH, SYNTAX, INT_DIGITS)

MAX_DEPTH = 128
INT_MAX_STR_DIGITS = 4300  # CPython 3.11 sys.int_info.default_max_str_digits


def encode(data: bytes) -> bytes:
    """Return ``json.dumps(json.loads(text), ensure_ascii=True,
    sort_keys=True, separators=(",", ":"))`` of the input bytes, as ASCII
    bytes (spec/pyjson-ascii.md); refuse with a guard of GUARDS in the order
    spec/pyjson-ascii.md, "Precedence" pins. Refusals carry the byte offset
    where the defect was met, but ``pyjson.int_digits``, whose place CPython
    does not say."""
    if json.scanner.c_make_scanner is None:
        # The pure-Python fallback scanner matches numbers with \d, which
        # takes any Unicode digit: it is not the grammar this contract pins.
        raise RuntimeError("CPython's C json scanner (_json) is unavailable")
    src = jsonscan.Source(data)
    if src.bom:
        refuse(BOM, at_offset(0))  # ignored: the three bytes are skipped
    if src.text is None:
        refuse(UTF8, at_offset(src.invalid_at))  # ignored: lenient decoding
    text = src.decoded()  # the pre-scan and json.loads read the same text
    _depth_prescan(src, text)
    try:
        return _loads_dumps(src, text, INT_MAX_STR_DIGITS)
    except ValueError as e:
        if not _is_int_digits_error(e):
            raise
    refuse(INT_DIGITS)
    # Ignored: as if no literal were too long; 0 disables the limit, so the
    # integer is kept exact (and json.dumps can write it back).
    return _loads_dumps(src, text, 0)


def _loads_dumps(src: jsonscan.Source, text: str, max_str_digits: int) -> bytes:
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(max_str_digits)
    try:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as e:
            refuse(SYNTAX, at_index(src, e.pos))
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


def _depth_prescan(src: jsonscan.Source, text: str) -> None:
    """spec/pyjson-ascii.md, "Input", step 3: the brackets outside strings
    (jsonscan.brackets) counted, never below zero; the first bracket that
    opens depth 129 refuses. Ignored: no pre-scan."""
    depth = 0
    for c, index in jsonscan.brackets(text):
        if c == "[" or c == "{":
            depth += 1
            if depth > MAX_DEPTH:
                refuse(DEPTH, at_index(src, index))
                return  # ignored: no pre-scan
        elif depth > 0:
            depth -= 1


OPERATIONS = {"encode": encode}

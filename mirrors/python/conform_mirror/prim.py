"""prim/1: the primitive rules of the managed tool host.

Written from spec/prim.md (seed 001, section 6, decided encoding rules 6-10,
review decisions 3 and 6). Input: a JSON value input (``jsonvalue``); every
input defect is ``prim.input``, a value of the wrong JSON type or shape is
``prim.type`` (neither has an accept path).

Operations and their rules, in order:

- ``timestamp``: a string, exactly
  ``[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z`` (ASCII
  digits, whole string, ``fullmatch``), then a real Gregorian instant (year
  0001-9999, month 01-12, day within the month, hour 00-23, minute and second
  00-59). Output: epoch milliseconds by days-from-civil arithmetic.
  Ignored instant: the fields roll over (ECMAScript MakeDay/MakeTime).
- ``integer`` / ``positive-integer``: a number; its literal must have no
  fraction and no exponent; no ``-`` (``-0`` included), at most 2^53-1
  compared on the digits, and for ``positive-integer`` not 0. Ignored
  ``prim.integer``: the literal's integer part is used.
- ``string``: a string; units in order, first offending wins: a Cc control,
  then an unpaired surrogate; then at most 256 Unicode scalar values. Output
  the UTF-8 bytes (an ignored lone surrogate is its 3-byte generalized form).
- ``safe-display``: every unit U+0020-U+007E, then 1 to 256 characters.
- ``sorted-set``: an array of strings; each member passes ``string``, then is
  compared with the previous member by code point order.
- ``tool-list``: an array of ``{name, version}``; name passes ``string``,
  version passes ``positive-integer``, then (name, version) is compared with
  the previous tool, versions as integers.
- ``base64url``: 43 or 86 units, alphabet ``A-Z a-z 0-9 - _``, the unused low
  bits of the last character zero. Output the decoded bytes.
- ``utf8-length``: a string without a lone surrogate; output its UTF-8 byte
  count.

Decisions where spec/prim.md is silent:

- ``prim.timestamp_shape`` has no accept path: a string of another shape has
  no fields to continue with.
- Type before member rules: ``sorted-set`` and ``tool-list`` check the whole
  value's type and shape first, then the member rules (``["\\u0000",1]`` is
  ``prim.type``).
- ``prim.timestamp_instant`` ignored: the fields roll over as ECMAScript's
  MakeDay/MakeTime do (``civil.epoch_ms``: month 13 is January of the next
  year, month 00 December of the previous one, day 00 the last day of the
  previous month, hour 24 and minute or second 60 carry).
- ``prim.integer_range`` ignored: the value is kept (``-5``, a 5000-digit
  integer); ``-0`` is written ``0``. Versions in ``tool-list`` are compared
  exactly as signed decimal integers.
- ``prim.display_char`` ignored: the length counts code points.
- ``prim.b64_length`` ignored: any length is decoded 6 bits per UTF-16 unit,
  whole bytes out, the 6n mod 8 leftover bits being the "unused" ones.
  ``prim.b64_alphabet`` ignored: a unit outside the alphabet counts as 6
  zero bits.

Refusal locations: the reader's ``prim.input`` carries a byte offset; every
other refusal the JSON pointer of the value refused (``""`` for the whole
input, ``/3`` for a set member, ``/3/version`` for a tool's version).
"""

from __future__ import annotations

import re
from typing import NoReturn, Optional

from . import civil, jsonvalue
from .jsonvalue import Number
from .refusal import Guard, Where, at_pointer, refuse

# spec/prim.md, "Refusals", in table order. A message used by several
# operations is one guard, called from each.
CONTRACT = "prim/1"
INPUT = Guard(CONTRACT, "prim.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "prim.type", "value has the wrong JSON type", ignorable=False)
# No accept path (conform_mirror/refusal.py): a string of another shape has
# no fields to continue with.
TIMESTAMP_SHAPE = Guard(
    CONTRACT, "prim.timestamp_shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ", ignorable=False
)
TIMESTAMP_INSTANT = Guard(CONTRACT, "prim.timestamp_instant", "timestamp is not a real instant")
INTEGER = Guard(CONTRACT, "prim.integer", "number is not an integer")
INTEGER_RANGE = Guard(CONTRACT, "prim.integer_range", "integer is out of range")
STRING_CONTROL = Guard(CONTRACT, "prim.string_control", "string contains a control character")
STRING_SURROGATE = Guard(
    CONTRACT, "prim.string_surrogate", "string contains an unpaired surrogate"
)
STRING_LENGTH = Guard(
    CONTRACT, "prim.string_length", "string exceeds 256 Unicode scalar values"
)
DISPLAY_CHAR = Guard(
    CONTRACT, "prim.display_char", "display text has a character outside U+0020-U+007E"
)
DISPLAY_LENGTH = Guard(CONTRACT, "prim.display_length", "display text is not 1 to 256 characters")
SET_ORDER = Guard(CONTRACT, "prim.set_order", "set is not strictly ascending by code point")
SET_REPEAT = Guard(CONTRACT, "prim.set_repeat", "set has a repeated member")
TOOLS_ORDER = Guard(
    CONTRACT, "prim.tools_order", "tools are not strictly ascending by (name, version)"
)
TOOLS_REPEAT = Guard(CONTRACT, "prim.tools_repeat", "tools have a repeated (name, version)")
B64_LENGTH = Guard(CONTRACT, "prim.b64_length", "base64url is not 43 or 86 characters")
B64_ALPHABET = Guard(
    CONTRACT, "prim.b64_alphabet", "base64url has a character outside A-Z a-z 0-9 - _"
)
B64_CANONICAL = Guard(CONTRACT, "prim.b64_canonical", "base64url is not canonical")
GUARDS = (
    INPUT, TYPE, TIMESTAMP_SHAPE, TIMESTAMP_INSTANT, INTEGER, INTEGER_RANGE, STRING_CONTROL,
    STRING_SURROGATE, STRING_LENGTH, DISPLAY_CHAR, DISPLAY_LENGTH, SET_ORDER, SET_REPEAT,
    TOOLS_ORDER, TOOLS_REPEAT, B64_LENGTH, B64_ALPHABET, B64_CANONICAL,
)

MAX_SAFE_INTEGER = "9007199254740991"  # 2^53-1, 16 digits
MAX_STRING = 256
MAX_DISPLAY = 256

# Offending units of the string rule: Cc controls, and surrogates (every
# surrogate code point in a parsed string is lone, see jsonvalue).
_STRING_OFFENDING = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_NOT_DISPLAY = re.compile("[^\x20-\x7e]")
_INTEGER_PART = re.compile(r"-?([0-9]+)")
# UTF-16 unit -> 6-bit value.
_B64_VALUE = {
    ord(c): i
    for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
}
# Where a rule on the whole value refuses: the pointer "".
_WHOLE = at_pointer()


def _value(data: bytes) -> jsonvalue.Value:
    return jsonvalue.parse(data, INPUT)


def _type_error(where: Where = _WHOLE) -> NoReturn:
    refuse(TYPE, where)
    raise AssertionError("prim.type has no accept path")


def _string_value(data: bytes) -> str:
    v = _value(data)
    if type(v) is not str:
        _type_error()
    return v


# ---------------------------------------------------------------- timestamp


def timestamp(data: bytes) -> bytes:
    """``timestamp`` (spec/prim.md, "timestamp (rule 6)"): a string of the
    shape, a real instant; returns its epoch milliseconds, decimal ASCII."""
    s = _string_value(data)
    fields = civil.timestamp_fields(s)
    if fields is None:
        refuse(TIMESTAMP_SHAPE, _WHOLE)
        raise AssertionError("prim.timestamp_shape has no accept path")
    y, mo, d, h, mi, sec, ms = fields
    if not (
        1 <= y <= 9999
        and 1 <= mo <= 12
        and 1 <= d <= civil.month_length(y, mo)
        and h <= 23
        and mi <= 59
        and sec <= 59
    ):
        refuse(TIMESTAMP_INSTANT, _WHOLE)  # ignored: the arithmetic rolls over
    return str(civil.epoch_ms(y, mo, d, h, mi, sec, ms)).encode("ascii")


# ----------------------------------------------------------------- integers


def _integer_rule(v: object, positive: bool, where: Where = _WHOLE) -> str:
    """The integer rule on a number's literal (spec/prim.md, "integer and
    positive-integer (rule 7)"); returns the decimal integer. ``where`` is
    the number's place in the input.

    1. a fraction or an exponent: ``prim.integer`` (ignored: the integer
       part, the digits before ``.``/``e``/``E``, is used);
    2. a ``-`` sign (``-0`` too), more than 2^53-1 compared on the digits
       (JSON forbids leading zeros, so length then text is exact), or 0 for
       ``positive``: ``prim.integer_range`` (ignored: the integer is kept).
    """
    if type(v) is not Number:
        _type_error(where)
    text = v.text
    m = _INTEGER_PART.match(text)
    assert m is not None  # a JSON number starts with -? and a digit
    digits = m.group(1)
    negative = text.startswith("-")
    if m.end() != len(text):
        refuse(INTEGER, where)  # ignored: the integer part is used
    if (
        negative
        or len(digits) > len(MAX_SAFE_INTEGER)
        or (len(digits) == len(MAX_SAFE_INTEGER) and digits > MAX_SAFE_INTEGER)
        or (positive and digits == "0")
    ):
        refuse(INTEGER_RANGE, where)  # ignored: the value is kept as it is
    if negative and digits != "0":
        return "-" + digits
    return digits  # "-0" is the integer 0


def integer(data: bytes) -> bytes:
    """``integer``: a number that is an integer 0 to 2^53-1; returns it,
    decimal ASCII."""
    return _integer_rule(_value(data), positive=False).encode("ascii")


def positive_integer(data: bytes) -> bytes:
    """``positive-integer``: as ``integer``, and not 0."""
    return _integer_rule(_value(data), positive=True).encode("ascii")


def _compare_integers(a: str, b: str) -> int:
    """Compare two decimal integers (no leading zeros, "0" unsigned) exactly,
    without int(): a literal may be longer than int()'s digit limit."""
    na, nb = a.startswith("-"), b.startswith("-")
    if na != nb:
        return -1 if na else 1
    da, db = (a[1:], b[1:]) if na else (a, b)
    key_a, key_b = (len(da), da), (len(db), db)
    c = (key_a > key_b) - (key_a < key_b)
    return -c if na else c


# ------------------------------------------------------------------ strings


def string_rule(
    s: str, control: Guard, surrogate: Guard, length: Guard, where: Optional[Where] = None
) -> None:
    """The string rule (spec/prim.md, "string (rule 8)") on a parsed string:
    the first offending unit wins (a Cc control, then an unpaired surrogate;
    ignored: the unit passes), then at most 256 Unicode scalar values (code
    points: a pair is one). Refuses with the three guards given, at
    ``where``; a contract that builds on this rule calls it with its own
    guards."""
    for m in _STRING_OFFENDING.finditer(s):
        refuse(control if m.group() <= "\x9f" else surrogate, where)
    if len(s) > MAX_STRING:
        refuse(length, where)


def _string_rule(s: str, where: Where = _WHOLE) -> None:
    string_rule(s, STRING_CONTROL, STRING_SURROGATE, STRING_LENGTH, where)


def string(data: bytes) -> bytes:
    """``string``: a string passing the string rule; returns its UTF-8
    bytes."""
    s = _string_value(data)
    _string_rule(s)
    return jsonvalue.utf8(s)


def safe_display(data: bytes) -> bytes:
    """``safe-display`` (spec/prim.md, "safe-display"): every unit
    U+0020-U+007E, then 1 to 256 characters; returns the UTF-8 bytes."""
    s = _string_value(data)
    if _NOT_DISPLAY.search(s):
        refuse(DISPLAY_CHAR, _WHOLE)  # ignored: every unit passes
    # Characters are Unicode scalar values (spec/README.md); after the
    # character rule every one is a single ASCII unit.
    if not 1 <= len(s) <= MAX_DISPLAY:
        refuse(DISPLAY_LENGTH, _WHOLE)
    return jsonvalue.utf8(s)


# ---------------------------------------------------------- sets and tools


def sorted_set(data: bytes) -> bytes:
    """``sorted-set`` (spec/prim.md, "sorted-set (rule 9)"): an array of
    strings, each passing the string rule, strictly ascending by code point;
    returns empty bytes. Member refusals point at the member."""
    v = _value(data)
    if type(v) is not list or any(type(member) is not str for member in v):
        _type_error()
    previous: Optional[str] = None
    for i, member in enumerate(v):
        where = at_pointer(i)
        _string_rule(member, where)
        # str comparison is code point order (a lone surrogate counts as
        # the code point of its unit), not UTF-16 order.
        if previous is not None:
            if member == previous:
                refuse(SET_REPEAT, where)
            elif member < previous:
                refuse(SET_ORDER, where)
        previous = member
    return b""


def tool_list(data: bytes) -> bytes:
    """``tool-list`` (spec/prim.md, "tool-list (rule 9)"): an array of
    ``{name, version}``, names passing the string rule, versions the
    positive-integer rule, strictly ascending by (name, version); returns
    empty bytes. Refusals point at the tool, or its name or version."""
    v = _value(data)
    if type(v) is not list or not all(
        type(tool) is dict
        and tool.keys() == {"name", "version"}
        and type(tool["name"]) is str
        and type(tool["version"]) is Number
        for tool in v
    ):
        _type_error()
    previous: Optional[tuple[str, str]] = None
    for i, tool in enumerate(v):
        name = tool["name"]
        _string_rule(name, at_pointer(i, "name"))
        version = _integer_rule(tool["version"], True, at_pointer(i, "version"))
        if previous is not None:
            if name != previous[0]:
                c = -1 if name < previous[0] else 1
            else:
                c = _compare_integers(version, previous[1])
            if c == 0:
                refuse(TOOLS_REPEAT, at_pointer(i))
            elif c < 0:
                refuse(TOOLS_ORDER, at_pointer(i))
        previous = (name, version)
    return b""


# ---------------------------------------------------------------- base64url


def base64url(data: bytes) -> bytes:
    """``base64url`` (spec/prim.md, "base64url (rule 10)"): 43 or 86 units
    of the alphabet, the unused bits zero; returns the decoded bytes."""
    s = _string_value(data)
    units = jsonvalue.utf16_units(s)
    if len(units) not in (43, 86):
        refuse(B64_LENGTH, _WHOLE)  # ignored: any length is decoded as below
    out = bytearray()
    acc = 0  # the pending bits, fewer than 8 after each step
    pending = 0
    for unit in units:
        value = _B64_VALUE.get(unit)
        if value is None:
            refuse(B64_ALPHABET, _WHOLE)
            value = 0  # ignored: the unit counts as six zero bits
        acc = (acc << 6) | value
        pending += 6
        if pending >= 8:
            pending -= 8
            out.append(acc >> pending)
            acc &= (1 << pending) - 1
    # What is left are the unused low bits of the last character: 2 of them
    # for 43 characters, 4 for 86 (6n mod 8 in general).
    if acc:
        refuse(B64_CANONICAL, _WHOLE)  # ignored: the unused bits are dropped
    return bytes(out)


# -------------------------------------------------------------- utf8-length


def utf8_length(data: bytes) -> bytes:
    """``utf8-length`` (spec/prim.md, "utf8-length"): a string without a
    lone surrogate; returns its UTF-8 byte count, decimal ASCII."""
    s = _string_value(data)
    if jsonvalue.has_lone_surrogate(s):
        # ignored: a lone surrogate counts 3 bytes
        refuse(STRING_SURROGATE, _WHOLE)
    return str(len(jsonvalue.utf8(s))).encode("ascii")


OPERATIONS = {
    "timestamp": timestamp,
    "integer": integer,
    "positive-integer": positive_integer,
    "string": string,
    "safe-display": safe_display,
    "sorted-set": sorted_set,
    "tool-list": tool_list,
    "base64url": base64url,
    "utf8-length": utf8_length,
}

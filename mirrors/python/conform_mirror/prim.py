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
"""

from __future__ import annotations

import re

from . import jsonvalue
from .jsonvalue import Number
from .refusal import (
    PRIM_B64_ALPHABET,
    PRIM_B64_CANONICAL,
    PRIM_B64_LENGTH,
    PRIM_DISPLAY_CHAR,
    PRIM_DISPLAY_LENGTH,
    PRIM_INPUT,
    PRIM_INTEGER,
    PRIM_INTEGER_RANGE,
    PRIM_SET_ORDER,
    PRIM_SET_REPEAT,
    PRIM_STRING_CONTROL,
    PRIM_STRING_LENGTH,
    PRIM_STRING_SURROGATE,
    PRIM_TIMESTAMP_INSTANT,
    PRIM_TIMESTAMP_SHAPE,
    PRIM_TOOLS_ORDER,
    PRIM_TOOLS_REPEAT,
    PRIM_TYPE,
    Guard,
    refuse,
)

MAX_SAFE_INTEGER = "9007199254740991"  # 2^53-1, 16 digits
MAX_STRING = 256
MAX_DISPLAY = 256

_TIMESTAMP = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.([0-9]{3})Z"
)
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


def _value(data: bytes) -> jsonvalue.Value:
    return jsonvalue.parse(data, PRIM_INPUT)


def _type_error() -> None:
    refuse(PRIM_TYPE)
    raise AssertionError("prim.type has no accept path")


def _string_value(data: bytes) -> str:
    v = _value(data)
    if type(v) is not str:
        _type_error()
    return v


# ---------------------------------------------------------------- timestamp


def days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 of the proleptic Gregorian y-m-d, m in 1..12
    (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms"). Python's
    floor division makes the era computation right for negative years."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def is_leap(y: int) -> bool:
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def month_length(y: int, m: int) -> int:
    if m == 2:
        return 29 if is_leap(y) else 28
    return 30 if m in (4, 6, 9, 11) else 31


def epoch_ms(y: int, mo: int, d: int, h: int, mi: int, s: int, ms: int) -> int:
    """Epoch milliseconds of the fields, rolling over as ECMAScript's MakeDay
    and MakeTime do: month 13 is January of the next year, month 0 December
    of the previous one, day 32 of January is February 1, day 0 the last day
    of the previous month, hour 24 the next day."""
    y += (mo - 1) // 12
    mo = (mo - 1) % 12 + 1
    days = days_from_civil(y, mo, 1) + d - 1
    return days * 86400000 + h * 3600000 + mi * 60000 + s * 1000 + ms


def timestamp_fields(s: str) -> tuple[int, ...] | None:
    """The seven fields of a ``YYYY-MM-DDTHH:MM:SS.mmmZ`` string, or None.
    ``fullmatch`` and ``[0-9]``: no trailing newline, ASCII digits only."""
    m = _TIMESTAMP.fullmatch(s)
    if m is None:
        return None
    return tuple(int(g) for g in m.groups())


def timestamp(data: bytes) -> bytes:
    s = _string_value(data)
    fields = timestamp_fields(s)
    if fields is None:
        refuse(PRIM_TIMESTAMP_SHAPE)
        raise AssertionError("prim.timestamp_shape has no accept path")
    y, mo, d, h, mi, sec, ms = fields
    if not (
        1 <= y <= 9999
        and 1 <= mo <= 12
        and 1 <= d <= month_length(y, mo)
        and h <= 23
        and mi <= 59
        and sec <= 59
    ):
        refuse(PRIM_TIMESTAMP_INSTANT)  # ignored: the arithmetic rolls over
    return str(epoch_ms(y, mo, d, h, mi, sec, ms)).encode("ascii")


# ----------------------------------------------------------------- integers


def _integer_rule(v: object, positive: bool) -> str:
    """The integer rule on a number's literal; returns the decimal integer.

    1. a fraction or an exponent: ``prim.integer`` (ignored: the integer
       part, the digits before ``.``/``e``/``E``, is used);
    2. a ``-`` sign (``-0`` too), more than 2^53-1 compared on the digits
       (JSON forbids leading zeros, so length then text is exact), or 0 for
       ``positive``: ``prim.integer_range`` (ignored: the integer is kept).
    """
    if type(v) is not Number:
        _type_error()
    text = v.text
    m = _INTEGER_PART.match(text)
    digits = m.group(1)
    negative = text.startswith("-")
    if m.end() != len(text):
        refuse(PRIM_INTEGER)  # ignored: the integer part is used
    if (
        negative
        or len(digits) > len(MAX_SAFE_INTEGER)
        or (len(digits) == len(MAX_SAFE_INTEGER) and digits > MAX_SAFE_INTEGER)
        or (positive and digits == "0")
    ):
        refuse(PRIM_INTEGER_RANGE)  # ignored: the value is kept as it is
    if negative and digits != "0":
        return "-" + digits
    return digits  # "-0" is the integer 0


def integer(data: bytes) -> bytes:
    return _integer_rule(_value(data), positive=False).encode("ascii")


def positive_integer(data: bytes) -> bytes:
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


def string_rule(s: str, control: Guard, surrogate: Guard, length: Guard) -> None:
    """Rule 8: the first offending unit wins (a Cc control, then an unpaired
    surrogate; ignored: the unit passes), then at most 256 Unicode scalar
    values (code points: a pair is one). digest/1 calls it with one guard in
    all three places."""
    for m in _STRING_OFFENDING.finditer(s):
        refuse(control if m.group() <= "\x9f" else surrogate)
    if len(s) > MAX_STRING:
        refuse(length)


def _string_rule(s: str) -> None:
    string_rule(s, PRIM_STRING_CONTROL, PRIM_STRING_SURROGATE, PRIM_STRING_LENGTH)


def string(data: bytes) -> bytes:
    s = _string_value(data)
    _string_rule(s)
    return jsonvalue.utf8(s)


def safe_display(data: bytes) -> bytes:
    s = _string_value(data)
    if _NOT_DISPLAY.search(s):
        refuse(PRIM_DISPLAY_CHAR)  # ignored: every unit passes
    # Characters are Unicode scalar values (spec/README.md); after the
    # character rule every one is a single ASCII unit.
    if not 1 <= len(s) <= MAX_DISPLAY:
        refuse(PRIM_DISPLAY_LENGTH)
    return jsonvalue.utf8(s)


# ---------------------------------------------------------- sets and tools


def sorted_set(data: bytes) -> bytes:
    v = _value(data)
    if type(v) is not list or any(type(member) is not str for member in v):
        _type_error()
    previous: str | None = None
    for member in v:
        _string_rule(member)
        # str comparison is code point order (a lone surrogate counts as
        # the code point of its unit), not UTF-16 order.
        if previous is not None:
            if member == previous:
                refuse(PRIM_SET_REPEAT)
            elif member < previous:
                refuse(PRIM_SET_ORDER)
        previous = member
    return b""


def tool_list(data: bytes) -> bytes:
    v = _value(data)
    if type(v) is not list or not all(
        type(tool) is dict
        and tool.keys() == {"name", "version"}
        and type(tool["name"]) is str
        and type(tool["version"]) is Number
        for tool in v
    ):
        _type_error()
    previous: tuple[str, str] | None = None
    for tool in v:
        name = tool["name"]
        _string_rule(name)
        version = _integer_rule(tool["version"], positive=True)
        if previous is not None:
            if name != previous[0]:
                c = -1 if name < previous[0] else 1
            else:
                c = _compare_integers(version, previous[1])
            if c == 0:
                refuse(PRIM_TOOLS_REPEAT)
            elif c < 0:
                refuse(PRIM_TOOLS_ORDER)
        previous = (name, version)
    return b""


# ---------------------------------------------------------------- base64url


def base64url(data: bytes) -> bytes:
    s = _string_value(data)
    units = jsonvalue.utf16_units(s)
    if len(units) not in (43, 86):
        refuse(PRIM_B64_LENGTH)  # ignored: any length is decoded as below
    out = bytearray()
    acc = 0  # the pending bits, fewer than 8 after each step
    pending = 0
    for unit in units:
        value = _B64_VALUE.get(unit)
        if value is None:
            refuse(PRIM_B64_ALPHABET)
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
        refuse(PRIM_B64_CANONICAL)  # ignored: the unused bits are dropped
    return bytes(out)


# -------------------------------------------------------------- utf8-length


def utf8_length(data: bytes) -> bytes:
    s = _string_value(data)
    if jsonvalue.has_lone_surrogate(s):
        refuse(PRIM_STRING_SURROGATE)  # ignored: a lone surrogate counts 3 bytes
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

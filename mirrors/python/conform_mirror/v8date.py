"""v8date/1 · parse: the browser order ticket's timestamp validator, which
emulates V8's ``Date.parse`` on strings of the wire's one shape.

Written from spec/v8date.md (seed 001, section 4, "Golden vectors and the
Python mirror"). Input: a JSON value input (``jsonvalue``) that must be a
string (``v8date.type``). Checks, in order, the first failure wins:

1. shape ``[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z``,
   whole string (``fullmatch``: no trailing newline; ASCII digits only);
2. what V8 refuses (``Date.parse`` is NaN), ``v8date.instant``: month 00 or
   above 12, day 00 or above 31 (any month), hour above 24, minute or second
   above 59, hour 24 with a non-zero minute, second or millisecond. Year
   0000 is valid;
3. what V8 rolls over (``new Date(n).toISOString()`` is not the input),
   ``v8date.calendar``: a day past its month's length (proleptic Gregorian;
   0000 is a leap year), and ``24:00:00.000``.

Output: epoch milliseconds, decimal ASCII, by days-from-civil arithmetic
(``civil.epoch_ms``), never a date library.

``v8date.shape`` has no accept path (the spec is silent): a string of
another shape has no fields to continue with. Every refusal but
``v8date.input`` (a byte offset) points at the whole value, ``""``.

Ignored ``v8date.instant`` or ``v8date.calendar``: the guard's condition is
taken as false and the next check still runs; the output rolls over as
ECMAScript's MakeDay/MakeTime do (the value V8 gives for a rolled date).
When ``v8date.instant`` is ignored the calendar check sees fields V8 would
never get that far with: a month outside 01-12 is first rolled into its year
(month 13 is January of the next year) and the day is compared with that
month's length; ``24:00:00.000`` is the only time it refuses.
"""

from __future__ import annotations

from . import civil, jsonvalue
from .refusal import Guard, at_pointer, refuse

# spec/v8date.md, "Refusals", in table order.
CONTRACT = "v8date/1"
INPUT = Guard(CONTRACT, "v8date.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "v8date.type", "value is not a string", ignorable=False)
# No accept path (conform_mirror/refusal.py): a string of another shape has
# no fields to continue with.
SHAPE = Guard(
    CONTRACT, "v8date.shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ", ignorable=False
)
INSTANT = Guard(CONTRACT, "v8date.instant", "timestamp is not a real instant")
CALENDAR = Guard(CONTRACT, "v8date.calendar", "timestamp is not a real calendar date")
GUARDS = (INPUT, TYPE, SHAPE, INSTANT, CALENDAR)

# Every rule applies to the whole value: the pointer "".
_WHOLE = at_pointer()


def parse(data: bytes) -> bytes:
    """``parse`` (spec/v8date.md, "Rules"): a JSON string V8's
    ``Date.parse`` reads as the instant the string names; returns its epoch
    milliseconds, decimal ASCII."""
    s = jsonvalue.parse(data, INPUT)
    if type(s) is not str:
        refuse(TYPE, _WHOLE)
        raise AssertionError("v8date.type has no accept path")
    fields = civil.timestamp_fields(s)
    if fields is None:
        refuse(SHAPE, _WHOLE)
        raise AssertionError("v8date.shape has no accept path")
    y, mo, d, h, mi, sec, ms = fields
    if (
        not 1 <= mo <= 12
        or not 1 <= d <= 31
        or h > 24
        or mi > 59
        or sec > 59
        or (h == 24 and (mi or sec or ms))
    ):
        refuse(INSTANT, _WHOLE)  # ignored: go on to the calendar check
    rolled_year = y + (mo - 1) // 12
    rolled_month = (mo - 1) % 12 + 1
    if d > civil.month_length(rolled_year, rolled_month) or (
        h == 24 and not (mi or sec or ms)
    ):
        refuse(CALENDAR, _WHOLE)  # ignored: the arithmetic rolls over
    return str(civil.epoch_ms(y, mo, d, h, mi, sec, ms)).encode("ascii")


OPERATIONS = {"parse": parse}

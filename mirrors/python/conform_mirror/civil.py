"""Calendar arithmetic on the wire's one timestamp shape,
``YYYY-MM-DDTHH:MM:SS.mmmZ``, for the contracts that read timestamps: the
fields of such a string, the proleptic Gregorian calendar, and epoch
milliseconds as ECMA-262 computes them (section 21.4.1, "Time Values and
Time Range": MakeDay, MakeTime, MakeDate), never through a date library.
"""

from __future__ import annotations

import re
from typing import Optional

_TIMESTAMP = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.([0-9]{3})Z"
)


def timestamp_fields(s: str) -> Optional[tuple[int, ...]]:
    """Return the seven fields (year, month, day, hour, minute, second,
    millisecond) of a ``YYYY-MM-DDTHH:MM:SS.mmmZ`` string, or None when
    ``s`` is not exactly of that shape. ``fullmatch`` and ``[0-9]``: no
    trailing newline, ASCII digits only."""
    m = _TIMESTAMP.fullmatch(s)
    if m is None:
        return None
    return tuple(int(g) for g in m.groups())


def days_from_civil(y: int, m: int, d: int) -> int:
    """Return the days since 1970-01-01 of the proleptic Gregorian y-m-d, m
    in 1..12 (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms",
    days_from_civil). Python's floor division makes the era computation right
    for negative years."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def is_leap(y: int) -> bool:
    """Return whether year ``y`` is a Gregorian leap year (year 0 is one)."""
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def month_length(y: int, m: int) -> int:
    """Return the number of days of month ``m`` (1..12) of year ``y``."""
    if m == 2:
        return 29 if is_leap(y) else 28
    return 30 if m in (4, 6, 9, 11) else 31


def epoch_ms(y: int, mo: int, d: int, h: int, mi: int, s: int, ms: int) -> int:
    """Return the epoch milliseconds of the fields, rolling over as
    ECMA-262's MakeDay and MakeTime do: month 13 is January of the next
    year, month 0 December of the previous one, day 32 of January is
    February 1, day 0 the last day of the previous month, hour 24 the next
    day."""
    y += (mo - 1) // 12
    mo = (mo - 1) % 12 + 1
    days = days_from_civil(y, mo, 1) + d - 1
    return days * 86400000 + h * 3600000 + mi * 60000 + s * 1000 + ms

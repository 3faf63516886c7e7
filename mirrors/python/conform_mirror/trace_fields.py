"""trace-fields/1: atoma's depth-1 projecting trace reader.

Written from spec/trace-fields.md (seed 000, "Reading a trace without
holding it"). The input is a request line (``{"mode","values","types"}``),
LF, then the trace's bytes. In order:

1. a malformed request is refused; so is ``result`` or ``error`` asked as a
   value (they are read as shapes only);
2. a trace above the 32 MiB ceiling is disposed of by mode, unread:
   coordinator refused, sentinel ``null``, summary no output, api
   ``{"status":413}``;
3. the whole trace must be UTF-8; its depth-1 members are scanned in bytes:
   names and primitive values by the RFC 8259 grammar, container values
   skipped by counting brackets of either kind and tracking strings, nothing
   more. The end of the bytes before the closing brace is "truncated"
   (fail-closed); a byte no document could continue with is "syntax";
4. a duplicate depth-1 name is refused;
5. each projected container value is checked fully, to depth 128.

The output has one member per asked name: ``{"value":TEXT}`` (the value's
bytes without whitespace outside strings), ``{"shape":T}`` or
``{"absent":true}``.

Long runs of ordinary bytes are skipped with compiled patterns (a 32 MiB
trace is one string member in the ceiling vectors).
"""

from __future__ import annotations

import re
from typing import NoReturn

from . import jsonvalue
from .refusal import Guard, Refusal, refuse

# spec/trace-fields.md, "Refusals", in table order.
CONTRACT = "trace-fields/1"
REQUEST = Guard(CONTRACT, "trace-fields.request",
                "request is not a mode with distinct value and shape names", ignorable=False)
MODEL_VALUE = Guard(CONTRACT, "trace-fields.model_value", "result and error are read as shapes only")
CEILING_GUARD = Guard(CONTRACT, "trace-fields.ceiling", "trace is larger than 32 MiB")
UTF8 = Guard(CONTRACT, "trace-fields.utf8", "trace is not valid UTF-8", ignorable=False)
NOT_OBJECT = Guard(CONTRACT, "trace-fields.not_object", "trace is not a JSON object", ignorable=False)
TRUNCATED = Guard(CONTRACT, "trace-fields.truncated", "trace ends before its closing brace",
                  ignorable=False)
SYNTAX = Guard(CONTRACT, "trace-fields.syntax", "trace is not JSON at depth 1", ignorable=False)
DUPLICATE = Guard(CONTRACT, "trace-fields.duplicate", "trace has a duplicate top-level member")
VALUE = Guard(CONTRACT, "trace-fields.value", "a projected value is not JSON within depth 128")
GUARDS = (REQUEST, MODEL_VALUE, CEILING_GUARD, UTF8, NOT_OBJECT, TRUNCATED, SYNTAX, DUPLICATE, VALUE)

CEILING = 32 * 1024 * 1024  # MAX_TRACE_BYTES
MAX_VALUE_DEPTH = 128
MODES = ("coordinator", "sentinel", "summary", "api")

_WS = re.compile(rb"[ \t\n\r]*")
_PLAIN = re.compile(rb'[^"\\\x00-\x1f]*')  # ordinary bytes of a depth-1 string
_SKIP = re.compile(rb'[^"\[\]{}]*')  # bytes of a skipped container outside strings
_SKIP_STRING = re.compile(rb'[^"\\]*')  # bytes of a string inside a skipped container
_DIGITS = re.compile(rb"[0-9]*")
_HEX = b"0123456789abcdefABCDEF"
_ESCAPES = {ord('"'): '"', ord("\\"): "\\", ord("/"): "/", ord("b"): "\b", ord("f"): "\f",
            ord("n"): "\n", ord("r"): "\r", ord("t"): "\t"}


class _Stop(Exception):
    """The scan stopped: at the end of the bytes (truncated) or at a byte
    nothing continues with (syntax)."""

    def __init__(self, truncated: bool) -> None:
        super().__init__()
        self.truncated = truncated


def _end() -> NoReturn:
    raise _Stop(True)


def _bad() -> NoReturn:
    raise _Stop(False)


def _span(pattern: "re.Pattern[bytes]", t: bytes, i: int) -> int:
    """The end of pattern's match at i (every pattern here matches, maybe empty)."""
    m = pattern.match(t, i)
    assert m is not None
    return m.end()


def _ws(t: bytes, i: int) -> int:
    return _span(_WS, t, i)


def _string(t: bytes, i: int, decode: bool) -> tuple[int, str]:
    """The RFC 8259 string at t[i] (a quote): the index after it, and its
    units as a str (lone surrogates kept) when ``decode``."""
    i += 1
    parts: list[str] = []
    while True:
        j = _span(_PLAIN, t, i)
        if decode and j > i:
            parts.append(t[i:j].decode("utf-8"))
        i = j
        if i >= len(t):
            _end()
        b = t[i]
        if b == 0x22:
            # Escaped pairs become one character, as the request's reader
            # forms them; lone surrogates stay.
            s = "".join(parts).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
            return i + 1, s
        if b < 0x20:
            _bad()
        i += 1  # a backslash
        if i >= len(t):
            _end()
        e = t[i]
        if e == ord("u"):
            for k in range(1, 5):
                if i + k >= len(t):
                    _end()
                if t[i + k] not in _HEX:
                    _bad()
            if decode:
                parts.append(chr(int(t[i + 1:i + 5], 16)))
            i += 5
        elif e in _ESCAPES:
            if decode:
                parts.append(_ESCAPES[e])
            i += 1
        else:
            _bad()


def _number(t: bytes, i: int) -> int:
    if t[i] == 0x2D:
        i += 1
        if i >= len(t):
            _end()
    if t[i] == 0x30:
        i += 1
    elif 0x31 <= t[i] <= 0x39:
        i = _span(_DIGITS, t, i)
    else:
        _bad()
    if i < len(t) and t[i] == 0x2E:
        i += 1
        if i >= len(t):
            _end()
        if not 0x30 <= t[i] <= 0x39:
            _bad()
        i = _span(_DIGITS, t, i)
    if i < len(t) and t[i] in b"eE":
        i += 1
        if i >= len(t):
            _end()
        if t[i] in b"+-":
            i += 1
            if i >= len(t):
                _end()
        if not 0x30 <= t[i] <= 0x39:
            _bad()
        i = _span(_DIGITS, t, i)
    return i


def _word(t: bytes, i: int) -> int:
    w = b"true" if t[i] == ord("t") else b"false" if t[i] == ord("f") else b"null"
    for k, c in enumerate(w):
        if i + k >= len(t):
            _end()
        if t[i + k] != c:
            _bad()
    return i + len(w)


def _skip(t: bytes, i: int) -> int:
    """A skipped container: nesting over both bracket kinds, strings tracked."""
    depth = 0
    n = len(t)
    while True:
        i = _span(_SKIP, t, i)
        if i >= n:
            _end()
        b = t[i]
        if b == 0x22:
            i += 1
            while True:
                i = _span(_SKIP_STRING, t, i)
                if i >= n:
                    _end()
                if t[i] == 0x22:
                    i += 1
                    break
                i += 2  # a backslash and the byte it keeps in the string
        elif b in b"{[":
            depth += 1
            i += 1
        else:
            depth -= 1
            i += 1
            if depth == 0:
                return i


def _value(t: bytes, i: int) -> int:
    b = t[i]
    if b == 0x22:
        return _string(t, i, False)[0]
    if b in b"{[":
        return _skip(t, i)
    if b == 0x2D or 0x30 <= b <= 0x39:
        return _number(t, i)
    if b in b"tfn":
        return _word(t, i)
    _bad()


def _scan(t: bytes) -> dict[str, tuple[int, int]]:
    """Steps 2 to 4 of "The reader": the depth-1 members by name, each the
    byte span of its value (a duplicate, ignored, replaces the earlier)."""
    members: dict[str, tuple[int, int]] = {}
    n = len(t)
    i = _ws(t, 0)
    if i == n:
        _end()
    if t[i] != 0x7B:
        raise Refusal(NOT_OBJECT, None)
    i = _ws(t, i + 1)
    if i == n:
        _end()
    if t[i] == 0x7D:
        i += 1
    else:
        while True:
            if t[i] != 0x22:
                _bad()
            i, name = _string(t, i, True)
            if name in members:
                refuse(DUPLICATE)
            i = _ws(t, i)
            if i == n:
                _end()
            if t[i] != 0x3A:
                _bad()
            i = _ws(t, i + 1)
            if i == n:
                _end()
            start = i
            i = _value(t, i)
            members[name] = (start, i)
            i = _ws(t, i)
            if i == n:
                _end()
            if t[i] == 0x7D:
                i += 1
                break
            if t[i] != 0x2C:
                _bad()
            i = _ws(t, i + 1)
            if i == n:
                _end()
    if _ws(t, i) != n:
        _bad()
    return members


def _full(t: bytes, i: int, depth: int) -> int:
    """One complete RFC 8259 value at t[i] nested at most 128 deep: its end
    (raises _Stop when it is not one)."""
    if i >= len(t):
        _end()
    b = t[i]
    if b not in b"{[":
        return _value(t, i)
    if depth > MAX_VALUE_DEPTH:
        _bad()
    closer = 0x7D if b == 0x7B else 0x5D
    i = _ws(t, i + 1)
    if i < len(t) and t[i] == closer:
        return i + 1
    while True:
        if b == 0x7B:
            if i >= len(t) or t[i] != 0x22:
                _bad()
            i = _ws(t, _string(t, i, False)[0])
            if i >= len(t) or t[i] != 0x3A:
                _bad()
            i = _ws(t, i + 1)
        i = _ws(t, _full(t, i, depth + 1))
        if i >= len(t):
            _end()
        if t[i] == closer:
            return i + 1
        if t[i] != 0x2C:
            _bad()
        i = _ws(t, i + 1)


def _compact(v: bytes) -> bytes:
    """The value's bytes without JSON whitespace outside its strings."""
    out = bytearray()
    in_string = False
    i = 0
    while i < len(v):
        b = v[i]
        if in_string:
            out.append(b)
            if b == 0x5C and i + 1 < len(v):
                i += 1
                out.append(v[i])
            elif b == 0x22:
                in_string = False
        elif b not in b" \t\n\r":
            if b == 0x22:
                in_string = True
            out.append(b)
        i += 1
    return bytes(out)


def _q(s: str) -> bytes:
    """A name in the output form (jsonvalue.quote_units), as bytes."""
    return jsonvalue.quote_units(s).encode("ascii")


_SHAPES = {0x7B: b"object", 0x5B: b"array", 0x22: b"string", 0x74: b"boolean", 0x66: b"boolean",
           0x6E: b"null"}


def _request(line: bytes) -> tuple[str, list[str], list[str]]:
    v = jsonvalue.parse(line, REQUEST)
    if not isinstance(v, dict) or set(v) != {"mode", "values", "types"}:
        raise Refusal(REQUEST, None)
    if not isinstance(v["mode"], str) or v["mode"] not in MODES:
        raise Refusal(REQUEST, None)
    seen: set[str] = set()
    lists = []
    for key in ("values", "types"):
        a = v[key]
        if not isinstance(a, list):
            raise Refusal(REQUEST, None)
        for e in a:
            if not isinstance(e, str) or e in seen:
                raise Refusal(REQUEST, None)
            seen.add(e)
        lists.append(a)
    return v["mode"], lists[0], lists[1]


def read(data: bytes) -> bytes:
    """The projection of the named depth-1 members, or the mode's
    disposition above the ceiling."""
    nl = data.find(b"\n")
    if nl < 0:
        raise Refusal(REQUEST, None)
    mode, values, shapes = _request(data[:nl])
    trace = data[nl + 1:]
    for name in values:
        if name in ("result", "error"):
            refuse(MODEL_VALUE)
    if len(trace) > CEILING:
        if mode == "sentinel":
            return b"null"
        if mode == "summary":
            return b""
        if mode == "api":
            return b'{"status":413}'
        refuse(CEILING_GUARD)
    try:
        trace.decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal(UTF8, None) from None
    try:
        members = _scan(trace)
    except _Stop as s:
        raise Refusal(TRUNCATED if s.truncated else SYNTAX, None) from None
    for name in values:
        span = members.get(name)
        if span is None or trace[span[0]] not in b"{[":
            continue
        try:
            good = _full(trace, span[0], 1) == span[1]
        except _Stop:
            good = False
        if not good:
            refuse(VALUE)
    parts: list[bytes] = []
    for name in values:
        span = members.get(name)
        body = b'{"absent":true}' if span is None else b'{"value":' + _compact(trace[span[0]:span[1]]) + b"}"
        parts.append(_q(name) + b":" + body)
    for name in shapes:
        span = members.get(name)
        body = b'{"absent":true}' if span is None else b'{"shape":"' + _SHAPES.get(trace[span[0]], b"number") + b'"}'
        parts.append(_q(name) + b":" + body)
    return b"{" + b",".join(parts) + b"}"


OPERATIONS = {"read": read}


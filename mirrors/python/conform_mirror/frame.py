"""frame/1 · lex: the strict frame lexer of the managed tool host.

Written from spec/frame.md (seed 001, section 6, rule 13, rule 8, review
decision 6). Accepting a frame returns empty bytes; the verdict is the result.

Checks, in the pinned order (size, BOM, UTF-8, then one scan in document
order where the first defect met wins):

1. More than 262144 bytes (bytes, never characters) is refused. Ignored: no
   bound.
2. BOM (``EF BB BF`` first) is refused. Ignored: the three bytes are skipped.
3. The whole frame must be strict UTF-8. Ignored: decoded leniently.
4. The first character after leading JSON whitespace must be ``{``: none at
   all is a grammar error, any other is ``frame.not_object``. Ignored: any
   JSON value is lexed.
5. Grammar is RFC 8259 except where a rule below is more specific (never
   ignorable).
6. Depth above 16 is refused at the opening bracket. Ignored: lexing goes on.
7. A number token is the longest run of ``0-9 + - . e E`` starting at ``-``
   or a digit where a value is expected. It must be exactly ``0`` or
   ``[1-9][0-9]*`` (``frame.number``; ignored: the token is accepted as it
   is), and a well-spelled token must not exceed 2^53-1
   (``frame.number_range``; ignored: accepted). Both are checked as soon as
   the token ends.
8. A string is scanned to its closing quote first (a bad escape or no closing
   quote is a grammar error; a raw control character is not). Its content is
   then read as UTF-16 units in order, each escape decoded to its unit, and
   the first offending unit wins: a control unit (U+0000-U+001F,
   U+007F-U+009F) is ``frame.control``; a high surrogate not immediately
   followed by a low one, or a low one not immediately preceded by a high
   one, is ``frame.surrogate``. Ignored: that rule lets the unit pass.
9. Duplicate member names, compared as UTF-16 unit sequences after
   unescaping, are refused at any depth, after the name's content rule and
   before the ``:``. Ignored: lexing goes on.
"""

from __future__ import annotations

import re
from typing import NoReturn

from .refusal import (
    FRAME_BOM,
    FRAME_CONTROL,
    FRAME_DEPTH,
    FRAME_DUPLICATE,
    FRAME_NOT_OBJECT,
    FRAME_NUMBER,
    FRAME_NUMBER_RANGE,
    FRAME_SIZE,
    FRAME_SURROGATE,
    FRAME_SYNTAX,
    FRAME_UTF8,
    refuse,
)

MAX_BYTES = 262144
MAX_DEPTH = 16
MAX_SAFE_INTEGER = "9007199254740991"  # 2^53-1, 16 digits
_BOM = b"\xef\xbb\xbf"

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER_TOKEN = re.compile(r"[-0-9][-+.eE0-9]*")
_WELL_SPELLED = re.compile(r"0|[1-9][0-9]*")
# A whole string token. Raw controls are content, not grammar, here: only
# the escapes and the closing quote are checked. Possessive quantifiers keep
# the engine from storing backtracking state for every character.
_STRING = re.compile(r'"((?:[^"\\]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+)"')
# Splits a validated string body around its escapes, capturing each escape
# without its backslash.
_ESCAPE = re.compile(r'\\(["\\/bfnrt]|u[0-9a-fA-F]{4})')
_SIMPLE_ESCAPES = {
    '"': '"',
    "\\": "\\",
    "/": "/",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
}
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
# In the unit string (see _scan_string) a raw astral character is one code
# point above U+FFFF: its UTF-16 form starts with a high unit and ends with a
# low one, so it is neither a low unit nor a high unit to its neighbours'
# escapes, which is exactly what these lookarounds see.
_LONE_SURROGATE = re.compile(
    "[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]"
)


def lex(data: bytes) -> bytes:
    """Return b"" if ``data`` is an acceptable frame, else raise Refusal."""
    data = bytes(data)
    if len(data) > MAX_BYTES:
        refuse(FRAME_SIZE)  # ignored: no bound
    if data[:3] == _BOM:
        refuse(FRAME_BOM)
        data = data[3:]  # ignored: the three bytes are skipped
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        refuse(FRAME_UTF8)
        text = data.decode("utf-8", "replace")  # ignored: lenient decoding
    _scan(text)
    return b""


def _syntax() -> NoReturn:
    refuse(FRAME_SYNTAX)
    raise AssertionError("the grammar guard has no accept path")


def _scan(s: str) -> None:
    n = len(s)
    pos = _WS.match(s, 0).end()
    if pos >= n:
        _syntax()  # no byte at all
    if s[pos] != "{":
        refuse(FRAME_NOT_OBJECT)  # ignored: any JSON value is lexed
    # One entry per open container: the set of member names seen for an
    # object, None for an array.
    stack: list[set[bytes] | None] = []
    while True:
        # A value is expected at pos.
        if pos >= n:
            _syntax()
        c = s[pos]
        if c == "[" or c == "{":
            if len(stack) >= MAX_DEPTH:
                refuse(FRAME_DEPTH)  # ignored: lexing continues
            pos = _WS.match(s, pos + 1).end()
            if c == "[":
                if pos < n and s[pos] == "]":
                    pos += 1
                else:
                    stack.append(None)
                    continue
            else:
                if pos < n and s[pos] == "}":
                    pos += 1
                else:
                    names: set[bytes] = set()
                    stack.append(names)
                    pos = _member_name(s, pos, names)
                    continue
        elif c == '"':
            _, pos = _scan_string(s, pos)
        elif c == "-" or "0" <= c <= "9":
            pos = _number(s, pos)
        elif s.startswith("true", pos):
            pos += 4
        elif s.startswith("false", pos):
            pos += 5
        elif s.startswith("null", pos):
            pos += 4
        else:
            _syntax()

        # A value is complete; close containers while their bracket follows.
        while True:
            if pos < n and s[pos] in " \t\n\r":
                pos = _WS.match(s, pos).end()
            if not stack:
                if pos != n:
                    _syntax()  # trailing data
                return
            top = stack[-1]
            if pos >= n:
                _syntax()
            c = s[pos]
            if c == ",":
                pos = _WS.match(s, pos + 1).end()
                if top is not None:
                    pos = _member_name(s, pos, top)
                break
            if c == ("]" if top is None else "}"):
                pos += 1
                stack.pop()
                continue
            _syntax()


def _member_name(s: str, pos: int, names: set[bytes]) -> int:
    """Lex ``"name" :`` at pos; return the position of the member's value."""
    if pos >= len(s) or s[pos] != '"':
        _syntax()
    content, pos = _scan_string(s, pos)
    # Equal UTF-16 unit sequences give equal bytes, whether a character was
    # raw or an escaped pair.
    units = content.encode("utf-16-le", "surrogatepass")
    if units in names:
        refuse(FRAME_DUPLICATE)  # ignored: lexing continues
    names.add(units)
    pos = _WS.match(s, pos).end()
    if pos >= len(s) or s[pos] != ":":
        _syntax()
    return _WS.match(s, pos + 1).end()


def _scan_string(s: str, pos: int) -> tuple[str, int]:
    """Lex the string opening at pos; return its content and its end.

    In the content every escape is one code point equal to its UTF-16 unit.

    The token is checked against the grammar first (a bad escape or no
    closing quote is a syntax error; a raw control character is not); the
    content rules then run over its units in order.
    """
    m = _STRING.match(s, pos)
    if m is None:
        _syntax()
    content = m.group(1)
    if "\\" in content:
        # Every escape becomes one code point equal to its UTF-16 unit, so an
        # escaped surrogate stays a lone surrogate code point and an escaped
        # pair stays two; raw characters are kept as they are.
        parts = _ESCAPE.split(content)
        parts[1::2] = [
            _SIMPLE_ESCAPES.get(e) or chr(int(e[1:], 16)) for e in parts[1::2]
        ]
        content = "".join(parts)
        _content_rules(content, escaped=True)
    else:
        _content_rules(content, escaped=False)
    return content, m.end()


def _content_rules(content: str, escaped: bool) -> None:
    """Apply the control and surrogate rules; the first offending unit wins.

    Positions in ``content`` are in the same order as the units they stand
    for, so the earlier match is the earlier unit. Once a rule is ignored,
    every later unit it would refuse passes too, so at most one refusal of
    each rule is needed.
    """
    found = []
    m = _CONTROL.search(content)
    if m is not None:
        found.append((m.start(), FRAME_CONTROL))
    # Without an escape there is no surrogate code point: strict or lenient
    # UTF-8 decoding never produces one.
    m = _LONE_SURROGATE.search(content) if escaped else None
    if m is not None:
        found.append((m.start(), FRAME_SURROGATE))
    found.sort(key=lambda item: item[0])
    for _, guard in found:
        refuse(guard)  # ignored: the unit passes


def _number(s: str, pos: int) -> int:
    m = _NUMBER_TOKEN.match(s, pos)
    token = m.group()
    if _WELL_SPELLED.fullmatch(token) is None:
        refuse(FRAME_NUMBER)  # ignored: the token is accepted as it is
    elif len(token) > len(MAX_SAFE_INTEGER) or (
        len(token) == len(MAX_SAFE_INTEGER) and token > MAX_SAFE_INTEGER
    ):
        refuse(FRAME_NUMBER_RANGE)  # ignored: accepted
    return m.end()

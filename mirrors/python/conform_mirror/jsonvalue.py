"""JSON value inputs: the strict, lossless reader shared by prim/1, ticker/1,
v8date/1, ed25519/1 and digest/1 (spec/README.md, "JSON value inputs").

Every defect of the input itself is one refusal, the calling contract's
``<contract>.input`` guard (message ``input is not valid JSON``), which has
no accept path:

- a UTF-8 byte order mark, invalid UTF-8 (RFC 3629: Python's strict decoder
  refuses overlong forms, encoded surrogates, anything above U+10FFFF and
  truncated sequences), or any RFC 8259 grammar error; JSON whitespace
  (U+0020, U+0009, U+000A, U+000D) may surround the value;
- a duplicate member name, compared after unescaping, in any object;
- a container opened at depth 129 (the outermost container is depth 1).

The value is read without loss. The parser is this module's own:
``json.loads`` keeps the last duplicate, accepts NaN, converts numbers and
has no depth bound below the interpreter's recursion limit.

Representation of a parsed value:

- ``null``, ``true``, ``false``: ``None``, ``True``, ``False``;
- a number: ``Number``, holding its literal text exactly as written;
- a string: ``str``, one code point per UTF-16 surrogate pair or BMP unit,
  and **lone surrogates kept** as the code point of their unit
  (``"\\ud800"`` is ``"\\ud800"``). Pairs are formed left to right exactly
  as UTF-16 forms them: an escaped high surrogate immediately followed by an
  escaped low surrogate is one astral code point; raw text cannot hold a
  surrogate (strict UTF-8). So every surrogate code point in a parsed string
  is lone, a parsed string's UTF-16 units are
  ``s.encode("utf-16-le", "surrogatepass")``, and ``str`` comparison is the
  spec's "code point order" (a lone surrogate is the code point of its unit);
- an array: ``list``;
- an object: ``dict`` from member name (``str``) to value, in document
  order (duplicates are refused, so nothing is lost).
"""

from __future__ import annotations

import re
from typing import NoReturn, Union

from .refusal import Guard, refuse

MAX_DEPTH = 128
_BOM = b"\xef\xbb\xbf"


class Number:
    """A JSON number, kept as its literal text (never converted here)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Number) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("Number", self.text))

    def __repr__(self) -> str:
        return f"Number({self.text!r})"


Value = Union[None, bool, Number, str, list, dict]

_WS = re.compile(r"[ \t\n\r]*")
# RFC 8259 number, ASCII digits only; each optional part matches whole or
# not at all, so the greedy match is the longest prefix of the grammar.
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
# A whole string token: no raw U+0000-U+001F, only the RFC 8259 escapes.
_STRING = re.compile(r'"((?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+)"')
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
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def parse(data: bytes, guard: Guard) -> Value:
    """Read one JSON value from ``data``; every input defect refuses ``guard``."""
    data = bytes(data)
    if data[:3] == _BOM:
        _invalid(guard)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        _invalid(guard)
    return _Parser(text, guard).value()


def _invalid(guard: Guard) -> NoReturn:
    refuse(guard)
    raise AssertionError(f"{guard.code} has no accept path")


class _ObjectFrame:
    """An open object: its members so far, and the name of the pending one."""

    __slots__ = ("members", "pending")

    def __init__(self) -> None:
        self.members: dict[str, Value] = {}
        self.pending = ""


class _Parser:
    __slots__ = ("s", "guard")

    def __init__(self, s: str, guard: Guard) -> None:
        self.s = s
        self.guard = guard

    def fail(self) -> NoReturn:
        _invalid(self.guard)

    def value(self) -> Value:
        s = self.s
        n = len(s)
        ws = _WS.match
        # Open containers: a list, or an _ObjectFrame.
        stack: list = []
        pos = ws(s, 0).end()
        while True:
            # A value is expected at pos.
            if pos >= n:
                self.fail()
            c = s[pos]
            if c == '"':
                value, pos = self.string(pos)
            elif c == "-" or "0" <= c <= "9":
                m = _NUMBER.match(s, pos)
                if m is None:
                    self.fail()  # '-' not followed by a digit
                value, pos = Number(m.group()), m.end()
            elif c == "[" or c == "{":
                if len(stack) >= MAX_DEPTH:
                    self.fail()  # a container opened at depth 129
                pos = ws(s, pos + 1).end()
                if c == "[":
                    if pos < n and s[pos] == "]":
                        value, pos = [], pos + 1
                    else:
                        stack.append([])
                        continue
                else:
                    if pos < n and s[pos] == "}":
                        value, pos = {}, pos + 1
                    else:
                        frame = _ObjectFrame()
                        stack.append(frame)
                        pos = self.member_name(pos, frame)
                        continue
            elif s.startswith("true", pos):
                value, pos = True, pos + 4
            elif s.startswith("false", pos):
                value, pos = False, pos + 5
            elif s.startswith("null", pos):
                value, pos = None, pos + 4
            else:
                self.fail()

            # A value is complete: hand it to its container, closing
            # containers for as long as their closing bracket follows.
            while True:
                pos = ws(s, pos).end()
                if not stack:
                    if pos != n:
                        self.fail()  # trailing data
                    return value
                top = stack[-1]
                if type(top) is list:
                    top.append(value)
                    close = "]"
                else:
                    top.members[top.pending] = value
                    close = "}"
                if pos >= n:
                    self.fail()
                c = s[pos]
                if c == ",":
                    pos = ws(s, pos + 1).end()
                    if close == "}":
                        pos = self.member_name(pos, top)
                    break
                if c == close:
                    pos += 1
                    done = stack.pop()
                    value = done if type(done) is list else done.members
                    continue
                self.fail()

    def member_name(self, pos: int, frame: _ObjectFrame) -> int:
        """Read ``"name" :`` at pos; return the position of the member's value."""
        s = self.s
        if pos >= len(s) or s[pos] != '"':
            self.fail()
        name, pos = self.string(pos)
        if name in frame.members:
            self.fail()  # duplicate member name
        frame.pending = name
        pos = _WS.match(s, pos).end()
        if pos >= len(s) or s[pos] != ":":
            self.fail()
        return _WS.match(s, pos + 1).end()

    def string(self, pos: int) -> tuple[str, int]:
        m = _STRING.match(self.s, pos)
        if m is None:
            self.fail()
        body = m.group(1)
        if "\\" not in body:
            return body, m.end()
        parts = _ESCAPE.split(body)
        parts[1::2] = [_SIMPLE_ESCAPES.get(e) or chr(int(e[1:], 16)) for e in parts[1::2]]
        text = "".join(parts)
        # Every surrogate here came from an escape (raw text holds none), and
        # two adjacent ones from adjacent escapes: pair them left to right.
        if _SURROGATE.search(text):
            text = _PAIR.sub(_combine, text)
        return text, m.end()


def _combine(m: re.Match[str]) -> str:
    high, low = m.group()
    return chr(0x10000 + ((ord(high) - 0xD800) << 10) + (ord(low) - 0xDC00))


# Helpers over the string representation above.


def utf16_length(s: str) -> int:
    """The number of UTF-16 units (JavaScript's ``.length``): astral = 2."""
    return len(s) + len(_ASTRAL.findall(s))


def utf16_units(s: str) -> list[int]:
    """The UTF-16 code units of a parsed string, in order."""
    raw = s.encode("utf-16-le", "surrogatepass")
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def has_lone_surrogate(s: str) -> bool:
    return _SURROGATE.search(s) is not None


def utf8(s: str) -> bytes:
    """UTF-8 bytes; a lone surrogate (only when a guard let it through)
    becomes its 3-byte generalized UTF-8 form (``ED A0 80`` for U+D800)."""
    return s.encode("utf-8", "surrogatepass")

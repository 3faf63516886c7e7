"""JSON value inputs: the strict, lossless reader of every operation whose
input kind is ``json-value`` (spec/README.md, "JSON value inputs").

Every defect of the input itself is one refusal, the calling contract's
``<contract>.input`` guard (message ``input is not valid JSON``), which has
no accept path; it carries the byte offset where the defect was met:

- a UTF-8 byte order mark, invalid UTF-8 (RFC 3629: Python's strict decoder
  refuses overlong forms, encoded surrogates, anything above U+10FFFF and
  truncated sequences), or any RFC 8259 grammar error; JSON whitespace
  (U+0020, U+0009, U+000A, U+000D) may surround the value;
- a duplicate member name, compared after unescaping, in any object;
- a container opened at depth 129 (the outermost container is depth 1).

The value is read without loss, by this mirror's one JSON scanner
(``jsonscan``): ``json.loads`` keeps the last duplicate, accepts NaN,
converts numbers and has no depth bound below the interpreter's recursion
limit.

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
from typing import NoReturn, Optional, Union, cast

from . import jsonscan
from .refusal import Guard, Where, at_index, at_offset, refuse

MAX_DEPTH = 128


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

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def parse(data: bytes, guard: Guard) -> Value:
    """Read one JSON value from the input bytes ``data`` (see the module's
    docstring for its representation); every defect of the input refuses
    ``guard``, the calling contract's ``.input`` guard, with the byte offset
    where it was met."""
    src = jsonscan.Source(data)
    if src.bom:
        _invalid(guard, at_offset(0))
    if src.text is None:
        _invalid(guard, at_offset(src.invalid_at))
    try:
        return cast(Value, jsonscan.parse(src.text, _Reader(src, guard)))
    except jsonscan.Syntax as e:
        _invalid(guard, at_index(src, e.index))


def _invalid(guard: Guard, where: Optional[Where]) -> NoReturn:
    refuse(guard, where)
    raise AssertionError(f"{guard.code} has no accept path")


class _Object:
    """An open object: its members so far, and the name of the pending one."""

    __slots__ = ("members", "pending")

    def __init__(self) -> None:
        self.members: dict[str, object] = {}
        self.pending = ""


class _Reader(jsonscan.Handler):
    """The parse's hooks: the depth bound and duplicate names (the other
    input defects are the scanner's grammar errors), and the values."""

    __slots__ = ("guard",)

    def __init__(self, src: jsonscan.Source, guard: Guard) -> None:
        super().__init__(src)
        self.guard = guard

    def open(self, depth: int, index: int) -> None:
        if depth > MAX_DEPTH:
            _invalid(self.guard, at_index(self.src, index))  # opened at depth 129

    def number(self, s: str, index: int) -> tuple[object, int]:
        token, end = jsonscan.number_token(s, index)
        return Number(token), end

    def new_object(self) -> _Object:
        return _Object()

    def name(self, s: str, index: int, obj: _Object) -> int:
        name, _, end = jsonscan.string_value(s, index)
        if name in obj.members:
            _invalid(self.guard, at_index(self.src, index))  # a duplicate name
        obj.pending = name
        return end

    def member(self, obj: _Object, value: object) -> None:
        obj.members[obj.pending] = value

    def close_object(self, obj: _Object) -> object:
        return obj.members


# Helpers over the string representation above.


def utf16_length(s: str) -> int:
    """The number of UTF-16 units (JavaScript's ``.length``): astral = 2."""
    return len(s) + len(_ASTRAL.findall(s))


def utf16_units(s: str) -> list[int]:
    """The UTF-16 code units of a parsed string, in order."""
    raw = s.encode("utf-16-le", "surrogatepass")
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def has_lone_surrogate(s: str) -> bool:
    """Whether a parsed string holds a lone surrogate (every surrogate code
    point in one is lone)."""
    return jsonscan.has_surrogate(s)


def utf8(s: str) -> bytes:
    """UTF-8 bytes; a lone surrogate (only when a guard let it through)
    becomes its 3-byte generalized UTF-8 form (``ED A0 80`` for U+D800)."""
    return s.encode("utf-8", "surrogatepass")


def quote_units(s: str) -> str:
    """``s`` as an ASCII JSON string literal with no short escapes: every
    UTF-16 unit outside U+0020-U+007E, and the quote and the backslash, as
    ``\\u`` and four lowercase hex digits (an astral character as its two
    units, a lone surrogate as its own)."""
    out = ['"']
    raw = s.encode("utf-16-le", "surrogatepass")
    for k in range(0, len(raw), 2):
        u = raw[k] | raw[k + 1] << 8
        out.append(chr(u) if 0x20 <= u <= 0x7E and u not in (0x22, 0x5C) else "\\u%04x" % u)
    out.append('"')
    return "".join(out)

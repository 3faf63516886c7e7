"""The one JSON wire scanner of this mirror: input bytes to text, JSON
whitespace, string tokens and their escapes, number tokens, literals and
nesting, as RFC 8259 (sections 2-7) writes them.

It holds no guard and refuses nothing. A grammar error raises ``Syntax``
with the text index where the text stopped matching; every rule a contract
adds (a BOM, invalid UTF-8, depth, duplicate names, surrogates, number
spelling and range, string content) is decided by the contract's own module,
through the values this module returns and the hooks of ``Handler``, and
refused there (spec/README.md, "Rules shared by every contract": one guard,
one message).

JSON whitespace is exactly U+0020, U+0009, U+000A and U+000D
(spec/README.md). Everything is iterative: nesting is bounded by the
callers' depth rules, or not at all when such a rule is ignored, so no
recursion may depend on it.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Optional, cast

BOM = b"\xef\xbb\xbf"

_WS = re.compile(r"[ \t\n\r]*")
# Always matches (possibly nothing): typed so.
_ws_match = cast("Callable[[str, int], re.Match[str]]", _WS.match)
# RFC 8259 section 6, ASCII digits only. Each optional part matches whole or
# not at all, so the greedy match is the longest prefix of the grammar.
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
# The longest run of number characters from a '-' or a digit.
_NUMBER_RUN = re.compile(r"[-0-9][-+.eE0-9]*")
# RFC 8259 section 7: the escapes, and a string token with or without raw
# U+0000-U+001F allowed in it, each body an unrolled loop (a run of plain
# characters, then escapes each followed by such a run): the engine keeps
# no backtracking state per character of a long string, without the
# possessive quantifiers whose failed matches early CPython 3.11 releases
# ended elsewhere (3.11.2 and 3.11.7 located some refusals differently).
# The "open" forms lack the closing quote: where one fails, the other's
# match ends where the token went wrong.
_ESCAPE_SEQUENCE = r'\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})'
_STRICT_CHARS = r'[^"\\\x00-\x1f]*'
_RAW_CHARS = r'[^"\\]*'
_STRICT_BODY = _STRICT_CHARS + "(?:" + _ESCAPE_SEQUENCE + _STRICT_CHARS + ")*"
_RAW_BODY = _RAW_CHARS + "(?:" + _ESCAPE_SEQUENCE + _RAW_CHARS + ")*"
_STRING = re.compile('"(' + _STRICT_BODY + ')"')
_STRING_OPEN = re.compile('"' + _STRICT_BODY)
_RAW_STRING = re.compile('"(' + _RAW_BODY + ')"')
_RAW_STRING_OPEN = re.compile('"' + _RAW_BODY)
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
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# One match per bracket outside strings, or per whole string (possibly
# unterminated); inside a string a backslash skips the next character,
# whatever it is (DOTALL).
_BRACKET_OR_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class Syntax(Exception):
    """The text is not JSON: ``index`` is the text index where the scan
    stopped (0 to the text's length)."""

    def __init__(self, index: int) -> None:
        super().__init__(f"not JSON at text index {index}")
        self.index = index


class Source:
    """Input bytes read as JSON text.

    ``bom`` says whether the bytes begin with a UTF-8 byte order mark
    (``EF BB BF``), which is never part of the text. ``text`` is the rest
    decoded as strict UTF-8 (RFC 3629: Python's strict decoder refuses
    overlong forms, encoded surrogates, anything above U+10FFFF and truncated
    sequences), or None when it is not valid UTF-8; ``invalid_at`` is then
    the byte offset of the first invalid sequence in the input.
    """

    __slots__ = ("bom", "text", "invalid_at", "_body", "_skip", "_lenient")

    def __init__(self, data: bytes) -> None:
        data = bytes(data)
        self.bom = data[:3] == BOM
        self._skip = 3 if self.bom else 0
        self._body = data[3:] if self.bom else data
        self._lenient = False
        self.invalid_at = -1
        self.text: Optional[str]
        try:
            self.text = self._body.decode("utf-8")
        except UnicodeDecodeError as e:
            self.text = None
            self.invalid_at = self._skip + e.start

    def decoded(self) -> str:
        """Return the text: the strict decoding, or where that failed the
        lenient one (one U+FFFD per maximal invalid subpart)."""
        if self.text is None:
            self.text = self._body.decode("utf-8", "replace")
            self._lenient = True
        return self.text

    def offset(self, index: int) -> Optional[int]:
        """Return the byte offset in the input of text index ``index`` (0 to
        the text's length), or None after lenient decoding, where a U+FFFD
        stands for one to three bytes."""
        if self._lenient or self.text is None:
            return None
        return self._skip + len(self.text[:index].encode("utf-8"))


def skip_ws(s: str, index: int) -> int:
    """Return the index of the first character at or after ``index`` that is
    not JSON whitespace."""
    return _ws_match(s, index).end()


def string_token(s: str, index: int, raw_controls: bool = False) -> tuple[str, int]:
    """Scan the string token whose quote is at ``index``; return its body
    (between the quotes, escapes not decoded) and the index after it.

    RFC 8259 section 7: only the escapes ``\\" \\\\ \\/ \\b \\f \\n \\r \\t
    \\uXXXX`` (hex of either case), and no raw U+0000-U+001F unless
    ``raw_controls``. Raises Syntax at the first character that breaks the
    token, or at its end when the closing quote is missing.
    """
    m = (_RAW_STRING if raw_controls else _STRING).match(s, index)
    if m is None:
        opened = (_RAW_STRING_OPEN if raw_controls else _STRING_OPEN).match(s, index)
        raise Syntax(opened.end() if opened is not None else index)
    return m.group(1), m.end()


def unescape(body: str) -> str:
    """Return a validated string body with its escapes decoded, each escape
    to the one code point equal to its UTF-16 unit: an escaped surrogate
    stays a lone surrogate code point, and an escaped pair stays two."""
    if "\\" not in body:
        return body
    parts = _ESCAPE.split(body)
    parts[1::2] = [_SIMPLE_ESCAPES.get(e) or chr(int(e[1:], 16)) for e in parts[1::2]]
    return "".join(parts)


def string_value(s: str, index: int) -> tuple[str, bool, int]:
    """Scan the strict string token at ``index`` (string_token) and return
    its value, whether a lone surrogate is in it, and the index after it.

    The value has its escapes decoded and the surrogate pairs formed left to
    right as UTF-16 forms them: an escaped high surrogate immediately
    followed by an escaped low one is one astral code point; any other
    surrogate code point is lone and kept. Raw text never holds a surrogate
    (strict or lenient UTF-8 decoding cannot produce one), so every
    surrogate here came from an escape.
    """
    body, end = string_token(s, index)
    if "\\" not in body:
        return body, False, end
    text = unescape(body)
    if _SURROGATE.search(text) is None:
        return text, False, end
    text = _PAIR.sub(_combine, text)
    return text, _SURROGATE.search(text) is not None, end


def _combine(m: re.Match[str]) -> str:
    pair = m.group()
    high, low = pair[0], pair[1]
    return chr(0x10000 + ((ord(high) - 0xD800) << 10) + (ord(low) - 0xDC00))


def has_surrogate(text: str) -> bool:
    """Return whether ``text`` holds a surrogate code point (in a value from
    string_value, a lone surrogate)."""
    return _SURROGATE.search(text) is not None


def number_token(s: str, index: int) -> tuple[str, int]:
    """Scan the RFC 8259 number (section 6) at ``index``, the longest prefix
    of the grammar; return its text and the index after it. Raises Syntax
    after a ``-`` that no digit follows."""
    m = _NUMBER.match(s, index)
    if m is None:
        raise Syntax(index + 1)
    return m.group(), m.end()


def number_run(s: str, index: int) -> tuple[str, int]:
    """Return the longest run of the characters ``0-9 + - . e E`` starting
    at ``index`` (where a ``-`` or a digit stands) and the index after it:
    a number token read before its spelling is checked."""
    m = _NUMBER_RUN.match(s, index)
    if m is None:
        raise Syntax(index)
    return m.group(), m.end()


def brackets(text: str) -> Iterator[tuple[str, int]]:
    """Yield each bracket (``[ ] { }``) outside strings, with its index, in
    order, without checking any grammar: ``"`` opens or closes a string,
    and inside a string ``\\`` skips the next character, whatever it is; an
    unterminated string runs to the end."""
    for m in _BRACKET_OR_STRING.finditer(text):
        start = m.start()
        c = text[start]
        if c != '"':
            yield c, start


class Handler:
    """The hooks through which ``parse`` hands a contract each value.

    ``parse`` checks the RFC 8259 structure itself; the hooks scan the
    tokens with the functions above and apply the contract's rules, in
    document order. A hook that refuses raises; an ignored refusal lets it
    return and the parse goes on. Arrays are always Python lists, which the
    parse appends to; an object is whatever ``new_object()`` returns, which must
    not be a list.
    """

    # The values of the literals true, false and null.
    TRUE: object = True
    FALSE: object = False
    NULL: object = None
    __slots__ = ("src",)

    def __init__(self, src: Source) -> None:
        # The text's source: where the hooks' indices are in the input.
        self.src = src

    def open(self, depth: int, index: int) -> None:
        """A container opens at ``index``, at ``depth`` (the outermost one is
        depth 1), before anything inside it is read."""

    def string(self, s: str, index: int) -> tuple[object, int]:
        """Read the string value whose quote is at ``index``; return its
        value and the index after it."""
        text, _, end = string_value(s, index)
        return text, end

    def number(self, s: str, index: int) -> tuple[object, int]:
        """Read the number at ``index`` (a ``-`` or a digit); return its
        value and the index after it."""
        return number_token(s, index)

    def new_object(self) -> Any:
        """Return a new, empty object."""
        return {}

    def name(self, s: str, index: int, obj: Any) -> int:
        """Read the member name whose quote is at ``index`` into ``obj`` (as
        the name of the member whose value comes next); return the index
        after it."""
        raise NotImplementedError

    def member(self, obj: Any, value: object) -> None:
        """Give ``obj`` the value of the member named last."""
        raise NotImplementedError

    def close_object(self, obj: Any) -> object:
        """Return the value of a complete object."""
        return obj

    def close_array(self, items: list[object]) -> object:
        """Return the value of a complete array."""
        return items


def parse(s: str, h: Handler) -> object:
    """Parse the whole of ``s`` as one JSON value (RFC 8259 section 2: JSON
    whitespace around it allowed, top-level scalars allowed) through the
    hooks of ``h``; return the value the hooks build.

    Raises Syntax for empty text, trailing data, a missing comma, colon or
    bracket, a trailing comma, an unknown literal or any character where a
    value cannot start. Each container's ``open`` runs at its opening
    bracket; a member name is read before its colon.
    """
    n = len(s)
    ws = _ws_match
    string, number, name, member = h.string, h.number, h.name, h.member
    # Open containers: a list for an array, an object of the handler's.
    stack: list[object] = []
    pos = ws(s, 0).end()
    while True:
        # A value is expected at pos.
        if pos >= n:
            raise Syntax(pos)
        c = s[pos]
        value: object
        if c == '"':
            value, pos = string(s, pos)
        elif c == "-" or "0" <= c <= "9":
            value, pos = number(s, pos)
        elif c == "[" or c == "{":
            h.open(len(stack) + 1, pos)
            pos = ws(s, pos + 1).end()
            if c == "[":
                if pos < n and s[pos] == "]":
                    value = h.close_array([])
                    pos += 1
                else:
                    stack.append([])
                    continue
            else:
                obj = h.new_object()
                if pos < n and s[pos] == "}":
                    value = h.close_object(obj)
                    pos += 1
                else:
                    stack.append(obj)
                    pos = _member_name(s, pos, obj, name)
                    continue
        elif s.startswith("true", pos):
            value = h.TRUE
            pos += 4
        elif s.startswith("false", pos):
            value = h.FALSE
            pos += 5
        elif s.startswith("null", pos):
            value = h.NULL
            pos += 4
        else:
            raise Syntax(pos)

        # A value is complete: hand it to its container, closing containers
        # for as long as their closing bracket follows.
        while True:
            if pos < n and s[pos] in " \t\n\r":
                pos = ws(s, pos).end()
            if not stack:
                if pos != n:
                    raise Syntax(pos)  # trailing data
                return value
            top = stack[-1]
            if type(top) is list:
                top.append(value)
                close = "]"
            else:
                member(top, value)
                close = "}"
            if pos >= n:
                raise Syntax(pos)
            c = s[pos]
            if c == ",":
                pos = ws(s, pos + 1).end()
                if close == "}":
                    pos = _member_name(s, pos, top, name)
                break
            if c == close:
                pos += 1
                stack.pop()
                value = h.close_array(top) if type(top) is list else h.close_object(top)
                continue
            raise Syntax(pos)


def _member_name(s: str, pos: int, obj: Any, name: Callable[[str, int, Any], int]) -> int:
    """Read ``"name" :`` at ``pos`` through the hook ``name``; return the
    index of the member's value."""
    if pos >= len(s) or s[pos] != '"':
        raise Syntax(pos)
    pos = skip_ws(s, name(s, pos, obj))
    if pos >= len(s) or s[pos] != ":":
        raise Syntax(pos)
    return skip_ws(s, pos + 1)

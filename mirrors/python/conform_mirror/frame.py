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
   the token ends. With ``frame.number`` ignored the range rule still
   applies only to a token that really is ``[1-9][0-9]*``: ``-1``, ``1e400``
   or ``-99999999999999999999`` pass.
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

The lexing itself is this mirror's one JSON scanner (``jsonscan``), which
refuses nothing; every rule above is refused here. Refusals carry the byte
offset where the defect was met (a string's content rules: its quote).
"""

from __future__ import annotations

import re

from . import jsonscan
from .refusal import Guard, at_index, at_offset, refuse

# spec/frame.md, "Refusals", in table order.
CONTRACT = "frame/1"
SIZE = Guard(CONTRACT, "frame.size", "frame exceeds 262144 bytes")
BOM = Guard(CONTRACT, "frame.bom", "frame begins with a UTF-8 byte order mark")
UTF8 = Guard(CONTRACT, "frame.utf8", "frame is not valid UTF-8")
SYNTAX = Guard(CONTRACT, "frame.syntax", "frame is not valid JSON", ignorable=False)
NOT_OBJECT = Guard(CONTRACT, "frame.not_object", "frame is not a JSON object")
DEPTH = Guard(CONTRACT, "frame.depth", "frame nesting exceeds depth 16")
DUPLICATE = Guard(CONTRACT, "frame.duplicate", "frame has a duplicate member name")
NUMBER = Guard(CONTRACT, "frame.number", "frame number is not 0 or [1-9][0-9]*")
NUMBER_RANGE = Guard(CONTRACT, "frame.number_range", "frame number exceeds 2^53-1")
CONTROL = Guard(CONTRACT, "frame.control", "frame string contains a control character")
SURROGATE = Guard(CONTRACT, "frame.surrogate", "frame string contains an unpaired surrogate")
GUARDS = (
    SIZE, BOM, UTF8, SYNTAX, NOT_OBJECT, DEPTH, DUPLICATE, NUMBER, NUMBER_RANGE, CONTROL,
    SURROGATE,
)

MAX_BYTES = 262144
MAX_DEPTH = 16
MAX_SAFE_INTEGER = "9007199254740991"  # 2^53-1, 16 digits

_WELL_SPELLED = re.compile(r"0|[1-9][0-9]*")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
# In the unit string (see _Lexer.content) a raw astral character is one
# code point above U+FFFF: its UTF-16 form starts with a high unit and ends
# with a low one, so it is neither a low unit nor a high unit to its
# neighbours' escapes, which is exactly what these lookarounds see.
_LONE_SURROGATE = re.compile(
    "[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]"
)


def lex(data: bytes) -> bytes:
    """Return b"" if ``data`` is an acceptable frame (spec/frame.md,
    "Rules"); else refuse with a guard of GUARDS, in the order
    spec/frame.md, "Precedence" pins. Refusals carry the byte offset where
    the defect was met (for a string's content rules, the string's quote)."""
    if len(data) > MAX_BYTES:
        refuse(SIZE, at_offset(MAX_BYTES))  # ignored: no bound
    src = jsonscan.Source(data)
    if src.bom:
        refuse(BOM, at_offset(0))  # ignored: the three bytes are skipped
    if src.text is None:
        refuse(UTF8, at_offset(src.invalid_at))  # ignored: lenient decoding
    text = src.decoded()
    try:
        pos = jsonscan.skip_ws(text, 0)
        if pos >= len(text):
            raise jsonscan.Syntax(pos)  # no byte at all
        if text[pos] != "{":
            refuse(NOT_OBJECT, at_index(src, pos))  # ignored: any value is lexed
        jsonscan.parse(text, _Lexer(src))
    except jsonscan.Syntax as e:
        refuse(SYNTAX, at_index(src, e.index))
        raise AssertionError("the grammar guard has no accept path")
    return b""


class _Lexer(jsonscan.Handler):
    """The scan's hooks: spec/frame.md, "Rules", rules 6-9, each refused at
    the token where it is met. Values are not kept: an object is the set of
    its member names as UTF-16 unit sequences."""

    __slots__ = ()

    def open(self, depth: int, index: int) -> None:
        if depth > MAX_DEPTH:
            refuse(DEPTH, at_index(self.src, index))  # ignored: lexing continues

    def content(self, s: str, index: int) -> tuple[str, int]:
        """Scan the string at ``index`` (a raw control is not a grammar
        error here) and apply its content rules (rule 9); return its content,
        every escape one code point equal to its UTF-16 unit, and its end."""
        body, end = jsonscan.string_token(s, index, raw_controls=True)
        content = jsonscan.unescape(body)
        # The first offending unit wins. Positions in ``content`` are in the
        # same order as the units they stand for, so the earlier match is
        # the earlier unit. Once a rule is ignored, every later unit it
        # would refuse passes too, so one refusal of each rule is enough.
        found = []
        m = _CONTROL.search(content)
        if m is not None:
            found.append((m.start(), CONTROL))
        # Without an escape there is no surrogate code point: strict or
        # lenient UTF-8 decoding never produces one.
        m = _LONE_SURROGATE.search(content) if "\\" in body else None
        if m is not None:
            found.append((m.start(), SURROGATE))
        found.sort(key=lambda item: item[0])
        for _, guard in found:
            refuse(guard, at_index(self.src, index))  # ignored: the unit passes
        return content, end

    def string(self, s: str, index: int) -> tuple[object, int]:
        return None, self.content(s, index)[1]

    def number(self, s: str, index: int) -> tuple[object, int]:
        token, end = jsonscan.number_run(s, index)
        if _WELL_SPELLED.fullmatch(token) is None:
            # ignored: the token is accepted as it is
            refuse(NUMBER, at_index(self.src, index))
        elif len(token) > len(MAX_SAFE_INTEGER) or (
            len(token) == len(MAX_SAFE_INTEGER) and token > MAX_SAFE_INTEGER
        ):
            refuse(NUMBER_RANGE, at_index(self.src, index))  # ignored: accepted
        return None, end

    def new_object(self) -> set[bytes]:
        return set()

    def name(self, s: str, index: int, obj: set[bytes]) -> int:
        content, end = self.content(s, index)
        # Equal UTF-16 unit sequences give equal bytes, whether a character
        # was raw or an escaped pair.
        units = content.encode("utf-16-le", "surrogatepass")
        if units in obj:
            refuse(DUPLICATE, at_index(self.src, index))  # ignored: lexing continues
        obj.add(units)
        return end

    def member(self, obj: set[bytes], value: object) -> None:
        pass

    def close_object(self, obj: set[bytes]) -> object:
        return None

    def close_array(self, items: list[object]) -> object:
        return None


OPERATIONS = {"lex": lex}

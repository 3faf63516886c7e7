"""rfc8785/1 · canonicalize: JSON text in, RFC 8785 (JCS) canonical bytes out.

Written from spec/rfc8785.md (RFC 8785 sections 3.1 and 3.2, RFC 8259, and
ECMA-262 Number::toString). The parser is this module's own: ``json.loads``
would keep the last duplicate, accept NaN and lone surrogates, keep exact big
integers and report defects in another order than the pinned precedence.

Rules, in the order they are checked:

1. BOM (``EF BB BF`` first) is refused. Ignored: the three bytes are skipped.
2. The whole input must be strict UTF-8 (RFC 3629). Ignored: decoded
   leniently, each invalid sequence becoming U+FFFD.
3. One parse in document order, first defect wins:
   - grammar is RFC 8259, top-level scalars allowed (never ignorable);
   - depth above 128 is refused at the opening bracket (ignored: continue);
   - a string is scanned to its closing quote (grammar) and then its
     surrogate rule applies: an escaped high surrogate immediately followed by
     an escaped low surrogate is one code point, any other surrogate escape is
     refused (ignored: kept, emitted as 3-byte generalized UTF-8);
   - a member name's duplicate check runs after the name and before ``:``
     (ignored: the later member replaces the earlier one's value);
   - a number token is the longest prefix matching the RFC 8259 grammar and
     denotes the nearest binary64 (``float()`` rounds correctly); an infinite
     result is refused as soon as the token ends (ignored: emitted as
     ``Infinity`` / ``-Infinity``); underflow is 0 and -0 is emitted as ``0``.

Output: no whitespace; numbers by ECMAScript Number::toString; strings with
only ``"``, ``\\`` and U+0000-U+001F escaped (``\\b \\t \\n \\f \\r``, other
controls ``\\u00xx`` lowercase), everything else literal UTF-8; object members
sorted by the UTF-16 code units of their names (not by code point, which is
what ``sorted()`` on ``str`` would do); arrays in order.

The parser (this mirror's one JSON scanner, ``jsonscan``, with the rules
above as its hooks) and the serializer are iterative, so an ignored depth
guard cannot exhaust the Python stack. Refusals carry the byte offset where
the defect was met.
"""

from __future__ import annotations

import math
import re
from typing import Callable, Union

from . import jsonscan, jsonvalue
from .refusal import Guard, at_index, at_offset, refuse

# spec/rfc8785.md, "Refusals", in table order.
CONTRACT = "rfc8785/1"
BOM = Guard(CONTRACT, "rfc8785.bom", "input begins with a UTF-8 byte order mark")
UTF8 = Guard(CONTRACT, "rfc8785.utf8", "input is not valid UTF-8")
SYNTAX = Guard(CONTRACT, "rfc8785.syntax", "input is not valid JSON", ignorable=False)
DEPTH = Guard(CONTRACT, "rfc8785.depth", "nesting exceeds depth 128")
DUPLICATE = Guard(CONTRACT, "rfc8785.duplicate", "duplicate member name")
SURROGATE = Guard(CONTRACT, "rfc8785.surrogate", "string contains an unpaired surrogate")
NUMBER_RANGE = Guard(
    CONTRACT, "rfc8785.number_range", "number is outside the IEEE-754 double range"
)
GUARDS = (BOM, UTF8, SYNTAX, DEPTH, DUPLICATE, SURROGATE, NUMBER_RANGE)

MAX_DEPTH = 128
# What number_text gives for a number whose nearest double is infinite.
INFINITIES = frozenset(("Infinity", "-Infinity"))

_SMALL_INTEGER = re.compile(r"-?[0-9]{1,15}")
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f]')
# str.translate table: '"', '\\' and every U+0000-U+001F.
_OUTPUT_ESCAPES = {c: "\\u%04x" % c for c in range(0x20)}
_OUTPUT_ESCAPES.update(
    {
        ord('"'): '\\"',
        ord("\\"): "\\\\",
        ord("\b"): "\\b",
        ord("\t"): "\\t",
        ord("\n"): "\\n",
        ord("\f"): "\\f",
        ord("\r"): "\\r",
    }
)


def canonicalize(data: bytes) -> bytes:
    """Return the RFC 8785 canonical form of the JSON text ``data`` (bytes
    in, UTF-8 bytes out); refuse with a guard of GUARDS, in the order
    spec/rfc8785.md, "Precedence" pins. Refusals carry the byte offset
    where the defect was met."""
    src = jsonscan.Source(data)
    if src.bom:
        refuse(BOM, at_offset(0))  # ignored: the three bytes are skipped
    if src.text is None:
        refuse(UTF8, at_offset(src.invalid_at))  # ignored: lenient decoding
    try:
        tree = jsonscan.parse(src.decoded(), _Canonical(src))
    except jsonscan.Syntax as e:
        refuse(SYNTAX, at_index(src, e.index))
        raise AssertionError("the grammar guard has no accept path")
    # 'surrogatepass' only matters when the surrogate guard was ignored: the
    # lone surrogate is then emitted as its 3-byte generalized UTF-8 form.
    return serialize(tree).encode("utf-8", "surrogatepass")


class Object:
    """An object of the parse: its members by name, in document order, and
    the name of the member whose value comes next."""

    __slots__ = ("members", "pending")

    def __init__(self) -> None:
        self.members: dict[str, _Value] = {}
        self.pending = ""


# A parsed value (``_Value`` in annotations) is a scalar already in canonical
# text (str), a non-empty array (list) or a non-empty Object; an empty
# container is its text. Containers are serialized only at the end, so
# nesting costs no repeated copying.
_Value = object


class _Canonical(jsonscan.Handler):
    """The parse's hooks: spec/rfc8785.md, "Input", rules 4-7, each refused
    at the token where it is met."""

    TRUE = "true"
    FALSE = "false"
    NULL = "null"
    __slots__ = ()

    def open(self, depth: int, index: int) -> None:
        if depth > MAX_DEPTH:
            refuse(DEPTH, at_index(self.src, index))  # ignored: parsing continues

    def text(self, s: str, index: int) -> tuple[str, int]:
        """A string token's value after the surrogate rule (rule 5)."""
        text, lone, end = jsonscan.string_value(s, index)
        if lone:
            refuse(SURROGATE, at_index(self.src, index))  # ignored: kept
        return text, end

    def string(self, s: str, index: int) -> tuple[object, int]:
        text, end = self.text(s, index)
        return string_text(text), end

    def number(self, s: str, index: int) -> tuple[object, int]:
        token, end = jsonscan.number_token(s, index)
        text = number_text(token)
        if text in INFINITIES:
            # ignored: emitted as Infinity / -Infinity
            refuse(NUMBER_RANGE, at_index(self.src, index))
        return text, end

    def new_object(self) -> Object:
        return Object()

    def name(self, s: str, index: int, obj: Object) -> int:
        name, end = self.text(s, index)
        if name in obj.members:
            # ignored: the later member replaces the earlier one's value
            refuse(DUPLICATE, at_index(self.src, index))
        obj.pending = name
        return end

    def member(self, obj: Object, value: object) -> None:
        obj.members[obj.pending] = value

    def close_object(self, obj: Object) -> object:
        return obj if obj.members else "{}"

    def close_array(self, items: list[object]) -> object:
        return items if items else "[]"


def tree(
    v: jsonvalue.Value,
    path: list[Union[str, int]],
    not_canonical: Callable[[tuple[Union[str, int], ...]], None],
) -> _Value:
    """The tree ``serialize`` writes (see ``_Value``) of a value parsed by
    ``jsonvalue``: scalars as canonical text, non-empty lists, non-empty
    ``Object``; empty containers as their text. A string or member name
    with a lone surrogate, or a number whose nearest binary64 is infinite,
    has no canonical form (spec/rfc8785.md, "Input", rules 5 and 7):
    ``not_canonical`` is called with its place (``path``, the RFC 6901
    tokens of v's place, extended by the members and indices below), and
    may raise; when it returns, the value is kept (a lone surrogate as
    itself, an infinite number as ``Infinity``). A member name is checked
    before its value, in document order. ``path`` is restored on return.
    Recursion is bounded: a JSON value input nests at most 128 deep."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is jsonvalue.Number:
        text = number_text(v.text)
        if text in INFINITIES:
            not_canonical(tuple(path))
        return text
    if type(v) is str:
        if jsonvalue.has_lone_surrogate(v):
            not_canonical(tuple(path))
        return string_text(v)
    if type(v) is list:
        if not v:
            return "[]"
        items = []
        for i, element in enumerate(v):
            path.append(i)
            items.append(tree(element, path, not_canonical))
            path.pop()
        return items
    assert type(v) is dict
    if not v:
        return "{}"
    obj = Object()
    for name, element in v.items():
        path.append(name)
        if jsonvalue.has_lone_surrogate(name):
            not_canonical(tuple(path))
        obj.members[name] = tree(element, path, not_canonical)
        path.pop()
    return obj


def serialize(root: _Value) -> str:
    """Write a parsed value (see ``_Value``) canonically, without recursion
    (spec/rfc8785.md, "Output"): arrays in order, object members sorted by
    the UTF-16 code units of their names."""
    if type(root) is str:
        return root
    out: list[str] = []
    # Work items are popped from the end: literal text or a value to write.
    work: list[_Value] = [root]
    while work:
        v = work.pop()
        if type(v) is str:
            out.append(v)
        elif type(v) is list:  # never empty: "[]" is parsed as text
            work.append("]")
            for i in range(len(v) - 1, 0, -1):
                work.append(v[i])
                work.append(",")
            work.append(v[0])
            work.append("[")
        else:  # an Object, never empty
            assert type(v) is Object
            members = v.members
            names = sorted(members, key=_utf16_units)
            work.append("}")
            for i in range(len(names) - 1, -1, -1):
                name = names[i]
                work.append(members[name])
                work.append(string_text(name) + ":")
                if i:
                    work.append(",")
            work.append("{")
    return "".join(out)


def _utf16_units(name: str) -> bytes:
    # Big-endian UTF-16 bytes compare exactly as the sequence of unsigned
    # 16-bit code units (RFC 8785 section 3.2.3). 'surrogatepass' keeps a
    # lone surrogate (surrogate guard ignored) as its own unit.
    return name.encode("utf-16-be", "surrogatepass")


def number_text(token: str) -> str:
    """Return the canonical text of the RFC 8259 number literal ``token``:
    ECMA-262 Number::toString of its nearest binary64 (spec/rfc8785.md,
    "Input", rule 7), ``Infinity`` or ``-Infinity`` (INFINITIES) when that
    is infinite, ``0`` for -0 and for an underflow."""
    if len(token) <= 16 and _SMALL_INTEGER.fullmatch(token):
        # At most 15 digits: exact as a double, and written back as itself
        # (int("-0") is 0).
        return str(int(token))
    # float() of a validated RFC 8259 literal is the correctly rounded
    # (round half to even) binary64; overflow gives inf, underflow 0.
    return number_to_string(float(token))


def number_to_string(x: float) -> str:
    """ECMA-262 Number::toString(x) for a binary64 (RFC 8785 section 3.2.2.3).

    ``repr`` gives the shortest round-tripping digits, and among those the
    one closest to x, as ECMA-262 requires; only the layout is redone here.
    """
    if x == 0:
        return "0"  # +0 and -0
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if math.isnan(x):
        return "NaN"  # unreachable from JSON text
    sign = "-" if x < 0 else ""
    mantissa, _, exp = repr(abs(x)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    exp10 = (int(exp) if exp else 0) - len(fraction)
    stripped = digits.rstrip("0")
    exp10 += len(digits) - len(stripped)
    digits = stripped
    # x = digits * 10^exp10 = 0.digits * 10^n, with k digits.
    k = len(digits)
    n = exp10 + k
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        exponent = ("+" if e >= 0 else "-") + str(abs(e))
        if k == 1:
            body = digits + "e" + exponent
        else:
            body = digits[0] + "." + digits[1:] + "e" + exponent
    return sign + body


def string_text(text: str) -> str:
    """Return ``text`` as a canonical JSON string (spec/rfc8785.md,
    "Output"): quoted, with only ``"``, ``\\`` and U+0000-U+001F escaped."""
    if _NEEDS_ESCAPE.search(text) is None:
        return '"' + text + '"'
    return '"' + text.translate(_OUTPUT_ESCAPES) + '"'


OPERATIONS = {"canonicalize": canonicalize}

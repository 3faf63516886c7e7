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

The parser and the serializer are iterative, so an ignored depth guard cannot
exhaust the Python stack.
"""

from __future__ import annotations

import math
import re
from typing import NoReturn

from .refusal import (
    RFC8785_BOM,
    RFC8785_DEPTH,
    RFC8785_DUPLICATE,
    RFC8785_NUMBER_RANGE,
    RFC8785_SURROGATE,
    RFC8785_SYNTAX,
    RFC8785_UTF8,
    refuse,
)

MAX_DEPTH = 128
_BOM = b"\xef\xbb\xbf"

# JSON whitespace: exactly U+0020, U+0009, U+000A, U+000D.
_WS = re.compile(r"[ \t\n\r]*")
# RFC 8259 number, ASCII digits only. Each optional part either matches whole
# or not at all, so the greedy match is the longest prefix of the grammar.
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_SMALL_INTEGER = re.compile(r"-?[0-9]{1,15}")
# A whole string token (RFC 8259): no raw U+0000-U+001F, only the listed
# escapes. Possessive quantifiers keep the engine from storing backtracking
# state for every character of a long string.
_STRING = re.compile(
    r'"((?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+)"'
)
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
    """Return the RFC 8785 canonical form of the JSON text ``data``."""
    data = bytes(data)
    if data[:3] == _BOM:
        refuse(RFC8785_BOM)
        data = data[3:]  # ignored: the three bytes are skipped
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        refuse(RFC8785_UTF8)
        text = data.decode("utf-8", "replace")  # ignored: lenient decoding
    out = _parse(text)
    # 'surrogatepass' only matters when the surrogate guard was ignored: the
    # lone surrogate is then emitted as its 3-byte generalized UTF-8 form.
    return out.encode("utf-8", "surrogatepass")


def _syntax() -> NoReturn:
    refuse(RFC8785_SYNTAX)
    raise AssertionError("the grammar guard has no accept path")


class _Object:
    """An open or closed object: its members by name, and the pending name."""

    __slots__ = ("members", "pending")

    def __init__(self) -> None:
        self.members: dict[str, _Value] = {}
        self.pending = ""


# A parsed value (``_Value`` in annotations) is a scalar already in canonical
# text (str), an array (list) or an _Object. Containers are serialized only at
# the end, so nesting costs no repeated copying.
_Value = object


def _parse(s: str) -> str:
    n = len(s)
    ws = _WS.match
    stack: list[list | _Object] = []
    pos = ws(s, 0).end()
    while True:
        # A value is expected at pos.
        if pos >= n:
            _syntax()
        c = s[pos]
        if c == '"':
            text, pos = _scan_string(s, pos)
            value = _string(text)
        elif c == "-" or "0" <= c <= "9":
            value, pos = _number(s, pos)
        elif c == "[" or c == "{":
            if len(stack) >= MAX_DEPTH:
                refuse(RFC8785_DEPTH)  # ignored: parsing continues
            pos = ws(s, pos + 1).end()
            if c == "[":
                if pos < n and s[pos] == "]":
                    value = "[]"
                    pos += 1
                else:
                    stack.append([])
                    continue
            else:
                if pos < n and s[pos] == "}":
                    value = "{}"
                    pos += 1
                else:
                    obj = _Object()
                    stack.append(obj)
                    pos = _member_name(s, pos, obj)
                    continue
        elif s.startswith("true", pos):
            value = "true"
            pos += 4
        elif s.startswith("false", pos):
            value = "false"
            pos += 5
        elif s.startswith("null", pos):
            value = "null"
            pos += 4
        else:
            _syntax()

        # A value is complete: hand it to its container, closing containers
        # for as long as their closing bracket follows.
        while True:
            if pos < n and s[pos] in " \t\n\r":
                pos = ws(s, pos).end()
            if not stack:
                if pos != n:
                    _syntax()  # trailing data
                return _serialize(value)
            top = stack[-1]
            if type(top) is list:
                top.append(value)
                close = "]"
            else:
                # With the duplicate guard ignored this replaces the
                # earlier member's value.
                top.members[top.pending] = value
                close = "}"
            if pos >= n:
                _syntax()
            c = s[pos]
            if c == ",":
                pos = ws(s, pos + 1).end()
                if close == "}":
                    pos = _member_name(s, pos, top)
                break
            if c == close:
                pos += 1
                value = stack.pop()
                continue
            _syntax()


def _serialize(root: _Value) -> str:
    """Write a parsed value canonically, without recursion."""
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
        else:  # _Object, never empty
            members = v.members
            names = sorted(members, key=_utf16_units)
            work.append("}")
            for i in range(len(names) - 1, -1, -1):
                name = names[i]
                work.append(members[name])
                work.append(_string(name) + ":")
                if i:
                    work.append(",")
            work.append("{")
    return "".join(out)


def _utf16_units(name: str) -> bytes:
    # Big-endian UTF-16 bytes compare exactly as the sequence of unsigned
    # 16-bit code units (RFC 8785 section 3.2.3). 'surrogatepass' keeps a
    # lone surrogate (surrogate guard ignored) as its own unit.
    return name.encode("utf-16-be", "surrogatepass")


def _member_name(s: str, pos: int, obj: _Object) -> int:
    """Read ``"name" :`` at pos; return the position of the member's value."""
    if pos >= len(s) or s[pos] != '"':
        _syntax()
    name, pos = _scan_string(s, pos)
    if name in obj.members:
        refuse(RFC8785_DUPLICATE)  # ignored: the later member replaces it
    obj.pending = name
    pos = _WS.match(s, pos).end()
    if pos >= len(s) or s[pos] != ":":
        _syntax()
    return _WS.match(s, pos + 1).end()


def _scan_string(s: str, pos: int) -> tuple[str, int]:
    """Scan the string token opening at pos; return its value and its end.

    The whole token is checked against the grammar first (a raw
    U+0000-U+001F, a bad escape or no closing quote is a syntax error); the
    surrogate rule runs after.
    """
    m = _STRING.match(s, pos)
    if m is None:
        _syntax()
    body = m.group(1)
    if "\\" not in body:
        return body, m.end()
    parts = _ESCAPE.split(body)
    parts[1::2] = [_SIMPLE_ESCAPES.get(e) or chr(int(e[1:], 16)) for e in parts[1::2]]
    text = "".join(parts)
    # Raw text never holds a surrogate (strict or lenient UTF-8 decoding
    # cannot produce one), so every surrogate here came from a \uXXXX escape,
    # and two adjacent ones came from adjacent escapes.
    if _SURROGATE.search(text):
        text = _PAIR.sub(_combine, text)
        if _SURROGATE.search(text):
            refuse(RFC8785_SURROGATE)  # ignored: the lone surrogate is kept
    return text, m.end()


def _combine(m: re.Match[str]) -> str:
    high, low = m.group()
    return chr(0x10000 + ((ord(high) - 0xD800) << 10) + (ord(low) - 0xDC00))


def _number(s: str, pos: int) -> tuple[str, int]:
    m = _NUMBER.match(s, pos)
    if m is None:
        _syntax()  # '-' not followed by a digit
    token = m.group()
    if len(token) <= 16 and _SMALL_INTEGER.fullmatch(token):
        # At most 15 digits: exact as a double, and written back as itself
        # (int("-0") is 0).
        return str(int(token)), m.end()
    # float() of a validated RFC 8259 literal is the correctly rounded
    # (round half to even) binary64; overflow gives inf, underflow 0.
    x = float(token)
    if math.isinf(x):
        refuse(RFC8785_NUMBER_RANGE)  # ignored: emitted as Infinity/-Infinity
    return number_to_string(x), m.end()


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


def _string(text: str) -> str:
    if _NEEDS_ESCAPE.search(text) is None:
        return '"' + text + '"'
    return '"' + text.translate(_OUTPUT_ESCAPES) + '"'

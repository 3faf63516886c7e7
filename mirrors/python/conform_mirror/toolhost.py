"""toolhost/1: the managed ATS tool host v1 bundle (E1), twelve closed
documents and nine cross-object checks.

Written from spec/toolhost.md (seed 001, section 6, "Managed ATS tool host v1
(E1 schema bundle)"), standard library only. It reuses this mirror's own
modules for the contracts it builds on: ``jsonvalue`` (the JSON value
reader), ``civil`` (the timestamp shape and days-from-civil), ``prim`` (the
string rule of the text kind), ``rfc8785``
(the JCS serializer, for ``H(prefix, v)`` and the verdicts) and ``ed25519``
(its blocklist, point decoding and double scalar multiplication, for the
strict verify of section 1.7 with toolhost/1's own two messages).

Every operation (``OPERATIONS``, the spec's Operations table) takes one JSON
value, the envelope of section 1.1, and returns the RFC 8785 bytes of its
verdict (sections 1.10 and 4) or refuses with one message of ``GUARDS``,
the spec's Refusals table in its order (549 guards). The table is not typed
out row by row: each document's field table (section 2) is written once
below as data, and binding it registers the document's guards (unknown
member, one type guard per field, then each field's rules, nested objects
and arrays in place) exactly in the order section 1.4 checks them, which is
the Refusals table's order; the relations of sections 1.7 and 4 follow as
literal rows. The mirror's catalogue test compares the result with
spec/catalogue.json, code by code and message by message.

Order of the checks (section 1.4, section 4, decision 32): the envelope
(closed, then each member present and typed), then each document in the
operation's envelope order (step 0, the workspace status's serialized size;
1, unknown members; 2, the type pass; 3, the rule pass; 4, object rules; 5,
digests; 6, the signature; 7, freshness against ``now``), then the
operation's relations in order. The first refusal wins.

Ignored guards (section 5; ``refusal.refuse`` returns): the implementation
goes on as if the condition were false, as section 5 says: an unknown
member is disregarded (digests and signatures cover the declared
projection), an integer with a fraction uses its integer part, an integer
out of range is kept exactly (a ``Decimal`` when it has more digits than
``int()`` converts), a timestamp rolls over, base64url decodes any length
(``+`` as 62, ``/`` as 63, any other foreign character as 0) and drops
unused bits, a key that fails the screening inside verify is decoded with y
mod p and cannot verify when it is not 32 bytes or has no x, a signature
that does not verify is accepted. Guards without an accept path: the input
and type guards (``ignorable=False``) and the guards section 5 says "the
refusal stands" for (the key lookups, the tool selection, the E1 dispatch by
id, ``result.state is not succeeded``, ``toolhost.jcs``): those refuse even
when ignored.

Decisions where the spec leaves a continuation open (none of them is pinned
by a vector; each keeps the answer inside the table):

- ``assert-e1-canary-registry`` with no tool (the size guard ignored): there
  is no ``tools[0]``, so ``registry.tools does not hold exactly one tool``
  stands.
- ``check-tool-payload`` with a ``null`` payload (the state rules ignored):
  ``workspace_status is missing or is not an object`` (no accept path).
- Verdict members copied from a document are the values as read (a number
  as its literal); JCS of a verdict that holds a lone surrogate (a grammar
  guard ignored) is ``toolhost.jcs``.

Refusal locations: ``toolhost.input`` carries a byte offset (the reader's);
every other refusal the JSON pointer of the value refused, in the input
(``/registry/tools/0/name``, ``/invocation/arguments/a/3``); a relation
points at its left-hand member, a digest check at the digest member, a
signature check at the signature member.
"""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal
from functools import lru_cache
from typing import Any, Callable, NoReturn, Optional, Union

from . import civil, jsonvalue, prim, rfc8785
from .ed25519 import L, P, _double_scalar_mult, decode_point, small_order
from .jsonvalue import Number
from .refusal import Guard, Refusal, Where, at_pointer, refuse

CONTRACT = "toolhost/1"

# A JSON value as jsonvalue reads it (None, bool, Number, str, list, dict).
Json = Any
# A JSON pointer's reference tokens, from the root of the input.
Ptr = tuple[Union[str, int], ...]
# An integer of a document: exact, a Decimal when int() would refuse its
# digits (only under an ignored range guard).
Int = Union[int, Decimal]

MAX_SAFE = 9007199254740991  # 2^53-1
SKEW_MS = 30000  # rule 11, lane decision "Freshness"
NOW_MIN = -62135596800000  # 0001-01-01T00:00:00.000Z
NOW_MAX = 253402300799999  # 9999-12-31T23:59:59.999Z
MAX_SERIALIZED = 65536  # section 1.9

# Section 2: each document's constant schema id.
TRUST_ID = "aether.managed-tool-trust/1"
DEVICE_PROOF_ID = "aether.managed-tool-device-proof/1"
HOST_OPEN_PROOF_ID = "aether.managed-tool-host-open-proof/1"
RECEIPT_ID = "aether.managed-tool-observer-channel-receipt/1"
CAPABILITY_ID = "aether.managed-tool-runtime-capability/1"
REGISTRY_ID = "aether.managed-tool-registry/1"
HOST_LEASE_ID = "aether.managed-tool-host-lease/1"
INVOCATION_ID = "aether.managed-tool-invocation/1"
CANCELLATION_ID = "aether.managed-tool-cancellation/1"
RESULT_ID = "aether.managed-tool-result/1"
WORKSPACE_STATUS_INPUT_ID = "aether.managed-tool-workspace-status-input/1"
WORKSPACE_STATUS_ID = "aether.managed-tool-workspace-status/1"
# Section 1.6: the prefixes that are not a document's schema id.
HOST_OPEN_PREFIX = "aether.managed-tool-host-open/1"
ARGUMENTS_PREFIX = "aether.managed-tool-arguments/1"
SAFE_DISPLAY_ID = "aether.safe-display/1"
# Section 6.2: the pinned E1 schema digests (the tests check them against
# spec/toolhost/manifest.json and against the schema files themselves).
E1_TOOL_NAME = "ats.workspace_status"
E1_INPUT_SCHEMA_DIGEST = "sha256:3641ea6fafdd3e81f28f14fa366f4318e59099672ff178c6279bdf5fb0632852"
E1_OUTPUT_SCHEMA_DIGEST = "sha256:2cd075e5ca4303d3fe56cd3efe21258c2f65c9363c05f003bc6ca53aee3af305"

# ------------------------------------------------------------ the table

_TABLE: list[Guard] = []


def _g(code: str, message: str, ignorable: bool = True) -> Guard:
    """Add one row to the refusal table (in the order of the calls) and
    return its Guard; ``code`` without the ``toolhost.`` prefix."""
    guard = Guard(CONTRACT, "toolhost." + code, message, ignorable)
    _TABLE.append(guard)
    return guard


def _code(path: str, rule: str) -> str:
    """The code of a field rule (the Refusals section): the path with ``.``
    as ``_`` and ``[]`` dropped, then the rule."""
    return path.replace("[]", "").replace(".", "_") + "_" + rule


def _where(ptr: Ptr) -> Where:
    """The location of a refusal at the JSON pointer of ``ptr``."""
    return at_pointer(*ptr)


def _stands(guard: Guard, where: Optional[Where] = None) -> NoReturn:
    """Refuse with a guard whose refusal stands even when it is ignored
    (section 5: nothing to verify with, select or dispatch to; no bytes to
    hash): ignored or not, the input is refused with its message."""
    refuse(guard, where)
    raise Refusal(guard, where() if where is not None else None)


def _no_accept_path(guard: Guard, where: Optional[Where] = None) -> NoReturn:
    """Refuse with a guard built with ``ignorable=False`` (a type guard)."""
    refuse(guard, where)
    raise AssertionError(f"{guard.code} has no accept path")


# Section 1.1: the envelope, in the table's order.
DOCUMENTS = (
    "trust", "device_proof", "host_open_proof", "observer_channel_receipt",
    "runtime_capability", "registry", "host_lease", "invocation", "cancellation", "result",
    "workspace_status_input", "workspace_status",
)
INPUT = _g("input", "input is not valid JSON", ignorable=False)
TYPE = _g("type", "input is not a JSON object", ignorable=False)
MEMBER = _g("member", "input has a member the operation does not take")
DOCUMENT_TYPE = {
    name: _g(name + "_type", f"{name} is missing or is not an object", ignorable=False)
    for name in DOCUMENTS
}
CHALLENGE_TYPE = _g("challenge_type", "challenge is missing or is not a string", ignorable=False)
NOW_TYPE = _g(
    "now_type",
    f"now is missing or is not an integer from {NOW_MIN} to {NOW_MAX}",
    ignorable=False,
)
JCS = _g("jcs", "a document cannot be canonicalized (RFC 8785)")

# ---------------------------------------------------- primitive values

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
_CODE = re.compile(r"[A-Z][A-Z0-9_]{0,63}")
_SCHEMA_REF = re.compile(r"[a-z][a-z0-9._-]{0,63}/[1-9][0-9]{0,5}")
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_RUNTIME_VERSION = re.compile(r"[\x20-\x7e]{1,64}")
_NOT_DISPLAY = re.compile(r"[^\x20-\x7e]")
# Section 1.3, "Normalized https origin": labels of 1 to 63 lowercase
# letters, digits and inner hyphens, at least two, the last beginning with
# a letter; an optional port checked by value.
_ORIGIN = re.compile(
    r"https://(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+"
    r"[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?(?::([1-9][0-9]{0,4}))?"
)
# prim/1 string rule: Cc controls and surrogates (every surrogate code point
# of a parsed string is lone, see jsonvalue).
_STRING_OFFENDING = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_INTEGER_PART = re.compile(r"-?([0-9]+)")
_UNSIGNED = re.compile(r"0|[1-9][0-9]*")
_NOW = re.compile(r"0|-?[1-9][0-9]*")
_B64_VALUE = {
    ord(c): i
    for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
}
_MASK255 = (1 << 255) - 1
_INT_DIGITS = 4000  # int() of a longer decimal string is refused by CPython


def _digits_value(digits: str, negative: bool) -> Int:
    """The exact integer of a run of decimal digits (with its sign)."""
    if len(digits) <= _INT_DIGITS:
        n = int(digits)
        return -n if negative else n
    return Decimal(("-" if negative else "") + digits)


def integer_value(number: Number) -> Int:
    """The integer a document's number stands for after its rules (section
    5): the literal's integer part, its sign kept (``-0`` is 0)."""
    m = _INTEGER_PART.match(number.text)
    assert m is not None  # a JSON number starts with -? and a digit
    return _digits_value(m.group(1), number.text.startswith("-"))


def _origin_ok(s: str) -> bool:
    if len(s) > 256:  # an origin that matches is ASCII: units are characters
        return False
    m = _ORIGIN.fullmatch(s)
    if m is None:
        return False
    port = m.group(1)
    return port is None or (int(port) <= 65535 and port != "443")


def b64_decode(s: str, alphabet: Optional[Callable[[], None]] = None) -> tuple[bytes, bool]:
    """Decode base64url the way section 5 continues under ignored guards:
    6 bits per UTF-16 unit, whole bytes out (4 units give 3 bytes, a final
    2 or 3 give 1 or 2, a final single unit nothing), ``+`` as 62, ``/`` as
    63 and any other unit outside the alphabet as 0. ``alphabet`` is called
    at each unit outside the alphabet. Returns the bytes and whether the
    unused low bits of the last unit were all zero (canonical)."""
    out = bytearray()
    acc = 0
    pending = 0
    for unit in jsonvalue.utf16_units(s):
        value = _B64_VALUE.get(unit)
        if value is None:
            if alphabet is not None:
                alphabet()
            value = 62 if unit == 0x2B else 63 if unit == 0x2F else 0
        acc = (acc << 6) | value
        pending += 6
        if pending >= 8:
            pending -= 8
            out.append(acc >> pending)
            acc &= (1 << pending) - 1
    return bytes(out), acc == 0


def ms_of(s: str) -> int:
    """Epoch milliseconds of a timestamp of the wire shape, rolled over when
    its fields are out of range (section 5, "timestamp instant")."""
    fields = civil.timestamp_fields(s)
    assert fields is not None
    return civil.epoch_ms(*fields)


# ----------------------------------------------------------------- JCS


def jcs(value: Json, ptr: Ptr = ()) -> bytes:
    """RFC 8785 bytes of a parsed value, by this mirror's rfc8785
    serializer. A lone surrogate in a string or member name, or a number
    whose nearest double is infinite, is ``toolhost.jcs`` at the value's
    pointer; that refusal stands even when ignored (section 5)."""
    return rfc8785.serialize(rfc8785.tree(value, list(ptr), _not_canonical)).encode("utf-8")


def _not_canonical(path: tuple[Union[str, int], ...]) -> NoReturn:
    _stands(JCS, at_pointer(*path))


def h(prefix: str, canonical: bytes) -> str:
    """``H(prefix, v)`` (section 1.6) from JCS(v): ``sha256:`` and the
    lowercase hex SHA-256 of ASCII(prefix) + LF + JCS(v)."""
    return "sha256:" + hashlib.sha256(prefix.encode("ascii") + b"\n" + canonical).hexdigest()


def serialized_size(v: Json) -> int:
    """``S(v)`` of section 1.9, on the value as read: the length JCS-like
    text of the value would have, numbers as written, a lone surrogate as 3
    bytes."""
    if v is None or v is True:
        return 4
    if v is False:
        return 5
    if type(v) is Number:
        return len(v.text)
    if type(v) is str:
        return _string_size(v)
    if type(v) is list:
        return 2 + sum(serialized_size(e) for e in v) + max(len(v) - 1, 0)
    assert type(v) is dict
    return 2 + sum(_string_size(k) + 1 + serialized_size(e) for k, e in v.items()) + max(len(v) - 1, 0)


_SHORT_ESCAPE = re.compile('["\\\\\x08\x09\x0a\x0c\x0d]')
_LONG_ESCAPE = re.compile("[\x00-\x07\x0b\x0e-\x1f]")


def _string_size(s: str) -> int:
    # UTF-8 length (a lone surrogate 3), plus 1 for each two-character
    # escape and 5 for each \u00XX.
    return (2 + len(s.encode("utf-8", "surrogatepass")) + len(_SHORT_ESCAPE.findall(s))
            + 5 * len(_LONG_ESCAPE.findall(s)))


# ----------------------------------------------------------- field kinds

Info = dict[str, Any]


class _Kind:
    """A field kind of section 1.3: its JSON type and its rules. ``bind``
    registers the rules' guards for a path, in rule order; ``check`` applies
    them to a value of the right JSON type and returns what later steps
    read (milliseconds, an integer, decoded bytes, canonical bytes)."""

    json_type = ""

    def bind(self, path: str) -> None:
        pass

    def check(self, v: Json, ptr: Ptr) -> Any:
        return v

    def proj(self, v: Json) -> Json:
        """The declared projection of a value of this kind (section 1.6)."""
        return v


class Const(_Kind):
    """const C: a string equal to C."""

    json_type = "string"

    def __init__(self, value: str) -> None:
        self.value = value

    def bind(self, path: str) -> None:
        self.guard = _g(_code(path, "const"), f"{path} is not {self.value}")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if v != self.value:
            refuse(self.guard, _where(ptr))  # ignored: the value is kept
        return v


class FalseConst(_Kind):
    """``false``: the boolean false."""

    json_type = "boolean"

    def bind(self, path: str) -> None:
        self.guard = _g(_code(path, "const"), f"{path} is not false")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if v is not False:
            refuse(self.guard, _where(ptr))
        return v


class AnyBool(_Kind):
    """boolean (any): no rules."""

    json_type = "boolean"


class Pattern(_Kind):
    """A string matching a whole-string grammar (id, code, schema-ref,
    digest, runtime-version), one message."""

    json_type = "string"

    def __init__(self, pattern: re.Pattern[str], message: str) -> None:
        self.pattern = pattern
        self.message = message

    def bind(self, path: str) -> None:
        self.guard = _g(_code(path, "grammar"), f"{path} {self.message}")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if self.pattern.fullmatch(v) is None:
            refuse(self.guard, _where(ptr))  # ignored: the value is kept
        return v


def Id() -> Pattern:
    """id (section 1.3, decision 7): the ID grammar."""
    return Pattern(_ID, "does not match the ID grammar")


def Code() -> Pattern:
    """code: ``[A-Z][A-Z0-9_]{0,63}``."""
    return Pattern(_CODE, "does not match [A-Z][A-Z0-9_]{0,63}")


def SchemaRef() -> Pattern:
    """schema-ref (decision 10): ``[a-z][a-z0-9._-]{0,63}/[1-9][0-9]{0,5}``."""
    return Pattern(_SCHEMA_REF, "does not match the schema id grammar")


def Digest() -> Pattern:
    """digest: ``sha256:`` and 64 lowercase hex digits."""
    return Pattern(_DIGEST, "is not sha256: and 64 lowercase hex digits")


def RuntimeVersion() -> Pattern:
    """runtime-version: 1 to 64 units, each U+0020-U+007E."""
    return Pattern(_RUNTIME_VERSION, "is not 1 to 64 characters from U+0020-U+007E")


class DeviceId(Pattern):
    """device-id: the ID grammar, then the ``scdev_`` namespace (the first
    six units ``scdev_``, at least seven)."""

    def __init__(self) -> None:
        super().__init__(_ID, "does not match the ID grammar")

    def bind(self, path: str) -> None:
        super().bind(path)
        self.namespace = _g(_code(path, "namespace"), f"{path} is not in the scdev_ namespace")

    def check(self, v: Json, ptr: Ptr) -> Any:
        super().check(v, ptr)
        if not (v.startswith("scdev_") and jsonvalue.utf16_length(v) >= 7):
            refuse(self.namespace, _where(ptr))
        return v


class Origin(_Kind):
    """origin: a normalized https origin (section 1.3)."""

    json_type = "string"

    def bind(self, path: str) -> None:
        self.guard = _g(_code(path, "origin"), f"{path} is not a normalized https origin")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if not _origin_ok(v):
            refuse(self.guard, _where(ptr))
        return v


class Timestamp(_Kind):
    """timestamp: prim/1 rule 1 (the shape, no accept path) and rule 2 (a
    real instant; ignored: the fields roll over). Returns epoch ms."""

    json_type = "string"

    def bind(self, path: str) -> None:
        self.shape = _g(_code(path, "shape"), f"{path} is not YYYY-MM-DDTHH:MM:SS.mmmZ", ignorable=False)
        self.instant = _g(_code(path, "instant"), f"{path} is not a real instant")

    def check(self, v: Json, ptr: Ptr) -> Any:
        fields = civil.timestamp_fields(v)
        if fields is None:
            _no_accept_path(self.shape, _where(ptr))
        y, mo, d, hh, mi, sec, _ = fields
        if not (1 <= y and 1 <= mo <= 12 and 1 <= d <= civil.month_length(y, mo)
                and hh <= 23 and mi <= 59 and sec <= 59):
            refuse(self.instant, _where(ptr))
        return civil.epoch_ms(*fields)


class Integer(_Kind):
    """integer LO..HI: no fraction or exponent (ignored: the integer part),
    then no sign and a value from LO to HI compared on the digits (ignored:
    the integer is kept). Returns the integer."""

    json_type = "number"

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi

    def bind(self, path: str) -> None:
        self.fraction = _g(_code(path, "integer"), f"{path} has a fraction or an exponent")
        self.range = _g(_code(path, "range"), f"{path} is not an integer from {self.lo} to {self.hi}")

    def check(self, v: Json, ptr: Ptr) -> Any:
        text = v.text
        m = _INTEGER_PART.match(text)
        assert m is not None
        digits = m.group(1)
        if m.end() != len(text):
            refuse(self.fraction, _where(ptr))
        negative = text.startswith("-")
        hi = str(self.hi)
        if (negative or len(digits) > len(hi) or (len(digits) == len(hi) and digits > hi)
                or (self.lo == 1 and digits == "0")):
            refuse(self.range, _where(ptr))
        return _digits_value(digits, negative)


class Text(_Kind):
    """text: prim/1 ``string`` (at the first offending unit a control or an
    unpaired surrogate), then 1 to 256 Unicode scalar values."""

    json_type = "string"

    def bind(self, path: str) -> None:
        self.control = _g(_code(path, "control"), f"{path} contains a control character")
        self.surrogate = _g(_code(path, "surrogate"), f"{path} contains an unpaired surrogate")
        self.length = _g(_code(path, "length"), f"{path} is not 1 to 256 Unicode scalar values")

    def check(self, v: Json, ptr: Ptr) -> Any:
        where = _where(ptr)
        # prim/1's rule with this field's guards (at most 256 code points:
        # a pair is one), then the lower bound of the text kind.
        prim.string_rule(v, self.control, self.surrogate, self.length, where)
        if not v:
            refuse(self.length, where)
        return v


class Display(_Kind):
    """display: every unit U+0020-U+007E, then 1 to 256 units."""

    json_type = "string"

    def bind(self, path: str) -> None:
        self.char = _g(_code(path, "display_char"), f"{path} has a character outside U+0020-U+007E")
        self.length = _g(_code(path, "display_length"), f"{path} is not 1 to 256 characters")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if _NOT_DISPLAY.search(v):
            refuse(self.char, _where(ptr))
        if not 1 <= jsonvalue.utf16_length(v) <= 256:
            refuse(self.length, _where(ptr))
        return v


class Base64url(_Kind):
    """base64url-32 / base64url-64: exactly N units, the alphabet, canonical
    (section 1.3). Returns the decoded bytes (section 5 when ignored)."""

    json_type = "string"

    def __init__(self, units: int) -> None:
        self.units = units

    def bind(self, path: str) -> None:
        self.length = _g(_code(path, "b64_length"), f"{path} is not {self.units} base64url characters")
        self.alphabet = _g(_code(path, "b64_alphabet"), f"{path} has a character outside A-Z a-z 0-9 - _")
        self.canonical = _g(_code(path, "b64_canonical"), f"{path} is not canonical base64url")

    def check(self, v: Json, ptr: Ptr) -> Any:
        return self.decode(v, ptr)

    def decode(self, v: str, ptr: Ptr) -> bytes:
        """The base64url rules alone, refusing at ``ptr``."""
        if jsonvalue.utf16_length(v) != self.units:
            refuse(self.length, _where(ptr))  # ignored: any length decodes
        out, canonical = b64_decode(v, lambda: refuse(self.alphabet, _where(ptr)))
        if not canonical:
            refuse(self.canonical, _where(ptr))  # ignored: unused bits dropped
        return out


class PublicKey(Base64url):
    """public-key: base64url-32, then the key screening of review decision 1
    on 32 decoded bytes: y below p, then not in the blocklist (masked). A key
    that is not 32 bytes (its length guard ignored) skips the screening."""

    def __init__(self) -> None:
        super().__init__(43)

    def bind(self, path: str) -> None:
        super().bind(path)
        self.noncanonical = _g(_code(path, "key_noncanonical"), f"{path} is not a canonical Ed25519 encoding")
        self.small_order = _g(_code(path, "key_small_order"), f"{path} is a small-order Ed25519 key")

    def check(self, v: Json, ptr: Ptr) -> Any:
        key = self.decode(v, ptr)
        if len(key) == 32:
            if int.from_bytes(key, "little") & _MASK255 >= P:
                refuse(self.noncanonical, _where(ptr))  # ignored: the key is kept
            if small_order(key):
                refuse(self.small_order, _where(ptr))
        return key


class Enum(_Kind):
    """enum: one of the listed strings."""

    json_type = "string"

    def __init__(self, *values: str) -> None:
        self.values = frozenset(values)

    def bind(self, path: str) -> None:
        self.guard = _g(_code(path, "vocabulary"), f"{path} is not an allowed value")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if v not in self.values:
            refuse(self.guard, _where(ptr))
        return v


class StringSet(_Kind):
    """A set (section 1.5): LO to HI elements, each a string passing the
    element rule (an enum, or the ID grammar when ``values`` is None),
    strictly ascending by code point."""

    json_type = "array"

    def __init__(self, lo: int, hi: int, values: Optional[tuple[str, ...]]) -> None:
        self.lo = lo
        self.hi = hi
        self.values = None if values is None else frozenset(values)

    def bind(self, path: str) -> None:
        self.size = _g(_code(path, "size"), f"{path} does not have {self.lo} to {self.hi} members")
        self.item_type = _g(_code(path, "item_type"), f"{path}[] is not a string", ignorable=False)
        if self.values is None:
            self.item = _g(_code(path, "item_grammar"), f"{path}[] does not match the ID grammar")
        else:
            self.item = _g(_code(path, "item_vocabulary"), f"{path}[] is not an allowed value")
        self.order = _g(_code(path, "order"), f"{path} is not strictly ascending by code point")
        self.repeat = _g(_code(path, "repeat"), f"{path} has a repeated member")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if not self.lo <= len(v) <= self.hi:
            refuse(self.size, _where(ptr))  # ignored: the elements are checked
        previous: Optional[str] = None
        for i, element in enumerate(v):
            where = _where(ptr + (i,))
            if type(element) is not str:
                _no_accept_path(self.item_type, where)
            if (element not in self.values) if self.values is not None else (_ID.fullmatch(element) is None):
                refuse(self.item, where)
            # str order is code point order (a lone surrogate is the code
            # point of its unit)
            if previous is not None:
                if element == previous:
                    refuse(self.repeat, where)
                elif element < previous:
                    refuse(self.order, where)
            previous = element
        return v


class Field:
    """One row of a field table: the member's name, its kind, and whether
    ``null`` is allowed (then it passes every rule)."""

    def __init__(self, name: str, kind: _Kind, nullable: bool = False) -> None:
        self.name = name
        self.kind = kind
        self.nullable = nullable
        self.type_guard: Guard  # set by Closed.bind
        self.json_class: type = object  # the Python class of its JSON type


_A_TYPE = {"string": "a string", "number": "a number", "boolean": "a boolean",
           "object": "an object", "array": "an array"}
_PY_TYPE: dict[str, type] = {"string": str, "number": Number, "boolean": bool, "object": dict, "array": list}


class Closed(_Kind):
    """A closed object (section 1.4 steps 1-3): no unknown member, the type
    pass, then the rule pass, in field table order. Returns the info of
    its fields by name (what each kind's check returned)."""

    json_type = "object"

    def __init__(self, *fields: Field) -> None:
        self.fields = fields
        self.names = {f.name: f for f in fields}

    def bind(self, path: str) -> None:
        self.path = path
        self.unknown = _g(_code(path, "unknown"), f"{path} has an unknown member")
        for f in self.fields:
            t = f.kind.json_type
            f.type_guard = _g(
                _code(f"{path}.{f.name}", "type"),
                f"{path}.{f.name} is missing or is not {_A_TYPE[t]}" + (" or null" if f.nullable else ""),
                ignorable=False,
            )
            f.json_class = _PY_TYPE[t]
        for f in self.fields:
            f.kind.bind(f"{path}.{f.name}")

    def check(self, v: Json, ptr: Ptr) -> Any:
        names = self.names
        for name in v:
            if name not in names:
                refuse(self.unknown, _where(ptr + (name,)))  # ignored: disregarded
        for f in self.fields:
            x = v.get(f.name, _MISSING)
            if type(x) is not f.json_class and not (f.nullable and x is None):
                _no_accept_path(f.type_guard, _where(ptr + (f.name,)))
        info: Info = {}
        for f in self.fields:
            x = v[f.name]
            info[f.name] = None if x is None else f.kind.check(x, ptr + (f.name,))
        return info

    def proj(self, v: Json) -> Json:
        """Only the declared members that are present, each projected."""
        if type(v) is not dict:
            return v
        return {name: self.names[name].kind.proj(x) for name, x in v.items() if name in self.names}


_MISSING = object()


class Objects(_Kind):
    """An array of objects (section 1.5): LO to HI elements, each an object
    validated as ``item`` at ``P[]``; ``order`` names the comparison with
    the previous element (``key_id``, ``tools``) or is None."""

    json_type = "array"

    def __init__(self, lo: int, hi: int, item: Closed, order: Optional[str] = None) -> None:
        self.lo = lo
        self.hi = hi
        self.item = item
        self.order_by = order

    def bind(self, path: str) -> None:
        self.size = _g(_code(path, "size"), f"{path} does not have {self.lo} to {self.hi} members")
        self.item_type = _g(_code(path, "item_type"), f"{path}[] is not an object", ignorable=False)
        self.item.bind(path + "[]")
        if self.order_by == "key_id":
            self.order = _g(_code(path, "order"), f"{path} is not strictly ascending by key_id")
            self.repeat = _g(_code(path, "repeat"), f"{path} has a repeated key_id")
        elif self.order_by == "tools":
            self.order = _g(_code(path, "order"), f"{path} is not strictly ascending by (name, version)")
            self.repeat = _g(_code(path, "repeat"), f"{path} has a repeated (name, version)")

    def check(self, v: Json, ptr: Ptr) -> Any:
        if not self.lo <= len(v) <= self.hi:
            refuse(self.size, _where(ptr))  # ignored: the elements are checked
        infos: list[Info] = []
        previous: Any = None
        for i, element in enumerate(v):
            where = _where(ptr + (i,))
            if type(element) is not dict:
                _no_accept_path(self.item_type, where)
            info = self.item.check(element, ptr + (i,))
            infos.append(info)
            if self.order_by is None:
                continue
            # trust.keys by key_id (code point order); registry.tools by
            # name, then version as integers.
            key = (element["key_id"],) if self.order_by == "key_id" else (element["name"], info["version"])
            if previous is not None:
                if key == previous:
                    refuse(self.repeat, where)
                elif key < previous:
                    refuse(self.order, where)
            previous = key
        return infos

    def proj(self, v: Json) -> Json:
        if type(v) is not list:
            return v
        return [self.item.proj(e) for e in v]


class Open(_Kind):
    """An open JSON value (section 1.8): an object walked in document order
    (itself at depth 1, member names before values) for depth, arrays,
    numbers and strings, then its canonical bytes bounded. Returns the
    canonical bytes (RFC 8785)."""

    json_type = "object"

    def __init__(self, depth: int, cap: int) -> None:
        self.max_depth = depth
        self.cap = cap

    def bind(self, path: str) -> None:
        self.depth = _g(_code(path, "depth"), f"{path} nests deeper than {self.max_depth}")
        self.array = _g(_code(path, "array"), f"{path} has an array of more than 32 elements")
        self.number = _g(_code(path, "number"), f"{path} has a number that is not an unsigned safe integer")
        self.string = _g(_code(path, "string"), f"{path} has an invalid string")
        self.bytes = _g(_code(path, "bytes"), f"{path} exceeds {self.cap} canonical bytes")

    def check(self, v: Json, ptr: Ptr) -> Any:
        self._walk(v, 1, list(ptr))
        canonical = jcs(v, ptr)
        if len(canonical) > self.cap:
            refuse(self.bytes, _where(ptr))  # ignored: no bound
        return canonical

    def _walk(self, container: Json, depth: int, path: list[Union[str, int]]) -> None:
        if type(container) is list:
            for index, element in enumerate(container):
                path.append(index)
                if index == 32:
                    refuse(self.array, at_pointer(*path))  # the 33rd element; ignored: go on
                self._value(element, depth, path)
                path.pop()
        else:
            for name, element in container.items():
                path.append(name)
                self._string(name, path)
                self._value(element, depth, path)
                path.pop()

    def _value(self, v: Json, depth: int, path: list[Union[str, int]]) -> None:
        t = type(v)
        if t is list or t is dict:
            if depth + 1 > self.max_depth:
                refuse(self.depth, at_pointer(*path))  # ignored: the walk goes on
            self._walk(v, depth + 1, path)
        elif t is Number:
            text = v.text
            if _UNSIGNED.fullmatch(text) is None or (
                len(text) > 16 or (len(text) == 16 and text > "9007199254740991")
            ):
                refuse(self.number, at_pointer(*path))
        elif t is str:
            self._string(v, path)

    def _string(self, s: str, path: list[Union[str, int]]) -> None:
        if _STRING_OFFENDING.search(s) is not None or len(s) > 256:
            refuse(self.string, at_pointer(*path))


class Document:
    """One of the twelve documents: its envelope name, its constant schema
    id and its field table, bound at its name."""

    def __init__(self, name: str, schema_id: str, root: Closed) -> None:
        self.name = name
        self.schema_id = schema_id
        self.root = root
        root.bind(name)

    def proj(self, v: Json) -> Json:
        """The declared projection of the document ``v`` (section 1.6)."""
        return self.root.proj(v)

    def own_digest(self, v: Json, omit: tuple[str, ...], ptr: Ptr) -> str:
        """``H(schema_id(O), proj(d) without omit)`` (section 1.6)."""
        body = {k: x for k, x in self.proj(v).items() if k not in omit}
        return h(self.schema_id, jcs(body, ptr))


def _mismatch(doc: str, member: str) -> Guard:
    """The digest check of ``doc.member`` (section 1.6)."""
    path = f"{doc}.{member}"
    return _g(_code(path, "mismatch"), f"{path} does not match the recomputed digest")


def _ordered(doc: str, later: str, earlier: str) -> Guard:
    """The object rule ``later`` after ``earlier`` (decision 16)."""
    return _g(_code(f"{doc}.{later}", "order"), f"{doc}.{later} is not after {doc}.{earlier}")


# Section 2, in table order; each document's object rules and digest checks
# right after its fields (sections 1.4 and 2).
TRUST = Document("trust", TRUST_ID, Closed(
    Field("schema_id", Const(TRUST_ID)),
    Field("keys", Objects(1, 8, Closed(Field("key_id", Id()), Field("public_key", PublicKey())), "key_id")),
    Field("issued_at", Timestamp()),
    Field("expires_at", Timestamp()),
))
TRUST_ORDER = _ordered("trust", "expires_at", "issued_at")

DEVICE_PROOF = Document("device_proof", DEVICE_PROOF_ID, Closed(
    Field("schema_id", Const(DEVICE_PROOF_ID)),
    Field("device_id", DeviceId()),
    Field("device_public_key", PublicKey()),
    Field("cloud_origin_id", Origin()),
    Field("account_subject", Text()),
    Field("revocation_epoch", Integer(0, MAX_SAFE)),
    Field("key_id", Id()),
    Field("issued_at", Timestamp()),
    Field("expires_at", Timestamp()),
    Field("proof_digest", Digest()),
    Field("cloud_signature", Base64url(86)),
))
DEVICE_PROOF_ORDER = _ordered("device_proof", "expires_at", "issued_at")
DEVICE_PROOF_DIGEST = _mismatch("device_proof", "proof_digest")

HOST_OPEN_PROOF = Document("host_open_proof", HOST_OPEN_PROOF_ID, Closed(
    Field("schema_id", Const(HOST_OPEN_PROOF_ID)),
    Field("challenge", Base64url(43)),
    Field("device_proof_digest", Digest()),
    Field("agent_id", Id()),
    Field("conversation_id", Id()),
    Field("local_session_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("registry_digest", Digest()),
    Field("device_signature", Base64url(86)),
))

RECEIPT = Document("observer_channel_receipt", RECEIPT_ID, Closed(
    Field("schema_id", Const(RECEIPT_ID)),
    Field("channel_id", Id()),
    Field("device_id", DeviceId()),
    Field("local_session_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("runtime_version", RuntimeVersion()),
    Field("capability_digest", Digest()),
    Field("grants_execution_authority", FalseConst()),
    Field("opened_at", Timestamp()),
    Field("receipt_digest", Digest()),
))
RECEIPT_DIGEST = _mismatch("observer_channel_receipt", "receipt_digest")

CAPABILITY = Document("runtime_capability", CAPABILITY_ID, Closed(
    Field("schema_id", Const(CAPABILITY_ID)),
    Field("device_id", DeviceId()),
    Field("runtime_version", RuntimeVersion()),
    Field("supported_read_operations", StringSet(1, 6, (
        "read_account_summary", "read_ats_status", "read_local_status", "read_market_status",
        "read_orders", "read_positions"))),
    Field("grants_execution_authority", FalseConst()),
    Field("execution_authority", Const("none")),
    Field("orders_enabled", FalseConst()),
    Field("observed_at", Timestamp()),
    Field("capability_digest", Digest()),
))
CAPABILITY_DIGEST = _mismatch("runtime_capability", "capability_digest")

REGISTRY = Document("registry", REGISTRY_ID, Closed(
    Field("schema_id", Const(REGISTRY_ID)),
    Field("device_id", DeviceId()),
    Field("agent_id", Id()),
    Field("local_session_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("tools", Objects(1, 16, Closed(
        Field("name", Id()),
        Field("version", Integer(1, MAX_SAFE)),
        Field("input_schema_id", SchemaRef()),
        Field("input_schema_digest", Digest()),
        Field("output_schema_id", SchemaRef()),
        Field("output_schema_digest", Digest()),
        Field("max_argument_bytes", Integer(1, 65536)),
        Field("max_result_bytes", Integer(1, 262144)),
        Field("max_duration_ms", Integer(1, 3600000)),
        Field("data_classes", StringSet(1, 5, (
            "account_summary", "ats_status", "browser_observation", "local_status", "market_status"))),
        Field("dependencies", StringSet(0, 6, (
            "ats_observer_channel", "ats_runtime", "cloud_session", "local_clock", "local_workspace",
            "network"))),
    ), "tools")),
    Field("registry_digest", Digest()),
))
REGISTRY_DIGEST = _mismatch("registry", "registry_digest")

HOST_LEASE = Document("host_lease", HOST_LEASE_ID, Closed(
    Field("schema_id", Const(HOST_LEASE_ID)),
    Field("lease_id", Id()),
    Field("device_id", DeviceId()),
    Field("account_subject", Text()),
    Field("cloud_origin_id", Origin()),
    Field("agent_id", Id()),
    Field("conversation_id", Id()),
    Field("local_session_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("registry_digest", Digest()),
    Field("revocation_epoch", Integer(0, MAX_SAFE)),
    Field("capabilities", StringSet(1, 2, ("cancel", "invoke"))),
    Field("max_calls", Integer(1, MAX_SAFE)),
    Field("key_id", Id()),
    Field("issued_at", Timestamp()),
    Field("expires_at", Timestamp()),
    Field("cloud_signature", Base64url(86)),
))
HOST_LEASE_ORDER = _ordered("host_lease", "expires_at", "issued_at")

INVOCATION = Document("invocation", INVOCATION_ID, Closed(
    Field("schema_id", Const(INVOCATION_ID)),
    Field("invocation_id", Id()),
    Field("lease_id", Id()),
    Field("device_id", DeviceId()),
    Field("agent_id", Id()),
    Field("conversation_id", Id()),
    Field("local_session_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("sequence", Integer(1, MAX_SAFE)),
    Field("tool_name", Id()),
    Field("tool_version", Integer(1, MAX_SAFE)),
    Field("input_schema_id", SchemaRef()),
    Field("input_schema_digest", Digest()),
    Field("arguments", Open(8, 65536)),
    Field("arguments_digest", Digest()),
    Field("issued_at", Timestamp()),
    Field("deadline_at", Timestamp()),
    Field("invocation_digest", Digest()),
))
INVOCATION_ORDER = _ordered("invocation", "deadline_at", "issued_at")
ARGUMENTS_DIGEST = _mismatch("invocation", "arguments_digest")
INVOCATION_DIGEST = _mismatch("invocation", "invocation_digest")

CANCELLATION = Document("cancellation", CANCELLATION_ID, Closed(
    Field("schema_id", Const(CANCELLATION_ID)),
    Field("cancellation_id", Id()),
    Field("lease_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("target_invocation_id", Id()),
    Field("target_invocation_digest", Digest()),
    Field("reason_code", Code()),
    Field("requested_at", Timestamp()),
    Field("cancellation_digest", Digest()),
))
CANCELLATION_DIGEST = _mismatch("cancellation", "cancellation_digest")

STATES = ("succeeded", "refused", "unavailable", "cancelled", "deadline_exceeded")
RESULT = Document("result", RESULT_ID, Closed(
    Field("schema_id", Const(RESULT_ID)),
    Field("invocation_id", Id()),
    Field("invocation_digest", Digest()),
    Field("lease_id", Id()),
    Field("tool_name", Id()),
    Field("tool_version", Integer(1, MAX_SAFE)),
    Field("state", Enum(*STATES)),
    Field("output_schema_id", SchemaRef(), nullable=True),
    Field("output_schema_digest", Digest(), nullable=True),
    Field("payload", Open(15, 262144), nullable=True),
    Field("bounded_bytes", Integer(0, 262144)),
    Field("error", Closed(Field("code", Code()), Field("message", Display())), nullable=True),
    Field("replay_status", Enum("original", "stored_redelivery")),
    Field("retry_class", Enum("none", "retry_after_backoff", "new_call_after_recovery",
                              "redeliver_stored_result")),
    Field("redaction_profile", Const(SAFE_DISPLAY_ID)),
    Field("evidence_refs", StringSet(0, 16, None)),
    Field("diagnostics", Objects(0, 16, Closed(Field("code", Code()), Field("summary", Display())))),
    Field("started_at", Timestamp()),
    Field("completed_at", Timestamp()),
    Field("result_digest", Digest()),
))
# Section 2.10, object rules 1-16, then the digest.
RESULT_COMPLETED_ORDER = _g("result_completed_at_order", "result.completed_at is before result.started_at")
RESULT_ERROR_NOT_NULL = _g("result_error_not_null", "result.error is not null for a succeeded result")
RESULT_ERROR_NULL = _g("result_error_null", "result.error is null for a result that did not succeed")
RESULT_ERROR_CANCELLED = _g(
    "result_error_code_cancelled", "result.error.code is not TOOL_CANCELLED for a cancelled result")
RESULT_ERROR_DEADLINE = _g(
    "result_error_code_deadline",
    "result.error.code is not TOOL_DEADLINE_EXCEEDED for a deadline_exceeded result")
RESULT_ERROR_REFUSED = _g(
    "result_error_code_refused",
    "result.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result")
RESULT_PAYLOAD_NULL = _g("result_payload_null", "result.payload is null for a succeeded result")
RESULT_PAYLOAD_NOT_NULL = _g(
    "result_payload_not_null", "result.payload is not null for a result that did not succeed")
RESULT_SCHEMA_ID_NULL = _g(
    "result_output_schema_id_null", "result.output_schema_id is null for a succeeded result")
RESULT_SCHEMA_ID_NOT_NULL = _g(
    "result_output_schema_id_not_null",
    "result.output_schema_id is not null for a result that did not succeed")
RESULT_SCHEMA_DIGEST_NULL = _g(
    "result_output_schema_digest_null", "result.output_schema_digest is null for a succeeded result")
RESULT_SCHEMA_DIGEST_NOT_NULL = _g(
    "result_output_schema_digest_not_null",
    "result.output_schema_digest is not null for a result that did not succeed")
RESULT_RETRY_SUCCEEDED = _g(
    "result_retry_class_succeeded", "result.retry_class is new_call_after_recovery for a succeeded result")
RESULT_RETRY_REDELIVERY = _g(
    "result_retry_class_redelivery",
    "result.replay_status is stored_redelivery but result.retry_class is not redeliver_stored_result")
RESULT_REPLAY_REDELIVERY = _g(
    "result_replay_status_redelivery",
    "result.retry_class is redeliver_stored_result but result.replay_status is not stored_redelivery")
RESULT_BOUNDED_BYTES = _g("result_bounded_bytes_mismatch", "result.bounded_bytes does not match result.payload")
RESULT_DIGEST = _mismatch("result", "result_digest")

WORKSPACE_STATUS_INPUT = Document("workspace_status_input", WORKSPACE_STATUS_INPUT_ID, Closed(
    Field("schema_id", Const(WORKSPACE_STATUS_INPUT_ID)),
    Field("include_diagnostics", AnyBool()),
))

WORKSPACE_STATUS_SIZE = _g("workspace_status_size", "workspace_status exceeds 65536 serialized bytes")
WORKSPACE_STATUS = Document("workspace_status", WORKSPACE_STATUS_ID, Closed(
    Field("schema_id", Const(WORKSPACE_STATUS_ID)),
    Field("device_id", DeviceId()),
    Field("local_session_id", Id()),
    Field("session_generation", Integer(1, MAX_SAFE)),
    Field("runtime_version", RuntimeVersion()),
    Field("observed_at", Timestamp()),
    Field("ats_status", Closed(
        Field("connection", Enum("connected", "degraded", "disconnected")),
        Field("effective_mode", Enum("offline", "observe", "review_only", "paper", "approve", "auto",
                                     "orders_paused", "emergency_locked")),
        Field("execution_authority", Const("none")),
        Field("orders_enabled", FalseConst()),
    )),
    Field("local_status", Closed(
        Field("host_state", Enum("starting", "ready", "draining")),
        Field("active_invocations", Integer(0, MAX_SAFE)),
    )),
    Field("diagnostics", Objects(0, 16, Closed(Field("code", Code()), Field("summary", Display())))),
    Field("status_digest", Digest()),
))
WORKSPACE_STATUS_DIGEST = _mismatch("workspace_status", "status_digest")

# Sections 1.7 and 4.3: trust at use, the cloud signatures, freshness, the
# host-open binding and device signature.
TRUST_NOT_YET_VALID = _g("trust_not_yet_valid", "trust.issued_at is more than 30 s after now")
TRUST_EXPIRED = _g("trust_expired", "trust.expires_at is 30 s or more before now")


class _Signed:
    """The guards of a document signed by a trust key (section 1.7)."""

    def __init__(self, doc: str) -> None:
        self.doc = doc
        self.key_unknown = _g(f"{doc}_key_unknown", f"{doc}.key_id names no key in trust.keys")
        self.signature_key = _g(
            f"{doc}_signature_key", f"{doc}.cloud_signature key fails Ed25519 key screening")
        self.signature = _g(f"{doc}_signature", f"{doc}.cloud_signature does not verify")
        self.not_yet_valid = _g(f"{doc}_not_yet_valid", f"{doc}.issued_at is more than 30 s after now")
        self.expired = _g(f"{doc}_expired", f"{doc}.expires_at is 30 s or more before now")


DEVICE_PROOF_SIGNED = _Signed("device_proof")
HOST_LEASE_SIGNED = _Signed("host_lease")
HOST_OPEN_BINDING = _g(
    "host_open_proof_device_proof_digest_mismatch",
    "host_open_proof.device_proof_digest does not match the device proof")
HOST_OPEN_SIGNATURE_KEY = _g(
    "host_open_proof_signature_key", "host_open_proof.device_signature key fails Ed25519 key screening")
HOST_OPEN_SIGNATURE = _g("host_open_proof_signature", "host_open_proof.device_signature does not verify")


def _match(code: str, left: str, right: str) -> Guard:
    """A relation ``left`` = ``right`` (section 4): ``left does not match
    right``."""
    return _g(code, f"{left} does not match {right}")


# Section 4.13, check-lease-binding.
LEASE_ACCOUNT = _match("lease_binding_account", "host_lease.account_subject", "device_proof.account_subject")
LEASE_AGENT = _match("lease_binding_agent", "host_lease.agent_id", "registry.agent_id")
LEASE_DEVICE_PROOF = _match("lease_binding_device_proof", "host_lease.device_id", "device_proof.device_id")
LEASE_DEVICE_REGISTRY = _match("lease_binding_device_registry", "host_lease.device_id", "registry.device_id")
LEASE_SESSION = _match("lease_binding_session", "host_lease.local_session_id", "registry.local_session_id")
LEASE_GENERATION = _match(
    "lease_binding_generation", "host_lease.session_generation", "registry.session_generation")
LEASE_REGISTRY_DIGEST = _match("lease_registry_digest", "host_lease.registry_digest", "registry.registry_digest")
LEASE_ORIGIN = _match("lease_binding_origin", "host_lease.cloud_origin_id", "device_proof.cloud_origin_id")
LEASE_EPOCH = _match("lease_binding_epoch", "host_lease.revocation_epoch", "device_proof.revocation_epoch")
LEASE_PROOF_EXPIRY = _g("lease_binding_proof_expiry", "host_lease.expires_at is after device_proof.expires_at")
LEASE_TRUST_EXPIRY = _g("lease_binding_trust_expiry", "host_lease.expires_at is after trust.expires_at")
# Section 4.14, check-host-open-binding.
HOST_OPEN_CHALLENGE = _g("host_open_challenge", "host_open_proof.challenge does not match the issued challenge")
HOST_OPEN_REGISTRY_AGENT = _match("host_open_registry_agent", "host_open_proof.agent_id", "registry.agent_id")
HOST_OPEN_REGISTRY_SESSION = _match(
    "host_open_registry_session", "host_open_proof.local_session_id", "registry.local_session_id")
HOST_OPEN_REGISTRY_GENERATION = _match(
    "host_open_registry_generation", "host_open_proof.session_generation", "registry.session_generation")
HOST_OPEN_REGISTRY_DIGEST = _match(
    "host_open_registry_digest", "host_open_proof.registry_digest", "registry.registry_digest")
HOST_OPEN_LEASE_CONVERSATION = _match(
    "host_open_lease_conversation", "host_open_proof.conversation_id", "host_lease.conversation_id")
HOST_OPEN_LEASE_AGENT = _match("host_open_lease_agent", "host_open_proof.agent_id", "host_lease.agent_id")
HOST_OPEN_LEASE_SESSION = _match(
    "host_open_lease_session", "host_open_proof.local_session_id", "host_lease.local_session_id")
HOST_OPEN_LEASE_GENERATION = _match(
    "host_open_lease_generation", "host_open_proof.session_generation", "host_lease.session_generation")
# Section 4.15, check-invocation.
INVOCATION_LEASE = _match("invocation_lease", "invocation.lease_id", "host_lease.lease_id")
INVOCATION_DEVICE = _match("invocation_device", "invocation.device_id", "host_lease.device_id")
INVOCATION_AGENT = _match("invocation_agent", "invocation.agent_id", "host_lease.agent_id")
INVOCATION_CONVERSATION = _match(
    "invocation_conversation", "invocation.conversation_id", "host_lease.conversation_id")
INVOCATION_SESSION = _match("invocation_session", "invocation.local_session_id", "host_lease.local_session_id")
INVOCATION_GENERATION = _match(
    "invocation_generation", "invocation.session_generation", "host_lease.session_generation")
INVOCATION_CAPABILITY = _g("invocation_capability", "host_lease.capabilities does not include invoke")
INVOCATION_TOOL = _g(
    "invocation_tool", "invocation.tool_name and invocation.tool_version select no registry tool")
INVOCATION_INPUT_SCHEMA_ID = _match(
    "invocation_input_schema_id", "invocation.input_schema_id", "registry.tools[].input_schema_id")
INVOCATION_INPUT_SCHEMA_DIGEST = _match(
    "invocation_input_schema_digest", "invocation.input_schema_digest", "registry.tools[].input_schema_digest")
INVOCATION_ARGUMENT_BYTES = _g(
    "invocation_argument_bytes", "invocation.arguments exceeds registry.tools[].max_argument_bytes")
INVOCATION_DEADLINE_LEASE = _g(
    "invocation_deadline_lease", "invocation.deadline_at is after host_lease.expires_at")
INVOCATION_DEADLINE_DURATION = _g(
    "invocation_deadline_duration",
    "invocation.deadline_at is more than registry.tools[].max_duration_ms after invocation.issued_at")
INVOCATION_NOT_YET_VALID = _g("invocation_not_yet_valid", "invocation.issued_at is more than 30 s after now")
INVOCATION_DEADLINE_PASSED = _g(
    "invocation_deadline_passed", "invocation.deadline_at is 30 s or more before now")
# Sections 4.16 and 4.17, the frozen E1 validators.
ARGUMENTS_SCHEMA_ID = _g(
    "arguments_schema_id", "invocation.input_schema_id has no frozen E1 argument validator")
ARGUMENTS_SCHEMA_DIGEST = _g(
    "arguments_schema_digest", "invocation.input_schema_digest is not the pinned E1 input schema digest")
PAYLOAD_STATE = _g("payload_state", "result.state is not succeeded")
PAYLOAD_SCHEMA_ID = _g("payload_schema_id", "result.output_schema_id has no frozen E1 payload validator")
PAYLOAD_SCHEMA_DIGEST = _g(
    "payload_schema_digest", "result.output_schema_digest is not the pinned E1 output schema digest")
# Section 4.18, check-cancellation.
CANCELLATION_TARGET = _match(
    "cancellation_target", "cancellation.target_invocation_id", "invocation.invocation_id")
CANCELLATION_TARGET_DIGEST = _match(
    "cancellation_target_digest", "cancellation.target_invocation_digest", "invocation.invocation_digest")
CANCELLATION_LEASE = _match("cancellation_lease", "cancellation.lease_id", "host_lease.lease_id")
CANCELLATION_GENERATION = _match(
    "cancellation_generation", "cancellation.session_generation", "host_lease.session_generation")
CANCELLATION_CAPABILITY = _g("cancellation_capability", "host_lease.capabilities does not include cancel")
CANCELLATION_WINDOW_START = _g(
    "cancellation_window_start", "cancellation.requested_at is more than 30 s before host_lease.issued_at")
CANCELLATION_WINDOW_END = _g(
    "cancellation_window_end", "cancellation.requested_at is 30 s or more after host_lease.expires_at")
CANCELLATION_NOT_YET_VALID = _g(
    "cancellation_not_yet_valid", "cancellation.requested_at is more than 30 s after now")
# Section 4.19, check-result.
RESULT_INVOCATION = _match("result_invocation", "result.invocation_id", "invocation.invocation_id")
RESULT_INVOCATION_DIGEST = _match(
    "result_invocation_digest", "result.invocation_digest", "invocation.invocation_digest")
RESULT_LEASE = _match("result_lease", "result.lease_id", "invocation.lease_id")
RESULT_TOOL_NAME = _match("result_tool_name", "result.tool_name", "invocation.tool_name")
RESULT_TOOL_VERSION = _match("result_tool_version", "result.tool_version", "invocation.tool_version")
RESULT_OUTPUT_SCHEMA_ID = _match(
    "result_output_schema_id", "result.output_schema_id", "registry.tools[].output_schema_id")
RESULT_OUTPUT_SCHEMA_DIGEST = _match(
    "result_output_schema_digest", "result.output_schema_digest", "registry.tools[].output_schema_digest")
RESULT_MAX_BYTES = _g("result_max_bytes", "result.bounded_bytes exceeds registry.tools[].max_result_bytes")
RESULT_STARTED_EARLY = _g(
    "result_started_early", "result.started_at is more than 30 s before invocation.issued_at")
RESULT_DEADLINE = _g("result_deadline", "result.completed_at is more than 30 s after invocation.deadline_at")
# Section 4.20, assert-e1-canary-registry.
E1_TOOL_COUNT = _g("e1_tool_count", "registry.tools does not hold exactly one tool")
E1_NAME = _g("e1_tool_name", "registry.tools[].name is not ats.workspace_status")
E1_TOOL_VERSION = _g("e1_tool_version", "registry.tools[].version is not 1")
E1_INPUT_SCHEMA_ID = _g(
    "e1_input_schema_id", f"registry.tools[].input_schema_id is not {WORKSPACE_STATUS_INPUT_ID}")
E1_INPUT_DIGEST = _g(
    "e1_input_schema_digest", "registry.tools[].input_schema_digest is not the pinned E1 input schema digest")
E1_OUTPUT_SCHEMA_ID = _g("e1_output_schema_id", f"registry.tools[].output_schema_id is not {WORKSPACE_STATUS_ID}")
E1_OUTPUT_DIGEST = _g(
    "e1_output_schema_digest",
    "registry.tools[].output_schema_digest is not the pinned E1 output schema digest")
E1_DEPENDENCIES = _g(
    "e1_dependencies", "registry.tools[].dependencies is not exactly ats_observer_channel, local_workspace")
E1_DATA_CLASSES = _g("e1_data_classes", "registry.tools[].data_classes is not exactly ats_status, local_status")
# Section 4.21, check-capability-receipt.
RECEIPT_CAPABILITY_DIGEST = _match(
    "receipt_capability_digest", "observer_channel_receipt.capability_digest",
    "runtime_capability.capability_digest")
RECEIPT_DEVICE = _match("receipt_device", "observer_channel_receipt.device_id", "runtime_capability.device_id")
RECEIPT_RUNTIME_VERSION = _match(
    "receipt_runtime_version", "observer_channel_receipt.runtime_version", "runtime_capability.runtime_version")

GUARDS = tuple(_TABLE)

# ------------------------------------------------------------ signatures


def _equation(key: bytes, sig: bytes, msg: bytes) -> Optional[bool]:
    """The strict verify of section 1.7 on raw bytes, with the answer's
    reason: None when the key fails (not 32 bytes, or no x after y mod p),
    False when the signature fails (not 64 bytes, R small-order, S not
    below L, or the cofactorless equation), True when it verifies. The key
    rules 3-4 (canonical y, blocklist) are the caller's."""
    if len(key) != 32 or len(sig) != 64 or len(msg) > _CACHED_MESSAGE:
        return _curve(key, sig, msg)
    return _cached_curve(key, sig, msg)


_CACHED_MESSAGE = 8192  # bytes: a signing input of a valid document is far smaller


def _curve(key: bytes, sig: bytes, msg: bytes) -> Optional[bool]:
    if len(key) != 32:
        return None
    a = decode_point(key)  # y mod p (ed25519.decode_point)
    if a is None:
        return None
    if len(sig) != 64 or small_order(sig[:32]):
        return False
    s = int.from_bytes(sig[32:], "little")
    if s >= L:
        return False
    k = int.from_bytes(hashlib.sha512(sig[:32] + key + msg).digest(), "little") % L
    x, y, z, t = a
    minus_a = ((P - x) % P, y, z, (P - t) % P)
    return _double_scalar_mult(s, k, minus_a) == sig[:32]


# Pure, so cached: the same seal is verified again in every operation of a
# chain (a check verifies up to three), 4 ms each in pure Python.
_cached_curve = lru_cache(maxsize=1024)(_curve)


def verify(key: bytes, msg: bytes, sig: bytes, key_guard: Guard, sig_guard: Guard, where: Where) -> None:
    """``verify(key, msg, sig)`` of section 1.7, ed25519/1 rules 2-8, the
    key first: ``key_guard`` for a key that is not 32 bytes, has y >= p, is
    in the blocklist (sign bit masked) or is not a point; ``sig_guard`` for
    a signature that is not 64 bytes, has a small-order R, an S not below
    L, or fails the cofactorless equation. Ignored ``key_guard``: the key is
    decoded with y mod p and used; one that is not 32 bytes or has no x does
    not verify. Ignored ``sig_guard``: the signature is accepted."""
    if len(key) == 32 and (int.from_bytes(key, "little") & _MASK255 >= P or small_order(key)):
        refuse(key_guard, where)  # ignored: the key is used
    outcome = _equation(key, sig, msg)
    if outcome is None:
        refuse(key_guard, where)
        refuse(sig_guard, where)  # ignored screening: a key that cannot verify
    elif not outcome:
        refuse(sig_guard, where)  # ignored: the signature is accepted


# ------------------------------------------------------------- documents


class Doc:
    """A validated document: its value (``v``), what its fields' checks
    returned (``info``: milliseconds, integers, bytes), and its own digest
    as recomputed (``digest``, None for a document that has none)."""

    def __init__(self, v: dict[str, Json], info: Info, digest: Optional[str] = None) -> None:
        self.v = v
        self.info = info
        self.digest = digest


def _shape(doc: Document, v: Json, ptr: Ptr) -> Info:
    """Section 1.4 steps 1-3 of a document."""
    info: Info = doc.root.check(v, ptr)
    return info


def _digest_check(doc: Document, v: Json, member: str, omit: tuple[str, ...], guard: Guard, ptr: Ptr) -> str:
    """Recompute a document's own digest and compare it with its member
    (section 1.6); returns the recomputed digest."""
    digest = doc.own_digest(v, omit, ptr)
    if digest != v[member]:
        refuse(guard, _where(ptr + (member,)))  # ignored: go on
    return digest


def validate_trust(v: Json, ptr: Ptr = ("trust",)) -> Doc:
    """Section 2.1: steps 1-4 (no clock)."""
    info = _shape(TRUST, v, ptr)
    if not info["expires_at"] > info["issued_at"]:
        refuse(TRUST_ORDER, _where(ptr + ("expires_at",)))
    return Doc(v, info)


def _cloud_signature(signed: _Signed, doc: Document, d: Json, info: Info, trust: Doc, now: int,
                     ptr: Ptr) -> None:
    """Section 1.7, "Cloud signatures": trust at use, the key lookup, the
    verify; then freshness (section 1.11)."""
    if trust.info["issued_at"] > now + SKEW_MS:
        refuse(TRUST_NOT_YET_VALID, at_pointer("trust", "issued_at"))
    if now >= trust.info["expires_at"] + SKEW_MS:
        refuse(TRUST_EXPIRED, at_pointer("trust", "expires_at"))
    key: Optional[bytes] = None
    for i, entry in enumerate(trust.v["keys"]):
        if entry["key_id"] == d["key_id"]:
            key = trust.info["keys"][i]["public_key"]
            break
    if key is None:
        _stands(signed.key_unknown, _where(ptr + ("key_id",)))
    body = {k: x for k, x in doc.proj(d).items() if k != "cloud_signature"}
    message = doc.schema_id.encode("ascii") + b"\n" + jcs(body, ptr)
    verify(key, message, info["cloud_signature"], signed.signature_key, signed.signature,
           _where(ptr + ("cloud_signature",)))
    if info["issued_at"] > now + SKEW_MS:
        refuse(signed.not_yet_valid, _where(ptr + ("issued_at",)))
    if now >= info["expires_at"] + SKEW_MS:
        refuse(signed.expired, _where(ptr + ("expires_at",)))


def validate_device_proof(v: Json, trust: Doc, now: int, ptr: Ptr = ("device_proof",)) -> Doc:
    """Section 2.2 and 4.2: steps 1-4, the proof digest, the cloud
    signature, freshness."""
    info = _shape(DEVICE_PROOF, v, ptr)
    if not info["expires_at"] > info["issued_at"]:
        refuse(DEVICE_PROOF_ORDER, _where(ptr + ("expires_at",)))
    digest = _digest_check(DEVICE_PROOF, v, "proof_digest", ("proof_digest", "cloud_signature"),
                           DEVICE_PROOF_DIGEST, ptr)
    _cloud_signature(DEVICE_PROOF_SIGNED, DEVICE_PROOF, v, info, trust, now, ptr)
    return Doc(v, info, digest)


def validate_host_open_proof(v: Json, device_proof: Json, ptr: Ptr = ("host_open_proof",)) -> Doc:
    """Section 4.3: the shape; the device key read from the (unvalidated)
    device proof; the binding to the proof's recomputed digest; the device
    signature. Returns the Doc, ``digest`` the device proof's digest."""
    info = _shape(HOST_OPEN_PROOF, v, ptr)
    key_text = device_proof.get("device_public_key")
    key_ptr = ("device_proof", "device_public_key")
    key_field = DEVICE_PROOF.root.names["device_public_key"]
    if type(key_text) is not str:
        _no_accept_path(key_field.type_guard, _where(key_ptr))
    kind = key_field.kind
    assert isinstance(kind, PublicKey)
    key = kind.decode(key_text, key_ptr)  # base64url rules only, no screening
    proof_digest = DEVICE_PROOF.own_digest(device_proof, ("proof_digest", "cloud_signature"), ("device_proof",))
    if proof_digest != v["device_proof_digest"]:
        refuse(HOST_OPEN_BINDING, _where(ptr + ("device_proof_digest",)))
    body = {k: x for k, x in HOST_OPEN_PROOF.proj(v).items() if k not in ("schema_id", "device_signature")}
    message = HOST_OPEN_PREFIX.encode("ascii") + b"\n" + jcs(body, ptr)
    verify(key, message, info["device_signature"], HOST_OPEN_SIGNATURE_KEY, HOST_OPEN_SIGNATURE,
           _where(ptr + ("device_signature",)))
    return Doc(v, info, proof_digest)


def validate_receipt(v: Json, ptr: Ptr = ("observer_channel_receipt",)) -> Doc:
    """Section 2.4: steps 1-5."""
    info = _shape(RECEIPT, v, ptr)
    digest = _digest_check(RECEIPT, v, "receipt_digest", ("receipt_digest",), RECEIPT_DIGEST, ptr)
    return Doc(v, info, digest)


def validate_capability(v: Json, ptr: Ptr = ("runtime_capability",)) -> Doc:
    """Section 2.5: steps 1-5."""
    info = _shape(CAPABILITY, v, ptr)
    digest = _digest_check(CAPABILITY, v, "capability_digest", ("capability_digest",), CAPABILITY_DIGEST, ptr)
    return Doc(v, info, digest)


def validate_registry(v: Json, ptr: Ptr = ("registry",)) -> Doc:
    """Section 2.6: steps 1-5."""
    info = _shape(REGISTRY, v, ptr)
    digest = _digest_check(REGISTRY, v, "registry_digest", ("registry_digest",), REGISTRY_DIGEST, ptr)
    return Doc(v, info, digest)


def validate_host_lease(v: Json, trust: Doc, now: int, ptr: Ptr = ("host_lease",)) -> Doc:
    """Section 2.7 and 4.7: steps 1-4, the cloud signature, freshness."""
    info = _shape(HOST_LEASE, v, ptr)
    if not info["expires_at"] > info["issued_at"]:
        refuse(HOST_LEASE_ORDER, _where(ptr + ("expires_at",)))
    _cloud_signature(HOST_LEASE_SIGNED, HOST_LEASE, v, info, trust, now, ptr)
    return Doc(v, info)


def validate_invocation(v: Json, ptr: Ptr = ("invocation",)) -> Doc:
    """Section 2.8 and 4.8: steps 1-3 (the arguments' walk and cap), the
    deadline order, the arguments digest, the own digest."""
    info = _shape(INVOCATION, v, ptr)
    if not info["deadline_at"] > info["issued_at"]:
        refuse(INVOCATION_ORDER, _where(ptr + ("deadline_at",)))
    if h(ARGUMENTS_PREFIX, info["arguments"]) != v["arguments_digest"]:
        refuse(ARGUMENTS_DIGEST, _where(ptr + ("arguments_digest",)))
    digest = _digest_check(INVOCATION, v, "invocation_digest", ("invocation_digest",), INVOCATION_DIGEST, ptr)
    return Doc(v, info, digest)


def validate_cancellation(v: Json, ptr: Ptr = ("cancellation",)) -> Doc:
    """Section 2.9: steps 1-5."""
    info = _shape(CANCELLATION, v, ptr)
    digest = _digest_check(CANCELLATION, v, "cancellation_digest", ("cancellation_digest",),
                           CANCELLATION_DIGEST, ptr)
    return Doc(v, info, digest)


def validate_result(v: Json, ptr: Ptr = ("result",)) -> Doc:
    """Section 2.10 and 4.10: steps 1-3 (the payload's walk and cap), the
    sixteen object rules in order, the own digest."""
    info = _shape(RESULT, v, ptr)

    def at(member: str) -> Where:
        return _where(ptr + (member,))

    state = v["state"]
    error = v["error"]
    payload = v["payload"]
    succeeded = state == "succeeded"
    if info["completed_at"] < info["started_at"]:
        refuse(RESULT_COMPLETED_ORDER, at("completed_at"))
    if succeeded and error is not None:
        refuse(RESULT_ERROR_NOT_NULL, at("error"))
    if not succeeded and error is None:
        refuse(RESULT_ERROR_NULL, at("error"))
    code = error["code"] if type(error) is dict else None
    code_at = _where(ptr + ("error", "code"))
    if state == "cancelled" and code is not None and code != "TOOL_CANCELLED":
        refuse(RESULT_ERROR_CANCELLED, code_at)
    if state == "deadline_exceeded" and code is not None and code != "TOOL_DEADLINE_EXCEEDED":
        refuse(RESULT_ERROR_DEADLINE, code_at)
    if state == "refused" and code in ("TOOL_CANCELLED", "TOOL_DEADLINE_EXCEEDED"):
        refuse(RESULT_ERROR_REFUSED, code_at)
    if succeeded and payload is None:
        refuse(RESULT_PAYLOAD_NULL, at("payload"))
    if not succeeded and payload is not None:
        refuse(RESULT_PAYLOAD_NOT_NULL, at("payload"))
    if succeeded and v["output_schema_id"] is None:
        refuse(RESULT_SCHEMA_ID_NULL, at("output_schema_id"))
    if not succeeded and v["output_schema_id"] is not None:
        refuse(RESULT_SCHEMA_ID_NOT_NULL, at("output_schema_id"))
    if succeeded and v["output_schema_digest"] is None:
        refuse(RESULT_SCHEMA_DIGEST_NULL, at("output_schema_digest"))
    if not succeeded and v["output_schema_digest"] is not None:
        refuse(RESULT_SCHEMA_DIGEST_NOT_NULL, at("output_schema_digest"))
    retry = v["retry_class"]
    replay = v["replay_status"]
    if succeeded and retry == "new_call_after_recovery":
        refuse(RESULT_RETRY_SUCCEEDED, at("retry_class"))
    if replay == "stored_redelivery" and retry != "redeliver_stored_result":
        refuse(RESULT_RETRY_REDELIVERY, at("retry_class"))
    if retry == "redeliver_stored_result" and replay != "stored_redelivery":
        refuse(RESULT_REPLAY_REDELIVERY, at("replay_status"))
    count = 0 if info["payload"] is None else len(info["payload"])
    if info["bounded_bytes"] != count:
        refuse(RESULT_BOUNDED_BYTES, at("bounded_bytes"))
    digest = _digest_check(RESULT, v, "result_digest", ("result_digest",), RESULT_DIGEST, ptr)
    return Doc(v, info, digest)


def validate_workspace_status_input(v: Json, ptr: Ptr = ("workspace_status_input",)) -> Doc:
    """Section 2.11: steps 1-3 (it has no rules beyond its fields)."""
    return Doc(v, _shape(WORKSPACE_STATUS_INPUT, v, ptr))


def validate_workspace_status(v: Json, ptr: Ptr = ("workspace_status",)) -> Doc:
    """Section 2.12: step 0, the serialized size (section 1.9), first; then
    steps 1-5. ``info["serialized_bytes"]`` is S(v)."""
    size = serialized_size(v)
    if size > MAX_SERIALIZED:
        refuse(WORKSPACE_STATUS_SIZE, _where(ptr))  # ignored: go on with step 1
    info = _shape(WORKSPACE_STATUS, v, ptr)
    info["serialized_bytes"] = size
    digest = _digest_check(WORKSPACE_STATUS, v, "status_digest", ("status_digest",),
                           WORKSPACE_STATUS_DIGEST, ptr)
    return Doc(v, info, digest)


# ------------------------------------------------------------- envelope


def _envelope(data: bytes, members: tuple[str, ...]) -> dict[str, Json]:
    """Section 1.1: read the input, check it is an object, closed (ignored:
    a stray member is disregarded), then each member present and of its
    type, in the operation's order. ``now`` is returned as an int."""
    v = jsonvalue.parse(data, INPUT)
    if type(v) is not dict:
        _no_accept_path(TYPE, at_pointer())
    for name in v:
        if name not in members:
            refuse(MEMBER, at_pointer(name))
    out: dict[str, Json] = {}
    for name in members:
        x = v.get(name, _MISSING)
        if name == "challenge":
            if type(x) is not str:
                _no_accept_path(CHALLENGE_TYPE, at_pointer(name))
            out[name] = x
        elif name == "now":
            if not (type(x) is Number and _NOW.fullmatch(x.text) and len(x.text) <= 16
                    and NOW_MIN <= int(x.text) <= NOW_MAX):
                _no_accept_path(NOW_TYPE, at_pointer(name))
            out[name] = int(x.text)
        else:
            if type(x) is not dict:
                _no_accept_path(DOCUMENT_TYPE[name], at_pointer(name))
            out[name] = x
    return out


def _verdict(members: dict[str, Json]) -> bytes:
    """JCS of the verdict (section 1.10); Python ints are written as JSON
    integers."""
    return jcs({k: Number(str(x)) if type(x) is int else x for k, x in members.items()})


def _relate(guard: Guard, left: Json, right: Json, ptr: Ptr) -> None:
    """A relation ``left`` = ``right`` of section 4 (strings unit for unit,
    integers exactly); refuses at the left member's pointer."""
    if left != right:
        refuse(guard, _where(ptr))


def _select_tool(registry: Doc, invocation: Doc) -> tuple[Json, Info]:
    """Section 4.15 rule 9: the first tool whose name and version (as
    integers) are the invocation's; none is ``invocation_tool``, which
    stands when ignored."""
    name = invocation.v["tool_name"]
    version = invocation.info["tool_version"]
    for tool, info in zip(registry.v["tools"], registry.info["tools"]):
        if tool["name"] == name and info["version"] == version:
            return tool, info
    _stands(INVOCATION_TOOL, at_pointer("invocation", "tool_name"))


# ------------------------------------------------------------ operations
#
# Each operation takes the input bytes (a JSON value input, the envelope of
# section 1.1) and returns the RFC 8785 bytes of its verdict (section 1.10),
# or raises Refusal: the envelope's guards, then the guards of each
# document in envelope order (section 1.4), then the operation's own rules
# in the order of its section 4 entry.


def op_validate_trust(data: bytes) -> bytes:
    """``validate-trust`` (section 4.1)."""
    env = _envelope(data, ("trust",))
    trust = validate_trust(env["trust"])
    return _verdict({
        "expires_at_ms": trust.info["expires_at"], "issued_at_ms": trust.info["issued_at"],
        "key_ids": [k["key_id"] for k in trust.v["keys"]], "schema_id": TRUST_ID,
    })


def op_validate_device_proof(data: bytes) -> bytes:
    """``validate-device-proof`` (section 4.2)."""
    env = _envelope(data, ("trust", "device_proof", "now"))
    trust = validate_trust(env["trust"])
    proof = validate_device_proof(env["device_proof"], trust, env["now"])
    return _verdict({
        "device_id": proof.v["device_id"], "expires_at_ms": proof.info["expires_at"],
        "issued_at_ms": proof.info["issued_at"], "key_id": proof.v["key_id"],
        "proof_digest": proof.digest, "schema_id": DEVICE_PROOF_ID,
    })


def op_validate_host_open_proof(data: bytes) -> bytes:
    """``validate-host-open-proof`` (section 4.3): the device proof is not
    validated."""
    env = _envelope(data, ("host_open_proof", "device_proof"))
    proof = validate_host_open_proof(env["host_open_proof"], env["device_proof"])
    return _verdict({"device_proof_digest": proof.digest, "schema_id": HOST_OPEN_PROOF_ID})


def op_validate_observer_channel_receipt(data: bytes) -> bytes:
    """``validate-observer-channel-receipt`` (section 4.4)."""
    env = _envelope(data, ("observer_channel_receipt",))
    receipt = validate_receipt(env["observer_channel_receipt"])
    return _verdict({"opened_at_ms": receipt.info["opened_at"], "receipt_digest": receipt.digest,
                     "schema_id": RECEIPT_ID})


def op_validate_runtime_capability(data: bytes) -> bytes:
    """``validate-runtime-capability`` (section 4.5)."""
    env = _envelope(data, ("runtime_capability",))
    capability = validate_capability(env["runtime_capability"])
    return _verdict({"capability_digest": capability.digest, "observed_at_ms": capability.info["observed_at"],
                     "schema_id": CAPABILITY_ID})


def op_validate_registry(data: bytes) -> bytes:
    """``validate-registry`` (section 4.6)."""
    env = _envelope(data, ("registry",))
    registry = validate_registry(env["registry"])
    return _verdict({"registry_digest": registry.digest, "schema_id": REGISTRY_ID,
                     "tools": len(registry.v["tools"])})


def op_validate_host_lease(data: bytes) -> bytes:
    """``validate-host-lease`` (section 4.7)."""
    env = _envelope(data, ("trust", "host_lease", "now"))
    trust = validate_trust(env["trust"])
    lease = validate_host_lease(env["host_lease"], trust, env["now"])
    return _verdict({
        "expires_at_ms": lease.info["expires_at"], "issued_at_ms": lease.info["issued_at"],
        "key_id": lease.v["key_id"], "lease_id": lease.v["lease_id"], "schema_id": HOST_LEASE_ID,
    })


def op_validate_invocation(data: bytes) -> bytes:
    """``validate-invocation`` (section 4.8)."""
    env = _envelope(data, ("invocation",))
    inv = validate_invocation(env["invocation"])
    canonical = inv.info["arguments"]
    return _verdict({
        "arguments_bytes": len(canonical), "arguments_digest": h(ARGUMENTS_PREFIX, canonical),
        "deadline_at_ms": inv.info["deadline_at"], "invocation_digest": inv.digest,
        "issued_at_ms": inv.info["issued_at"], "schema_id": INVOCATION_ID,
    })


def op_validate_cancellation(data: bytes) -> bytes:
    """``validate-cancellation`` (section 4.9)."""
    env = _envelope(data, ("cancellation",))
    c = validate_cancellation(env["cancellation"])
    return _verdict({"cancellation_digest": c.digest, "requested_at_ms": c.info["requested_at"],
                     "schema_id": CANCELLATION_ID})


def op_validate_result(data: bytes) -> bytes:
    """``validate-result`` (section 4.10)."""
    env = _envelope(data, ("result",))
    r = validate_result(env["result"])
    return _verdict({
        "bounded_bytes": r.v["bounded_bytes"], "completed_at_ms": r.info["completed_at"],
        "result_digest": r.digest, "schema_id": RESULT_ID, "started_at_ms": r.info["started_at"],
        "state": r.v["state"],
    })


def op_validate_workspace_status_input(data: bytes) -> bytes:
    """``validate-workspace-status-input`` (section 4.11)."""
    env = _envelope(data, ("workspace_status_input",))
    wsi = validate_workspace_status_input(env["workspace_status_input"])
    digest = h(ARGUMENTS_PREFIX, jcs(WORKSPACE_STATUS_INPUT.proj(wsi.v), ("workspace_status_input",)))
    return _verdict({"arguments_digest": digest, "schema_id": WORKSPACE_STATUS_INPUT_ID})


def op_validate_workspace_status(data: bytes) -> bytes:
    """``validate-workspace-status`` (section 4.12)."""
    env = _envelope(data, ("workspace_status",))
    ws = validate_workspace_status(env["workspace_status"])
    return _verdict({"observed_at_ms": ws.info["observed_at"], "schema_id": WORKSPACE_STATUS_ID,
                     "serialized_bytes": ws.info["serialized_bytes"], "status_digest": ws.digest})


def op_check_lease_binding(data: bytes) -> bytes:
    """``check-lease-binding`` (section 4.13)."""
    env = _envelope(data, ("trust", "device_proof", "registry", "host_lease", "now"))
    now = env["now"]
    trust = validate_trust(env["trust"])
    proof = validate_device_proof(env["device_proof"], trust, now)
    registry = validate_registry(env["registry"])
    lease = validate_host_lease(env["host_lease"], trust, now)
    lv, li = lease.v, lease.info

    def at(member: str) -> Ptr:
        return ("host_lease", member)

    _relate(LEASE_ACCOUNT, lv["account_subject"], proof.v["account_subject"], at("account_subject"))
    _relate(LEASE_AGENT, lv["agent_id"], registry.v["agent_id"], at("agent_id"))
    _relate(LEASE_DEVICE_PROOF, lv["device_id"], proof.v["device_id"], at("device_id"))
    _relate(LEASE_DEVICE_REGISTRY, lv["device_id"], registry.v["device_id"], at("device_id"))
    _relate(LEASE_SESSION, lv["local_session_id"], registry.v["local_session_id"], at("local_session_id"))
    _relate(LEASE_GENERATION, li["session_generation"], registry.info["session_generation"],
            at("session_generation"))
    _relate(LEASE_REGISTRY_DIGEST, lv["registry_digest"], registry.v["registry_digest"], at("registry_digest"))
    _relate(LEASE_ORIGIN, lv["cloud_origin_id"], proof.v["cloud_origin_id"], at("cloud_origin_id"))
    _relate(LEASE_EPOCH, li["revocation_epoch"], proof.info["revocation_epoch"], at("revocation_epoch"))
    if li["expires_at"] > proof.info["expires_at"]:
        refuse(LEASE_PROOF_EXPIRY, _where(at("expires_at")))
    if li["expires_at"] > trust.info["expires_at"]:
        refuse(LEASE_TRUST_EXPIRY, _where(at("expires_at")))
    return _verdict({"expires_at_ms": li["expires_at"], "lease_id": lv["lease_id"],
                     "proof_digest": proof.digest, "registry_digest": registry.digest})


def op_check_host_open_binding(data: bytes) -> bytes:
    """``check-host-open-binding`` (section 4.14)."""
    env = _envelope(data, ("trust", "device_proof", "host_open_proof", "registry", "host_lease", "challenge",
                           "now"))
    now = env["now"]
    trust = validate_trust(env["trust"])
    proof = validate_device_proof(env["device_proof"], trust, now)
    hop = validate_host_open_proof(env["host_open_proof"], proof.v)
    registry = validate_registry(env["registry"])
    lease = validate_host_lease(env["host_lease"], trust, now)
    hv, hi = hop.v, hop.info

    def at(member: str) -> Ptr:
        return ("host_open_proof", member)

    if hv["challenge"] != env["challenge"]:
        refuse(HOST_OPEN_CHALLENGE, _where(at("challenge")))
    _relate(HOST_OPEN_REGISTRY_AGENT, hv["agent_id"], registry.v["agent_id"], at("agent_id"))
    _relate(HOST_OPEN_REGISTRY_SESSION, hv["local_session_id"], registry.v["local_session_id"],
            at("local_session_id"))
    _relate(HOST_OPEN_REGISTRY_GENERATION, hi["session_generation"], registry.info["session_generation"],
            at("session_generation"))
    _relate(HOST_OPEN_REGISTRY_DIGEST, hv["registry_digest"], registry.v["registry_digest"],
            at("registry_digest"))
    _relate(HOST_OPEN_LEASE_CONVERSATION, hv["conversation_id"], lease.v["conversation_id"],
            at("conversation_id"))
    _relate(HOST_OPEN_LEASE_AGENT, hv["agent_id"], lease.v["agent_id"], at("agent_id"))
    _relate(HOST_OPEN_LEASE_SESSION, hv["local_session_id"], lease.v["local_session_id"], at("local_session_id"))
    _relate(HOST_OPEN_LEASE_GENERATION, hi["session_generation"], lease.info["session_generation"],
            at("session_generation"))
    return _verdict({"device_proof_digest": hop.digest, "lease_id": lease.v["lease_id"],
                     "registry_digest": registry.digest})


def op_check_invocation(data: bytes) -> bytes:
    """``check-invocation`` (section 4.15)."""
    env = _envelope(data, ("trust", "registry", "host_lease", "invocation", "now"))
    now = env["now"]
    trust = validate_trust(env["trust"])
    registry = validate_registry(env["registry"])
    lease = validate_host_lease(env["host_lease"], trust, now)
    inv = validate_invocation(env["invocation"])
    iv, ii = inv.v, inv.info

    def at(member: str) -> Ptr:
        return ("invocation", member)

    _relate(INVOCATION_LEASE, iv["lease_id"], lease.v["lease_id"], at("lease_id"))
    _relate(INVOCATION_DEVICE, iv["device_id"], lease.v["device_id"], at("device_id"))
    _relate(INVOCATION_AGENT, iv["agent_id"], lease.v["agent_id"], at("agent_id"))
    _relate(INVOCATION_CONVERSATION, iv["conversation_id"], lease.v["conversation_id"], at("conversation_id"))
    _relate(INVOCATION_SESSION, iv["local_session_id"], lease.v["local_session_id"], at("local_session_id"))
    _relate(INVOCATION_GENERATION, ii["session_generation"], lease.info["session_generation"],
            at("session_generation"))
    if "invoke" not in lease.v["capabilities"]:
        refuse(INVOCATION_CAPABILITY, at_pointer("host_lease", "capabilities"))
    _relate(LEASE_REGISTRY_DIGEST, lease.v["registry_digest"], registry.v["registry_digest"],
            ("host_lease", "registry_digest"))
    tool, tool_info = _select_tool(registry, inv)
    _relate(INVOCATION_INPUT_SCHEMA_ID, iv["input_schema_id"], tool["input_schema_id"], at("input_schema_id"))
    _relate(INVOCATION_INPUT_SCHEMA_DIGEST, iv["input_schema_digest"], tool["input_schema_digest"],
            at("input_schema_digest"))
    arguments_bytes = len(ii["arguments"])
    if arguments_bytes > tool_info["max_argument_bytes"]:
        refuse(INVOCATION_ARGUMENT_BYTES, _where(at("arguments")))
    if ii["deadline_at"] > lease.info["expires_at"]:
        refuse(INVOCATION_DEADLINE_LEASE, _where(at("deadline_at")))
    if ii["deadline_at"] - ii["issued_at"] > tool_info["max_duration_ms"]:
        refuse(INVOCATION_DEADLINE_DURATION, _where(at("deadline_at")))
    if ii["issued_at"] > now + SKEW_MS:
        refuse(INVOCATION_NOT_YET_VALID, _where(at("issued_at")))
    if now >= ii["deadline_at"] + SKEW_MS:
        refuse(INVOCATION_DEADLINE_PASSED, _where(at("deadline_at")))
    return _verdict({
        "arguments_bytes": arguments_bytes, "deadline_at_ms": ii["deadline_at"],
        "invocation_digest": inv.digest, "lease_id": lease.v["lease_id"],
        "registry_digest": registry.digest, "tool_name": iv["tool_name"], "tool_version": iv["tool_version"],
    })


def op_check_tool_arguments(data: bytes) -> bytes:
    """``check-tool-arguments`` (section 4.16): only the frozen E1 argument
    validator; any other schema fails closed."""
    env = _envelope(data, ("invocation",))
    inv = validate_invocation(env["invocation"])
    iv = inv.v
    if iv["input_schema_id"] != WORKSPACE_STATUS_INPUT_ID:
        _stands(ARGUMENTS_SCHEMA_ID, at_pointer("invocation", "input_schema_id"))
    if iv["input_schema_digest"] != E1_INPUT_SCHEMA_DIGEST:
        refuse(ARGUMENTS_SCHEMA_DIGEST, at_pointer("invocation", "input_schema_digest"))
    validate_workspace_status_input(iv["arguments"], ("invocation", "arguments"))
    return _verdict({"arguments_digest": h(ARGUMENTS_PREFIX, inv.info["arguments"]),
                     "input_schema_id": iv["input_schema_id"], "invocation_digest": inv.digest})


def op_check_tool_payload(data: bytes) -> bytes:
    """``check-tool-payload`` (section 4.17): only the frozen E1 payload
    validator; any other schema fails closed."""
    env = _envelope(data, ("result",))
    r = validate_result(env["result"])
    rv = r.v
    if rv["state"] != "succeeded":
        _stands(PAYLOAD_STATE, at_pointer("result", "state"))
    if rv["output_schema_id"] != WORKSPACE_STATUS_ID:
        _stands(PAYLOAD_SCHEMA_ID, at_pointer("result", "output_schema_id"))
    if rv["output_schema_digest"] != E1_OUTPUT_SCHEMA_DIGEST:
        refuse(PAYLOAD_SCHEMA_DIGEST, at_pointer("result", "output_schema_digest"))
    payload = rv["payload"]
    if type(payload) is not dict:
        # Only under an ignored state rule: nothing to validate.
        _no_accept_path(DOCUMENT_TYPE["workspace_status"], at_pointer("result", "payload"))
    ws = validate_workspace_status(payload, ("result", "payload"))
    return _verdict({"output_schema_id": rv["output_schema_id"], "result_digest": r.digest,
                     "status_digest": ws.digest})


def op_check_cancellation(data: bytes) -> bytes:
    """``check-cancellation`` (section 4.18)."""
    env = _envelope(data, ("trust", "host_lease", "invocation", "cancellation", "now"))
    now = env["now"]
    trust = validate_trust(env["trust"])
    lease = validate_host_lease(env["host_lease"], trust, now)
    inv = validate_invocation(env["invocation"])
    c = validate_cancellation(env["cancellation"])
    cv, ci = c.v, c.info

    def at(member: str) -> Ptr:
        return ("cancellation", member)

    _relate(CANCELLATION_TARGET, cv["target_invocation_id"], inv.v["invocation_id"], at("target_invocation_id"))
    _relate(CANCELLATION_TARGET_DIGEST, cv["target_invocation_digest"], inv.v["invocation_digest"],
            at("target_invocation_digest"))
    _relate(CANCELLATION_LEASE, cv["lease_id"], lease.v["lease_id"], at("lease_id"))
    _relate(CANCELLATION_GENERATION, ci["session_generation"], lease.info["session_generation"],
            at("session_generation"))
    _relate(INVOCATION_LEASE, inv.v["lease_id"], lease.v["lease_id"], ("invocation", "lease_id"))
    if "cancel" not in lease.v["capabilities"]:
        refuse(CANCELLATION_CAPABILITY, at_pointer("host_lease", "capabilities"))
    requested = ci["requested_at"]
    if requested < lease.info["issued_at"] - SKEW_MS:
        refuse(CANCELLATION_WINDOW_START, _where(at("requested_at")))
    if requested >= lease.info["expires_at"] + SKEW_MS:
        refuse(CANCELLATION_WINDOW_END, _where(at("requested_at")))
    if requested > now + SKEW_MS:
        refuse(CANCELLATION_NOT_YET_VALID, _where(at("requested_at")))
    return _verdict({"cancellation_digest": c.digest, "invocation_digest": inv.digest,
                     "lease_id": lease.v["lease_id"]})


def op_check_result(data: bytes) -> bytes:
    """``check-result`` (section 4.19)."""
    env = _envelope(data, ("registry", "invocation", "result"))
    registry = validate_registry(env["registry"])
    inv = validate_invocation(env["invocation"])
    r = validate_result(env["result"])
    rv, ri = r.v, r.info

    def at(member: str) -> Ptr:
        return ("result", member)

    _relate(RESULT_INVOCATION, rv["invocation_id"], inv.v["invocation_id"], at("invocation_id"))
    _relate(RESULT_INVOCATION_DIGEST, rv["invocation_digest"], inv.v["invocation_digest"],
            at("invocation_digest"))
    _relate(RESULT_LEASE, rv["lease_id"], inv.v["lease_id"], at("lease_id"))
    _relate(RESULT_TOOL_NAME, rv["tool_name"], inv.v["tool_name"], at("tool_name"))
    _relate(RESULT_TOOL_VERSION, ri["tool_version"], inv.info["tool_version"], at("tool_version"))
    tool, tool_info = _select_tool(registry, inv)
    succeeded = rv["state"] == "succeeded"
    if succeeded:
        _relate(RESULT_OUTPUT_SCHEMA_ID, rv["output_schema_id"], tool["output_schema_id"], at("output_schema_id"))
        _relate(RESULT_OUTPUT_SCHEMA_DIGEST, rv["output_schema_digest"], tool["output_schema_digest"],
                at("output_schema_digest"))
    if ri["bounded_bytes"] > tool_info["max_result_bytes"]:
        refuse(RESULT_MAX_BYTES, _where(at("bounded_bytes")))
    if ri["started_at"] < inv.info["issued_at"] - SKEW_MS:
        refuse(RESULT_STARTED_EARLY, _where(at("started_at")))
    if succeeded and ri["completed_at"] > inv.info["deadline_at"] + SKEW_MS:
        refuse(RESULT_DEADLINE, _where(at("completed_at")))
    return _verdict({"bounded_bytes": rv["bounded_bytes"], "invocation_digest": inv.digest,
                     "result_digest": r.digest, "state": rv["state"]})


def op_assert_e1_canary_registry(data: bytes) -> bytes:
    """``assert-e1-canary-registry`` (section 4.20): rules 2-9 look at
    ``tools[0]`` whatever the number of tools."""
    env = _envelope(data, ("registry",))
    registry = validate_registry(env["registry"])
    tools = registry.v["tools"]
    count_at = at_pointer("registry", "tools")
    if len(tools) != 1:
        refuse(E1_TOOL_COUNT, count_at)
        if not tools:
            _stands(E1_TOOL_COUNT, count_at)  # no tools[0] to look at
    tool, info = tools[0], registry.info["tools"][0]

    def at(member: str) -> Where:
        return at_pointer("registry", "tools", 0, member)

    if tool["name"] != E1_TOOL_NAME:
        refuse(E1_NAME, at("name"))
    if info["version"] != 1:
        refuse(E1_TOOL_VERSION, at("version"))
    if tool["input_schema_id"] != WORKSPACE_STATUS_INPUT_ID:
        refuse(E1_INPUT_SCHEMA_ID, at("input_schema_id"))
    if tool["input_schema_digest"] != E1_INPUT_SCHEMA_DIGEST:
        refuse(E1_INPUT_DIGEST, at("input_schema_digest"))
    if tool["output_schema_id"] != WORKSPACE_STATUS_ID:
        refuse(E1_OUTPUT_SCHEMA_ID, at("output_schema_id"))
    if tool["output_schema_digest"] != E1_OUTPUT_SCHEMA_DIGEST:
        refuse(E1_OUTPUT_DIGEST, at("output_schema_digest"))
    if tool["dependencies"] != ["ats_observer_channel", "local_workspace"]:
        refuse(E1_DEPENDENCIES, at("dependencies"))
    if tool["data_classes"] != ["ats_status", "local_status"]:
        refuse(E1_DATA_CLASSES, at("data_classes"))
    return _verdict({
        "input_schema_digest": tool["input_schema_digest"], "output_schema_digest": tool["output_schema_digest"],
        "registry_digest": registry.digest, "tool_name": tool["name"], "tool_version": tool["version"],
    })


def op_check_capability_receipt(data: bytes) -> bytes:
    """``check-capability-receipt`` (section 4.21)."""
    env = _envelope(data, ("runtime_capability", "observer_channel_receipt"))
    capability = validate_capability(env["runtime_capability"])
    receipt = validate_receipt(env["observer_channel_receipt"])
    rv = receipt.v

    def at(member: str) -> Ptr:
        return ("observer_channel_receipt", member)

    _relate(RECEIPT_CAPABILITY_DIGEST, rv["capability_digest"], capability.v["capability_digest"],
            at("capability_digest"))
    _relate(RECEIPT_DEVICE, rv["device_id"], capability.v["device_id"], at("device_id"))
    _relate(RECEIPT_RUNTIME_VERSION, rv["runtime_version"], capability.v["runtime_version"], at("runtime_version"))
    return _verdict({"capability_digest": capability.digest, "channel_id": rv["channel_id"],
                     "receipt_digest": receipt.digest})


OPERATIONS = {
    "validate-trust": op_validate_trust,
    "validate-device-proof": op_validate_device_proof,
    "validate-host-open-proof": op_validate_host_open_proof,
    "validate-observer-channel-receipt": op_validate_observer_channel_receipt,
    "validate-runtime-capability": op_validate_runtime_capability,
    "validate-registry": op_validate_registry,
    "validate-host-lease": op_validate_host_lease,
    "validate-invocation": op_validate_invocation,
    "validate-cancellation": op_validate_cancellation,
    "validate-result": op_validate_result,
    "validate-workspace-status-input": op_validate_workspace_status_input,
    "validate-workspace-status": op_validate_workspace_status,
    "check-lease-binding": op_check_lease_binding,
    "check-host-open-binding": op_check_host_open_binding,
    "check-invocation": op_check_invocation,
    "check-tool-arguments": op_check_tool_arguments,
    "check-tool-payload": op_check_tool_payload,
    "check-cancellation": op_check_cancellation,
    "check-result": op_check_result,
    "assert-e1-canary-registry": op_assert_e1_canary_registry,
    "check-capability-receipt": op_check_capability_receipt,
}

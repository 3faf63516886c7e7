"""The closed refusal tables of every contract, and the one guard function.

Each contract refuses only with a (code, message) pair from its table in
spec/<contract>.md; the message is fixed ASCII text and is compared byte for
byte across implementations.

Every place that refuses calls ``refuse(guard)``. The guard-mutation control
(the ``ignore`` command of mirrors/PROTOCOL.md) can put a (contract, message)
pair in the ignore set: ``refuse`` then returns instead of raising, and the
caller continues as if the guard's condition had been false. What "continue"
means at each site is written next to the call, from the spec's "Ignored:"
notes.

The grammar guards (``rfc8785.syntax``, ``pyjson.syntax``, ``frame.syntax``)
have no accept path: the specs say they are never ignored by the mutation
runner, and a parser that met a grammar error has nothing to continue with.
They are listed in the table (so an ``ignore`` naming them is not reported
unknown), but ``refuse`` raises for them even when they are in the ignore set.

The same holds for the ``.input`` and ``.type`` guards of the five contracts
that take a JSON value input (prim/1, ticker/1, v8date/1, ed25519/1,
digest/1): spec/README.md says an ignored ``.input`` still cannot build a
value, and that with a ``.type`` guard ignored there is no value of the
expected type to accept (vector exception tags ``grammar`` and
``type-guard``), so neither has an accept path here. Nor have the timestamp
shape guards (``prim.timestamp_shape``, ``v8date.shape``): a string of
another shape has no fields to continue with (the specs are silent).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Iterable, Iterator


@dataclass(frozen=True)
class Guard:
    contract: str
    code: str
    message: str
    # False for the grammar guards, which have no accept path.
    ignorable: bool = True


class Refusal(Exception):
    """The contract refused its input with one message of its table."""

    def __init__(self, guard: Guard) -> None:
        super().__init__(guard.message)
        self.guard = guard

    @property
    def message(self) -> str:
        return self.guard.message

    @property
    def code(self) -> str:
        return self.guard.code


RFC8785 = "rfc8785/1"
PYJSON_ASCII = "pyjson-ascii/1"
FRAME = "frame/1"
PRIM = "prim/1"
TICKER = "ticker/1"
V8DATE = "v8date/1"
ED25519 = "ed25519/1"
DIGEST = "digest/1"

# The shared message of every JSON value input defect (spec/README.md).
_INPUT = "input is not valid JSON"

# spec/rfc8785.md, "Refusals"
RFC8785_BOM = Guard(RFC8785, "rfc8785.bom", "input begins with a UTF-8 byte order mark")
RFC8785_UTF8 = Guard(RFC8785, "rfc8785.utf8", "input is not valid UTF-8")
RFC8785_SYNTAX = Guard(RFC8785, "rfc8785.syntax", "input is not valid JSON", ignorable=False)
RFC8785_DEPTH = Guard(RFC8785, "rfc8785.depth", "nesting exceeds depth 128")
RFC8785_DUPLICATE = Guard(RFC8785, "rfc8785.duplicate", "duplicate member name")
RFC8785_SURROGATE = Guard(RFC8785, "rfc8785.surrogate", "string contains an unpaired surrogate")
RFC8785_NUMBER_RANGE = Guard(
    RFC8785, "rfc8785.number_range", "number is outside the IEEE-754 double range"
)

# spec/pyjson-ascii.md, "Refusals"
PYJSON_BOM = Guard(PYJSON_ASCII, "pyjson.bom", "input begins with a UTF-8 byte order mark")
PYJSON_UTF8 = Guard(PYJSON_ASCII, "pyjson.utf8", "input is not valid UTF-8")
PYJSON_DEPTH = Guard(PYJSON_ASCII, "pyjson.depth", "nesting exceeds depth 128")
PYJSON_SYNTAX = Guard(PYJSON_ASCII, "pyjson.syntax", "input is not valid JSON", ignorable=False)
PYJSON_INT_DIGITS = Guard(
    PYJSON_ASCII, "pyjson.int_digits", "integer literal exceeds 4300 digits"
)

# spec/frame.md, "Refusals"
FRAME_SIZE = Guard(FRAME, "frame.size", "frame exceeds 262144 bytes")
FRAME_BOM = Guard(FRAME, "frame.bom", "frame begins with a UTF-8 byte order mark")
FRAME_UTF8 = Guard(FRAME, "frame.utf8", "frame is not valid UTF-8")
FRAME_SYNTAX = Guard(FRAME, "frame.syntax", "frame is not valid JSON", ignorable=False)
FRAME_NOT_OBJECT = Guard(FRAME, "frame.not_object", "frame is not a JSON object")
FRAME_DEPTH = Guard(FRAME, "frame.depth", "frame nesting exceeds depth 16")
FRAME_DUPLICATE = Guard(FRAME, "frame.duplicate", "frame has a duplicate member name")
FRAME_NUMBER = Guard(FRAME, "frame.number", "frame number is not 0 or [1-9][0-9]*")
FRAME_NUMBER_RANGE = Guard(FRAME, "frame.number_range", "frame number exceeds 2^53-1")
FRAME_CONTROL = Guard(FRAME, "frame.control", "frame string contains a control character")
FRAME_SURROGATE = Guard(
    FRAME, "frame.surrogate", "frame string contains an unpaired surrogate"
)

# spec/prim.md, "Refusals". A message used by several operations is one
# guard, called from each.
PRIM_INPUT = Guard(PRIM, "prim.input", _INPUT, ignorable=False)
PRIM_TYPE = Guard(PRIM, "prim.type", "value has the wrong JSON type", ignorable=False)
# No accept path (see above): a string of another shape has no fields.
PRIM_TIMESTAMP_SHAPE = Guard(
    PRIM, "prim.timestamp_shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ", ignorable=False
)
PRIM_TIMESTAMP_INSTANT = Guard(PRIM, "prim.timestamp_instant", "timestamp is not a real instant")
PRIM_INTEGER = Guard(PRIM, "prim.integer", "number is not an integer")
PRIM_INTEGER_RANGE = Guard(PRIM, "prim.integer_range", "integer is out of range")
PRIM_STRING_CONTROL = Guard(
    PRIM, "prim.string_control", "string contains a control character"
)
PRIM_STRING_SURROGATE = Guard(
    PRIM, "prim.string_surrogate", "string contains an unpaired surrogate"
)
PRIM_STRING_LENGTH = Guard(
    PRIM, "prim.string_length", "string exceeds 256 Unicode scalar values"
)
PRIM_DISPLAY_CHAR = Guard(
    PRIM, "prim.display_char", "display text has a character outside U+0020-U+007E"
)
PRIM_DISPLAY_LENGTH = Guard(
    PRIM, "prim.display_length", "display text is not 1 to 256 characters"
)
PRIM_SET_ORDER = Guard(
    PRIM, "prim.set_order", "set is not strictly ascending by code point"
)
PRIM_SET_REPEAT = Guard(PRIM, "prim.set_repeat", "set has a repeated member")
PRIM_TOOLS_ORDER = Guard(
    PRIM, "prim.tools_order", "tools are not strictly ascending by (name, version)"
)
PRIM_TOOLS_REPEAT = Guard(
    PRIM, "prim.tools_repeat", "tools have a repeated (name, version)"
)
PRIM_B64_LENGTH = Guard(PRIM, "prim.b64_length", "base64url is not 43 or 86 characters")
PRIM_B64_ALPHABET = Guard(
    PRIM, "prim.b64_alphabet", "base64url has a character outside A-Z a-z 0-9 - _"
)
PRIM_B64_CANONICAL = Guard(PRIM, "prim.b64_canonical", "base64url is not canonical")

# spec/ticker.md, "Refusals"
TICKER_INPUT = Guard(TICKER, "ticker.input", _INPUT, ignorable=False)
TICKER_TYPE = Guard(TICKER, "ticker.type", "value is not a string", ignorable=False)
TICKER_SYMBOL = Guard(
    TICKER, "ticker.symbol", "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"
)
TICKER_EQUITY = Guard(
    TICKER, "ticker.equity", "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"
)
TICKER_LABEL_LENGTH = Guard(
    TICKER, "ticker.label_length", "masked label is not 1 to 64 UTF-16 units"
)
TICKER_LABEL_CONTROL = Guard(
    TICKER, "ticker.label_control", "masked label contains a control character"
)
TICKER_LABEL_SURROGATE = Guard(
    TICKER, "ticker.label_surrogate", "masked label contains an unpaired surrogate"
)
TICKER_LABEL_DIGITS_V1 = Guard(
    TICKER, "ticker.label_digits_v1", "masked label has five or more consecutive digits"
)
TICKER_LABEL_CHAR = Guard(
    TICKER, "ticker.label_char", "masked label has a character outside the closed set"
)
TICKER_LABEL_DIGITS = Guard(
    TICKER, "ticker.label_digits", "masked label has more than four consecutive digits"
)

# spec/v8date.md, "Refusals"
V8DATE_INPUT = Guard(V8DATE, "v8date.input", _INPUT, ignorable=False)
V8DATE_TYPE = Guard(V8DATE, "v8date.type", "value is not a string", ignorable=False)
V8DATE_SHAPE = Guard(
    V8DATE, "v8date.shape", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ", ignorable=False
)
V8DATE_INSTANT = Guard(V8DATE, "v8date.instant", "timestamp is not a real instant")
V8DATE_CALENDAR = Guard(V8DATE, "v8date.calendar", "timestamp is not a real calendar date")

# spec/ed25519.md, "Refusals"
ED25519_INPUT = Guard(ED25519, "ed25519.input", _INPUT, ignorable=False)
ED25519_TYPE = Guard(
    ED25519, "ed25519.type", "input is not {key, sig, msg} in lowercase hex", ignorable=False
)
ED25519_KEY_LENGTH = Guard(ED25519, "ed25519.key_length", "public key is not 32 bytes")
ED25519_SIG_LENGTH = Guard(ED25519, "ed25519.sig_length", "signature is not 64 bytes")
ED25519_KEY_NONCANONICAL = Guard(
    ED25519, "ed25519.key_noncanonical", "public key encoding is not canonical"
)
ED25519_KEY_SMALL_ORDER = Guard(
    ED25519, "ed25519.key_small_order", "public key has small order"
)
ED25519_KEY_POINT = Guard(
    ED25519, "ed25519.key_point", "public key is not a point on the curve"
)
ED25519_R_SMALL_ORDER = Guard(
    ED25519, "ed25519.r_small_order", "signature R has small order"
)
ED25519_S_RANGE = Guard(
    ED25519, "ed25519.s_range", "signature S is not below the group order"
)
ED25519_VERIFY = Guard(ED25519, "ed25519.verify", "signature does not verify")

# spec/digest.md, "Refusals"
DIGEST_INPUT = Guard(DIGEST, "digest.input", _INPUT, ignorable=False)
DIGEST_TYPE = Guard(DIGEST, "digest.type", "input has the wrong shape", ignorable=False)
DIGEST_SCHEMA_ID = Guard(
    DIGEST,
    "digest.schema_id",
    "schema id is not 1 to 128 characters from U+0021-U+007E",
)
DIGEST_JCS = Guard(DIGEST, "digest.jcs", "value cannot be canonicalized")
DIGEST_ARG_NUMBER = Guard(
    DIGEST, "digest.arg_number", "argument number is not an unsigned safe integer"
)
DIGEST_ARG_STRING = Guard(
    DIGEST, "digest.arg_string", "argument string is not a valid string"
)
DIGEST_ARG_ARRAY = Guard(
    DIGEST, "digest.arg_array", "argument array has more than 32 elements"
)
DIGEST_ARG_DEPTH = Guard(DIGEST, "digest.arg_depth", "arguments nest deeper than 8")
DIGEST_ARG_BYTES = Guard(
    DIGEST, "digest.arg_bytes", "arguments exceed 65536 canonical bytes"
)

GUARDS: tuple[Guard, ...] = (
    RFC8785_BOM,
    RFC8785_UTF8,
    RFC8785_SYNTAX,
    RFC8785_DEPTH,
    RFC8785_DUPLICATE,
    RFC8785_SURROGATE,
    RFC8785_NUMBER_RANGE,
    PYJSON_BOM,
    PYJSON_UTF8,
    PYJSON_DEPTH,
    PYJSON_SYNTAX,
    PYJSON_INT_DIGITS,
    FRAME_SIZE,
    FRAME_BOM,
    FRAME_UTF8,
    FRAME_SYNTAX,
    FRAME_NOT_OBJECT,
    FRAME_DEPTH,
    FRAME_DUPLICATE,
    FRAME_NUMBER,
    FRAME_NUMBER_RANGE,
    FRAME_CONTROL,
    FRAME_SURROGATE,
    PRIM_INPUT,
    PRIM_TYPE,
    PRIM_TIMESTAMP_SHAPE,
    PRIM_TIMESTAMP_INSTANT,
    PRIM_INTEGER,
    PRIM_INTEGER_RANGE,
    PRIM_STRING_CONTROL,
    PRIM_STRING_SURROGATE,
    PRIM_STRING_LENGTH,
    PRIM_DISPLAY_CHAR,
    PRIM_DISPLAY_LENGTH,
    PRIM_SET_ORDER,
    PRIM_SET_REPEAT,
    PRIM_TOOLS_ORDER,
    PRIM_TOOLS_REPEAT,
    PRIM_B64_LENGTH,
    PRIM_B64_ALPHABET,
    PRIM_B64_CANONICAL,
    TICKER_INPUT,
    TICKER_TYPE,
    TICKER_SYMBOL,
    TICKER_EQUITY,
    TICKER_LABEL_LENGTH,
    TICKER_LABEL_CONTROL,
    TICKER_LABEL_SURROGATE,
    TICKER_LABEL_DIGITS_V1,
    TICKER_LABEL_CHAR,
    TICKER_LABEL_DIGITS,
    V8DATE_INPUT,
    V8DATE_TYPE,
    V8DATE_SHAPE,
    V8DATE_INSTANT,
    V8DATE_CALENDAR,
    ED25519_INPUT,
    ED25519_TYPE,
    ED25519_KEY_LENGTH,
    ED25519_SIG_LENGTH,
    ED25519_KEY_NONCANONICAL,
    ED25519_KEY_SMALL_ORDER,
    ED25519_KEY_POINT,
    ED25519_R_SMALL_ORDER,
    ED25519_S_RANGE,
    ED25519_VERIFY,
    DIGEST_INPUT,
    DIGEST_TYPE,
    DIGEST_SCHEMA_ID,
    DIGEST_JCS,
    DIGEST_ARG_NUMBER,
    DIGEST_ARG_STRING,
    DIGEST_ARG_ARRAY,
    DIGEST_ARG_DEPTH,
    DIGEST_ARG_BYTES,
)

_KNOWN: frozenset[tuple[str, str]] = frozenset((g.contract, g.message) for g in GUARDS)

# The current ignore set: (contract, message) pairs. Replaced as a whole.
_ignored: frozenset[tuple[str, str]] = frozenset()


def set_ignored(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Replace the ignore set; return the pairs no guard refuses with.

    Unknown pairs are kept in the set too (they are harmless), so the set is
    exactly what the caller asked for.
    """
    global _ignored
    pairs = list(pairs)
    _ignored = frozenset(pairs)
    unknown: list[tuple[str, str]] = []
    for pair in pairs:
        if pair not in _KNOWN and pair not in unknown:
            unknown.append(pair)
    return unknown


def is_ignored(guard: Guard) -> bool:
    return guard.ignorable and (guard.contract, guard.message) in _ignored


@contextlib.contextmanager
def ignoring(*guards: Guard) -> Iterator[None]:
    """Run a block with exactly these guards ignored (for tests)."""
    global _ignored
    saved = _ignored
    _ignored = frozenset((g.contract, g.message) for g in guards)
    try:
        yield
    finally:
        _ignored = saved


def refuse(guard: Guard) -> None:
    """Refuse with ``guard`` unless it is ignored; then return to the caller."""
    if is_ignored(guard):
        return
    raise Refusal(guard)

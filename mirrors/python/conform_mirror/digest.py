"""digest/1: digests and signing inputs of the managed tool host.

Written from spec/digest.md (seed 001, section 6, decided encoding rules 1-4
and 8, and the lane decisions on open JSON values). Input: a JSON value input
(``jsonvalue``); a value of the wrong shape is ``digest.type`` (no accept
path).

``H(prefix, v)`` is ``"sha256:"`` and the lowercase hex SHA-256 of
ASCII(prefix) + LF + JCS(v). JCS is this mirror's own ``rfc8785/1``
serializer (``rfc8785.number_to_string`` for numbers, its string escaping
and its UTF-16 code unit member order), fed the parsed value. JCS(v) does
not exist when a string or member name holds a lone surrogate, or a number's
nearest double is infinite (``digest.jcs``; ignored: as ``rfc8785/1`` does
with its own guards ignored, the lone surrogate is kept and emitted as its
3-byte generalized UTF-8 form, and the number is emitted as ``Infinity`` or
``-Infinity``).

- ``digest`` / ``signing-input``: ``{"schema_id", "omit", "object"}``;
  schema_id is 1 to 128 units, each U+0021-U+007E (``digest.schema_id``;
  ignored: the prefix is written as UTF-8); v is ``object`` without the
  top-level members named in ``omit``. Output ``H(schema_id, v)`` or the
  bytes schema_id + LF + JCS(v).
- ``schema-digest``: an object; ``H("aether.schema/1", document)``.
- ``arguments-digest``: an object, walked in document order (itself at depth
  1), the first defect met wins: a container opened at depth 9, an array's
  33rd element (when it starts), a number not ``0``/``[1-9][0-9]*`` up to
  2^53-1, a string or member name failing the ``prim/1`` string rule. Then
  JCS(arguments) at most 65536 UTF-8 bytes. Output
  ``H("aether.managed-tool-arguments/1", arguments)``. Ignored guards: the
  walk goes on.
"""

from __future__ import annotations

import hashlib
import math
import re

from . import jsonvalue, rfc8785
from .jsonvalue import Number
from .prim import string_rule
from .refusal import (
    DIGEST_ARG_ARRAY,
    DIGEST_ARG_BYTES,
    DIGEST_ARG_DEPTH,
    DIGEST_ARG_NUMBER,
    DIGEST_ARG_STRING,
    DIGEST_INPUT,
    DIGEST_JCS,
    DIGEST_SCHEMA_ID,
    DIGEST_TYPE,
    refuse,
)

SCHEMA_PREFIX = "aether.schema/1"
ARGUMENTS_PREFIX = "aether.managed-tool-arguments/1"
MAX_SCHEMA_ID = 128
MAX_ARG_DEPTH = 8
MAX_ARG_ARRAY = 32
MAX_ARG_BYTES = 65536
MAX_SAFE_INTEGER = "9007199254740991"  # 2^53-1

_SCHEMA_ID = re.compile("[\x21-\x7e]{1,%d}" % MAX_SCHEMA_ID)
_UNSIGNED = re.compile(r"0|[1-9][0-9]*")
_SMALL_INTEGER = re.compile(r"-?[0-9]{1,15}")


def _value(data: bytes) -> jsonvalue.Value:
    return jsonvalue.parse(data, DIGEST_INPUT)


def _shape_error() -> None:
    refuse(DIGEST_TYPE)
    raise AssertionError("digest.type has no accept path")


# --------------------------------------------------------------------- JCS


def jcs(value: jsonvalue.Value) -> bytes:
    """RFC 8785 canonical bytes of a parsed value, by rfc8785's serializer."""
    # rfc8785's tree: scalars as canonical text, non-empty lists, non-empty
    # rfc8785._Object; empty containers as their text.
    return rfc8785._serialize(_jcs_tree(value)).encode("utf-8", "surrogatepass")


def _jcs_tree(v: jsonvalue.Value) -> object:
    # Recursion is bounded: a JSON value input nests at most 128 deep.
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    t = type(v)
    if t is Number:
        return _jcs_number(v.text)
    if t is str:
        return rfc8785._string(_jcs_string(v))
    if t is list:
        return [_jcs_tree(element) for element in v] if v else "[]"
    if not v:
        return "{}"
    obj = rfc8785._Object()
    for name, element in v.items():
        obj.members[_jcs_string(name)] = _jcs_tree(element)
    return obj


def _jcs_string(s: str) -> str:
    if jsonvalue.has_lone_surrogate(s):
        refuse(DIGEST_JCS)  # ignored: kept, emitted as generalized UTF-8
    return s


def _jcs_number(text: str) -> str:
    if len(text) <= 16 and _SMALL_INTEGER.fullmatch(text):
        return str(int(text))  # exact as a double; "-0" is "0"
    # float() of an RFC 8259 literal is the correctly rounded binary64;
    # overflow gives inf (never an exception), underflow 0.
    x = float(text)
    if math.isinf(x):
        refuse(DIGEST_JCS)  # ignored: emitted as Infinity / -Infinity
    return rfc8785.number_to_string(x)


def _h(prefix: bytes, canonical: bytes) -> bytes:
    return b"sha256:" + hashlib.sha256(prefix + b"\n" + canonical).hexdigest().encode("ascii")


# ---------------------------------------------------- digest, signing-input


def _signing_input(data: bytes) -> tuple[bytes, bytes]:
    v = _value(data)
    if not (
        type(v) is dict
        and v.keys() == {"schema_id", "omit", "object"}
        and type(v["schema_id"]) is str
        and type(v["omit"]) is list
        and all(type(name) is str for name in v["omit"])
        and type(v["object"]) is dict
    ):
        _shape_error()
    schema_id = v["schema_id"]
    if _SCHEMA_ID.fullmatch(schema_id) is None:
        refuse(DIGEST_SCHEMA_ID)  # ignored: written as UTF-8
    omit = set(v["omit"])
    obj = {name: value for name, value in v["object"].items() if name not in omit}
    return jsonvalue.utf8(schema_id), jcs(obj)


def digest(data: bytes) -> bytes:
    prefix, canonical = _signing_input(data)
    return _h(prefix, canonical)


def signing_input(data: bytes) -> bytes:
    prefix, canonical = _signing_input(data)
    return prefix + b"\n" + canonical


# ----------------------------------------------------------- schema-digest


def schema_digest(data: bytes) -> bytes:
    v = _value(data)
    if type(v) is not dict:
        _shape_error()
    return _h(SCHEMA_PREFIX.encode("ascii"), jcs(v))


# -------------------------------------------------------- arguments-digest


def _arg_string(s: str) -> None:
    string_rule(s, DIGEST_ARG_STRING, DIGEST_ARG_STRING, DIGEST_ARG_STRING)


def _arg_number(text: str) -> None:
    if _UNSIGNED.fullmatch(text) is None or (
        len(text) > len(MAX_SAFE_INTEGER)
        or (len(text) == len(MAX_SAFE_INTEGER) and text > MAX_SAFE_INTEGER)
    ):
        refuse(DIGEST_ARG_NUMBER)


def _walk(container: list | dict, depth: int) -> None:
    """Walk an entered container at ``depth`` in document order."""
    if type(container) is list:
        for index, element in enumerate(container):
            if index == MAX_ARG_ARRAY:
                refuse(DIGEST_ARG_ARRAY)  # the 33rd element; ignored: go on
            _walk_value(element, depth)
    else:
        for name, element in container.items():
            _arg_string(name)
            _walk_value(element, depth)


def _walk_value(v: jsonvalue.Value, depth: int) -> None:
    """A value inside a container at ``depth``."""
    t = type(v)
    if t is list or t is dict:
        if depth + 1 > MAX_ARG_DEPTH:
            refuse(DIGEST_ARG_DEPTH)  # ignored: the walk goes on inside
        _walk(v, depth + 1)
    elif t is Number:
        _arg_number(v.text)
    elif t is str:
        _arg_string(v)


def arguments_digest(data: bytes) -> bytes:
    v = _value(data)
    if type(v) is not dict:
        _shape_error()
    _walk(v, 1)
    canonical = jcs(v)
    if len(canonical) > MAX_ARG_BYTES:
        refuse(DIGEST_ARG_BYTES)  # ignored: no bound
    return _h(ARGUMENTS_PREFIX.encode("ascii"), canonical)


OPERATIONS = {
    "digest": digest,
    "signing-input": signing_input,
    "schema-digest": schema_digest,
    "arguments-digest": arguments_digest,
}

"""digest/1: digests and signing inputs of the managed tool host.

Written from spec/digest.md (seed 001, section 6, decided encoding rules 1-4
and 8, and the lane decisions on open JSON values). Input: a JSON value input
(``jsonvalue``); a value of the wrong shape is ``digest.type`` (no accept
path).

``H(prefix, v)`` is ``"sha256:"`` and the lowercase hex SHA-256 of
ASCII(prefix) + LF + JCS(v). JCS is this mirror's own ``rfc8785/1``
serializer (``rfc8785.number_text`` for numbers, its string escaping
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

Decisions where spec/digest.md is silent: the whole value's type and shape
are checked first, then the member rules; ``digest.arg_array`` fires at the
33rd element only, before that element's own rules. Refusal locations:
``digest.input`` carries a byte offset, every other refusal the JSON pointer
of the value refused (``/object/a/0``, ``/schema_id``; ``""`` for the whole
input and for ``digest.arg_bytes``).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, NoReturn, Union

from . import jsonvalue, rfc8785
from .jsonvalue import Number
from .prim import string_rule
from .refusal import Guard, at_pointer, refuse

# spec/digest.md, "Refusals", in table order.
CONTRACT = "digest/1"
INPUT = Guard(CONTRACT, "digest.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "digest.type", "input has the wrong shape", ignorable=False)
SCHEMA_ID = Guard(
    CONTRACT,
    "digest.schema_id",
    "schema id is not 1 to 128 characters from U+0021-U+007E",
)
JCS = Guard(CONTRACT, "digest.jcs", "value cannot be canonicalized")
ARG_NUMBER = Guard(
    CONTRACT, "digest.arg_number", "argument number is not an unsigned safe integer"
)
ARG_STRING = Guard(CONTRACT, "digest.arg_string", "argument string is not a valid string")
ARG_ARRAY = Guard(CONTRACT, "digest.arg_array", "argument array has more than 32 elements")
ARG_DEPTH = Guard(CONTRACT, "digest.arg_depth", "arguments nest deeper than 8")
ARG_BYTES = Guard(CONTRACT, "digest.arg_bytes", "arguments exceed 65536 canonical bytes")
GUARDS = (
    INPUT, TYPE, SCHEMA_ID, JCS, ARG_NUMBER, ARG_STRING, ARG_ARRAY, ARG_DEPTH, ARG_BYTES,
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
_WHOLE = at_pointer()

# A JSON pointer's reference tokens, from the root.
Path = list[Union[str, int]]


def _value(data: bytes) -> jsonvalue.Value:
    return jsonvalue.parse(data, INPUT)


def _shape_error() -> NoReturn:
    refuse(TYPE, _WHOLE)
    raise AssertionError("digest.type has no accept path")


# --------------------------------------------------------------------- JCS


def jcs(value: jsonvalue.Value, path: Path) -> bytes:
    """Return the RFC 8785 canonical bytes of a parsed value, written by
    rfc8785's serializer (spec/digest.md: each implementation uses its own
    ``rfc8785/1``). ``path`` is the value's place in the input; a string or
    number with no canonical form refuses ``digest.jcs`` pointing at it."""
    return rfc8785.serialize(rfc8785.tree(value, path, _not_canonical)).encode("utf-8", "surrogatepass")


def _not_canonical(path: tuple[Union[str, int], ...]) -> None:
    # ignored: kept (a lone surrogate emitted as generalized UTF-8, an
    # infinite number as Infinity / -Infinity)
    refuse(JCS, at_pointer(*path))


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
    assert type(v) is dict
    schema_id = v["schema_id"]
    if _SCHEMA_ID.fullmatch(schema_id) is None:
        refuse(SCHEMA_ID, at_pointer("schema_id"))  # ignored: written as UTF-8
    omit = set(v["omit"])
    obj = {name: value for name, value in v["object"].items() if name not in omit}
    return jsonvalue.utf8(schema_id), jcs(obj, ["object"])


def digest(data: bytes) -> bytes:
    """``digest`` (spec/digest.md, rule 1): ``H(schema_id, object without
    omit)``, the 71-byte digest string."""
    prefix, canonical = _signing_input(data)
    return _h(prefix, canonical)


def signing_input(data: bytes) -> bytes:
    """``signing-input`` (spec/digest.md, rule 2): the bytes schema_id + LF
    + JCS(object without omit)."""
    prefix, canonical = _signing_input(data)
    return prefix + b"\n" + canonical


# ----------------------------------------------------------- schema-digest


def schema_digest(data: bytes) -> bytes:
    """``schema-digest`` (spec/digest.md, rule 4): ``H("aether.schema/1",
    document)`` of an object."""
    v = _value(data)
    if type(v) is not dict:
        _shape_error()
    return _h(SCHEMA_PREFIX.encode("ascii"), jcs(v, []))


# -------------------------------------------------------- arguments-digest


def _arg_string(s: str, path: Path) -> None:
    string_rule(s, ARG_STRING, ARG_STRING, ARG_STRING, at_pointer(*path))


def _arg_number(text: str, path: Path) -> None:
    if _UNSIGNED.fullmatch(text) is None or (
        len(text) > len(MAX_SAFE_INTEGER)
        or (len(text) == len(MAX_SAFE_INTEGER) and text > MAX_SAFE_INTEGER)
    ):
        refuse(ARG_NUMBER, at_pointer(*path))


def _walk(container: Union[list[Any], dict[str, Any]], depth: int, path: Path) -> None:
    """Walk an entered container at ``depth`` (at ``path``) in document
    order."""
    if type(container) is list:
        for index, element in enumerate(container):
            path.append(index)
            if index == MAX_ARG_ARRAY:
                # the 33rd element; ignored: go on
                refuse(ARG_ARRAY, at_pointer(*path))
            _walk_value(element, depth, path)
            path.pop()
    else:
        assert type(container) is dict
        for name, element in container.items():
            path.append(name)
            _arg_string(name, path)
            _walk_value(element, depth, path)
            path.pop()


def _walk_value(v: jsonvalue.Value, depth: int, path: Path) -> None:
    """A value inside a container at ``depth``, at ``path``."""
    if type(v) is list or type(v) is dict:
        if depth + 1 > MAX_ARG_DEPTH:
            # ignored: the walk goes on inside
            refuse(ARG_DEPTH, at_pointer(*path))
        _walk(v, depth + 1, path)
    elif type(v) is Number:
        _arg_number(v.text, path)
    elif type(v) is str:
        _arg_string(v, path)


def arguments_digest(data: bytes) -> bytes:
    """``arguments-digest`` (spec/digest.md, rule 3 and the open-value
    rules): the walk's rules, then the canonical size bound;
    ``H("aether.managed-tool-arguments/1", arguments)``. Refusals point at
    the value (or member) refused."""
    v = _value(data)
    if type(v) is not dict:
        _shape_error()
    _walk(v, 1, [])
    canonical = jcs(v, [])
    if len(canonical) > MAX_ARG_BYTES:
        refuse(ARG_BYTES, _WHOLE)  # ignored: no bound
    return _h(ARGUMENTS_PREFIX.encode("ascii"), canonical)


OPERATIONS = {
    "digest": digest,
    "signing-input": signing_input,
    "schema-digest": schema_digest,
    "arguments-digest": arguments_digest,
}

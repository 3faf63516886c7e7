"""A strict reader of conform's golden vectors (vectors/README.md, format
version 1), standard library only, so that this mirror's own tests run every
vector without conform.

``load(root)`` checks ``MANIFEST`` (each listed file's SHA-256, its order,
and that every ``.jsonl`` file under the root is listed) and reads every
listed file, golden vectors and ``findings/`` alike. Anything that breaks
the format raises VectorError naming the file and line: an unknown or
repeated field, a missing one, a field of the wrong type, a string whose
``\\u`` escapes do not decode to valid UTF-8, a file that is not pure ASCII
with LF line ends, a file without cases, a case id that is not the hash of
its content or is used twice.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[3] / "vectors"
FORMAT = 1
MAX_MANIFEST = 1 << 20  # bytes
MAX_FILE = 64 << 20  # bytes
EXCEPTIONS = frozenset(
    (
        "grammar",
        "type-guard",
        "no-accept-path",
        "unencodable",
        "shadowed",
        "unreachable",
        "wrong-length",
        "pigeonhole",
        "resource-bound",
    )
)

_HEADER_FIELDS = {"conform_vectors", "contract", "op", "behaviour", "description"}
_CASE_FIELDS = {
    "id", "name", "input", "input_hex", "input_expand", "expect", "output", "output_hex",
    "message", "exception", "at", "note",
}
_EXPAND_FIELDS = {"prefix", "fill", "count", "suffix"}
_MANIFEST_LINE = re.compile(r"([0-9a-f]{64})  ([a-z0-9][a-z0-9._/-]*\.jsonl)")
_ID = re.compile(r"[0-9a-f]{16}")
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")
_HEX = re.compile(r"(?:[0-9a-f]{2})*")


class VectorError(Exception):
    """The vector set breaks its format; the message names the file (and
    line) and what is wrong."""


@dataclass(frozen=True)
class Case:
    """One vector: where it is (``source`` is ``path:line``, the path
    relative to the vectors root), what it runs and what it expects.
    ``output`` is set when ``expect`` is ``ok``, ``message`` when it is
    ``refused``; ``finding`` is true for the cases under ``findings/``."""

    source: str
    id: str
    name: str
    contract: str
    op: str
    input: bytes
    expect: str
    output: Optional[bytes]
    message: Optional[str]
    exception: Optional[str]
    finding: bool
    at: tuple[str, ...] = ()
    """The thresholds the expectation sits at (vectors/README.md, ``at``)."""


def case_id(contract: str, op: str, data: bytes) -> str:
    """The id of a case: the first 8 bytes of SHA-256("conform-case/1\\n" +
    contract + "\\n" + op + "\\n" + input), as 16 lowercase hex."""
    h = hashlib.sha256(b"conform-case/1\n" + contract.encode() + b"\n" + op.encode() + b"\n" + data)
    return h.hexdigest()[:16]


def _read_regular(path: Path, limit: int) -> bytes:
    """Read a regular file of at most ``limit`` bytes, checked before it is
    opened for reading."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise VectorError(f"{path}: {e}") from e
    if not stat.S_ISREG(st.st_mode):
        raise VectorError(f"{path}: not a regular file")
    if st.st_size > limit:
        raise VectorError(f"{path}: over {limit} bytes")
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise VectorError(f"{path}: over {limit} bytes")
    return data


def _strict_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"field {key!r} appears twice")
        out[key] = value
    return out


def _utf8(value: str, where: str) -> bytes:
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as e:  # a lone surrogate escape
        raise VectorError(f"{where}: a string does not decode to valid UTF-8") from e


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _field(obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = obj[key]
    if type(value) is not kind:
        raise VectorError(f"{where}: {key} is not a {kind.__name__}")
    if isinstance(value, str):
        _utf8(value, f"{where}: {key}")
    return value


def _bytes_of(obj: dict[str, Any], text: str, hexed: str, where: str) -> bytes:
    """The bytes of a ``text`` / ``hexed`` pair of fields (input / input_hex,
    output / output_hex): exactly one is present; the hex form is lowercase
    and only for bytes that are not valid UTF-8."""
    if (text in obj) == (hexed in obj):
        raise VectorError(f"{where}: exactly one of {text} and {hexed} is required")
    if text in obj:
        return _utf8(_field(obj, text, str, where), f"{where}: {text}")
    value = _field(obj, hexed, str, where)
    if _HEX.fullmatch(value) is None:
        raise VectorError(f"{where}: {hexed} is not lowercase hex of whole bytes")
    data = bytes.fromhex(value)
    if _is_utf8(data):
        raise VectorError(f"{where}: {hexed} holds valid UTF-8; use {text}")
    return data


def _input(obj: dict[str, Any], where: str) -> bytes:
    forms = [k for k in ("input", "input_hex", "input_expand") if k in obj]
    if len(forms) != 1:
        raise VectorError(f"{where}: exactly one of input, input_hex and input_expand is required")
    if forms[0] != "input_expand":
        return _bytes_of(obj, "input", "input_hex", where)
    expand = obj["input_expand"]
    if type(expand) is not dict or set(expand) != _EXPAND_FIELDS:
        raise VectorError(f"{where}: input_expand is not {{prefix, fill, count, suffix}}")
    count = expand["count"]
    if type(count) is not int or count < 0:
        raise VectorError(f"{where}: input_expand.count is not a non-negative integer")
    prefix, fill, suffix = (
        _utf8(_field(expand, k, str, f"{where}: input_expand"), where) for k in ("prefix", "fill", "suffix")
    )
    return prefix + fill * count + suffix


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _read_file(rel: str, data: bytes, ids: dict[str, str]) -> list[Case]:
    if not data.endswith(b"\n") or b"\r" in data or not data.isascii():
        raise VectorError(f"{rel}: not pure ASCII with LF line ends, ending with a LF")
    lines = data.decode("ascii").split("\n")[:-1]
    objects = []
    for n, text in enumerate(lines, 1):
        try:
            obj = json.loads(text, object_pairs_hook=_strict_object, parse_constant=_no_constant)
        except ValueError as e:
            raise VectorError(f"{rel}:{n}: {e}") from e
        if type(obj) is not dict:
            raise VectorError(f"{rel}:{n}: not a JSON object")
        objects.append(obj)
    if len(objects) < 2:
        raise VectorError(f"{rel}: no cases")
    header, where = objects[0], f"{rel}:1"
    if set(header) != _HEADER_FIELDS:
        raise VectorError(f"{where}: header fields are not {sorted(_HEADER_FIELDS)}")
    if _field(header, "conform_vectors", int, where) != FORMAT:
        raise VectorError(f"{where}: conform_vectors is not {FORMAT}")
    contract = _field(header, "contract", str, where)
    op = _field(header, "op", str, where)
    _field(header, "description", str, where)
    parts = rel.split("/")
    finding = parts[0] == "findings"
    directory = parts[1] if finding else parts[0]
    if len(parts) != (3 if finding else 2) or contract.split("/")[0] != directory:
        raise VectorError(f"{where}: a {contract} file does not lie in its contract's directory")
    if _field(header, "behaviour", str, where) != parts[-1][: -len(".jsonl")]:
        raise VectorError(f"{where}: behaviour is not the file's stem")
    names: set[str] = set()
    cases = []
    for n, obj in enumerate(objects[1:], 2):
        where = f"{rel}:{n}"
        unknown = set(obj) - _CASE_FIELDS
        if unknown:
            raise VectorError(f"{where}: unknown fields {sorted(unknown)}")
        for key in ("id", "name", "expect"):
            if key not in obj:
                raise VectorError(f"{where}: no {key}")
        name = _field(obj, "name", str, where)
        if _NAME.fullmatch(name) is None or name in names:
            raise VectorError(f"{where}: name {name!r} is not [a-z0-9][a-z0-9._-]* or is used twice")
        names.add(name)
        data = _input(obj, where)
        cid = _field(obj, "id", str, where)
        if _ID.fullmatch(cid) is None or cid != case_id(contract, op, data):
            raise VectorError(f"{where}: id {cid!r} is not the hash of the case")
        if cid in ids:
            raise VectorError(f"{where}: id {cid} is also the id of {ids[cid]}")
        ids[cid] = where
        for key in ("note",):
            if key in obj:
                _field(obj, key, str, where)
        at: tuple[str, ...] = ()
        if "at" in obj:
            listed = obj["at"]
            if (type(listed) is not list or not listed or any(type(x) is not str for x in listed)
                    or listed != sorted(set(listed))):
                raise VectorError(f"{where}: at is not a non-empty array of distinct strings in ascending order")
            at = tuple(listed)
        expect = _field(obj, "expect", str, where)
        output = message = exception = None
        if expect == "ok":
            if "message" in obj or "exception" in obj:
                raise VectorError(f"{where}: an ok case has no message or exception")
            output = _bytes_of(obj, "output", "output_hex", where)
        elif expect == "refused":
            if "output" in obj or "output_hex" in obj or "message" not in obj:
                raise VectorError(f"{where}: a refused case has a message and no output")
            message = _field(obj, "message", str, where)
            if "exception" in obj:
                exception = _field(obj, "exception", str, where)
                if exception not in EXCEPTIONS:
                    raise VectorError(f"{where}: exception {exception!r} is not in the vocabulary")
        else:
            raise VectorError(f"{where}: expect is not ok or refused")
        cases.append(Case(where, cid, name, contract, op, data, expect, output, message,
                          exception, finding, at))
    return cases


def load(root: Path = ROOT) -> list[Case]:
    """Verify ``root``/MANIFEST and read every file it lists; return every
    case, in MANIFEST order then file order. Raises VectorError on any
    breach of vectors/README.md."""
    manifest = _read_regular(root / "MANIFEST", MAX_MANIFEST)
    if not manifest.endswith(b"\n") or b"\r" in manifest:
        raise VectorError(f"{root / 'MANIFEST'}: not LF-terminated lines")
    listed: list[str] = []
    files: dict[str, bytes] = {}
    for n, line in enumerate(manifest.decode("ascii", "replace").split("\n")[:-1], 1):
        m = _MANIFEST_LINE.fullmatch(line)
        if m is None or ".." in m.group(2).split("/"):
            raise VectorError(f"MANIFEST:{n}: not '<sha256>  <path>.jsonl'")
        want, rel = m.groups()
        files[rel] = _read_regular(root / rel, MAX_FILE)
        actual = hashlib.sha256(files[rel]).hexdigest()
        if actual != want:
            raise VectorError(f"MANIFEST:{n}: {rel} has sha256 {actual}, not {want}")
        listed.append(rel)
    if listed != sorted(listed) or len(set(listed)) != len(listed):
        raise VectorError("MANIFEST: paths are not sorted, each once")
    on_disk = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.jsonl"))
    unlisted = sorted(set(on_disk) - set(listed))
    if unlisted:
        raise VectorError(f"vector files the MANIFEST does not list: {unlisted}")
    ids: dict[str, str] = {}
    cases: list[Case] = []
    for rel in listed:
        cases += _read_file(rel, files[rel], ids)
    return cases

"""probe-manifest/1: atoma's probe manifest (merge, the write guard, the
on-disk checker).

Written from spec/probe-manifest.md (seed 000, "Probe manifests"):

- paths are normalized (``\\`` as ``/``, empty and ``.`` segments dropped,
  ``..`` drops the segment before it) before the root
  ``.atoma-probes.json`` is recognized; an empty, absolute, drive-lettered
  or climbing path is refused;
- an entry is shell {cmd, exit}, web {file, smoke} or http {url, status}, by
  ``kind``; the reader (merge's new entries) reads the aliases ``browser``
  and ``playwright`` as ``web`` and writes ``web``; the on-disk checker
  accepts no alias;
- merge: a ``model`` writer is a hand edit, refused; a corrupt existing
  manifest is refused by record_probe, kept (nothing written) by distill,
  rebuilt by every other writer; then shell entries replace by cmd, web
  entries by file and smoke, http entries are appended;
- output: ``{"probes":[...]}`` and LF, ASCII, ``\\uxxxx`` (lowercase) for
  every unit outside U+0020-U+007E and for the quote and the backslash.
"""

from __future__ import annotations

import re
from typing import Any, Callable, NoReturn, Optional, cast

from . import jsonvalue
from .jsonvalue import Number
from .refusal import Guard, Refusal, ignoring, refuse

# spec/probe-manifest.md, "Refusals", in table order.
CONTRACT = "probe-manifest/1"
INPUT = Guard(CONTRACT, "probe-manifest.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "probe-manifest.type", "value is not a JSON object", ignorable=False)
UNKNOWN_MEMBER = Guard(CONTRACT, "probe-manifest.unknown_member", "object has a member outside its shape")
MISSING_MEMBER = Guard(CONTRACT, "probe-manifest.missing_member", "object lacks a member of its shape")
PATH = Guard(CONTRACT, "probe-manifest.path", "path is not a relative path inside the workspace")
NOT_MANIFEST = Guard(CONTRACT, "probe-manifest.not_manifest", "path does not name .atoma-probes.json")
WRITER = Guard(CONTRACT, "probe-manifest.writer", "writer is not record_probe, distill, verify or model")
HAND_EDIT = Guard(CONTRACT, "probe-manifest.hand_edit", "a model hand-edit of the probe manifest is refused")
EXISTING = Guard(CONTRACT, "probe-manifest.existing", "existing is not null or a string", ignorable=False)
CORRUPT = Guard(CONTRACT, "probe-manifest.corrupt", "the existing manifest is corrupt")
ENTRIES = Guard(CONTRACT, "probe-manifest.entries", "entries is not an array of objects", ignorable=False)
PROBES = Guard(CONTRACT, "probe-manifest.probes", "probes is not an array of objects", ignorable=False)
KIND = Guard(CONTRACT, "probe-manifest.kind", "kind is not shell, web or http")
CMD = Guard(CONTRACT, "probe-manifest.cmd", "cmd is not a non-empty string")
EXIT = Guard(CONTRACT, "probe-manifest.exit", "exit is not an integer from 0 to 255")
FILE = Guard(CONTRACT, "probe-manifest.file", "file is not a non-empty string")
SMOKE = Guard(CONTRACT, "probe-manifest.smoke", "smoke is not a non-empty string")
URL = Guard(CONTRACT, "probe-manifest.url", "url is not an http or https URL")
STATUS = Guard(CONTRACT, "probe-manifest.status", "status is not an integer from 100 to 599")
GUARDS = (INPUT, TYPE, UNKNOWN_MEMBER, MISSING_MEMBER, PATH, NOT_MANIFEST, WRITER, HAND_EDIT, EXISTING,
          CORRUPT, ENTRIES, PROBES, KIND, CMD, EXIT, FILE, SMOKE, URL, STATUS)

MANIFEST = ".atoma-probes.json"
WEB = "web"  # WEB_PROBE_DISCRIMINANT
ALIASES = ("browser", "playwright")  # REPORTED_WEB_PROBE_ALIASES: the reader's only
WRITERS = ("record_probe", "distill", "verify", "model")
_NATURAL = re.compile(r"0|[1-9][0-9]*")


def _stand(guard: Guard) -> NoReturn:
    raise Refusal(guard, None)


def _non_empty(v: object) -> bool:
    return v != ""


def _int_in(lo: int, hi: int) -> Callable[[object], bool]:
    def rule(v: object) -> bool:
        return isinstance(v, Number) and _NATURAL.fullmatch(v.text) is not None and lo <= int(v.text) <= hi
    return rule


def _is_url(v: object) -> bool:
    s = str(v)
    if any(ord(c) <= 0x20 or ord(c) == 0x7F for c in s):
        return False
    return (s.startswith("http://") and len(s) > 7) or (s.startswith("https://") and len(s) > 8)


# Each kind's members after kind: (name, type, guard, rule).
KINDS = {
    "shell": (("cmd", str, CMD, _non_empty), ("exit", Number, EXIT, _int_in(0, 255))),
    "web": (("file", str, FILE, _non_empty), ("smoke", str, SMOKE, _non_empty)),
    "http": (("url", str, URL, _is_url), ("status", Number, STATUS, _int_in(100, 599))),
}


def normalize(path: str) -> tuple[str, bool]:
    """The normalized path, and whether the path was sound."""
    sound = path != ""
    p = path.replace("\\", "/")
    if p.startswith("/") or (len(p) > 1 and p[1] == ":" and p[0].isascii() and p[0].isalpha()):
        sound = False
    segs: list[str] = []
    for seg in p.split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if segs:
                segs.pop()
            else:
                sound = False
            continue
        segs.append(seg)
    if not segs:
        sound = False
    return "/".join(segs), sound


def _closed(v: object, names: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict):
        _stand(TYPE)
    if any(k not in names for k in v):
        refuse(UNKNOWN_MEMBER)
    return v


def _member(o: dict[str, Any], name: str, typ: type, guard: Guard, rule: Optional[Callable[[object], bool]] = None,
            nullable: bool = False) -> object:
    if name not in o:
        refuse(MISSING_MEMBER)
        _stand(guard)
    v = o[name]
    if nullable and v is None:
        return v
    if not isinstance(v, typ) or isinstance(v, bool):
        _stand(guard)
    if rule is not None and not rule(v):
        refuse(guard)
    return v


def _entry(v: object, reader: bool) -> tuple[str, object, object]:
    if not isinstance(v, dict):
        _stand(TYPE)
    k = v.get("kind")
    kind = None
    if isinstance(k, str):
        if k in KINDS:
            kind = k
        elif reader and k in ALIASES:
            kind = WEB
    if kind is None:
        _stand(KIND)
    spec = KINDS[kind]
    _closed(v, ("kind", spec[0][0], spec[1][0]))
    a, b = (_member(v, name, typ, guard, rule) for name, typ, guard, rule in spec)
    return kind, a, b


def _entries(items: list[Any], guard: Guard, reader: bool) -> list[tuple[str, object, object]]:
    for v in items:
        if not isinstance(v, dict):
            _stand(guard)
    return [_entry(v, reader) for v in items]


def _check_manifest(v: object) -> list[tuple[str, object, object]]:
    o = _closed(v, ("probes",))
    probes = _member(o, "probes", list, PROBES)
    return _entries(cast(list[Any], probes), PROBES, False)


_q = jsonvalue.quote_units


def _text(v: object) -> str:
    return _q(v) if isinstance(v, str) else cast(Number, v).text


def _canonical(entries: list[tuple[str, object, object]]) -> bytes:
    parts = []
    for kind, a, b in entries:
        (na, *_), (nb, *_) = KINDS[kind]
        parts.append('{"kind":"%s","%s":%s,"%s":%s}' % (kind, na, _text(a), nb, _text(b)))
    return ('{"probes":[' + ",".join(parts) + "]}\n").encode("ascii")


def _same(x: tuple[str, object, object], y: tuple[str, object, object]) -> bool:
    if x[0] != y[0] or x[0] == "http":
        return False
    if x[0] == "shell":
        return x[1] == y[1]
    return x[1] == y[1] and x[2] == y[2]


def _path_and_writer(o: dict[str, Any]) -> tuple[str, str]:
    path = _member(o, "path", str, PATH, lambda v: normalize(str(v))[1])
    writer = _member(o, "writer", str, WRITER, lambda v: v in WRITERS)
    return normalize(cast(str, path))[0], cast(str, writer)


def check(data: bytes) -> bytes:
    """The on-disk checker: the manifest's canonical bytes."""
    return _canonical(_check_manifest(jsonvalue.parse(data, INPUT)))


def write_guard(data: bytes) -> bytes:
    """{"path","manifest"}; a model writing the manifest is refused."""
    o = _closed(jsonvalue.parse(data, INPUT), ("path", "writer"))
    path, writer = _path_and_writer(o)
    is_manifest = path == MANIFEST
    if is_manifest and writer == "model":
        refuse(HAND_EDIT)
    return ('{"path":%s,"manifest":%s}' % (_q(path), "true" if is_manifest else "false")).encode("ascii")


def _existing(v: object) -> Optional[list[Any]]:
    """The existing entries ([] when the file is absent), or None when the
    text is corrupt, decided with no guard ignored."""
    if v is None:
        return []
    try:
        raw = cast(str, v).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return None
    try:
        with ignoring():
            return _check_manifest(jsonvalue.parse(raw, INPUT))
    except Refusal:
        return None


def merge(data: bytes) -> bytes:
    """The merged manifest's canonical bytes, or nothing (distill keeps a
    corrupt file)."""
    o = _closed(jsonvalue.parse(data, INPUT), ("path", "writer", "existing", "entries"))
    path, writer = _path_and_writer(o)
    existing = _member(o, "existing", str, EXISTING, nullable=True)
    entries = _entries(cast(list[Any], _member(o, "entries", list, ENTRIES)), ENTRIES, True)
    if path != MANIFEST:
        refuse(NOT_MANIFEST)
    if writer == "model":
        refuse(HAND_EDIT)
    out = _existing(existing)
    if out is None:
        if writer == "record_probe":
            refuse(CORRUPT)
        elif writer == "distill":
            return b""
        out = []
    for e in entries:
        at = next((i for i, x in enumerate(out) if _same(x, e)), -1)
        if at >= 0:
            out[at] = e
        else:
            out.append(e)
    return _canonical(out)


OPERATIONS = {"merge": merge, "check": check, "write-guard": write_guard}

"""bridge/4: the NDJSON codec of the bridge event protocol.

Written from spec/bridge.md (seed 001, section 1, "AetherCode ↔ Brain bridge
event protocol · PROTOCOL_VERSION = 4": the versioning rule, the two message
tables and the workflow-swarm frames, invariant 1 on tool-call correlation,
invariant 3 on the ASCII-escaped wire, invariant 5 on ``done.reason``).

- ``decode``: one message, a JSON value input (``jsonvalue``, guard
  ``bridge.input``), must be an object (``bridge.type``, no accept path) with
  a string ``type`` (``bridge.msg_type``). An unknown type is ignored: the
  output is empty. Each field of a known type, in table order: missing
  (``bridge.missing``), wrong kind with ``null`` a wrong kind
  (``bridge.field_type``), an integer out of range (``bridge.integer``), a
  string outside its vocabulary (``bridge.done_reason``,
  ``bridge.control_action``), an unpaired surrogate in any of its strings
  (``bridge.surrogate``). Unknown members are dropped unchecked. The output
  is the canonical form: ``type`` first, the present fields in table order,
  numbers as their literal text, UTF-8.
- ``encode``: the wire line, the same object ASCII-escaped and LF-terminated.
- ``round-trip``: the wire line, then the canonical form of decoding it.
- ``stream``: LF-separated lines, each decoded; one ``tool_call`` outstanding
  at a time (``bridge.call_pending``), each ``tool_result`` echoing its id
  (``bridge.correlation``).

Strings are quoted by CPython's own ``json.dumps``: with
``ensure_ascii=False`` for the canonical form and ``ensure_ascii=True`` for
the wire, which is exactly what spec/bridge.md says each form is.
"""

from __future__ import annotations

import json
import re
from typing import Optional

from . import jsonvalue
from .jsonvalue import Number
from .refusal import Guard, Location, Refusal, at_offset, at_pointer, refuse

# spec/bridge.md, "Refusals", in table order.
CONTRACT = "bridge/4"
INPUT = Guard(CONTRACT, "bridge.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "bridge.type", "message is not a JSON object", ignorable=False)
MSG_TYPE = Guard(CONTRACT, "bridge.msg_type", "message type is missing or not a string")
MISSING = Guard(CONTRACT, "bridge.missing", "required field is missing")
FIELD_TYPE = Guard(CONTRACT, "bridge.field_type", "field has the wrong JSON type")
INTEGER = Guard(CONTRACT, "bridge.integer", "integer field is not an integer in its range")
DONE_REASON = Guard(CONTRACT, "bridge.done_reason", "done.reason is not in its vocabulary")
CONTROL_ACTION = Guard(
    CONTRACT, "bridge.control_action", "control.action is not pause, resume or steer"
)
SURROGATE = Guard(CONTRACT, "bridge.surrogate", "string holds an unpaired surrogate")
CALL_PENDING = Guard(
    CONTRACT, "bridge.call_pending", "tool_call while another tool_call is outstanding"
)
CORRELATION = Guard(
    CONTRACT, "bridge.correlation", "tool_result id does not match the outstanding tool_call"
)
GUARDS = (
    INPUT, TYPE, MSG_TYPE, MISSING, FIELD_TYPE, INTEGER, DONE_REASON, CONTROL_ACTION, SURROGATE,
    CALL_PENDING, CORRELATION,
)

# The message tables: type -> ((field, kind, required), ...) in canonical
# order. Kinds: "str", "uint" (0..2^53-1), "int" (signed), "num", "bool",
# "obj", "phases".
_R, _O = True, False
MESSAGES: dict[str, tuple[tuple[str, str, bool], ...]] = {
    # brain -> host
    "stage": (("name", "str", _R), ("face", "str", _R)),
    "monologue": (("text", "str", _R), ("depth", "uint", _R)),
    "skill": (("name", "str", _R), ("reason", "str", _R)),
    "turn": tuple((f, "uint", _R) for f in (
        "n", "tool_calls", "malformed", "invented", "no_call", "fail_count")),
    "tool_call": (("id", "str", _R), ("name", "str", _R), ("args", "obj", _R)),
    "telemetry": (("tokens", "uint", _R), ("tps", "num", _R), ("ctx_used", "uint", _R),
                  ("ctx_cap", "uint", _R), ("vram", "num", _R)),
    "status": (("phase", "str", _R), ("pool_used", "num", _R), ("pool_cap", "num", _R)),
    "checkpoint": (("git_sha", "str", _R),),
    "done": (("ok", "bool", _R), ("result", "str", _R), ("remaining", "uint", _O),
             ("reason", "str", _O)),
    "error": (("msg", "str", _R),),
    "workflow_start": (("workflow_id", "str", _R), ("phases", "phases", _R),
                       ("total_agents", "uint", _R)),
    "phase_start": (("phase_n", "uint", _R), ("phase_type", "str", _R),
                    ("agent_count", "uint", _R)),
    "phase_done": (("phase_n", "uint", _R), ("artifact_summary", "str", _R)),
    "agent_spawn": (("agent_id", "str", _R), ("phase_n", "uint", _R), ("brief", "str", _R)),
    "agent_progress": (("agent_id", "str", _R), ("delta", "str", _R)),
    "agent_done": (("agent_id", "str", _R), ("phase_n", "uint", _R), ("summary", "str", _R),
                   ("tokens", "uint", _O), ("tool_calls", "uint", _O),
                   ("duration_ms", "uint", _O)),
    "workflow_done": (("synthesis", "str", _R), ("total_phases", "uint", _R),
                      ("total_agents", "uint", _R)),
    # host -> brain
    "task": (("text", "str", _R), ("cwd", "str", _R), ("pool_gb", "num", _R),
             ("effort", "str", _R), ("model", "str", _R), ("test_cmd", "str", _O)),
    "tool_result": (("id", "str", _R), ("output", "str", _R), ("exit_code", "int", _R)),
    "control": (("action", "str", _R), ("note", "str", _O)),
}
_PHASE_ITEM = (("n", "uint", _R), ("type", "str", _R), ("agents", "uint", _R))

# (type, field) -> (vocabulary, guard)
_VOCABULARY = {
    ("done", "reason"): (frozenset(("", "stalled", "no-progress", "max-turns", "unverified")),
                         DONE_REASON),
    ("control", "action"): (frozenset(("pause", "resume", "steer")), CONTROL_ACTION),
}

_LIMIT = 2**53 - 1
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")


def _is_integer(text: str, signed: bool) -> bool:
    if not _INTEGER.fullmatch(text):
        return False
    n = int(text)
    return abs(n) <= _LIMIT and (signed or n >= 0)


def _has_kind(kind: str, value: object) -> bool:
    if kind == "str":
        return type(value) is str
    if kind in ("uint", "int", "num"):
        return type(value) is Number
    if kind == "bool":
        return type(value) is bool
    if kind == "obj":
        return type(value) is dict
    return type(value) is list  # phases


def _unpaired(value: object) -> bool:
    """Whether a string of ``value``, a member name included, holds an
    unpaired surrogate (in a parsed string, every surrogate code point is
    one)."""
    if type(value) is str:
        return jsonvalue.has_lone_surrogate(value)
    if type(value) is list:
        return any(_unpaired(v) for v in value)
    if type(value) is dict:
        return any(jsonvalue.has_lone_surrogate(k) or _unpaired(v) for k, v in value.items())
    return False


def _check(mtype: str, name: str, kind: str, value: object, path: tuple[str | int, ...]) -> None:
    """Rules 2 to 5 of step 4 on a present field."""
    where = at_pointer(*path)
    if not _has_kind(kind, value):
        refuse(FIELD_TYPE, where)
    if kind in ("uint", "int") and type(value) is Number and not _is_integer(
            value.text, kind == "int"):
        refuse(INTEGER, where)
    vocab = _VOCABULARY.get((mtype, name))
    if vocab is not None and type(value) is str and value not in vocab[0]:
        refuse(vocab[1], where)
    if _unpaired(value):
        refuse(SURROGATE, where)


def _phases(value: object, path: tuple[str | int, ...]) -> object:
    """A phases field: the array, then each item; returns the value to write."""
    if type(value) is not list:
        refuse(FIELD_TYPE, at_pointer(*path))
        if _unpaired(value):
            refuse(SURROGATE, at_pointer(*path))
        return value
    items: list[object] = []
    for i, item in enumerate(value):
        ipath: tuple[str | int, ...] = path + (i,)
        if type(item) is not dict:
            refuse(FIELD_TYPE, at_pointer(*ipath))
            if _unpaired(item):
                refuse(SURROGATE, at_pointer(*ipath))
            items.append(item)
            continue
        kept: dict[str, object] = {}
        for name, kind, _ in _PHASE_ITEM:
            if name not in item:
                refuse(MISSING, at_pointer(*ipath))
                continue
            _check("", name, kind, item[name], ipath + (name,))
            kept[name] = item[name]
        items.append(kept)
    return items


def _read(data: bytes) -> Optional[tuple[str, list[tuple[str, object]]]]:
    """Decode one message: its type and kept fields, or None when ignored."""
    value = jsonvalue.parse(data, INPUT)
    if type(value) is not dict:
        refuse(TYPE, at_pointer())
        raise AssertionError("bridge.type has no accept path")
    mtype = value.get("type")
    if type(mtype) is not str:
        refuse(MSG_TYPE, at_pointer())
        return None
    fields = MESSAGES.get(mtype)
    if fields is None:
        return None  # unknown types are ignored, not refused
    kept: list[tuple[str, object]] = []
    for name, kind, required in fields:
        if name not in value:
            if required:
                refuse(MISSING, at_pointer())
            continue
        v = value[name]
        if kind == "phases":
            kept.append((name, _phases(v, (name,))))
        else:
            _check(mtype, name, kind, v, (name,))
            kept.append((name, v))
    return mtype, kept


def _write(value: object, ascii: bool, out: list[str]) -> None:
    if type(value) is str:
        out.append(json.dumps(value, ensure_ascii=ascii))
    elif type(value) is Number:
        out.append(value.text)
    elif value is None:
        out.append("null")
    elif type(value) is bool:
        out.append("true" if value else "false")
    elif type(value) is list:
        out.append("[")
        for i, v in enumerate(value):
            if i:
                out.append(",")
            _write(v, ascii, out)
        out.append("]")
    else:
        assert type(value) is dict
        out.append("{")
        for i, (k, v) in enumerate(value.items()):
            if i:
                out.append(",")
            out.append(json.dumps(k, ensure_ascii=ascii))
            out.append(":")
            _write(v, ascii, out)
        out.append("}")


def _form(message: tuple[str, list[tuple[str, object]]], ascii: bool) -> str:
    mtype, kept = message
    out = ['{"type":', json.dumps(mtype, ensure_ascii=ascii)]
    for name, v in kept:
        out += [",", json.dumps(name, ensure_ascii=ascii), ":"]
        _write(v, ascii, out)
    out.append("}")
    return "".join(out)


def decode(data: bytes) -> bytes:
    """bridge/4 ``decode``: the canonical form, or b"" for an ignored message."""
    m = _read(data)
    return b"" if m is None else jsonvalue.utf8(_form(m, False))


def encode(data: bytes) -> bytes:
    """bridge/4 ``encode``: the wire line, or b"" for an ignored message."""
    m = _read(data)
    return b"" if m is None else (_form(m, True) + "\n").encode("ascii")


def round_trip(data: bytes) -> bytes:
    """bridge/4 ``round-trip``: the wire line, then the canonical form of
    decoding it again (which must be the first decoding's)."""
    m = _read(data)
    if m is None:
        return b""
    wire = (_form(m, True) + "\n").encode("ascii")
    again = _read(wire)
    if again is None or _form(again, False) != _form(m, False):
        raise AssertionError("bridge: the round trip changed the message")
    return wire + jsonvalue.utf8(_form(again, False))


def _string_id(kept: list[tuple[str, object]]) -> Optional[str]:
    for name, v in kept:
        if name == "id":
            return v if type(v) is str else None
    return None


def stream(data: bytes) -> bytes:
    """bridge/4 ``stream``: the wire lines of the messages not ignored, with
    one tool_call outstanding at a time and each tool_result echoing its id."""
    if not data:
        return b""
    body = data[:-1] if data.endswith(b"\n") else data
    out: list[bytes] = []
    outstanding = False
    pending: Optional[str] = None  # the outstanding call's id, None matches nothing
    start = 0
    for line in body.split(b"\n"):
        where = at_offset(start)
        try:
            m = _read(line)
        except Refusal as e:
            # Located in the whole stream: the line's own offset added, its pointer dropped.
            inner = e.location.offset if e.location is not None and e.location.offset else 0
            raise Refusal(e.guard, Location(offset=start + inner)) from None
        start += len(line) + 1
        if m is None:
            continue
        mtype, kept = m
        if mtype == "tool_call":
            if outstanding:
                refuse(CALL_PENDING, where)
            outstanding, pending = True, _string_id(kept)
        elif mtype == "tool_result":
            rid = _string_id(kept)
            if not outstanding or pending is None or rid is None or rid != pending:
                refuse(CORRELATION, where)
            outstanding, pending = False, None
        out.append((_form(m, True) + "\n").encode("ascii"))
    return b"".join(out)


OPERATIONS = {"decode": decode, "encode": encode, "round-trip": round_trip, "stream": stream}

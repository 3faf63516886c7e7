"""attestation/1: atoma's proof attestation.

Written from spec/attestation.md (seed 000, "Proof attestation"). ``attest``
reads a record {obligation, observation, witnesses}: the one obligation
``dom-interaction``; an observation written by the runtime only, whose
requested and executed interaction logs are apart; witnesses that declare
who observed them. Then ok and error must agree; a pre-flight refusal
executed nothing; a model-declared witness is never transport-observed, a
transport witness carries no cmd, a model witness names one. The verdict:
preflight, not-ok, nothing-executed, no-control, reset-first, or proven (an
executed control before any reset). ``preflight`` is isPreflightRefusal:
the error begins with one of the two prefixes.
"""

from __future__ import annotations

from typing import Any, Callable, NoReturn, Optional, cast

from . import jsonvalue
from .refusal import Guard, Refusal, refuse

# spec/attestation.md, "Refusals", in table order.
CONTRACT = "attestation/1"
INPUT = Guard(CONTRACT, "attestation.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "attestation.type", "value is not of the JSON type the operation reads", ignorable=False)
UNKNOWN_MEMBER = Guard(CONTRACT, "attestation.unknown_member", "object has a member outside its shape")
MISSING_MEMBER = Guard(CONTRACT, "attestation.missing_member", "object lacks a member of its shape")
OBLIGATION = Guard(CONTRACT, "attestation.obligation", "obligation is not dom-interaction")
WRITER = Guard(CONTRACT, "attestation.writer", "observation writer is not runtime")
TOOL = Guard(CONTRACT, "attestation.tool", "tool is not a non-empty string")
OK = Guard(CONTRACT, "attestation.ok", "ok is not true or false", ignorable=False)
ERROR = Guard(CONTRACT, "attestation.error", "error is not null or a string", ignorable=False)
INTERACTIONS = Guard(CONTRACT, "attestation.interactions", "an interaction log is not an array of objects",
                     ignorable=False)
STEP = Guard(CONTRACT, "attestation.step", "step is not control, milestone or reset")
TARGET = Guard(CONTRACT, "attestation.target", "target is not a non-empty string")
WITNESSES = Guard(CONTRACT, "attestation.witnesses", "witnesses is not an array of objects", ignorable=False)
OBSERVER = Guard(CONTRACT, "attestation.observer", "observer is not transport or model")
DECLARED_BY = Guard(CONTRACT, "attestation.declared_by", "declaredBy is not transport or model")
REF = Guard(CONTRACT, "attestation.ref", "ref is not a non-empty string")
CMD = Guard(CONTRACT, "attestation.cmd", "cmd is not a non-empty string")
OK_ERROR = Guard(CONTRACT, "attestation.ok_error", "ok and error disagree")
PREFLIGHT_EXECUTED = Guard(CONTRACT, "attestation.preflight_executed",
                           "a pre-flight refusal opened no page and executed nothing")
RELABEL = Guard(CONTRACT, "attestation.relabel", "a model-declared witness is not transport-observed")
WITNESS_CMD = Guard(CONTRACT, "attestation.witness_cmd", "a transport witness carries no cmd")
WITNESS_NO_CMD = Guard(CONTRACT, "attestation.witness_no_cmd", "a model-observed witness names its cmd")
GUARDS = (INPUT, TYPE, UNKNOWN_MEMBER, MISSING_MEMBER, OBLIGATION, WRITER, TOOL, OK, ERROR, INTERACTIONS, STEP,
          TARGET, WITNESSES, OBSERVER, DECLARED_BY, REF, CMD, OK_ERROR, PREFLIGHT_EXECUTED, RELABEL, WITNESS_CMD,
          WITNESS_NO_CMD)

SMOKE_PREFLIGHT_REFUSAL_PREFIX = "smoke preflight refused: "
PROBE_URL_REFUSAL_PREFIX = "probe url refused: "
_ABSENT = object()


def is_preflight_refusal(error: str) -> Optional[str]:
    """isPreflightRefusal: "smoke", "probe-url", or None."""
    if error.startswith(SMOKE_PREFLIGHT_REFUSAL_PREFIX):
        return "smoke"
    if error.startswith(PROBE_URL_REFUSAL_PREFIX):
        return "probe-url"
    return None


def _stand(guard: Guard) -> NoReturn:
    raise Refusal(guard, None)


def _closed(v: object, names: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict):
        _stand(TYPE)
    if any(k not in names for k in v):
        refuse(UNKNOWN_MEMBER)
    return v


def _member(o: dict[str, Any], name: str, type_ok: Callable[[object], bool], guard: Guard,
            rule: Optional[Callable[[object], bool]] = None, optional: bool = False) -> object:
    if name not in o:
        if optional:
            return _ABSENT
        refuse(MISSING_MEMBER)
        _stand(guard)
    v = o[name]
    if not type_ok(v):
        _stand(guard)
    if rule is not None and v is not None and not rule(v):
        refuse(guard)
    return v


def _str(v: object) -> bool:
    return isinstance(v, str)


def _one_of(*values: str) -> Callable[[object], bool]:
    return lambda v: v in values


def _non_empty(v: object) -> bool:
    return v != ""


def _objects(v: object, guard: Guard, each: Callable[[dict[str, Any]], None]) -> list[Any]:
    if not isinstance(v, list):
        _stand(guard)
    for e in v:
        if not isinstance(e, dict):
            _stand(guard)
        each(e)
    return v


def _interaction(o: dict[str, Any]) -> None:
    _closed(o, ("step", "target"))
    _member(o, "step", _str, STEP, _one_of("control", "milestone", "reset"))
    _member(o, "target", _str, TARGET, _non_empty)


def _witness(o: dict[str, Any]) -> None:
    _closed(o, ("observer", "declaredBy", "ref", "cmd"))
    _member(o, "observer", _str, OBSERVER, _one_of("transport", "model"))
    _member(o, "declaredBy", _str, DECLARED_BY, _one_of("transport", "model"))
    _member(o, "ref", _str, REF, _non_empty)
    _member(o, "cmd", _str, CMD, _non_empty, optional=True)


_q = jsonvalue.quote_units


def attest(data: bytes) -> bytes:
    """The verdict of an attestation record."""
    rec = _closed(jsonvalue.parse(data, INPUT), ("obligation", "observation", "witnesses"))
    obligation = _member(rec, "obligation", _str, OBLIGATION, _one_of("dom-interaction"))
    obs = _closed(_member(rec, "observation", lambda v: isinstance(v, dict), TYPE),
                  ("writer", "tool", "ok", "error", "requestedInteractions", "executedInteractions"))
    _member(obs, "writer", _str, WRITER, _one_of("runtime"))
    _member(obs, "tool", _str, TOOL, _non_empty)
    ok = _member(obs, "ok", lambda v: isinstance(v, bool), OK)
    error = _member(obs, "error", lambda v: v is None or isinstance(v, str), ERROR)
    _objects(_member(obs, "requestedInteractions", lambda v: isinstance(v, list), INTERACTIONS), INTERACTIONS,
             _interaction)
    executed = _objects(_member(obs, "executedInteractions", lambda v: isinstance(v, list), INTERACTIONS),
                        INTERACTIONS, _interaction)
    witnesses = _objects(_member(rec, "witnesses", lambda v: isinstance(v, list), WITNESSES), WITNESSES, _witness)

    if (ok is True) == (error is not None):
        refuse(OK_ERROR)
    preflight = isinstance(error, str) and is_preflight_refusal(error) is not None
    if preflight and executed:
        refuse(PREFLIGHT_EXECUTED)
    probes, refs = [], []
    for w in witnesses:
        transport = w.get("observer") == "transport"
        cmd = w.get("cmd")
        if w.get("declaredBy") == "model" and transport:
            refuse(RELABEL)
        elif transport and "cmd" in w:
            refuse(WITNESS_CMD)
        elif not transport and "cmd" not in w:
            refuse(WITNESS_NO_CMD)
        if transport:
            refs.append(_q(w["ref"]))
        elif "cmd" in w:
            probes.append(_q(cmd))
    steps = [e.get("step") for e in executed]
    if preflight:
        reason = "preflight"
    elif ok is not True:
        reason = "not-ok"
    elif not executed:
        reason = "nothing-executed"
    elif "control" not in steps:
        reason = "no-control"
    elif "reset" in steps[:steps.index("control")]:
        reason = "reset-first"
    else:
        reason = "proven"
    return ('{"obligation":%s,"proven":%s,"reason":"%s","recordedProbes":[%s],"references":[%s]}' % (
        _q(cast(str, obligation)), "true" if reason == "proven" else "false", reason, ",".join(probes),
        ",".join(refs))).encode("ascii")


def preflight(data: bytes) -> bytes:
    """isPreflightRefusal over a JSON string."""
    v = jsonvalue.parse(data, INPUT)
    if not isinstance(v, str):
        _stand(TYPE)
    prefix = is_preflight_refusal(v)
    if prefix is None:
        return b'{"preflight":false,"prefix":null}'
    return ('{"preflight":true,"prefix":"%s"}' % prefix).encode("ascii")


OPERATIONS = {"attest": attest, "preflight": preflight}

"""trajectory/1: atoma's trajectory signatures.

Written from spec/trajectory.md (seed 000, "Trajectory signatures").
``derive`` reads ``{"events":[...]}`` and only the identity members of each
event (kind, id, llmEventId, lane, molecule, skill, element, actor,
verdict), never args, result or prose:

- a non-llm event with llmEventId E is a step of E until E's llm event
  closes it; the llm event gives E its molecule, skill and lane, and
  supersedes the earlier still-creditable executions of that molecule in
  exactly that lane;
- skill.success (naming the execution's skill, when it had one) and trust
  RESULT credit the latest still-creditable execution of their molecule in
  an agreeing lane (equal, ancestor or descendant by "/" path, or either
  lane-less), and close the others of that molecule in its lane;
- the reference: completed and credited executions with a molecule, the
  newest 3 per (molecule, skill), oldest first.
"""

from __future__ import annotations

from typing import Any, NoReturn, Optional

from . import jsonvalue
from .refusal import Guard, Refusal, refuse

# spec/trajectory.md, "Refusals", in table order.
CONTRACT = "trajectory/1"
INPUT = Guard(CONTRACT, "trajectory.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "trajectory.type", "input is not an object with an events array", ignorable=False)
EVENT = Guard(CONTRACT, "trajectory.event", "event is not an object", ignorable=False)
KIND = Guard(CONTRACT, "trajectory.kind", "event kind is not a string", ignorable=False)
FIELD = Guard(CONTRACT, "trajectory.field", "an identity member of an event has the wrong JSON type",
              ignorable=False)
LANE = Guard(CONTRACT, "trajectory.lane", "lane is not a path of branch ids")
LLM_ID = Guard(CONTRACT, "trajectory.llm_id", "an llm event has no id")  # stands: _stand
CLOSED_TWICE = Guard(CONTRACT, "trajectory.closed_twice", "an llm event closes an execution already closed")
GUARDS = (INPUT, TYPE, EVENT, KIND, FIELD, LANE, LLM_ID, CLOSED_TWICE)

MAX_PER_KEY = 3  # TRAJECTORY_REFERENCE_MAX_PER_KEY
MEMBERS = ("id", "llmEventId", "lane", "molecule", "skill", "element", "actor", "verdict")


def _stand(guard: Guard) -> NoReturn:
    raise Refusal(guard, None)


def _is_lane(s: str) -> bool:
    return s != "" and all(part != "" for part in s.split("/"))


def _ancestor(a: str, b: str) -> bool:
    return len(b) > len(a) and b.startswith(a) and b[len(a)] == "/"


def _agree(a: Optional[str], b: Optional[str]) -> bool:
    return a is None or b is None or a == b or _ancestor(a, b) or _ancestor(b, a)


def _events(v: object) -> list[dict[str, Any]]:
    events = v.get("events") if isinstance(v, dict) else None
    if not isinstance(events, list):
        _stand(TYPE)
    out = []
    for e in events:
        if not isinstance(e, dict):
            _stand(EVENT)
        if not isinstance(e.get("kind"), str):
            _stand(KIND)
        ev = {"kind": e["kind"]}
        for name in MEMBERS:
            if name not in e or (name == "lane" and e[name] is None):
                continue
            if not isinstance(e[name], str):
                _stand(FIELD)
            if name == "lane" and not _is_lane(e[name]):
                refuse(LANE)
            ev[name] = e[name]
        if ev["kind"] == "llm" and "id" not in ev:
            _stand(LLM_ID)
        out.append(ev)
    return out


class _Execution:
    def __init__(self, eid: str) -> None:
        self.id = eid
        self.molecule: Optional[str] = None
        self.skill: Optional[str] = None
        self.lane: Optional[str] = None
        self.completed = False
        self.credited = False
        self.creditable = False
        self.closed_at = -1
        self.steps: list[tuple[str, Optional[str], Optional[str]]] = []


def _s(v: Optional[str]) -> str:
    return "null" if v is None else jsonvalue.quote_units(v)


def derive(data: bytes) -> bytes:
    """Every execution with its state and steps, then the reference."""
    events = _events(jsonvalue.parse(data, INPUT))
    order: list[_Execution] = []
    by_id: dict[str, _Execution] = {}

    def get(eid: str) -> _Execution:
        if eid not in by_id:
            by_id[eid] = _Execution(eid)
            order.append(by_id[eid])
        return by_id[eid]

    for i, ev in enumerate(events):
        if ev["kind"] == "llm":
            x = get(ev["id"])
            if x.completed:
                refuse(CLOSED_TWICE)
                continue
            x.completed, x.creditable, x.closed_at = True, True, i
            x.molecule, x.skill, x.lane = ev.get("molecule"), ev.get("skill"), ev.get("lane")
            for y in order:
                if y is not x and y.creditable and x.molecule is not None and y.molecule == x.molecule \
                        and y.lane == x.lane:
                    y.creditable = False
            continue
        if "llmEventId" in ev:
            x = get(ev["llmEventId"])
            if not x.completed:
                x.steps.append((ev["kind"], ev.get("element"), ev.get("actor")))
        credits = ev["kind"] == "skill.success" or (ev["kind"] == "trust" and ev.get("verdict") == "RESULT")
        if not credits or "molecule" not in ev:
            continue
        best = None
        for y in order:
            if not y.creditable or y.molecule != ev["molecule"] or not _agree(y.lane, ev.get("lane")):
                continue
            if ev["kind"] == "skill.success" and y.skill is not None and y.skill != ev.get("skill"):
                continue
            if best is None or y.closed_at > best.closed_at:
                best = y
        if best is None:
            continue
        best.credited, best.creditable = True, False
        for y in order:
            if y.creditable and y.molecule == best.molecule and y.lane == best.lane:
                y.creditable = False

    executions = []
    for x in order:
        steps = ",".join("[%s]" % ",".join(_s(p) for p in st) for st in x.steps)
        executions.append('{"id":%s,"molecule":%s,"skill":%s,"lane":%s,"completed":%s,"credited":%s,"steps":[%s]}' % (
            _s(x.id), _s(x.molecule), _s(x.skill), _s(x.lane), "true" if x.completed else "false",
            "true" if x.credited else "false", steps))
    done = sorted((x for x in order if x.completed and x.credited and x.molecule is not None),
                  key=lambda x: -x.closed_at)
    count: dict[tuple[Optional[str], Optional[str]], int] = {}
    kept = []
    for x in done:
        key = (x.molecule, x.skill)
        if count.get(key, 0) < MAX_PER_KEY:
            count[key] = count.get(key, 0) + 1
            kept.append(x)
    kept.sort(key=lambda x: x.closed_at)
    return ('{"executions":[%s],"reference":[%s]}' % (",".join(executions), ",".join(_s(x.id) for x in kept))
            ).encode("ascii")


OPERATIONS = {"derive": derive}

"""failure-budget/1: the repeated tool-failure budget as a state machine.

Written from spec/failure-budget.md (seed 001, section 1, "Repeated
tool-failure budget (#285)"). ``decide`` takes ``{"rounds": bool, "events":
[...]}`` (a JSON value input), checks every event, then decides each call:

1. the streak stop: 8 failed or refused calls in a row stop the cycle, but
   only from a reply later than the one the 8th came in;
2. a state-bound entry (a tool failure) whose state or epoch moved since its
   last attempt is forgotten;
3. a spent budget refuses the call (never run); within the same reply it
   refuses again; a decided refusal is warned again after real work;
   otherwise the call stops the cycle;
4. the call acts: a host decision is a failure of its class; a run is
   classified (cancellation, timeout, success, the tool's class) and a
   transient failure of a read-only tool is retried once.

Output: one JSON line per decided call, then the checkpoint line; ASCII.
Fingerprints: SHA-256 of the stable JSON of ``{"args","tool"}`` (members
sorted by code point, which is Python's ``str`` order), or of ``{"tool"}``
for a skill-policy refusal.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Optional

from . import jsonvalue
from .jsonvalue import Number
from .refusal import Guard, at_pointer, refuse

# spec/failure-budget.md, "Refusals", in table order.
CONTRACT = "failure-budget/1"
INPUT = Guard(CONTRACT, "failure-budget.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "failure-budget.type", "sequence is not an object with rounds and events",
             ignorable=False)
LENGTH = Guard(CONTRACT, "failure-budget.length", "sequence has more than 256 events")
EVENT = Guard(CONTRACT, "failure-budget.event", "event is not a reply or call object")
MEMBER = Guard(CONTRACT, "failure-budget.member", "event has an unknown member")
TOOL = Guard(CONTRACT, "failure-budget.tool", "call tool is not a non-empty string")
ARGS = Guard(CONTRACT, "failure-budget.args", "call args is not an object")
HOST = Guard(CONTRACT, "failure-budget.host", "call host is not denied, policy, path or invalid")
EXIT_CODE = Guard(CONTRACT, "failure-budget.exit_code",
                  "call exit_code is not an integer from -2^31 to 2^31-1")
CLASS = Guard(CONTRACT, "failure-budget.class",
              "call class is not a failure class a tool can report")
FIELD = Guard(CONTRACT, "failure-budget.field", "call member has the wrong JSON type")
GUARDS = (INPUT, TYPE, LENGTH, EVENT, MEMBER, TOOL, ARGS, HOST, EXIT_CODE, CLASS, FIELD)

MAX_EVENTS = 256
# spec/failure-budget.md, "Thresholds": each class's budget of failed
# attempts ("Budget, per class"), the streak that stops the cycle, the
# streak from which a failure carries the warning.
THRESHOLDS = {
    "budget.permission_refused": 1, "budget.unavailable": 1, "budget.invalid_arguments": 2,
    "budget.stale_precondition": 2, "budget.unknown_outcome": 2, "budget.transient": 3,
    "budget.execution_failure": 3, "streak.stop": 8, "streak.warning": 6,
}
_CLASSES = tuple(name[len("budget."):] for name in THRESHOLDS if name.startswith("budget."))
_TOOL_CLASSES = frozenset(c for c in _CLASSES if c != "unknown_outcome")

# The single-cause audit's threshold shifts (mirrors/PROTOCOL.md, "shift").
_shifted: dict[str, int] = {}


def shift(shifts: dict[str, int]) -> None:
    """Replace the threshold shifts: while a name is in ``shifts``, its
    threshold moves by that amount (the harness's shift hook)."""
    global _shifted
    _shifted = dict(shifts)


def _limit(name: str) -> int:
    """A threshold as this run sees it."""
    return THRESHOLDS[name] + _shifted.get(name, 0)
_HOSTS = frozenset(("denied", "policy", "path", "invalid"))
RECOVERY = {
    "permission_refused": "approve when prompted, or work without it",
    "invalid_arguments": "correct the arguments",
    "unavailable": "work without it",
    "stale_precondition": "read the current state again",
    "unknown_outcome": "check whether it took effect",
    "transient": "try again later",
    "execution_failure": "fix the cause first",
}
PATH_RECOVERY = "stay inside the workspace"
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")


@dataclass
class _Result:
    exit_code: int = 0
    output: str = ""
    klass: str = ""  # "": execution_failure


@dataclass
class _Call:
    tool: str = ""
    args: dict[str, object] = field(default_factory=dict)
    host: str = ""
    result: _Result = field(default_factory=_Result)
    retry: Optional[_Result] = None
    state: str = ""
    state_after: Optional[str] = None
    read_only: bool = False
    changes: bool = False


def _result_member(name: str, value: object, r: _Result, path: tuple[object, ...]) -> None:
    where = at_pointer(*path)  # type: ignore[arg-type]
    if name == "exit_code":
        if type(value) is not Number:
            refuse(FIELD, where)
        elif not _INT.fullmatch(value.text) or not -2**31 <= int(value.text) < 2**31:
            refuse(EXIT_CODE, where)
        else:
            r.exit_code = int(value.text)
    elif type(value) is not str:
        refuse(FIELD, where)
    elif name == "output":
        r.output = value
    elif value not in _TOOL_CLASSES:
        refuse(CLASS, where)
    else:
        r.klass = value


def _read_call(obj: dict[str, object], path: tuple[object, ...]) -> _Call:
    c = _Call()
    for name, value in obj.items():
        p = path + (name,)
        where = at_pointer(*p)  # type: ignore[arg-type]
        if name == "event":
            continue
        if name == "tool":
            if type(value) is not str or value == "":
                refuse(TOOL, where)
            else:
                c.tool = value
        elif name == "args":
            if type(value) is not dict:
                refuse(ARGS, where)
            else:
                c.args = value
        elif name == "id":
            if type(value) is not str:
                refuse(FIELD, where)
        elif name == "host":
            if type(value) is not str:
                refuse(FIELD, where)
            elif value not in _HOSTS:
                refuse(HOST, where)
            else:
                c.host = value
        elif name in ("exit_code", "output", "class"):
            _result_member(name, value, c.result, p)
        elif name == "retry":
            if type(value) is not dict:
                refuse(FIELD, where)
                continue
            c.retry = _Result()
            for rn, rv in value.items():
                if rn in ("exit_code", "output", "class"):
                    _result_member(rn, rv, c.retry, p + (rn,))
                else:
                    refuse(MEMBER, at_pointer(*p, rn))  # type: ignore[arg-type]
        elif name in ("state", "state_after"):
            if type(value) is not str:
                refuse(FIELD, where)
            elif name == "state":
                c.state = value
            else:
                c.state_after = value
        elif name in ("read_only", "changes"):
            if type(value) is not bool:
                refuse(FIELD, where)
            elif name == "read_only":
                c.read_only = value
            else:
                c.changes = value
        else:
            refuse(MEMBER, where)
    if "tool" not in obj:
        refuse(TOOL, at_pointer(*path))  # type: ignore[arg-type]
    if "args" not in obj:
        refuse(ARGS, at_pointer(*path))  # type: ignore[arg-type]
    return c


def _read(data: bytes) -> tuple[bool, list[Optional[_Call]]]:
    """The sequence: rounds, and the events (None for a reply)."""
    v = jsonvalue.parse(data, INPUT)
    if (type(v) is not dict or set(v) != {"rounds", "events"}
            or type(v["rounds"]) is not bool or type(v["events"]) is not list):
        refuse(TYPE, at_pointer())
        raise AssertionError("failure-budget.type has no accept path")
    events = v["events"]
    assert type(events) is list
    if len(events) > MAX_EVENTS:
        refuse(LENGTH, at_pointer("events"))
    out: list[Optional[_Call]] = []
    for i, e in enumerate(events):
        kind = e.get("event") if type(e) is dict else None
        if type(e) is not dict or kind not in ("reply", "call"):
            refuse(EVENT, at_pointer("events", i))
            continue
        if kind == "reply":
            for k in e:
                if k != "event":
                    refuse(MEMBER, at_pointer("events", i, k))
            out.append(None)
        else:
            out.append(_read_call(e, ("events", i)))
    return bool(v["rounds"]), out


def _stable(value: object) -> str:
    """Stable JSON: members sorted by code point, ASCII strings, literal numbers."""
    if type(value) is str:
        return json.dumps(value)  # ensure_ascii: \\uxxxx lowercase, short escapes
    if type(value) is Number:
        return value.text
    if value is None:
        return "null"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is list:
        return "[" + ",".join(_stable(x) for x in value) + "]"
    assert type(value) is dict
    return "{" + ",".join(json.dumps(k) + ":" + _stable(value[k]) for k in sorted(value)) + "}"


def _fingerprint(c: _Call) -> str:
    """The SHA-256 of the operation: the approval binding, the raw arguments
    alone (an argument rejection) or the tool name alone (a skill policy)."""
    if c.host == "policy":
        data = c.tool.encode("utf-8", "surrogatepass")
    elif c.host == "invalid":
        data = _stable(c.args).encode("ascii")
    else:
        data = ('{"args":' + _stable(c.args) + ',"tool":' + json.dumps(c.tool) + "}").encode("ascii")
    return hashlib.sha256(data).hexdigest()


def _classify(r: _Result) -> str:
    """"cancelled", "success" or a failure class."""
    if r.output.startswith("[aborted") or r.exit_code == 130:
        return "cancelled"
    if r.output.startswith("[timeout after "):
        return "unknown_outcome"
    if r.exit_code == 0:
        return "success"
    return r.klass or "execution_failure"


@dataclass
class _Entry:
    klass: str
    count: int = 0
    decided: bool = False  # decision-bound (a host decision)
    decided_refusal: bool = False  # denied, policy or path: may be warned again
    path_guard: bool = False
    after: str = ""
    after_epoch: int = 0
    refused_reply: Optional[int] = None
    refused_epoch: int = 0


class _Machine:
    def __init__(self) -> None:
        self.entries: dict[str, _Entry] = {}
        self.streak = 0
        self.stop_at = _limit("streak.stop")
        self.warn_at = _limit("streak.warning")
        self.full_at = -1
        self.last_class = ""
        self.reply = 0
        self.epoch = 0
        self.index = 0
        self.lines: list[str] = []
        self.calls = 0
        self.files: list[str] = []
        self.commits = 0
        self.shell: list[str] = []

    def line(self, decision: str, klass: Optional[str] = None, attempts: int = 0,
             retried: bool = False) -> None:
        parts = ['{"call":%d,"decision":"%s"' % (self.index, decision)]
        if klass is not None:
            parts.append(',"class":"%s","attempts":%d' % (klass, attempts))
        if decision == "fail" and attempts >= 2:
            parts.append(',"repeat":true')
        if retried:
            parts.append(',"retried":true')
        if decision in ("fail", "refuse") and self.streak >= self.warn_at:
            parts.append(',"warning":%d' % self.streak)
        self.lines.append("".join(parts) + "}\n")

    def counted(self, klass: str) -> None:
        self.streak += 1
        self.last_class = klass
        if self.streak == self.stop_at:
            self.full_at = self.reply

    def checkpoint(self, c: _Call, fp: str, klass: str, reason: str, attempts: int,
                   recovery: str) -> str:
        files = ",".join(json.dumps(f) for f in self.files)
        shell = ",".join(json.dumps(s) for s in self.shell)
        return ('{"checkpoint":{"operation":{"tool":%s,"fingerprint":"%s"},"class":"%s",'
                '"reason":"%s","attempts":%d,"preserved":{"calls":%d,"files":[%s],'
                '"commits":%d,"shell":[%s]},"recovery":"%s"}}\n') % (
            json.dumps(c.tool), fp, klass, reason, attempts, self.calls, files,
            self.commits, shell, recovery)

    def preserve(self, c: _Call) -> None:
        self.calls += 1
        if c.tool in ("write_file", "patch_file"):
            p = c.args.get("path")
            if type(p) is str and p not in self.files:
                self.files.append(p)
        elif c.tool == "git_commit":
            self.commits += 1
        elif c.tool == "run_shell":
            cmd = c.args.get("command")
            if type(cmd) is str:
                self.shell.append(cmd)

    def decide(self, c: _Call) -> Optional[str]:
        """Decide one call; return the checkpoint line when it is stopped."""
        fp = _fingerprint(c)
        if self.streak >= self.stop_at and self.reply > self.full_at:
            self.line("stop", self.last_class, self.streak)
            return self.checkpoint(c, fp, self.last_class, "streak", self.streak,
                                   RECOVERY[self.last_class])
        en = self.entries.get(fp)
        if (en is not None and not en.decided and not c.host
                and (c.state != en.after or self.epoch != en.after_epoch)):
            del self.entries[fp]
            en = None
        if en is not None and en.count >= _limit("budget." + en.klass):
            if (en.refused_reply is None or en.refused_reply == self.reply
                    or (en.decided_refusal and self.epoch > en.refused_epoch)):
                en.refused_reply, en.refused_epoch = self.reply, self.epoch
                self.counted(en.klass)
                self.line("refuse", en.klass, en.count)
                return None
            self.line("stop", en.klass, en.count)
            recovery = PATH_RECOVERY if en.path_guard else RECOVERY[en.klass]
            return self.checkpoint(c, fp, en.klass, "budget", en.count, recovery)
        retried = False
        if c.host:
            outcome = "invalid_arguments" if c.host == "invalid" else "permission_refused"
        else:
            outcome = _classify(c.result)
            if outcome == "transient" and c.read_only:
                retried = True
                outcome = _classify(c.retry if c.retry is not None else c.result)
        if outcome == "cancelled":
            self.line("cancelled", retried=retried)
        elif outcome == "success":
            self.entries.pop(fp, None)
            self.streak = 0
            if c.changes:
                self.epoch += 1
            self.preserve(c)
            self.line("run", retried=retried)
        else:
            if en is None:
                en = self.entries[fp] = _Entry(outcome)
            en.klass, en.decided, en.path_guard = outcome, bool(c.host), c.host == "path"
            en.decided_refusal = c.host in ("denied", "policy", "path")
            en.count += 1
            en.after = c.state if c.state_after is None else c.state_after
            en.after_epoch = self.epoch
            self.counted(outcome)
            self.line("fail", outcome, en.count, retried)
        return None


def decide(data: bytes) -> bytes:
    """failure-budget/1 ``decide``: the decision lines, then the checkpoint."""
    rounds, events = _read(data)
    m = _Machine()
    for c in events:
        if c is None:
            if rounds:
                m.reply += 1
            continue
        if not rounds:
            m.reply += 1
        stop = m.decide(c)
        if stop is not None:
            return "".join(m.lines + [stop]).encode("ascii")
        m.index += 1
    return ("".join(m.lines) + '{"checkpoint":null}\n').encode("ascii")


OPERATIONS = {"decide": decide}

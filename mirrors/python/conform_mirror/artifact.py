"""artifact/1 (spec/artifact.md): the agent CLI's run summary
(``result/final_result.json``), its trace (``trace/run_trace.json``, v1 and
v2) loaded on the built-in replay path, the canonical lifecycle validation,
replay parity and the acceptance procedure over an output root given as a
tree of files (seed 002, "Artifact Contracts").

Written from the spec's prose: every shape is a closed object whose members
are checked in the spec's order, each under its own message (its JSON type
first, with no accept path, then its rules). Every operation takes one JSON
value input (``jsonvalue``) and answers the RFC 8785 canonical bytes
(``rfc8785/1``) of a verdict object, or raises a ``Refusal`` of ``GUARDS``.

The output root arrives as data (``{"files": [{"path", "kind",
"bytes_b64"}]}``): nothing here touches a file system or follows a link.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn, Optional

from . import jsonvalue, rfc8785
from .jsonvalue import Number
from .refusal import Guard, Refusal, Where, at_pointer, refuse

CONTRACT = "artifact/1"

# spec/artifact.md, "Refusals", in table order: (code, message).
_TABLE: tuple[tuple[str, str], ...] = (
    ("artifact.input", "input is not valid JSON"),
    ("artifact.type", "document is not a JSON object"),
    ("artifact.unknown_member", "document has a member outside its shape"),
    ("artifact.missing_member", "document lacks a member of its shape"),
    ("artifact.verdict", "verdict is not pass, fail or veto"),
    ("artifact.confidence", "confidence is not a decimal from 0 to 1 with at most 6 fraction digits"),
    ("artifact.epistemic_status", "epistemic_status is not known, inferred, uncertain or unknown"),
    ("artifact.stop_reason", "stop_reason is not a reason code"),
    ("artifact.termination_reason", "termination_reason is not a reason code"),
    ("artifact.convergence", "convergence is not a JSON object"),
    ("artifact.convergence_state", "convergence state is not converged, not_converged or not_run"),
    ("artifact.convergence_iterations", "convergence iterations is not an integer from 0 to 1000000"),
    ("artifact.runtime_version", "runtime_version is not a version MAJOR.MINOR.PATCH"),
    ("artifact.model", "model is not a JSON object"),
    ("artifact.model_name", "model name is not a lowercase name"),
    ("artifact.model_digest", "model digest is not a sha256 digest"),
    ("artifact.trace_path", "trace_path is not a string"),
    ("artifact.untraced_verdict", "a summary without trace_path is not a veto"),
    ("artifact.untraced_confidence", "a summary without trace_path has nonzero confidence"),
    ("artifact.untraced_model", "a summary without trace_path carries model metadata"),
    ("artifact.traced_model", "a summary with trace_path lacks model metadata"),
    ("artifact.version", "trace_schema_version is not an integer from 1 to 9007199254740991"),
    ("artifact.version_newer", "trace_schema_version is newer than this runtime supports"),
    ("artifact.envelope_run_id", "run_id is not a non-empty string"),
    ("artifact.envelope_entries", "entries is not a non-empty list"),
    ("artifact.projection", "the last entry holds no decision state"),
    ("artifact.run_id", "run_id is not a lowercase UUID"),
    ("artifact.created_at_ms", "created_at_ms is not an integer from 0 to 9007199254740991"),
    ("artifact.header", "header is not a JSON object"),
    ("artifact.entry", "an entry is not a JSON object"),
    ("artifact.config_hash", "config_hash is not a sha256 digest"),
    ("artifact.definition_hash", "definition_hash is not a sha256 digest"),
    ("artifact.phase", "phase is not intake, analysis, scoring, convergence or decision"),
    ("artifact.at_ms", "at_ms is not an integer from 0 to 9007199254740991"),
    ("artifact.scores", "scores is not a JSON object"),
    ("artifact.prompt_hash", "prompt_hash is not null or a sha256 digest"),
    ("artifact.model_hash", "model_hash is not a sha256 digest"),
    ("artifact.replay", "replay is not a JSON object"),
    ("artifact.epistemic_state", "epistemic_state is not known, inferred, uncertain or unknown"),
    ("artifact.decision", "decision is not null or a JSON object"),
    ("artifact.failure", "failure is not null or a JSON object"),
    ("artifact.fingerprint", "fingerprint is not a sha256 digest"),
    ("artifact.definition_name", "definition name is not a lowercase name"),
    ("artifact.definition_phases", "definition phases is not 1 to 5 lifecycle phases in lifecycle order"),
    ("artifact.definition_ends", "definition phases do not start with intake and end with decision"),
    ("artifact.lifecycle_definition", "definition_hash is not the digest of the pipeline definition"),
    ("artifact.lifecycle_order", "entry phases do not follow the pipeline definition"),
    ("artifact.tree", "input is not a valid output root tree"),
    ("artifact.summary_missing", "output root has no file result/final_result.json"),
    ("artifact.summary_json", "result/final_result.json is not valid JSON"),
    ("artifact.veto_trace", "a veto output root holds a trace"),
    ("artifact.path_empty", "trace_path is empty"),
    ("artifact.path_absolute", "trace_path is absolute"),
    ("artifact.path_backslash", "trace_path has a backslash"),
    ("artifact.path_parent", "trace_path has a .. segment"),
    ("artifact.path_target", "trace_path is not trace/run_trace.json"),
    ("artifact.path_symlink", "trace_path passes through a symlink"),
    ("artifact.trace_missing", "output root has no file trace/run_trace.json"),
    ("artifact.trace_json", "trace/run_trace.json is not valid JSON"),
    ("artifact.parity_mismatch", "summary decision fields do not match the trace"),
)

# The guards with no accept path (spec/artifact.md, "Ignored guards and
# exception tags"): the inputs' grammar, and the type of a value or member
# whose only rule is its type.
_NO_ACCEPT_PATH = frozenset(
    "artifact." + n
    for n in ("input", "type", "summary_json", "trace_json", "entry", "header", "convergence", "model",
              "scores", "replay", "failure", "decision", "trace_path")
)

GUARDS: tuple[Guard, ...] = tuple(
    Guard(CONTRACT, code, message, ignorable=code not in _NO_ACCEPT_PATH) for code, message in _TABLE
)
_BY_CODE: dict[str, Guard] = {g.code: g for g in GUARDS}


def _g(name: str) -> Guard:
    return _BY_CODE["artifact." + name]


# The input's root, where a refusal about the whole input is.
_ROOT: Where = at_pointer()


def _always(g: Guard, where: Where = _ROOT) -> NoReturn:
    """Refuse with ``g`` where the refusal has no accept path: it stands
    even when ``g`` is ignored."""
    refuse(g, where)
    raise Refusal(g, where())


# ------------------------------------------------------------ value rules
# spec/artifact.md, "Value rules": whole-string patterns, ASCII classes.

_REASON = re.compile(r"[a-z][a-z0-9_]{0,63}")
_NAME = re.compile(r"[a-z][a-z0-9-]{0,63}")
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_VERSION = re.compile(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_CONFIDENCE = re.compile(r"(0|1)(\.[0-9]{1,6})?")
_ONE = re.compile(r"1(\.0*)?")
_INT = re.compile(r"0|[1-9][0-9]*")
_SEGMENT = re.compile(r"[A-Za-z0-9._-]{1,255}")
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_MAX_SAFE = 9007199254740991

LIFECYCLE = ("intake", "analysis", "scoring", "convergence", "decision")
VERDICTS = ("pass", "fail", "veto")
EPISTEMIC = ("known", "inferred", "uncertain", "unknown")


def _int_in(v: Any, lo: int, hi: int) -> bool:
    return type(v) is Number and _INT.fullmatch(v.text) is not None and lo <= int(v.text) <= hi


def _is_confidence(v: Any) -> bool:
    if type(v) is not Number or _CONFIDENCE.fullmatch(v.text) is None:
        return False
    return v.text[0] == "0" or _ONE.fullmatch(v.text) is not None


def _is_zero(text: str) -> bool:
    """Zero confidence: a literal of the characters 0 and . only."""
    return all(c in "0." for c in text)


def _matches(pattern: re.Pattern[str]) -> Callable[[Any], bool]:
    return lambda v: type(v) is str and pattern.fullmatch(v) is not None


def _one_of(values: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda v: type(v) is str and v in values


def _is_tree_path(v: Any) -> bool:
    if type(v) is not str:
        return False
    segs = v.split("/")
    return len(segs) <= 16 and all(_SEGMENT.fullmatch(s) is not None and s not in (".", "..") for s in segs)


def _is_base64(v: Any) -> bool:
    if type(v) is not str or _BASE64.fullmatch(v) is None:
        return False
    if v.endswith("=="):
        return _B64.index(v[-3]) & 15 == 0
    if v.endswith("="):
        return _B64.index(v[-2]) & 3 == 0
    return True


def _get(v: Any, name: str) -> Any:
    """Member ``name`` of an object, or None when absent (or not an object).
    A JSON null member is returned as ``_NULL``."""
    if type(v) is not dict or name not in v:
        return _ABSENT
    return v[name]


class _Absent:
    __slots__ = ()


_ABSENT: Any = _Absent()


# ------------------------------------------------------------ shapes
# spec/artifact.md, "Procedure for a shape".


@dataclass
class _Member:
    name: str
    type: str  # string, number, object, array, any
    guard: Guard
    nullable: bool = False
    optional: bool = False
    ok: Optional[Callable[[Any], bool]] = None
    stands: bool = False
    shape: Optional["_Shape"] = None
    rule: Optional[Callable[[Any, tuple[Any, ...]], None]] = None


@dataclass
class _Shape:
    members: list[_Member]
    unknown: Guard = field(default_factory=lambda: _g("unknown_member"))
    missing: Guard = field(default_factory=lambda: _g("missing_member"))


def _typed(v: Any, t: str) -> bool:
    if t == "any":
        return True
    if t == "string":
        return type(v) is str
    if t == "number":
        return type(v) is Number
    if t == "object":
        return type(v) is dict
    return type(v) is list


def _check(s: _Shape, v: Any, path: tuple[Any, ...] = ()) -> None:
    """Check ``v`` (an object, at ``path``) against ``s``: closed, then
    member by member."""
    if type(v) is not dict:
        return
    names = {m.name for m in s.members}
    for k in v:
        if k not in names:
            refuse(s.unknown, at_pointer(*path, k))
            break
    for m in s.members:
        at = at_pointer(*path, m.name)
        if m.name not in v:
            if m.optional:
                continue
            refuse(s.missing, at_pointer(*path))
            _always(m.guard, at_pointer(*path))
        f = v[m.name]
        if m.nullable and f is None:
            continue
        if not _typed(f, m.type):
            _always(m.guard, at)
        if m.ok is not None and not m.ok(f):
            if m.stands:
                _always(m.guard, at)
            refuse(m.guard, at)
        if m.shape is not None:
            _check(m.shape, f, path + (m.name,))
        if m.rule is not None:
            m.rule(f, path + (m.name,))


def _check_document(s: _Shape, v: Any) -> None:
    if type(v) is not dict:
        _always(_g("type"))
    _check(s, v)


def _time(name: str, g: str) -> _Member:
    return _Member(name, "number", _g(g), ok=lambda v: _int_in(v, 0, _MAX_SAFE))


_CONVERGENCE = _Shape(
    [
        _Member("state", "string", _g("convergence_state"), ok=_one_of(("converged", "not_converged", "not_run"))),
        _Member("iterations", "number", _g("convergence_iterations"), ok=lambda v: _int_in(v, 0, 1000000)),
    ]
)
_MODEL = _Shape(
    [
        _Member("name", "string", _g("model_name"), ok=_matches(_NAME)),
        _Member("digest", "string", _g("model_digest"), ok=_matches(_DIGEST)),
    ]
)


def _verdict() -> _Member:
    return _Member("verdict", "string", _g("verdict"), ok=_one_of(VERDICTS))


def _confidence() -> _Member:
    return _Member("confidence", "number", _g("confidence"), ok=_is_confidence)


def _stop() -> _Member:
    return _Member("stop_reason", "string", _g("stop_reason"), ok=_matches(_REASON))


def _termination() -> _Member:
    return _Member("termination_reason", "string", _g("termination_reason"), ok=_matches(_REASON))


def _runtime() -> _Member:
    return _Member("runtime_version", "string", _g("runtime_version"), ok=_matches(_VERSION))


_SUMMARY = _Shape(
    [
        _verdict(),
        _confidence(),
        _Member("epistemic_status", "string", _g("epistemic_status"), ok=_one_of(EPISTEMIC)),
        _stop(),
        _termination(),
        _Member("convergence", "object", _g("convergence"), shape=_CONVERGENCE),
        _runtime(),
        _Member("trace_path", "string", _g("trace_path"), optional=True),
        _Member("model", "object", _g("model"), optional=True, shape=_MODEL),
    ]
)
_DECISION = _Shape([_verdict(), _confidence(), _stop(), _termination()])
_HEADER = _Shape(
    [
        _Member("config_hash", "string", _g("config_hash"), ok=_matches(_DIGEST)),
        _Member("definition_hash", "string", _g("definition_hash"), ok=_matches(_DIGEST)),
        _runtime(),
        _Member("convergence", "object", _g("convergence"), shape=_CONVERGENCE),
        _Member("model", "object", _g("model"), shape=_MODEL),
    ]
)
_ENTRY = _Shape(
    [
        _Member("phase", "string", _g("phase"), ok=_one_of(LIFECYCLE)),
        _time("at_ms", "at_ms"),
        _Member("input", "any", _g("missing_member")),
        _Member("output", "any", _g("missing_member")),
        _Member("scores", "object", _g("scores")),
        _Member("prompt_hash", "string", _g("prompt_hash"), nullable=True, ok=_matches(_DIGEST)),
        _Member("model_hash", "string", _g("model_hash"), ok=_matches(_DIGEST)),
        _Member("replay", "object", _g("replay")),
        _Member("epistemic_state", "string", _g("epistemic_state"), ok=_one_of(EPISTEMIC)),
        _Member("decision", "object", _g("decision"), nullable=True, shape=_DECISION),
        _Member("failure", "object", _g("failure"), nullable=True),
        _Member("fingerprint", "string", _g("fingerprint"), ok=_matches(_DIGEST)),
    ]
)


def _entries_rule(v: Any, path: tuple[Any, ...]) -> None:
    if type(v) is not list:
        return
    for i, e in enumerate(v):
        if type(e) is not dict:
            _always(_g("entry"), at_pointer(*path, i))
        _check(_ENTRY, e, path + (i,))


_TRACE = _Shape(
    [
        _Member("trace_schema_version", "number", _g("version")),
        _Member("run_id", "string", _g("run_id"), ok=_matches(_UUID)),
        _time("created_at_ms", "created_at_ms"),
        _Member("header", "object", _g("header"), shape=_HEADER),
        _Member("entries", "array", _g("envelope_entries"), rule=_entries_rule),
    ]
)


def _rank(v: Any) -> int:
    return LIFECYCLE.index(v) if type(v) is str and v in LIFECYCLE else -1


def _phases_rule(v: Any, path: tuple[Any, ...]) -> None:
    """definition.phases: 1 to 5 lifecycle phases, each after the one before."""
    if type(v) is not list:
        return
    g = _g("definition_phases")
    if not 1 <= len(v) <= 5:
        refuse(g, at_pointer(*path))
    prev: Any = _ABSENT
    for i, e in enumerate(v):
        at = at_pointer(*path, i)
        if type(e) is not str:
            _always(g, at)
        if e not in LIFECYCLE:
            refuse(g, at)
        if prev is not _ABSENT and _rank(e) <= _rank(prev):
            refuse(g, at)
        prev = e


_DEFINITION = _Shape(
    [
        _Member("name", "string", _g("definition_name"), ok=_matches(_NAME)),
        _Member("phases", "array", _g("definition_phases"), rule=_phases_rule),
    ]
)


def _definition() -> _Member:
    return _Member("definition", "object", _g("type"), shape=_DEFINITION)


_TREE = _g("tree")
_FILE = _Shape(
    [
        _Member("path", "string", _TREE, stands=True, ok=_is_tree_path),
        _Member("kind", "string", _TREE, stands=True, ok=_one_of(("file", "symlink"))),
        _Member("bytes_b64", "string", _TREE, stands=True, ok=_is_base64),
    ],
    unknown=_TREE,
    missing=_TREE,
)


def _files_rule(v: Any, path: tuple[Any, ...]) -> None:
    if type(v) is not list:
        return
    if len(v) > 256:
        _always(_TREE, at_pointer(*path))
    for i, e in enumerate(v):
        if type(e) is not dict:
            _always(_TREE, at_pointer(*path, i))
        _check(_FILE, e, path + (i,))


_LIFECYCLE_INPUT = _Shape([_Member("trace", "object", _g("type")), _definition()])
_PARITY_INPUT = _Shape(
    [
        _Member("summary", "object", _g("type"), nullable=True, shape=_SUMMARY),
        _Member("trace", "object", _g("type")),
    ]
)
_ACCEPT_INPUT = _Shape([_Member("files", "array", _TREE, rule=_files_rule), _definition()])


# ------------------------------------------------------------ summary, loader, projection


def _summary_rules(s: Any) -> None:
    """The summary rules 1 to 4 ("Absence Has Meaning")."""
    model = _get(s, "model")
    if _get(s, "trace_path") is not _ABSENT:
        if model is _ABSENT:
            refuse(_g("traced_model"), _ROOT)
        return
    if _get(s, "verdict") != "veto":
        refuse(_g("untraced_verdict"), _ROOT)
    c = _get(s, "confidence")
    if type(c) is Number and not _is_zero(c.text):
        refuse(_g("untraced_confidence"), _ROOT)
    if model is not _ABSENT:
        refuse(_g("untraced_model"), _ROOT)


def _check_summary(s: Any) -> None:
    _check_document(_SUMMARY, s)
    _summary_rules(s)


def _load(t: Any) -> tuple[dict[str, Any], int]:
    """The loader's steps 1 to 4: detection, the in-memory upgrade, the
    envelope. Returns the marked trace and the detected version."""
    if type(t) is not dict:
        _always(_g("type"))
    source = 2
    v = _get(t, "trace_schema_version")
    if v is _ABSENT:
        source = 1
    elif not _int_in(v, 1, _MAX_SAFE):
        refuse(_g("version"), _ROOT)
    elif v.text == "1":
        source = 1
    elif v.text != "2":
        refuse(_g("version_newer"), _ROOT)
    marked = dict(t)
    marked["trace_schema_version"] = Number("2")
    rid = _get(marked, "run_id")
    if type(rid) is not str or rid == "":
        refuse(_g("envelope_run_id"), _ROOT)
    es = _get(marked, "entries")
    if type(es) is not list or not es:
        refuse(_g("envelope_entries"), _ROOT)
    return marked, source


def _last(t: Any) -> Any:
    es = _get(t, "entries")
    return es[-1] if type(es) is list and es else _ABSENT


@dataclass
class _Projection:
    verdict: Any
    confidence: Any
    epistemic: Any
    stop: Any

    def value(self) -> dict[str, Any]:
        return {
            "confidence": self.confidence,
            "epistemic_status": self.epistemic,
            "stop_reason": self.stop,
            "verdict": self.verdict,
        }


def _project(t: Any) -> _Projection:
    """The loader's step 5: the last entry's decision state."""
    e = _last(t)
    d = _get(e, "decision")
    p = _Projection(_get(d, "verdict"), _get(d, "confidence"), _get(e, "epistemic_state"), _get(d, "stop_reason"))
    if not (
        _one_of(EPISTEMIC)(p.epistemic)
        and _one_of(VERDICTS)(p.verdict)
        and _is_confidence(p.confidence)
        and _matches(_REASON)(p.stop)
    ):
        _always(_g("projection"))
    return p


def _summary_projection(s: dict[str, Any]) -> _Projection:
    return _Projection(s.get("verdict"), s.get("confidence"), s.get("epistemic_status"), s.get("stop_reason"))


def _double(text: str) -> float:
    return float(text)


def _equal(a: Any, b: Any) -> bool:
    """Evidence equality (spec/artifact.md, "parity")."""
    if a is _ABSENT or b is _ABSENT:
        return a is b
    if type(a) is not type(b):
        return False
    if type(a) is Number:
        return _double(a.text) == _double(b.text)
    if type(a) is list:
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return len(a) == len(b) and all(_equal(x, _get(b, k)) for k, x in a.items())
    return bool(a == b)


def _differs(s: _Projection, p: _Projection) -> list[str]:
    out = []
    if not _equal(s.verdict, p.verdict):
        out.append("verdict")
    if type(s.confidence) is not Number or _double(s.confidence.text) != _double(p.confidence.text):
        out.append("confidence")
    if not _equal(s.epistemic, p.epistemic):
        out.append("epistemic_status")
    if not _equal(s.stop, p.stop):
        out.append("stop_reason")
    return out


def _evidence(s: Any, t: Any) -> list[str]:
    h = _get(t, "header")
    pairs = (
        ("runtime_version", _get(s, "runtime_version"), _get(h, "runtime_version")),
        ("model", _get(s, "model"), _get(h, "model")),
        ("convergence", _get(s, "convergence"), _get(h, "convergence")),
        ("termination_reason", _get(s, "termination_reason"), _get(_get(_last(t), "decision"), "termination_reason")),
    )
    return [name for name, a, b in pairs if not _equal(a, b)]


# ------------------------------------------------------------ lifecycle


def _definition_ends(d: Any) -> None:
    ph = _get(d, "phases")
    if type(ph) is not list or not ph or ph[0] != "intake" or ph[-1] != "decision":
        refuse(_g("definition_ends"), _ROOT)


def _jcs(v: Any) -> bytes:
    def not_canonical(path: tuple[Any, ...]) -> None:
        raise ValueError("no canonical form")

    return rfc8785.serialize(rfc8785.tree(v, [], not_canonical)).encode("utf-8")


def _digest(v: Any) -> str:
    return "sha256:" + hashlib.sha256(_jcs(v)).hexdigest()


def _collapsed(t: Any) -> list[str]:
    out: list[str] = []
    es = _get(t, "entries")
    if type(es) is not list:
        return out
    for e in es:
        p = _get(e, "phase")
        name = p if type(p) is str else ""
        if not out or out[-1] != name:
            out.append(name)
    return out


def _lifecycle_rules(t: dict[str, Any], d: Any) -> tuple[str, list[str]]:
    """lifecycle's steps 3 to 5 on the loaded trace."""
    _check(_TRACE, t)
    h = _digest(d)
    if _get(_get(t, "header"), "definition_hash") != h:
        refuse(_g("lifecycle_definition"), _ROOT)
    phases = _collapsed(t)
    want = _get(d, "phases")
    if not (type(want) is list and len(want) == len(phases) and all(type(x) is str and x == p for x, p in zip(want, phases))):
        refuse(_g("lifecycle_order"), _ROOT)
    return h, phases


def _count(t: Any) -> Number:
    es = _get(t, "entries")
    return Number(str(len(es) if type(es) is list else 0))


# ------------------------------------------------------------ operations


def summary(data: bytes) -> bytes:
    s = jsonvalue.parse(data, _g("input"))
    _check_summary(s)
    assert type(s) is dict
    form = "veto" if "trace_path" not in s else "traced"
    return _jcs({"decision": _summary_projection(s).value(), "form": form})


def trace(data: bytes) -> bytes:
    v = jsonvalue.parse(data, _g("input"))
    t, source = _load(v)
    p = _project(t)
    return _jcs(
        {"decision": p.value(), "entries": _count(t), "source_version": Number(str(source)), "trace_schema_version": Number("2")}
    )


def lifecycle(data: bytes) -> bytes:
    v = jsonvalue.parse(data, _g("input"))
    _check_document(_LIFECYCLE_INPUT, v)
    assert type(v) is dict
    d = v.get("definition")
    _definition_ends(d)
    t, _ = _load(v.get("trace"))
    h, phases = _lifecycle_rules(t, d)
    return _jcs({"definition_hash": h, "entries": _count(t), "phases": list(phases)})


def parity(data: bytes) -> bytes:
    v = jsonvalue.parse(data, _g("input"))
    _check_document(_PARITY_INPUT, v)
    assert type(v) is dict
    s = v.get("summary")
    if s is not None:
        _summary_rules(s)
    t, _ = _load(v.get("trace"))
    p = _project(t)
    if s is None:
        return _jcs({"differs": [], "evidence": [], "parity": "skipped"})
    diff = _differs(_summary_projection(s), p)
    return _jcs({"differs": diff, "evidence": _evidence(s, t), "parity": "mismatch" if diff else "match"})


_SUMMARY_FILE = "result/final_result.json"
_TRACE_FILE = "trace/run_trace.json"


def _tree(files: Any) -> dict[str, tuple[bool, bytes]]:
    """The tree's two rules: no repeated path, no path a proper prefix
    directory of another's. Path to (is a symlink, bytes)."""
    out: dict[str, tuple[bool, bytes]] = {}
    if type(files) is not list:
        return out
    for f in files:
        path = _get(f, "path")
        if path in out:
            _always(_TREE)
        out[path] = (_get(f, "kind") == "symlink", base64.b64decode(_get(f, "bytes_b64")))
    for p in out:
        for q in out:
            if q.startswith(p + "/"):
                _always(_TREE)
    return out


def _trace_path(u: str, files: dict[str, tuple[bool, bytes]]) -> None:
    """Step 3 on the trace path."""
    segs = u.split("/")
    if u == "":
        refuse(_g("path_empty"), _ROOT)
    if u.startswith("/"):
        refuse(_g("path_absolute"), _ROOT)
    if "\\" in u:
        refuse(_g("path_backslash"), _ROOT)
    if ".." in segs:
        refuse(_g("path_parent"), _ROOT)
    resolved: list[str] = []
    for s in segs:
        if s in ("", "."):
            continue
        if s == ".." and resolved and resolved[-1] != "..":
            resolved.pop()
        else:
            resolved.append(s)
    if "/".join(resolved) != _TRACE_FILE:
        _always(_g("path_target"))
    if files.get("trace", (False, b""))[0] or files.get(_TRACE_FILE, (False, b""))[0]:
        refuse(_g("path_symlink"), _ROOT)
    f = files.get(_TRACE_FILE)
    if f is None or f[0]:
        _always(_g("trace_missing"))


def accept(data: bytes) -> bytes:
    v = jsonvalue.parse(data, _g("input"))
    _check_document(_ACCEPT_INPUT, v)
    assert type(v) is dict
    files = _tree(v.get("files"))
    d = v.get("definition")
    _definition_ends(d)
    # Step 1.
    sf = files.get(_SUMMARY_FILE)
    if sf is None or sf[0]:
        _always(_g("summary_missing"))
    s = jsonvalue.parse(sf[1], _g("summary_json"))
    _check_summary(s)
    assert type(s) is dict
    # Step 2.
    if "trace_path" not in s:
        if any(p == "trace" or p.startswith("trace/") for p in files):
            refuse(_g("veto_trace"), _ROOT)
        return _jcs({"accepted": True, "evidence": [], "form": "veto", "parity": "not_run"})
    # Step 3.
    tp = s["trace_path"]
    _trace_path(tp if type(tp) is str else "", files)
    # Step 4.
    raw = jsonvalue.parse(files[_TRACE_FILE][1], _g("trace_json"))
    t, _ = _load(raw)
    _lifecycle_rules(t, d)
    # Step 5.
    p = _project(t)
    outcome = "match"
    if _differs(_summary_projection(s), p):
        refuse(_g("parity_mismatch"), _ROOT)
        outcome = "mismatch"
    # Step 6.
    return _jcs({"accepted": True, "evidence": _evidence(s, t), "form": "traced", "parity": outcome})


# The operations of artifact/1 (spec/artifact.md, "Operations"), in table order.
OPERATIONS = {"summary": summary, "trace": trace, "lifecycle": lifecycle, "parity": parity, "accept": accept}

"""ats-runtime/1 (spec/ats-runtime.md): the ten ATS Spec 2 headless-runtime
shapes (seed 001, section 3, "ATS trading contracts (Spec 2, headless
runtime)") and the four decisions over more than one document: probe
ageing, artifact staging, activation admission and note saves.

Written from the spec's prose: every shape is a closed object whose members
are checked in the spec's order, each under its own message (type first,
then rule), then the shape's object rules. Every operation takes one JSON
value input (``jsonvalue``) and answers the RFC 8785 canonical bytes
(``rfc8785/1``) of a verdict object, or raises a ``Refusal`` of ``GUARDS``.

Numbers in object and decision rules are read as IEEE-754 doubles
(``float`` of the literal: an overflowing literal is an infinity), so they
compare exactly as in the other implementations even when an ignored guard
lets a non-integer through.

Nothing here performs I/O, reads the clock (``now_ms`` is an input), holds
a credential or places an order (spec/ats-runtime.md, "Scope").
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable, NoReturn, Optional

from . import jsonvalue, rfc8785
from .jsonvalue import Number
from .refusal import Guard, Refusal, Where, at_pointer, refuse

CONTRACT = "ats-runtime/1"

# spec/ats-runtime.md, "Refusals", in table order: (code, message).
_TABLE: tuple[tuple[str, str], ...] = (
    ("ats-runtime.input", "input is not valid JSON"),
    ("ats-runtime.type", "document is not a JSON object"),
    ("ats-runtime.unknown_member", "document has a member outside its shape"),
    ("ats-runtime.missing_member", "document lacks a member of its shape"),
    ("ats-runtime.schema_version", "schema_version is not the schema tag this operation checks"),
    ("ats-runtime.installation_id", "installation_id is not a reference with prefix install_"),
    ("ats-runtime.runtime_version", "runtime_version is not a version MAJOR.MINOR.PATCH"),
    ("ats-runtime.artifact_digest", "artifact_digest is not a sha256 digest"),
    ("ats-runtime.provenance_verified", "provenance_verified is not true"),
    ("ats-runtime.installed_at_ms", "installed_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.authored_by", "authored_by is not runtime or local"),
    ("ats-runtime.effective_mode", "effective_mode is not a ladder mode, orders_paused or emergency_locked"),
    ("ats-runtime.reason", "reason is not null or a reason code"),
    ("ats-runtime.observed_at_ms", "observed_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.capabilities_local_mode", "a capability snapshot not authored by the runtime is not offline"),
    ("ats-runtime.profile_id", "profile_id is not a reference with prefix profile_"),
    ("ats-runtime.provider", "provider is not a lowercase name"),
    ("ats-runtime.feed", "feed is not realtime or delayed"),
    ("ats-runtime.credential_ref", "credential_ref is not null or a reference with prefix env: or vault:"),
    ("ats-runtime.max_probe_age_ms", "max_probe_age_ms is not an integer from 1000 to 86400000"),
    ("ats-runtime.configured_at_ms", "configured_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.probe_id", "probe_id is not a reference with prefix probe_"),
    ("ats-runtime.probe_status", "status is not verified, failed or stale"),
    ("ats-runtime.max_age_ms", "max_age_ms is not an integer from 1000 to 86400000"),
    ("ats-runtime.probe_reason_extra", "a verified data probe carries a reason"),
    ("ats-runtime.probe_reason_missing", "a data probe that is not verified has no reason"),
    ("ats-runtime.source_id", "source_id is not a reference with prefix src_"),
    ("ats-runtime.language", "language is not nano, pine or python"),
    ("ats-runtime.content_digest", "content_digest is not a sha256 digest"),
    ("ats-runtime.byte_length", "byte_length is not an integer from 1 to 1048576"),
    ("ats-runtime.imported_at_ms", "imported_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.artifact_id", "artifact_id is not a sha256 digest"),
    ("ats-runtime.source_digest", "source_digest is not a sha256 digest"),
    ("ats-runtime.artifact_status", "status is not compiled or failed"),
    ("ats-runtime.program", "program is not null or text of 1 to 65536 UTF-16 units"),
    ("ats-runtime.compiler_version", "compiler_version is not a version MAJOR.MINOR.PATCH"),
    ("ats-runtime.compiled_at_ms", "compiled_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.artifact_program_missing", "a compiled artifact has no program"),
    ("ats-runtime.artifact_program_extra", "a failed artifact has a program"),
    ("ats-runtime.activation_id", "activation_id is not a reference with prefix activation_"),
    ("ats-runtime.requested_mode", "requested_mode is not offline, observe, review_only, paper, approve or auto"),
    ("ats-runtime.execution_grant_ref", "execution_grant_ref is not null or a reference with prefix grant_"),
    ("ats-runtime.requested_at_ms", "requested_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.activation_exceeds", "effective_mode exceeds requested_mode"),
    ("ats-runtime.activation_reason_missing", "effective_mode differs from requested_mode without a reason"),
    ("ats-runtime.activation_grant_missing", "effective_mode needs an execution_grant_ref"),
    ("ats-runtime.activation_grant_extra", "effective_mode may not carry an execution_grant_ref"),
    ("ats-runtime.entry_id", "entry_id is not a reference with prefix entry_"),
    ("ats-runtime.facts", "facts is not a JSON object"),
    ("ats-runtime.receipt_id", "receipt_id is not a reference with prefix receipt_"),
    ("ats-runtime.symbol", "symbol is not an equity ticker"),
    ("ats-runtime.side", "side is not buy or sell"),
    ("ats-runtime.quantity", "quantity is not an integer from 1 to 1000000"),
    ("ats-runtime.price_minor", "price_minor is not an integer from 1 to 1000000000"),
    ("ats-runtime.executed_at_ms", "executed_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.fact_revision", "fact_revision is not an integer from 1 to 9007199254740991"),
    ("ats-runtime.reflection_revision", "reflection_revision is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.reflection", "reflection is not null or text of 1 to 4096 UTF-16 units"),
    ("ats-runtime.journal_reflection_extra", "reflection is set at reflection_revision 0"),
    ("ats-runtime.journal_reflection_missing", "reflection is null after a reflection revision"),
    ("ats-runtime.revision", "revision is not an integer from 1 to 9007199254740991"),
    ("ats-runtime.supersedes", "supersedes is not null or an integer from 1 to 9007199254740991"),
    ("ats-runtime.text", "text is not text of 1 to 4096 UTF-16 units"),
    ("ats-runtime.authored_at_ms", "authored_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.note_supersedes", "supersedes is not the revision before revision"),
    ("ats-runtime.review_reminder", "review_reminder is not off, daily or weekly"),
    ("ats-runtime.show_pnl", "show_pnl is not true or false"),
    ("ats-runtime.grants_execution_authority", "grants_execution_authority is not false"),
    ("ats-runtime.updated_at_ms", "updated_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.now_ms", "now_ms is not an integer from 0 to 9007199254740991"),
    ("ats-runtime.probe_clock", "now_ms is before the probe's observed_at_ms"),
    ("ats-runtime.stage_language", "a pine or python strategy source never compiles"),
    ("ats-runtime.stage_source_id", "artifact source_id is not the source's source_id"),
    ("ats-runtime.stage_source_digest", "artifact source_digest is not the source's content_digest"),
    ("ats-runtime.stage_not_compiled", "artifact is not compiled"),
    ("ats-runtime.stage_id", "artifact_id does not match its contents"),
    ("ats-runtime.activation_probe", "data probe is not verified at now_ms"),
    ("ats-runtime.note_entry", "note revision is for another journal entry"),
    ("ats-runtime.note_conflict", "note revision's base is not the entry's reflection_revision"),
    ("ats-runtime.canonical", "value cannot be canonicalized"),
)

# The guards with no accept path (spec/ats-runtime.md, "Ignored guards and
# exception tags"): the input, the value's type, and the two members whose
# only rule is their type (``show_pnl``, any boolean; ``facts``, an object).
_NO_ACCEPT_PATH = frozenset(("ats-runtime.input", "ats-runtime.type", "ats-runtime.show_pnl", "ats-runtime.facts"))

GUARDS: tuple[Guard, ...] = tuple(
    Guard(CONTRACT, code, message, ignorable=code not in _NO_ACCEPT_PATH) for code, message in _TABLE
)
_BY_CODE: dict[str, Guard] = {g.code: g for g in GUARDS}


def guard(code: str) -> Guard:
    """The guard of ``code`` (``"ats-runtime.quantity"``); KeyError for a
    code the table lacks."""
    return _BY_CODE[code]


def _g(name: str) -> Guard:
    return guard("ats-runtime." + name)


INPUT = _g("input")
TYPE = _g("type")
UNKNOWN_MEMBER = _g("unknown_member")
MISSING_MEMBER = _g("missing_member")
CANONICAL = _g("canonical")

Doc = dict[str, Any]
Place = tuple[Any, ...]


def _always(g: Guard, where: Where) -> NoReturn:
    """Refuse with ``g`` where the refusal has no accept path: it stands even
    when ``g`` is ignored (a value of another type, an absent member)."""
    refuse(g, where)
    raise Refusal(g, where())


# ------------------------------------------------------------ value rules
# spec/ats-runtime.md, "Value rules": whole-string patterns, ASCII classes.

_NAME = re.compile(r"[a-z][a-z0-9-]{0,63}")
_REASON = re.compile(r"[a-z][a-z0-9_]{0,63}")
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_VERSION = re.compile(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})")
_CREDENTIAL = re.compile(r"(env|vault):[A-Za-z0-9_./-]{1,128}")
_TICKER = re.compile(r"[A-Z]{1,6}([.-][A-Z]{1,4})?")
_INT = re.compile(r"0|[1-9][0-9]*")
_MAX_SAFE = 9007199254740991


def _ref(prefix: str) -> Callable[[Any], bool]:
    pattern = re.compile(re.escape(prefix) + r"_[A-Za-z0-9]{1,64}")
    return lambda v: pattern.fullmatch(v) is not None


def _matches(pattern: re.Pattern[str]) -> Callable[[Any], bool]:
    return lambda v: pattern.fullmatch(v) is not None


def _int(lo: int, hi: int) -> Callable[[Any], bool]:
    """int[lo, hi]: the literal is 0 or [1-9][0-9]* and its value, exactly,
    is from lo to hi."""
    return lambda v: _INT.fullmatch(v.text) is not None and lo <= int(v.text) <= hi


_TIME = _int(0, _MAX_SAFE)


def _text(hi: int) -> Callable[[Any], bool]:
    """Text of 1 to hi UTF-16 units: no lone surrogate, no control character
    other than U+0009 and U+000A."""

    def check(v: str) -> bool:
        if not 1 <= jsonvalue.utf16_length(v) <= hi or jsonvalue.has_lone_surrogate(v):
            return False
        for ch in v:
            o = ord(ch)
            if (o <= 0x1F and o not in (0x09, 0x0A)) or 0x7F <= o <= 0x9F:
                return False
        return True

    return check


def _one_of(*values: str) -> Callable[[Any], bool]:
    return lambda v: v in values


def _is_true(v: Any) -> bool:
    return v is True


def _is_false(v: Any) -> bool:
    return v is False


def _any(_: Any) -> bool:
    return True


LADDER = ("offline", "observe", "review_only", "paper", "approve", "auto")
HALTS = ("orders_paused", "emergency_locked")

# A member: (name, JSON type, nullable, rule, guard code). A JSON type is
# "string", "number", "boolean", or an object shape's name (a nested
# document, whose rules are its own).
Member = tuple[str, str, bool, Callable[[Any], bool], str]


def _m(name: str, kind: str, rule: Callable[[Any], bool], code: Optional[str] = None, nullable: bool = False) -> Member:
    return (name, kind, nullable, rule, "ats-runtime." + (code or name))


def _tag(tag: str) -> Member:
    return _m("schema_version", "string", lambda v: bool(v == tag), "schema_version")


_INSTALLATION_ID = _m("installation_id", "string", _ref("install"))
_RUNTIME_VERSION = _m("runtime_version", "string", _matches(_VERSION))
_EFFECTIVE_MODE = _m("effective_mode", "string", _one_of(*LADDER, *HALTS))
_REASON_M = _m("reason", "string", _matches(_REASON), nullable=True)
_OBSERVED = _m("observed_at_ms", "number", _TIME)
_PROFILE_ID = _m("profile_id", "string", _ref("profile"))
_SOURCE_ID = _m("source_id", "string", _ref("src"))
_ARTIFACT_ID = _m("artifact_id", "string", _matches(_DIGEST))
_ENTRY_ID = _m("entry_id", "string", _ref("entry"))

# The shapes, members in check order (spec/ats-runtime.md, "The shapes").
SHAPES: dict[str, tuple[Member, ...]] = {
    "runtime-installation": (
        _tag("aether.ats.runtime-installation/1"),
        _INSTALLATION_ID,
        _RUNTIME_VERSION,
        _m("artifact_digest", "string", _matches(_DIGEST)),
        _m("provenance_verified", "boolean", _is_true),
        _m("installed_at_ms", "number", _TIME),
    ),
    "runtime-capabilities": (
        _tag("aether.ats.runtime-capabilities/1"),
        _INSTALLATION_ID,
        _RUNTIME_VERSION,
        _m("authored_by", "string", _one_of("runtime", "local")),
        _EFFECTIVE_MODE,
        _REASON_M,
        _OBSERVED,
    ),
    "data-profile": (
        _tag("aether.ats.data-profile/1"),
        _PROFILE_ID,
        _m("provider", "string", _matches(_NAME)),
        _m("feed", "string", _one_of("realtime", "delayed")),
        _m("credential_ref", "string", _matches(_CREDENTIAL), nullable=True),
        _m("max_probe_age_ms", "number", _int(1000, 86400000)),
        _m("configured_at_ms", "number", _TIME),
    ),
    "data-probe": (
        _tag("aether.ats.data-probe/1"),
        _m("probe_id", "string", _ref("probe")),
        _PROFILE_ID,
        _m("status", "string", _one_of("verified", "failed", "stale"), "probe_status"),
        _OBSERVED,
        _m("max_age_ms", "number", _int(1000, 86400000)),
        _REASON_M,
    ),
    "strategy-source": (
        _tag("aether.ats.strategy-source/1"),
        _SOURCE_ID,
        _m("language", "string", _one_of("nano", "pine", "python")),
        _m("content_digest", "string", _matches(_DIGEST)),
        _m("byte_length", "number", _int(1, 1048576)),
        _m("imported_at_ms", "number", _TIME),
    ),
    "strategy-compile-artifact": (
        _tag("aether.ats.strategy-compile-artifact/1"),
        _ARTIFACT_ID,
        _SOURCE_ID,
        _m("source_digest", "string", _matches(_DIGEST)),
        _m("status", "string", _one_of("compiled", "failed"), "artifact_status"),
        _m("program", "string", _text(65536), nullable=True),
        _m("compiler_version", "string", _matches(_VERSION)),
        _m("compiled_at_ms", "number", _TIME),
    ),
    "strategy-activation": (
        _tag("aether.ats.strategy-activation/1"),
        _m("activation_id", "string", _ref("activation")),
        _ARTIFACT_ID,
        _m("requested_mode", "string", _one_of(*LADDER)),
        _EFFECTIVE_MODE,
        _m("execution_grant_ref", "string", _ref("grant"), nullable=True),
        _REASON_M,
        _m("requested_at_ms", "number", _TIME),
    ),
    "trade-journal": (
        _tag("aether.ats.trade-journal/2"),
        _ENTRY_ID,
        _m("facts", "facts", _any),
        _m("fact_revision", "number", _int(1, _MAX_SAFE)),
        _m("reflection_revision", "number", _int(0, _MAX_SAFE)),
        _m("reflection", "string", _text(4096), nullable=True),
    ),
    "facts": (
        _m("receipt_id", "string", _ref("receipt")),
        _m("symbol", "string", _matches(_TICKER)),
        _m("side", "string", _one_of("buy", "sell")),
        _m("quantity", "number", _int(1, 1000000)),
        _m("price_minor", "number", _int(1, 1000000000)),
        _m("executed_at_ms", "number", _TIME),
    ),
    "human-note-revision": (
        _tag("aether.ats.human-note-revision/1"),
        _ENTRY_ID,
        _m("revision", "number", _int(1, _MAX_SAFE)),
        _m("supersedes", "number", _int(1, _MAX_SAFE), nullable=True),
        _m("text", "string", _text(4096)),
        _m("authored_at_ms", "number", _TIME),
    ),
    "journal-preferences": (
        _tag("aether.ats.journal-preferences/1"),
        _m("review_reminder", "string", _one_of("off", "daily", "weekly")),
        _m("show_pnl", "boolean", _any),
        _m("grants_execution_authority", "boolean", _is_false),
        _m("updated_at_ms", "number", _TIME),
    ),
}

# The envelopes of the decisions (spec/ats-runtime.md, "Decisions over more
# than one document"): document members by their shape, and now_ms.
_NOW = _m("now_ms", "number", _TIME)


def _doc(name: str, shape: str) -> Member:
    return (name, shape, False, _any, "ats-runtime.type")


SHAPES.update({
    "age-probe-receipt": (_doc("probe", "data-probe"), _NOW),
    "stage-artifact": (_doc("source", "strategy-source"), _doc("artifact", "strategy-compile-artifact")),
    "admit-activation": (_doc("activation", "strategy-activation"), _doc("probe", "data-probe"), _NOW),
    "save-note": (_doc("entry", "trade-journal"), _doc("note", "human-note-revision")),
})


def _typed(v: Any, kind: str) -> bool:
    if kind == "string":
        return type(v) is str
    if kind == "number":
        return type(v) is Number
    if kind == "boolean":
        return type(v) is bool
    return type(v) is dict


def _check(shape: str, v: Any, path: Place, type_guard: Guard) -> None:
    """Steps 1 to 3 of "Procedure": v is an object (``type_guard``, no
    accept path), has no member outside the shape, and each member in order
    is present, of its type (no accept path) and passes its rule; a nested
    document member runs these steps itself when it comes."""
    if type(v) is not dict:
        _always(type_guard, at_pointer(*path))
    members = SHAPES[shape]
    names = {m[0] for m in members}
    for name in v:
        if name not in names:
            refuse(UNKNOWN_MEMBER, at_pointer(*path, name))
    for name, kind, nullable, rule, code in members:
        g = guard(code)
        where = at_pointer(*path, name)
        if name not in v:
            refuse(MISSING_MEMBER, at_pointer(*path))
            _always(g, where)
        x = v[name]
        if kind in SHAPES:
            _check(kind, x, path + (name,), g)
            continue
        if nullable and x is None:
            continue
        if not _typed(x, kind):
            _always(g, where)
        if not rule(x):
            refuse(g, where)


# ------------------------------------------------------------ object rules


def _num(d: Doc, name: str) -> float:
    """The member's number as a double (NaN when it is not a number)."""
    x = d.get(name)
    return float(x.text) if type(x) is Number else float("nan")


def _rank(mode: Any) -> Optional[int]:
    return LADDER.index(mode) if mode in LADDER else None


def _rule(cond: bool, code: str, name: str, path: Place) -> None:
    if cond:
        refuse(_g(code), at_pointer(*path, name))


def _capabilities_rules(d: Doc, path: Place) -> None:
    _rule(d["authored_by"] == "local" and d["effective_mode"] != "offline", "capabilities_local_mode", "authored_by", path)


def _probe_rules(d: Doc, path: Place) -> None:
    verified = d["status"] == "verified"
    _rule(verified and d["reason"] is not None, "probe_reason_extra", "reason", path)
    _rule(not verified and d["reason"] is None, "probe_reason_missing", "reason", path)


def _artifact_rules(d: Doc, path: Place) -> None:
    _rule(d["status"] == "compiled" and d["program"] is None, "artifact_program_missing", "program", path)
    _rule(d["status"] == "failed" and d["program"] is not None, "artifact_program_extra", "program", path)


PAPER = LADDER.index("paper")


def _activation_rules(d: Doc, path: Place) -> None:
    req, eff = d["requested_mode"], d["effective_mode"]
    r, e = _rank(req), _rank(eff)
    grant = d["execution_grant_ref"] is not None
    _rule(r is not None and e is not None and e > r, "activation_exceeds", "effective_mode", path)
    _rule(req != eff and d["reason"] is None, "activation_reason_missing", "reason", path)
    _rule(e is not None and e >= PAPER and not grant, "activation_grant_missing", "execution_grant_ref", path)
    _rule(e is not None and e < PAPER and grant, "activation_grant_extra", "execution_grant_ref", path)


def _journal_rules(d: Doc, path: Place) -> None:
    zero = _num(d, "reflection_revision") == 0
    _rule(zero and d["reflection"] is not None, "journal_reflection_extra", "reflection", path)
    _rule(not zero and d["reflection"] is None, "journal_reflection_missing", "reflection", path)


def _note_rules(d: Doc, path: Place) -> None:
    rev = _num(d, "revision")
    if rev == 1:
        exact = d["supersedes"] is None
    else:
        exact = d["supersedes"] is not None and _num(d, "supersedes") == rev - 1
    _rule(not exact, "note_supersedes", "supersedes", path)


_OBJECT_RULES: dict[str, Callable[[Doc, Place], None]] = {
    "runtime-capabilities": _capabilities_rules,
    "data-probe": _probe_rules,
    "strategy-compile-artifact": _artifact_rules,
    "strategy-activation": _activation_rules,
    "trade-journal": _journal_rules,
    "human-note-revision": _note_rules,
}


def _validate(shape: str, v: Any) -> Doc:
    """The procedure of a validator or an envelope: steps 1 to 3, then the
    object rules of the document, or of each document of the envelope in
    member order (spec/ats-runtime.md, "Precedence")."""
    _check(shape, v, (), TYPE)
    if shape in _OBJECT_RULES:
        _OBJECT_RULES[shape](v, ())
    for name, kind, _, _, _ in SHAPES[shape]:
        if kind in _OBJECT_RULES:
            _OBJECT_RULES[kind](v[name], (name,))
    doc: Doc = v
    return doc


# ------------------------------------------------------------ canonical form


def _not_canonical(path: tuple[Any, ...]) -> NoReturn:
    _always(CANONICAL, at_pointer(*path))


def jcs(v: Any) -> bytes:
    """JCS(v) of a parsed value; ``ats-runtime.canonical`` (no accept path)
    when it has none."""
    return rfc8785.serialize(rfc8785.tree(v, [], _not_canonical)).encode("utf-8")


def digest(v: Any) -> str:
    """D(v): ``"sha256:"`` and the lowercase hex SHA-256 of JCS(v)."""
    return "sha256:" + hashlib.sha256(jcs(v)).hexdigest()


def _read(data: bytes) -> Any:
    return jsonvalue.parse(data, INPUT)


# ------------------------------------------------------------ operations


def _validator(shape: str) -> Callable[[bytes], bytes]:
    def run(data: bytes) -> bytes:
        d = _validate(shape, _read(data))
        return jcs({"digest": digest(d), "schema_version": d["schema_version"]})

    run.__doc__ = f"Validate an {shape} document; JCS of {{digest, schema_version}}."
    return run


def age_probe(probe: Doc, now: float) -> Doc:
    """ageProbeReceipt (spec/ats-runtime.md, "age-probe-receipt"): refuses
    ``probe_clock`` when now is before observed_at_ms; a verified probe at
    least max_age_ms old comes back stale with reason probe_expired, any
    other unchanged."""
    observed = _num(probe, "observed_at_ms")
    if now < observed:
        refuse(_g("probe_clock"), at_pointer("now_ms"))
    if probe["status"] == "verified" and now - observed >= _num(probe, "max_age_ms"):
        aged = dict(probe)
        aged["status"] = "stale"
        aged["reason"] = "probe_expired"
        return aged
    return probe


def age_probe_receipt(data: bytes) -> bytes:
    """``age-probe-receipt``: {probe, now_ms} to JCS of {probe: the aged
    probe, usable} (seed invariant 3)."""
    env = _validate("age-probe-receipt", _read(data))
    aged = age_probe(env["probe"], _num(env, "now_ms"))
    return jcs({"probe": aged, "usable": aged["status"] == "verified"})


def stage_artifact(data: bytes) -> bytes:
    """``stage-artifact``: {source, artifact} to JCS of {artifact_id}; only
    a compiled artifact of a Nano source, compiled from it, whose id is D of
    its contents (seed invariant 5)."""
    env = _validate("stage-artifact", _read(data))
    src, art = env["source"], env["artifact"]
    if src["language"] in ("pine", "python"):
        refuse(_g("stage_language"), at_pointer("source", "language"))
    if art["source_id"] != src["source_id"]:
        refuse(_g("stage_source_id"), at_pointer("artifact", "source_id"))
    if art["source_digest"] != src["content_digest"]:
        refuse(_g("stage_source_digest"), at_pointer("artifact", "source_digest"))
    if art["status"] != "compiled":
        refuse(_g("stage_not_compiled"), at_pointer("artifact", "status"))
    contents = {k: v for k, v in art.items() if k != "artifact_id"}
    if art["artifact_id"] != digest(contents):
        refuse(_g("stage_id"), at_pointer("artifact", "artifact_id"))
    return jcs({"artifact_id": art["artifact_id"]})


def admit_activation(data: bytes) -> bytes:
    """``admit-activation``: {activation, probe, now_ms} to JCS of
    {activation_digest, probe_digest}; the probe, aged at now_ms, must still
    be verified (seed invariants 3 and 6)."""
    env = _validate("admit-activation", _read(data))
    aged = age_probe(env["probe"], _num(env, "now_ms"))
    if aged["status"] != "verified":
        refuse(_g("activation_probe"), at_pointer("probe", "status"))
    return jcs({"activation_digest": digest(env["activation"]), "probe_digest": digest(aged)})


def save_note(data: bytes) -> bytes:
    """``save-note``: {entry, note} to JCS of {digest of the next entry,
    fact_revision, reflection_revision}; the note is for the entry and
    based on its reflection_revision, and fact_revision never moves (seed
    invariant 7)."""
    env = _validate("save-note", _read(data))
    entry, note = env["entry"], env["note"]
    base = 0.0 if note["supersedes"] is None else _num(note, "supersedes")
    if note["entry_id"] != entry["entry_id"]:
        refuse(_g("note_entry"), at_pointer("note", "entry_id"))
    if base != _num(entry, "reflection_revision"):
        refuse(_g("note_conflict"), at_pointer("note", "supersedes"))
    nxt = dict(entry)
    nxt["reflection"] = note["text"]
    nxt["reflection_revision"] = note["revision"]
    return jcs({"digest": digest(nxt), "fact_revision": entry["fact_revision"], "reflection_revision": note["revision"]})


OPERATIONS: dict[str, Callable[[bytes], bytes]] = {
    "runtime-installation": _validator("runtime-installation"),
    "runtime-capabilities": _validator("runtime-capabilities"),
    "data-profile": _validator("data-profile"),
    "data-probe": _validator("data-probe"),
    "strategy-source": _validator("strategy-source"),
    "strategy-compile-artifact": _validator("strategy-compile-artifact"),
    "strategy-activation": _validator("strategy-activation"),
    "trade-journal": _validator("trade-journal"),
    "human-note-revision": _validator("human-note-revision"),
    "journal-preferences": _validator("journal-preferences"),
    "age-probe-receipt": age_probe_receipt,
    "stage-artifact": stage_artifact,
    "admit-activation": admit_activation,
    "save-note": save_note,
}

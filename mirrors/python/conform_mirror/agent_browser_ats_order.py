"""agent-browser-ats-order/1 (spec/agent-browser-ats-order.md): the Agent
Browser order ticket (seed 001, section 4): the call and result shapes of
the ten operations, resolveSiteMode, deriveBrowserBindingState,
requiresReconciliation and verifyBrowserResult.

Written from the spec's prose. Every object is closed; its members are
checked in the spec's order (presence, JSON type with no accept path, then
the member's value rule), then the object rules: those of the objects it
holds first, then its own. Every operation takes one JSON value input
(``jsonvalue``) and answers the RFC 8785 canonical bytes (``rfc8785``) of a
verdict object, or raises a ``Refusal`` of ``GUARDS``.

The traps of a Python port (seed 001, section 4, "Golden vectors and the
Python mirror"): patterns use ``fullmatch`` and ``[0-9]``, never ``$`` or
``\\d``; lengths are UTF-16 units (``jsonvalue.utf16_length``); timestamps
are read by the ``v8date/1`` mirror (year 0000 valid, 24:00 rolls over),
never by ``datetime``; numbers are kept as their literals, so ``4.0`` is
not the integer 4.

Nothing here performs I/O or reads the clock: ``now`` is an input.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any, Callable, NoReturn, Optional

from . import jsonvalue, rfc8785, ticker, v8date
from .jsonvalue import Number
from .refusal import Guard, Refusal, at_pointer, ignoring, refuse

CONTRACT = "agent-browser-ats-order/1"

_P = "agent-browser-ats-order."

# spec/agent-browser-ats-order.md, "Refusals", in table order.
_TABLE: tuple[tuple[str, str], ...] = (
    ("input", "input is not valid JSON"),
    ("type", "value is not of its member's JSON type"),
    ("unknown_member", "object has a member outside its shape"),
    ("missing_member", "object lacks a member of its shape"),
    ("schema_version", "schema_version is not the schema tag this operation checks"),
    ("enum", "string is not one of its member's values"),
    ("ref", "identifier is not its prefix, an underscore and 1 to 64 ASCII letters or digits"),
    ("int", "number is not an integer in its member's range"),
    ("name", "adapter_id is not a lowercase name"),
    ("version", "adapter_version is not a version MAJOR.MINOR.PATCH"),
    ("digest", "digest is not a sha256 digest"),
    ("ticker", "symbol is not an equity ticker"),
    ("site_id", "site_order_id is not 1 to 64 ASCII letters, digits or hyphens"),
    ("timestamp", "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"),
    ("timestamp_instant", "timestamp is not a real instant"),
    ("timestamp_calendar", "timestamp is not a real calendar date"),
    ("origin", "origin is not a bare canonical https origin"),
    ("label_length", "account_label is not 1 to 64 UTF-16 units"),
    ("label_char", "account_label has a character outside the closed label set"),
    ("label_digits", "account_label has more than four consecutive digits"),
    ("positions", "positions is not an array of 0 to 256 positions"),
    ("ticket_limit_price", "limit_price_minor is not set exactly for a limit order"),
    ("deadline_order", "deadline_at is not after issued_at"),
    ("deadline_window", "deadline_at is more than 120 s after issued_at"),
    ("mutation_window", "a mutation's deadline_at is more than 30 s after issued_at"),
    ("unbound", "operation needs a binding"),
    ("binding_environment", "binding environment is not environmentForSiteMode(site_mode)"),
    ("result_reason", "reason does not fit status"),
    ("result_data", "data is not present exactly when status is ok"),
    ("ambiguous_operation", "only commit_once and cancel_order may be ambiguous"),
    ("duplicate_commit", "only commit_once may be refused as a duplicate"),
    ("evidence_second", "a second indicator is reported for an adapter without one"),
    ("unverified_carries", "an unverified session carries origin, account, mode evidence or permission"),
    ("unverified_control", "an unverified session does not leave control with the user"),
    ("ticket_digest", "rendered_ticket_digest is not the digest of rendered_ticket"),
    ("commit_order_id", "site_order_id is not set exactly for a confirmed commit"),
    ("fill_evidence", "fill facts without order_history or order_detail evidence"),
    ("fill_exceeds", "filled_quantity exceeds quantity"),
    ("fill_status", "filled_quantity does not agree with order_status"),
    ("fill_price", "average_fill_price_minor is not set exactly when something filled"),
    ("gate_operation", "result answers another operation"),
    ("gate_request", "result answers another request"),
    ("gate_generation", "result is of another session generation"),
    ("gate_principal", "result is of another user, agent or browser session"),
    ("gate_adapter", "result is of another adapter id, version or digest"),
    ("gate_replay", "result was observed more than MAX_CLOCK_SKEW_MS before the call"),
    ("gate_clock", "result was observed more than MAX_CLOCK_SKEW_MS after now"),
    ("gate_binding", "result data disagrees with the call's binding"),
    ("gate_params", "result data disagrees with the call's parameters"),
    ("gate_stale_read", "a read was observed after its deadline"),
    ("canonical", "value cannot be canonicalized"),
)

_NO_ACCEPT_PATH = frozenset(("input", "type"))

GUARDS: tuple[Guard, ...] = tuple(
    Guard(CONTRACT, _P + code, message, ignorable=code not in _NO_ACCEPT_PATH) for code, message in _TABLE
)
G: dict[str, Guard] = {g.code[len(_P) :]: g for g in GUARDS}

MAX_CLOCK_SKEW_MS = 5000
_MAX = 9007199254740991
_WHOLE = at_pointer()

Rule = Callable[[Any], None]


def _always(g: Guard) -> NoReturn:
    refuse(g, _WHOLE)
    raise Refusal(g, None)


# ------------------------------------------------------------ value rules


def _pattern(expr: str, code: str) -> Rule:
    compiled = re.compile(expr)

    def rule(v: Any) -> None:
        if compiled.fullmatch(v) is None:
            refuse(G[code], _WHOLE)

    return rule


def _ref(prefix: str) -> Rule:
    return _pattern(re.escape(prefix) + r"_[A-Za-z0-9]{1,64}", "ref")


_NAME = _pattern(r"[a-z][a-z0-9-]{0,63}", "name")
_VERSION = _pattern(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})", "version")
_DIGEST = _pattern(r"sha256:[0-9a-f]{64}", "digest")
_SITE_ID = _pattern(r"[A-Za-z0-9-]{1,64}", "site_id")


def _ticker(v: Any) -> None:
    if not ticker.is_equity_ticker(v):
        refuse(G["ticker"], _WHOLE)


def _one_of(*values: str) -> Rule:
    def rule(v: Any) -> None:
        if v not in values:
            refuse(G["enum"], _WHOLE)

    return rule


def _tag(t: str) -> Rule:
    def rule(v: Any) -> None:
        if v != t:
            refuse(G["schema_version"], _WHOLE)

    return rule


_INT_LITERAL = re.compile(r"0|[1-9][0-9]*")


def _int(lo: int, hi: int) -> Rule:
    def rule(v: Any) -> None:
        if _INT_LITERAL.fullmatch(v.text) is None or not lo <= int(v.text) <= hi:
            refuse(G["int"], _WHOLE)

    return rule


def _v8(s: str, *ignored: Guard) -> Any:
    """The v8date/1 verdict on s: its epoch milliseconds (int), or the
    v8date code (str) that refuses it."""
    data = json.dumps(s, ensure_ascii=True).encode("ascii")
    try:
        with ignoring(*ignored):
            return int(v8date.parse(data))
    except Refusal as e:
        return e.guard.code


def _timestamp(v: Any) -> None:
    r = _v8(v)
    if r == "v8date.shape":
        refuse(G["timestamp"], _WHOLE)
    elif r == "v8date.instant":
        refuse(G["timestamp_instant"], _WHOLE)
        if isinstance(_v8(v, v8date.INSTANT), str):
            refuse(G["timestamp_calendar"], _WHOLE)
    elif r == "v8date.calendar":
        refuse(G["timestamp_calendar"], _WHOLE)


def _instant(v: Any) -> float:
    """A timestamp's instant: the rolled-over v8date/1 value, NaN for a
    string of another shape or another value."""
    if type(v) is not str:
        return math.nan
    r = _v8(v, v8date.INSTANT, v8date.CALENDAR)
    return float(r) if isinstance(r, int) else math.nan


_DNS_LABEL = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")


def _origin(v: Any) -> None:
    good = v.startswith("https://")
    host = v[8:]
    labels = host.split(".")
    good = good and len(host) <= 253 and len(labels) >= 2 and all(_DNS_LABEL.fullmatch(x) for x in labels)
    good = good and "a" <= labels[-1][:1] <= "z" and labels[-1] != ""
    if not good:
        refuse(G["origin"], _WHOLE)


def _label(v: Any) -> None:
    ticker.scan_closed_masked_label(v, G["label_length"], G["label_char"], G["label_digits"], _WHOLE)


# ------------------------------------------------------------ shapes

Member = tuple[str, str, Optional[Rule], bool]
Shape = tuple[Member, ...]


def _m(name: str, kind: str, rule: Optional[Rule] = None, nullable: bool = False) -> Member:
    return (name, kind, rule, nullable)


def _typed(v: Any, kind: str) -> bool:
    return {
        "string": type(v) is str,
        "number": type(v) is Number,
        "boolean": type(v) is bool,
        "object": type(v) is dict,
        "array": type(v) is list,
    }[kind]


def _validate(v: Any, shape: Shape) -> None:
    """Steps 1 to 3 of the procedure: v as the closed object shape."""
    if type(v) is not dict:
        _always(G["type"])
    names = {m[0] for m in shape}
    if any(k not in names for k in v):
        refuse(G["unknown_member"], _WHOLE)
    for name, kind, rule, nullable in shape:
        if name not in v:
            refuse(G["missing_member"], _WHOLE)
            _always(G["type"])
        f = v[name]
        if nullable and f is None:
            continue
        if not _typed(f, kind):
            _always(G["type"])
        if rule is not None:
            rule(f)


def _object(shape: Callable[[], Shape]) -> Rule:
    return lambda v: _validate(v, shape())


_OPS = (
    "verify_session", "read_market", "read_account", "verify_ticket", "read_order",
    "read_positions", "prepare_ticket", "commit_once", "cancel_order", "end_control",
)  # fmt: skip
_REFUSAL_REASONS = ("session_unverified", "binding_mismatch", "site_unavailable", "ticket_mismatch", "not_found", "duplicate_commit")
_AMBIGUITY_REASONS = ("outcome_unknown", "connection_lost")

_PRINCIPAL: Shape = (_m("user_id", "string", _ref("user")), _m("agent_id", "string", _ref("agent")), _m("browser_session_id", "string", _ref("bsess")))
_ADAPTER: Shape = (_m("adapter_id", "string", _NAME), _m("adapter_version", "string", _VERSION), _m("adapter_digest", "string", _DIGEST))
_BINDING: Shape = (
    _m("binding_id", "string", _ref("binding")),
    _m("binding_generation", "number", _int(1, _MAX)),
    _m("account_fingerprint", "string", _DIGEST),
    _m("site_mode", "string", _one_of("paper", "live")),
    _m("environment", "string", _one_of("provider_sandbox", "provider_live")),
)
_TICKET: Shape = (
    _m("symbol", "string", _ticker),
    _m("side", "string", _one_of("buy", "sell")),
    _m("quantity", "number", _int(1, 1000000)),
    _m("order_type", "string", _one_of("market", "limit")),
    _m("limit_price_minor", "number", _int(1, 1000000000), True),
    _m("time_in_force", "string", _one_of("day", "gtc")),
)


def _ts(name: str) -> Member:
    return _m(name, "string", _timestamp)


# The members a call and its result share, after schema_version.
_SHARED: Shape = (
    _m("operation", "string", _one_of(*_OPS)),
    _m("request_id", "string", _ref("req")),
    _m("principal", "object", _object(lambda: _PRINCIPAL)),
    _m("session_generation", "number", _int(1, _MAX)),
    _m("adapter", "object", _object(lambda: _ADAPTER)),
)

_CALL: Shape = (
    _m("schema_version", "string", _tag("aether.ats.browser-order-call/1")),
    *_SHARED,
    _m("binding", "object", _object(lambda: _BINDING), True),
    _ts("issued_at"),
    _ts("deadline_at"),
    _m("params", "object"),
)

_TICKET_DIGEST = _m("ticket_digest", "string", _DIGEST)
_ORDER_ID = _m("site_order_id", "string", _SITE_ID)
_PARAMS: dict[str, Shape] = {
    "verify_session": (),
    "read_market": (_m("symbol", "string", _ticker),),
    "read_account": (),
    "verify_ticket": (_TICKET_DIGEST,),
    "read_order": (_ORDER_ID,),
    "read_positions": (),
    "prepare_ticket": (_m("ticket", "object", _object(lambda: _TICKET)),),
    "commit_once": (_TICKET_DIGEST,),
    "cancel_order": (_ORDER_ID,),
    "end_control": (_m("reason", "string", _one_of("completed", "user_request", "deadline", "error")),),
}

_RESULT: Shape = (
    _m("schema_version", "string", _tag("aether.ats.browser-order-result/1")),
    *_SHARED,
    _m("status", "string", _one_of("ok", "refused", "ambiguous")),
    _m("reason", "string", _one_of(*_REFUSAL_REASONS, *_AMBIGUITY_REASONS), True),
    _ts("observed_at"),
    _m("data", "object", None, True),
)

_MODE = _m("site_mode", "string", _one_of("paper", "live"))
_FINGERPRINT = _m("account_fingerprint", "string", _DIGEST)
_EVIDENCE: Shape = (
    _m("primary", "string", _one_of("paper", "live"), True),
    _m("second_supported", "boolean"),
    _m("second", "string", _one_of("paper", "live"), True),
)
_SESSION: Shape = (
    _m("verified", "boolean"),
    _m("origin", "string", _origin, True),
    _m("account_label", "string", _label, True),
    _m("site_mode_evidence", "object", _object(lambda: _EVIDENCE), True),
    _m("permission", "string", _one_of("view", "trade"), True),
    _m("control", "string", _one_of("agent", "user")),
)
_RENDERED: Shape = (_m("rendered_ticket", "object", _object(lambda: _TICKET)), _m("rendered_ticket_digest", "string", _DIGEST))
_POSITION: Shape = (_m("symbol", "string", _ticker), _m("quantity", "number", _int(1, 1000000000)))


def _positions(v: Any) -> None:
    if len(v) > 256:
        refuse(G["positions"], _WHOLE)
    for e in v:
        if type(e) is not dict:
            _always(G["type"])
        _validate(e, _POSITION)


def _price(name: str) -> Member:
    return _m(name, "number", _int(1, 1000000000), True)


_DATA: dict[str, Shape] = {
    "verify_session": _SESSION,
    "read_market": (_m("symbol", "string", _ticker), _price("bid_minor"), _price("ask_minor"), _price("last_minor")),
    "read_account": (_FINGERPRINT, _MODE, _m("account_label", "string", _label), _m("buying_power_minor", "number", _int(0, _MAX))),
    "verify_ticket": _RENDERED,
    "read_order": (
        _ORDER_ID,
        _FINGERPRINT,
        _MODE,
        _m("order_status", "string", _one_of("open", "partially_filled", "filled", "cancelled", "rejected")),
        _m("evidence", "string", _one_of("order_list", "order_history", "order_detail")),
        _m("quantity", "number", _int(1, 1000000)),
        _m("filled_quantity", "number", _int(0, 1000000)),
        _price("average_fill_price_minor"),
    ),
    "read_positions": (_FINGERPRINT, _MODE, _m("positions", "array", _positions), _m("unrepresented_count", "number", _int(0, 1000000))),
    "prepare_ticket": _RENDERED,
    "commit_once": (
        _m("outcome", "string", _one_of("confirmed", "site_rejected")),
        _m("site_order_id", "string", _SITE_ID, True),
        _TICKET_DIGEST,
        _FINGERPRINT,
        _MODE,
    ),
    "cancel_order": (_ORDER_ID, _FINGERPRINT, _MODE, _m("outcome", "string", _one_of("cancel_requested", "already_final"))),
    "end_control": (_m("control", "string", _one_of("user")),),
}

_ENVELOPE: Shape = (_m("call", "object", _object(lambda: _CALL)), _m("result", "object", _object(lambda: _RESULT)), _ts("now"))


# ------------------------------------------------------------ object rules


def _get(o: Any, name: str) -> Any:
    return o.get(name) if type(o) is dict else None


def _is(o: Any, name: str, s: str) -> bool:
    v = _get(o, name)
    return type(v) is str and v == s


def _num(o: Any, name: str) -> float:
    v = _get(o, name)
    return float(v.text) if type(v) is Number else 0.0


def _mutation(o: Any) -> bool:
    return _is(o, "operation", "commit_once") or _is(o, "operation", "cancel_order")


def environment_for_site_mode(mode: Any) -> Optional[str]:
    """environmentForSiteMode (seed invariant 3)."""
    return {"paper": "provider_sandbox", "live": "provider_live"}.get(mode) if type(mode) is str else None


def _not_canonical(path: tuple[str | int, ...]) -> NoReturn:
    _always(G["canonical"])


def _jcs(v: Any) -> bytes:
    return rfc8785.serialize(rfc8785.tree(v, [], _not_canonical)).encode("utf-8")


def _digest(v: Any) -> str:
    return "sha256:" + hashlib.sha256(_jcs(v)).hexdigest()


def _nested(doc: Any, table: dict[str, Shape], o: Any) -> None:
    op = _get(doc, "operation")
    if type(op) is not str or op not in table:
        if type(o) is dict and o:
            refuse(G["unknown_member"], _WHOLE)
        return
    _validate(o, table[op])


def _ticket_rule(t: Any) -> None:
    limit_null = _get(t, "limit_price_minor") is None
    if (_is(t, "order_type", "limit") and limit_null) or (_is(t, "order_type", "market") and not limit_null):
        refuse(G["ticket_limit_price"], _WHOLE)


def _call_rules(call: Any) -> None:
    params = call["params"]
    _nested(call, _PARAMS, params)
    if _is(call, "operation", "prepare_ticket") and type(params) is dict and "ticket" in params:
        _ticket_rule(params["ticket"])
    iss, dl = _instant(call["issued_at"]), _instant(call["deadline_at"])
    if dl <= iss:
        refuse(G["deadline_order"], _WHOLE)
    if dl - iss > 120000:
        refuse(G["deadline_window"], _WHOLE)
    if _mutation(call) and dl - iss > 30000:
        refuse(G["mutation_window"], _WHOLE)
    binding = call["binding"]
    if binding is None and not (_is(call, "operation", "verify_session") or _is(call, "operation", "end_control")):
        refuse(G["unbound"], _WHOLE)
    if type(binding) is dict and binding.get("environment") != environment_for_site_mode(binding.get("site_mode")):
        refuse(G["binding_environment"], _WHOLE)


def _evidence_rule(e: Any) -> None:
    if _get(e, "second_supported") is False and _get(e, "second") is not None:
        refuse(G["evidence_second"], _WHOLE)


def _session_rules(d: Any) -> None:
    e = _get(d, "site_mode_evidence")
    if type(e) is dict:
        _evidence_rule(e)
    unverified = _get(d, "verified") is False
    carries = any(_get(d, k) is not None for k in ("origin", "account_label", "site_mode_evidence", "permission"))
    if unverified and carries:
        refuse(G["unverified_carries"], _WHOLE)
    if unverified and not _is(d, "control", "user"):
        refuse(G["unverified_control"], _WHOLE)


def _data_rules(op: Any, d: Any) -> None:
    if op == "verify_session":
        _session_rules(d)
    elif op in ("verify_ticket", "prepare_ticket"):
        t = d["rendered_ticket"]
        _ticket_rule(t)
        if _get(d, "rendered_ticket_digest") != _digest(t):
            refuse(G["ticket_digest"], _WHOLE)
    elif op == "read_order":
        fq, q = _num(d, "filled_quantity"), _num(d, "quantity")
        priced = _get(d, "average_fill_price_minor") is not None
        if _is(d, "evidence", "order_list") and (fq > 0 or priced):
            refuse(G["fill_evidence"], _WHOLE)
        if fq > q:
            refuse(G["fill_exceeds"], _WHOLE)
        st = _get(d, "order_status")
        bad = (
            (st in ("open", "rejected") and fq != 0)
            or (st == "partially_filled" and (fq == 0 or fq == q))
            or (st == "filled" and fq != q)
            or (st == "cancelled" and fq == q)
        )
        if bad:
            refuse(G["fill_status"], _WHOLE)
        if (not priced and fq > 0) or (priced and fq == 0):
            refuse(G["fill_price"], _WHOLE)
    elif op == "commit_once":
        has_id = _get(d, "site_order_id") is not None
        if (_is(d, "outcome", "confirmed") and not has_id) or (_is(d, "outcome", "site_rejected") and has_id):
            refuse(G["commit_order_id"], _WHOLE)


def _result_rules(r: Any) -> None:
    st, reason, data = r["status"], r["reason"], r["data"]
    ok = st == "ok"
    if (
        (ok and reason is not None)
        or (st == "refused" and reason not in _REFUSAL_REASONS)
        or (st == "ambiguous" and reason not in _AMBIGUITY_REASONS)
    ):
        refuse(G["result_reason"], _WHOLE)
    if (ok and data is None) or (not ok and data is not None):
        refuse(G["result_data"], _WHOLE)
    if st == "ambiguous" and not _mutation(r):
        refuse(G["ambiguous_operation"], _WHOLE)
    if reason == "duplicate_commit" and not _is(r, "operation", "commit_once"):
        refuse(G["duplicate_commit"], _WHOLE)
    if type(data) is dict:
        _nested(r, _DATA, data)
        _data_rules(r["operation"], data)


def _requires(r: Any) -> bool:
    return (_mutation(r) and not _is(r, "status", "refused")) or _is(r, "reason", "duplicate_commit")


def _resolve(e: Any) -> Any:
    primary, second = _get(e, "primary"), _get(e, "second")
    if type(primary) is not str:
        return None
    if _get(e, "second_supported") is True and (type(second) is not str or second != primary):
        return None
    return primary


def _same(a: Any, b: Any, name: str) -> bool:
    """Gate equality: same string, same double, or both null; a member
    either lacks agrees."""
    if type(a) is not dict or type(b) is not dict or name not in a or name not in b:
        return True
    x, y = a[name], b[name]
    if type(x) is Number and type(y) is Number:
        return float(x.text) == float(y.text)
    return type(x) is type(y) and type(x) is not Number and x == y


def _gate(call: Any, r: Any, now: float) -> None:
    if not _same(call, r, "operation"):
        refuse(G["gate_operation"], _WHOLE)
    if not _same(call, r, "request_id"):
        refuse(G["gate_request"], _WHOLE)
    if not _same(call, r, "session_generation"):
        refuse(G["gate_generation"], _WHOLE)
    cp, rp = call["principal"], r["principal"]
    if not all(_same(cp, rp, k) for k in ("user_id", "agent_id", "browser_session_id")):
        refuse(G["gate_principal"], _WHOLE)
    ca, ra = call["adapter"], r["adapter"]
    if not all(_same(ca, ra, k) for k in ("adapter_id", "adapter_version", "adapter_digest")):
        refuse(G["gate_adapter"], _WHOLE)
    obs = _instant(r["observed_at"])
    iss, dl = _instant(call["issued_at"]), _instant(call["deadline_at"])
    if obs < iss - MAX_CLOCK_SKEW_MS:
        refuse(G["gate_replay"], _WHOLE)
    if obs > now + MAX_CLOCK_SKEW_MS:
        refuse(G["gate_clock"], _WHOLE)
    binding, params, data = call["binding"], call["params"], r["data"]
    if type(binding) is dict and type(data) is dict and "account_fingerprint" in data:
        if not _same(binding, data, "account_fingerprint") or not _same(binding, data, "site_mode"):
            refuse(G["gate_binding"], _WHOLE)
    if type(data) is dict:
        agree = True
        op = r["operation"]
        if op == "read_market":
            agree = _same(params, data, "symbol")
        elif op in ("read_order", "cancel_order"):
            agree = _same(params, data, "site_order_id")
        elif op == "verify_ticket":
            x, y = _get(params, "ticket_digest"), _get(data, "rendered_ticket_digest")
            agree = x is None or y is None or x == y
        elif op == "prepare_ticket":
            t = _get(params, "ticket")
            if type(t) is dict:
                rd = _get(data, "rendered_ticket_digest")
                agree = rd is None or rd == _digest(t)
        elif op == "commit_once":
            agree = _same(params, data, "ticket_digest")
        if not agree:
            refuse(G["gate_params"], _WHOLE)
    if not _mutation(r) and obs > dl:
        refuse(G["gate_stale_read"], _WHOLE)


# ------------------------------------------------------------ operations


def _read(data: bytes) -> Any:
    return jsonvalue.parse(data, G["input"])


def call(data: bytes) -> bytes:
    """``call``: JCS of {digest, operation}."""
    v = _read(data)
    _validate(v, _CALL)
    _call_rules(v)
    return _jcs({"digest": _digest(v), "operation": v["operation"]})


def _valid_result(data: bytes) -> Any:
    """A result, validated with its rules."""
    v = _read(data)
    _validate(v, _RESULT)
    _result_rules(v)
    return v


def result(data: bytes) -> bytes:
    """``result``: JCS of {digest, operation, status}."""
    v = _valid_result(data)
    return _jcs({"digest": _digest(v), "operation": v["operation"], "status": v["status"]})


def resolve_site_mode(data: bytes) -> bytes:
    """``resolve-site-mode``: resolveSiteMode() on an evidence object."""
    v = _read(data)
    _validate(v, _EVIDENCE)
    _evidence_rule(v)
    return _jcs({"site_mode": _resolve(v)})


def derive_binding_state(data: bytes) -> bytes:
    """``derive-binding-state``: deriveBrowserBindingState() on a
    verify_session data object."""
    v = _read(data)
    _validate(v, _SESSION)
    _session_rules(v)
    e = v["site_mode_evidence"]
    mode = _resolve(e) if type(e) is dict else None
    if v["verified"] is False:
        state = "user_control"
    elif mode == "live":
        state = "live_locked"
    elif type(mode) is not str or not _is(v, "permission", "trade"):
        state = "observe_only"
    else:
        state = "paper_bindable"
    return _jcs({"site_mode": mode, "state": state})


def requires_reconciliation(data: bytes) -> bytes:
    """``requires-reconciliation``: requiresReconciliation() on a result."""
    v = _valid_result(data)
    return _jcs({"requires_reconciliation": _requires(v)})


def verify_result(data: bytes) -> bytes:
    """``verify-result``: verifyBrowserResult(call, result, now)."""
    v = _read(data)
    _validate(v, _ENVELOPE)
    c, r = v["call"], v["result"]
    _call_rules(c)
    _result_rules(r)
    _gate(c, r, _instant(v["now"]))
    return _jcs({"call_digest": _digest(c), "requires_reconciliation": _requires(r), "result_digest": _digest(r)})


OPERATIONS = {
    "call": call,
    "result": result,
    "resolve-site-mode": resolve_site_mode,
    "derive-binding-state": derive_binding_state,
    "requires-reconciliation": requires_reconciliation,
    "verify-result": verify_result,
}

__all__ = ["CONTRACT", "GUARDS", "OPERATIONS", "MAX_CLOCK_SKEW_MS", "environment_for_site_mode"]

"""ats/1: the ATS Spec 1 order shapes at /1 and /2, and the approval and
commit gates.

Written from spec/ats.md (seed 001, section 2 "ATS trading contracts (Spec
1, Gate 1.0)" and section 5 "Spec 1 /2 closure"). Every operation's input is
a JSON value input (``jsonvalue``, spec/README.md "JSON value inputs"); every
output on acceptance is the RFC 8785 canonical bytes of a verdict object,
written by this mirror's own ``rfc8785/1`` serializer.

- **Validators** (spec/ats.md, "Validators", "Procedure"): the value is an
  object (``ats.type``); its members in document order are fields of the
  shape (``ats.unknown_member``); the shape's fields in list order are
  present (``ats.missing_member``) with their kind and rule (the field's one
  message, kind first); the cross-field rules in list order; then the
  verdict ``{digest, schema_version}`` (``{digest}`` for the untagged
  usage), the digest ``D(v)`` = ``sha256:`` + hex SHA-256 of JCS(v) with no
  prefix (``ats.canonical`` when JCS(v) does not exist). **Each /1 and /2
  pair is one body** (``_validator``), parameterized by the schema tag and
  the ``_Check`` (symbol check and label check) only.
- **Export and optional binding**: ``redact-binding-for-export`` validates
  with the /2 body exactly when the value is an object tagged
  ``aether.ats.account-binding/2``, else with the /1 body, and answers the
  seven-member projection; ``optional-binding`` / ``-v2`` answer
  ``{"binding":null}`` for ``null``, else ``{"binding": <verdict>}``.
- **Gates** (spec/ats.md, "Gates", "Steps" 1-8): envelope
  (``ats.envelope``); executable gates only: version
  (``ats.executable_chain``) and re-validation (``ats.executable_member``);
  the read set (``ats.gate_field``); dI = D(intent), dR = D(review); the
  branches 1-32 and, for the commit gates, 33-60, in table order; the
  verdict ``{decision, intent_digest, review_digest}``.

Numbers. Document literals are kept as text (``jsonvalue.Number``). The
``int[lo, hi]`` rule is on the literal (``0`` or ``[1-9][0-9]*``) and
compares the value exactly (a Python ``int`` of at most 16 digits, so
``int()``'s digit limit is never met). Cross-field rules and gates compare
IEEE-754 doubles: ``float(literal)`` is the nearest binary64, round half to
even, ``inf`` beyond the range, ``-0.0`` for ``-0``. In the gates the only
non-finite values are the exact strings ``"NaN"``, ``"Infinity"``,
``"-Infinity"`` (in ``clock_ms``, ``resulting_position_notional_minor`` and
the two usage counters), matched exactly before they are converted
(``float()`` would accept ``"nan"`` and ``"inf"``). Python's float
comparisons are IEEE's (every comparison with NaN is false, ``!=`` true),
and every branch is written "refuse when <condition>" so that NaN passes as
the spec says. ``json.loads`` is never used: it converts numbers, keeps the
last duplicate and accepts ``NaN``.

Strings. Patterns are applied with ``fullmatch`` (``$`` would match before a
trailing newline) on ASCII classes ``[A-Z] [a-z] [0-9]`` (``\\d`` matches
other scripts' digits); string equality and the allowlist's code point
order are ``str`` equality and ``<`` on the parsed strings (``jsonvalue``
keeps lone surrogates as their code points); the label bound counts UTF-16
units (``jsonvalue.utf16_length``), never ``len``. The symbol and label
rules are this mirror's ``ticker/1`` functions, run under this contract's
own guards.

Ignored guards (spec/ats.md, "Ignored guards and exception tags"):

- ``ats.input``, ``ats.type``, ``ats.envelope``, ``ats.gate_field``, and
  ``ats.broker_confirmed`` and ``ats.label_type`` (fields that can only fail
  their kind): no accept path (``ignorable=False``).
- ``ats.unknown_member``: the member is skipped (kept in the digest).
- ``ats.missing_member``: the field's rule runs on the absent value, which
  fails its kind: the field's message refuses, with no accept path.
- A field message on a value of the wrong kind: no accept path (``_always``);
  on a value of the right kind: the value is kept and validation goes on.
  Label and symbol scans go on past the unit or element; the allowlist's
  size bound lets the elements be checked; a repeat or order refusal lets
  the next element be compared with this one.
- A cross-field rule: the next rule runs.
- ``ats.canonical``: no accept path (there is no digest to answer).
- ``ats.executable_chain``: re-validation runs. ``ats.executable_member``:
  steps 5 to 8 run on the values as given, as in the version-blind gate.
- A branch: it is skipped and the next one runs.

**Re-validation ignores nothing**: the gate runs the validators inside
``refusal.ignoring()`` (an empty ignore set, restored afterwards), so the
guard-mutation control reaches the gate's own guards and never the
validators it re-runs. Any refusal, and any ``Exception`` raised while
re-validating, refuses with ``ats.executable_member``: the gate fails
closed and never propagates it. (``KeyboardInterrupt``, ``SystemExit`` and
``GeneratorExit``, which are not ``Exception``, are stops of the process,
not outcomes of a validation; they propagate and the gate answers nothing.)

Refusal locations: ``ats.input`` a byte offset; every other refusal the JSON
pointer of the value it is about (``/quantity``, ``/symbol_allowlist/2``,
``/intent/symbol`` in a gate; ``""`` for the whole value and for a missing
member).

No I/O (spec/ats.md, "Scope"): this module and those it imports read no
file, network, process or environment; ``tests/test_ats_scope.py`` scans
them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn, Optional

from . import jsonvalue, rfc8785, ticker
from .jsonvalue import Number
from .refusal import Guard, Refusal, Where, at_pointer, ignoring, refuse

CONTRACT = "ats/1"

# spec/ats.md, "Refusals", in table order: (code, message).
_TABLE = (
    ("ats.input", "input is not valid JSON"),
    ("ats.type", "document is not a JSON object"),
    ("ats.unknown_member", "document has a member outside its shape"),
    ("ats.missing_member", "document lacks a member of its shape"),
    ("ats.schema_version", "schema_version is not the schema tag this validator checks"),
    ("ats.account_binding_id", "account_binding_id is not a reference with prefix bind_"),
    ("ats.account_ref", "account_ref is not a reference with prefix acct_"),
    ("ats.adapter_id", "adapter_id is not a lowercase name"),
    ("ats.ambiguity_reason", "ambiguity_reason is not null or a reason code"),
    (
        "ats.approval_deadline_ms",
        "approval_deadline_ms is not an integer from 0 to 9007199254740991",
    ),
    ("ats.approval_id", "approval_id is not a reference with prefix approval_"),
    ("ats.approved_at_ms", "approved_at_ms is not an integer from 0 to 9007199254740991"),
    (
        "ats.average_fill_price_minor",
        "average_fill_price_minor is not null or an integer from 1 to 1000000000",
    ),
    ("ats.binding_generation", "binding_generation is not an integer from 1 to 9007199254740991"),
    ("ats.broker_confirmed", "broker_confirmed is not true or false"),
    ("ats.broker_order_ref", "broker_order_ref is not null or a reference with prefix broker_"),
    ("ats.client_order_id", "client_order_id is not a reference with prefix client_"),
    ("ats.confirmation", "confirmation is not per_order"),
    ("ats.created_at_ms", "created_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.currency", "currency is not three ASCII capital letters"),
    ("ats.decision", "decision is not approved or rejected"),
    (
        "ats.effective_mode",
        "effective_mode is not a ladder mode, orders_paused or emergency_locked",
    ),
    ("ats.endpoint_schema_digest", "endpoint_schema_digest is not a sha256 digest"),
    ("ats.environment", "environment is not paper or live"),
    (
        "ats.environments",
        "environments is not a strictly ascending non-empty array of live, paper",
    ),
    ("ats.expires_at_ms", "expires_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.filled_quantity", "filled_quantity is not null or an integer from 1 to 1000000"),
    ("ats.grant_id", "grant_id is not a reference with prefix grant_"),
    ("ats.grant_version", "grant_version is not an integer from 1 to 9007199254740991"),
    ("ats.grants_execution_authority", "grants_execution_authority is not false"),
    ("ats.intent_digest", "intent_digest is not a sha256 digest"),
    ("ats.intent_id", "intent_id is not a reference with prefix intent_"),
    ("ats.issued_at_ms", "issued_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.limit_price_minor", "limit_price_minor is not an integer from 1 to 1000000000"),
    ("ats.linked_at_ms", "linked_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.label_type", "masked_label is not a string"),
    ("ats.label_length", "masked label is not 1 to 64 UTF-16 units"),
    ("ats.label_control", "masked label contains a control character"),
    ("ats.label_surrogate", "masked label contains an unpaired surrogate"),
    ("ats.label_digits_v1", "masked label has five or more consecutive digits"),
    ("ats.label_char", "masked label has a character outside the closed set"),
    ("ats.label_digits", "masked label has more than four consecutive digits"),
    (
        "ats.max_daily_notional_minor",
        "max_daily_notional_minor is not an integer from 0 to 1000000000000000",
    ),
    ("ats.max_daily_orders", "max_daily_orders is not an integer from 0 to 1000000"),
    (
        "ats.max_order_notional_minor",
        "max_order_notional_minor is not an integer from 0 to 1000000000000000",
    ),
    ("ats.max_order_quantity", "max_order_quantity is not an integer from 1 to 1000000"),
    (
        "ats.max_position_notional_minor",
        "max_position_notional_minor is not an integer from 0 to 1000000000000000",
    ),
    (
        "ats.notional_submitted_minor",
        "notional_submitted_minor is not an integer from 0 to 1000000000000000",
    ),
    ("ats.observed_at_ms", "observed_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.operator_ref", "operator_ref is not a reference with prefix operator_"),
    ("ats.order_type", "order_type is not limit"),
    (
        "ats.order_types",
        "order_types is not a strictly ascending non-empty array of limit, market",
    ),
    ("ats.orders_submitted", "orders_submitted is not an integer from 0 to 1000000"),
    (
        "ats.outcome",
        "outcome is not accepted, filled, partially_filled, refused, cancelled or ambiguous",
    ),
    ("ats.provider", "provider is not a lowercase name"),
    (
        "ats.provider_confirmation_modes",
        "provider_confirmation_modes is not a strictly ascending non-empty array of per_order, session, standing",
    ),
    ("ats.quantity", "quantity is not an integer from 1 to 1000000"),
    ("ats.quote_ref", "quote_ref is not a reference with prefix quote_"),
    ("ats.reason", "reason is not null or a reason code"),
    ("ats.receipt_id", "receipt_id is not a reference with prefix receipt_"),
    (
        "ats.reconciliation_state",
        "reconciliation_state is not null, pending, querying_broker or operator_required",
    ),
    ("ats.recorded_at_ms", "recorded_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.refusal_reason", "refusal_reason is not null or a reason code"),
    ("ats.request_id", "request_id is not a reference with prefix req_"),
    (
        "ats.requested_mode",
        "requested_mode is not offline, observe, review_only, paper, approve or auto",
    ),
    (
        "ats.reservation_expires_at_ms",
        "reservation_expires_at_ms is not an integer from 0 to 9007199254740991",
    ),
    ("ats.reservation_ref", "reservation_ref is not a reference with prefix resv_"),
    ("ats.review_digest", "review_digest is not a sha256 digest"),
    ("ats.review_id", "review_id is not a reference with prefix review_"),
    ("ats.reviewed_at_ms", "reviewed_at_ms is not an integer from 0 to 9007199254740991"),
    ("ats.side", "side is not buy or sell"),
    ("ats.sides", "sides is not a strictly ascending non-empty array of buy, sell"),
    ("ats.binding_status", "status is not active or revoked"),
    ("ats.review_status", "status is not previewed, refused or expired"),
    ("ats.approval_status", "status is not unspent or spent"),
    ("ats.strategy_ref", "strategy_ref is not a reference with prefix strategy_"),
    ("ats.symbol", "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"),
    ("ats.equity_ticker", "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"),
    ("ats.allowlist_shape", "symbol_allowlist is not an array of at most 64 symbols"),
    ("ats.allowlist_order", "symbol_allowlist is not strictly ascending"),
    ("ats.allowlist_repeat", "symbol_allowlist has a repeated symbol"),
    ("ats.state_exceeds", "effective_mode exceeds requested_mode"),
    ("ats.state_reason_missing", "effective_mode differs from requested_mode without a reason"),
    ("ats.state_reason_extra", "reason is set while effective_mode equals requested_mode"),
    ("ats.grant_window", "expires_at_ms is not after issued_at_ms"),
    ("ats.intent_window", "expires_at_ms is not after created_at_ms"),
    ("ats.review_deadline", "approval_deadline_ms is not after reviewed_at_ms"),
    ("ats.review_reservation", "approval_deadline_ms is after reservation_expires_at_ms"),
    ("ats.review_refusal", "refusal_reason is not set exactly when status is refused"),
    ("ats.approval_window", "expires_at_ms is not after approved_at_ms"),
    ("ats.receipt_ambiguous_confirmed", "ambiguous outcome is broker-confirmed"),
    ("ats.receipt_unconfirmed", "outcome requires broker confirmation"),
    ("ats.receipt_order_ref", "confirmed order outcome lacks broker_order_ref"),
    ("ats.receipt_fill_missing", "fill outcome lacks fill facts"),
    ("ats.receipt_fill_extra", "fill facts on an outcome without a fill"),
    ("ats.receipt_overfill", "filled_quantity exceeds quantity"),
    ("ats.receipt_underfill", "filled outcome fills less than quantity"),
    ("ats.receipt_partial_whole", "partially_filled outcome fills the whole quantity"),
    (
        "ats.receipt_reconciliation",
        "reconciliation_state is not set exactly when outcome is ambiguous",
    ),
    (
        "ats.receipt_ambiguity_reason",
        "ambiguity_reason is not set exactly when outcome is ambiguous",
    ),
    ("ats.canonical", "value cannot be canonicalized"),
    ("ats.envelope", "gate input is not the operation's chain envelope"),
    ("ats.gate_field", "a chain member field the gate reads is absent or of the wrong type"),
    (
        "ats.executable_chain",
        "Only an order chain whose intent, approval, account binding and grant are all /2 may authorize an executable order; any /1 member makes it a historical record.",
    ),
    (
        "ats.executable_member",
        "An executable order chain member failed re-validation; only freshly validated /2 documents and well-formed inputs may authorize an order.",
    ),
    ("ats.chain_review_intent", "Review does not answer this intent."),
    ("ats.chain_approval_review", "Approval does not answer this review."),
    ("ats.chain_approval_intent", "Approval does not answer this intent."),
    ("ats.chain_approval_review_intent", "Approval and review disagree about the intent."),
    ("ats.chain_review_provider", "Review names another provider than the order."),
    ("ats.chain_review_binding", "Review names another account binding than the order."),
    ("ats.chain_review_generation", "Review names another binding generation than the order."),
    ("ats.chain_review_adapter", "Review names another adapter than the order."),
    ("ats.chain_review_endpoint", "Review names another endpoint schema digest than the order."),
    ("ats.chain_review_environment", "Review names another execution environment than the order."),
    ("ats.chain_approval_provider", "Approval names another provider than the order."),
    ("ats.chain_approval_binding", "Approval names another account binding than the order."),
    ("ats.chain_approval_generation", "Approval names another binding generation than the order."),
    ("ats.chain_approval_adapter", "Approval names another adapter than the order."),
    (
        "ats.chain_approval_endpoint",
        "Approval names another endpoint schema digest than the order.",
    ),
    (
        "ats.chain_approval_environment",
        "Approval names another execution environment than the order.",
    ),
    ("ats.chain_review_grant", "Review was made under another grant than the order."),
    ("ats.chain_approval_symbol", "Approval restates another symbol than the order."),
    ("ats.chain_approval_side", "Approval restates another side than the order."),
    ("ats.chain_approval_quantity", "Approval restates another quantity than the order."),
    ("ats.chain_approval_price", "Approval restates another limit price than the order."),
    ("ats.chain_approval_currency", "Approval restates another currency than the order."),
    ("ats.chain_review_refused", "Broker refused this order at review."),
    ("ats.chain_review_expired", "Review expired."),
    ("ats.chain_approval_rejected", "Operator rejected this order."),
    ("ats.chain_approval_spent", "Approval was already spent."),
    ("ats.chain_intent_expired", "Order intent expired."),
    ("ats.chain_review_deadline_passed", "Review approval deadline passed."),
    ("ats.chain_reservation_expired", "Reservation expired."),
    ("ats.chain_approval_early", "Approval predates the review."),
    ("ats.chain_approval_late", "Approval was given after the review approval deadline."),
    ("ats.chain_approval_expired", "Approval expired."),
    ("ats.commit_binding_account", "Order is not aimed at the bound account."),
    ("ats.commit_binding_relinked", "Account was re-linked after this order was reviewed."),
    ("ats.commit_binding_provider", "Bound account is at another provider than the order."),
    ("ats.commit_binding_adapter", "Bound account uses another adapter than the order."),
    (
        "ats.commit_binding_endpoint",
        "Bound account uses another endpoint schema digest than the order.",
    ),
    (
        "ats.commit_binding_environment",
        "Order environment does not match the binding environment.",
    ),
    ("ats.commit_binding_revoked", "Account binding is revoked."),
    ("ats.commit_binding_currency", "Order currency does not match the account currency."),
    ("ats.commit_grant_other", "Grant is not the grant this order was made under."),
    ("ats.commit_grant_changed", "Grant changed after review."),
    ("ats.commit_grant_binding", "Grant is for another account binding."),
    (
        "ats.commit_grant_binding_environment",
        "Grant environment does not match the binding environment.",
    ),
    ("ats.commit_grant_environment", "Order environment does not match the grant environment."),
    ("ats.commit_grant_not_yet", "Grant is not yet in force."),
    ("ats.commit_grant_expired", "Grant expired."),
    ("ats.commit_grant_symbol", "Symbol is not in the grant allowlist."),
    ("ats.commit_grant_side", "Grant does not permit this side."),
    ("ats.commit_grant_currency", "Order currency does not match the grant currency."),
    ("ats.commit_grant_quantity", "Order quantity exceeds the grant per-order limit."),
    ("ats.commit_grant_notional", "Order notional exceeds the grant per-order limit."),
    ("ats.commit_usage_grant", "Usage is not this grant's usage."),
    ("ats.commit_usage_orders", "Order count exceeds the grant daily limit."),
    ("ats.commit_usage_notional", "Daily notional exceeds the grant daily limit."),
    ("ats.commit_position_limit", "Resulting position exceeds the grant position limit."),
    ("ats.commit_mode_locked", "Emergency lock is engaged."),
    ("ats.commit_mode_paused", "Orders are paused."),
    ("ats.commit_mode_submission", "Mode does not allow order submission."),
    ("ats.commit_mode_paper", "Paper mode can submit only paper orders."),
)

# The guards with no accept path (spec/ats.md, "Ignored guards and exception
# tags": their vectors are tagged grammar or type-guard): the input, type,
# envelope and read guards, and the two field messages whose field can fail
# only its kind (`broker_confirmed`, any boolean; `masked_label`'s type).
_NO_ACCEPT_PATH = frozenset((
    "ats.input", "ats.type", "ats.envelope", "ats.gate_field", "ats.broker_confirmed",
    "ats.label_type",
))

GUARDS: tuple[Guard, ...] = tuple(
    Guard(CONTRACT, code, message, ignorable=code not in _NO_ACCEPT_PATH)
    for code, message in _TABLE
)
_BY_CODE: dict[str, Guard] = {g.code: g for g in GUARDS}


def guard(code: str) -> Guard:
    """The guard of ``code`` (``"ats.quantity"``) in the refusal table;
    KeyError for a code the table lacks."""
    return _BY_CODE[code]


INPUT = guard("ats.input")
TYPE = guard("ats.type")
UNKNOWN_MEMBER = guard("ats.unknown_member")
MISSING_MEMBER = guard("ats.missing_member")
SCHEMA_VERSION = guard("ats.schema_version")
LABEL_TYPE = guard("ats.label_type")
LABEL_LENGTH = guard("ats.label_length")
LABEL_CONTROL = guard("ats.label_control")
LABEL_SURROGATE = guard("ats.label_surrogate")
LABEL_DIGITS_V1 = guard("ats.label_digits_v1")
LABEL_CHAR = guard("ats.label_char")
LABEL_DIGITS = guard("ats.label_digits")
SYMBOL = guard("ats.symbol")
EQUITY_TICKER = guard("ats.equity_ticker")
ALLOWLIST_SHAPE = guard("ats.allowlist_shape")
ALLOWLIST_ORDER = guard("ats.allowlist_order")
ALLOWLIST_REPEAT = guard("ats.allowlist_repeat")
CANONICAL = guard("ats.canonical")
ENVELOPE = guard("ats.envelope")
GATE_FIELD = guard("ats.gate_field")
EXECUTABLE_CHAIN = guard("ats.executable_chain")
EXECUTABLE_MEMBER = guard("ats.executable_member")

_WHOLE = at_pointer()

# A parsed document: member name to parsed value (jsonvalue's representation).
Doc = dict[str, Any]


def _always(g: Guard, where: Where) -> NoReturn:
    """Refuse with ``g`` at a site that has no accept path: the refusal
    stands even when ``g`` is ignored (spec/ats.md, "Ignored guards": a
    value of the wrong kind, an absent field, ``ats.canonical``)."""
    refuse(g, where)
    raise Refusal(g, where())


# ------------------------------------------------------------ the digest


def jcs(v: Any, base: tuple[str | int, ...] = ()) -> bytes:
    """JCS(v) (``rfc8785/1``) of a parsed value as UTF-8 bytes; refuses
    ``ats.canonical`` (no accept path) when it does not exist, pointing at
    the offending string or number below ``base`` (v's place in the
    input)."""
    return rfc8785.serialize(rfc8785.tree(v, list(base), _not_canonical)).encode("utf-8")


def _not_canonical(path: tuple[str | int, ...]) -> NoReturn:
    _always(CANONICAL, at_pointer(*path))


def digest(v: Any, base: tuple[str | int, ...] = ()) -> str:
    """D(v) (spec/ats.md, "The ATS digest"): ``"sha256:"`` and the 64
    lowercase hex digits of SHA-256(JCS(v)), no prefix before the JCS
    bytes; refuses ``ats.canonical`` as ``jcs`` does."""
    return "sha256:" + hashlib.sha256(jcs(v, base)).hexdigest()


# ------------------------------------------------------------ value rules

MAX_TIME = 9007199254740991  # 2^53 - 1
MAX_MONEY = 1000000000000000  # 10^15 minor units
_INT_LITERAL = re.compile(r"0|[1-9][0-9]*")
_NAME = re.compile(r"[a-z][a-z0-9-]{0,63}")
_REASON_CODE = re.compile(r"[a-z][a-z0-9_]{0,63}")
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_CURRENCY = re.compile(r"[A-Z]{3}")

# The absent value of a missing field (a field's rule then fails its kind).
_ABSENT = object()

STRING = "string"
NUMBER = "number"
BOOLEAN = "boolean"
STRINGS = "array of strings"


def _is_kind(v: Any, kind: str) -> bool:
    if kind == STRING:
        return type(v) is str
    if kind == NUMBER:
        return type(v) is Number
    if kind == BOOLEAN:
        return type(v) is bool
    assert kind == STRINGS
    return type(v) is list and all(type(e) is str for e in v)


def int_in(v: Number, lo: int, hi: int) -> bool:
    """The ``int[lo, hi]`` rule (spec/ats.md, "Value rules") on a number's
    literal: ``0`` or ``[1-9][0-9]*`` (no sign, fraction or exponent) whose
    value, compared exactly, is from lo to hi. ``hi`` is below 10^16, so a
    literal longer than 16 digits is out of range without ``int()``."""
    text = v.text
    if _INT_LITERAL.fullmatch(text) is None or len(text) > len(str(hi)):
        return False
    return lo <= int(text) <= hi


def _ref(prefix: str) -> Callable[[Any], bool]:
    pattern = re.compile(re.escape(prefix) + r"_[A-Za-z0-9]{1,64}")
    return lambda v: pattern.fullmatch(v) is not None


def _matches(pattern: re.Pattern[str]) -> Callable[[Any], bool]:
    return lambda v: pattern.fullmatch(v) is not None


def _int(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: int_in(v, lo, hi)


def _one_of(*members: str) -> Callable[[Any], bool]:
    allowed = frozenset(members)
    return lambda v: v in allowed


def _set_of(*members: str) -> Callable[[Any], bool]:
    """``set of S``: 1 to |S| elements of S, strictly ascending by code
    point order (no repeats)."""
    allowed = frozenset(members)

    def rule(v: Any) -> bool:
        return (
            1 <= len(v) <= len(allowed)
            and all(e in allowed for e in v)
            and all(v[i - 1] < v[i] for i in range(1, len(v)))
        )

    return rule


def _time() -> Callable[[Any], bool]:
    return _int(0, MAX_TIME)


def _money() -> Callable[[Any], bool]:
    return _int(0, MAX_MONEY)


@dataclass(frozen=True)
class _Check:
    """The /1 or /2 variant of a validator pair (spec/ats.md, "One body per
    pair"): the symbol check's guard and pattern, and the label scan."""

    symbol: Guard
    is_symbol: Callable[[str], bool]
    label: Callable[[str, Where], None]


def _label_v1(s: str, where: Where) -> None:
    ticker.scan_masked_label_v1(s, LABEL_LENGTH, LABEL_CONTROL, LABEL_SURROGATE, LABEL_DIGITS_V1, where)


def _label_v2(s: str, where: Where) -> None:
    ticker.scan_closed_masked_label(s, LABEL_LENGTH, LABEL_CHAR, LABEL_DIGITS, where)


CHECK_V1 = _Check(SYMBOL, ticker.is_symbol, _label_v1)
CHECK_V2 = _Check(EQUITY_TICKER, ticker.is_equity_ticker, _label_v2)


@dataclass(frozen=True)
class _Variant:
    """What a validator body is parameterized by: the tag step 3 requires,
    and the check (None for a shape that carries no symbol or label)."""

    tag: Optional[str]
    check: Optional[_Check]


# A field's check: (value or _ABSENT, where, variant) -> None, refusing with
# the field's message.
FieldCheck = Callable[[Any, Where, _Variant], None]


def _simple(code: str, kind: str, rule: Callable[[Any], bool], nullable: bool = False) -> FieldCheck:
    """A field of one kind and one rule under one message (spec/ats.md,
    "Value rules"): null passes a nullable field; a value of another kind
    refuses with no accept path; a value of the kind that breaks the rule
    refuses (ignored: kept, validation goes on)."""
    g = guard(code)

    def check(v: Any, where: Where, variant: _Variant) -> None:
        if nullable and v is None:
            return
        if not _is_kind(v, kind):
            _always(g, where)
        if not rule(v):
            refuse(g, where)  # ignored: the value is kept

    return check


def _schema_version(v: Any, where: Where, variant: _Variant) -> None:
    if type(v) is not str:
        _always(SCHEMA_VERSION, where)
    if v != variant.tag:
        refuse(SCHEMA_VERSION, where)  # ignored: the value is kept


def _symbol_check(v: Any, where: Where, check: _Check) -> None:
    """The symbol check (/1 ``ats.symbol``, /2 ``ats.equity_ticker``): a
    value that is not a string fails it with no accept path."""
    if type(v) is not str:
        _always(check.symbol, where)
    if not check.is_symbol(v):
        refuse(check.symbol, where)  # ignored: the value is kept


def _symbol(v: Any, where: Where, variant: _Variant) -> None:
    assert variant.check is not None
    _symbol_check(v, where, variant.check)


MAX_ALLOWLIST = 64


def _allowlist(v: Any, where: Where, variant: _Variant) -> None:
    """``symbol_allowlist`` (spec/ats.md, "Field rules"): an array of at
    most 64 elements (the empty array permits nothing); each element passes
    the symbol check, then from the second on is compared with the previous
    one by code point order."""
    assert variant.check is not None
    if type(v) is not list:
        _always(ALLOWLIST_SHAPE, where)
    if len(v) > MAX_ALLOWLIST:
        refuse(ALLOWLIST_SHAPE, where)  # ignored: the elements are still checked
    previous: Optional[str] = None
    for i, element in enumerate(v):
        at = at_pointer("symbol_allowlist", i)
        _symbol_check(element, at, variant.check)
        if previous is not None:
            if element == previous:
                refuse(ALLOWLIST_REPEAT, at)  # ignored: the next is compared with this one
            elif element < previous:
                refuse(ALLOWLIST_ORDER, at)  # ignored: the next is compared with this one
        previous = element


def _masked_label(v: Any, where: Where, variant: _Variant) -> None:
    """``masked_label``: a string (``ats.label_type``, no accept path), then
    the variant's label check: 1 to 64 UTF-16 units, then one scan."""
    assert variant.check is not None
    if type(v) is not str:
        _always(LABEL_TYPE, where)
    variant.check.label(v, where)


# spec/ats.md, "Field rules": every field but `status` has one rule wherever
# it appears.
_LADDER = ("offline", "observe", "review_only", "paper", "approve", "auto")
_HALT = ("orders_paused", "emergency_locked")

FIELDS: dict[str, FieldCheck] = {
    "schema_version": _schema_version,
    "account_binding_id": _simple("ats.account_binding_id", STRING, _ref("bind")),
    "account_ref": _simple("ats.account_ref", STRING, _ref("acct")),
    "adapter_id": _simple("ats.adapter_id", STRING, _matches(_NAME)),
    "ambiguity_reason": _simple("ats.ambiguity_reason", STRING, _matches(_REASON_CODE), True),
    "approval_deadline_ms": _simple("ats.approval_deadline_ms", NUMBER, _time()),
    "approval_id": _simple("ats.approval_id", STRING, _ref("approval")),
    "approved_at_ms": _simple("ats.approved_at_ms", NUMBER, _time()),
    "average_fill_price_minor": _simple(
        "ats.average_fill_price_minor", NUMBER, _int(1, 1000000000), True
    ),
    "binding_generation": _simple("ats.binding_generation", NUMBER, _int(1, MAX_TIME)),
    "broker_confirmed": _simple("ats.broker_confirmed", BOOLEAN, lambda v: True),
    "broker_order_ref": _simple("ats.broker_order_ref", STRING, _ref("broker"), True),
    "client_order_id": _simple("ats.client_order_id", STRING, _ref("client")),
    "confirmation": _simple("ats.confirmation", STRING, _one_of("per_order")),
    "created_at_ms": _simple("ats.created_at_ms", NUMBER, _time()),
    "currency": _simple("ats.currency", STRING, _matches(_CURRENCY)),
    "decision": _simple("ats.decision", STRING, _one_of("approved", "rejected")),
    "effective_mode": _simple("ats.effective_mode", STRING, _one_of(*_LADDER, *_HALT)),
    "endpoint_schema_digest": _simple("ats.endpoint_schema_digest", STRING, _matches(_DIGEST)),
    "environment": _simple("ats.environment", STRING, _one_of("paper", "live")),
    "environments": _simple("ats.environments", STRINGS, _set_of("live", "paper")),
    "expires_at_ms": _simple("ats.expires_at_ms", NUMBER, _time()),
    "filled_quantity": _simple("ats.filled_quantity", NUMBER, _int(1, 1000000), True),
    "grant_id": _simple("ats.grant_id", STRING, _ref("grant")),
    "grant_version": _simple("ats.grant_version", NUMBER, _int(1, MAX_TIME)),
    # The JSON literal false (seed invariant 1): true breaks the rule.
    "grants_execution_authority": _simple(
        "ats.grants_execution_authority", BOOLEAN, lambda v: v is False
    ),
    "intent_digest": _simple("ats.intent_digest", STRING, _matches(_DIGEST)),
    "intent_id": _simple("ats.intent_id", STRING, _ref("intent")),
    "issued_at_ms": _simple("ats.issued_at_ms", NUMBER, _time()),
    "limit_price_minor": _simple("ats.limit_price_minor", NUMBER, _int(1, 1000000000)),
    "linked_at_ms": _simple("ats.linked_at_ms", NUMBER, _time()),
    "masked_label": _masked_label,
    "max_daily_notional_minor": _simple("ats.max_daily_notional_minor", NUMBER, _money()),
    "max_daily_orders": _simple("ats.max_daily_orders", NUMBER, _int(0, 1000000)),
    "max_order_notional_minor": _simple("ats.max_order_notional_minor", NUMBER, _money()),
    "max_order_quantity": _simple("ats.max_order_quantity", NUMBER, _int(1, 1000000)),
    "max_position_notional_minor": _simple("ats.max_position_notional_minor", NUMBER, _money()),
    "notional_submitted_minor": _simple("ats.notional_submitted_minor", NUMBER, _money()),
    "observed_at_ms": _simple("ats.observed_at_ms", NUMBER, _time()),
    "operator_ref": _simple("ats.operator_ref", STRING, _ref("operator")),
    "order_type": _simple("ats.order_type", STRING, _one_of("limit")),
    "order_types": _simple("ats.order_types", STRINGS, _set_of("limit", "market")),
    "orders_submitted": _simple("ats.orders_submitted", NUMBER, _int(0, 1000000)),
    "outcome": _simple(
        "ats.outcome",
        STRING,
        _one_of("accepted", "filled", "partially_filled", "refused", "cancelled", "ambiguous"),
    ),
    "provider": _simple("ats.provider", STRING, _matches(_NAME)),
    "provider_confirmation_modes": _simple(
        "ats.provider_confirmation_modes", STRINGS, _set_of("per_order", "session", "standing")
    ),
    "quantity": _simple("ats.quantity", NUMBER, _int(1, 1000000)),
    "quote_ref": _simple("ats.quote_ref", STRING, _ref("quote")),
    "reason": _simple("ats.reason", STRING, _matches(_REASON_CODE), True),
    "receipt_id": _simple("ats.receipt_id", STRING, _ref("receipt")),
    "reconciliation_state": _simple(
        "ats.reconciliation_state",
        STRING,
        _one_of("pending", "querying_broker", "operator_required"),
        True,
    ),
    "recorded_at_ms": _simple("ats.recorded_at_ms", NUMBER, _time()),
    "refusal_reason": _simple("ats.refusal_reason", STRING, _matches(_REASON_CODE), True),
    "request_id": _simple("ats.request_id", STRING, _ref("req")),
    "requested_mode": _simple("ats.requested_mode", STRING, _one_of(*_LADDER)),
    "reservation_expires_at_ms": _simple("ats.reservation_expires_at_ms", NUMBER, _time()),
    "reservation_ref": _simple("ats.reservation_ref", STRING, _ref("resv")),
    "review_digest": _simple("ats.review_digest", STRING, _matches(_DIGEST)),
    "review_id": _simple("ats.review_id", STRING, _ref("review")),
    "reviewed_at_ms": _simple("ats.reviewed_at_ms", NUMBER, _time()),
    "side": _simple("ats.side", STRING, _one_of("buy", "sell")),
    "sides": _simple("ats.sides", STRINGS, _set_of("buy", "sell")),
    "strategy_ref": _simple("ats.strategy_ref", STRING, _ref("strategy")),
    "symbol": _symbol,
    "symbol_allowlist": _allowlist,
}

# `status`: three shapes, three rules.
_BINDING_STATUS = _simple("ats.binding_status", STRING, _one_of("active", "revoked"))
_REVIEW_STATUS = _simple("ats.review_status", STRING, _one_of("previewed", "refused", "expired"))
_APPROVAL_STATUS = _simple("ats.approval_status", STRING, _one_of("unspent", "spent"))


# ------------------------------------------------------ cross-field rules


def _f(doc: Doc, name: str) -> float:
    """A number field as an IEEE-754 double: the literal's nearest binary64
    (round half to even; beyond the range, an infinity)."""
    return float(doc[name].text)


CrossRule = Callable[[Doc], None]


def _window(code: str, start: str, end: str) -> CrossRule:
    """``end <= start`` refuses (an expiry not after its start)."""
    g = guard(code)

    def rule(doc: Doc) -> None:
        if _f(doc, end) <= _f(doc, start):
            refuse(g, _WHOLE)  # ignored: the next rule runs

    return rule


_RANK = {mode: rank for rank, mode in enumerate(_LADDER)}


def _state_exceeds(doc: Doc) -> None:
    requested, effective = doc["requested_mode"], doc["effective_mode"]
    if requested in _RANK and effective in _RANK and _RANK[effective] > _RANK[requested]:
        refuse(guard("ats.state_exceeds"), _WHOLE)


def _state_reason_missing(doc: Doc) -> None:
    if doc["requested_mode"] != doc["effective_mode"] and doc["reason"] is None:
        refuse(guard("ats.state_reason_missing"), _WHOLE)


def _state_reason_extra(doc: Doc) -> None:
    if doc["requested_mode"] == doc["effective_mode"] and doc["reason"] is not None:
        refuse(guard("ats.state_reason_extra"), _WHOLE)


def _review_reservation(doc: Doc) -> None:
    if _f(doc, "approval_deadline_ms") > _f(doc, "reservation_expires_at_ms"):
        refuse(guard("ats.review_reservation"), _WHOLE)


def _review_refusal(doc: Doc) -> None:
    if (doc["status"] == "refused") != (doc["refusal_reason"] is not None):
        refuse(guard("ats.review_refusal"), _WHOLE)


_FILL = frozenset(("filled", "partially_filled"))
_ORDERED = frozenset(("accepted", "filled", "partially_filled"))


def _receipt_rules(doc: Doc) -> None:
    """spec/ats.md, execution-receipt rules 1-10 in order (seed invariants 7
    and 8); each ignored rule lets the next one run."""
    outcome = doc["outcome"]
    confirmed = doc["broker_confirmed"]
    filled, price = doc["filled_quantity"], doc["average_fill_price_minor"]
    ambiguous = outcome == "ambiguous"
    if ambiguous and confirmed is True:
        refuse(guard("ats.receipt_ambiguous_confirmed"), _WHOLE)
    if outcome in _ORDERED and confirmed is False:
        refuse(guard("ats.receipt_unconfirmed"), _WHOLE)
    if outcome in _ORDERED and doc["broker_order_ref"] is None:
        refuse(guard("ats.receipt_order_ref"), _WHOLE)
    if outcome in _FILL and (filled is None or price is None):
        refuse(guard("ats.receipt_fill_missing"), _WHOLE)
    if outcome not in _FILL and (filled is not None or price is not None):
        refuse(guard("ats.receipt_fill_extra"), _WHOLE)
    quantity = _f(doc, "quantity")
    if filled is not None and float(filled.text) > quantity:
        refuse(guard("ats.receipt_overfill"), _WHOLE)
    if outcome == "filled" and filled is not None and float(filled.text) < quantity:
        refuse(guard("ats.receipt_underfill"), _WHOLE)
    if outcome == "partially_filled" and filled is not None and float(filled.text) == quantity:
        refuse(guard("ats.receipt_partial_whole"), _WHOLE)
    if ambiguous != (doc["reconciliation_state"] is not None):
        refuse(guard("ats.receipt_reconciliation"), _WHOLE)
    if ambiguous != (doc["ambiguity_reason"] is not None):
        refuse(guard("ats.receipt_ambiguity_reason"), _WHOLE)


# ------------------------------------------------------------ the shapes


@dataclass(frozen=True)
class Shape:
    """One closed shape (spec/ats.md, "The shapes"): its fields in check
    order with their checks, and its cross-field rules in check order."""

    fields: tuple[tuple[str, FieldCheck], ...]
    cross: tuple[CrossRule, ...] = ()

    @property
    def names(self) -> frozenset[str]:
        """The shape's field names: the members a document may have."""
        return frozenset(name for name, _ in self.fields)


def _shape(names: str, cross: tuple[CrossRule, ...] = (), **special: FieldCheck) -> Shape:
    """A shape from its field names in order (space-separated), each with
    the common rule of FIELDS unless ``special`` gives the shape's own."""
    return Shape(tuple((n, special.get(n) or FIELDS[n]) for n in names.split()), cross)


EXECUTION_STATE = _shape(
    "schema_version requested_mode effective_mode reason observed_at_ms",
    (_state_exceeds, _state_reason_missing, _state_reason_extra),
)
CONNECTOR_CAPABILITY = _shape(
    "schema_version provider adapter_id endpoint_schema_digest environments order_types "
    "provider_confirmation_modes grants_execution_authority observed_at_ms"
)
ACCOUNT_BINDING = _shape(
    "schema_version account_binding_id binding_generation provider adapter_id "
    "endpoint_schema_digest environment account_ref masked_label currency status linked_at_ms",
    status=_BINDING_STATUS,
)
DELEGATED_TRADING_GRANT = _shape(
    "schema_version grant_id grant_version account_binding_id environment symbol_allowlist sides "
    "currency max_order_quantity max_order_notional_minor max_daily_orders "
    "max_daily_notional_minor max_position_notional_minor confirmation issued_at_ms "
    "expires_at_ms",
    (_window("ats.grant_window", "issued_at_ms", "expires_at_ms"),),
)
GRANT_USAGE = _shape("grant_id orders_submitted notional_submitted_minor")
EQUITY_ORDER_INTENT = _shape(
    "schema_version intent_id client_order_id request_id provider account_binding_id "
    "binding_generation adapter_id endpoint_schema_digest environment grant_id symbol side "
    "quantity order_type limit_price_minor currency created_at_ms expires_at_ms",
    (_window("ats.intent_window", "created_at_ms", "expires_at_ms"),),
)
ORDER_REVIEW_RECEIPT = _shape(
    "schema_version review_id intent_digest provider account_binding_id binding_generation "
    "adapter_id endpoint_schema_digest environment grant_id grant_version status refusal_reason "
    "reservation_ref reviewed_at_ms approval_deadline_ms reservation_expires_at_ms",
    (
        _window("ats.review_deadline", "reviewed_at_ms", "approval_deadline_ms"),
        _review_reservation,
        _review_refusal,
    ),
    status=_REVIEW_STATUS,
)
OPERATOR_APPROVAL = _shape(
    "schema_version approval_id review_digest intent_digest provider account_binding_id "
    "binding_generation adapter_id endpoint_schema_digest environment symbol side quantity "
    "order_type limit_price_minor currency operator_ref decision confirmation status "
    "approved_at_ms expires_at_ms",
    (_window("ats.approval_window", "approved_at_ms", "expires_at_ms"),),
    status=_APPROVAL_STATUS,
)
EXECUTION_RECEIPT = _shape(
    "schema_version receipt_id intent_digest provider account_binding_id binding_generation "
    "environment symbol side quantity currency outcome broker_confirmed broker_order_ref "
    "filled_quantity average_fill_price_minor reconciliation_state ambiguity_reason "
    "recorded_at_ms",
    (_receipt_rules,),
)
MODEL_ORDER_PROPOSAL = _shape(
    "schema_version strategy_ref quote_ref symbol side quantity order_type limit_price_minor "
    "expires_at_ms"
)


def _tag(document: str, version: int) -> str:
    return f"aether.ats.{document}/{version}"


# ------------------------------------------------------------ the procedure


def validate(value: Any, shape: Shape, variant: _Variant) -> Doc:
    """Steps 1-4 of spec/ats.md, "Procedure", on a parsed value; returns
    the document (never rewritten). Refuses ``ats.type``,
    ``ats.unknown_member``, ``ats.missing_member``, a field's message or a
    cross-field rule's message."""
    if type(value) is not dict:
        _always(TYPE, _WHOLE)
    doc: Doc = value
    names = shape.names
    for name in doc:
        if name not in names:
            # ignored: skipped, not validated, kept in the document and its digest
            refuse(UNKNOWN_MEMBER, at_pointer(name))
    for name, check in shape.fields:
        if name in doc:
            check(doc[name], at_pointer(name), variant)
        else:
            refuse(MISSING_MEMBER, _WHOLE)
            check(_ABSENT, _WHOLE, variant)  # ignored: fails its kind, no accept path
            raise AssertionError(f"{name}: an absent value passed its kind")
    for rule in shape.cross:
        rule(doc)
    return doc


def verdict(value: Any, shape: Shape, variant: _Variant) -> dict[str, str]:
    """The whole validator on a parsed value (steps 1-5): the verdict object
    ``{digest, schema_version}``, or ``{digest}`` for an untagged shape."""
    doc = validate(value, shape, variant)
    out = {"digest": digest(doc)}
    if variant.tag is not None:
        out["schema_version"] = doc["schema_version"]
    return out


def _answer(v: Any) -> bytes:
    """The output bytes of a verdict object: its JCS."""
    return jcs(v)


def _validator(shape: Shape, variant: _Variant) -> Callable[[bytes], bytes]:
    """The operation of a validator: input bytes to JCS of its verdict.
    Both validators of a /1 and /2 pair are this one body with the pair's
    shape and their own variant (spec/ats.md, "One body per pair")."""

    def operation(data: bytes) -> bytes:
        return _answer(verdict(jsonvalue.parse(data, INPUT), shape, variant))

    return operation


def _single(document: str) -> _Variant:
    return _Variant(_tag(document, 1), None)


def _pair(document: str) -> tuple[_Variant, _Variant]:
    return _Variant(_tag(document, 1), CHECK_V1), _Variant(_tag(document, 2), CHECK_V2)


INTENT_V1, INTENT_V2 = _pair("equity-order-intent")
APPROVAL_V1, APPROVAL_V2 = _pair("operator-approval")
BINDING_V1, BINDING_V2 = _pair("account-binding")
GRANT_V1, GRANT_V2 = _pair("delegated-trading-grant")
RECEIPT_V1, RECEIPT_V2 = _pair("execution-receipt")
PROPOSAL_V1, PROPOSAL_V2 = _pair("model-order-proposal")
REVIEW = _single("order-review-receipt")
USAGE = _Variant(None, None)


# ------------------------------------------------ export, optional binding

_EXPORT = (
    "account_binding_id", "binding_generation", "environment", "masked_label", "provider",
    "status",
)


def redact_binding_for_export(data: bytes) -> bytes:
    """``redact-binding-for-export`` (spec/ats.md): the binding validated
    with the /2 body when it is an object tagged exactly
    ``aether.ats.account-binding/2``, else with the /1 body (which refuses
    what it refuses); on acceptance JCS of the seven exported members,
    ``schema_version`` exported as ``binding_schema_version``."""
    value: Any = jsonvalue.parse(data, INPUT)
    v2 = type(value) is dict and value.get("schema_version") == BINDING_V2.tag
    variant = BINDING_V2 if v2 else BINDING_V1
    verdict(value, ACCOUNT_BINDING, variant)
    out = {name: value[name] for name in _EXPORT}  # an object: validation passed
    out["binding_schema_version"] = value["schema_version"]
    return _answer(out)


def _optional(variant: _Variant) -> Callable[[bytes], bytes]:
    """``optional-binding`` (/1) or ``optional-binding-v2``: ``null`` is no
    binding, ``{"binding":null}``; any other value must pass the binding
    validator of ``variant``: ``{"binding": <its verdict>}``."""

    def operation(data: bytes) -> bytes:
        value = jsonvalue.parse(data, INPUT)
        if value is None:
            return _answer({"binding": None})
        return _answer({"binding": verdict(value, ACCOUNT_BINDING, variant)})

    return operation


# ------------------------------------------------------------ the gates

_NON_FINITE = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
_APPROVAL_ENVELOPE = ("intent", "review", "approval", "clock_ms")
_COMMIT_ENVELOPE = (
    "intent", "review", "approval", "binding", "grant", "usage", "mode", "clock_ms",
    "resulting_position_notional_minor",
)
_MEMBERS = ("intent", "review", "approval", "binding", "grant", "usage")
_INSTANTS = ("clock_ms", "resulting_position_notional_minor")


def _envelope(value: Any, commit: bool) -> Doc:
    """Step 2: the chain envelope, exactly its members: the six (or three)
    members objects, ``mode`` a string, ``clock_ms`` and the position a
    number or exactly ``"NaN"``, ``"Infinity"``, ``"-Infinity"``. Refuses
    ``ats.envelope`` (no accept path)."""
    names = _COMMIT_ENVELOPE if commit else _APPROVAL_ENVELOPE
    if type(value) is not dict or len(value) != len(names) or any(n not in value for n in names):
        _always(ENVELOPE, _WHOLE)
    for name in names:
        v = value[name]
        if name in _MEMBERS:
            ok = type(v) is dict
        elif name == "mode":
            ok = type(v) is str
        else:
            ok = type(v) is Number or (type(v) is str and v in _NON_FINITE)
        if not ok:
            _always(ENVELOPE, at_pointer(name))
    envelope: Doc = value
    return envelope


def _version(envelope: Doc, commit: bool) -> None:
    """Step 3 (executable gates): the intent, approval and, for the commit
    gate, binding and grant carry exactly their /2 tags; else
    ``ats.executable_chain`` (ignored: re-validation runs)."""
    roles = [("intent", INTENT_V2), ("approval", APPROVAL_V2)]
    if commit:
        roles += [("binding", BINDING_V2), ("grant", GRANT_V2)]
    for member, variant in roles:
        tag = envelope[member].get("schema_version")
        if type(tag) is not str or tag != variant.tag:
            refuse(EXECUTABLE_CHAIN, at_pointer(member, "schema_version"))
            return


# Step 4: each member with its validator, in this order. A module-level
# table, so that a test can make one raise and see the gate fail closed.
REVALIDATION: list[tuple[str, Shape, _Variant]] = [
    ("intent", EQUITY_ORDER_INTENT, INTENT_V2),
    ("review", ORDER_REVIEW_RECEIPT, REVIEW),
    ("approval", OPERATOR_APPROVAL, APPROVAL_V2),
    ("binding", ACCOUNT_BINDING, BINDING_V2),
    ("grant", DELEGATED_TRADING_GRANT, GRANT_V2),
    ("usage", GRANT_USAGE, USAGE),
]


def _revalidated(envelope: Doc) -> Optional[str]:
    """Re-validate every member and instant of the envelope; return None
    when all pass, else the envelope member that failed. Runs with no
    guard ignored; a refusal or any exception is a failure."""
    for member, shape, variant in REVALIDATION:
        if member in envelope:
            try:
                verdict(envelope[member], shape, variant)
            except Exception:
                return member
    for name in _INSTANTS:
        if name in envelope:
            v = envelope[name]
            if type(v) is not Number or not int_in(v, 0, MAX_TIME):
                return name
    return None


def _revalidate(envelope: Doc) -> None:
    """Step 4 (executable gates): re-validation with no guard ignored
    (``refusal.ignoring()`` with no guards, restored afterwards, even on an
    exception). Any failure, an exception included, refuses
    ``ats.executable_member`` (ignored: steps 5 to 8 run on the values as
    given)."""
    try:
        with ignoring():
            failed = _revalidated(envelope)
    except Exception:
        failed = ""  # fail closed: the whole envelope
    if failed is not None:
        refuse(EXECUTABLE_MEMBER, at_pointer(failed) if failed else _WHOLE)


# Step 5: the read set, (member, field, type), spec/ats.md "the read set".
_S, _N, _SS, _C = "string", "number", "strings", "counter"


def _read_set(member: str, strings: str, numbers: str, kind: str = _N) -> list[tuple[str, str, str]]:
    return [(member, f, _S) for f in strings.split()] + [(member, f, kind) for f in numbers.split()]


_APPROVAL_READS = (
    _read_set(
        "intent",
        "provider account_binding_id adapter_id endpoint_schema_digest environment grant_id "
        "symbol side currency",
        "binding_generation quantity limit_price_minor expires_at_ms",
    )
    + _read_set(
        "review",
        "intent_digest provider account_binding_id adapter_id endpoint_schema_digest "
        "environment grant_id status",
        "binding_generation reviewed_at_ms approval_deadline_ms reservation_expires_at_ms",
    )
    + _read_set(
        "approval",
        "review_digest intent_digest provider account_binding_id adapter_id "
        "endpoint_schema_digest environment symbol side currency decision status",
        "binding_generation quantity limit_price_minor approved_at_ms expires_at_ms",
    )
)
_COMMIT_READS = (
    _read_set("review", "", "grant_version")
    + _read_set(
        "binding",
        "account_binding_id provider adapter_id endpoint_schema_digest environment status "
        "currency",
        "binding_generation",
    )
    + _read_set("grant", "grant_id account_binding_id environment currency", "")
    + _read_set("grant", "", "symbol_allowlist sides", _SS)
    + _read_set(
        "grant",
        "",
        "grant_version issued_at_ms expires_at_ms max_order_quantity max_order_notional_minor "
        "max_daily_orders max_daily_notional_minor max_position_notional_minor",
    )
    + _read_set("usage", "grant_id", "orders_submitted notional_submitted_minor", _C)
)


def _double(v: Any) -> float:
    """A gate number as an IEEE-754 double: a JSON number's nearest
    binary64, or one of the three exact non-finite strings."""
    if type(v) is Number:
        return float(v.text)
    return _NON_FINITE[v]


@dataclass
class Fields:
    """The fields of one chain member read at step 5: strings (``s``),
    numbers and counters as IEEE-754 doubles (``n``), arrays of strings
    (``ss``)."""

    s: dict[str, str] = field(default_factory=dict)
    n: dict[str, float] = field(default_factory=dict)
    ss: dict[str, list[str]] = field(default_factory=dict)


def _read(envelope: Doc, commit: bool) -> dict[str, Fields]:
    """Step 5: every field of the read set present with its JSON type
    (``ats.gate_field``, no accept path); returns the fields read."""
    out = {m: Fields() for m in _MEMBERS}
    for member, name, kind in _APPROVAL_READS + (_COMMIT_READS if commit else []):
        v = envelope[member].get(name, _ABSENT)
        if kind == _S:
            ok = type(v) is str
        elif kind == _N:
            ok = type(v) is Number
        elif kind == _SS:
            ok = type(v) is list and all(type(e) is str for e in v)
        else:
            ok = type(v) is Number or (type(v) is str and v in _NON_FINITE)
        if not ok:
            _always(GATE_FIELD, at_pointer(member, name))
        if kind == _S:
            out[member].s[name] = v
        elif kind == _SS:
            out[member].ss[name] = v
        else:
            out[member].n[name] = _double(v)
    return out


@dataclass(frozen=True)
class Chain:
    """What the branches read (spec/ats.md, "Step 7", notation): the fields
    of the members read at step 5, the two digests the gate computed, and
    t, P, mode (P and mode are unused by the approval-chain gates)."""

    I: Fields
    R: Fields
    A: Fields
    B: Fields
    G: Fields
    U: Fields
    dI: str
    dR: str
    t: float
    P: float
    mode: str

    @property
    def N(self) -> float:
        """The order's notional: I.quantity x I.limit_price_minor, one IEEE
        multiplication."""
        return self.I.n["quantity"] * self.I.n["limit_price_minor"]


Branch = tuple[str, Callable[[Chain], bool], tuple[str, ...]]

# spec/ats.md, "Step 7": (code, refuse when, pointer of the first operand).
# Branches 4, 29 and 45 are unreachable through a validated chain and stay
# in their places.
CHAIN_BRANCHES: tuple[Branch, ...] = (
    ("ats.chain_review_intent", lambda c: c.R.s["intent_digest"] != c.dI, ("review", "intent_digest")),
    ("ats.chain_approval_review", lambda c: c.A.s["review_digest"] != c.dR, ("approval", "review_digest")),
    ("ats.chain_approval_intent", lambda c: c.A.s["intent_digest"] != c.dI, ("approval", "intent_digest")),
    (
        "ats.chain_approval_review_intent",
        lambda c: c.A.s["intent_digest"] != c.R.s["intent_digest"],
        ("approval", "intent_digest"),
    ),
    ("ats.chain_review_provider", lambda c: c.R.s["provider"] != c.I.s["provider"], ("review", "provider")),
    (
        "ats.chain_review_binding",
        lambda c: c.R.s["account_binding_id"] != c.I.s["account_binding_id"],
        ("review", "account_binding_id"),
    ),
    (
        "ats.chain_review_generation",
        lambda c: c.R.n["binding_generation"] != c.I.n["binding_generation"],
        ("review", "binding_generation"),
    ),
    ("ats.chain_review_adapter", lambda c: c.R.s["adapter_id"] != c.I.s["adapter_id"], ("review", "adapter_id")),
    (
        "ats.chain_review_endpoint",
        lambda c: c.R.s["endpoint_schema_digest"] != c.I.s["endpoint_schema_digest"],
        ("review", "endpoint_schema_digest"),
    ),
    (
        "ats.chain_review_environment",
        lambda c: c.R.s["environment"] != c.I.s["environment"],
        ("review", "environment"),
    ),
    ("ats.chain_approval_provider", lambda c: c.A.s["provider"] != c.I.s["provider"], ("approval", "provider")),
    (
        "ats.chain_approval_binding",
        lambda c: c.A.s["account_binding_id"] != c.I.s["account_binding_id"],
        ("approval", "account_binding_id"),
    ),
    (
        "ats.chain_approval_generation",
        lambda c: c.A.n["binding_generation"] != c.I.n["binding_generation"],
        ("approval", "binding_generation"),
    ),
    (
        "ats.chain_approval_adapter",
        lambda c: c.A.s["adapter_id"] != c.I.s["adapter_id"],
        ("approval", "adapter_id"),
    ),
    (
        "ats.chain_approval_endpoint",
        lambda c: c.A.s["endpoint_schema_digest"] != c.I.s["endpoint_schema_digest"],
        ("approval", "endpoint_schema_digest"),
    ),
    (
        "ats.chain_approval_environment",
        lambda c: c.A.s["environment"] != c.I.s["environment"],
        ("approval", "environment"),
    ),
    ("ats.chain_review_grant", lambda c: c.R.s["grant_id"] != c.I.s["grant_id"], ("review", "grant_id")),
    ("ats.chain_approval_symbol", lambda c: c.A.s["symbol"] != c.I.s["symbol"], ("approval", "symbol")),
    ("ats.chain_approval_side", lambda c: c.A.s["side"] != c.I.s["side"], ("approval", "side")),
    ("ats.chain_approval_quantity", lambda c: c.A.n["quantity"] != c.I.n["quantity"], ("approval", "quantity")),
    (
        "ats.chain_approval_price",
        lambda c: c.A.n["limit_price_minor"] != c.I.n["limit_price_minor"],
        ("approval", "limit_price_minor"),
    ),
    ("ats.chain_approval_currency", lambda c: c.A.s["currency"] != c.I.s["currency"], ("approval", "currency")),
    ("ats.chain_review_refused", lambda c: c.R.s["status"] == "refused", ("review", "status")),
    ("ats.chain_review_expired", lambda c: c.R.s["status"] == "expired", ("review", "status")),
    ("ats.chain_approval_rejected", lambda c: c.A.s["decision"] == "rejected", ("approval", "decision")),
    ("ats.chain_approval_spent", lambda c: c.A.s["status"] == "spent", ("approval", "status")),
    ("ats.chain_intent_expired", lambda c: c.t >= c.I.n["expires_at_ms"], ("clock_ms",)),
    ("ats.chain_review_deadline_passed", lambda c: c.t >= c.R.n["approval_deadline_ms"], ("clock_ms",)),
    ("ats.chain_reservation_expired", lambda c: c.t >= c.R.n["reservation_expires_at_ms"], ("clock_ms",)),
    (
        "ats.chain_approval_early",
        lambda c: c.A.n["approved_at_ms"] < c.R.n["reviewed_at_ms"],
        ("approval", "approved_at_ms"),
    ),
    (
        "ats.chain_approval_late",
        lambda c: c.A.n["approved_at_ms"] >= c.R.n["approval_deadline_ms"],
        ("approval", "approved_at_ms"),
    ),
    ("ats.chain_approval_expired", lambda c: c.t >= c.A.n["expires_at_ms"], ("clock_ms",)),
)

_SUBMITTING = frozenset(("paper", "approve", "auto", "orders_paused", "emergency_locked"))

COMMIT_BRANCHES: tuple[Branch, ...] = (
    (
        "ats.commit_binding_account",
        lambda c: c.B.s["account_binding_id"] != c.I.s["account_binding_id"],
        ("binding", "account_binding_id"),
    ),
    (
        "ats.commit_binding_relinked",
        lambda c: c.B.n["binding_generation"] != c.R.n["binding_generation"],
        ("binding", "binding_generation"),
    ),
    ("ats.commit_binding_provider", lambda c: c.B.s["provider"] != c.I.s["provider"], ("binding", "provider")),
    (
        "ats.commit_binding_adapter",
        lambda c: c.B.s["adapter_id"] != c.I.s["adapter_id"],
        ("binding", "adapter_id"),
    ),
    (
        "ats.commit_binding_endpoint",
        lambda c: c.B.s["endpoint_schema_digest"] != c.I.s["endpoint_schema_digest"],
        ("binding", "endpoint_schema_digest"),
    ),
    (
        "ats.commit_binding_environment",
        lambda c: c.B.s["environment"] != c.I.s["environment"],
        ("binding", "environment"),
    ),
    ("ats.commit_binding_revoked", lambda c: c.B.s["status"] == "revoked", ("binding", "status")),
    ("ats.commit_binding_currency", lambda c: c.B.s["currency"] != c.I.s["currency"], ("binding", "currency")),
    ("ats.commit_grant_other", lambda c: c.G.s["grant_id"] != c.I.s["grant_id"], ("grant", "grant_id")),
    (
        "ats.commit_grant_changed",
        lambda c: c.G.n["grant_version"] != c.R.n["grant_version"],
        ("grant", "grant_version"),
    ),
    (
        "ats.commit_grant_binding",
        lambda c: c.G.s["account_binding_id"] != c.B.s["account_binding_id"],
        ("grant", "account_binding_id"),
    ),
    (
        "ats.commit_grant_binding_environment",
        lambda c: c.G.s["environment"] != c.B.s["environment"],
        ("grant", "environment"),
    ),
    (
        "ats.commit_grant_environment",
        lambda c: c.G.s["environment"] != c.I.s["environment"],
        ("grant", "environment"),
    ),
    ("ats.commit_grant_not_yet", lambda c: c.t < c.G.n["issued_at_ms"], ("clock_ms",)),
    ("ats.commit_grant_expired", lambda c: c.t >= c.G.n["expires_at_ms"], ("clock_ms",)),
    (
        "ats.commit_grant_symbol",
        lambda c: not any(s == c.I.s["symbol"] for s in c.G.ss["symbol_allowlist"]),
        ("grant", "symbol_allowlist"),
    ),
    ("ats.commit_grant_side", lambda c: not any(s == c.I.s["side"] for s in c.G.ss["sides"]), ("grant", "sides")),
    ("ats.commit_grant_currency", lambda c: c.G.s["currency"] != c.I.s["currency"], ("grant", "currency")),
    (
        "ats.commit_grant_quantity",
        lambda c: c.I.n["quantity"] > c.G.n["max_order_quantity"],
        ("intent", "quantity"),
    ),
    (
        "ats.commit_grant_notional",
        lambda c: c.N > c.G.n["max_order_notional_minor"],
        ("grant", "max_order_notional_minor"),
    ),
    ("ats.commit_usage_grant", lambda c: c.U.s["grant_id"] != c.G.s["grant_id"], ("usage", "grant_id")),
    (
        "ats.commit_usage_orders",
        lambda c: (c.U.n["orders_submitted"] + 1.0) > c.G.n["max_daily_orders"],
        ("usage", "orders_submitted"),
    ),
    (
        "ats.commit_usage_notional",
        lambda c: (c.U.n["notional_submitted_minor"] + c.N) > c.G.n["max_daily_notional_minor"],
        ("usage", "notional_submitted_minor"),
    ),
    (
        "ats.commit_position_limit",
        lambda c: c.P > c.G.n["max_position_notional_minor"],
        ("resulting_position_notional_minor",),
    ),
    ("ats.commit_mode_locked", lambda c: c.mode == "emergency_locked", ("mode",)),
    ("ats.commit_mode_paused", lambda c: c.mode == "orders_paused", ("mode",)),
    ("ats.commit_mode_submission", lambda c: c.mode not in _SUBMITTING, ("mode",)),
    (
        "ats.commit_mode_paper",
        lambda c: c.mode == "paper" and c.I.s["environment"] != "paper",
        ("mode",),
    ),
)

# The guards of the branches, checked against the table at import.
_BRANCH_GUARDS = {code: guard(code) for code, _, _ in CHAIN_BRANCHES + COMMIT_BRANCHES}

UNREACHABLE_BRANCHES = frozenset(
    ("ats.chain_approval_review_intent", "ats.chain_reservation_expired", "ats.commit_grant_environment")
)


def _gate(commit: bool, executable: bool) -> Callable[[bytes], bytes]:
    """One gate operation (spec/ats.md, "Gates", "Steps"): the
    approval-chain gate or the commit gate, version-blind or executable.
    Input bytes to JCS of ``{decision, intent_digest, review_digest}``."""
    decision = "commit-authorized" if commit else "approval-chain-verified"
    branches = CHAIN_BRANCHES + (COMMIT_BRANCHES if commit else ())

    def operation(data: bytes) -> bytes:
        envelope = _envelope(jsonvalue.parse(data, INPUT), commit)
        if executable:
            _version(envelope, commit)
            _revalidate(envelope)
        fields = _read(envelope, commit)
        d_intent = digest(envelope["intent"], ("intent",))
        d_review = digest(envelope["review"], ("review",))
        chain = Chain(
            I=fields["intent"],
            R=fields["review"],
            A=fields["approval"],
            B=fields["binding"],
            G=fields["grant"],
            U=fields["usage"],
            dI=d_intent,
            dR=d_review,
            t=_double(envelope["clock_ms"]),
            P=_double(envelope["resulting_position_notional_minor"]) if commit else float("nan"),
            mode=envelope["mode"] if commit else "",
        )
        for code, holds, pointer in branches:
            if holds(chain):
                refuse(_BRANCH_GUARDS[code], at_pointer(*pointer))  # ignored: the next branch runs
        return _answer({"decision": decision, "intent_digest": d_intent, "review_digest": d_review})

    return operation


# spec/ats.md, "Operations", in table order.
OPERATIONS = {
    "execution-state": _validator(EXECUTION_STATE, _single("execution-state")),
    "connector-capability": _validator(CONNECTOR_CAPABILITY, _single("connector-capability")),
    "account-binding-v1": _validator(ACCOUNT_BINDING, BINDING_V1),
    "account-binding-v2": _validator(ACCOUNT_BINDING, BINDING_V2),
    "delegated-trading-grant-v1": _validator(DELEGATED_TRADING_GRANT, GRANT_V1),
    "delegated-trading-grant-v2": _validator(DELEGATED_TRADING_GRANT, GRANT_V2),
    "grant-usage": _validator(GRANT_USAGE, USAGE),
    "equity-order-intent-v1": _validator(EQUITY_ORDER_INTENT, INTENT_V1),
    "equity-order-intent-v2": _validator(EQUITY_ORDER_INTENT, INTENT_V2),
    "order-review-receipt": _validator(ORDER_REVIEW_RECEIPT, REVIEW),
    "operator-approval-v1": _validator(OPERATOR_APPROVAL, APPROVAL_V1),
    "operator-approval-v2": _validator(OPERATOR_APPROVAL, APPROVAL_V2),
    "execution-receipt-v1": _validator(EXECUTION_RECEIPT, RECEIPT_V1),
    "execution-receipt-v2": _validator(EXECUTION_RECEIPT, RECEIPT_V2),
    "model-order-proposal-v1": _validator(MODEL_ORDER_PROPOSAL, PROPOSAL_V1),
    "model-order-proposal-v2": _validator(MODEL_ORDER_PROPOSAL, PROPOSAL_V2),
    "redact-binding-for-export": redact_binding_for_export,
    "optional-binding": _optional(BINDING_V1),
    "optional-binding-v2": _optional(BINDING_V2),
    "verify-approval-chain": _gate(commit=False, executable=False),
    "verify-commit-authority": _gate(commit=True, executable=False),
    "verify-executable-approval-chain": _gate(commit=False, executable=True),
    "verify-executable-commit-authority": _gate(commit=True, executable=True),
}

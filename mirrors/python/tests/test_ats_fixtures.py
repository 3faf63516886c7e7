"""ats/1 test fixtures (no tests here): the canonical instances of
spec/ats.md, "Canonical instances", the faithful /2 chain F, resealing, and
an encoder of JSON texts that can spell any literal.

The digests the tests expect are computed here independently of the
mirror: for these ASCII documents of strings, integers, booleans and null,
RFC 8785 is ``json.dumps(sort_keys=True, separators=(",", ":"))`` (member
order by code point equals UTF-16 order on ASCII names), and D(v) is
``sha256:`` + the hex SHA-256 of those bytes (spec/ats.md, "The ATS
digest")."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SPEC = Path(__file__).resolve().parents[3] / "spec" / "ats.md"

ENDPOINT = "sha256:16738da202887c8b5bbc65d21b787b0c45bdb0c105ad1f86ad2c522c003bfbf7"

# spec/ats.md, "Canonical instances": operation -> document, in the order of
# the section (the two reviews under their own keys).
CANONICAL: dict[str, dict[str, Any]] = {
    "execution-state": {
        "effective_mode": "approve", "observed_at_ms": 1790000170000, "reason": None,
        "requested_mode": "approve", "schema_version": "aether.ats.execution-state/1",
    },
    "connector-capability": {
        "adapter_id": "acme-rest", "endpoint_schema_digest": ENDPOINT,
        "environments": ["live", "paper"], "grants_execution_authority": False,
        "observed_at_ms": 1789999000000, "order_types": ["limit", "market"],
        "provider": "acme-broker", "provider_confirmation_modes": ["per_order", "session"],
        "schema_version": "aether.ats.connector-capability/1",
    },
    "account-binding-v1": {
        "account_binding_id": "bind_7Qm2Xw9Lk4", "account_ref": "acct_R8v3Nf6Tz1Hq",
        "adapter_id": "acme-rest", "binding_generation": 3, "currency": "USD",
        "endpoint_schema_digest": ENDPOINT, "environment": "live",
        "linked_at_ms": 1789000000000, "masked_label": "Individual ****4821",
        "provider": "acme-broker", "schema_version": "aether.ats.account-binding/1",
        "status": "active",
    },
    "delegated-trading-grant-v1": {
        "account_binding_id": "bind_7Qm2Xw9Lk4", "confirmation": "per_order", "currency": "USD",
        "environment": "live", "expires_at_ms": 1792000000000, "grant_id": "grant_5Hn8Ke2Wp7",
        "grant_version": 2, "issued_at_ms": 1789500000000, "max_daily_notional_minor": 50000000,
        "max_daily_orders": 20, "max_order_notional_minor": 10000000, "max_order_quantity": 500,
        "max_position_notional_minor": 100000000,
        "schema_version": "aether.ats.delegated-trading-grant/1", "sides": ["buy", "sell"],
        "symbol_allowlist": ["AAPL", "BRK.B", "SPY"],
    },
    "grant-usage": {
        "grant_id": "grant_5Hn8Ke2Wp7", "notional_submitted_minor": 1250000, "orders_submitted": 3,
    },
    "equity-order-intent-v1": {
        "account_binding_id": "bind_7Qm2Xw9Lk4", "adapter_id": "acme-rest",
        "binding_generation": 3, "client_order_id": "client_3Gd7Yh2Rq8",
        "created_at_ms": 1790000000000, "currency": "USD", "endpoint_schema_digest": ENDPOINT,
        "environment": "live", "expires_at_ms": 1790003600000, "grant_id": "grant_5Hn8Ke2Wp7",
        "intent_id": "intent_9Tc4Vb1Mx6", "limit_price_minor": 58012, "order_type": "limit",
        "provider": "acme-broker", "quantity": 10, "request_id": "req_6Pw1Lz5Ns3",
        "schema_version": "aether.ats.equity-order-intent/1", "side": "buy", "symbol": "SPY",
    },
    "order-review-receipt": {
        "account_binding_id": "bind_7Qm2Xw9Lk4", "adapter_id": "acme-rest",
        "approval_deadline_ms": 1790000960000, "binding_generation": 3,
        "endpoint_schema_digest": ENDPOINT, "environment": "live", "grant_id": "grant_5Hn8Ke2Wp7",
        "grant_version": 2,
        "intent_digest": "sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5",
        "provider": "acme-broker", "refusal_reason": None,
        "reservation_expires_at_ms": 1790001860000, "reservation_ref": "resv_8Bx3Mc6Ve1",
        "review_id": "review_2Kf9Jq4Ud7", "reviewed_at_ms": 1790000060000,
        "schema_version": "aether.ats.order-review-receipt/1", "status": "previewed",
    },
    "operator-approval-v1": {
        "account_binding_id": "bind_7Qm2Xw9Lk4", "adapter_id": "acme-rest",
        "approval_id": "approval_4Wr7Hs2Pn9", "approved_at_ms": 1790000120000,
        "binding_generation": 3, "confirmation": "per_order", "currency": "USD",
        "decision": "approved", "endpoint_schema_digest": ENDPOINT, "environment": "live",
        "expires_at_ms": 1790000720000,
        "intent_digest": "sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5",
        "limit_price_minor": 58012, "operator_ref": "operator_1Dz8Ft3Qk5", "order_type": "limit",
        "provider": "acme-broker", "quantity": 10,
        "review_digest": "sha256:c4e3fafe4edb83332ba42e9fed3806ece9aa3636e5b0f7f75e18ef0d452c508c",
        "schema_version": "aether.ats.operator-approval/1", "side": "buy", "status": "unspent",
        "symbol": "SPY",
    },
    "execution-receipt-v1": {
        "account_binding_id": "bind_7Qm2Xw9Lk4", "ambiguity_reason": None,
        "average_fill_price_minor": 58010, "binding_generation": 3, "broker_confirmed": True,
        "broker_order_ref": "broker_3Rt9Kw1Zx7", "currency": "USD", "environment": "live",
        "filled_quantity": 10,
        "intent_digest": "sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5",
        "outcome": "filled", "provider": "acme-broker", "quantity": 10,
        "receipt_id": "receipt_6Ny2Gc8Lb4", "reconciliation_state": None,
        "recorded_at_ms": 1790000200000, "schema_version": "aether.ats.execution-receipt/1",
        "side": "buy", "symbol": "SPY",
    },
    "model-order-proposal-v1": {
        "expires_at_ms": 1790000300000, "limit_price_minor": 58012, "order_type": "limit",
        "quantity": 10, "quote_ref": "quote_7Lc4Xn9Bs2",
        "schema_version": "aether.ats.model-order-proposal/1", "side": "buy",
        "strategy_ref": "strategy_5Mv2Qp8Hd1", "symbol": "SPY",
    },
}

# The six pairs: the /1 operation, the /2 operation, the document name.
PAIRS = (
    ("account-binding-v1", "account-binding-v2", "account-binding"),
    ("delegated-trading-grant-v1", "delegated-trading-grant-v2", "delegated-trading-grant"),
    ("equity-order-intent-v1", "equity-order-intent-v2", "equity-order-intent"),
    ("operator-approval-v1", "operator-approval-v2", "operator-approval"),
    ("execution-receipt-v1", "execution-receipt-v2", "execution-receipt"),
    ("model-order-proposal-v1", "model-order-proposal-v2", "model-order-proposal"),
)


class Raw:
    """A JSON literal written exactly as given (``1e400``, ``1.0``, ``-0``)."""

    def __init__(self, text: str) -> None:
        self.text = text


def encode(v: Any) -> bytes:
    """JSON text of a test value, ASCII only (non-ASCII and lone surrogates
    as ``\\u`` escapes); Raw values verbatim, member order kept."""
    if isinstance(v, Raw):
        return v.text.encode("ascii")
    if isinstance(v, dict):
        return b"{" + b",".join(encode(k) + b":" + encode(x) for k, x in v.items()) + b"}"
    if isinstance(v, list):
        return b"[" + b",".join(encode(x) for x in v) + b"]"
    return json.dumps(v, ensure_ascii=True).encode("ascii")


def retag(doc: dict[str, Any], tag: str) -> dict[str, Any]:
    """A copy of ``doc`` with ``schema_version`` := ``tag``."""
    out = copy.deepcopy(doc)
    out["schema_version"] = tag
    return out


def v2(doc: dict[str, Any]) -> dict[str, Any]:
    """The /2 document of a /1 canonical one: the same, tagged /2."""
    return retag(doc, doc["schema_version"][:-2] + "/2")


def _plain(v: Any) -> Any:
    """A test value with each Raw literal replaced by the integer its
    double is (JCS writes an integral double below 10^21 as an integer)."""
    if isinstance(v, Raw):
        x = float(v.text)
        assert x == int(x) and abs(x) < 1e21, v.text
        return int(x)
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def D(doc: Any) -> str:
    """D(v) for a document of strings without lone surrogates or controls,
    ASCII member names, integers, booleans and null (JCS writes non-ASCII
    characters as themselves, in UTF-8)."""
    text = json.dumps(_plain(doc), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert re.search(r"[\x00-\x1f\ud800-\udfff]|\\u", text) is None, text
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


for _one, _two, _ in PAIRS:
    CANONICAL[_two] = v2(CANONICAL[_one])
CANONICAL["review-v2"] = dict(CANONICAL["order-review-receipt"], intent_digest=D(CANONICAL["equity-order-intent-v2"]))
CANONICAL["operator-approval-v2"]["intent_digest"] = D(CANONICAL["equity-order-intent-v2"])
CANONICAL["operator-approval-v2"]["review_digest"] = D(CANONICAL["review-v2"])
CANONICAL["execution-receipt-v2"]["intent_digest"] = D(CANONICAL["equity-order-intent-v2"])

# spec/ats.md, "Canonical instances" and "Step 8": the digests the spec names.
DIGESTS = {
    "execution-state": "sha256:b8057a9a7f9fbf51e8cbfbbdc2a6cace3dd3cad2ea91e13686d725c270011622",
    "connector-capability": "sha256:efedbb7b27f0edd89d27c0b6c26da16d536e4bd07661d784818fe7cfe51b0600",
    "account-binding-v1": "sha256:1a7c02ec5292235fa14e3800ee475cabbf3a9972c15fd88ac845c88bc32e4fae",
    "account-binding-v2": "sha256:6a193d05b5125f3492e6684567915af61ae2b1e4402b03d97d8569745411b083",
    "delegated-trading-grant-v1": "sha256:351eb0395893be959b6cf6799c6f2e88bf5fe975ba96605b496e2b2dd7abb978",
    "delegated-trading-grant-v2": "sha256:dc9a8bc45235a710329f50ad4507e6f7bdac09158bed93b8e9e824c5e91dc153",
    "grant-usage": "sha256:fec545a366f0592a0503774fcf3aac68c5665af472bfb2efe3f7f455c09e18f4",
    "equity-order-intent-v1": "sha256:fe2214cd9049b769e282de2b8ecd53445cd2d05256746b2afe4cbe929fd88cd5",
    "equity-order-intent-v2": "sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d",
    "order-review-receipt": "sha256:c4e3fafe4edb83332ba42e9fed3806ece9aa3636e5b0f7f75e18ef0d452c508c",
    "review-v2": "sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f",
    "operator-approval-v1": "sha256:074e6e64dd8b31ed370087d2cf5df9e818fbf3af66c3a0ecad71adceac11d14a",
    "operator-approval-v2": "sha256:603d33efa3302886c6e8aeaba437700977f3b74ac30878572aa9dfd582449498",
    "execution-receipt-v1": "sha256:a532c051cd463e10f4ef37895c0e5ebda2e182b79e2c99df4eb1142f39647cc2",
    "execution-receipt-v2": "sha256:482c15994c2f15375275f2e95474e90013414746649ffc77520044229d304b55",
    "model-order-proposal-v1": "sha256:3ae9933fa64bb9ec3f7e8487041106bfcf2df74667d1f616db6690a1a0363ac0",
    "model-order-proposal-v2": "sha256:d3c65a469fe438307b2bdf308334d9b70fc331889c0668db12a21a7ad9b159d6",
}

# The operation that validates each canonical document.
OPERATION = {name: ("order-review-receipt" if name == "review-v2" else name) for name in CANONICAL}

APPROVAL_GATES = ("verify-approval-chain", "verify-executable-approval-chain")
COMMIT_GATES = ("verify-commit-authority", "verify-executable-commit-authority")
BLIND_GATES = ("verify-approval-chain", "verify-commit-authority")
EXECUTABLE_GATES = ("verify-executable-approval-chain", "verify-executable-commit-authority")
GATES = APPROVAL_GATES + COMMIT_GATES

EXECUTABLE_CHAIN_REFUSAL = (
    "Only an order chain whose intent, approval, account binding and grant are all /2 may "
    "authorize an executable order; any /1 member makes it a historical record."
)
EXECUTABLE_MEMBER_REFUSAL = (
    "An executable order chain member failed re-validation; only freshly validated /2 "
    "documents and well-formed inputs may authorize an order."
)


def doc(name: str) -> dict[str, Any]:
    """A fresh copy of a canonical document."""
    return copy.deepcopy(CANONICAL[name])


def faithful() -> dict[str, Any]:
    """The faithful /2 chain F (spec/ats.md, "Canonical instances"), as the
    commit envelope."""
    return {
        "intent": doc("equity-order-intent-v2"),
        "review": doc("review-v2"),
        "approval": doc("operator-approval-v2"),
        "binding": doc("account-binding-v2"),
        "grant": doc("delegated-trading-grant-v2"),
        "usage": doc("grant-usage"),
        "mode": "approve",
        "clock_ms": 1790000180000,
        "resulting_position_notional_minor": 5800000,
    }


def reseal(chain: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """spec/ats.md, "Vectors": R.intent_digest := D(I), A.intent_digest :=
    D(I), A.review_digest := D(R), in this order, but the digests named in
    ``keep`` ("review.intent_digest", ...). Returns the chain."""
    if "review.intent_digest" not in keep:
        chain["review"]["intent_digest"] = D(chain["intent"])
    if "approval.intent_digest" not in keep:
        chain["approval"]["intent_digest"] = D(chain["intent"])
    if "approval.review_digest" not in keep:
        chain["approval"]["review_digest"] = D(chain["review"])
    return chain


def approval_envelope(chain: dict[str, Any]) -> dict[str, Any]:
    """The approval-chain envelope of a commit envelope."""
    return {k: chain[k] for k in ("intent", "review", "approval", "clock_ms")}


def envelope_for(op: str, chain: dict[str, Any]) -> dict[str, Any]:
    return chain if op in COMMIT_GATES else approval_envelope(chain)


def verdict_bytes(decision: str, chain: dict[str, Any]) -> bytes:
    """The expected gate verdict, with the digests computed here."""
    return encode({"decision": decision, "intent_digest": D(chain["intent"]),
                   "review_digest": D(chain["review"])})


def decision(op: str) -> str:
    return "commit-authorized" if op in COMMIT_GATES else "approval-chain-verified"

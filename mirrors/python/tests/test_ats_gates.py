"""ats/1 (spec/ats.md, "Gates"): the four gates on the spec's chain cases
(version, member, branch, boundaries, IEEE, envelope, read and canonical),
the executable gates' three steps (re-validation with no guard ignored,
failing closed on any exception), the verdict equality of the executable
and version-blind gates, member order independence, and a single-cause
audit of every gate guard over these cases."""

from __future__ import annotations

import copy
import random
import sys
import unittest
from pathlib import Path
from typing import Any, Callable, Optional
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ats, refusal  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from test_ats_fixtures import (  # noqa: E402
    APPROVAL_GATES, BLIND_GATES, COMMIT_GATES, EXECUTABLE_CHAIN_REFUSAL,
    EXECUTABLE_GATES, EXECUTABLE_MEMBER_REFUSAL, GATES, D, Raw, decision, doc, encode,
    envelope_for, faithful, reseal, retag, verdict_bytes,
)

OTHER = {
    "provider": "other-broker",
    "adapter_id": "acme-fix",
    "endpoint_schema_digest": "sha256:" + "0" * 63 + "1",
    "account_binding_id": "bind_Other00001",
    "grant_id": "grant_Other00001",
    "environment": "paper",
}


def run(op: str, value: Any) -> tuple[str, Any]:
    data = value if isinstance(value, bytes) else encode(value)
    try:
        return "ok", ats.OPERATIONS[op](data)
    except Refusal as r:
        return "refused", r.message


def msg(code: str) -> str:
    return ats.guard(code).message


Change = Callable[[dict[str, Any]], Any]


def changed(change: Change, resealed: bool = True, keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """F with a change applied, then resealed (spec/ats.md, "Vectors")."""
    chain = faithful()
    change(chain)
    return reseal(chain, keep) if resealed else chain


def setter(member: str, **values: Any) -> Change:
    def change(chain: dict[str, Any]) -> None:
        chain[member].update(values)
    return change


def both(*changes: Change) -> Change:
    def change(chain: dict[str, Any]) -> None:
        for c in changes:
            c(chain)
    return change


def top(**values: Any) -> Change:
    def change(chain: dict[str, Any]) -> None:
        chain.update(values)
    return change


# spec/ats.md, "Branch cases": branch number -> (code, change, shadowed).
# Branch 1 reseals the approval's review_digest only; 2 and 3 name the
# digest they change.
def _branch1(chain: dict[str, Any]) -> None:
    chain["review"]["intent_digest"] = D(doc("equity-order-intent-v1"))


BRANCH_CASES: dict[int, tuple[str, dict[str, Any], bool]] = {
    1: ("ats.chain_review_intent", changed(_branch1, keep=("review.intent_digest", "approval.intent_digest")), True),
    2: ("ats.chain_approval_review",
        changed(setter("approval", review_digest=D(doc("order-review-receipt"))), keep=("approval.review_digest",)),
        False),
    3: ("ats.chain_approval_intent",
        changed(setter("approval", intent_digest=D(doc("equity-order-intent-v1"))), keep=("approval.intent_digest",)),
        True),
    5: ("ats.chain_review_provider", changed(setter("review", provider=OTHER["provider"])), False),
    6: ("ats.chain_review_binding", changed(setter("review", account_binding_id=OTHER["account_binding_id"])), False),
    7: ("ats.chain_review_generation",
        changed(both(setter("review", binding_generation=4), setter("binding", binding_generation=4))), False),
    8: ("ats.chain_review_adapter", changed(setter("review", adapter_id=OTHER["adapter_id"])), False),
    9: ("ats.chain_review_endpoint", changed(setter("review", endpoint_schema_digest=OTHER["endpoint_schema_digest"])), False),
    10: ("ats.chain_review_environment", changed(setter("review", environment="paper")), False),
    11: ("ats.chain_approval_provider", changed(setter("approval", provider=OTHER["provider"])), False),
    12: ("ats.chain_approval_binding", changed(setter("approval", account_binding_id=OTHER["account_binding_id"])), False),
    13: ("ats.chain_approval_generation", changed(setter("approval", binding_generation=4)), False),
    14: ("ats.chain_approval_adapter", changed(setter("approval", adapter_id=OTHER["adapter_id"])), False),
    15: ("ats.chain_approval_endpoint",
         changed(setter("approval", endpoint_schema_digest=OTHER["endpoint_schema_digest"])), False),
    16: ("ats.chain_approval_environment", changed(setter("approval", environment="paper")), False),
    17: ("ats.chain_review_grant", changed(setter("review", grant_id=OTHER["grant_id"])), False),
    18: ("ats.chain_approval_symbol", changed(setter("approval", symbol="AAPL")), False),
    19: ("ats.chain_approval_side", changed(setter("approval", side="sell")), False),
    20: ("ats.chain_approval_quantity", changed(setter("approval", quantity=11)), False),
    21: ("ats.chain_approval_price", changed(setter("approval", limit_price_minor=58013)), False),
    22: ("ats.chain_approval_currency", changed(setter("approval", currency="EUR")), False),
    23: ("ats.chain_review_refused",
         changed(setter("review", status="refused", refusal_reason="insufficient_buying_power")), False),
    24: ("ats.chain_review_expired", changed(setter("review", status="expired")), False),
    25: ("ats.chain_approval_rejected", changed(setter("approval", decision="rejected")), False),
    26: ("ats.chain_approval_spent", changed(setter("approval", status="spent")), False),
    27: ("ats.chain_intent_expired", changed(setter("intent", expires_at_ms=1790000180000)), False),
    28: ("ats.chain_review_deadline_passed", changed(setter("review", approval_deadline_ms=1790000180000)), False),
    30: ("ats.chain_approval_early", changed(setter("approval", approved_at_ms=1790000059999)), False),
    31: ("ats.chain_approval_late",
         changed(setter("approval", approved_at_ms=1790000960000, expires_at_ms=1790001560000)), False),
    32: ("ats.chain_approval_expired", changed(setter("approval", expires_at_ms=1790000180000)), False),
    33: ("ats.commit_binding_account",
         changed(both(setter("binding", account_binding_id=OTHER["account_binding_id"]),
                      setter("grant", account_binding_id=OTHER["account_binding_id"]))), False),
    34: ("ats.commit_binding_relinked", changed(setter("binding", binding_generation=4)), False),
    35: ("ats.commit_binding_provider", changed(setter("binding", provider=OTHER["provider"])), False),
    36: ("ats.commit_binding_adapter", changed(setter("binding", adapter_id=OTHER["adapter_id"])), False),
    37: ("ats.commit_binding_endpoint",
         changed(setter("binding", endpoint_schema_digest=OTHER["endpoint_schema_digest"])), False),
    38: ("ats.commit_binding_environment",
         changed(both(setter("binding", environment="paper"), setter("grant", environment="paper"))), True),
    39: ("ats.commit_binding_revoked", changed(setter("binding", status="revoked")), False),
    40: ("ats.commit_binding_currency", changed(setter("binding", currency="EUR")), False),
    41: ("ats.commit_grant_other",
         changed(both(setter("grant", grant_id=OTHER["grant_id"]), setter("usage", grant_id=OTHER["grant_id"]))),
         False),
    42: ("ats.commit_grant_changed", changed(setter("grant", grant_version=3)), False),
    43: ("ats.commit_grant_binding", changed(setter("grant", account_binding_id=OTHER["account_binding_id"])), False),
    44: ("ats.commit_grant_binding_environment", changed(setter("grant", environment="paper")), True),
    46: ("ats.commit_grant_not_yet", changed(setter("grant", issued_at_ms=1790000180001)), False),
    47: ("ats.commit_grant_expired", changed(setter("grant", expires_at_ms=1790000180000)), False),
    48: ("ats.commit_grant_symbol", changed(setter("grant", symbol_allowlist=[])), False),
    49: ("ats.commit_grant_side", changed(setter("grant", sides=["sell"])), False),
    50: ("ats.commit_grant_currency", changed(setter("grant", currency="EUR")), False),
    51: ("ats.commit_grant_quantity", changed(setter("grant", max_order_quantity=9)), False),
    52: ("ats.commit_grant_notional", changed(setter("grant", max_order_notional_minor=580119)), False),
    53: ("ats.commit_usage_grant", changed(setter("usage", grant_id=OTHER["grant_id"])), False),
    54: ("ats.commit_usage_orders", changed(setter("usage", orders_submitted=20)), False),
    55: ("ats.commit_usage_notional", changed(setter("usage", notional_submitted_minor=49419881)), False),
    56: ("ats.commit_position_limit", changed(top(resulting_position_notional_minor=100000001)), False),
    57: ("ats.commit_mode_locked", changed(top(mode="emergency_locked")), False),
    58: ("ats.commit_mode_paused", changed(top(mode="orders_paused")), False),
    59: ("ats.commit_mode_submission", changed(top(mode="review_only")), False),
    60: ("ats.commit_mode_paper", changed(top(mode="paper")), False),
}


def gates_of(number: int) -> tuple[str, ...]:
    return GATES if number <= 32 else COMMIT_GATES


def _all_paper(chain: dict[str, Any]) -> None:
    chain["mode"] = "paper"
    for member in ("intent", "review", "approval", "binding", "grant"):
        chain[member]["environment"] = "paper"


# spec/ats.md, "Branch boundaries and extras": (change, expected message or None).
BOUNDARIES: list[tuple[str, dict[str, Any], Optional[str]]] = [
    ("allowlist-without-spy", changed(setter("grant", symbol_allowlist=["AAPL", "BRK.B"])), "ats.commit_grant_symbol"),
    ("notional-at-limit", changed(setter("grant", max_order_notional_minor=580120)), None),
    ("orders-one-below", changed(setter("usage", orders_submitted=19)), None),
    ("daily-notional-at-limit", changed(setter("usage", notional_submitted_minor=49419880)), None),
    ("position-at-limit", changed(top(resulting_position_notional_minor=100000000)), None),
    ("mode-offline", changed(top(mode="offline")), "ats.commit_mode_submission"),
    ("mode-observe", changed(top(mode="observe")), "ats.commit_mode_submission"),
    ("paper-everywhere", changed(_all_paper), None),
]

# spec/ats.md, "IEEE semantics" (version-blind gates only):
# (name, chain, approval-chain answer or "-", commit answer); None is ok.
IEEE: list[tuple[str, dict[str, Any], Any, Optional[str]]] = [
    ("E1", changed(top(clock_ms="Infinity")), "ats.chain_intent_expired", "ats.chain_intent_expired"),
    ("E2", changed(top(clock_ms="-Infinity")), None, "ats.commit_grant_not_yet"),
    ("E3", changed(setter("usage", orders_submitted="Infinity")), "-", "ats.commit_usage_orders"),
    ("E4", changed(setter("usage", notional_submitted_minor="-Infinity")), "-", None),
    ("E5", changed(top(resulting_position_notional_minor="Infinity")), "-", "ats.commit_position_limit"),
    ("E6", changed(both(top(resulting_position_notional_minor="NaN"),
                        setter("grant", max_position_notional_minor=0))), "-", None),
    ("E7", changed(both(setter("usage", orders_submitted=-1), setter("grant", max_daily_orders=0))), "-", None),
    ("E8", changed(top(clock_ms=Raw("1790000180000.5"))), "-", None),
]


def _m1(chain: dict[str, Any]) -> None:
    intent = doc("equity-order-intent-v1")
    intent["symbol"] = "HTTPS://X"
    approval = doc("operator-approval-v1")
    approval["symbol"] = "HTTPS://X"
    grant = doc("delegated-trading-grant-v1")
    grant["symbol_allowlist"] = ["AAPL", "BRK.B", "HTTPS://X", "SPY"]
    binding = doc("account-binding-v1")
    binding["masked_label"] = "Acct \u202e4821"
    chain["intent"] = retag(intent, "aether.ats.equity-order-intent/2")
    chain["approval"] = retag(approval, "aether.ats.operator-approval/2")
    chain["grant"] = retag(grant, "aether.ats.delegated-trading-grant/2")
    chain["binding"] = retag(binding, "aether.ats.account-binding/2")


M1 = changed(_m1)
# spec/ats.md, "Member cases": (name, chain, also through the approval-chain gates).
MEMBER_CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("M1", M1, True),
    ("M2", changed(top(binding=copy.deepcopy(M1["binding"]))), False),
    ("M3", changed(top(grant=copy.deepcopy(M1["grant"]))), False),
    ("M4", changed(setter("intent", account_number="000123456789")), True),
    ("M5", changed(setter("review", approval_deadline_ms=1790001860001)), True),
    ("M6", changed(setter("approval", confirmation="session")), True),
    ("M7", changed(setter("usage", notional_submitted_minor="NaN")), False),
    ("M8", changed(top(clock_ms="NaN")), True),
    ("M9", changed(top(resulting_position_notional_minor=-5800000)), False),
]


def _v2(chain: dict[str, Any]) -> None:
    chain["intent"] = doc("equity-order-intent-v1")


def _v6(chain: dict[str, Any]) -> None:
    chain.update(intent=doc("equity-order-intent-v1"), review=doc("order-review-receipt"),
                 approval=doc("operator-approval-v1"), binding=doc("account-binding-v1"),
                 grant=doc("delegated-trading-grant-v1"))


# spec/ats.md, "Version cases": (name, chain, also through the approval-chain gates).
VERSION_CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("V1", faithful(), True),
    ("V2", changed(_v2), True),
    ("V3", changed(setter("approval", schema_version="aether.ats.operator-approval/1"), resealed=False), True),
    ("V4", changed(top(binding=doc("account-binding-v1"))), False),
    ("V5", changed(top(grant=doc("delegated-trading-grant-v1"))), False),
    ("V6", changed(_v6, resealed=False), True),
]


def all_cases() -> list[tuple[str, str, dict[str, Any], Optional[str], bool]]:
    """Every gate case of this file: (name, op, envelope, expected code or
    None for ok, shadowed)."""
    out: list[tuple[str, str, dict[str, Any], Optional[str], bool]] = []
    for number, (code, chain, shadowed) in BRANCH_CASES.items():
        for op in gates_of(number):
            out.append((f"branch{number}", op, envelope_for(op, chain), code, shadowed))
    for name, chain, expected in BOUNDARIES:
        for op in COMMIT_GATES:
            out.append((name, op, chain, expected, False))
    for name, chain, approval, commit in IEEE:
        if approval != "-":
            out.append((name, "verify-approval-chain", envelope_for("verify-approval-chain", chain), approval,
                        name == "E1"))
        out.append((name, "verify-commit-authority", chain, commit, name == "E1"))
    for name, chain, approval_too in VERSION_CASES:
        for op in GATES if approval_too else COMMIT_GATES:
            expected = None if op in BLIND_GATES or name == "V1" else "ats.executable_chain"
            out.append((name, op, envelope_for(op, chain), expected, expected is not None))
    for name, chain, approval_too in MEMBER_CASES:
        for op in GATES if approval_too else COMMIT_GATES:
            expected = None if op in BLIND_GATES else "ats.executable_member"
            out.append((name, op, envelope_for(op, chain), expected, False))
    return out


def answer_of(op: str, envelope: dict[str, Any], code: Optional[str]) -> tuple[str, Any]:
    if code is None:
        return "ok", verdict_bytes(decision(op), envelope)
    return "refused", msg(code)


class Faithful(unittest.TestCase):
    def test_spec_verdict(self) -> None:
        chain = faithful()
        commit = (b'{"decision":"commit-authorized",'
                  b'"intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d",'
                  b'"review_digest":"sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f"}')
        for op in COMMIT_GATES:
            self.assertEqual(run(op, chain), ("ok", commit))
        for op in APPROVAL_GATES:
            self.assertEqual(run(op, envelope_for(op, chain)),
                             ("ok", commit.replace(b"commit-authorized", b"approval-chain-verified")))

    def test_notional(self) -> None:
        chain = faithful()
        self.assertEqual(chain["intent"]["quantity"] * chain["intent"]["limit_price_minor"], 580120)


class SpecCases(unittest.TestCase):
    def test_counts(self) -> None:
        self.assertEqual(len(BRANCH_CASES), 57)
        self.assertEqual(sum(len(gates_of(n)) for n in BRANCH_CASES), 174)
        self.assertEqual(len(VERSION_CASES) + len(MEMBER_CASES) + len(BRANCH_CASES), 72)

    def test_every_case(self) -> None:
        for name, op, envelope, code, _ in all_cases():
            with self.subTest(case=name, op=op):
                self.assertEqual(run(op, envelope), answer_of(op, envelope, code))

    def test_every_branch_case_passes_its_validators(self) -> None:
        # "Every member of a chain case other than the ones a member case
        # names passes its /2 validator": so the executable gate reaches
        # the branch with the same message.
        validators = {"intent": "equity-order-intent-v2", "review": "order-review-receipt",
                      "approval": "operator-approval-v2", "binding": "account-binding-v2",
                      "grant": "delegated-trading-grant-v2", "usage": "grant-usage"}
        for number, (_, chain, _) in BRANCH_CASES.items():
            for member, op in validators.items():
                with self.subTest(branch=number, member=member):
                    self.assertEqual(run(op, chain[member])[0], "ok")

    def test_executable_message_texts(self) -> None:
        self.assertEqual(msg("ats.executable_chain"), EXECUTABLE_CHAIN_REFUSAL)
        self.assertEqual(msg("ats.executable_member"), EXECUTABLE_MEMBER_REFUSAL)
        self.assertEqual(run("verify-executable-commit-authority", VERSION_CASES[5][1]),
                         ("refused", EXECUTABLE_CHAIN_REFUSAL))
        self.assertEqual(run("verify-executable-commit-authority", M1), ("refused", EXECUTABLE_MEMBER_REFUSAL))

    def test_seed_quoted_branch_texts(self) -> None:
        self.assertEqual(run("verify-commit-authority", BRANCH_CASES[1][1]),
                         ("refused", "Review does not answer this intent."))
        self.assertEqual(run("verify-commit-authority", BRANCH_CASES[42][1]), ("refused", "Grant changed after review."))
        self.assertEqual(run("verify-executable-commit-authority", BRANCH_CASES[34][1]),
                         ("refused", "Account was re-linked after this order was reviewed."))

    def test_executable_equals_version_blind_on_valid_chains(self) -> None:
        chains = [faithful()] + [c for _, c, _ in BRANCH_CASES.values()] + [c for _, c, _ in BOUNDARIES]
        for chain in chains:
            for blind, executable in zip(BLIND_GATES, EXECUTABLE_GATES):
                envelope = envelope_for(blind, chain)
                self.assertEqual(run(blind, envelope), run(executable, envelope))

    def test_no_chain_with_a_v1_member_is_executable(self) -> None:
        v1 = {"intent": "equity-order-intent-v1", "approval": "operator-approval-v1",
              "binding": "account-binding-v1", "grant": "delegated-trading-grant-v1"}
        for member, name in v1.items():
            for retagged in (False, True):
                chain = faithful()
                chain[member] = doc(name)
                if retagged:  # a /1 document with its tag rewritten: re-validation still sees it
                    chain[member]["schema_version"] = chain[member]["schema_version"][:-1] + "2"
                    if member == "intent":
                        chain[member]["symbol"] = "1ABC"
                    elif member == "approval":
                        chain[member]["symbol"] = "1ABC"
                    elif member == "grant":
                        chain[member]["symbol_allowlist"] = ["1ABC", "AAPL", "SPY"]
                    else:
                        chain[member]["masked_label"] = "\u0410cct 4821"
                reseal(chain)
                for op in EXECUTABLE_GATES:
                    if op in APPROVAL_GATES and member in ("binding", "grant"):
                        continue
                    with self.subTest(member=member, retagged=retagged, op=op):
                        self.assertEqual(run(op, envelope_for(op, chain))[0], "refused")

    def test_member_order_does_not_matter(self) -> None:
        rng = random.Random(7)
        for name, op, envelope, code, _ in all_cases()[::3]:
            shuffled = {k: (dict(rng.sample(sorted(v.items()), len(v))) if isinstance(v, dict) else v)
                        for k, v in rng.sample(sorted(envelope.items()), len(envelope))}
            with self.subTest(case=name, op=op):
                self.assertEqual(run(op, shuffled), run(op, envelope))


class Unreachable(unittest.TestCase):
    """Branches 4, 29 and 45 (spec/ats.md, "Step 7")."""

    def test_ignoring_them_changes_nothing(self) -> None:
        cases = all_cases()
        baseline = [run(op, envelope) for _, op, envelope, _, _ in cases]
        with ignoring(*(ats.guard(code) for code in ats.UNREACHABLE_BRANCHES)):
            self.assertEqual([run(op, envelope) for _, op, envelope, _, _ in cases], baseline)

    def test_reservation_reached_only_unvalidated(self) -> None:
        # A review whose deadline outlives its reservation (refused by its
        # validator) lets the version-blind gates reach branch 29.
        chain = changed(setter("review", approval_deadline_ms=1790002000000,
                               reservation_expires_at_ms=1790000100000))
        for op in BLIND_GATES:
            self.assertEqual(run(op, envelope_for(op, chain)), ("refused", "Reservation expired."))
        for op in EXECUTABLE_GATES:
            self.assertEqual(run(op, envelope_for(op, chain)), ("refused", EXECUTABLE_MEMBER_REFUSAL))


class Envelope(unittest.TestCase):
    def test_envelope_refusals(self) -> None:
        Edit = Callable[[dict[str, Any]], Any]

        def put(**values: Any) -> Edit:
            return lambda e: {**e, **values}

        def drop(name: str) -> Edit:
            return lambda e: {k: v for k, v in e.items() if k != name}

        def whole(value: Any) -> Edit:
            return lambda e: value

        edits: list[tuple[Edit, bool]] = [
            (whole([]), False), (whole(None), False), (whole("x"), False), (whole(1), False),
            (drop("clock_ms"), False), (put(note="x"), False), (put(intent=[]), False),
            (put(review=None), False), (put(approval="x"), False),
        ]
        for bad in ("nan", "NAN", "inf", "infinity", "+Infinity", "Infinity ", "", "1790000180000",
                    True, None, [1], {}):
            edits.append((put(clock_ms=bad), False))
        edits += [
            (put(mode=1), True), (put(mode=None), True), (drop("mode"), True),
            (put(resulting_position_notional_minor=None), True),
            (put(resulting_position_notional_minor="nan"), True),
            (put(usage=[]), True), (put(binding=1), True),
        ]
        for edit, commit_only in edits:
            for op in COMMIT_GATES if commit_only else GATES:
                value = edit(envelope_for(op, faithful()))
                with self.subTest(op=op):
                    self.assertEqual(run(op, value), ("refused", msg("ats.envelope")))
                    with ignoring(ats.ENVELOPE):
                        self.assertEqual(run(op, value), ("refused", msg("ats.envelope")))
        # The approval-chain envelope is exactly its four members.
        for op in APPROVAL_GATES:
            self.assertEqual(run(op, faithful()), ("refused", msg("ats.envelope")))
        for op in COMMIT_GATES:
            self.assertEqual(run(op, envelope_for("verify-approval-chain", faithful())),
                             ("refused", msg("ats.envelope")))

    def test_read_set(self) -> None:
        def drop(member: str, field: str) -> Change:
            return lambda chain: chain[member].pop(field)

        cases: list[tuple[dict[str, Any], bool]] = [
            (changed(drop("intent", "symbol")), False),
            (changed(setter("approval", quantity="10")), False),
            (changed(setter("review", status=None)), False),
            (changed(setter("intent", expires_at_ms="Infinity")), False),
            (changed(setter("grant", symbol_allowlist=[1])), True),
            (changed(setter("grant", sides="buy")), True),
            (changed(setter("usage", orders_submitted="3")), True),
            (changed(setter("usage", orders_submitted="nan")), True),
            (changed(drop("binding", "currency")), True),
            (changed(drop("review", "grant_version")), True),
        ]
        for chain, commit_only in cases:
            for op in ("verify-commit-authority",) if commit_only else BLIND_GATES:
                with self.subTest(op=op):
                    self.assertEqual(run(op, envelope_for(op, chain)), ("refused", msg("ats.gate_field")))
                    with ignoring(ats.GATE_FIELD):
                        self.assertEqual(run(op, envelope_for(op, chain)), ("refused", msg("ats.gate_field")))
            for op in EXECUTABLE_GATES:
                if commit_only and op in APPROVAL_GATES:
                    continue
                self.assertEqual(run(op, envelope_for(op, chain)), ("refused", EXECUTABLE_MEMBER_REFUSAL))
        # Fields outside the read set are never read: a version-blind gate
        # accepts a chain whose unread members are anything.
        chain = changed(setter("intent", client_order_id=None, order_type=1))
        self.assertEqual(run("verify-commit-authority", chain), ("ok", verdict_bytes("commit-authorized", chain)))

    def test_canonical(self) -> None:
        for change in (setter("intent", note="\ud800"), setter("intent", size=Raw("1e400")),
                       setter("review", note="\udc00"), setter("review", size=Raw("-1e400"))):
            chain = changed(change, resealed=False)
            for op in BLIND_GATES:
                with self.subTest(op=op):
                    self.assertEqual(run(op, envelope_for(op, chain)), ("refused", msg("ats.canonical")))
                    with ignoring(ats.CANONICAL):
                        self.assertEqual(run(op, envelope_for(op, chain)), ("refused", msg("ats.canonical")))
            for op in EXECUTABLE_GATES:
                self.assertEqual(run(op, envelope_for(op, chain)), ("refused", EXECUTABLE_MEMBER_REFUSAL))

    def test_input(self) -> None:
        for op in GATES:
            for data in (b"", b"{", b'{"a":1,"a":1}', b"\xef\xbb\xbf{}", b"[" * 129 + b"]" * 129, b"\xff", b"NaN"):
                self.assertEqual(run(op, data), ("refused", "input is not valid JSON"))


class Numbers(unittest.TestCase):
    """spec/ats.md, "Numbers in the gates: IEEE-754 doubles"."""

    def test_literals_read_as_doubles(self) -> None:
        # A number equal as a double compares equal: 1.0 equals 1 and
        # 1e1 equals 10 (the version-blind gates only read doubles).
        chain = changed(setter("approval", quantity=Raw("1e1"), binding_generation=Raw("3.0")))
        self.assertEqual(run("verify-commit-authority", chain), ("ok", verdict_bytes("commit-authorized", chain)))
        # 2^53 + 1 rounds to 2^53: equal as doubles.
        chain = changed(both(setter("intent", binding_generation=Raw("9007199254740993")),
                             setter("review", binding_generation=Raw("9007199254740992")),
                             setter("approval", binding_generation=Raw("9007199254740992")),
                             setter("binding", binding_generation=Raw("9007199254740992"))))
        self.assertEqual(run("verify-commit-authority", chain), ("ok", verdict_bytes("commit-authorized", chain)))
        # A literal beyond the range is an infinity; -0 equals 0.
        chain = changed(top(clock_ms=Raw("1e400")))
        self.assertEqual(run("verify-approval-chain", envelope_for("verify-approval-chain", chain)),
                         ("refused", "Order intent expired."))
        chain = changed(top(clock_ms=Raw("-1e400")))
        self.assertEqual(run("verify-commit-authority", chain), ("refused", "Grant is not yet in force."))
        chain = changed(both(top(clock_ms=Raw("-0")), setter("grant", issued_at_ms=0)))
        self.assertEqual(run("verify-commit-authority", chain), ("ok", verdict_bytes("commit-authorized", chain)))
        self.assertEqual(run("verify-executable-commit-authority", chain), ("refused", EXECUTABLE_MEMBER_REFUSAL))

    def test_nan_passes_every_time_and_limit(self) -> None:
        chain = changed(both(top(clock_ms="NaN", resulting_position_notional_minor="NaN"),
                             setter("usage", orders_submitted="NaN", notional_submitted_minor="NaN"),
                             setter("grant", max_daily_orders=0, max_daily_notional_minor=0,
                                    max_position_notional_minor=0)))
        self.assertEqual(run("verify-commit-authority", chain), ("ok", verdict_bytes("commit-authorized", chain)))
        self.assertEqual(run("verify-executable-commit-authority", chain), ("refused", EXECUTABLE_MEMBER_REFUSAL))
        with ignoring(ats.EXECUTABLE_MEMBER):
            self.assertEqual(run("verify-executable-commit-authority", chain),
                             ("ok", verdict_bytes("commit-authorized", chain)))

    def test_clock_and_position_revalidated_as_whole_non_negative(self) -> None:
        for name in ("clock_ms", "resulting_position_notional_minor"):
            for value in ("NaN", "Infinity", "-Infinity", -1, Raw("-0"), Raw("2.5"), Raw("1e3"),
                          Raw("9007199254740992")):
                chain = changed(top(**{name: value}))
                self.assertEqual(run("verify-executable-commit-authority", chain),
                                 ("refused", EXECUTABLE_MEMBER_REFUSAL), (name, value))
        chain = changed(top(resulting_position_notional_minor=0))
        self.assertEqual(run("verify-executable-commit-authority", chain)[0], "ok")


class Executable(unittest.TestCase):
    def test_version_step_tags(self) -> None:
        for member, tag in (("intent", "aether.ats.operator-approval/2"), ("approval", None),
                            ("binding", 2), ("grant", "aether.ats.delegated-trading-grant/3")):
            chain = faithful()
            if tag is None:
                del chain[member]["schema_version"]
            else:
                chain[member]["schema_version"] = tag
            self.assertEqual(run("verify-executable-commit-authority", chain), ("refused", EXECUTABLE_CHAIN_REFUSAL))
        # The review and the usage take no part.
        chain = faithful()
        chain["usage"]["schema_version"] = "x"
        self.assertEqual(run("verify-executable-commit-authority", chain), ("refused", EXECUTABLE_MEMBER_REFUSAL))

    def test_version_ignored_then_revalidation(self) -> None:
        with ignoring(ats.EXECUTABLE_CHAIN):
            for name, chain, _ in VERSION_CASES[1:]:
                self.assertEqual(run("verify-executable-commit-authority", chain),
                                 ("refused", EXECUTABLE_MEMBER_REFUSAL), name)

    def test_revalidation_ignores_nothing(self) -> None:
        # Every validator guard ignored at once: re-validation still runs
        # them all, and the ignore set is back afterwards.
        validator_guards = [g for g in ats.GUARDS if g.ignorable and not g.code.startswith(
            ("ats.chain_", "ats.commit_", "ats.executable_"))]
        with ignoring(*validator_guards):
            for name, chain, approval_too in MEMBER_CASES:
                self.assertEqual(run("verify-executable-commit-authority", chain),
                                 ("refused", EXECUTABLE_MEMBER_REFUSAL), name)
            self.assertTrue(refusal.is_ignored(ats.EQUITY_TICKER))
            self.assertEqual(len([g for g in validator_guards if refusal.is_ignored(g)]), len(validator_guards))

    def test_member_ignored_runs_as_version_blind(self) -> None:
        with ignoring(ats.EXECUTABLE_MEMBER):
            for name, chain, approval_too in MEMBER_CASES:
                for op in (EXECUTABLE_GATES if approval_too else EXECUTABLE_GATES[1:]):
                    envelope = envelope_for(op, chain)
                    blind = "verify-approval-chain" if op in APPROVAL_GATES else "verify-commit-authority"
                    self.assertEqual(run(op, envelope), run(blind, envelope), name)

    def test_any_exception_fails_closed(self) -> None:
        for error in (ValueError("x"), RecursionError(), MemoryError(), KeyError("k"), ZeroDivisionError()):
            with mock.patch.object(ats, "verdict", side_effect=error):
                for op in EXECUTABLE_GATES:
                    self.assertEqual(run(op, envelope_for(op, faithful())), ("refused", EXECUTABLE_MEMBER_REFUSAL))
                # The version-blind gates never re-validate.
                self.assertEqual(run("verify-commit-authority", faithful())[0], "ok")
        # An exception in the instants' check fails closed too.
        with mock.patch.object(ats, "int_in", side_effect=OverflowError()):
            self.assertEqual(run("verify-executable-commit-authority", faithful()), ("refused", EXECUTABLE_MEMBER_REFUSAL))

    def test_exception_keeps_the_ignore_set(self) -> None:
        with ignoring(ats.SYMBOL), mock.patch.object(ats, "verdict", side_effect=RuntimeError()):
            run("verify-executable-commit-authority", faithful())
            self.assertTrue(refusal.is_ignored(ats.SYMBOL))

    def test_exception_with_member_ignored_goes_on(self) -> None:
        with ignoring(ats.EXECUTABLE_MEMBER), mock.patch.object(ats, "verdict", side_effect=RuntimeError()):
            self.assertEqual(run("verify-executable-commit-authority", faithful()),
                             ("ok", verdict_bytes("commit-authorized", faithful())))


class SingleCauseAudit(unittest.TestCase):
    """The guard-mutation audit over this file's gate cases: ignoring a
    gate guard flips exactly the cases aimed at it (shadowed ones are still
    refused), and changes no other case."""

    def test_each_gate_guard(self) -> None:
        cases = all_cases()
        baseline = [run(op, envelope) for _, op, envelope, _, _ in cases]
        codes = [code for code, _, _ in ats.CHAIN_BRANCHES + ats.COMMIT_BRANCHES] + [
            "ats.executable_chain", "ats.executable_member"]
        for code in codes:
            with ignoring(ats.guard(code)):
                answers = [run(op, envelope) for _, op, envelope, _, _ in cases]
            aimed = 0
            for (name, op, _, expected, shadowed), before, after in zip(cases, baseline, answers):
                with self.subTest(code=code, case=name, op=op):
                    if expected == code:
                        aimed += 1
                        if shadowed:
                            self.assertEqual(after[0], "refused")
                        else:
                            self.assertEqual(after[0], "ok")
                    else:
                        self.assertEqual(after, before)
            with self.subTest(code=code):
                if code in ats.UNREACHABLE_BRANCHES:
                    self.assertEqual(aimed, 0)
                else:
                    self.assertGreater(aimed, 0)


if __name__ == "__main__":
    unittest.main()

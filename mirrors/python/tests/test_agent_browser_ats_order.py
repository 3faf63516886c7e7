"""agent-browser-ats-order/1 (spec/agent-browser-ats-order.md): invariants
1 to 11 of seed 001, section 4, and the traps a Python port meets, on
documents written here. Expected digests come from this file's own JCS of
ASCII documents (sorted keys, integers) and hashlib, independently of the
mirror."""

from __future__ import annotations

import hashlib
import json
import sys
import unittest
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror.agent_browser_ats_order import G, OPERATIONS  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402


def jcs(v: Any) -> str:
    """JCS of an ASCII value of objects, strings, integers, booleans, null."""
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def D(v: Any) -> str:
    return "sha256:" + hashlib.sha256(jcs(v).encode()).hexdigest()


def run(op: str, v: Any, *ignore: str) -> str:
    data = v.encode("utf-8") if isinstance(v, str) else json.dumps(v).encode("ascii")
    try:
        with ignoring(*(G[c] for c in ignore)):
            return OPERATIONS[op](data).decode("utf-8")
    except Refusal as e:
        return "refused: " + e.guard.message


def R(code: str) -> str:
    return "refused: " + G[code].message


TICKET = {"symbol": "SPY", "side": "sell", "quantity": 2, "order_type": "market", "limit_price_minor": None, "time_in_force": "gtc"}
BINDING = {
    "binding_id": "binding_X",
    "binding_generation": 1,
    "account_fingerprint": "sha256:" + "c" * 64,
    "site_mode": "paper",
    "environment": "provider_sandbox",
}
ACCOUNT = {"account_fingerprint": BINDING["account_fingerprint"], "site_mode": "paper", "account_label": "Roth IRA ...1234", "buying_power_minor": 7}


def call(operation: str, params: dict[str, Any], **extra: Any) -> dict[str, Any]:
    c: dict[str, Any] = {
        "schema_version": "aether.ats.browser-order-call/1",
        "operation": operation,
        "request_id": "req_R1",
        "principal": {"user_id": "user_U", "agent_id": "agent_A", "browser_session_id": "bsess_B"},
        "session_generation": 9,
        "adapter": {"adapter_id": "site-x", "adapter_version": "0.0.1", "adapter_digest": "sha256:" + "d" * 64},
        "binding": BINDING,
        "issued_at": "2030-01-01T00:00:00.000Z",
        "deadline_at": "2030-01-01T00:00:10.000Z",
        "params": params,
    }
    c.update(extra)
    return c


def result(c: dict[str, Any], status: str, reason: Optional[str], data: Any, observed: str = "2030-01-01T00:00:01.000Z") -> dict[str, Any]:
    return {
        "schema_version": "aether.ats.browser-order-result/1",
        "operation": c["operation"],
        "request_id": c["request_id"],
        "principal": c["principal"],
        "session_generation": c["session_generation"],
        "adapter": c["adapter"],
        "status": status,
        "reason": reason,
        "observed_at": observed,
        "data": data,
    }


def verify(c: dict[str, Any], r: dict[str, Any], now: str = "2030-01-01T00:00:02.000Z") -> str:
    return run("verify-result", {"call": c, "result": r, "now": now})


def accepted(c: dict[str, Any], r: dict[str, Any], requires: bool) -> str:
    return jcs({"call_digest": D(c), "requires_reconciliation": requires, "result_digest": D(r)})


class Calls(unittest.TestCase):
    def test_deadlines_bindings_environments(self) -> None:
        ra = call("read_account", {})
        self.assertEqual(run("call", ra), jcs({"digest": D(ra), "operation": "read_account"}))
        self.assertEqual(run("call", {**ra, "deadline_at": "2030-01-01T00:02:00.001Z"}), R("deadline_window"))
        self.assertEqual(run("call", {**ra, "deadline_at": ra["issued_at"]}), R("deadline_order"))
        commit = call("commit_once", {"ticket_digest": D(TICKET)}, deadline_at="2030-01-01T00:00:30.001Z")
        self.assertEqual(run("call", commit), R("mutation_window"))
        self.assertEqual(run("call", {**ra, "binding": None}), R("unbound"))
        vs = call("verify_session", {}, binding=None)
        self.assertEqual(run("call", vs), jcs({"digest": D(vs), "operation": "verify_session"}))
        self.assertEqual(run("call", {**ra, "binding": {**BINDING, "environment": "provider_live"}}), R("binding_environment"))

    def test_traps(self) -> None:
        ra = call("read_account", {})
        # re's $ matches before a trailing newline; fullmatch does not.
        self.assertEqual(run("call", {**ra, "request_id": "req_R1\n"}), R("ref"))
        self.assertEqual(run("call", call("read_market", {"symbol": "SPY\n"})), R("ticker"))
        # \d matches any Unicode digit; [0-9] does not.
        self.assertEqual(run("call", {**ra, "adapter": {**ra["adapter"], "adapter_version": "0.0.\u0661"}}), R("version"))
        # datetime refuses hour 24 as it refuses minute 60; V8 rolls 24:00 over.
        self.assertEqual(run("call", {**ra, "issued_at": "2030-01-01T24:00:00.000Z"}), R("timestamp_calendar"))
        self.assertEqual(run("call", {**ra, "issued_at": "2030-01-01T24:00:00.001Z"}), R("timestamp_instant"))
        # datetime has no year 0000; V8 does, and it is a leap year.
        y0 = {**ra, "issued_at": "0000-02-29T00:00:00.000Z", "deadline_at": "0000-02-29T00:00:05.000Z"}
        self.assertEqual(run("call", y0), jcs({"digest": D(y0), "operation": "read_account"}))
        # json.loads("9.0") is a float; the literal is not an integer's.
        self.assertEqual(run("call", json.dumps(ra).replace('"session_generation": 9', '"session_generation": 9.0')), R("int"))
        # JavaScript counts UTF-16 units: 33 astral characters are 66.
        label = "\U0001f600" * 33
        self.assertEqual(run("result", result(ra, "ok", None, {**ACCOUNT, "account_label": label})), R("label_length"))
        self.assertEqual(run("result", result(ra, "ok", None, {**ACCOUNT, "account_label": label}), "label_length"), R("label_char"))


class Results(unittest.TestCase):
    def test_content_and_labels(self) -> None:
        ra = call("read_account", {})
        ok = result(ra, "ok", None, ACCOUNT)
        self.assertEqual(run("result", ok), jcs({"digest": D(ok), "operation": "read_account", "status": "ok"}))
        self.assertEqual(run("result", result(ra, "ok", None, {**ACCOUNT, "account_label": "Acct 12345"})), R("label_digits"))
        self.assertEqual(run("result", result(ra, "ok", None, {**ACCOUNT, "page_text": "hello"})), R("unknown_member"))

    def test_login_screen_and_site_mode(self) -> None:
        login = {"verified": False, "origin": None, "account_label": None, "site_mode_evidence": None, "permission": None, "control": "user"}
        self.assertEqual(run("derive-binding-state", login), jcs({"site_mode": None, "state": "user_control"}))
        self.assertEqual(run("derive-binding-state", {**login, "permission": "view"}), R("unverified_carries"))
        self.assertEqual(run("resolve-site-mode", {"primary": "paper", "second_supported": True, "second": "live"}), jcs({"site_mode": None}))
        self.assertEqual(run("resolve-site-mode", {"primary": "live", "second_supported": False, "second": "live"}), R("evidence_second"))
        live = {
            "verified": True,
            "origin": "https://a.example",
            "account_label": "X",
            "site_mode_evidence": {"primary": "live", "second_supported": False, "second": None},
            "permission": "view",
            "control": "agent",
        }
        self.assertEqual(run("derive-binding-state", live), jcs({"site_mode": "live", "state": "live_locked"}))

    def test_reconciliation(self) -> None:
        commit = call("commit_once", {"ticket_digest": D(TICKET)})
        for status, reason, want in (("refused", "not_found", False), ("refused", "duplicate_commit", True), ("ambiguous", "outcome_unknown", True)):
            self.assertEqual(run("requires-reconciliation", result(commit, status, reason, None)), jcs({"requires_reconciliation": want}))
        self.assertEqual(run("result", result(call("read_order", {"site_order_id": "A1"}), "ambiguous", "outcome_unknown", None)), R("ambiguous_operation"))


class Gate(unittest.TestCase):
    def test_answers_exactly_its_call(self) -> None:
        ra = call("read_account", {})
        ok = result(ra, "ok", None, ACCOUNT)
        self.assertEqual(verify(ra, ok), accepted(ra, ok, False))
        self.assertEqual(verify(ra, {**ok, "request_id": "req_R2"}), R("gate_request"))
        self.assertEqual(verify(ra, {**ok, "principal": {**ok["principal"], "user_id": "user_V"}}), R("gate_principal"))
        self.assertEqual(verify(ra, {**ok, "observed_at": "2029-12-31T23:59:54.999Z"}), R("gate_replay"))
        self.assertEqual(verify(ra, {**ok, "observed_at": "2030-01-01T00:00:10.001Z"}, "2030-01-01T00:00:11.000Z"), R("gate_stale_read"))
        commit = call("commit_once", {"ticket_digest": D(TICKET)})
        late = result(commit, "ambiguous", "connection_lost", None, "2030-01-01T00:05:00.000Z")
        self.assertEqual(verify(commit, late, "2030-01-01T00:05:00.000Z"), accepted(commit, late, True))


if __name__ == "__main__":
    unittest.main()

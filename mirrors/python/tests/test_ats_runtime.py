"""ats-runtime/1 (spec/ats-runtime.md): the eight invariants of seed 001,
section 3, and the four decisions, on documents written here. Expected
digests come from this file's own JCS of ASCII documents (sorted keys,
integers) and hashlib, independently of the mirror."""

from __future__ import annotations

import hashlib
import json
import sys
import unittest
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ats_runtime  # noqa: E402
from conform_mirror.ats_runtime import OPERATIONS, guard  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402


def jcs(v: Any) -> str:
    """JCS of an ASCII value of objects, strings, integers, booleans, null."""
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def D(v: Any) -> str:
    return "sha256:" + hashlib.sha256(jcs(v).encode()).hexdigest()


def run(op: str, v: Any) -> str:
    """The output as text, or "refused: <message>"."""
    data = v.encode() if isinstance(v, str) else json.dumps(v).encode()
    try:
        return OPERATIONS[op](data).decode("utf-8")
    except Refusal as r:
        return "refused: " + r.message


def R(code: str) -> str:
    return "refused: " + guard("ats-runtime." + code).message


def verdict(d: dict[str, Any]) -> str:
    return jcs({"digest": D(d), "schema_version": d["schema_version"]})


INSTALL: dict[str, Any] = {
    "schema_version": "aether.ats.runtime-installation/1",
    "installation_id": "install_A1",
    "runtime_version": "1.0.0",
    "artifact_digest": "sha256:" + "a" * 64,
    "provenance_verified": True,
    "installed_at_ms": 5,
}
PROBE: dict[str, Any] = {
    "schema_version": "aether.ats.data-probe/1",
    "probe_id": "probe_P1",
    "profile_id": "profile_X",
    "status": "verified",
    "observed_at_ms": 10000,
    "max_age_ms": 5000,
    "reason": None,
}
SOURCE: dict[str, Any] = {
    "schema_version": "aether.ats.strategy-source/1",
    "source_id": "src_S1",
    "language": "nano",
    "content_digest": "sha256:" + "b" * 64,
    "byte_length": 10,
    "imported_at_ms": 1,
}


def seal(a: dict[str, Any]) -> dict[str, Any]:
    contents = {k: v for k, v in a.items() if k != "artifact_id"}
    return {**a, "artifact_id": D(contents)}


ARTIFACT = seal({
    "schema_version": "aether.ats.strategy-compile-artifact/1",
    "artifact_id": "",
    "source_id": "src_S1",
    "source_digest": SOURCE["content_digest"],
    "status": "compiled",
    "program": "buy\n",
    "compiler_version": "0.1.0",
    "compiled_at_ms": 2,
})
ACTIVATION: dict[str, Any] = {
    "schema_version": "aether.ats.strategy-activation/1",
    "activation_id": "activation_A",
    "artifact_id": ARTIFACT["artifact_id"],
    "requested_mode": "paper",
    "effective_mode": "paper",
    "execution_grant_ref": "grant_G",
    "reason": None,
    "requested_at_ms": 3,
}
ENTRY: dict[str, Any] = {
    "schema_version": "aether.ats.trade-journal/2",
    "entry_id": "entry_E",
    "facts": {"receipt_id": "receipt_R", "symbol": "BRK-B", "side": "buy", "quantity": 3, "price_minor": 100,
              "executed_at_ms": 4},
    "fact_revision": 2,
    "reflection_revision": 0,
    "reflection": None,
}


def note(revision: int, supersedes: Optional[int]) -> dict[str, Any]:
    return {"schema_version": "aether.ats.human-note-revision/1", "entry_id": "entry_E", "revision": revision,
            "supersedes": supersedes, "text": "why", "authored_at_ms": 6}


class Invariants(unittest.TestCase):
    def test_1_provenance_pinned_true(self) -> None:
        self.assertEqual(run("runtime-installation", INSTALL), verdict(INSTALL))
        self.assertEqual(run("runtime-installation", {**INSTALL, "provenance_verified": False}), R("provenance_verified"))
        self.assertEqual(run("runtime-installation", {**INSTALL, "provenance_verified": 1}), R("provenance_verified"))
        # A value of another type has no accept path, even ignored.
        with ignoring(guard("ats-runtime.provenance_verified")):
            self.assertEqual(run("runtime-installation", {**INSTALL, "provenance_verified": "true"}),
                             R("provenance_verified"))

    def test_2_4_profile_holds_no_verdict_and_credentials_are_references(self) -> None:
        profile: dict[str, Any] = {"schema_version": "aether.ats.data-profile/1", "profile_id": "profile_X", "provider": "polygon",
                   "feed": "delayed", "credential_ref": "vault:kv/polygon", "max_probe_age_ms": 1000,
                   "configured_at_ms": 0}
        self.assertEqual(run("data-profile", profile), verdict(profile))
        for member in ("connected", "verified", "status", "last_probe"):
            self.assertEqual(run("data-profile", {**profile, member: True}), R("unknown_member"))
        for ok in ("env:POLYGON_KEY", "vault:a", None):
            d = {**profile, "credential_ref": ok}
            self.assertEqual(run("data-profile", d), verdict(d))
        for bad in ("sk_live_123", "POLYGON_KEY", "env:", "Env:X", "env:a b", "vault:x:y", "env:X\n", "env:\uff11"):
            self.assertEqual(run("data-profile", {**profile, "credential_ref": bad}), R("credential_ref"), bad)

    def test_3_probe_ages_and_blocks_activation(self) -> None:
        def age(now: int) -> str:
            return run("age-probe-receipt", {"probe": PROBE, "now_ms": now})

        self.assertEqual(age(14999), jcs({"probe": PROBE, "usable": True}))
        self.assertEqual(age(15000), jcs({"probe": {**PROBE, "status": "stale", "reason": "probe_expired"},
                                          "usable": False}))
        self.assertEqual(age(9999), R("probe_clock"))
        envelope = {"activation": ACTIVATION, "probe": PROBE, "now_ms": 14999}
        self.assertEqual(run("admit-activation", envelope),
                         jcs({"activation_digest": D(ACTIVATION), "probe_digest": D(PROBE)}))
        self.assertEqual(run("admit-activation", {**envelope, "now_ms": 15000}), R("activation_probe"))

    def test_5_only_compiled_content_addressed_nano_artifacts_stage(self) -> None:
        def stage(s: dict[str, Any], a: dict[str, Any]) -> str:
            return run("stage-artifact", {"source": s, "artifact": a})

        self.assertEqual(stage(SOURCE, ARTIFACT), jcs({"artifact_id": ARTIFACT["artifact_id"]}))
        for language in ("pine", "python"):
            self.assertEqual(stage({**SOURCE, "language": language}, ARTIFACT), R("stage_language"))
        self.assertEqual(stage(SOURCE, {**ARTIFACT, "program": "sell\n"}), R("stage_id"))
        self.assertEqual(stage(SOURCE, seal({**ARTIFACT, "status": "failed", "program": None})), R("stage_not_compiled"))
        self.assertEqual(stage(SOURCE, seal({**ARTIFACT, "source_digest": "sha256:" + "c" * 64})),
                         R("stage_source_digest"))

    def test_6_paper_needs_a_grant_observe_carries_none(self) -> None:
        def act(**m: Any) -> str:
            return run("strategy-activation", {**ACTIVATION, **m})

        self.assertEqual(act(), verdict(ACTIVATION))
        self.assertEqual(act(execution_grant_ref=None), R("activation_grant_missing"))
        self.assertEqual(act(requested_mode="observe", effective_mode="observe"), R("activation_grant_extra"))
        self.assertEqual(act(requested_mode="observe"), R("activation_exceeds"))
        self.assertEqual(act(effective_mode="observe", execution_grant_ref=None), R("activation_reason_missing"))

    def test_7_notes_append(self) -> None:
        def save(e: dict[str, Any], n: dict[str, Any]) -> str:
            return run("save-note", {"entry": e, "note": n})

        e1: dict[str, Any] = {**ENTRY, "reflection_revision": 1, "reflection": "why"}
        self.assertEqual(save(ENTRY, note(1, None)), jcs({"digest": D(e1), "fact_revision": 2, "reflection_revision": 1}))
        e2 = {**e1, "reflection_revision": 2}
        self.assertEqual(save(e1, note(2, 1)), jcs({"digest": D(e2), "fact_revision": 2, "reflection_revision": 2}))
        self.assertEqual(save(e1, note(1, None)), R("note_conflict"))
        self.assertEqual(save(ENTRY, note(2, 1)), R("note_conflict"))
        self.assertEqual(run("human-note-revision", note(3, 1)), R("note_supersedes"))
        self.assertEqual(run("human-note-revision", note(1, 1)), R("note_supersedes"))

    def test_8_local_snapshots_are_offline(self) -> None:
        caps: dict[str, Any] = {"schema_version": "aether.ats.runtime-capabilities/1", "installation_id": "install_A1",
                "runtime_version": "1.0.0", "authored_by": "local", "effective_mode": "offline", "reason": None,
                "observed_at_ms": 1}
        self.assertEqual(run("runtime-capabilities", caps), verdict(caps))
        for mode in ("observe", "paper", "auto", "orders_paused"):
            self.assertEqual(run("runtime-capabilities", {**caps, "effective_mode": mode}), R("capabilities_local_mode"))
            reply = {**caps, "authored_by": "runtime", "effective_mode": mode}
            self.assertEqual(run("runtime-capabilities", reply), verdict(reply))

    def test_python_traps(self) -> None:
        # fullmatch, not match: a trailing newline is a character; ASCII
        # digits only.
        self.assertEqual(run("runtime-installation", {**INSTALL, "runtime_version": "1.0.0\n"}), R("runtime_version"))
        self.assertEqual(run("runtime-installation", {**INSTALL, "runtime_version": "1.0.\u0661"}), R("runtime_version"))
        # UTF-16 length: an astral character is two units of the 4096.
        text = "x" * 4094 + "\U0001F600"
        self.assertEqual(run("human-note-revision", {**note(1, None), "text": text}).startswith("{"), True)
        self.assertEqual(run("human-note-revision", {**note(1, None), "text": text + "x"}), R("text"))

    def test_table(self) -> None:
        self.assertEqual(len(ats_runtime.GUARDS), 80)
        self.assertEqual(len({g.message for g in ats_runtime.GUARDS}), 80)


if __name__ == "__main__":
    unittest.main()

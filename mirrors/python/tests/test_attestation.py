"""attestation/1 (spec/attestation.md): the verdict, the record's rules,
witnesses and isPreflightRefusal."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import attestation as at  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402


def step(s: str) -> dict:
    return {"step": s, "target": "#t"}


def obs(**over) -> dict:
    o = {"writer": "runtime", "tool": "validate_html", "ok": True, "error": None,
         "requestedInteractions": [step("control")], "executedInteractions": [step("control")]}
    o.update(over)
    return o


def verdict(o=None, witnesses=(), *ignored) -> str:
    data = json.dumps({"obligation": "dom-interaction", "observation": o or obs(), "witnesses": list(witnesses)})
    with ignoring(*ignored):
        try:
            return json.loads(at.attest(data.encode()))["reason"]
        except Refusal as r:
            return "refused: " + r.guard.message


def refused(g) -> str:
    return "refused: " + g.message


class Attest(unittest.TestCase):
    def test_verdicts(self) -> None:
        self.assertEqual(verdict(), "proven")
        self.assertEqual(verdict(obs(executedInteractions=[])), "nothing-executed")
        self.assertEqual(verdict(obs(executedInteractions=[step("milestone")])), "no-control")
        self.assertEqual(verdict(obs(executedInteractions=[step("reset"), step("control")])), "reset-first")
        self.assertEqual(verdict(obs(ok=False, error="x")), "not-ok")
        self.assertEqual(verdict(obs(ok=False, error="smoke preflight refused: x", executedInteractions=[])),
                         "preflight")

    def test_rules(self) -> None:
        self.assertEqual(verdict(obs(error="boom")), refused(at.OK_ERROR))
        self.assertEqual(verdict(obs(ok=False), (), at.OK_ERROR), "not-ok")
        self.assertEqual(verdict(obs(ok=False, error="probe url refused: x")), refused(at.PREFLIGHT_EXECUTED))
        self.assertEqual(verdict(obs(), [{"observer": "transport", "declaredBy": "model", "ref": "r"}]),
                         refused(at.RELABEL))
        self.assertEqual(verdict(obs(), [{"observer": "transport", "declaredBy": "transport", "ref": "r", "cmd": "x"}]),
                         refused(at.WITNESS_CMD))
        self.assertEqual(verdict(obs(), [{"observer": "model", "declaredBy": "model", "ref": "r"}]),
                         refused(at.WITNESS_NO_CMD))
        self.assertEqual(verdict(obs(ok=1), (), at.OK), refused(at.OK))

    def test_preflight(self) -> None:
        def p(s: str) -> dict:
            return json.loads(at.preflight(json.dumps(s).encode()))
        self.assertEqual(p("smoke preflight refused: x"), {"preflight": True, "prefix": "smoke"})
        self.assertEqual(p("probe url refused: x"), {"preflight": True, "prefix": "probe-url"})
        for s in ("", "x smoke preflight refused: ", "Smoke preflight refused: ", "probe url refused:"):
            self.assertEqual(p(s), {"preflight": False, "prefix": None})


if __name__ == "__main__":
    unittest.main()

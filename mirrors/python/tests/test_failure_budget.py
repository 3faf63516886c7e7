"""failure-budget/1 (spec/failure-budget.md): decision sequences of the
repeated tool-failure budget, the fingerprint (hashlib as its oracle), and
each refusal with its ignore semantics."""

from __future__ import annotations

import hashlib
import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import failure_budget as fb  # noqa: E402
from conform_mirror.refusal import Guard, Refusal, ignoring  # noqa: E402

REPLY = {"event": "reply"}
MAKE = {"event": "call", "tool": "run_shell", "args": {"command": "make"}, "exit_code": 2}
NONE = '{"checkpoint":null}'
EF = "execution_failure"


def call(tool: str, args: dict[str, object], **extra: object) -> dict[str, object]:
    return {"event": "call", "tool": tool, "args": args, **extra}


def decide(rounds: bool, *events: object, ignore: tuple[Guard, ...] = ()) -> object:
    data = json.dumps({"rounds": rounds, "events": list(events)}).encode()
    try:
        with ignoring(*ignore):
            return fb.decide(data).decode("ascii").splitlines()
    except Refusal as e:
        return e.guard


def line(i: int, decision: str, klass: str = "", attempts: int = 0, more: str = "") -> str:
    """A decision line; a fail with 2 or more attempts carries the repeat
    note (spec/failure-budget.md, "Output")."""
    if not klass:
        return '{"call":%d,"decision":"%s"%s}' % (i, decision, more)
    repeat = ',"repeat":true' if decision == "fail" and attempts >= 2 else ""
    return '{"call":%d,"decision":"%s","class":"%s","attempts":%d%s%s}' % (
        i, decision, klass, attempts, repeat, more)


class Machine(unittest.TestCase):
    def test_refuse_then_stop(self) -> None:
        head = [line(0, "fail", EF, 1), line(1, "fail", EF, 2), line(2, "fail", EF, 3)]
        self.assertEqual(decide(True, MAKE, MAKE, MAKE, MAKE),
                         head + [line(3, "refuse", EF, 3), NONE])
        out = decide(True, MAKE, REPLY, MAKE, REPLY, MAKE, REPLY, MAKE, REPLY, MAKE)
        assert isinstance(out, list)
        self.assertEqual(out[:5], head + [line(3, "refuse", EF, 3), line(4, "stop", EF, 3)])
        stable = '{"args":{"command":"make"},"tool":"run_shell"}'
        self.assertEqual(json.loads(out[5])["checkpoint"], {
            "operation": {"tool": "run_shell",
                          "fingerprint": hashlib.sha256(stable.encode()).hexdigest()},
            "class": EF, "reason": "budget", "attempts": 3,
            "preserved": {"calls": 0, "files": [], "commits": 0, "shell": []},
            "recovery": "fix the cause first"})
        self.assertEqual(decide(False, MAKE, MAKE, MAKE, MAKE, MAKE)[4],  # type: ignore[index]
                         line(4, "stop", EF, 3))

    def test_budgets(self) -> None:
        for name, budget in fb.THRESHOLDS.items():
            klass = name[len("budget."):]
            if not name.startswith("budget."):
                continue
            if klass == "unknown_outcome":
                c = call("x", {}, exit_code=1, output="[timeout after 1s]")
            else:
                c = call("x", {}, exit_code=1, **{"class": klass})
            with self.subTest(klass):
                out = decide(True, *([c, REPLY] * (budget + 1)))
                assert isinstance(out, list)
                self.assertEqual(out[budget - 1], line(budget - 1, "fail", klass, budget))
                self.assertEqual(out[budget], line(budget, "refuse", klass, budget))

    def test_thresholds_are_the_catalogues(self) -> None:
        """The mirror's own table holds the spec's Thresholds table, by the
        catalogue; a shift moves one threshold and the start clears it."""
        catalogue = json.loads((Path(__file__).resolve().parents[3] / "spec" / "catalogue.json").read_text())
        [entry] = [k for k in catalogue["contracts"] if k["contract"] == fb.CONTRACT]
        self.assertEqual(fb.THRESHOLDS, {t["name"]: t["value"] for t in entry["thresholds"]})
        events: list[object] = []
        for i in range(5):
            events += [call("run_shell", {"command": "t%d" % i}, exit_code=1), REPLY]
        try:
            fb.shift({"streak.warning": -1})
            shifted = decide(True, *events)
        finally:
            fb.shift({})
        assert isinstance(shifted, list)
        self.assertEqual(shifted[4], line(4, "fail", EF, 1, ',"warning":5'))
        self.assertEqual(decide(True, *events)[4], line(4, "fail", EF, 1))  # type: ignore[index]

    def test_streak(self) -> None:
        events: list[object] = []
        for i in range(8):
            events += [call("run_shell", {"command": "t%d" % i}, exit_code=1), REPLY]
        out = decide(True, *events, call("run_shell", {"command": "t8"}, exit_code=1))
        assert isinstance(out, list)
        self.assertEqual(out[4], line(4, "fail", EF, 1))
        self.assertEqual(out[5], line(5, "fail", EF, 1, ',"warning":6'))
        self.assertEqual(out[8], line(8, "stop", EF, 8))
        self.assertEqual(json.loads(out[9])["checkpoint"]["reason"], "streak")

    def test_bindings(self) -> None:
        def s(state: str, after: str = "") -> dict[str, object]:
            extra: dict[str, object] = {"exit_code": 1, "state": state}
            if after:
                extra["state_after"] = after
            return call("run_tests", {}, **extra)
        self.assertEqual(decide(True, s("a"), s("a"), s("b")),
                         [line(0, "fail", EF, 1), line(1, "fail", EF, 2), line(2, "fail", EF, 1), NONE])
        self.assertEqual(decide(True, s("a", "b"), s("b")),
                         [line(0, "fail", EF, 1), line(1, "fail", EF, 2), NONE])
        denied = call("run_shell", {"command": "rm"}, host="denied")
        edit = call("write_file", {"path": "f"}, changes=True)
        self.assertEqual(decide(True, denied, REPLY, denied, edit, REPLY, denied), [
            line(0, "fail", "permission_refused", 1), line(1, "refuse", "permission_refused", 1),
            line(2, "run"), line(3, "refuse", "permission_refused", 1), NONE])

    def test_classification_and_retry(self) -> None:
        self.assertEqual(decide(True, call("x", {}, exit_code=130)), [line(0, "cancelled"), NONE])
        self.assertEqual(decide(True, call("x", {}, exit_code=124, output="[exit 124]")),
                         [line(0, "fail", EF, 1), NONE])
        self.assertEqual(
            decide(True, call("x", {}, exit_code=1, read_only=True, retry={"exit_code": 0},
                              **{"class": "transient"})),
            [line(0, "run", more=',"retried":true'), NONE])
        self.assertEqual(decide(True, call("x", {}, exit_code=1, output="[timeout after 2s]",
                                           read_only=True, retry={"exit_code": 0})),
                         [line(0, "fail", "unknown_outcome", 1), NONE])

    def test_fingerprints(self) -> None:
        def fingerprint(out: object) -> str:
            assert isinstance(out, list)
            return str(json.loads(out[-1])["checkpoint"]["operation"]["fingerprint"])
        pol = [call("web_fetch", {"u": i}, host="policy") for i in range(3)]
        self.assertEqual(fingerprint(decide(True, pol[0], REPLY, pol[1], REPLY, pol[2])),
                         hashlib.sha256(b"web_fetch").hexdigest())
        inv = [call(t, {"b": 1, "a": "\u00e9"}, host="invalid") for t in ("w", "x", "y", "z")]
        self.assertEqual(fingerprint(decide(True, inv[0], REPLY, inv[1], REPLY, inv[2], REPLY, inv[3])),
                         hashlib.sha256(b'{"a":"\\u00e9","b":1}').hexdigest())
        # An argument rejection is never warned again, even after real work.
        edit = call("write_file", {"path": "f"}, changes=True)
        out = decide(True, inv[0], REPLY, inv[0], REPLY, inv[0], edit, REPLY, inv[0])
        assert isinstance(out, list)
        self.assertEqual(out[4], line(4, "stop", "invalid_arguments", 2))

    def test_fingerprint_ignores_ids_and_key_order(self) -> None:
        a = call("t", {"\ue000": 1, "\U0001f600": [2, {"y": 1, "x": 2}]}, exit_code=1, id="1")
        b = call("t", {"\U0001f600": [2, {"x": 2, "y": 1}], "\ue000": 1}, exit_code=1, id="2")
        self.assertEqual(decide(True, a, REPLY, b)[1], line(1, "fail", EF, 2))  # type: ignore[index]


class Refusals(unittest.TestCase):
    def test_single_cause(self) -> None:
        for event, guard in (
            (call("x", {}, host="root"), fb.HOST),
            (call("x", {}, exit_code=2**31), fb.EXIT_CODE),
            (call("x", {}, **{"class": "unknown_outcome"}), fb.CLASS),
            (call("x", {}, id=5), fb.FIELD),
            (call("x", {}, extra=1), fb.MEMBER),
            (call("", {}), fb.TOOL),
            (call("x", []), fb.ARGS),  # type: ignore[arg-type]
            ({"event": "go"}, fb.EVENT),
        ):
            with self.subTest(guard.code):
                self.assertIs(decide(True, event), guard)
                self.assertIsInstance(decide(True, event, ignore=(guard,)), list)
        self.assertIs(decide(True, *([REPLY] * 257)), fb.LENGTH)
        self.assertEqual(decide(True, *([REPLY] * 257), ignore=(fb.LENGTH,)), [NONE])
        try:
            with ignoring(fb.TYPE):
                fb.decide(b'{"rounds":true}')
            self.fail("type has no accept path")
        except Refusal as e:
            self.assertIs(e.guard, fb.TYPE)


if __name__ == "__main__":
    unittest.main()

"""trajectory/1 (spec/trajectory.md): executions, credits in nested lanes,
the retry pair, the reference, and identities only."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import trajectory as tj  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402


def derive(events, *ignored):
    with ignoring(*ignored):
        try:
            return json.loads(tj.derive(json.dumps({"events": events}).encode()))
        except Refusal as r:
            return "refused: " + r.guard.message


def llm(eid, molecule, lane=None, skill=None):
    e = {"kind": "llm", "id": eid, "molecule": molecule}
    if lane:
        e["lane"] = lane
    if skill:
        e["skill"] = skill
    return e


def success(molecule, lane=None, skill=None):
    e = {"kind": "skill.success", "molecule": molecule}
    if lane:
        e["lane"] = lane
    if skill:
        e["skill"] = skill
    return e


def credited(out) -> list:
    return [x["id"] for x in out["executions"] if x["credited"]]


class Derive(unittest.TestCase):
    def test_lanes(self) -> None:
        self.assertEqual(credited(derive([llm("e1", "m", "c/a"), success("m", "c")])), ["e1"])
        self.assertEqual(credited(derive([llm("e1", "m", "c/a"), success("m", "c/b")])), [])
        self.assertEqual(credited(derive([llm("e1", "m", "c/ab"), success("m", "c/a")])), [])
        self.assertEqual(credited(derive([llm("e1", "m", "c/a"), llm("e2", "m", "c/b"), success("m", "c")])), ["e2"])

    def test_retry_pair(self) -> None:
        out = derive([llm("e1", "m", "c/m"), llm("e2", "m", "c/m"),
                      {"kind": "trust", "molecule": "m", "verdict": "RESULT", "lane": "c"}, success("m", "c")])
        self.assertEqual(credited(out), ["e2"])
        self.assertEqual(out["reference"], ["e2"])

    def test_reference_and_identities(self) -> None:
        events = []
        for i in range(1, 6):
            events += [llm("e%d" % i, "m"), success("m")]
        self.assertEqual(derive(events)["reference"], ["e3", "e4", "e5"])
        a = derive([{"kind": "tool", "llmEventId": "e1", "args": {"a": 1}}, dict(llm("e1", "m"), text="x"), success("m")])
        b = derive([{"kind": "tool", "llmEventId": "e1", "args": None}, dict(llm("e1", "m"), text=[]), success("m")])
        self.assertEqual(a, b)

    def test_refusals(self) -> None:
        self.assertEqual(derive([{"kind": "llm"}]), "refused: " + tj.LLM_ID.message)
        self.assertEqual(derive([{"kind": "tool", "lane": "/a"}]), "refused: " + tj.LANE.message)
        self.assertEqual(derive([llm("e1", "m"), llm("e1", "n")], tj.CLOSED_TWICE)["executions"][0]["molecule"], "m")


if __name__ == "__main__":
    unittest.main()

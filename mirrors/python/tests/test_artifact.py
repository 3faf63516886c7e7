"""artifact/1 (spec/artifact.md): the acceptance procedure over a tree
given as data, the v1 upgrade in memory only, parity over exactly the four
decision fields, hashlib as the oracle of the definition digest, and the
module's scope: it never reaches a file system."""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import sys
import unittest
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import artifact as af  # noqa: E402
from conform_mirror.refusal import Guard, Refusal, ignoring  # noqa: E402

HASH = "sha256:" + "ab" * 32
DEF = {"name": "review-pipeline", "phases": ["intake", "decision"]}
# JCS of DEF, written out by hand (members sorted, no whitespace).
DEF_HASH = "sha256:" + hashlib.sha256(b'{"name":"review-pipeline","phases":["intake","decision"]}').hexdigest()
MODEL = {"name": "m", "digest": HASH}
CONV = {"state": "converged", "iterations": 2}
DECISION = {"verdict": "pass", "confidence": 0.75, "stop_reason": "done", "termination_reason": "completed"}


def entry(phase: str, decision: Any = None) -> dict[str, Any]:
    return {"phase": phase, "at_ms": 1, "input": None, "output": "o", "scores": {}, "prompt_hash": None,
            "model_hash": HASH, "replay": {}, "epistemic_state": "known", "decision": decision,
            "failure": None, "fingerprint": HASH}


TRACE = {"trace_schema_version": 2, "run_id": "00000000-0000-0000-0000-000000000001", "created_at_ms": 0,
         "header": {"config_hash": HASH, "definition_hash": DEF_HASH, "runtime_version": "1.0.0",
                    "convergence": CONV, "model": MODEL},
         "entries": [entry("intake"), entry("decision", DECISION)]}
SUMMARY = {"verdict": "pass", "confidence": 0.75, "epistemic_status": "known", "stop_reason": "done",
           "termination_reason": "completed", "convergence": CONV, "runtime_version": "1.0.0",
           "trace_path": "trace/run_trace.json", "model": MODEL}
VETO = {k: v for k, v in SUMMARY.items() if k not in ("trace_path", "model")} | {"verdict": "veto", "confidence": 0}


def file(path: str, content: str, kind: str = "file") -> dict[str, str]:
    return {"path": path, "kind": kind, "bytes_b64": base64.b64encode(content.encode()).decode()}


def both(s: dict[str, Any] = SUMMARY, t: dict[str, Any] = TRACE) -> list[dict[str, str]]:
    return [file("result/final_result.json", json.dumps(s)), file("trace/run_trace.json", json.dumps(t))]


def run(op: str, value: Any, ignore: tuple[Guard, ...] = ()) -> str:
    with ignoring(*ignore):
        try:
            return af.OPERATIONS[op](json.dumps(value).encode()).decode()
        except Refusal as e:
            return "refused: " + e.guard.message


def accept(files: list[dict[str, str]], ignore: tuple[Guard, ...] = ()) -> str:
    return run("accept", {"files": files, "definition": DEF}, ignore)


def g(name: str) -> str:
    return "refused: " + af._g(name).message


OK = '{"accepted":true,"evidence":[],"form":"traced","parity":"match"}'


class AcceptTest(unittest.TestCase):
    def test_roots_and_path_escapes(self) -> None:
        self.assertEqual(accept(both()), OK)
        self.assertEqual(accept([file("result/final_result.json", json.dumps(VETO))]),
                         '{"accepted":true,"evidence":[],"form":"veto","parity":"not_run"}')

        def at(p: str) -> str:
            return accept(both(SUMMARY | {"trace_path": p}))

        self.assertEqual(at(""), g("path_empty"))
        self.assertEqual(at("/etc/passwd"), g("path_absolute"))
        self.assertEqual(at("trace\\run_trace.json"), g("path_backslash"))
        self.assertEqual(at("../trace/run_trace.json"), g("path_parent"))
        self.assertEqual(at("result/final_result.json"), g("path_target"))
        self.assertEqual(at("./trace//run_trace.json"), OK)
        s = both()[0]
        self.assertEqual(accept([s, file("trace", "/var/run", "symlink")]), g("path_symlink"))
        self.assertEqual(accept([s]), g("trace_missing"))
        self.assertEqual(accept([file("result/final_result.json", "x", "symlink")]), g("summary_missing"))
        self.assertEqual(accept([s, s]), g("tree"))
        # Ignored, an absolute path that resolves to the trace is accepted;
        # one that does not stays refused.
        absolute = af._g("path_absolute")
        self.assertEqual(accept(both(SUMMARY | {"trace_path": "/trace/run_trace.json"}), (absolute,)), OK)
        self.assertEqual(accept(both(SUMMARY | {"trace_path": "/etc/passwd"}), (absolute,)), g("path_target"))


class LifecycleTest(unittest.TestCase):
    def test_definition_digest(self) -> None:
        out = json.loads(run("lifecycle", {"trace": TRACE, "definition": DEF}))
        self.assertEqual(out, {"definition_hash": DEF_HASH, "entries": 2, "phases": ["intake", "decision"]})
        swapped = {"phases": DEF["phases"], "name": DEF["name"]}
        self.assertEqual(json.loads(run("lifecycle", {"trace": TRACE, "definition": swapped}))["definition_hash"], DEF_HASH)
        self.assertEqual(run("lifecycle", {"trace": TRACE, "definition": DEF | {"name": "other"}}), g("lifecycle_definition"))


class TraceTest(unittest.TestCase):
    def test_v1_upgraded_in_memory_only(self) -> None:
        v1 = {k: v for k, v in TRACE.items() if k != "trace_schema_version"}
        data = json.dumps(v1).encode()
        out = json.loads(af.trace(data))
        self.assertEqual((out["source_version"], out["trace_schema_version"]), (1, 2))
        self.assertNotIn("trace_schema_version", json.loads(data))
        self.assertEqual(run("trace", TRACE | {"trace_schema_version": 3}), g("version_newer"))


class ParityTest(unittest.TestCase):
    def test_exactly_four_fields(self) -> None:
        def parity(s: Any) -> Any:
            return json.loads(run("parity", {"summary": s, "trace": TRACE}))

        self.assertEqual(parity(None), {"differs": [], "evidence": [], "parity": "skipped"})
        self.assertEqual(parity(SUMMARY | {"confidence": 0.5}), {"differs": ["confidence"], "evidence": [], "parity": "mismatch"})
        ignored = SUMMARY | {"runtime_version": "9.9.9", "termination_reason": "killed",
                             "model": {"name": "x", "digest": HASH}, "trace_path": "x"}
        self.assertEqual(parity(ignored), {"differs": [], "evidence": ["runtime_version", "model", "termination_reason"], "parity": "match"})


class ScopeTest(unittest.TestCase):
    ALLOWED = frozenset(("__future__", "base64", "dataclasses", "hashlib", "re", "typing"))

    def problems(self, source: str) -> list[str]:
        out = []
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                out += [a.name for a in node.names if a.name not in self.ALLOWED]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module not in self.ALLOWED:
                out.append(str(node.module))
            elif isinstance(node, ast.Name) and node.id in ("open", "os", "Path", "pathlib", "eval", "exec"):
                out.append(node.id)
        return out

    def test_no_file_system(self) -> None:
        source = (Path(af.__file__)).read_text(encoding="utf-8")
        self.assertEqual(self.problems(source), [])
        # The scan has teeth.
        self.assertEqual(self.problems("import os\nopen('x')\n"), ["os", "open"])


if __name__ == "__main__":
    unittest.main()

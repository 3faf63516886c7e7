"""Every vector of every registered contract, read from ../../vectors/ by
this mirror's own reader (vectors/README.md), without conform: the exact
output bytes or the exact refusal message, golden vectors and findings
alike. A registered contract or operation without vectors fails."""

from __future__ import annotations

import collections
import json
import shutil
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import catalogue  # noqa: E402
import vectorset  # noqa: E402
from conform_mirror import contracts  # noqa: E402
from conform_mirror.refusal import MAX_POINTER_BYTES, Refusal, ignoring  # noqa: E402

CASES = vectorset.load()
GUARDS = {(g.contract, g.message): g for g in contracts.GUARDS}
# Exception tags of the vectors whose guard has no accept path
# (spec/README.md, "JSON value inputs"; vectors/README.md).
NO_ACCEPT_PATH_TAGS = frozenset(("grammar", "type-guard"))
# The guards a Refusals table declares unreachable (its exception column,
# vectors/README.md "Exception vocabulary"): no vector aims at them, and
# ignoring one changes no vector.
UNREACHABLE = frozenset((c.contract, r.message) for c in catalogue.load()
                        for r in c.refusals if r.exception == "unreachable")


def answer(function: Callable[[bytes], bytes], data: bytes) -> tuple[str, object, Optional[Refusal]]:
    """Run one case: ("ok", output bytes, None) or ("refused", message, the
    Refusal)."""
    try:
        return "ok", function(data), None
    except Refusal as refusal:
        return "refused", refusal.message, refusal


def expected(case: vectorset.Case) -> tuple[str, object]:
    return (case.expect, case.output if case.expect == "ok" else case.message)


def golden_aimed() -> dict[tuple[str, str], list[vectorset.Case]]:
    """The golden (not finding) refused vectors by (contract, message)."""
    aimed: dict[tuple[str, str], list[vectorset.Case]] = collections.defaultdict(list)
    for case in CASES:
        if case.expect == "refused" and not case.finding:
            aimed[(case.contract, case.message or "")].append(case)
    return aimed


class EveryVector(unittest.TestCase):
    def test_every_registered_operation_has_vectors(self) -> None:
        counts = collections.Counter((c.contract, c.op) for c in CASES if not c.finding)
        for contract, operations in contracts.OPERATIONS.items():
            for op in operations:
                with self.subTest(contract=contract, op=op):
                    self.assertGreater(counts[(contract, op)], 0)

    def test_every_vector_is_of_a_registered_operation(self) -> None:
        strays = {(c.contract, c.op) for c in CASES
                  if c.op not in contracts.OPERATIONS.get(c.contract, {})}
        self.assertEqual(strays, set())

    def test_every_case(self) -> None:
        failures = []
        for case in CASES:
            kind, value, _ = answer(contracts.OPERATIONS[case.contract][case.op], case.input)
            if (kind, value) != expected(case):
                failures.append((case.source, case.name, expected(case), (kind, value)))
        self.assertEqual(failures[:10], [])
        self.assertGreater(len(CASES), 0)

    def test_refusal_locations(self) -> None:
        # The optional location of a refusal (mirrors/PROTOCOL.md, "run"):
        # an offset from 0 to the input's length, a pointer of at most 1024
        # bytes that is RFC 6901, never neither.
        located = 0
        for case in CASES:
            if case.expect != "refused":
                continue
            _, _, refusal = answer(contracts.OPERATIONS[case.contract][case.op], case.input)
            if refusal is None or refusal.location is None:
                continue
            located += 1
            at = refusal.location.answer()
            with self.subTest(case=case.source):
                self.assertTrue(at)
                if "offset" in at:
                    self.assertTrue(0 <= at["offset"] <= len(case.input), at)  # type: ignore[operator]
                if "pointer" in at:
                    pointer = at["pointer"]
                    assert isinstance(pointer, str)
                    self.assertLessEqual(len(pointer.encode("utf-8")), MAX_POINTER_BYTES)
                    self.assertTrue(pointer == "" or pointer.startswith("/"), pointer)
                    self.assertNotRegex(pointer, "~(?![01])")
        self.assertGreater(located, 0)


class SingleCause(unittest.TestCase):
    """The guard-mutation audit's property on this mirror alone
    (vectors/README.md, "Rules for vectors"; mirrors/PROTOCOL.md,
    "ignore"): with a guard ignored, every golden vector aimed at it that
    carries no exception tag is accepted."""

    def test_every_message_has_a_golden_vector(self) -> None:
        # Except the declared unreachable ones, which have none.
        aimed = golden_aimed()
        for guard in contracts.GUARDS:
            with self.subTest(contract=guard.contract, code=guard.code):
                if (guard.contract, guard.message) in UNREACHABLE:
                    self.assertNotIn((guard.contract, guard.message), aimed)
                else:
                    self.assertIn((guard.contract, guard.message), aimed)

    def test_ignored_unreachable_guard_changes_no_vector(self) -> None:
        # vectors/README.md, "Exception vocabulary": unreachable.
        for guard in contracts.GUARDS:
            if (guard.contract, guard.message) not in UNREACHABLE:
                continue
            self.assertTrue(guard.ignorable, guard.code)
            cases = [c for c in CASES if c.contract == guard.contract]
            before = [answer(contracts.OPERATIONS[c.contract][c.op], c.input)[:2] for c in cases]
            with ignoring(guard):
                after = [answer(contracts.OPERATIONS[c.contract][c.op], c.input)[:2] for c in cases]
            with self.subTest(code=guard.code):
                self.assertEqual([c.source for c, b, a in zip(cases, before, after) if b != a], [])

    def test_every_vector_message_is_a_guard(self) -> None:
        orphans = {(c.contract, c.message) for c in CASES
                   if c.expect == "refused" and (c.contract, c.message) not in GUARDS}
        self.assertEqual(orphans, set())

    def test_ignored_guard_flips_its_untagged_vectors(self) -> None:
        for (contract, message), cases in golden_aimed().items():
            guard = GUARDS[(contract, message)]
            if not guard.ignorable:
                continue
            with ignoring(guard):
                for case in cases:
                    if case.exception is not None:
                        continue
                    with self.subTest(code=guard.code, case=case.source):
                        kind, value, _ = answer(contracts.OPERATIONS[contract][case.op], case.input)
                        self.assertEqual(kind, "ok", value)

    def test_guards_without_accept_path_are_those_the_vectors_tag(self) -> None:
        # A guard has no accept path exactly when every golden vector aimed
        # at it is tagged grammar or type-guard.
        for (contract, message), cases in golden_aimed().items():
            guard = GUARDS[(contract, message)]
            tagged = all(c.exception in NO_ACCEPT_PATH_TAGS for c in cases)
            with self.subTest(code=guard.code):
                self.assertEqual(not guard.ignorable, tagged)

    def test_guards_without_accept_path_still_refuse_when_ignored(self) -> None:
        for (contract, message), cases in golden_aimed().items():
            guard = GUARDS[(contract, message)]
            if guard.ignorable:
                continue
            with ignoring(guard):
                for case in cases:
                    with self.subTest(code=guard.code, case=case.source):
                        kind, value, _ = answer(contracts.OPERATIONS[contract][case.op], case.input)
                        self.assertEqual((kind, value), ("refused", message))


class Reader(unittest.TestCase):
    """The vector reader refuses what vectors/README.md refuses."""

    def copy(self) -> Path:
        tmp = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, tmp)
        dst = tmp / "vectors"
        shutil.copytree(vectorset.ROOT, dst, ignore=shutil.ignore_patterns("*.go", "generate", "*.md"))
        return dst

    def rewrite(self, root: Path, rel: str, change: Callable[[list[str]], None]) -> None:
        """Change the lines of one vector file and put its new sha256 in the
        MANIFEST."""
        import hashlib

        path = root / rel
        lines = path.read_text("ascii").split("\n")[:-1]
        change(lines)
        data = ("\n".join(lines) + "\n").encode("ascii")
        path.write_bytes(data)
        manifest = root / "MANIFEST"
        text = manifest.read_text("ascii")
        out = []
        for line in text.split("\n")[:-1]:
            if line.endswith("  " + rel):
                line = hashlib.sha256(data).hexdigest() + "  " + rel
            out.append(line)
        manifest.write_text("\n".join(out) + "\n", "ascii")

    def append(self, path: Path, data: bytes) -> None:
        with open(path, "ab") as f:
            f.write(data)

    def test_findings_are_vectors(self) -> None:
        # vectors/README.md, "Findings": findings/<contract-dir>/<behaviour>.jsonl,
        # listed in the MANIFEST, read like the golden vectors.
        import hashlib

        root = self.copy()
        first = CASES[0]
        data = b"a finding"
        directory = first.contract.split("/")[0]
        rel = f"findings/{directory}/fuzz-{first.op}.jsonl"
        header = {"conform_vectors": 1, "contract": first.contract, "op": first.op,
                  "behaviour": f"fuzz-{first.op}", "description": "One finding."}
        case = {"id": vectorset.case_id(first.contract, first.op, data), "name": "one",
                "input": data.decode(), "expect": "refused", "message": "any message"}
        text = (json.dumps(header) + "\n" + json.dumps(case) + "\n").encode("ascii")
        (root / "findings" / directory).mkdir(parents=True)
        (root / rel).write_bytes(text)
        manifest = root / "MANIFEST"
        lines = manifest.read_text("ascii").split("\n")[:-1]
        lines.append(hashlib.sha256(text).hexdigest() + "  " + rel)
        lines.sort(key=lambda line: line.split("  ", 1)[1])
        manifest.write_text("\n".join(lines) + "\n", "ascii")
        loaded = vectorset.load(root)
        found = [c for c in loaded if c.finding]
        self.assertEqual([(c.source, c.input, c.message) for c in found], [(rel + ":2", data, "any message")])
        self.assertEqual(len(loaded), len(CASES) + 1)

    def test_the_copy_reads(self) -> None:
        self.assertEqual(len(vectorset.load(self.copy())), len(CASES))

    def test_breaches(self) -> None:
        first = CASES[0]
        rel = first.source.rsplit(":", 1)[0]

        def case_line(edit: Callable[[str], str]) -> Callable[[list[str]], None]:
            def change(lines: list[str]) -> None:
                lines[1] = edit(lines[1])
            return change

        breaches: dict[str, Callable[[Path], None]] = {
            "unknown case field": lambda r: self.rewrite(r, rel, case_line(lambda s: s[:-1] + ',"extra":1}')),
            "repeated field": lambda r: self.rewrite(r, rel, case_line(lambda s: s[:-1] + ',"name":"x"}')),
            "unknown header field": lambda r: self.rewrite(
                r, rel, lambda lines: lines.__setitem__(0, lines[0][:-1] + ',"x":1}')),
            "no cases": lambda r: self.rewrite(r, rel, lambda lines: lines.__delitem__(slice(1, None))),
            "id not the hash": lambda r: self.rewrite(
                r, rel, case_line(lambda s: s.replace(first.id, "0" * 16))),
            "lone surrogate escape": lambda r: self.rewrite(
                r, rel, case_line(lambda s: s[:-1] + ',"note":"\\ud800"}')),
            "CR line end": lambda r: self.rewrite(r, rel, case_line(lambda s: s + "\r")),
            "sha256 mismatch": lambda r: self.append(r / rel, b"\n"),
            "unlisted file": lambda r: self.append(r / (rel[:-6] + "-copy.jsonl"), (r / rel).read_bytes()),
        }
        for what, breach in breaches.items():
            root = self.copy()
            breach(root)
            with self.subTest(breach=what), self.assertRaises(vectorset.VectorError):
                vectorset.load(root)


if __name__ == "__main__":
    unittest.main()

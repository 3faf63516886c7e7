"""The registered contracts against spec/catalogue.json (spec/README.md,
"The catalogue"): every contract of the catalogue has a registered module
named after it, with the catalogue's operations and refusal table (codes,
messages, order), and nothing is registered that the catalogue lacks."""

from __future__ import annotations

import ast
import json
import re
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import catalogue  # noqa: E402
from conform_mirror import contracts  # noqa: E402

CATALOGUE = catalogue.load()
REGISTERED = {c.contract: c for c in contracts.CONTRACTS}


class Registration(unittest.TestCase):
    def test_catalogue_is_not_empty(self) -> None:
        self.assertGreater(len(CATALOGUE), 0)

    def test_every_catalogue_contract_is_registered(self) -> None:
        for c in CATALOGUE:
            with self.subTest(contract=c.contract):
                self.assertIn(c.contract, REGISTERED)
                self.assertEqual(REGISTERED[c.contract].module, f"conform_mirror.{c.ident}")

    def test_nothing_registered_outside_the_catalogue(self) -> None:
        self.assertEqual(sorted(REGISTERED), sorted(c.contract for c in CATALOGUE))
        # Registered in the catalogue's order, so the handshake and the
        # guards answer list contracts as the catalogue does.
        self.assertEqual([c.contract for c in contracts.CONTRACTS], [c.contract for c in CATALOGUE])

    def test_operations(self) -> None:
        for c in CATALOGUE:
            with self.subTest(contract=c.contract):
                ours = REGISTERED[c.contract].operations
                self.assertEqual(list(ours), [o.op for o in c.operations])
                self.assertEqual(contracts.OPERATIONS[c.contract], ours)

    def test_refusal_tables(self) -> None:
        for c in CATALOGUE:
            with self.subTest(contract=c.contract):
                ours = [(g.code, g.message) for g in REGISTERED[c.contract].guards]
                self.assertEqual(ours, [(r.code, r.message) for r in c.refusals])

    def test_guards_answer_is_every_table_in_order(self) -> None:
        self.assertEqual(
            [(g.contract, g.code, g.message) for g in contracts.GUARDS],
            [(c.contract, r.code, r.message) for c in CATALOGUE for r in c.refusals],
        )

    def test_unknown_pairs(self) -> None:
        first = CATALOGUE[0]
        known = (first.contract, first.refusals[0].message)
        wrong_contract = ("x/1", first.refusals[0].message)
        wrong_message = (first.contract, "no such message")
        self.assertEqual(
            contracts.unknown([known, wrong_contract, wrong_message, wrong_contract]),
            [wrong_contract, wrong_message],
        )


MIRROR = Path(__file__).resolve().parents[1]


def builds_on(ident: str) -> set[str]:
    """The idents of the registered contract modules that import the module
    ``ident`` (``from . import ident`` or ``from .ident import ...``): a
    contract built on another may name it (digest on its canonical JSON)."""
    out = set()
    for c in CATALOGUE:
        tree = ast.parse((MIRROR / "conform_mirror" / f"{c.ident}.py").read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and (
                node.module == ident or (node.module is None and any(a.name == ident for a in node.names))
            ):
                out.add(c.ident)
    return out


def own_files(ident: str) -> set[Path]:
    """A contract's own files in this mirror: its module and its tests."""
    return ({MIRROR / "conform_mirror" / f"{ident}.py"}
            | {p for p in (MIRROR / "tests").glob(f"test_{ident}*.py")
               if p.stem == f"test_{ident}" or p.stem.startswith(f"test_{ident}_")})


class Naming(unittest.TestCase):
    """No file of this mirror names a contract but the contract's own files,
    those of the contracts built on it, and its registration line
    (spec/README.md, "The catalogue")."""

    def test_contracts_are_named_in_their_own_files(self) -> None:
        files = [p for p in MIRROR.rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
        self.assertIn(MIRROR / "README.md", files)
        registration = (MIRROR / "conform_mirror" / "contracts.py").read_text("utf-8")
        for c in CATALOGUE:
            allowed = own_files(c.ident)
            for other in builds_on(c.ident):
                allowed |= own_files(other)
            # A versioned name inside a longer one ("strategy-compile-<name>/1")
            # is not a mention.
            names = [r"(?<![a-z0-9-])" + re.escape(c.contract)] + [re.escape(r.code) + r"\b" for r in c.refusals] + [
                r"\b(?:import|from)\b[^\n]*\b" + c.ident + r"\b",
                r"conform_mirror\." + c.ident + r"\b",
            ]
            pattern = re.compile("|".join(names))
            line = re.compile(r'^    "' + c.ident + r'",\n', re.M)

            def text(p: Path) -> str:
                # The registration file, but its registration line.
                content = p.read_text("utf-8", "replace")
                return line.sub("", content) if p.name == "contracts.py" else content

            with self.subTest(contract=c.contract):
                self.assertEqual(
                    sorted(str(p.relative_to(MIRROR)) for p in files
                           if p not in allowed and pattern.search(text(p))),
                    [],
                )
                # Registered by one line naming its module.
                self.assertEqual(len(re.findall(r'^    "' + c.ident + r'",$', registration, re.M)), 1)


class Reader(unittest.TestCase):
    """The catalogue reader is strict on what it uses and tolerant of the
    rest."""

    def write(self, doc: object) -> Path:
        f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        with f:
            json.dump(doc, f)
        self.addCleanup(Path(f.name).unlink)
        return Path(f.name)

    def doc(self) -> dict:
        return json.loads(catalogue.PATH.read_text("utf-8"))

    def test_unused_members_are_tolerated(self) -> None:
        doc = self.doc()
        doc["generator"] = {"any": [1]}
        doc["contracts"][0]["depends"] = ["x/1"]
        doc["contracts"][0]["operations"][0]["examples"] = []
        doc["contracts"][0]["refusals"][0]["since"] = 2
        self.assertEqual(catalogue.load(self.write(doc)), CATALOGUE)

    def test_used_members_are_strict(self) -> None:
        breaks = [
            lambda d: d.update(conform_catalogue=2),
            lambda d: d.pop("contracts"),
            lambda d: d["contracts"][0].pop("refusals"),
            lambda d: d["contracts"][0].update(version="1"),
            lambda d: d["contracts"][0].update(contract="other/1"),
            lambda d: d["contracts"][0]["operations"][0].update(input="text"),
            lambda d: d["contracts"][0]["refusals"][0].update(message=None),
            lambda d: d["contracts"][0]["refusals"][0].update(exception=1),
            lambda d: d["contracts"][0]["refusals"][0].update(exception="missing"),
            lambda d: d["contracts"][0]["refusals"].append(d["contracts"][0]["refusals"][0]),
            lambda d: d["contracts"].reverse(),
        ]
        for i, change in enumerate(breaks):
            doc = self.doc()
            change(doc)
            with self.subTest(i=i), self.assertRaises(catalogue.CatalogueError):
                catalogue.load(self.write(doc))


if __name__ == "__main__":
    unittest.main()

"""agent-browser-ats-order/1 (spec/agent-browser-ats-order.md, "Scope";
seed 001, section 4: "The module performs no I/O"): the mirror module
imports only pure standard modules and its sibling mirror modules, and
names no I/O, process, environment or code-loading builtin. The check is
run on a source that breaks it too, so that it can fail."""

from __future__ import annotations

import ast
import unittest
from pathlib import Path

MODULE = Path(__file__).resolve().parents[1] / "conform_mirror" / "agent_browser_ats_order.py"
PURE = {"__future__", "hashlib", "json", "math", "re", "typing"}
BUILTINS = {"open", "print", "input", "eval", "exec", "compile", "__import__", "breakpoint"}


def breaches(source: str) -> list[str]:
    """Each import outside PURE (relative imports of sibling mirror
    modules aside) and each bare use of a BUILTINS name, as "line: what"."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        found += [f"{node.lineno}: import {n}" for n in names if n.split(".")[0] not in PURE]
        if isinstance(node, ast.Name) and node.id in BUILTINS:
            found.append(f"{node.lineno}: {node.id}")
    return found


class Scope(unittest.TestCase):
    def test_module_does_no_io(self) -> None:
        self.assertEqual(breaches(MODULE.read_text(encoding="utf-8")), [])

    def test_check_can_fail(self) -> None:
        bad = "import os\nfrom urllib import request\nfrom . import ticker\nopen('x')\n"
        self.assertEqual(breaches(bad), ["1: import os", "2: import urllib", "4: open"])


if __name__ == "__main__":
    unittest.main()

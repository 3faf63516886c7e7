"""ats-runtime/1 (spec/ats-runtime.md, "Scope"): the contract code performs
no I/O, holds no credential and reads no clock. The module
``conform_mirror/ats_runtime.py`` and
every mirror module it imports, transitively, reference no file, network,
process or environment API: their imports are a short list of pure
standard modules, and their code (strings and comments aside) names none of
``open``, ``os``, ``sys``, ``socket``, ``subprocess``, ``urllib``, ``http``,
``pathlib`` and the like. The scanner is tested on sources that break each
rule, so that it can fail."""

from __future__ import annotations

import ast
import io
import sys
import tokenize
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

MIRROR = Path(__file__).resolve().parents[1] / "conform_mirror"
ROOT_MODULE = "ats_runtime"

# The only absolute imports the contract code may make: pure computation.
# conform_kit is there for refusal.py, which raises the kit's Refusal
# exception; the kit's serving loop (its I/O) is reached from the harness
# only, never from contract code.
ALLOWED_IMPORTS = frozenset(("__future__", "conform_kit", "contextlib", "dataclasses", "hashlib", "math", "re", "typing"))
# Names that reach a file, network, process or environment API, anywhere in
# the code (attribute or not).
FORBIDDEN_NAMES = frozenset((
    "os", "sys", "io", "socket", "subprocess", "urllib", "http", "pathlib", "shutil", "tempfile",
    "importlib", "environ", "getenv", "putenv", "ctypes", "signal", "select", "ssl", "asyncio",
    "multiprocessing", "threading", "fetch", "requests", "Path",
))
# Builtins that do I/O or load code, forbidden when named bare (an
# attribute ``x.open`` or a method ``def open`` of a parser hook is not the
# builtin).
FORBIDDEN_BUILTINS = frozenset(("open", "eval", "exec", "__import__", "compile", "input", "print", "breakpoint"))


def violations(source: str, name: str) -> list[str]:
    """Every breach of the rules above in one module's source, as
    ``name:line: what``."""
    out: list[str] = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in ALLOWED_IMPORTS:
                    out.append(f"{name}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            if (node.module or "").split(".")[0] not in ALLOWED_IMPORTS:
                out.append(f"{name}:{node.lineno}: from {node.module} import")
    previous = ""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME:
            if token.string in FORBIDDEN_NAMES:
                out.append(f"{name}:{token.start[0]}: {token.string}")
            elif token.string in FORBIDDEN_BUILTINS and previous not in (".", "def"):
                out.append(f"{name}:{token.start[0]}: {token.string}")
        if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            previous = token.string
    return out


def contract_modules() -> list[str]:
    """``ats_runtime`` and every mirror module it imports, transitively (relative
    imports: ``from . import x``, ``from .x import y``)."""
    seen: list[str] = []
    todo = [ROOT_MODULE]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.append(module)
        tree = ast.parse((MIRROR / f"{module}.py").read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module is None:
                    todo.extend(alias.name for alias in node.names)
                else:
                    todo.append(node.module)
    return sorted(seen)


class NoIO(unittest.TestCase):
    def test_the_contract_modules(self) -> None:
        modules = contract_modules()
        # ats_runtime builds on the mirror's JSON reader, rfc8785
        # serializer and refusal mechanism; all of them are scanned.
        self.assertTrue({"ats_runtime", "jsonvalue", "jsonscan", "rfc8785", "refusal"} <= set(modules), modules)
        found: list[str] = []
        for module in modules:
            found += violations((MIRROR / f"{module}.py").read_text("utf-8"), f"{module}.py")
        self.assertEqual(found, [])

    def test_the_scanner_finds_each_breach(self) -> None:
        breaches = {
            "import os\n": "import os",
            "import os.path as p\n": "import os.path",
            "from pathlib import Path\n": "from pathlib import",
            "import socket\n": "import socket",
            "from urllib import request\n": "from urllib import",
            "import subprocess\n": "import subprocess",
            "x = open('f')\n": "open",
            "x = __import__('os')\n": "__import__",
            "x = sys.argv\n": "sys",
            "import json\n": "import json",
            "def f(e):\n    return e.environ\n": "environ",
            "print(1)\n": "print",
            "exec('1')\n": "exec",
            "class C:\n    def open(self) -> None:\n        open('f')\n": "open",
        }
        for source, what in breaches.items():
            with self.subTest(source=source):
                found = violations(source, "m.py")
                self.assertTrue(any(what in v for v in found), found)

    def test_the_scanner_ignores_strings_comments_and_attributes(self) -> None:
        source = (
            '"""Reads no file: open(, os.environ, HTTPS://X."""\n'
            "import re  # not sys\n"
            "P = re.compile(r'sys')\n"
            "def f(x: str) -> str:\n"
            "    return x.open if False else 'socket'\n"
        )
        self.assertEqual(violations(source, "m.py"), [])


if __name__ == "__main__":
    unittest.main()

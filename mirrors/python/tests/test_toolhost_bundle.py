"""toolhost/1 (spec/toolhost.md, section 6): the schema bundle as an
independent oracle, and the contract module's purity.

- The manifest: each schema file's digest, ``H("aether.schema/1",
  document)`` recomputed with this mirror, equals ``manifest.json``'s and
  section 6.2's table; the module's pinned E1 digests are the manifest's.
- The JSON Schema oracle (section 8.7): every accept vector's documents
  validate against their schemas, and every shape-level reject vector's
  target document fails its schema, under Debian's ``python3-jsonschema``
  (draft 2020-12). It runs in Debian's interpreter, ``/usr/bin/python3``
  (this file, run as a script), which sees that package; the mirror's own
  ``python3`` (pyenv) does not. A missing interpreter or package fails the
  test (ci/setup.sh installs the package); nothing is skipped.
- No I/O in the contract: ``conform_mirror/toolhost.py`` and the mirror
  modules it imports use no file, process, network, environment or
  interpreter API.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import unittest
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
REPO = HERE.parents[3]
BUNDLE = REPO / "spec" / "toolhost"
DEBIAN_PYTHON = "/usr/bin/python3"


def _oracle_main() -> None:
    """The child: read JSON lines ``{"input", "targets"}`` from stdin, where
    each target is ``[path, schema file]``; parse the input with ``json``,
    validate the value at each path against its schema (draft 2020-12) and
    write one line per request: a list of booleans (valid or not)."""
    import jsonschema  # Debian's python3-jsonschema

    validators: dict[str, Any] = {}
    for path in sorted(BUNDLE.glob("*.schema.json")):
        schema = json.loads(path.read_text("ascii"))
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[path.name] = jsonschema.Draft202012Validator(schema)
    out = []
    for line in sys.stdin:
        request = json.loads(line)
        value = json.loads(request["input"])
        answers = []
        for tokens, schema in request["targets"]:
            target = value
            for token in tokens:
                target = target[token]
            answers.append(validators[schema].is_valid(target))
        out.append(json.dumps(answers))
    sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.write(json.dumps({"jsonschema": getattr(jsonschema, "__name__", "")}) + "\n")


if __name__ == "__main__" and sys.argv[1:] == ["--oracle"]:
    _oracle_main()
    sys.exit(0)

sys.path.insert(0, str(HERE.parents[1]))

import vectorset  # noqa: E402
from conform_mirror import jsonvalue, toolhost  # noqa: E402
from test_toolhost_chain import BASE, ENVELOPES, envelope  # noqa: E402

DOCUMENTS = set(toolhost.DOCUMENTS)


def schema_file(document: str) -> str:
    """Section 6.1: the document's name with ``_`` as ``-``."""
    return document.replace("_", "-") + ".schema.json"


def oracle(requests: list[tuple[bytes, list[tuple[list[Any], str]]]]) -> list[list[bool]]:
    """Run the child under Debian's python3 once for all requests; fails the
    test (AssertionError) when it cannot run."""
    lines = "".join(json.dumps({"input": data.decode("utf-8"), "targets": targets}) + "\n"
                    for data, targets in requests)
    try:
        done = subprocess.run([DEBIAN_PYTHON, str(HERE), "--oracle"], input=lines.encode("utf-8"),
                              capture_output=True, timeout=600)
    except FileNotFoundError as e:
        raise AssertionError(f"{DEBIAN_PYTHON} is required for the JSON Schema oracle (ci/setup.sh)") from e
    if done.returncode != 0:
        raise AssertionError(
            f"the JSON Schema oracle failed under {DEBIAN_PYTHON} (is python3-jsonschema installed? "
            f"ci/setup.sh installs it):\n{done.stderr.decode('utf-8', 'replace')[-2000:]}")
    answers = done.stdout.decode("ascii").split("\n")[:-1]
    assert len(answers) == len(requests) + 1, answers[-3:]
    return [json.loads(a) for a in answers[:-1]]


# Section 6.3: the rules the schemas express, by the rule part of a code
# (the Refusals section's naming, toolhost.<path>_<rule>), and the result's
# state rules 2-15 by code.
_SHAPE_RULES = (
    "unknown", "type", "const", "grammar", "namespace", "origin", "shape", "range", "control", "length",
    "display_char", "display_length", "b64_length", "b64_alphabet", "b64_canonical", "size", "item_type",
    "item_vocabulary", "item_grammar", "repeat", "vocabulary",
)
_NOT_SHAPE = {
    # repeats in the two arrays of objects (section 6.3: the validators only)
    "toolhost.trust_keys_repeat", "toolhost.registry_tools_repeat",
    # the 64 KiB bound, and the relations that end like a rule
    "toolhost.workspace_status_size",
}
_STATE_RULES = {
    "toolhost.result_" + rule for rule in (
        "error_not_null", "error_null", "error_code_cancelled", "error_code_deadline", "error_code_refused",
        "payload_null", "payload_not_null", "output_schema_id_null", "output_schema_id_not_null",
        "output_schema_digest_null", "output_schema_digest_not_null", "retry_class_succeeded",
        "retry_class_redelivery", "replay_status_redelivery")
}
_MINUS_ZERO = re.compile(rb"[:\[,]\s*-0(?![.eE0-9])")


def shape_target(code: str, message: str, op: str) -> list[Any] | None:
    """The path of a shape-level reject vector's target document in its
    envelope (section 6.3), or None when the message is not schema-level."""
    if code in _NOT_SHAPE:
        return None
    # A field rule's code is its path's, then the rule (the Refusals
    # section): "host_lease.cloud_origin_id does not match ..." is a
    # relation (lease_binding_origin), not the origin rule.
    stem = "toolhost." + message.split(" ")[0].replace("[]", "").replace(".", "_") + "_"
    if code not in _STATE_RULES and not any(code == stem + rule for rule in _SHAPE_RULES):
        return None
    head = re.match(r"[a-z_]+", message)
    assert head is not None
    document = head.group()
    if document not in DOCUMENTS:
        return None
    if code.endswith("_type") and not message.startswith(document + "."):
        return None  # an envelope member's type: not a document rule
    if op == "check-tool-arguments" and document == "workspace_status_input":
        return ["invocation", "arguments"]
    if op == "check-tool-payload" and document == "workspace_status":
        return ["result", "payload"]
    if document not in ENVELOPES[op]:
        return None  # the relations of the E1 canary (registry.tools[]...) and the like
    return [document]


def codes() -> dict[str, str]:
    return {g.message: g.code for g in toolhost.GUARDS}


class Manifest(unittest.TestCase):
    def test_schema_digests(self) -> None:
        manifest = json.loads((BUNDLE / "manifest.json").read_text("ascii"))
        self.assertEqual(manifest["schema_id"], "aether.managed-tool-schema-bundle/1")
        entries = manifest["schemas"]
        self.assertEqual([e["file"] for e in entries], sorted(p.name for p in BUNDLE.glob("*.schema.json")))
        self.assertEqual(len(entries), 13)
        spec = (REPO / "spec" / "toolhost.md").read_text("utf-8")
        table = dict(re.findall(r"\| `([a-z-]+\.schema\.json)` \| `[^`]+` \| `(sha256:[0-9a-f]{64})` \|", spec))
        for entry in entries:
            data = (BUNDLE / entry["file"]).read_bytes()
            data.decode("ascii")  # ASCII only (section 6.1)
            document = jsonvalue.parse(data, toolhost.INPUT)
            digest = toolhost.h("aether.schema/1", toolhost.jcs(document))
            with self.subTest(file=entry["file"]):
                self.assertEqual(digest, entry["schema_digest"])
                self.assertEqual(table[entry["file"]], digest)
                self.assertEqual(json.loads(data)["x-aether-schema-id"], entry["schema_id"])
        by_file = {e["file"]: e["schema_digest"] for e in entries}
        self.assertEqual(toolhost.E1_INPUT_SCHEMA_DIGEST, by_file["workspace-status-input.schema.json"])
        self.assertEqual(toolhost.E1_OUTPUT_SCHEMA_DIGEST, by_file["workspace-status.schema.json"])

    def test_schema_ids(self) -> None:
        for name in toolhost.DOCUMENTS:
            schema = json.loads((BUNDLE / schema_file(name)).read_text("ascii"))
            doc = getattr(toolhost, {"observer_channel_receipt": "RECEIPT",
                                     "runtime_capability": "CAPABILITY"}.get(name, name.upper()))
            self.assertEqual(schema["x-aether-schema-id"], doc.schema_id, name)
            # the field tables are the schemas' required lists, in order
            self.assertEqual(schema["required"], [f.name for f in doc.root.fields], name)


class SchemaOracle(unittest.TestCase):
    """Section 8.7's two oracle checks, under python3-jsonschema."""

    def test_base_chain_and_accept_vectors_validate(self) -> None:
        requests: list[tuple[bytes, list[tuple[list[Any], str]]]] = []
        for op in toolhost.OPERATIONS:
            data = envelope(op)
            requests.append((data, [([m], schema_file(m)) for m in ENVELOPES[op] if m in DOCUMENTS]))
        accepted = [c for c in vectorset.load() if c.contract == toolhost.CONTRACT and c.expect == "ok"]
        for case in accepted:
            members = json.loads(case.input)
            requests.append((case.input, [([m], schema_file(m)) for m in members if m in DOCUMENTS]))
        answers = oracle(requests)
        failures = [(requests[i][0][:200], targets) for i, targets in enumerate(answers) if not all(targets)]
        self.assertEqual(failures, [])
        # the spec's counts: 45 object and 26 cross-object accept vectors
        self.assertGreaterEqual(len(accepted), 45 + 26)
        self.assertEqual(sum(len(a) for a in answers[:len(toolhost.OPERATIONS)]), 40)

    def test_shape_level_rejects_fail_their_schema(self) -> None:
        by_message = codes()
        requests: list[tuple[bytes, list[tuple[list[Any], str]]]] = []
        names = []
        for case in vectorset.load():
            if case.contract != toolhost.CONTRACT or case.expect != "refused" or case.finding:
                continue
            assert case.message is not None
            path = shape_target(by_message[case.message], case.message, case.op)
            if path is None or _MINUS_ZERO.search(case.input):
                continue  # JSON Schema reads -0 as 0 (section 6.3)
            document = "workspace_status_input" if path[-1] == "arguments" else \
                "workspace_status" if path[-1] == "payload" else path[0]
            requests.append((case.input, [(path, schema_file(document))]))
            names.append(case.source)
        answers = oracle(requests)
        passed = [names[i] for i, a in enumerate(answers) if a != [False]]
        self.assertEqual(passed, [])
        self.assertGreater(len(requests), 100)

    def test_the_oracle_refuses_a_defect(self) -> None:
        # The child is not a yes-machine: a shape defect of each document
        # fails its schema.
        requests: list[tuple[bytes, list[tuple[list[Any], str]]]] = []
        for name in sorted(DOCUMENTS - {"workspace_status_input", "workspace_status"}):
            doc = dict(BASE[name], x=1)
            requests.append((json.dumps({name: doc}).encode(), [([name], schema_file(name))]))
        self.assertEqual(oracle(requests), [[False]] * len(requests))


# Names a contract module may not use: files, processes, the network, the
# environment, the interpreter, dynamic code.
_FORBIDDEN_MODULES = {
    "os", "sys", "io", "pathlib", "shutil", "socket", "subprocess", "urllib", "http", "ftplib", "tempfile",
    "glob", "importlib", "builtins", "ctypes", "multiprocessing", "threading", "asyncio", "select", "signal",
    "time", "random", "secrets", "platform", "sqlite3", "pickle", "marshal", "fcntl", "mmap", "logging",
}
_FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "compile", "__import__", "breakpoint", "getattr",
                    "setattr", "globals", "locals", "vars"}


class Purity(unittest.TestCase):
    def modules(self) -> dict[str, Path]:
        """toolhost.py and the conform_mirror modules it imports, through
        their own imports."""
        package = HERE.parents[1] / "conform_mirror"
        seen: dict[str, Path] = {}
        todo = ["toolhost"]
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen[name] = package / f"{name}.py"
            for node in ast.walk(ast.parse(seen[name].read_text("utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level == 1:
                    todo.extend([node.module] if node.module else [a.name for a in node.names])
        return seen

    def test_no_io(self) -> None:
        modules = self.modules()
        self.assertIn("ed25519", modules)
        self.assertIn("rfc8785", modules)
        for name, path in modules.items():
            tree = ast.parse(path.read_text("utf-8"))
            for node in ast.walk(tree):
                where = f"{path.name}:{getattr(node, 'lineno', 0)}"
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        self.assertNotIn(alias.name.split(".")[0], _FORBIDDEN_MODULES, where)
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    self.assertNotIn((node.module or "").split(".")[0], _FORBIDDEN_MODULES, where)
                elif isinstance(node, ast.Name):
                    self.assertNotIn(node.id, _FORBIDDEN_CALLS | _FORBIDDEN_MODULES, where)
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    self.assertNotIn(node.value.id, _FORBIDDEN_MODULES, where)

    def test_the_scan_sees_io(self) -> None:
        # The scan's own check: a module that opens a file is caught.
        tree = ast.parse("import os\nx = open('f')\nos.environ\n")
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        imports = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        self.assertTrue(names & _FORBIDDEN_CALLS)
        self.assertTrue(imports & _FORBIDDEN_MODULES)


if __name__ == "__main__":
    unittest.main()

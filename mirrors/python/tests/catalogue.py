"""A reader of spec/catalogue.json for the tests (spec/README.md, "The
catalogue"): format ``conform_catalogue`` 1, the contracts sorted by name,
each with its operations and its refusals in table order.

The members used here are read strictly (present, of their type); members
this reader does not use, at any level, are tolerated, since the catalogue
may gain some (a contract's dependencies, say). A catalogue that breaks the
rules raises CatalogueError naming the file and the member.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

REPO = Path(__file__).resolve().parents[3]
PATH = REPO / "spec" / "catalogue.json"
FORMAT = 1
INPUT_KINDS = ("bytes", "json-value")


class CatalogueError(Exception):
    """spec/catalogue.json cannot be read, or breaks its format."""


@dataclass(frozen=True)
class Operation:
    """One operation: its name and its input kind (``bytes`` or
    ``json-value``)."""

    op: str
    input: str


EXCEPTIONS = (
    "grammar",
    "type-guard",
    "no-accept-path",
    "unencodable",
    "shadowed",
    "unreachable",
    "wrong-length",
    "pigeonhole",
    "resource-bound",
)


@dataclass(frozen=True)
class Refusal:
    """One row of a contract's refusal table: its code, its message and its
    exception tag (vectors/README.md, "Exception vocabulary"), or None when
    the table's ``exception`` column is empty."""

    code: str
    message: str
    exception: Optional[str] = None


@dataclass(frozen=True)
class Contract:
    """One contract: ``contract`` is the name with its version
    (``"name/1"``), ``name`` the name alone; operations and refusals in the
    spec's table order."""

    contract: str
    name: str
    version: int
    operations: tuple[Operation, ...]
    refusals: tuple[Refusal, ...]

    @property
    def ident(self) -> str:
        """The Python module name of the contract: its name with ``-``
        turned into ``_``."""
        return self.name.replace("-", "_")


def _member(obj: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(obj, dict):
        raise CatalogueError(f"{PATH}: {where} is not an object")
    if key not in obj:
        raise CatalogueError(f"{PATH}: {where} has no member {key!r}")
    value = obj[key]
    if type(value) is not kind:
        raise CatalogueError(f"{PATH}: {where}.{key} is not a {kind.__name__}")
    return value


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise CatalogueError(f"{PATH}: member {key!r} appears twice in one object")
        out[key] = value
    return out


def _refusal(r: Any, where: str, path: Path) -> Refusal:
    """One refusal row: ``code`` and ``message`` strings, and ``exception``
    when present, a tag of the closed vocabulary."""
    code = _member(r, "code", str, where)
    message = _member(r, "message", str, where)
    exception = None
    if isinstance(r, dict) and "exception" in r:
        exception = _member(r, "exception", str, where)
        if exception not in EXCEPTIONS:
            raise CatalogueError(f"{path}: {where}.exception {exception!r} is not an exception tag")
    return Refusal(code, message, exception)


def load(path: Path = PATH) -> tuple[Contract, ...]:
    """Read the catalogue at ``path``; return its contracts in file order.
    Raises CatalogueError for a missing file, invalid JSON, a duplicate
    member, a wrong format version, a used member missing or of the wrong
    type, an unknown input kind or exception tag, contracts not sorted by name, or a
    contract, operation, code or message listed twice."""
    try:
        doc = json.loads(path.read_bytes().decode("utf-8"), object_pairs_hook=_no_duplicates)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise CatalogueError(f"{path}: {e}") from e
    if _member(doc, "conform_catalogue", int, "the catalogue") != FORMAT:
        raise CatalogueError(f"{path}: conform_catalogue is not {FORMAT}")
    contracts = []
    for i, c in enumerate(_member(doc, "contracts", list, "the catalogue")):
        where = f"contracts[{i}]"
        name = _member(c, "name", str, where)
        version = _member(c, "version", int, where)
        contract = _member(c, "contract", str, where)
        if contract != f"{name}/{version}":
            raise CatalogueError(f"{path}: {where}.contract {contract!r} is not name/version")
        operations = []
        for j, o in enumerate(_member(c, "operations", list, where)):
            op = _member(o, "op", str, f"{where}.operations[{j}]")
            kind = _member(o, "input", str, f"{where}.operations[{j}]")
            if kind not in INPUT_KINDS:
                raise CatalogueError(f"{path}: {where}.operations[{j}].input {kind!r} is unknown")
            operations.append(Operation(op, kind))
        refusals = [_refusal(r, f"{where}.refusals[{j}]", path)
                    for j, r in enumerate(_member(c, "refusals", list, where))]
        for what, items in (("operation", [o.op for o in operations]),
                            ("code", [r.code for r in refusals]),
                            ("message", [r.message for r in refusals])):
            if len(set(items)) != len(items):
                raise CatalogueError(f"{path}: {contract} lists a {what} twice")
        if not operations or not refusals:
            raise CatalogueError(f"{path}: {contract} has no operations or no refusals")
        contracts.append(Contract(contract, name, version, tuple(operations), tuple(refusals)))
    names = [c.contract for c in contracts]
    if names != sorted(names) or len(set(names)) != len(names):
        raise CatalogueError(f"{path}: contracts are not sorted by name, each once")
    return tuple(contracts)

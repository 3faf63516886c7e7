"""The registered contracts, one line each, and what derives from them.

A contract is registered by one line in ``_REGISTERED`` naming its module,
``conform_mirror/<ident>.py``. The module exports:

- ``CONTRACT``: the contract's name with its version (``"name/1"``);
- ``OPERATIONS``: a dict from operation name to a function taking the input
  bytes and returning the output bytes, or raising ``refusal.Refusal``;
- ``GUARDS``: its refusal table, a tuple of ``refusal.Guard`` in the order of
  the Refusals table of its spec (spec/README.md, "The catalogue");
- optionally ``THRESHOLDS`` (threshold name to value, its spec's Thresholds
  table) with ``shift``, the function that moves them (mirrors/PROTOCOL.md,
  "shift").

The harness's handshake, dispatch, ``guards`` answer and ignore set come
from here, and the tests compare all of it with spec/catalogue.json.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Callable, Iterable, Mapping, Optional

from .refusal import Guard

Operation = Callable[[bytes], bytes]

# One line per contract: its module's name, in the catalogue's order.
_REGISTERED = (
    "agent_browser_ats_order",
    "artifact",
    "ats_runtime",
    "ats",
    "attestation",
    "bridge",
    "digest",
    "ed25519",
    "failure_budget",
    "frame",
    "model_selector",
    "prim",
    "probe_manifest",
    "pyjson_ascii",
    "rfc8785",
    "ticker",
    "toolhost",
    "trace_fields",
    "trajectory",
    "v8date",
)


@dataclass(frozen=True)
class Contract:
    """One registered contract: its name with its version (``contract``),
    the module that implements it (``conform_mirror.<ident>``), its
    operations and its refusal table."""

    contract: str
    module: str
    operations: Mapping[str, Operation]
    guards: tuple[Guard, ...]
    thresholds: tuple[str, ...] = ()
    shift: Optional[Callable[[dict[str, int]], None]] = None


def _load(ident: str) -> Contract:
    """Import ``conform_mirror.<ident>`` and return its Contract; raise
    TypeError, naming the module, when it does not export the three names
    with their shapes (every guard of the contract's own, every operation
    callable)."""
    module = import_module("." + ident, __package__)
    where = f"{module.__name__} ({module.__file__})"
    name = getattr(module, "CONTRACT", None)
    operations = getattr(module, "OPERATIONS", None)
    guards = getattr(module, "GUARDS", None)
    if type(name) is not str:
        raise TypeError(f"{where}: CONTRACT is not a string")
    if not isinstance(operations, dict) or not operations or not all(
        type(op) is str and callable(f) for op, f in operations.items()
    ):
        raise TypeError(f"{where}: OPERATIONS is not a dict of operation names to functions")
    if type(guards) is not tuple or not guards or not all(
        type(g) is Guard and g.contract == name for g in guards
    ):
        raise TypeError(f"{where}: GUARDS is not a tuple of the guards of {name}")
    thresholds = getattr(module, "THRESHOLDS", None)
    shift = getattr(module, "shift", None)
    if thresholds is None:
        return Contract(name, module.__name__, dict(operations), guards)
    if not isinstance(thresholds, dict) or not callable(shift) or not all(
        type(t) is str and type(v) is int for t, v in thresholds.items()
    ):
        raise TypeError(f"{where}: THRESHOLDS is not a dict of names to integers with a shift function")
    return Contract(name, module.__name__, dict(operations), guards, tuple(thresholds), shift)


CONTRACTS: tuple[Contract, ...] = tuple(_load(ident) for ident in _REGISTERED)
if len({c.contract for c in CONTRACTS}) != len(CONTRACTS):
    raise TypeError("conform_mirror.contracts: a contract is registered twice")

# contract -> operation -> function(bytes) -> bytes
OPERATIONS: dict[str, Mapping[str, Operation]] = {c.contract: c.operations for c in CONTRACTS}

# Every contract's refusal table, contract after contract.
GUARDS: tuple[Guard, ...] = tuple(g for c in CONTRACTS for g in c.guards)

_KNOWN: frozenset[tuple[str, str]] = frozenset((g.contract, g.message) for g in GUARDS)


def unknown(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return the (contract, message) pairs of ``pairs`` that no registered
    guard refuses with, each once, in order (mirrors/PROTOCOL.md, "ignore":
    the ``unknown`` of the ack)."""
    out: list[tuple[str, str]] = []
    for pair in pairs:
        if pair not in _KNOWN and pair not in out:
            out.append(pair)
    return out

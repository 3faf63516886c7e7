#!/usr/bin/env python3
"""conform harness for the Python mirror (mirrors/PROTOCOL.md, protocol 1).

Run as ``python3 mirrors/python/harness.py`` from any directory. The kit
(mirrors/kit/python/conform_kit.py) serves the protocol: requests read from
stdin as NDJSON, answered in order on stdout, each answer written before
the next request is started; diagnostics on stderr; exit 0 when stdin
closes. This file registers the contract modules with it: every operation
by (contract, op), every refusal table with its ignore hook.
"""

from __future__ import annotations

import functools
import os
import sys
from typing import Mapping, Optional

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from conform_mirror.contracts import CONTRACTS, Operation  # noqa: E402
from conform_mirror.refusal import set_ignored_for  # noqa: E402
from conform_kit import Kit  # noqa: E402  (on sys.path once conform_mirror is imported)

NAME = "conform-python"
VERSION = "0.1.0"


def build(operations: Optional[Mapping[str, Mapping[str, Operation]]] = None) -> Kit:
    """Return a new kit serving the registered contracts (conform_mirror.
    contracts), in registration order, each contract's operations in name
    order, each refusal table with set_ignored_for as its ignore hook, and
    each contract's thresholds with its shift hook.
    ``operations`` (contract -> op -> function), for tests, replaces the
    registered operations of the contracts it names."""
    kit = Kit(NAME, VERSION)
    for c in CONTRACTS:
        ops = c.operations if operations is None else operations.get(c.contract, c.operations)
        for op in sorted(ops):
            kit.handle(c.contract, op, ops[op])
        ignore = functools.partial(set_ignored_for, c.contract)
        if c.shift is None:
            kit.guards(c.contract, [(g.code, g.message) for g in c.guards], ignore=ignore)
        else:
            kit.guards(c.contract, [(g.code, g.message) for g in c.guards], ignore=ignore,
                       thresholds=c.thresholds, shift=c.shift)
    return kit


def main() -> int:
    """Serve stdin to stdout; return the exit status (the kit's main)."""
    return build().main()


if __name__ == "__main__":
    sys.exit(main())

"""conform's Python mirror of the conform contracts, written from spec/.

One module per contract, ``<ident>.py`` (the contract's name with ``-``
turned into ``_``), holding the contract's name (``CONTRACT``), its
operations (``OPERATIONS``: operation name -> function from input bytes to
output bytes) and its refusal table (``GUARDS``, in the spec's table order).
``contracts`` registers them, one line each, and derives the dispatch and
the whole refusal table from them. Shared, contract-agnostic modules:
``refusal`` (the guard function, the ignore set and refusal locations),
``jsonscan`` (the one JSON wire scanner), ``jsonvalue`` (the reader of JSON
value inputs, spec/README.md) and ``civil`` (calendar arithmetic). Every
operation takes bytes and returns bytes, or raises ``refusal.Refusal``.
"""

import os as _os
import sys as _sys

# The kit (mirrors/kit/python/conform_kit.py) lies at ../kit/python from the
# mirror's directory, in the repository, in a prepared mirror and in the
# image alike (mirrors/mirrors.go lays them out so): refusal.Refusal is the
# kit's, and harness.py serves the contracts with it.
_KIT = _os.path.join(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))), "..", "kit", "python")
if _os.path.normpath(_KIT) not in [_os.path.normpath(p) for p in _sys.path]:
    _sys.path.insert(0, _os.path.normpath(_KIT))

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

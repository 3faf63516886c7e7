"""conform-kit for Python: a team's own functions behind conform's harness
protocol (mirrors/PROTOCOL.md, protocol 1), in one stdlib module.

Register functions by (contract, op), declare each contract's refusal table,
and serve::

    import sys
    from conform_kit import Kit, Refusal

    def canonicalize(data: bytes) -> bytes:
        if not data:
            raise Refusal("empty input", offset=0)
        return data

    kit = Kit("acme-json", "1.4.2")
    kit.handle("example/1", "canonicalize", canonicalize)
    kit.guards("example/1", [("example.empty", "empty input")])
    sys.exit(kit.main())

The kit reads request lines on stdin and answers each on stdout, in order,
writing each answer (one complete line) before it starts on the next
request (PROTOCOL.md, the framing rules at the top). It serves ``start``
(announcing exactly the registered contracts and operations, and the
optional ``batch``), ``run``, ``batch``, ``guards`` and ``ignore``. A
function's ``Refusal`` is answered ``refused`` with its message and, when
it says where, ``at``; any other exception is ``errored`` with its
traceback (PROTOCOL.md, "run": refused is the contract speaking, errored
the implementation failing). Python 3.11, no dependency beyond the standard
library. README.md, next to this file, says more.
"""

from __future__ import annotations

import binascii
import json
import json.encoder
import os
import platform
import re
import sys
import traceback
from typing import Any, Callable, Iterable, Optional

__all__ = ["Kit", "Refusal", "Handler", "IgnoreHook", "PROTOCOL", "MAX_BATCH", "READ_SIZE",
           "bounded", "encode_answer", "write_all"]

PROTOCOL = 1
SUPPORTED = [PROTOCOL]
FEATURES = ["batch"]
MAX_BATCH = 1024  # PROTOCOL.md, "batch": cases per request
MAX_MESSAGE_BYTES = 1024
MAX_TRACE_BYTES = 8192
MAX_REASON_BYTES = 1024
MAX_POINTER_BYTES = 1024

# How much serve() asks os.read for at a time. A pipe hands over at most
# what it holds (64 KiB on Linux), so this bounds nothing in practice; it is
# large so that one read takes every request already waiting.
READ_SIZE = 1 << 20

# A registered function: the input bytes to the output bytes (any
# bytes-like object), or a raised Refusal.
Handler = Callable[[bytes], bytes]
# An ignore hook: called with the set of one contract's messages to ignore.
IgnoreHook = Callable[[frozenset[str]], None]
# A shift hook: called with one contract's threshold shifts, name to amount.
ShiftHook = Callable[[dict[str, int]], None]

# run_case runs once per case: its helpers are bound here, not looked up.
_a2b_base64 = binascii.a2b_base64
_b2a_base64 = binascii.b2a_base64

_ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))
# JSONEncoder.encode builds a new C encoder on every call, which costs more
# than encoding a run answer; this one is built once. It is what encode()
# builds for these settings, without the circular-reference check (answers
# are trees).
# (typeshed lists neither c_make_encoder nor encode_basestring_ascii.)
_C_ENCODER = (
    json.encoder.c_make_encoder(  # type: ignore[attr-defined]
        None, _ENCODER.default, json.encoder.encode_basestring_ascii,  # type: ignore[attr-defined]
        None, ":", ",", False, False, True,
    )
    if json.encoder.c_make_encoder is not None  # type: ignore[attr-defined]
    else None
)

# RFC 6901 section 3: "" or "/"-prefixed reference tokens, "~" only as "~0"
# or "~1".
_POINTER = re.compile(r"(?:/(?:[^~/]|~[01])*)*\Z", re.DOTALL)


class Refusal(Exception):
    """Raised by a registered function to refuse its input with one message
    of its contract's refusal table: answered ``refused`` (PROTOCOL.md,
    "run").

    ``message`` (a str, else TypeError) is compared byte for byte with the
    reference's. ``offset`` (a byte offset into the input, 0 to its length)
    and ``pointer`` (an RFC 6901 JSON pointer of at most 1024 UTF-8 bytes)
    optionally say where; a value out of those bounds is left out of the
    answer's ``at``, which is never compared between implementations.
    """

    def __init__(self, message: str, offset: Optional[int] = None,
                 pointer: Optional[str] = None) -> None:
        if type(message) is not str:
            raise TypeError(f"Refusal: message is {type(message).__name__}, not str")
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.pointer = pointer


def bounded(text: str, limit: int, keep: str = "head") -> str:
    """Cut ``text`` to at most ``limit`` UTF-8 bytes, never inside a character.

    Lone surrogates (which have no UTF-8 form) become backslash escapes first.
    ``keep="tail"`` keeps the end instead of the beginning. Returns the cut
    text (the ``errored`` and ``skipped`` bounds of PROTOCOL.md, "run").
    """
    raw = text.encode("utf-8", "backslashreplace")
    if len(raw) <= limit:
        return raw.decode("utf-8")
    if keep == "tail":
        return raw[len(raw) - limit :].decode("utf-8", "ignore")
    return raw[:limit].decode("utf-8", "ignore")


def _errored_entry(message: str, trace: str = "") -> dict[str, Any]:
    """Return an ``errored`` run answer without ``seq`` (a batch entry),
    message and trace cut to their bounds (the trace keeps its end, where
    the exception is)."""
    return {
        "outcome": "errored",
        "message": bounded(message, MAX_MESSAGE_BYTES),
        "trace": bounded(trace, MAX_TRACE_BYTES, keep="tail"),
    }


def _errored(seq: int, message: str, trace: str = "") -> dict[str, Any]:
    """Return the ``errored`` answer to request ``seq``."""
    return {"seq": seq, **_errored_entry(message, trace)}


def _skipped_entry(reason: str) -> dict[str, Any]:
    """Return a ``skipped`` run answer without ``seq``, the reason cut to
    its bound."""
    return {"outcome": "skipped", "reason": bounded(reason, MAX_REASON_BYTES)}


def _is_int(value: Any) -> bool:
    """Return whether a decoded JSON value is an integer (``true`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _at(offset: Any, pointer: Any, size: int) -> dict[str, Any]:
    """Return the ``at`` object of a refusal (PROTOCOL.md, "run"): the
    offset when it is an int from 0 to ``size``, the pointer when it is an
    RFC 6901 pointer of at most 1024 UTF-8 bytes; empty when neither is."""
    at: dict[str, Any] = {}
    if _is_int(offset) and 0 <= offset <= size:
        at["offset"] = offset
    if type(pointer) is str and _POINTER.match(pointer):
        try:
            if len(pointer.encode("utf-8")) <= MAX_POINTER_BYTES:
                at["pointer"] = pointer
        except UnicodeEncodeError:  # a lone surrogate
            pass
    return at


def _describe(e: BaseException) -> str:
    """Return ``"Type: text"`` (or just ``"Type"``) for an exception."""
    text = str(e)
    name = type(e).__name__
    return f"{name}: {text}" if text else name


def _trace() -> str:
    """Return the traceback of the exception being handled ("" if it
    cannot be formatted)."""
    try:
        return traceback.format_exc()
    except Exception:  # formatting can fail under MemoryError
        return ""


def _nonempty(what: str, value: Any) -> str:
    """Return ``value`` when it is a non-empty str; raise TypeError naming
    ``what`` otherwise."""
    if type(value) is not str or not value:
        raise TypeError(f"conform_kit: {what} must be a non-empty str, not {value!r}")
    return value


class _Table:
    """One contract's declared refusal table and ignore hook."""

    __slots__ = ("guards", "messages", "ignore", "thresholds", "shift")

    def __init__(self, guards: list[tuple[str, str]], ignore: Optional[IgnoreHook],
                 thresholds: frozenset[str], shift: Optional[ShiftHook]) -> None:
        self.guards = guards
        self.messages = frozenset(m for _, m in guards)
        self.ignore = ignore
        self.thresholds = thresholds
        self.shift = shift


class Kit:
    """One implementation behind the harness protocol: the functions
    registered by (contract, op), the refusal tables declared per contract,
    and the identity the handshake announces.

    ``name`` and ``version`` are required; ``language`` defaults to
    ``"python"``, ``language_version`` and ``runtime_version`` to this
    interpreter's version, ``runtime`` to its implementation (``"cpython"``).
    Each must be a non-empty str (TypeError). Register with ``handle`` and
    ``guards``, then call ``main`` (or ``serve``).
    """

    def __init__(self, name: str, version: str, *, language: str = "python",
                 language_version: Optional[str] = None, runtime: Optional[str] = None,
                 runtime_version: Optional[str] = None) -> None:
        here = platform.python_version()
        self._identity: dict[str, str] = {
            "name": _nonempty("name", name),
            "language": _nonempty("language", language),
            "language_version": _nonempty("language_version", here if language_version is None else language_version),
            "runtime": _nonempty("runtime", platform.python_implementation().lower() if runtime is None else runtime),
            "runtime_version": _nonempty("runtime_version", here if runtime_version is None else runtime_version),
            "version": _nonempty("version", version),
        }
        # contract -> op -> function, in registration order.
        self._operations: dict[str, dict[str, Handler]] = {}
        self._tables: dict[str, _Table] = {}
        self._serving = False
        self.started = False

    def handle(self, contract: str, op: str, function: Handler) -> Kit:
        """Register ``function`` as operation ``op`` of ``contract``
        (``"name/version"``, as spec/catalogue.json names it) and return
        this kit. ``function`` takes the input bytes and returns the output
        bytes, or raises Refusal. The handshake announces exactly the pairs
        registered, in registration order. Raises TypeError on an empty
        name or a function that is not callable, ValueError on a pair
        registered twice, RuntimeError once serving has begun."""
        self._open()
        _nonempty("contract", contract)
        _nonempty("op", op)
        if not callable(function):
            raise TypeError(f"conform_kit: {contract} {op}: the handler is not callable")
        operations = self._operations.setdefault(contract, {})
        if op in operations:
            raise ValueError(f"conform_kit: {contract} {op} is registered twice")
        operations[op] = function
        return self

    def guards(self, contract: str, table: Iterable[tuple[str, str]],
               ignore: Optional[IgnoreHook] = None, *,
               thresholds: Optional[Iterable[str]] = None,
               shift: Optional[ShiftHook] = None) -> Kit:
        """Declare ``contract``'s refusal table, (code, message) pairs in
        the spec's order, and return this kit: the ``guards`` command
        answers it (PROTOCOL.md, "guards"), and an ``ignore`` pair names a
        guard only when its message is in it.

        ``ignore``, when given, says the implementation can honour the
        single-cause audit: on every ``ignore`` request (PROTOCOL.md,
        "ignore") and every successful ``start`` it is called with the
        frozenset of this contract's messages to ignore (empty to clear);
        while a message is in the set, the guard refusing with it must let
        the input pass. Without it, every pair naming this contract is
        answered unknown.

        ``thresholds`` and ``shift``, given together, say the contract has
        these thresholds (rows of its Thresholds table) and that the
        implementation can move them: on every ``shift`` request
        (PROTOCOL.md, "shift") and every successful ``start``, ``shift`` is
        called with a dict of this contract's shifts, threshold name to
        amount (empty to clear), and the handshake lists the ``shift``
        feature. Raises TypeError on a malformed table, on thresholds that
        are not str or given without ``shift`` (or ``shift`` without
        them), ValueError on a table declared twice, RuntimeError once
        serving has begun."""
        self._open()
        _nonempty("contract", contract)
        if contract in self._tables:
            raise ValueError(f"conform_kit: the refusal table of {contract} is declared twice")
        if ignore is not None and not callable(ignore):
            raise TypeError(f"conform_kit: {contract}: ignore is not callable")
        rows: list[tuple[str, str]] = []
        for i, row in enumerate(table):
            if not (isinstance(row, tuple) and len(row) == 2
                    and type(row[0]) is str and type(row[1]) is str):
                raise TypeError(f"conform_kit: {contract}: refusal {i} is not a (code, message) pair of str")
            rows.append((row[0], row[1]))
        if (thresholds is None) != (shift is None):
            raise TypeError(f"conform_kit: {contract}: thresholds and shift come together")
        names = frozenset(thresholds or ())
        if shift is not None and (not callable(shift) or any(type(n) is not str for n in names)):
            raise TypeError(f"conform_kit: {contract}: thresholds are not str, or shift is not callable")
        self._tables[contract] = _Table(rows, ignore, names, shift)
        return self

    def _open(self) -> None:
        """Raise RuntimeError once serving has begun: registration is closed."""
        if self._serving:
            raise RuntimeError("conform_kit: register handlers before serving")

    def implementation(self) -> dict[str, Any]:
        """Return the handshake's ``implementation`` object (PROTOCOL.md,
        "start"): the identity and ``contracts``, each registered contract
        with its operations in registration order."""
        return {
            **self._identity,
            "contracts": {contract: list(ops) for contract, ops in self._operations.items()},
        }

    def answer_line(self, line: bytes) -> dict[str, Any]:
        """Answer one request line (without its LF); return the answer object.

        A line that is not a JSON object with an integer ``seq`` (or that ends
        in CR) is answered with ``seq`` -1 (PROTOCOL.md, "Anything else").
        Never raises.
        """
        self._serving = True
        if line.endswith(b"\r"):
            return _errored(-1, "request line ends with CR")
        try:
            request = json.loads(line.decode("utf-8"))
        except Exception:
            request = None
        if not isinstance(request, dict) or not _is_int(request.get("seq")):
            return _errored(-1, "request is not a JSON object with an integer seq")
        seq = request["seq"]
        try:
            return self.answer(seq, request)
        except Exception as e:  # a bug in a hook or the kit, not a run
            return _errored(seq, _describe(e), _trace())

    def answer_bytes(self, line: bytes) -> bytes:
        """Answer one request line (without its LF); return the answer as one
        protocol line, LF included. An answer too big to encode (MemoryError)
        becomes that request's ``errored``. Never raises."""
        answer = self.answer_line(line)
        try:
            return encode_answer(answer)
        except Exception as e:
            return encode_answer(_errored(answer["seq"], _describe(e), _trace()))

    def answer(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer the decoded request ``request`` whose ``seq`` is ``seq``.

        Everything but ``start`` is ``not started`` before a successful
        handshake (PROTOCOL.md, "start"); an unknown ``cmd`` is ``errored``.
        May raise what an ignore hook raises (answer_line answers it).
        """
        self._serving = True
        cmd = request.get("cmd")
        if cmd == "start":
            return self._start(seq, request)
        if not self.started:
            return _errored(seq, "not started")
        if cmd == "run":
            return self._run(seq, request)
        if cmd == "batch":
            return self._batch(seq, request)
        if cmd == "ignore":
            return self._ignore(seq, request)
        if cmd == "shift" and self._shifting():
            return self._shift(seq, request)
        if cmd == "guards":
            return {
                "seq": seq,
                "outcome": "guards",
                "guards": [
                    {"contract": contract, "code": code, "message": message}
                    for contract, t in self._tables.items()
                    for code, message in t.guards
                ],
            }
        return _errored(seq, "unknown command")

    def _start(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a handshake: ``started`` with ``features`` and the
        implementation, or ``refused`` for an unsupported version, which
        ends the session (PROTOCOL.md, "start"). A successful start begins
        a clean session: every ignore hook is called with the empty set."""
        version = request.get("protocol")
        if not (_is_int(version) and version in SUPPORTED):
            self.started = False
            return {
                "seq": seq,
                "outcome": "refused",
                "message": "unsupported protocol version",
                "supported": SUPPORTED,
            }
        self.started = True
        for t in self._tables.values():
            if t.ignore is not None:
                t.ignore(frozenset())
            if t.shift is not None:
                t.shift({})
        return {
            "seq": seq,
            "outcome": "started",
            "protocol": PROTOCOL,
            "features": FEATURES + ["shift"] if self._shifting() else FEATURES,
            "implementation": self.implementation(),
        }

    def _run(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a ``run`` request (PROTOCOL.md, "run"): the case's answer
        from run_case, with ``seq``; ``errored`` when contract or op is not
        a string."""
        contract = request.get("contract")
        op = request.get("op")
        if not isinstance(contract, str) or not isinstance(op, str):
            return _errored(seq, "run request needs string fields contract and op")
        return {"seq": seq, **self.run_case(contract, op, request.get("input"))}

    def _batch(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a ``batch`` request (PROTOCOL.md, "batch"): outcome
        ``batch`` with one run_case entry per case, in order.

        A request that is not a well-formed batch (``cases`` not a list of 1
        to 1024 objects, each with exactly the string members ``contract``,
        ``op`` and ``input``) is one ``errored`` answer, and none of its
        cases runs.
        """
        cases = request.get("cases")
        if not isinstance(cases, list) or not 1 <= len(cases) <= MAX_BATCH:
            return _errored(seq, f"batch request needs a list field cases of 1 to {MAX_BATCH} cases")
        # Checked in full before anything runs, so a malformed batch is one
        # errored answer however far into it the bad case is.
        for case in cases:
            if not (
                type(case) is dict
                and len(case) == 3
                and type(case.get("contract")) is str
                and type(case.get("op")) is str
                and type(case.get("input")) is str
            ):
                return _errored(
                    seq, "batch cases need exactly the string fields contract, op and input"
                )
        run_case = self.run_case
        return {
            "seq": seq,
            "outcome": "batch",
            "answers": [run_case(c["contract"], c["op"], c["input"]) for c in cases],
        }

    def _ignore(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer an ``ignore`` request (PROTOCOL.md, "ignore"): call every
        ignore hook with its contract's messages in the request (an empty
        set clears), and ``ack`` with the pairs no hook can honour (an
        unregistered contract, a message not in the contract's table, a
        contract without a hook), each once, in the order given."""
        entries = request.get("ignore")
        pairs: list[tuple[str, str]] = []
        if not isinstance(entries, list):
            return _errored(seq, "ignore request needs a list field ignore")
        for entry in entries:
            if not (
                isinstance(entry, dict)
                and isinstance(entry.get("contract"), str)
                and isinstance(entry.get("message"), str)
            ):
                return _errored(
                    seq, "ignore entries need string fields contract and message"
                )
            pairs.append((entry["contract"], entry["message"]))
        chosen: dict[str, set[str]] = {c: set() for c, t in self._tables.items() if t.ignore is not None}
        unknown: list[tuple[str, str]] = []
        for contract, message in pairs:
            messages = chosen.get(contract)
            if messages is not None and message in self._tables[contract].messages:
                messages.add(message)
            elif (contract, message) not in unknown:
                unknown.append((contract, message))
        for contract, messages in chosen.items():
            hook = self._tables[contract].ignore
            assert hook is not None
            hook(frozenset(messages))
        return {
            "seq": seq,
            "outcome": "ack",
            "unknown": [{"contract": c, "message": m} for c, m in unknown],
        }

    def _shifting(self) -> bool:
        """Whether any contract declared thresholds (the shift feature)."""
        return any(t.shift is not None for t in self._tables.values())

    def _shift(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a ``shift`` request (PROTOCOL.md, "shift"): call every
        shift hook with its contract's shifts in the request (an empty dict
        clears), and answer ``shifted`` with the entries no hook can honour
        (an undeclared contract or threshold), in the order given."""
        entries = request.get("shift")
        if not isinstance(entries, list):
            return _errored(seq, "shift request needs a list field shift")
        for entry in entries:
            if not (
                isinstance(entry, dict)
                and isinstance(entry.get("contract"), str)
                and isinstance(entry.get("threshold"), str)
                and _is_int(entry.get("by"))
            ):
                return _errored(seq, "shift entries need string fields contract and threshold and an integer by")
        chosen: dict[str, dict[str, int]] = {c: {} for c, t in self._tables.items() if t.shift is not None}
        unknown: list[dict[str, str]] = []
        for entry in entries:
            contract, threshold = entry["contract"], entry["threshold"]
            shifts = chosen.get(contract)
            if shifts is not None and threshold in self._tables[contract].thresholds:
                shifts[threshold] = shifts.get(threshold, 0) + entry["by"]
            else:
                unknown.append({"contract": contract, "threshold": threshold})
        for contract, shifts in chosen.items():
            hook = self._tables[contract].shift
            assert hook is not None
            hook(shifts)
        return {"seq": seq, "outcome": "shifted", "unknown": unknown}

    def run_case(self, contract: str, op: str, encoded: Any) -> dict[str, Any]:
        """Run one case; return its run answer without ``seq`` (PROTOCOL.md,
        "run"), which is also its ``batch`` entry (PROTOCOL.md, "batch").

        ``contract`` and ``op`` are strings; ``encoded`` is the request's
        ``input`` as decoded from JSON (a base64 string when well formed).
        Returns ``skipped`` for a pair not registered, ``errored`` for an
        input that is not a string of valid base64 or for an exception
        other than Refusal, and otherwise ``ok`` with the base64 output or
        ``refused`` with the message and, where the refusal says, ``at``.
        Never raises (but for what is not an Exception, such as
        KeyboardInterrupt).
        """
        operations = self._operations.get(contract)
        if operations is None:
            return _skipped_entry(f"contract {contract} is not implemented")
        function = operations.get(op)
        if function is None:
            return _skipped_entry(f"operation {op} of contract {contract} is not implemented")
        if type(encoded) is not str:
            return _errored_entry("run request needs a string field input")
        try:
            # Strict mode refuses exactly what base64.b64decode(validate=True)
            # refuses (characters outside the alphabet, bad or misplaced
            # padding), without its regular expression pass.
            data = _a2b_base64(encoded, strict_mode=True)
        except (binascii.Error, ValueError):  # ValueError: a non-ASCII str
            return _errored_entry("input is not valid base64")
        try:
            output = _b2a_base64(function(data), newline=False).decode("ascii")
        except Refusal as refusal:
            offset, pointer = refusal.offset, refusal.pointer
            if offset is None and pointer is None:
                return {"outcome": "refused", "message": refusal.message}
            at = _at(offset, pointer, len(data))
            if not at:
                return {"outcome": "refused", "message": refusal.message}
            return {"outcome": "refused", "message": refusal.message, "at": at}
        except Exception as e:  # RecursionError and MemoryError included
            return _errored_entry(_describe(e), _trace())
        return {"outcome": "ok", "output": output}

    def serve(self, in_fd: int, out_fd: int, read_size: int = READ_SIZE) -> int:
        """Answer every request line read from ``in_fd`` on ``out_fd``;
        return 0 when ``in_fd`` reaches end of file.

        Each read takes what is waiting (up to ``read_size`` bytes); the
        complete lines in it are answered in order, each answer written
        before the next line is started (PROTOCOL.md, the framing rules at
        the top: a held answer would have conform blame an innocent request
        when a later one hangs or kills the harness). A line cut by the read
        waits for its LF in the next one. A last line with no LF before end
        of file is still a request and is answered.
        """
        self._serving = True
        partial: list[bytes] = []  # the start of a line whose LF is still to come
        while True:
            chunk = os.read(in_fd, read_size)
            if not chunk:
                if partial:
                    write_all(out_fd, self.answer_bytes(b"".join(partial)))
                return 0
            lines = chunk.split(b"\n")
            if len(lines) == 1:  # no LF: a long line goes on in the next read
                partial.append(chunk)
                continue
            if partial:
                partial.append(lines[0])
                lines[0] = b"".join(partial)
                partial = []
            rest = lines.pop()
            if rest:
                partial.append(rest)
            for line in lines:
                write_all(out_fd, self.answer_bytes(line))

    def unknown(self) -> list[str]:
        """Return one line for each message of a refusal table declared
        with ``guards`` that the catalogue's table of its contract does not
        hold (a mapping from the library's refusals that was forgotten or
        misspelt: conform would count such a refusal unknown-message), in
        order of declaration (a contract the catalogue does not know is
        conform's to refuse, at the handshake). The catalogue is ``refusals.json`` beside this module,
        generated from conform's spec/catalogue.json (copy it with the
        module); without it, nothing. ``main`` writes these lines to stderr
        as warnings before it answers anything."""
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "refusals.json")
        try:
            with open(path, encoding="utf-8") as f:
                known = json.load(f)
        except (OSError, ValueError):
            return []
        out: list[str] = []
        for contract, table in self._tables.items():
            messages = known.get(contract) if isinstance(known, dict) else None
            if not isinstance(messages, list):
                continue  # conform refuses a handshake that announces it
            for _code, message in table.guards:
                if message not in messages:
                    out.append(f"{contract}: refusal message {json.dumps(message)} is not in the contract's refusal table")
        return out

    def main(self) -> int:
        """Serve stdin to stdout; return the exit status (0 at end of input
        or when conform closes stdout, 130 on SIGINT). stdout carries
        protocol lines only: anything the program prints goes to stderr,
        after a warning for each line of ``unknown``."""
        for warning in self.unknown():
            print(f"{self._identity['name']}: warning: {warning}", file=sys.stderr)
        in_fd, out_fd = sys.stdin.fileno(), sys.stdout.fileno()
        sys.stdout = sys.stderr
        try:
            return self.serve(in_fd, out_fd)
        except BrokenPipeError:
            return 0
        except KeyboardInterrupt:
            return 130


def _encode(value: Any) -> str:
    """Return ``value`` as compact ASCII JSON (what json.dumps gives with
    ensure_ascii and the compact separators)."""
    if _C_ENCODER is None:
        return _ENCODER.encode(value)
    return "".join(_C_ENCODER(value, 0))


# The start of encoded refused entries by message, up to the message's
# closing quote: refusal messages come from closed tables, so a batch's
# refused entries are nearly all cache hits. Bounded, so that code minting
# messages cannot grow it for ever.
_REFUSED_ENTRIES: dict[str, str] = {}
_REFUSED_ENTRIES_MAX = 4096
_REFUSED = ["outcome", "message"]
_REFUSED_AT = ["outcome", "message", "at"]


def _encode_entry(entry: dict[str, Any]) -> str:
    """Return one batch entry as compact ASCII JSON, byte for byte what
    _encode gives, without the encoder for the two common outcomes: ok
    (its output is base64, which needs no escaping) and refused (its
    message cached, its location encoded)."""
    outcome = entry["outcome"]
    if outcome == "ok":
        output: str = entry["output"]
        return '{"outcome":"ok","output":"' + output + '"}'
    if outcome == "refused" and list(entry) in (_REFUSED, _REFUSED_AT):
        message = entry["message"]
        head = _REFUSED_ENTRIES.get(message)
        if head is None:
            head = '{"outcome":"refused","message":' + _encode(message)
            if len(_REFUSED_ENTRIES) < _REFUSED_ENTRIES_MAX:
                _REFUSED_ENTRIES[message] = head
        if "at" in entry:
            return head + ',"at":' + _encode(entry["at"]) + "}"
        return head + "}"
    return _encode(entry)


def encode_answer(answer: dict[str, Any]) -> bytes:
    """Return ``answer`` as one protocol line: compact ASCII JSON and LF,
    byte for byte what json.dumps(answer, ensure_ascii=True,
    separators=(",", ":")) gives. A batch answer (seq, outcome, answers, in
    that order) is assembled entry by entry (_encode_entry): encoding is a
    third of the harness's own cost per case."""
    if answer.get("outcome") == "batch" and list(answer) == ["seq", "outcome", "answers"]:
        entries = ",".join([_encode_entry(e) for e in answer["answers"]])
        line = '{"seq":' + str(answer["seq"]) + ',"outcome":"batch","answers":[' + entries + "]}\n"
        return line.encode("ascii")
    return (_encode(answer) + "\n").encode("ascii")


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``, looping over partial writes."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]

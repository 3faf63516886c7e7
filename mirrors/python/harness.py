#!/usr/bin/env python3
"""conform harness for the Python mirror (mirrors/PROTOCOL.md, protocol 1).

Run as ``python3 mirrors/python/harness.py`` from any directory. Requests are
read from stdin as NDJSON and answered in order on stdout, and diagnostics go
to stderr. Each answer is written, one complete line, before the next request
is started, even when several arrived together (PROTOCOL.md, the framing
rules at the top). The process exits 0 when stdin closes, after answering
every line it read.

Commands served: ``start`` (announcing the optional ``batch`` in
``features``), ``run``, ``batch``, ``ignore`` and ``guards``.
"""

from __future__ import annotations

import binascii
import json
import json.encoder
import os
import platform
import sys
import traceback
from typing import Any

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from conform_mirror.contracts import GUARDS, OPERATIONS, unknown  # noqa: E402
from conform_mirror.refusal import Refusal, set_ignored  # noqa: E402

PROTOCOL = 1
SUPPORTED = [PROTOCOL]
FEATURES = ["batch"]
MAX_BATCH = 1024
MAX_MESSAGE_BYTES = 1024
MAX_TRACE_BYTES = 8192
MAX_REASON_BYTES = 1024
VERSION = "0.1.0"

# How much serve() asks os.read for at a time. A pipe hands over at most
# what it holds (64 KiB on Linux), so this bounds nothing in practice; it is
# large so that one read takes every request already waiting.
READ_SIZE = 1 << 20

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


def implementation() -> dict[str, Any]:
    """Return the handshake's ``implementation`` object (PROTOCOL.md, "start")."""
    return {
        "name": "conform-python",
        "language": "python",
        "language_version": platform.python_version(),
        "runtime": platform.python_implementation().lower(),
        "runtime_version": platform.python_version(),
        "version": VERSION,
        "contracts": {
            contract: sorted(ops) for contract, ops in OPERATIONS.items()
        },
    }


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
    message and trace cut to their bounds (PROTOCOL.md, "run")."""
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
    its bound (PROTOCOL.md, "run")."""
    return {"outcome": "skipped", "reason": bounded(reason, MAX_REASON_BYTES)}


def _is_int(value: Any) -> bool:
    """Return whether a decoded JSON value is an integer (``true`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Harness:
    """The protocol state machine: one request line in, one answer out."""

    def __init__(self) -> None:
        self.started = False
        set_ignored(())

    def answer_line(self, line: bytes) -> dict[str, Any]:
        """Answer one request line (without its LF); return the answer object.

        A line that is not a JSON object with an integer ``seq`` (or that ends
        in CR) is answered with ``seq`` -1 (PROTOCOL.md, "Anything else").
        """
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
        except Exception as e:  # a bug in the harness itself, not a run
            return _errored(seq, _describe(e), _trace())

    def answer_bytes(self, line: bytes) -> bytes:
        """Answer one request line (without its LF); return the answer as one
        protocol line, LF included. An answer too big to encode (MemoryError)
        becomes that request's ``errored``."""
        answer = self.answer_line(line)
        try:
            return encode_answer(answer)
        except Exception as e:
            return encode_answer(_errored(answer["seq"], _describe(e), _trace()))

    def answer(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer the decoded request ``request`` whose ``seq`` is ``seq``.

        Everything but ``start`` is ``not started`` before a successful
        handshake (PROTOCOL.md, "start"); an unknown ``cmd`` is ``errored``.
        """
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
        if cmd == "guards":
            return {
                "seq": seq,
                "outcome": "guards",
                "guards": [
                    {"contract": g.contract, "code": g.code, "message": g.message}
                    for g in GUARDS
                ],
            }
        return _errored(seq, "unknown command")

    def _start(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a handshake: ``started`` with ``features`` and the
        implementation, or ``refused`` for an unsupported version, which
        ends the session (PROTOCOL.md, "start")."""
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
        set_ignored(())  # a handshake begins a clean session
        return {
            "seq": seq,
            "outcome": "started",
            "protocol": PROTOCOL,
            "features": FEATURES,
            "implementation": implementation(),
        }

    def _run(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a ``run`` request (PROTOCOL.md, "run"): the case's answer
        from run_case, with ``seq``; ``errored`` when contract or op is not
        a string."""
        contract = request.get("contract")
        op = request.get("op")
        if not isinstance(contract, str) or not isinstance(op, str):
            return _errored(seq, "run request needs string fields contract and op")
        return {"seq": seq, **run_case(contract, op, request.get("input"))}

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
        return {
            "seq": seq,
            "outcome": "batch",
            "answers": [run_case(c["contract"], c["op"], c["input"]) for c in cases],
        }

    def _ignore(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        """Answer an ``ignore`` request: replace the ignore set and ``ack``
        with the pairs no guard has (PROTOCOL.md, "ignore")."""
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
        set_ignored(pairs)
        return {
            "seq": seq,
            "outcome": "ack",
            "unknown": [{"contract": c, "message": m} for c, m in unknown(pairs)],
        }


def run_case(contract: str, op: str, encoded: Any) -> dict[str, Any]:
    """Run one case; return its run answer without ``seq`` (PROTOCOL.md,
    "run"), which is also its ``batch`` entry (PROTOCOL.md, "batch").

    ``contract`` and ``op`` are strings; ``encoded`` is the request's
    ``input`` as decoded from JSON (a base64 string when well formed).
    Returns ``skipped`` for an operation this mirror lacks, ``errored`` for
    an input that is not a string of valid base64 or for an exception, and
    otherwise ``ok`` with the base64 output or ``refused`` with the
    contract's message and, where the refusal says, its location ``at``.
    """
    operations = OPERATIONS.get(contract)
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
        if refusal.location is None:
            return {"outcome": "refused", "message": refusal.message}
        return {"outcome": "refused", "message": refusal.message, "at": refusal.location.answer()}
    except Exception as e:  # RecursionError and MemoryError included
        return _errored_entry(_describe(e), _trace())
    return {"outcome": "ok", "output": output}


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


def _encode(value: Any) -> str:
    """Return ``value`` as compact ASCII JSON (what json.dumps gives with
    ensure_ascii and the compact separators)."""
    if _C_ENCODER is None:
        return _ENCODER.encode(value)
    return "".join(_C_ENCODER(value, 0))


# The start of encoded refused entries by message, up to the message's
# closing quote: refusal messages come from the closed tables, so a batch's
# refused entries are nearly all cache hits. Bounded, so that a mirror bug
# minting messages cannot grow it for ever.
_REFUSED_ENTRIES: dict[str, str] = {}
_REFUSED_ENTRIES_MAX = 4096


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


_REFUSED = ["outcome", "message"]
_REFUSED_AT = ["outcome", "message", "at"]


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


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``, looping over partial writes."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def serve(in_fd: int, out_fd: int, read_size: int = READ_SIZE) -> int:
    """Answer every request line read from ``in_fd`` on ``out_fd``; return
    0 when ``in_fd`` reaches end of file.

    Each read takes what is waiting (up to ``read_size`` bytes); the
    complete lines in it are answered in order, each answer written before
    the next line is started (PROTOCOL.md, the framing rules at the top: a
    held answer would have conform blame an innocent request when a later
    one hangs or kills the harness). A line cut by the read waits for its LF
    in the next one. A last line with no LF before end of file is still a
    request and is answered.
    """
    harness = Harness()
    partial: list[bytes] = []  # the start of a line whose LF is still to come
    while True:
        chunk = os.read(in_fd, read_size)
        if not chunk:
            if partial:
                _write_all(out_fd, harness.answer_bytes(b"".join(partial)))
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
            _write_all(out_fd, harness.answer_bytes(line))


def main() -> int:
    """Serve stdin to stdout; return the exit status (0 at end of input or
    when conform closes stdout, 130 on SIGINT)."""
    in_fd, out_fd = sys.stdin.fileno(), sys.stdout.fileno()
    # stdout carries protocol lines only: serve() writes to its descriptor,
    # and anything printed by mistake goes to stderr.
    sys.stdout = sys.stderr
    try:
        return serve(in_fd, out_fd)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

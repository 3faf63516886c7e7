#!/usr/bin/env python3
"""conform harness for the Python mirror (mirrors/PROTOCOL.md, protocol 1).

Run as ``python3 mirrors/python/harness.py`` from any directory. Requests are
read from stdin as NDJSON, answered in order on stdout (one complete line per
answer, flushed before the next read), and diagnostics go to stderr. The
process exits 0 when stdin closes, after answering every line it read.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import platform
import sys
import traceback
from typing import Any, BinaryIO

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from conform_mirror import OPERATIONS  # noqa: E402
from conform_mirror.refusal import GUARDS, Refusal, set_ignored  # noqa: E402

PROTOCOL = 1
SUPPORTED = [PROTOCOL]
MAX_MESSAGE_BYTES = 1024
MAX_TRACE_BYTES = 8192
MAX_REASON_BYTES = 1024
VERSION = "0.1.0"


def implementation() -> dict[str, Any]:
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
    ``keep="tail"`` keeps the end instead of the beginning.
    """
    raw = text.encode("utf-8", "backslashreplace")
    if len(raw) <= limit:
        return raw.decode("utf-8")
    if keep == "tail":
        return raw[len(raw) - limit :].decode("utf-8", "ignore")
    return raw[:limit].decode("utf-8", "ignore")


def _errored(seq: int, message: str, trace: str = "") -> dict[str, Any]:
    return {
        "seq": seq,
        "outcome": "errored",
        "message": bounded(message, MAX_MESSAGE_BYTES),
        "trace": bounded(trace, MAX_TRACE_BYTES, keep="tail"),
    }


def _skipped(seq: int, reason: str) -> dict[str, Any]:
    return {"seq": seq, "outcome": "skipped", "reason": bounded(reason, MAX_REASON_BYTES)}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Harness:
    """The protocol state machine: one request line in, one answer out."""

    def __init__(self) -> None:
        self.started = False
        set_ignored(())

    def answer_line(self, line: bytes) -> dict[str, Any]:
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

    def answer(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        cmd = request.get("cmd")
        if cmd == "start":
            return self._start(seq, request)
        if not self.started:
            return _errored(seq, "not started")
        if cmd == "run":
            return self._run(seq, request)
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
            "implementation": implementation(),
        }

    def _run(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
        contract = request.get("contract")
        op = request.get("op")
        encoded = request.get("input")
        if not isinstance(contract, str) or not isinstance(op, str):
            return _errored(seq, "run request needs string fields contract and op")
        operations = OPERATIONS.get(contract)
        if operations is None:
            return _skipped(seq, f"contract {contract} is not implemented")
        function = operations.get(op)
        if function is None:
            return _skipped(seq, f"operation {op} of contract {contract} is not implemented")
        if not isinstance(encoded, str):
            return _errored(seq, "run request needs a string field input")
        try:
            data = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            return _errored(seq, "input is not valid base64")
        try:
            output = base64.b64encode(function(data)).decode("ascii")
        except Refusal as refusal:
            return {"seq": seq, "outcome": "refused", "message": refusal.message}
        except Exception as e:  # RecursionError and MemoryError included
            return _errored(seq, _describe(e), _trace())
        return {"seq": seq, "outcome": "ok", "output": output}

    def _ignore(self, seq: int, request: dict[str, Any]) -> dict[str, Any]:
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
        unknown = set_ignored(pairs)
        return {
            "seq": seq,
            "outcome": "ack",
            "unknown": [{"contract": c, "message": m} for c, m in unknown],
        }


def _describe(e: BaseException) -> str:
    text = str(e)
    name = type(e).__name__
    return f"{name}: {text}" if text else name


def _trace() -> str:
    try:
        return traceback.format_exc()
    except Exception:  # formatting can fail under MemoryError
        return ""


def encode_answer(answer: dict[str, Any]) -> bytes:
    return (
        json.dumps(answer, ensure_ascii=True, separators=(",", ":")).encode("ascii")
        + b"\n"
    )


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    harness = Harness()
    while True:
        line = stdin.readline()
        if not line:
            return 0
        if line.endswith(b"\n"):
            line = line[:-1]
        answer = harness.answer_line(line)
        try:
            raw = encode_answer(answer)
        except Exception as e:  # e.g. MemoryError on a huge output
            raw = encode_answer(_errored(answer["seq"], _describe(e), _trace()))
        stdout.write(raw)
        stdout.flush()


def main() -> int:
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    # stdout carries protocol lines only: anything printed by mistake goes
    # to stderr.
    sys.stdout = sys.stderr
    try:
        return serve(stdin, stdout)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

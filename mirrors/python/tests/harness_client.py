"""Driving the harness as conform does, for the tests (mirrors/PROTOCOL.md,
protocol 1): request lines, a pipelined exchange through a subprocess that
checks every answer line against the protocol, and a live conversation
one request at a time; and sample cases of every registered contract, taken
from the vectors."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

import vectorset
from conform_mirror import contracts

HERE = Path(__file__).resolve().parents[1]
HARNESS = HERE / "harness.py"

# Every field an answer may carry, per outcome (conform rejects unknown
# ones); "at" is the optional location of a refusal.
FIELDS = {
    "started": {"seq", "outcome", "protocol", "features", "implementation"},
    "batch": {"seq", "outcome", "answers"},
    "refused": {"seq", "outcome", "message"},
    "ok": {"seq", "outcome", "output"},
    "errored": {"seq", "outcome", "message", "trace"},
    "skipped": {"seq", "outcome", "reason"},
    "ack": {"seq", "outcome", "unknown"},
    "guards": {"seq", "outcome", "guards"},
}
RUN_OUTCOMES = {"ok", "refused", "errored", "skipped"}


def b64(data: bytes) -> str:
    """Standard base64 with padding, as the protocol carries bytes."""
    return base64.b64encode(data).decode("ascii")


def line(obj: Any) -> bytes:
    """One compact request line, LF included."""
    return json.dumps(obj, separators=(",", ":")).encode("ascii") + b"\n"


def start(seq: int = 0, protocol: Any = 1) -> bytes:
    """A handshake line."""
    return line({"cmd": "start", "seq": seq, "protocol": protocol})


def run(seq: int, contract: str, op: str, data: Any) -> bytes:
    """A run request line; data is bytes (encoded) or anything else (sent as
    it is)."""
    return line({"cmd": "run", "seq": seq, "contract": contract, "op": op,
                 "input": b64(data) if isinstance(data, bytes) else data})


def batch(seq: int, cases: Iterable[tuple[str, str, Any]]) -> bytes:
    """A batch request line; cases are (contract, op, data) triples, data
    bytes (encoded) or anything else (sent as it is)."""
    return line({"cmd": "batch", "seq": seq, "cases": [
        {"contract": c, "op": o, "input": b64(d) if isinstance(d, bytes) else d}
        for c, o, d in cases
    ]})


def check_location(at: Any, input_length: Optional[int] = None) -> None:
    """Assert that ``at`` is a refusal location (PROTOCOL.md, "run"):
    offset (0 to the input's length) and/or pointer (RFC 6901, at most 1024
    bytes), nothing else."""
    assert isinstance(at, dict) and at and set(at) <= {"offset", "pointer"}, at
    if "offset" in at:
        assert type(at["offset"]) is int and at["offset"] >= 0, at
        if input_length is not None:
            assert at["offset"] <= input_length, (at, input_length)
    if "pointer" in at:
        pointer = at["pointer"]
        assert isinstance(pointer, str) and len(pointer.encode("utf-8")) <= 1024, at
        assert pointer == "" or pointer.startswith("/"), at


def check_entry(entry: dict[str, Any]) -> None:
    """Assert that entry is a run answer without seq, within its bounds
    (PROTOCOL.md, "run" and "batch")."""
    assert entry["outcome"] in RUN_OUTCOMES, entry
    fields = set(entry)
    if entry["outcome"] == "refused" and "at" in entry:
        check_location(entry["at"])
        fields.discard("at")
    assert fields == FIELDS[entry["outcome"]] - {"seq"}, entry
    for field, limit in (("message", 1024), ("trace", 8192), ("reason", 1024)):
        if field in entry and entry["outcome"] != "refused":
            assert len(entry[field].encode()) <= limit, entry
    if entry["outcome"] == "ok":  # canonical base64
        assert b64(base64.b64decode(entry["output"], validate=True)) == entry["output"]


def exchange(payload: bytes, cwd: Optional[str] = None, timeout: float = 120) -> list[dict[str, Any]]:
    """Send everything at once (pipelined), close stdin, read every answer,
    each checked against the protocol."""
    proc = subprocess.run(
        [sys.executable, str(HARNESS)], input=payload, capture_output=True,
        cwd=cwd or tempfile.gettempdir(), timeout=timeout,
    )
    if proc.returncode != 0:
        raise AssertionError(f"exit {proc.returncode}: {proc.stderr[-2000:]!r}")
    out = proc.stdout
    assert out == b"" or out.endswith(b"\n"), "last answer is not a complete line"
    answers = []
    for raw in out.split(b"\n")[:-1]:
        assert not raw.endswith(b"\r")
        answer = json.loads(raw)
        assert isinstance(answer, dict)
        assert type(answer["seq"]) is int
        if answer["outcome"] == "refused" and "supported" in answer:  # a start refused
            assert set(answer) == FIELDS["refused"] | {"supported"}, answer
        elif answer["outcome"] in RUN_OUTCOMES:
            check_entry({k: v for k, v in answer.items() if k != "seq"})
        else:
            assert set(answer) == FIELDS[answer["outcome"]], answer
        if answer["outcome"] == "batch":
            for entry in answer["answers"]:
                check_entry(entry)
        answers.append(answer)
    return answers


def converse(test: unittest.TestCase, requests: list[bytes],
             check: Callable[[int, dict[str, Any]], None]) -> None:
    """Start a live harness, handshake, then send each request (seq 1, 2,
    ...) only after the previous answer came back, calling check(seq,
    answer) on each; the harness must then exit 0 on closed stdin."""
    with subprocess.Popen([sys.executable, str(HARNESS)], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(start())
            proc.stdin.flush()
            test.assertEqual(json.loads(proc.stdout.readline())["outcome"], "started")
            for seq, request in enumerate(requests, 1):
                proc.stdin.write(request)
                proc.stdin.flush()
                check(seq, json.loads(proc.stdout.readline()))
            proc.stdin.close()
            test.assertEqual(proc.stdout.read(), b"")
            test.assertEqual(proc.wait(timeout=30), 0)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def without_seq(answer: dict[str, Any]) -> dict[str, Any]:
    """A run answer as a batch entry."""
    return {k: v for k, v in answer.items() if k != "seq"}


def samples() -> tuple[list[vectorset.Case], list[vectorset.Case]]:
    """For every registered contract in order, its golden ok vector and its
    golden refused vector with the shortest inputs (the first of equals):
    (the ok ones, the refused ones)."""
    cases = [c for c in vectorset.load() if not c.finding]
    oks: list[vectorset.Case] = []
    refused: list[vectorset.Case] = []
    for contract in contracts.OPERATIONS:
        mine = [c for c in cases if c.contract == contract]
        for kind, out in (("ok", oks), ("refused", refused)):
            of_kind = [c for c in mine if c.expect == kind]
            if not of_kind:
                raise AssertionError(f"{contract} has no golden {kind} vector")
            out.append(min(of_kind, key=lambda c: len(c.input)))
    return oks, refused


def expected_entry(case: vectorset.Case) -> dict[str, Any]:
    """The run answer (without seq and location) a vector requires."""
    if case.expect == "ok":
        assert case.output is not None
        return {"outcome": "ok", "output": b64(case.output)}
    return {"outcome": "refused", "message": case.message}


def without_at(entry: dict[str, Any]) -> dict[str, Any]:
    """A run answer without its optional location."""
    return {k: v for k, v in entry.items() if k != "at"}

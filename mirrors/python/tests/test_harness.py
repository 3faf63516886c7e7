"""The harness, driven through a subprocess as conform drives it
(mirrors/PROTOCOL.md, protocol 1)."""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import os
import platform
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
from conform_mirror.refusal import GUARDS  # noqa: E402

HARNESS = HERE / "harness.py"

# Every field an answer may carry, per outcome (conform rejects unknown ones).
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


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def line(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode("ascii") + b"\n"


def start(seq: int = 0, protocol=1) -> bytes:
    return line({"cmd": "start", "seq": seq, "protocol": protocol})


def run(seq: int, contract: str, op: str, data: bytes) -> bytes:
    return line({"cmd": "run", "seq": seq, "contract": contract, "op": op, "input": b64(data)})


def exchange(payload: bytes, cwd: str | None = None, timeout: float = 120) -> list[dict]:
    """Send everything at once (pipelined), close stdin, read every answer."""
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
        fields = set(answer)
        if answer["outcome"] == "refused" and "supported" in answer:  # a start refused
            fields.discard("supported")
        assert fields == FIELDS[answer["outcome"]], answer
        assert type(answer["seq"]) is int
        if answer["outcome"] == "batch":
            for entry in answer["answers"]:
                check_entry(entry)
        elif answer["outcome"] in RUN_OUTCOMES and "supported" not in answer:
            check_entry({k: v for k, v in answer.items() if k != "seq"})
        answers.append(answer)
    return answers


RUN_OUTCOMES = {"ok", "refused", "errored", "skipped"}


def check_entry(entry: dict) -> None:
    """Assert that entry is a run answer without seq, within its bounds
    (PROTOCOL.md, "run" and "batch")."""
    assert entry["outcome"] in RUN_OUTCOMES, entry
    assert set(entry) == FIELDS[entry["outcome"]] - {"seq"}, entry
    for field, limit in (("message", 1024), ("trace", 8192), ("reason", 1024)):
        if field in entry and entry["outcome"] != "refused":
            assert len(entry[field].encode()) <= limit, entry
    if entry["outcome"] == "ok":  # canonical base64
        assert b64(base64.b64decode(entry["output"], validate=True)) == entry["output"]


def batch(seq: int, cases) -> bytes:
    """A batch request line; cases are (contract, op, data) triples, data
    bytes (encoded) or anything else (sent as it is)."""
    return line({"cmd": "batch", "seq": seq, "cases": [
        {"contract": c, "op": o, "input": b64(d) if isinstance(d, bytes) else d}
        for c, o, d in cases
    ]})



def converse(test: unittest.TestCase, requests: list[bytes], check) -> None:
    """Start a live harness, handshake, then send each request (seq 1, 2,
    ...) only after the previous answer came back, calling check(seq,
    answer) on each; the harness must then exit 0 on closed stdin."""
    with subprocess.Popen([sys.executable, str(HARNESS)], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as proc:
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

class Protocol(unittest.TestCase):
    def test_handshake(self) -> None:
        (answer,) = exchange(start())
        self.assertEqual(answer["seq"], 0)
        self.assertEqual(answer["outcome"], "started")
        self.assertEqual(answer["protocol"], 1)
        self.assertEqual(answer["features"], ["batch"])
        self.assertEqual(answer["implementation"], {
            "name": "conform-python",
            "language": "python",
            "language_version": platform.python_version(),
            "runtime": "cpython",
            "runtime_version": platform.python_version(),
            "version": "0.1.0",
            "contracts": {
                "rfc8785/1": ["canonicalize"],
                "pyjson-ascii/1": ["encode"],
                "frame/1": ["lex"],
                "prim/1": ["base64url", "integer", "positive-integer", "safe-display",
                           "sorted-set", "string", "timestamp", "tool-list", "utf8-length"],
                "ticker/1": ["closed-masked-label", "equity-ticker", "masked-label-v1", "symbol"],
                "v8date/1": ["parse"],
                "ed25519/1": ["verify"],
                "digest/1": ["arguments-digest", "digest", "schema-digest", "signing-input"],
            },
        })

    def test_pipelined_in_order(self) -> None:
        requests = [start()]
        expected = []
        inputs = [
            ("rfc8785/1", "canonicalize", b'{"b":1,"a":2}', ("ok", b'{"a":2,"b":1}')),
            ("rfc8785/1", "canonicalize", b'{"a":1,"a":2}', ("refused", "duplicate member name")),
            ("pyjson-ascii/1", "encode", '{"\u00e9":1e16}'.encode(), ("ok", b'{"\\u00e9":1e+16}')),
            ("pyjson-ascii/1", "encode", b"[1,]", ("refused", "input is not valid JSON")),
            ("frame/1", "lex", b'{"a":1}', ("ok", b"")),
            ("frame/1", "lex", b"[]", ("refused", "frame is not a JSON object")),
            ("prim/1", "integer", b"9007199254740991", ("ok", b"9007199254740991")),
            ("ticker/1", "symbol", b'"spy"', ("refused", "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$")),
            ("v8date/1", "parse", b'"1970-01-01T00:00:00.001Z"', ("ok", b"1")),
            ("ed25519/1", "verify", b'{"key":"","sig":"","msg":""}', ("refused", "public key is not 32 bytes")),
            ("digest/1", "schema-digest", b"[]", ("refused", "input has the wrong shape")),
            ("digest/1", "signing-input", b'{"schema_id":"s","omit":[],"object":{}}', ("ok", b"s\n{}")),
        ]
        for i in range(200):
            contract, op, data, result = inputs[i % len(inputs)]
            requests.append(run(i + 1, contract, op, data))
            expected.append(result)
        answers = exchange(b"".join(requests))
        self.assertEqual(len(answers), 201)
        self.assertEqual([a["seq"] for a in answers], list(range(201)))
        for answer, (outcome, value) in zip(answers[1:], expected):
            self.assertEqual(answer["outcome"], outcome)
            if outcome == "ok":
                self.assertEqual(base64.b64decode(answer["output"]), value)
                self.assertEqual(b64(base64.b64decode(answer["output"])), answer["output"])
            else:
                self.assertEqual(answer["message"], value)

    def test_one_at_a_time(self) -> None:
        # Each answer is flushed before the harness blocks to read again.
        converse(self, [run(seq, "frame/1", "lex", b"{}") for seq in range(1, 6)],
                 lambda seq, answer: self.assertEqual((answer["seq"], answer["outcome"]), (seq, "ok")))

    def test_unsupported_version(self) -> None:
        answers = exchange(
            start(0, 2) + run(1, "frame/1", "lex", b"{}") + start(2, "1") + start(3, True)
            + start(4, 1) + run(5, "frame/1", "lex", b"{}")
        )
        refused = {"seq": 0, "outcome": "refused", "message": "unsupported protocol version", "supported": [1]}
        self.assertEqual(answers[0], refused)
        self.assertEqual(answers[1], {"seq": 1, "outcome": "errored", "message": "not started", "trace": ""})
        self.assertEqual(answers[2]["outcome"], "refused")
        self.assertEqual(answers[3]["outcome"], "refused")
        self.assertEqual(answers[4]["outcome"], "started")
        self.assertEqual(answers[5]["outcome"], "ok")

    def test_failed_start_stops_the_session(self) -> None:
        answers = exchange(start() + start(1, 99) + run(2, "frame/1", "lex", b"{}"))
        self.assertEqual([a["outcome"] for a in answers], ["started", "refused", "errored"])
        self.assertEqual(answers[2]["message"], "not started")

    def test_not_started(self) -> None:
        answers = exchange(line({"cmd": "guards", "seq": 0}) + run(1, "frame/1", "lex", b"{}"))
        for seq, answer in enumerate(answers):
            self.assertEqual(answer, {"seq": seq, "outcome": "errored", "message": "not started", "trace": ""})

    def test_unknown_command(self) -> None:
        answers = exchange(start() + line({"cmd": "dance", "seq": 1}) + line({"seq": 2}))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "errored", "message": "unknown command", "trace": ""})
        self.assertEqual(answers[2], {"seq": 2, "outcome": "errored", "message": "unknown command", "trace": ""})

    def test_malformed_lines(self) -> None:
        bad = [b"garbage", b"", b"[]", b"1", b'{"seq":"1"}', b'{"seq":true}', b'{"seq":1.0}',
               b'{"cmd":"start"}', b'{"seq":1,"cmd":"guards"}\r', b"\xff\xfe", b'{"seq":1' ]
        answers = exchange(start() + b"\n".join(bad) + b"\n")
        self.assertEqual(len(answers), 1 + len(bad))
        for answer in answers[1:]:
            self.assertEqual(answer["seq"], -1)
            self.assertEqual(answer["outcome"], "errored")

    def test_last_line_without_newline(self) -> None:
        answers = exchange(start() + run(1, "frame/1", "lex", b"{}").rstrip(b"\n"))
        self.assertEqual([a["outcome"] for a in answers], ["started", "ok"])

    def test_empty_stdin(self) -> None:
        self.assertEqual(exchange(b""), [])

    def test_guards(self) -> None:
        answers = exchange(start() + line({"cmd": "guards", "seq": 1}))
        self.assertEqual(answers[1]["outcome"], "guards")
        self.assertEqual(answers[1]["guards"], [
            {"contract": g.contract, "code": g.code, "message": g.message} for g in GUARDS
        ])
        self.assertEqual(len(answers[1]["guards"]), 75)

    def test_ignore(self) -> None:
        big = b'{"a":"' + b"x" * 262200 + b'"}'
        answers = exchange(
            start()
            + run(1, "frame/1", "lex", big)
            + line({"cmd": "ignore", "seq": 2, "ignore": [
                {"contract": "frame/1", "message": "frame exceeds 262144 bytes"},
                {"contract": "frame/1", "message": "no such guard"},
                {"contract": "rfc8785/1", "message": "frame exceeds 262144 bytes"},
            ]})
            + run(3, "frame/1", "lex", big)
            + run(4, "frame/1", "lex", b"[]")
            + line({"cmd": "ignore", "seq": 5, "ignore": [
                {"contract": "rfc8785/1", "message": "duplicate member name"}]})
            + run(6, "frame/1", "lex", big)
            + run(7, "rfc8785/1", "canonicalize", b'{"a":1,"a":2}')
            + line({"cmd": "ignore", "seq": 8, "ignore": []})
            + run(9, "rfc8785/1", "canonicalize", b'{"a":1,"a":2}')
            + line({"cmd": "ignore", "seq": 10, "ignore": [{"contract": "frame/1"}]})
            + line({"cmd": "ignore", "seq": 11})
        )
        self.assertEqual(answers[1]["message"], "frame exceeds 262144 bytes")
        self.assertEqual(answers[2], {"seq": 2, "outcome": "ack", "unknown": [
            {"contract": "frame/1", "message": "no such guard"},
            {"contract": "rfc8785/1", "message": "frame exceeds 262144 bytes"},
        ]})
        self.assertEqual(answers[3]["outcome"], "ok")
        self.assertEqual(answers[4]["message"], "frame is not a JSON object")
        self.assertEqual(answers[5], {"seq": 5, "outcome": "ack", "unknown": []})
        self.assertEqual(answers[6]["message"], "frame exceeds 262144 bytes")  # replaced, not added
        self.assertEqual(base64.b64decode(answers[7]["output"]), b'{"a":2}')
        self.assertEqual(answers[9]["message"], "duplicate member name")
        self.assertEqual(answers[10]["outcome"], "errored")
        self.assertEqual(answers[11]["outcome"], "errored")

    def test_skipped(self) -> None:
        answers = exchange(start() + run(1, "ed25519/2", "verify", b"") + run(2, "frame/1", "parse", b"")
                           + run(3, "x" * 5000, "y", b""))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "skipped", "reason": "contract ed25519/2 is not implemented"})
        self.assertEqual(answers[2], {"seq": 2, "outcome": "skipped",
                                      "reason": "operation parse of contract frame/1 is not implemented"})
        self.assertLessEqual(len(answers[3]["reason"].encode()), 1024)

    def test_bad_run_fields(self) -> None:
        answers = exchange(
            start()
            + line({"cmd": "run", "seq": 1, "contract": "frame/1", "op": "lex", "input": "e30"})
            + line({"cmd": "run", "seq": 2, "contract": "frame/1", "op": "lex", "input": "e3 0="})
            + line({"cmd": "run", "seq": 3, "contract": "frame/1", "op": "lex"})
            + line({"cmd": "run", "seq": 4, "op": "lex", "input": "e30="})
            + line({"cmd": "run", "seq": 5, "contract": "frame/1", "op": "lex", "input": "e30="})
        )
        self.assertEqual([a["outcome"] for a in answers[1:]], ["errored"] * 4 + ["ok"])

    def test_errored_is_bounded(self) -> None:
        # With the depth pre-scan ignored, CPython's json hits its recursion
        # limit: an implementation failure, not a refusal.
        deep = b"[" * 100000 + b"]" * 100000
        answers = exchange(
            start()
            + line({"cmd": "ignore", "seq": 1, "ignore": [
                {"contract": "pyjson-ascii/1", "message": "nesting exceeds depth 128"}]})
            + run(2, "pyjson-ascii/1", "encode", deep)
            + run(3, "pyjson-ascii/1", "encode", b"[1]")
        )
        answer = answers[2]
        self.assertEqual(answer["outcome"], "errored")
        self.assertTrue(answer["message"].startswith("RecursionError"), answer["message"])
        self.assertLessEqual(len(answer["message"].encode()), 1024)
        self.assertLessEqual(len(answer["trace"].encode()), 8192)
        self.assertIn("RecursionError", answer["trace"])
        self.assertEqual(answers[3]["outcome"], "ok")

    def test_large_lines(self) -> None:
        text = b'{"k":"' + "\u00e9".encode() * 3_000_000 + b'","a":[' + b"1," * 1_000_000 + b"0]}"
        answers = exchange(start() + run(1, "rfc8785/1", "canonicalize", text)
                           + run(2, "pyjson-ascii/1", "encode", text))
        self.assertEqual(answers[1]["outcome"], "ok")
        out = base64.b64decode(answers[1]["output"])
        self.assertTrue(out.startswith(b'{"a":[1,1,'))
        self.assertEqual(len(out), len(text))
        self.assertEqual(answers[2]["outcome"], "ok")

    def test_from_any_cwd(self) -> None:
        with tempfile.TemporaryDirectory() as cwd:
            (answer,) = exchange(start(), cwd=cwd)
            self.assertEqual(answer["outcome"], "started")


# One case of each kind a run can end in: ok and refused from several
# contracts, skipped (unknown contract or operation), errored for input that
# is not a base64 string (bad padding, a space, excess padding, leading
# padding, a non-ASCII character) and for an implementation crash (the
# RecursionError of test_errored_is_bounded, with the depth guard ignored).
MIXED = [
    ("rfc8785/1", "canonicalize", b'{"b":1,"a":2}'),
    ("rfc8785/1", "canonicalize", b'{"a":1,"a":2}'),
    ("pyjson-ascii/1", "encode", '{"\u00e9":1e16}'.encode()),
    ("frame/1", "lex", b"[]"),
    ("prim/1", "timestamp", b'"2024-01-02T03:04:05.006Z"'),
    ("prim/1", "timestamp", b'"2024-02-30T03:04:05.006Z"'),
    ("prim/1", "integer", b"9007199254740991"),
    ("ticker/1", "symbol", b'"spy"'),
    ("v8date/1", "parse", b'"1970-01-01T00:00:00.001Z"'),
    ("digest/1", "signing-input", b'{"schema_id":"s","omit":[],"object":{}}'),
    ("ed25519/2", "verify", b""),
    ("frame/1", "parse", b""),
    ("x" * 5000, "y", b""),
    ("frame/1", "lex", "e30"),
    ("frame/1", "lex", "e3 0="),
    ("frame/1", "lex", "e30=="),
    ("frame/1", "lex", "=e30"),
    ("frame/1", "lex", "\u00e930="),
    ("frame/1", "lex", ""),
    ("pyjson-ascii/1", "encode", b"[" * 100000 + b"]" * 100000),
    ("pyjson-ascii/1", "encode", b"[1]"),
]
IGNORE_DEPTH = line({"cmd": "ignore", "seq": 1, "ignore": [
    {"contract": "pyjson-ascii/1", "message": "nesting exceeds depth 128"}]})


def without_seq(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "seq"}


class Batch(unittest.TestCase):
    def test_entries_are_run_answers(self) -> None:
        # The same cases as runs, as one batch, and as batches of 1, 2 and
        # 5: every entry is the run answer without seq.
        runs = b"".join(run(2 + i, c, o, d) if isinstance(d, bytes) else
                        line({"cmd": "run", "seq": 2 + i, "contract": c, "op": o, "input": d})
                        for i, (c, o, d) in enumerate(MIXED))
        answers = exchange(start() + IGNORE_DEPTH + runs)
        expected = [without_seq(a) for a in answers[2:]]
        self.assertEqual([a["seq"] for a in answers[2:]], list(range(2, 2 + len(MIXED))))
        self.assertEqual([e["outcome"] for e in expected], [
            "ok", "refused", "ok", "refused", "ok", "refused", "ok", "refused", "ok", "ok",
            "skipped", "skipped", "skipped",
            "errored", "errored", "errored", "errored", "errored", "refused",
            "errored", "ok",
        ])
        self.assertTrue(expected[-2]["message"].startswith("RecursionError"), expected[-2])
        self.assertEqual(expected[-1]["outcome"], "ok")
        for size in (len(MIXED), 1, 2, 5):
            chunks = [MIXED[k:k + size] for k in range(0, len(MIXED), size)]
            got = exchange(start() + IGNORE_DEPTH
                           + b"".join(batch(2 + i, cases) for i, cases in enumerate(chunks)))
            self.assertEqual([a["seq"] for a in got], list(range(2 + len(chunks))))
            entries = []
            for answer, cases in zip(got[2:], chunks):
                self.assertEqual(answer["outcome"], "batch")
                self.assertEqual(len(answer["answers"]), len(cases))
                entries += answer["answers"]
            self.assertEqual(entries, expected, size)

    def test_mixed_with_runs_in_order(self) -> None:
        answers = exchange(
            start()
            + run(1, "prim/1", "integer", b"1")
            + batch(2, [("prim/1", "integer", str(i).encode()) for i in range(3)])
            + run(3, "prim/1", "integer", b"x")
            + batch(4, [("prim/1", "integer", b"7")])
        )
        self.assertEqual([(a["seq"], a["outcome"]) for a in answers],
                         [(0, "started"), (1, "ok"), (2, "batch"), (3, "refused"), (4, "batch")])
        self.assertEqual([base64.b64decode(e["output"]) for e in answers[2]["answers"]], [b"0", b"1", b"2"])
        self.assertEqual(answers[4]["answers"], [{"outcome": "ok", "output": b64(b"7")}])

    def test_malformed(self) -> None:
        good = {"contract": "prim/1", "op": "integer", "input": b64(b"1")}
        bad_cases = [
            None, {}, "cases", 1, [], [good] * 1025, [good, None], [good, [good]], [good, "x"],
            [dict(good, input=None)], [dict(good, input=12)], [{"contract": "prim/1", "op": "integer"}],
            [dict(good, contract=1)], [dict(good, op=None)], [{"op": "integer", "input": "MQ=="}],
            # A case is exactly contract, op and input (PROTOCOL.md, "batch").
            [dict(good, extra=[1])], [good, dict(good, seq=1)],
        ]
        requests = [start()]
        for i, cases in enumerate(bad_cases):
            request = {"cmd": "batch", "seq": 1 + i}
            if cases is not None:
                request["cases"] = cases
            requests.append(line(request))
        n = len(bad_cases)
        requests.append(line({"cmd": "batch", "seq": n + 1, "cases": [good]}))
        answers = exchange(b"".join(requests))
        self.assertEqual(len(answers), n + 2)
        for seq, answer in enumerate(answers[1:n + 1], 1):
            self.assertEqual(answer["seq"], seq)
            self.assertEqual(answer["outcome"], "errored", answer)
            self.assertEqual(answer["trace"], "")
            self.assertIn("batch", answer["message"])
        self.assertEqual(answers[-1], {"seq": n + 1, "outcome": "batch",
                                       "answers": [{"outcome": "ok", "output": b64(b"1")}]})

    def test_not_started(self) -> None:
        one = [("prim/1", "integer", b"1")]
        answers = exchange(batch(0, one) + start(1, 2) + batch(2, one) + start(3) + batch(4, one))
        not_started = {"outcome": "errored", "message": "not started", "trace": ""}
        self.assertEqual(answers[0], {"seq": 0, **not_started})
        self.assertEqual(answers[2], {"seq": 2, **not_started})
        self.assertEqual(answers[4], {"seq": 4, "outcome": "batch",
                                      "answers": [{"outcome": "ok", "output": b64(b"1")}]})

    def test_size_bounds(self) -> None:
        cases = [("prim/1", "integer", str(i).encode()) for i in range(1025)]
        answers = exchange(start() + batch(1, cases[:1024]) + batch(2, cases) + batch(3, cases[:1]))
        self.assertEqual(answers[1]["outcome"], "batch")
        self.assertEqual([base64.b64decode(e["output"]) for e in answers[1]["answers"]],
                         [str(i).encode() for i in range(1024)])
        self.assertEqual(answers[2]["outcome"], "errored")
        self.assertEqual(answers[2]["seq"], 2)
        self.assertEqual(len(answers[3]["answers"]), 1)

    def test_last_line_without_newline(self) -> None:
        answers = exchange(start() + batch(1, [("frame/1", "lex", b"{}")]).rstrip(b"\n"))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "batch", "answers": [{"outcome": "ok", "output": ""}]})

    def test_one_at_a_time(self) -> None:
        # A batch answer is written before the harness blocks to read again.
        converse(self, [batch(seq, [("frame/1", "lex", b"{}")] * seq) for seq in range(1, 4)],
                 lambda seq, answer: self.assertEqual((answer["seq"], len(answer["answers"])), (seq, seq)))


class Serve(unittest.TestCase):
    """serve() in this process, on a pipe that already holds every request,
    with os.write watched (PROTOCOL.md, the framing rules at the top)."""

    def serve(self, payload: bytes, read_size: int = harness.READ_SIZE) -> tuple[list[bytes], int]:
        """Serve payload; return the writes made and serve's result."""
        self.assertLess(len(payload), 60000)  # the pipe holds it all
        r, w = os.pipe()
        os.write(w, payload)
        os.close(w)
        writes: list[bytes] = []
        real_write = os.write

        def write(fd: int, data) -> int:
            n = real_write(fd, data)
            writes.append(bytes(data[:n]))
            return n

        with tempfile.TemporaryFile() as out, \
                mock.patch.object(harness.os, "write", write):
            try:
                result = harness.serve(r, out.fileno(), read_size)
            finally:
                os.close(r)
            out.seek(0)
            self.assertEqual(out.read(), b"".join(writes))
        return writes, result

    def requests(self) -> bytes:
        return (start() + b"".join(run(i, "prim/1", "integer", str(i).encode()) for i in range(1, 40))
                + batch(40, [("prim/1", "integer", b"x")] * 3) + line({"cmd": "guards", "seq": 41}))

    def check_answers(self, out: bytes) -> None:
        self.assertTrue(out.endswith(b"\n"))
        answers = [json.loads(raw) for raw in out.split(b"\n")[:-1]]
        self.assertEqual([a["seq"] for a in answers], list(range(42)))
        self.assertEqual([base64.b64decode(a["output"]) for a in answers[1:40]],
                         [str(i).encode() for i in range(1, 40)])
        self.assertEqual([e["outcome"] for e in answers[40]["answers"]], ["refused"] * 3)
        self.assertEqual(answers[41]["outcome"], "guards")

    def test_each_answer_written_before_the_next_request(self) -> None:
        # Every line arrives in one read, and still each answer is its own
        # write, whole, in order: none is held behind a later request.
        writes, result = self.serve(self.requests())
        self.assertEqual(result, 0)
        self.assertEqual(len(writes), 42)
        for data in writes:
            self.assertEqual(data.count(b"\n"), 1)
            self.assertTrue(data.endswith(b"\n"))
        self.check_answers(b"".join(writes))

    def test_lines_cut_by_reads(self) -> None:
        # Lines split across reads of every size still give whole answers,
        # written only as complete lines.
        for size in (1, 2, 7, 100):
            writes, _ = self.serve(self.requests(), read_size=size)
            for data in writes:
                self.assertTrue(data.endswith(b"\n"))
            self.check_answers(b"".join(writes))

    def test_last_line_without_newline(self) -> None:
        for size in (3, harness.READ_SIZE):
            writes, _ = self.serve(start() + run(1, "prim/1", "integer", b"5").rstrip(b"\n"), read_size=size)
            answers = [json.loads(raw) for raw in b"".join(writes).split(b"\n")[:-1]]
            self.assertEqual([a["seq"] for a in answers], [0, 1])
            self.assertEqual(answers[1]["output"], b64(b"5"))

    def test_empty_lines_and_eof(self) -> None:
        writes, _ = self.serve(start() + b"\n\n")
        answers = [json.loads(raw) for raw in b"".join(writes).split(b"\n")[:-1]]
        self.assertEqual([a["seq"] for a in answers], [0, -1, -1])
        self.assertEqual(self.serve(b""), ([], 0))

    def test_partial_writes_are_finished(self) -> None:
        real_write = os.write
        with tempfile.TemporaryFile() as out, \
                mock.patch.object(harness.os, "write", lambda fd, data: real_write(fd, data[:3])):
            harness._write_all(out.fileno(), b"0123456789\n")
            out.seek(0)
            self.assertEqual(out.read(), b"0123456789\n")


class EncodeAnswer(unittest.TestCase):
    def test_same_as_json_dumps(self) -> None:
        for answer in [
            {"seq": 1, "outcome": "ok", "output": "e30="},
            {"seq": -1, "outcome": "errored", "message": "\u00e9\ud800\U0001f600\u2028\x00\"\\<>&", "trace": ""},
            {"seq": 2**70, "outcome": "batch", "answers": [{"outcome": "refused", "message": "\x7f"}]},
            {"seq": 3, "outcome": "batch", "answers": [
                {"outcome": "ok", "output": "e30="},
                {"outcome": "ok", "output": ""},
                {"outcome": "refused", "message": "duplicate member name"},
                {"outcome": "refused", "message": "duplicate member name"},  # a cache hit
                {"outcome": "refused", "message": "\u00e9\ud800\U0001f600\"\\"},
                {"outcome": "errored", "message": "x\ny", "trace": "\u2028"},
                {"outcome": "skipped", "reason": "\t"},
            ]},
            {"seq": 0, "outcome": "started", "protocol": 1, "features": ["batch"],
             "implementation": harness.implementation()},
        ]:
            self.assertEqual(harness.encode_answer(answer),
                             json.dumps(answer, separators=(",", ":")).encode("ascii") + b"\n")


class StrictBase64(unittest.TestCase):
    def test_same_as_b64decode_validate(self) -> None:
        # run_case decodes with a2b_base64(strict_mode=True) in place of
        # base64.b64decode(validate=True): both must refuse and accept the
        # same strings, with the same bytes.
        def outcome(decode, text):
            try:
                return decode(text)
            except (binascii.Error, ValueError):
                return None
        alphabet = "Ae3/+= -\u00e9"
        for n in range(6):
            for chars in itertools.product(alphabet, repeat=n):
                text = "".join(chars)
                self.assertEqual(outcome(lambda t: harness._a2b_base64(t, strict_mode=True), text),
                                 outcome(lambda t: base64.b64decode(t, validate=True), text), text)


class Bounded(unittest.TestCase):
    def test_utf8_byte_bound(self) -> None:
        self.assertEqual(harness.bounded("abc", 2), "ab")
        self.assertEqual(harness.bounded("\u00e9\u00e9", 3), "\u00e9")
        self.assertEqual(harness.bounded("\U0001f600" * 300, 1024).encode(), "\U0001f600".encode() * 256)
        self.assertEqual(harness.bounded("\U0001f600" * 300, 1023).encode(), "\U0001f600".encode() * 255)
        self.assertEqual(harness.bounded("a\ud800", 100), "a\\ud800")
        self.assertEqual(harness.bounded("abcdef", 3, keep="tail"), "def")
        self.assertEqual(harness.bounded("\u00e9" * 5, 3, keep="tail"), "\u00e9")


if __name__ == "__main__":
    unittest.main()

"""The harness, driven through a subprocess as conform drives it
(mirrors/PROTOCOL.md, protocol 1), with cases of every registered contract
taken from the vectors; and its parts in this process."""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import os
import platform
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import catalogue  # noqa: E402
import harness  # noqa: E402
import conform_kit  # noqa: E402
from conform_mirror import contracts  # noqa: E402
from conform_mirror.refusal import Location, Refusal  # noqa: E402
from harness_client import (  # noqa: E402
    b64,
    batch,
    converse,
    exchange,
    expected_entry,
    line,
    run,
    samples,
    start,
    without_at,
    without_seq,
)
import vectorset  # noqa: E402

CATALOGUE = catalogue.load()
CASES = vectorset.load()
GUARDS = {(g.contract, g.message): g for g in contracts.GUARDS}
OKS, REFUSED = samples()
OK = OKS[0]  # one accepted case, for the tests about the protocol alone
ALL = [case for pair in zip(OKS, REFUSED) for case in pair]


def run_case(seq: int, case: Any) -> bytes:
    return run(seq, case.contract, case.op, case.input)


def flips() -> list[Any]:
    """Golden refused vectors, one per guard, that an ignored guard turns
    into accepted ones (no exception tag, the guard ignorable), shortest
    first."""
    seen: dict[tuple[str, str], Any] = {}
    for case in sorted(CASES, key=lambda c: len(c.input)):
        key = (case.contract, case.message or "")
        if (case.expect == "refused" and not case.finding and case.exception is None
                and GUARDS[key].ignorable and key not in seen):
            seen[key] = case
    return list(seen.values())


def ignore(seq: int, pairs: list[tuple[str, str]]) -> bytes:
    return line({"cmd": "ignore", "seq": seq,
                 "ignore": [{"contract": c, "message": m} for c, m in pairs]})


class Protocol(unittest.TestCase):
    def test_samples_cover_every_registered_contract(self) -> None:
        self.assertEqual([c.contract for c in OKS], list(contracts.OPERATIONS))
        self.assertEqual([c.contract for c in REFUSED], list(contracts.OPERATIONS))

    def test_handshake(self) -> None:
        (answer,) = exchange(start())
        self.assertEqual(answer["seq"], 0)
        self.assertEqual(answer["outcome"], "started")
        self.assertEqual(answer["protocol"], 1)
        self.assertEqual(answer["features"], ["batch", "shift"])
        self.assertEqual(answer["implementation"], {
            "name": "conform-python",
            "language": "python",
            "language_version": platform.python_version(),
            "runtime": "cpython",
            "runtime_version": platform.python_version(),
            "version": "0.1.0",
            "contracts": {c.contract: sorted(o.op for o in c.operations) for c in CATALOGUE},
        })

    def test_pipelined_in_order(self) -> None:
        requests = [start()]
        expected = []
        for i in range(200):
            case = ALL[i % len(ALL)]
            requests.append(run_case(i + 1, case))
            expected.append(case)
        answers = exchange(b"".join(requests))
        self.assertEqual(len(answers), 201)
        self.assertEqual([a["seq"] for a in answers], list(range(201)))
        for answer, case in zip(answers[1:], expected):
            self.assertEqual(without_at(without_seq(answer)), expected_entry(case), case.source)
            if "at" in answer and "offset" in answer["at"]:
                self.assertLessEqual(answer["at"]["offset"], len(case.input))

    def test_refusals_carry_locations(self) -> None:
        # Every refused sample says where, and the location is the one the
        # contract's Refusal carries.
        answers = exchange(start() + b"".join(run_case(i + 1, c) for i, c in enumerate(REFUSED)))
        for answer, case in zip(answers[1:], REFUSED):
            with self.subTest(case=case.source):
                try:
                    contracts.OPERATIONS[case.contract][case.op](case.input)
                    location = None
                except Refusal as refusal:
                    location = refusal.location
                self.assertIsNotNone(location)
                assert location is not None
                self.assertEqual(answer.get("at"), location.answer())

    def test_one_at_a_time(self) -> None:
        # Each answer is flushed before the harness blocks to read again.
        converse(self, [run_case(seq, OK) for seq in range(1, 6)],
                 lambda seq, answer: self.assertEqual((answer["seq"], answer["outcome"]), (seq, "ok")))

    def test_unsupported_version(self) -> None:
        answers = exchange(
            start(0, 2) + run_case(1, OK) + start(2, "1") + start(3, True)
            + start(4, 1) + run_case(5, OK)
        )
        refused = {"seq": 0, "outcome": "refused", "message": "unsupported protocol version", "supported": [1]}
        self.assertEqual(answers[0], refused)
        self.assertEqual(answers[1], {"seq": 1, "outcome": "errored", "message": "not started", "trace": ""})
        self.assertEqual(answers[2]["outcome"], "refused")
        self.assertEqual(answers[3]["outcome"], "refused")
        self.assertEqual(answers[4]["outcome"], "started")
        self.assertEqual(answers[5]["outcome"], "ok")

    def test_failed_start_stops_the_session(self) -> None:
        answers = exchange(start() + start(1, 99) + run_case(2, OK))
        self.assertEqual([a["outcome"] for a in answers], ["started", "refused", "errored"])
        self.assertEqual(answers[2]["message"], "not started")

    def test_not_started(self) -> None:
        answers = exchange(line({"cmd": "guards", "seq": 0}) + run_case(1, OK))
        for seq, answer in enumerate(answers):
            self.assertEqual(answer, {"seq": seq, "outcome": "errored", "message": "not started", "trace": ""})

    def test_unknown_command(self) -> None:
        answers = exchange(start() + line({"cmd": "dance", "seq": 1}) + line({"seq": 2}))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "errored", "message": "unknown command", "trace": ""})
        self.assertEqual(answers[2], {"seq": 2, "outcome": "errored", "message": "unknown command", "trace": ""})

    def test_malformed_lines(self) -> None:
        bad = [b"garbage", b"", b"[]", b"1", b'{"seq":"1"}', b'{"seq":true}', b'{"seq":1.0}',
               b'{"cmd":"start"}', b'{"seq":1,"cmd":"guards"}\r', b"\xff\xfe", b'{"seq":1']
        answers = exchange(start() + b"\n".join(bad) + b"\n")
        self.assertEqual(len(answers), 1 + len(bad))
        for answer in answers[1:]:
            self.assertEqual(answer["seq"], -1)
            self.assertEqual(answer["outcome"], "errored")

    def test_last_line_without_newline(self) -> None:
        answers = exchange(start() + run_case(1, OK).rstrip(b"\n"))
        self.assertEqual([a["outcome"] for a in answers], ["started", "ok"])

    def test_empty_stdin(self) -> None:
        self.assertEqual(exchange(b""), [])

    def test_guards(self) -> None:
        answers = exchange(start() + line({"cmd": "guards", "seq": 1}))
        self.assertEqual(answers[1]["outcome"], "guards")
        self.assertEqual(answers[1]["guards"], [
            {"contract": c.contract, "code": r.code, "message": r.message}
            for c in CATALOGUE for r in c.refusals
        ])

    def test_ignore(self) -> None:
        first, second = flips()[:2]
        pair = (first.contract, first.message)
        other = next(c for c in contracts.OPERATIONS if (c, first.message) not in GUARDS)
        answers = exchange(
            start()
            + run_case(1, first)
            + ignore(2, [pair, (first.contract, "no such guard"), (other, first.message)])
            + run_case(3, first)
            + run_case(4, second)
            + ignore(5, [(second.contract, second.message)])
            + run_case(6, first)
            + run_case(7, second)
            + ignore(8, [])
            + run_case(9, second)
            + line({"cmd": "ignore", "seq": 10, "ignore": [{"contract": first.contract}]})
            + line({"cmd": "ignore", "seq": 11})
        )
        self.assertEqual(answers[1]["message"], first.message)
        self.assertEqual(answers[2], {"seq": 2, "outcome": "ack", "unknown": [
            {"contract": first.contract, "message": "no such guard"},
            {"contract": other, "message": first.message},
        ]})
        self.assertEqual(answers[3]["outcome"], "ok")
        self.assertEqual(answers[4]["message"], second.message)
        self.assertEqual(answers[5], {"seq": 5, "outcome": "ack", "unknown": []})
        self.assertEqual(answers[6]["message"], first.message)  # replaced, not added
        self.assertEqual(answers[7]["outcome"], "ok")
        self.assertEqual(answers[9]["message"], second.message)
        self.assertEqual(answers[10]["outcome"], "errored")
        self.assertEqual(answers[11]["outcome"], "errored")

    def test_start_clears_the_ignore_set(self) -> None:
        case = flips()[0]
        answers = exchange(start() + ignore(1, [(case.contract, case.message)])
                           + run_case(2, case) + start(3) + run_case(4, case))
        self.assertEqual(answers[2]["outcome"], "ok")
        self.assertEqual(answers[4]["message"], case.message)

    def test_skipped(self) -> None:
        contract = OK.contract
        answers = exchange(start() + run(1, "none/1", "verify", b"") + run(2, contract, "no-such-op", b"")
                           + run(3, "x" * 5000, "y", b""))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "skipped", "reason": "contract none/1 is not implemented"})
        self.assertEqual(answers[2], {"seq": 2, "outcome": "skipped",
                                      "reason": f"operation no-such-op of contract {contract} is not implemented"})
        self.assertLessEqual(len(answers[3]["reason"].encode()), 1024)

    def test_bad_run_fields(self) -> None:
        c, o = OK.contract, OK.op
        answers = exchange(
            start()
            + line({"cmd": "run", "seq": 1, "contract": c, "op": o, "input": "e30"})
            + line({"cmd": "run", "seq": 2, "contract": c, "op": o, "input": "e3 0="})
            + line({"cmd": "run", "seq": 3, "contract": c, "op": o})
            + line({"cmd": "run", "seq": 4, "op": o, "input": b64(OK.input)})
            + line({"cmd": "run", "seq": 5, "contract": c, "op": o, "input": b64(OK.input)})
        )
        self.assertEqual([a["outcome"] for a in answers[1:]], ["errored"] * 4 + ["ok"])

    def test_large_lines(self) -> None:
        # A request line of megabytes, for every registered operation: an
        # answer, never a broken line or a crash.
        big = b" " * 3_000_000 + b"0"
        requests = [start()]
        for contract, operations in contracts.OPERATIONS.items():
            for op in list(operations)[:1]:
                requests.append(run(len(requests), contract, op, big))
        answers = exchange(b"".join(requests))
        self.assertEqual(len(answers), len(requests))
        for answer in answers[1:]:
            self.assertIn(answer["outcome"], ("ok", "refused"), answer)

    def test_from_any_cwd(self) -> None:
        with tempfile.TemporaryDirectory() as cwd:
            (answer,) = exchange(start(), cwd=cwd)
            self.assertEqual(answer["outcome"], "started")


class Crash(unittest.TestCase):
    """An exception in an operation is that case's ``errored``, bounded,
    never a refusal (PROTOCOL.md, "run" and "batch"); run in this process,
    in a kit built with a registered operation replaced by one that fails."""

    def crashing(self, data: bytes) -> bytes:
        raise RecursionError("x" * 5000)

    def test_errored_is_bounded(self) -> None:
        operations = dict(contracts.OPERATIONS)
        operations[OK.contract] = {OK.op: self.crashing}
        answer = harness.build(operations).run_case(OK.contract, OK.op, b64(OK.input))
        self.assertEqual(answer["outcome"], "errored")
        self.assertTrue(answer["message"].startswith("RecursionError: xxx"), answer["message"])
        self.assertEqual(len(answer["message"].encode()), 1024)
        self.assertLessEqual(len(answer["trace"].encode()), 8192)
        self.assertIn("RecursionError", answer["trace"])
        self.assertIn("crashing", answer["trace"])
        started = harness.build(operations)
        started.answer(0, {"cmd": "start", "protocol": 1})
        entries = started.answer(8, {"cmd": "batch", "cases": [
            {"contract": OK.contract, "op": OK.op, "input": b64(OK.input)},
            {"contract": REFUSED[1].contract, "op": REFUSED[1].op, "input": b64(REFUSED[1].input)},
        ]})
        self.assertEqual([e["outcome"] for e in entries["answers"]], ["errored", "refused"])
        self.assertEqual(entries["answers"][1]["message"], REFUSED[1].message)


# One case of each kind a run can end in: ok and refused from every
# registered contract, skipped (unknown contract or operation), and errored
# for input that is not a base64 string (bad padding, a space, excess
# padding, leading padding, a non-ASCII character).
MIXED = [(c.contract, c.op, c.input) for c in ALL] + [
    ("none/1", "verify", b""),
    (OK.contract, "no-such-op", b""),
    ("x" * 5000, "y", b""),
    (OK.contract, OK.op, "e30"),
    (OK.contract, OK.op, "e3 0="),
    (OK.contract, OK.op, "e30=="),
    (OK.contract, OK.op, "=e30"),
    (OK.contract, OK.op, "\u00e930="),
]
MIXED_OUTCOMES = ["ok", "refused"] * len(OKS) + ["skipped"] * 3 + ["errored"] * 5


class Batch(unittest.TestCase):
    def test_entries_are_run_answers(self) -> None:
        # The same cases as runs, as one batch, and as batches of 1, 2 and
        # 5: every entry is the run answer without seq.
        runs = b"".join(run(1 + i, c, o, d) for i, (c, o, d) in enumerate(MIXED))
        answers = exchange(start() + runs)
        expected = [without_seq(a) for a in answers[1:]]
        self.assertEqual([a["seq"] for a in answers[1:]], list(range(1, 1 + len(MIXED))))
        self.assertEqual([e["outcome"] for e in expected], MIXED_OUTCOMES)
        for entry, case in zip(expected, ALL):
            self.assertEqual(without_at(entry), expected_entry(case))
        for size in (len(MIXED), 1, 2, 5):
            chunks = [MIXED[k:k + size] for k in range(0, len(MIXED), size)]
            got = exchange(start() + b"".join(batch(1 + i, cases) for i, cases in enumerate(chunks)))
            self.assertEqual([a["seq"] for a in got], list(range(1 + len(chunks))))
            entries = []
            for answer, cases in zip(got[1:], chunks):
                self.assertEqual(answer["outcome"], "batch")
                self.assertEqual(len(answer["answers"]), len(cases))
                entries += answer["answers"]
            self.assertEqual(entries, expected, size)

    def test_mixed_with_runs_in_order(self) -> None:
        answers = exchange(
            start()
            + run_case(1, OK)
            + batch(2, [(c.contract, c.op, c.input) for c in OKS[:3]])
            + run_case(3, REFUSED[0])
            + batch(4, [(OK.contract, OK.op, OK.input)])
        )
        self.assertEqual([(a["seq"], a["outcome"]) for a in answers],
                         [(0, "started"), (1, "ok"), (2, "batch"), (3, "refused"), (4, "batch")])
        self.assertEqual(answers[2]["answers"], [expected_entry(c) for c in OKS[:3]])
        self.assertEqual(answers[4]["answers"], [expected_entry(OK)])

    def test_malformed(self) -> None:
        good = {"contract": OK.contract, "op": OK.op, "input": b64(OK.input)}
        bad_cases: list[Any] = [
            None, {}, "cases", 1, [], [good] * 1025, [good, None], [good, [good]], [good, "x"],
            [dict(good, input=None)], [dict(good, input=12)], [{"contract": OK.contract, "op": OK.op}],
            [dict(good, contract=1)], [dict(good, op=None)], [{"op": OK.op, "input": good["input"]}],
            # A case is exactly contract, op and input (PROTOCOL.md, "batch").
            [dict(good, extra=[1])], [good, dict(good, seq=1)],
        ]
        requests = [start()]
        for i, cases in enumerate(bad_cases):
            request: dict[str, Any] = {"cmd": "batch", "seq": 1 + i}
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
        self.assertEqual(answers[-1], {"seq": n + 1, "outcome": "batch", "answers": [expected_entry(OK)]})

    def test_not_started(self) -> None:
        one = [(OK.contract, OK.op, OK.input)]
        answers = exchange(batch(0, one) + start(1, 2) + batch(2, one) + start(3) + batch(4, one))
        not_started = {"outcome": "errored", "message": "not started", "trace": ""}
        self.assertEqual(answers[0], {"seq": 0, **not_started})
        self.assertEqual(answers[2], {"seq": 2, **not_started})
        self.assertEqual(answers[4], {"seq": 4, "outcome": "batch", "answers": [expected_entry(OK)]})

    def test_size_bounds(self) -> None:
        cases = [(c.contract, c.op, c.input) for c in itertools.islice(itertools.cycle(OKS), 1025)]
        wanted = [expected_entry(c) for c in itertools.islice(itertools.cycle(OKS), 1024)]
        answers = exchange(start() + batch(1, cases[:1024]) + batch(2, cases) + batch(3, cases[:1]))
        self.assertEqual(answers[1]["outcome"], "batch")
        self.assertEqual(answers[1]["answers"], wanted)
        self.assertEqual(answers[2]["outcome"], "errored")
        self.assertEqual(answers[2]["seq"], 2)
        self.assertEqual(len(answers[3]["answers"]), 1)

    def test_last_line_without_newline(self) -> None:
        answers = exchange(start() + batch(1, [(OK.contract, OK.op, OK.input)]).rstrip(b"\n"))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "batch", "answers": [expected_entry(OK)]})

    def test_one_at_a_time(self) -> None:
        # A batch answer is written before the harness blocks to read again.
        converse(self, [batch(seq, [(OK.contract, OK.op, OK.input)] * seq) for seq in range(1, 4)],
                 lambda seq, answer: self.assertEqual((answer["seq"], len(answer["answers"])), (seq, seq)))


class Serve(unittest.TestCase):
    """The kit's serve() in this process, on a pipe that already holds every request,
    with os.write watched (PROTOCOL.md, the framing rules at the top)."""

    def serve(self, payload: bytes, read_size: int = conform_kit.READ_SIZE) -> tuple[list[bytes], int]:
        """Serve payload; return the writes made and serve's result."""
        self.assertLess(len(payload), 60000)  # the pipe holds it all
        r, w = os.pipe()
        os.write(w, payload)
        os.close(w)
        writes: list[bytes] = []
        real_write = os.write

        def write(fd: int, data: Any) -> int:
            n = real_write(fd, data)
            writes.append(bytes(data[:n]))
            return n

        with tempfile.TemporaryFile() as out, \
                mock.patch.object(conform_kit.os, "write", write):
            try:
                result = harness.build().serve(r, out.fileno(), read_size)
            finally:
                os.close(r)
            out.seek(0)
            self.assertEqual(out.read(), b"".join(writes))
        return writes, result

    # The cases served: small ones, every registered contract's.
    SMALL = [c for c in ALL if len(c.input) < 200]

    def requests(self) -> bytes:
        cases = list(itertools.islice(itertools.cycle(self.SMALL), 39))
        refused = [c for c in self.SMALL if c.expect == "refused"][:3]
        return (start() + b"".join(run_case(i, c) for i, c in enumerate(cases, 1))
                + batch(40, [(c.contract, c.op, c.input) for c in refused]) + line({"cmd": "guards", "seq": 41}))

    def check_answers(self, out: bytes) -> None:
        self.assertTrue(out.endswith(b"\n"))
        answers = [json.loads(raw) for raw in out.split(b"\n")[:-1]]
        self.assertEqual([a["seq"] for a in answers], list(range(42)))
        cases = list(itertools.islice(itertools.cycle(self.SMALL), 39))
        self.assertEqual([without_at(without_seq(a)) for a in answers[1:40]], [expected_entry(c) for c in cases])
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
        for size in (3, conform_kit.READ_SIZE):
            writes, _ = self.serve(start() + run_case(1, OK).rstrip(b"\n"), read_size=size)
            answers = [json.loads(raw) for raw in b"".join(writes).split(b"\n")[:-1]]
            self.assertEqual([a["seq"] for a in answers], [0, 1])
            self.assertEqual(without_seq(answers[1]), expected_entry(OK))

    def test_empty_lines_and_eof(self) -> None:
        writes, _ = self.serve(start() + b"\n\n")
        answers = [json.loads(raw) for raw in b"".join(writes).split(b"\n")[:-1]]
        self.assertEqual([a["seq"] for a in answers], [0, -1, -1])
        self.assertEqual(self.serve(b""), ([], 0))

    def test_partial_writes_are_finished(self) -> None:
        real_write = os.write
        with tempfile.TemporaryFile() as out, \
                mock.patch.object(conform_kit.os, "write", lambda fd, data: real_write(fd, data[:3])):
            conform_kit.write_all(out.fileno(), b"0123456789\n")
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
                {"outcome": "refused", "message": "a message"},
                {"outcome": "refused", "message": "a message"},  # a cache hit
                {"outcome": "refused", "message": "a message", "at": {"offset": 7}},
                {"outcome": "refused", "message": "a message", "at": {"pointer": "/\u00e9~0\"/0"}},
                {"outcome": "refused", "message": "a message", "at": {"offset": 0, "pointer": ""}},
                {"outcome": "refused", "message": "\u00e9\ud800\U0001f600\"\\"},
                {"outcome": "refused", "at": {"offset": 1}, "message": "out of order"},
                {"outcome": "errored", "message": "x\ny", "trace": "\u2028"},
                {"outcome": "skipped", "reason": "\t"},
            ]},
            {"seq": 4, "outcome": "refused", "message": "m", "at": Location(offset=3, pointer="/a").answer()},
            {"seq": 0, "outcome": "started", "protocol": 1, "features": ["batch"],
             "implementation": harness.build().implementation()},
        ]:
            self.assertEqual(conform_kit.encode_answer(answer),
                             json.dumps(answer, separators=(",", ":")).encode("ascii") + b"\n")


class StrictBase64(unittest.TestCase):
    def test_same_as_b64decode_validate(self) -> None:
        # run_case decodes with a2b_base64(strict_mode=True) in place of
        # base64.b64decode(validate=True): both must refuse and accept the
        # same strings, with the same bytes.
        def outcome(decode: Any, text: str) -> Any:
            try:
                return decode(text)
            except (binascii.Error, ValueError):
                return None
        alphabet = "Ae3/+= -\u00e9"
        for n in range(6):
            for chars in itertools.product(alphabet, repeat=n):
                text = "".join(chars)
                self.assertEqual(outcome(lambda t: conform_kit._a2b_base64(t, strict_mode=True), text),
                                 outcome(lambda t: base64.b64decode(t, validate=True), text), text)


class Bounded(unittest.TestCase):
    def test_utf8_byte_bound(self) -> None:
        self.assertEqual(conform_kit.bounded("abc", 2), "ab")
        self.assertEqual(conform_kit.bounded("\u00e9\u00e9", 3), "\u00e9")
        self.assertEqual(conform_kit.bounded("\U0001f600" * 300, 1024).encode(), "\U0001f600".encode() * 256)
        self.assertEqual(conform_kit.bounded("\U0001f600" * 300, 1023).encode(), "\U0001f600".encode() * 255)
        self.assertEqual(conform_kit.bounded("a\ud800", 100), "a\\ud800")
        self.assertEqual(conform_kit.bounded("abcdef", 3, keep="tail"), "def")
        self.assertEqual(conform_kit.bounded("\u00e9" * 5, 3, keep="tail"), "\u00e9")


if __name__ == "__main__":
    unittest.main()

"""The kit over pipes, as conform drives a harness (mirrors/PROTOCOL.md):
kit_fixture.py, a stand-in implementation wired with the kit, is started
as a process, sent request lines and its answer lines read back. And the
registration rules, in this process."""

from __future__ import annotations

import base64
import json
import os
import platform
import subprocess
import sys
import unittest
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

import conform_kit  # noqa: E402
import kit_fixture  # noqa: E402
from conform_kit import Kit, Refusal  # noqa: E402

FIXTURE = os.path.join(HERE, "kit_fixture.py")


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def line(request: Any) -> bytes:
    return json.dumps(request, separators=(",", ":")).encode() + b"\n"


def start(seq: int = 0, protocol: Any = 1) -> bytes:
    return line({"cmd": "start", "seq": seq, "protocol": protocol})


def run(seq: int, contract: str, op: str, data: bytes) -> bytes:
    return line({"cmd": "run", "seq": seq, "contract": contract, "op": op, "input": b64(data)})


def batch(seq: int, cases: list[tuple[str, str, bytes]]) -> bytes:
    return line({"cmd": "batch", "seq": seq,
                 "cases": [{"contract": c, "op": o, "input": b64(d)} for c, o, d in cases]})


def ignore(seq: int, pairs: list[tuple[str, str]]) -> bytes:
    return line({"cmd": "ignore", "seq": seq, "ignore": [{"contract": c, "message": m} for c, m in pairs]})


def session(payload: bytes) -> tuple[list[dict[str, Any]], bytes, str]:
    """Run the fixture on payload (stdin then closed); return its answers,
    its raw stdout and its stderr. The fixture must exit 0."""
    p = subprocess.run([sys.executable, "-B", FIXTURE], input=payload, capture_output=True, timeout=60)
    if p.returncode != 0:
        raise AssertionError(f"the fixture exited {p.returncode}: {p.stderr.decode()}")
    assert p.stdout == b"" or p.stdout.endswith(b"\n"), p.stdout
    return [json.loads(raw) for raw in p.stdout.splitlines()], p.stdout, p.stderr.decode()


def exchange(payload: bytes) -> list[dict[str, Any]]:
    return session(payload)[0]


class Handshake(unittest.TestCase):
    def test_announces_exactly_what_is_registered(self) -> None:
        (answer,) = exchange(start())
        self.assertEqual(answer, {
            "seq": 0, "outcome": "started", "protocol": 1, "features": ["batch"],
            "implementation": {
                "name": "kit-fixture", "language": "python",
                "language_version": platform.python_version(),
                "runtime": platform.python_implementation().lower(),
                "runtime_version": platform.python_version(), "version": "0.0.1",
                "contracts": {"demo/1": ["echo", "upper", "crash", "bad-at", "noisy"], "plain/1": ["id"]},
            },
        })

    def test_unsupported_version_and_not_started(self) -> None:
        answers = exchange(start(0, 2) + run(1, "demo/1", "echo", b"x") + start(2) + run(3, "demo/1", "echo", b"x"))
        self.assertEqual(answers[0], {"seq": 0, "outcome": "refused",
                                      "message": "unsupported protocol version", "supported": [1]})
        self.assertEqual(answers[1], {"seq": 1, "outcome": "errored", "message": "not started", "trace": ""})
        self.assertEqual(answers[2]["outcome"], "started")
        self.assertEqual(answers[3], {"seq": 3, "outcome": "ok", "output": b64(b"x")})

    def test_empty_stdin(self) -> None:
        self.assertEqual(session(b""), ([], b"", ""))


class Run(unittest.TestCase):
    def test_outcomes(self) -> None:
        answers = exchange(
            start()
            + run(1, "demo/1", "upper", b"abc")
            + run(2, "demo/1", "upper", b"")
            + run(3, "demo/1", "upper", b"ab\xc3\xa9")
            + run(4, "demo/1", "upper", b"x" * 20)
            + run(5, "demo/1", "crash", b"boom")
            + run(6, "demo/1", "bad-at", b"abc")
            + run(7, "plain/1", "id", b"\x00\xff")
        )
        self.assertEqual([a["seq"] for a in answers], list(range(8)))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "ok", "output": b64(b"ABC")})
        self.assertEqual(answers[2], {"seq": 2, "outcome": "refused", "message": "empty input", "at": {"offset": 0}})
        self.assertEqual(answers[3], {"seq": 3, "outcome": "refused", "message": "not ascii",
                                      "at": {"offset": 2, "pointer": ""}})
        self.assertEqual(answers[4], {"seq": 4, "outcome": "refused", "message": "too long", "at": {"offset": 16}})
        crash = answers[5]
        self.assertEqual(sorted(crash), ["message", "outcome", "seq", "trace"])
        self.assertEqual((crash["outcome"], crash["message"]),
                         ("errored", "ZeroDivisionError: integer division or modulo by zero"))
        self.assertIn("in explode", crash["trace"])
        self.assertIn("ZeroDivisionError", crash["trace"])
        # An offset past the input and a pointer that is not RFC 6901 are left out.
        self.assertEqual(answers[6], {"seq": 6, "outcome": "refused", "message": "empty input"})
        self.assertEqual(answers[7], {"seq": 7, "outcome": "ok", "output": b64(b"\x00\xff")})

    def test_unknown_contract_or_op_is_skipped(self) -> None:
        answers = exchange(start() + run(1, "nope/1", "echo", b"") + run(2, "demo/1", "shout", b"")
                           + run(3, "plain/2", "id", b""))
        self.assertEqual(answers[1:], [
            {"seq": 1, "outcome": "skipped", "reason": "contract nope/1 is not implemented"},
            {"seq": 2, "outcome": "skipped", "reason": "operation shout of contract demo/1 is not implemented"},
            {"seq": 3, "outcome": "skipped", "reason": "contract plain/2 is not implemented"},
        ])

    def test_bad_input_is_errored(self) -> None:
        answers = exchange(start()
                           + line({"cmd": "run", "seq": 1, "contract": "demo/1", "op": "echo", "input": "e30"})
                           + line({"cmd": "run", "seq": 2, "contract": "demo/1", "op": "echo"})
                           + line({"cmd": "run", "seq": 3, "op": "echo", "input": ""}))
        self.assertEqual(answers[1:], [
            {"seq": 1, "outcome": "errored", "message": "input is not valid base64", "trace": ""},
            {"seq": 2, "outcome": "errored", "message": "run request needs a string field input", "trace": ""},
            {"seq": 3, "outcome": "errored", "message": "run request needs string fields contract and op", "trace": ""},
        ])

    def test_printing_handler_keeps_stdout_clean(self) -> None:
        answers, raw, stderr = session(start() + run(1, "demo/1", "noisy", b""))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "ok", "output": b64(b"quiet")})
        self.assertEqual(len(raw.splitlines()), 2)
        self.assertIn("a handler printing", stderr)

    def test_pipelined_in_order(self) -> None:
        requests = [start()] + [run(i, "demo/1", "upper", b"a" * (i % 30)) for i in range(1, 2001)]
        answers = exchange(b"".join(requests))
        self.assertEqual([a["seq"] for a in answers], list(range(2001)))
        for i, answer in enumerate(answers[1:], 1):
            n = i % 30
            want = "refused" if n == 0 or n > 16 else "ok"
            self.assertEqual(answer["outcome"], want, answer)


class Batch(unittest.TestCase):
    CASES = [("demo/1", "upper", b"abc"), ("demo/1", "upper", b""), ("demo/1", "crash", b""),
             ("nope/1", "x", b""), ("plain/1", "id", b"z")]

    def test_entries_are_run_answers(self) -> None:
        runs = exchange(start() + b"".join(run(i, c, o, d) for i, (c, o, d) in enumerate(self.CASES, 1)))
        got = exchange(start() + batch(1, self.CASES))
        self.assertEqual(got[1]["seq"], 1)
        self.assertEqual(got[1]["outcome"], "batch")
        want = [{k: v for k, v in a.items() if k != "seq"} for a in runs[1:]]
        for entry in (got[1]["answers"][2], want[2]):  # traces name the process's own path
            self.assertTrue(entry.pop("trace"))
        self.assertEqual(got[1]["answers"], want)

    def test_malformed_batch_is_one_errored_answer(self) -> None:
        good = {"contract": "demo/1", "op": "echo", "input": ""}
        answers = exchange(start()
                           + line({"cmd": "batch", "seq": 1, "cases": []})
                           + line({"cmd": "batch", "seq": 2, "cases": [good] * 1025})
                           + line({"cmd": "batch", "seq": 3, "cases": [good, dict(good, extra=1)]})
                           + line({"cmd": "batch", "seq": 4, "cases": [good] * 1024}))
        for seq in (1, 2, 3):
            self.assertEqual((answers[seq]["seq"], answers[seq]["outcome"]), (seq, "errored"))
        self.assertEqual(len(answers[4]["answers"]), 1024)


class Ignore(unittest.TestCase):
    def test_honoured_where_a_hook_is_given(self) -> None:
        long = b"y" * 20
        answers = exchange(
            start()
            + ignore(1, [("demo/1", "too long"), ("demo/1", "no such message"), ("plain/1", "never refused"),
                         ("nope/1", "x"), ("nope/1", "x")])
            + run(2, "demo/1", "upper", long)
            + ignore(3, [])
            + run(4, "demo/1", "upper", long)
            + ignore(5, [("demo/1", "too long")])
            + start(6)
            + run(7, "demo/1", "upper", long)
            + line({"cmd": "ignore", "seq": 8, "ignore": "x"})
            + line({"cmd": "ignore", "seq": 9, "ignore": [{"contract": "demo/1"}]})
        )
        # plain/1 has no hook: its pair is unknown, like a message no table has.
        self.assertEqual(answers[1], {"seq": 1, "outcome": "ack", "unknown": [
            {"contract": "demo/1", "message": "no such message"},
            {"contract": "plain/1", "message": "never refused"},
            {"contract": "nope/1", "message": "x"},
        ]})
        self.assertEqual(answers[2], {"seq": 2, "outcome": "ok", "output": b64(b"Y" * 20)})
        self.assertEqual(answers[3], {"seq": 3, "outcome": "ack", "unknown": []})
        self.assertEqual(answers[4]["message"], "too long")
        self.assertEqual(answers[5]["unknown"], [])
        self.assertEqual(answers[7]["message"], "too long")  # a start begins a clean session
        self.assertEqual([answers[8]["outcome"], answers[9]["outcome"]], ["errored", "errored"])

    def test_guards(self) -> None:
        answers = exchange(start() + line({"cmd": "guards", "seq": 1}))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "guards", "guards": [
            {"contract": "demo/1", "code": "demo.empty", "message": "empty input"},
            {"contract": "demo/1", "code": "demo.long", "message": "too long"},
            {"contract": "demo/1", "code": "demo.ascii", "message": "not ascii"},
            {"contract": "plain/1", "code": "plain.never", "message": "never refused"},
        ]})


class Shift(unittest.TestCase):
    def test_declared_thresholds_reach_the_hook(self) -> None:
        seen: list[dict[str, int]] = []
        kit = Kit("x", "1").handle("a/1", "op", lambda d: d)
        kit.guards("a/1", [("a.x", "x")], thresholds=["limit.n"], shift=seen.append)
        with self.assertRaises(TypeError):
            Kit("x", "1").guards("b/1", [], thresholds=["limit.n"])
        with self.assertRaises(TypeError):
            Kit("x", "1").guards("b/1", [], shift=seen.append)
        started = kit.answer_line(start().rstrip(b"\n"))
        self.assertEqual(started["features"], ["batch", "shift"])
        line = json.dumps({"cmd": "shift", "seq": 1, "shift": [
            {"contract": "a/1", "threshold": "limit.n", "by": -1},
            {"contract": "a/1", "threshold": "limit.m", "by": 1},
            {"contract": "z/1", "threshold": "limit.n", "by": 1},
        ]}).encode()
        self.assertEqual(kit.answer_line(line), {"seq": 1, "outcome": "shifted", "unknown": [
            {"contract": "a/1", "threshold": "limit.m"}, {"contract": "z/1", "threshold": "limit.n"}]})
        self.assertEqual(kit.answer_line(b'{"cmd":"shift","seq":2,"shift":[]}'),
                         {"seq": 2, "outcome": "shifted", "unknown": []})
        bad = kit.answer_line(b'{"cmd":"shift","seq":3,"shift":[{"contract":"a/1","threshold":"limit.n","by":true}]}')
        self.assertEqual(bad["outcome"], "errored")
        # The start cleared the shifts; then the two requests.
        self.assertEqual(seen, [{}, {"limit.n": -1}, {}])
        plain = Kit("x", "1").handle("a/1", "op", lambda d: d)
        self.assertEqual(plain.answer_line(start().rstrip(b"\n"))["features"], ["batch"])
        self.assertEqual(plain.answer_line(b'{"cmd":"shift","seq":1,"shift":[]}')["message"], "unknown command")


class Malformed(unittest.TestCase):
    def test_lines_that_are_not_requests(self) -> None:
        bad = [b"garbage", b"", b"[]", b"1", b'{"seq":"1"}', b'{"seq":true}', b'{"seq":1.5}',
               b'{"cmd":"start"}', b'{"seq":1,"cmd":"guards"}\r', b"\xff\xfe", b'{"seq":1']
        answers = exchange(start() + b"\n".join(bad) + b"\n")
        self.assertEqual(len(answers), 1 + len(bad))
        for answer in answers[1:]:
            self.assertEqual(answer["seq"], -1)
            self.assertEqual(answer["outcome"], "errored")
        self.assertEqual(answers[9]["message"], "request line ends with CR")

    def test_unknown_command(self) -> None:
        answers = exchange(start() + line({"cmd": "dance", "seq": 1}))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "errored", "message": "unknown command", "trace": ""})

    def test_last_line_without_newline(self) -> None:
        answers = exchange(start() + run(1, "demo/1", "echo", b"e").rstrip(b"\n"))
        self.assertEqual(answers[1], {"seq": 1, "outcome": "ok", "output": b64(b"e")})


class Registration(unittest.TestCase):
    def test_rules(self) -> None:
        with self.assertRaises(TypeError):
            Kit("", "1")
        with self.assertRaises(TypeError):
            Kit("x", "1", runtime="")
        kit = Kit("x", "1").handle("a/1", "op", lambda d: d)
        with self.assertRaises(ValueError):
            kit.handle("a/1", "op", lambda d: d)
        with self.assertRaises(TypeError):
            kit.handle("a/1", "other", "not callable")  # type: ignore[arg-type]
        with self.assertRaises(TypeError):
            kit.guards("a/1", [("code", 1)])  # type: ignore[list-item]
        kit.guards("a/1", [("a.x", "x")])
        with self.assertRaises(ValueError):
            kit.guards("a/1", [])
        kit.answer_line(start().rstrip(b"\n"))
        with self.assertRaises(RuntimeError):
            kit.handle("a/1", "late", lambda d: d)

    def test_refusal_message_must_be_a_string(self) -> None:
        def refuse(data: bytes) -> bytes:
            raise Refusal(b"bytes")  # type: ignore[arg-type]

        def returns_text(data: bytes) -> bytes:
            return "text"  # type: ignore[return-value]

        kit = Kit("x", "1").handle("a/1", "refuse", refuse).handle("a/1", "text", returns_text)
        for op in ("refuse", "text"):
            entry = kit.run_case("a/1", op, "")
            self.assertEqual(entry["outcome"], "errored")
            self.assertTrue(entry["message"].startswith("TypeError: "), entry)

    def test_trace_keeps_its_end_within_bounds(self) -> None:
        def deep(data: bytes) -> bytes:
            raise ValueError("v" * 5000)

        entry = Kit("x", "1").handle("a/1", "deep", deep).run_case("a/1", "deep", "")
        self.assertEqual(len(entry["message"].encode()), conform_kit.MAX_MESSAGE_BYTES)
        self.assertLessEqual(len(entry["trace"].encode()), conform_kit.MAX_TRACE_BYTES)
        self.assertTrue(entry["trace"].rstrip().endswith("v"), entry["trace"][-80:])

    def test_fixture_module_wires_a_kit(self) -> None:
        self.assertEqual(list(kit_fixture.kit().implementation()["contracts"]), ["demo/1", "plain/1"])


if __name__ == "__main__":
    unittest.main()


class Unknown(unittest.TestCase):
    """A declared refusal message that the catalogue's table of its
    contract lacks is named (refusals.json beside the kit, generated from
    spec/catalogue.json); a contract the catalogue does not know is not the
    kit's to judge."""

    def test_names_what_the_catalogue_lacks(self) -> None:
        path = os.path.join(os.path.dirname(os.path.abspath(conform_kit.__file__)), "refusals.json")
        with open(path, encoding="utf-8") as f:
            known = json.load(f)
        contract, messages = next(iter(known.items()))
        self.assertTrue(messages)
        kit = Kit("x", "1")
        kit.handle(contract, "op", lambda b: b)
        kit.guards(contract, [("c.0", messages[0]), ("c.1", "bad key")])
        kit.handle("nope/1", "op", lambda b: b)
        kit.guards("nope/1", [("n.0", "m")])
        self.assertEqual(kit.unknown(), [
            f'{contract}: refusal message "bad key" is not in the contract\'s refusal table',
        ])
        fine = Kit("y", "1")
        fine.handle(contract, "op", lambda b: b)
        fine.guards(contract, [("c.0", messages[0])])
        self.assertEqual(fine.unknown(), [])

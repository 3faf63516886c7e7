"""bridge/4 (spec/bridge.md): the canonical form and the wire of every
message type, unknown types and fields, each refusal and its ignore
semantics, tool-call correlation in streams; CPython's json module and the
cp1252 codec as the oracles of the lossless, ASCII-safe wire."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import bridge  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402

# One message of each of the 20 types, every field present.
SAMPLES: dict[str, dict[str, object]] = {
    "stage": {"name": "plan", "face": "thinking"},
    "monologue": {"text": "caf\u00e9", "depth": 2},
    "skill": {"name": "bisect", "reason": "flaky"},
    "turn": {"n": 1, "tool_calls": 2, "malformed": 0, "invented": 0, "no_call": 0, "fail_count": 1},
    "tool_call": {"id": "c1", "name": "read_file", "args": {"path": "r\u00e9sum\u00e9", "n": [1]}},
    "telemetry": {"tokens": 1, "tps": 2.5, "ctx_used": 3, "ctx_cap": 4, "vram": 5.5},
    "status": {"phase": "p", "pool_used": 1, "pool_cap": 2},
    "checkpoint": {"git_sha": "abc"},
    "done": {"ok": False, "result": "r", "remaining": 2, "reason": "no-progress"},
    "error": {"msg": "\U0001f600"},
    "workflow_start": {"workflow_id": "w", "phases": [{"n": 1, "type": "t", "agents": 2}],
                       "total_agents": 2},
    "phase_start": {"phase_n": 1, "phase_type": "t", "agent_count": 2},
    "phase_done": {"phase_n": 1, "artifact_summary": "\u20ac"},
    "agent_spawn": {"agent_id": "a", "phase_n": 1, "brief": "b"},
    "agent_progress": {"agent_id": "a", "delta": "\u2028"},
    "agent_done": {"agent_id": "a", "phase_n": 1, "summary": "s", "tokens": 1, "tool_calls": 2,
                   "duration_ms": 3},
    "workflow_done": {"synthesis": "s", "total_phases": 1, "total_agents": 2},
    "task": {"text": "t", "cwd": "/", "pool_gb": 8, "effort": "high", "model": "m",
             "test_cmd": "make test"},
    "tool_result": {"id": "c1", "output": "[exit 1]\n", "exit_code": -1},
    "control": {"action": "steer", "note": "n"},
}


def run(op, text, *ignored):
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    try:
        with ignoring(*ignored):
            return op(data)
    except Refusal as e:
        return e.guard


class Messages(unittest.TestCase):
    def test_every_type_round_trips(self) -> None:
        self.assertEqual(len(SAMPLES), 20)
        self.assertEqual(set(SAMPLES), set(bridge.MESSAGES))
        for mtype, fields in SAMPLES.items():
            with self.subTest(mtype):
                # Fields reversed and the type last: the canonical form puts them back.
                ordered: dict[str, object] = {"type": mtype}
                ordered.update(fields)
                message = dict(reversed(list(ordered.items())))
                canonical = run(bridge.decode, json.dumps(message, ensure_ascii=False))
                wire = run(bridge.encode, json.dumps(message))
                # The oracle: CPython's json.dumps of the members in table order.
                self.assertEqual(canonical, json.dumps(
                    ordered, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
                self.assertEqual(wire, json.dumps(ordered, separators=(",", ":")).encode() + b"\n")
                # ASCII-safe: a cp1252 pipe reads the same text, and it decodes losslessly.
                self.assertEqual(wire.decode("cp1252"), wire.decode("ascii"))
                self.assertEqual(json.loads(wire), json.loads(canonical))
                self.assertEqual(run(bridge.round_trip, json.dumps(message)), wire + canonical)

    def test_numbers_keep_their_literals(self) -> None:
        text = '{"type":"telemetry","tokens":0,"tps":1.50,"ctx_used":0,"ctx_cap":0,"vram":1E5}'
        self.assertEqual(run(bridge.decode, text), text.encode())

    def test_escapes(self) -> None:
        self.assertEqual(
            run(bridge.decode, r'{"type":"error","msg":"\u0008\u000c\u000a\u000d\u0009\u0001\u007f\/"}'),
            b'{"type":"error","msg":"\\b\\f\\n\\r\\t\\u0001\x7f/"}')
        self.assertEqual(run(bridge.encode, r'{"type":"error","msg":"\u00E9\uD83D\uDE00"}'),
                         b'{"type":"error","msg":"\\u00e9\\ud83d\\ude00"}\n')

    def test_unknown_types_and_fields_are_ignored(self) -> None:
        for t in ("heartbeat", "Done", "done ", "", "stage\\ud800"):
            self.assertEqual(run(bridge.decode, '{"type":"%s","ok":null}' % t), b"")
            self.assertEqual(run(bridge.stream, '{"type":"%s"}\n' % t), b"")
        self.assertEqual(run(bridge.decode, r'{"type":"error","msg":"m","x":null,"\udc00":"\ud800"}'),
                         b'{"type":"error","msg":"m"}')

    def test_absent_metrics_stay_absent(self) -> None:
        text = '{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s"}'
        self.assertEqual(run(bridge.decode, text), text.encode())
        self.assertEqual(run(bridge.decode, text[:-1] + ',"duration_ms":0}'), text[:-1].encode() + b',"duration_ms":0}')


class Refusals(unittest.TestCase):
    def test_single_cause(self) -> None:
        for text, guard, ignored in (
            ('{"type":"error","msg":"m"', bridge.INPUT, None),
            ('{"type":"error","msg":"a","msg":"b"}', bridge.INPUT, None),
            ("[]", bridge.TYPE, None),
            ('{"type":4}', bridge.MSG_TYPE, b""),
            ('{"type":"stage","name":"n"}', bridge.MISSING, b'{"type":"stage","name":"n"}'),
            ('{"type":"error","msg":null}', bridge.FIELD_TYPE, b'{"type":"error","msg":null}'),
            ('{"type":"done","ok":true,"result":"","remaining":null}', bridge.FIELD_TYPE,
             b'{"type":"done","ok":true,"result":"","remaining":null}'),
            ('{"type":"monologue","text":"t","depth":-1}', bridge.INTEGER,
             b'{"type":"monologue","text":"t","depth":-1}'),
            ('{"type":"monologue","text":"t","depth":9007199254740992}', bridge.INTEGER,
             b'{"type":"monologue","text":"t","depth":9007199254740992}'),
            ('{"type":"monologue","text":"t","depth":2.0}', bridge.INTEGER,
             b'{"type":"monologue","text":"t","depth":2.0}'),
            ('{"type":"done","ok":true,"result":"","reason":"ok"}', bridge.DONE_REASON,
             b'{"type":"done","ok":true,"result":"","reason":"ok"}'),
            ('{"type":"control","action":"stop"}', bridge.CONTROL_ACTION,
             b'{"type":"control","action":"stop"}'),
            (r'{"type":"error","msg":"\ud800"}', bridge.SURROGATE, b'{"type":"error","msg":"\xed\xa0\x80"}'),
        ):
            with self.subTest(text):
                self.assertIs(run(bridge.decode, text), guard)
                if ignored is None:  # no accept path
                    self.assertIs(run(bridge.decode, text, guard), guard)
                else:
                    self.assertEqual(run(bridge.decode, text, guard), ignored)
        self.assertEqual(run(bridge.encode, r'{"type":"error","msg":"\ud800"}', bridge.SURROGATE),
                         b'{"type":"error","msg":"\\ud800"}\n')

    def test_exit_code_is_signed(self) -> None:
        text = '{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740991}'
        self.assertEqual(run(bridge.decode, text), text.encode())
        self.assertIs(run(bridge.decode, text.replace("991", "992")), bridge.INTEGER)


class Stream(unittest.TestCase):
    CALL = '{"type":"tool_call","id":"%s","name":"n","args":{}}'
    RESULT = '{"type":"tool_result","id":"%s","output":"","exit_code":0}'

    def test_correlation(self) -> None:
        call, res = self.CALL, self.RESULT
        ok = "\n".join([call % "a", '{"type":"future"}', res % "a"])
        self.assertEqual(run(bridge.stream, ""), b"")
        self.assertEqual(run(bridge.stream, ok), ("\n".join([call % "a", res % "a"]) + "\n").encode())
        self.assertEqual(run(bridge.stream, ok.replace("\n", "\r\n") + "\r\n"),
                         ("\n".join([call % "a", res % "a"]) + "\n").encode())
        self.assertIs(run(bridge.stream, call % "a" + "\n" + res % "b"), bridge.CORRELATION)
        self.assertIs(run(bridge.stream, res % "a"), bridge.CORRELATION)
        self.assertIs(run(bridge.stream, call % "a" + "\n" + call % "b"), bridge.CALL_PENDING)
        self.assertEqual(run(bridge.stream, call % "a" + "\n" + call % "b" + "\n" + res % "b",
                             bridge.CALL_PENDING),
                         ("\n".join([call % "a", call % "b", res % "b"]) + "\n").encode())
        self.assertIs(run(bridge.stream, call % "a" + "\n\n" + res % "a"), bridge.INPUT)
        self.assertIs(run(bridge.stream, "\n"), bridge.INPUT)


if __name__ == "__main__":
    unittest.main()

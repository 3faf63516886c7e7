// bridge/4: exact verdicts of the four operations (spec/bridge.md), and
// Node's own JSON.parse as the oracle of the lossless wire.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as bridge from "../dist/bridge.js";
import { REFUSALS as G } from "../dist/bridge.js";
import { outcome, showUTF8 } from "./helpers.mjs";

const R = (g) => "refused: " + g.message;
const check = (op, input, want, ignore = []) =>
  assert.equal(showUTF8(op, input, ignore), want, `${op.name} ${JSON.stringify(input)} ignore=${ignore.map((g) => g.code)}`);

// One message of each of the 20 types, fields in reverse table order.
const SAMPLES = {
  stage: '{"face":"f","name":"n","type":"stage"}',
  monologue: '{"depth":1,"text":"t","type":"monologue"}',
  skill: '{"reason":"r","name":"n","type":"skill"}',
  turn: '{"fail_count":0,"no_call":0,"invented":0,"malformed":0,"tool_calls":1,"n":1,"type":"turn"}',
  tool_call: '{"args":{"p":"\\u00e9"},"name":"read_file","id":"c","type":"tool_call"}',
  telemetry: '{"vram":1.5,"ctx_cap":8,"ctx_used":4,"tps":2.0,"tokens":3,"type":"telemetry"}',
  status: '{"pool_cap":2,"pool_used":1,"phase":"p","type":"status"}',
  checkpoint: '{"git_sha":"abc","type":"checkpoint"}',
  done: '{"reason":"stalled","remaining":1,"result":"r","ok":false,"type":"done"}',
  error: '{"msg":"m","type":"error"}',
  workflow_start: '{"total_agents":1,"phases":[{"agents":1,"type":"t","n":1}],"workflow_id":"w","type":"workflow_start"}',
  phase_start: '{"agent_count":1,"phase_type":"t","phase_n":1,"type":"phase_start"}',
  phase_done: '{"artifact_summary":"a","phase_n":1,"type":"phase_done"}',
  agent_spawn: '{"brief":"b","phase_n":1,"agent_id":"a","type":"agent_spawn"}',
  agent_progress: '{"delta":"\\ud83d\\ude00","agent_id":"a","type":"agent_progress"}',
  agent_done: '{"duration_ms":3,"tool_calls":2,"tokens":1,"summary":"s","phase_n":1,"agent_id":"a","type":"agent_done"}',
  workflow_done: '{"total_agents":1,"total_phases":1,"synthesis":"s","type":"workflow_done"}',
  task: '{"test_cmd":"","model":"m","effort":"e","pool_gb":8,"cwd":"/","text":"t","type":"task"}',
  tool_result: '{"exit_code":-1,"output":"o","id":"c","type":"tool_result"}',
  control: '{"note":"n","action":"steer","type":"control"}',
};

test("every type decodes to type first and its fields in table order, and round-trips", () => {
  assert.equal(Object.keys(SAMPLES).length, 20);
  for (const [type, input] of Object.entries(SAMPLES)) {
    const canonical = showUTF8(bridge.decode, input);
    const wire = showUTF8(bridge.encode, input);
    assert.ok(canonical.startsWith(`{"type":"${type}"`), canonical);
    assert.match(wire, /^[\x20-\x7e]*\n$/, `${type}: the wire is ASCII and ends in LF`);
    // The oracle: Node's JSON.parse reads the same value from both forms and from the input.
    assert.deepEqual(JSON.parse(wire), JSON.parse(canonical), type);
    assert.deepEqual(Object.keys(JSON.parse(canonical)).sort(), Object.keys(JSON.parse(input)).sort(), type);
    assert.equal(showUTF8(bridge.roundTrip, input), wire + canonical, type);
  }
});

test("canonical form and wire: exact bytes", () => {
  check(bridge.decode, '{"msg":"caf\\u00E9 \\ud83d\\ude00 \\u0001\\u007f/\\u2028","type":"error","x":1}',
    '{"type":"error","msg":"café 😀 \\u0001\u007f/\u2028"}');
  check(bridge.encode, '{"msg":"café 😀 \\u0001\\u007f/\\u2028","type":"error"}',
    '{"type":"error","msg":"caf\\u00e9 \\ud83d\\ude00 \\u0001\\u007f/\\u2028"}\n');
  check(bridge.decode, '{"type":"error","msg":"\\u0008\\u000c\\u000a\\u000d\\u0009\\"\\\\"}', '{"type":"error","msg":"\\b\\f\\n\\r\\t\\"\\\\"}');
  check(bridge.decode, '{"type":"telemetry","tokens":0,"tps":1.50,"ctx_used":0,"ctx_cap":0,"vram":1E5}',
    '{"type":"telemetry","tokens":0,"tps":1.50,"ctx_used":0,"ctx_cap":0,"vram":1E5}');
});

test("unknown types are ignored and unknown fields dropped; absent metrics stay absent", () => {
  for (const t of ["heartbeat", "Done", "done ", "", "stage\\ud800"]) check(bridge.decode, `{"type":"${t}","ok":null}`, "");
  check(bridge.decode, '{"type":"error","msg":"m","new":null,"\\udc00":"\\ud800"}', '{"type":"error","msg":"m"}');
  check(bridge.decode, '{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s"}',
    '{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s"}');
  check(bridge.decode, '{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":0}',
    '{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":0}');
});

test("refusals, each single-cause", () => {
  const cases = [
    ['{"type":"error"', G.input],
    ['{"type":"error","msg":"a","msg":"b"}', G.input],
    ["[]", G.type],
    ['{"msg":"m"}', G.msgType, ""],
    ['{"type":"stage","name":"n"}', G.missing, '{"type":"stage","name":"n"}'],
    ['{"type":"error","msg":null}', G.fieldType, '{"type":"error","msg":null}'],
    ['{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":null}', G.fieldType,
      '{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":null}'],
    ['{"type":"monologue","text":"t","depth":-1}', G.integer, '{"type":"monologue","text":"t","depth":-1}'],
    ['{"type":"monologue","text":"t","depth":9007199254740992}', G.integer, '{"type":"monologue","text":"t","depth":9007199254740992}'],
    ['{"type":"monologue","text":"t","depth":1.0}', G.integer, '{"type":"monologue","text":"t","depth":1.0}'],
    ['{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740992}', G.integer,
      '{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740992}'],
    ['{"type":"done","ok":true,"result":"","reason":"green"}', G.doneReason, '{"type":"done","ok":true,"result":"","reason":"green"}'],
    ['{"type":"control","action":"Pause"}', G.controlAction, '{"type":"control","action":"Pause"}'],
    ['{"type":"tool_call","id":"c","name":"n","args":{"\\ud800":1}}', G.surrogate],
  ];
  for (const [input, guard, ignored] of cases) {
    check(bridge.decode, input, R(guard));
    if (ignored !== undefined) check(bridge.decode, input, ignored, [guard]);
    else if (guard !== G.surrogate) check(bridge.decode, input, R(guard), [guard]); // no accept path
  }
  // Ignored: a lone surrogate is its 3-byte generalized UTF-8 form, and \\udxxx on the wire.
  const lone = '{"type":"error","msg":"\\ud800"}';
  assert.deepEqual(outcome(bridge.decode, lone, [G.surrogate]).ok, Buffer.from('{"type":"error","msg":"\xed\xa0\x80"}', "latin1"));
  assert.equal(showUTF8(bridge.encode, lone, [G.surrogate]), lone + "\n");
  check(bridge.decode, '{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740991}',
    '{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740991}');
});

test("stream: one call outstanding, each result echoing its id", () => {
  const call = (id) => `{"type":"tool_call","id":"${id}","name":"n","args":{}}`;
  const res = (id) => `{"type":"tool_result","id":"${id}","output":"","exit_code":0}`;
  const lines = (...ls) => ls.join("\n") + "\n";
  check(bridge.stream, "", "");
  check(bridge.stream, lines(call("a"), '{"type":"x"}', res("a")), lines(call("a"), res("a")));
  check(bridge.stream, call("a") + "\r\n" + res("a"), lines(call("a"), res("a")));
  check(bridge.stream, lines(call("a"), res("b")), R(G.correlation));
  check(bridge.stream, lines(call("a"), res("b")), lines(call("a"), res("b")), [G.correlation]);
  check(bridge.stream, lines(res("a")), R(G.correlation));
  check(bridge.stream, lines(call("a"), call("b")), R(G.callPending));
  check(bridge.stream, lines(call("a"), call("b"), res("b")), lines(call("a"), call("b"), res("b")), [G.callPending]);
  check(bridge.stream, lines(call("a"), "", res("a")), R(G.input));
  assert.equal(outcome(bridge.stream, "\n").refused, G.input.message);
});

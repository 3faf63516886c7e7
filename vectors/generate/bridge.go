package main

import "strings"

// bridge/4: spec/bridge.md, one file per operation. The accepted messages
// are written once (input, canonical form, wire line, all by hand from the
// spec) and give the decode, encode and round-trip files; the refusals are
// one message with one defect each, in all three. The seed's own fixture
// (bridge_conformance.json) lacks the seven workflow-swarm frames; here
// each of the 20 types has at least one accepted vector per operation.

func init() {
	register(source{
		contract: "bridge/4",
		files:    bridgeFiles,
		minCases: 424,
	})
}

const (
	brInput       = "input is not valid JSON"
	brType        = "message is not a JSON object"
	brMsgType     = "message type is missing or not a string"
	brMissing     = "required field is missing"
	brFieldType   = "field has the wrong JSON type"
	brInteger     = "integer field is not an integer in its range"
	brDoneReason  = "done.reason is not in its vocabulary"
	brAction      = "control.action is not pause, resume or steer"
	brSurrogate   = "string holds an unpaired surrogate"
	brCallPending = "tool_call while another tool_call is outstanding"
	brCorrelation = "tool_result id does not match the outstanding tool_call"
)

// brMsg is one accepted message: its input, its canonical form and its
// wire line without the LF ("" when it is the canonical form, which must
// then be ASCII). An ignored message has canon "" and wire "".
type brMsg struct {
	name, in, canon, wire, note string
}

func (m brMsg) wireLine() string {
	if m.canon == "" {
		return ""
	}
	w := m.wire
	if w == "" {
		for _, r := range m.canon {
			if r > 0x7e {
				panic("bridge vectors: " + m.name + ": a non-ASCII canonical form needs its wire line")
			}
		}
		w = m.canon
	}
	return w + "\n"
}

// bridgeAccepted are the accepted messages, by hand from spec/bridge.md.
var bridgeAccepted = []brMsg{
	// Every type, fields in another order than the table's.
	{name: "stage", in: `{"face":"thinking","name":"plan","type":"stage"}`, canon: `{"type":"stage","name":"plan","face":"thinking"}`},
	{name: "monologue", in: `{"depth":2,"text":"check the tests","type":"monologue"}`, canon: `{"type":"monologue","text":"check the tests","depth":2}`},
	{name: "skill", in: `{"type":"skill","reason":"flaky test","name":"bisect"}`, canon: `{"type":"skill","name":"bisect","reason":"flaky test"}`},
	{name: "turn", in: `{"fail_count":1,"no_call":0,"invented":0,"malformed":1,"tool_calls":3,"n":7,"type":"turn"}`,
		canon: `{"type":"turn","n":7,"tool_calls":3,"malformed":1,"invented":0,"no_call":0,"fail_count":1}`},
	{name: "tool_call", in: `{"args":{"path":"src/a.ts","limit":10},"name":"read_file","id":"call-1","type":"tool_call"}`,
		canon: `{"type":"tool_call","id":"call-1","name":"read_file","args":{"path":"src/a.ts","limit":10}}`},
	{name: "telemetry", in: `{"vram":7.5,"ctx_cap":32768,"ctx_used":1024,"tps":41.25,"tokens":900,"type":"telemetry"}`,
		canon: `{"type":"telemetry","tokens":900,"tps":41.25,"ctx_used":1024,"ctx_cap":32768,"vram":7.5}`},
	{name: "status", in: `{"pool_cap":1864000000,"pool_used":120000,"phase":"edit","type":"status"}`,
		canon: `{"type":"status","phase":"edit","pool_used":120000,"pool_cap":1864000000}`},
	{name: "checkpoint", in: `{"git_sha":"0a1b2c3d","type":"checkpoint"}`, canon: `{"type":"checkpoint","git_sha":"0a1b2c3d"}`},
	{name: "done", in: `{"reason":"","remaining":0,"result":"all green","ok":true,"type":"done"}`,
		canon: `{"type":"done","ok":true,"result":"all green","remaining":0,"reason":""}`},
	{name: "error", in: `{"msg":"tool_result id mismatch","type":"error"}`, canon: `{"type":"error","msg":"tool_result id mismatch"}`},
	{name: "workflow_start", in: `{"total_agents":3,"phases":[{"agents":2,"type":"explore","n":1},{"n":2,"type":"synthesize","agents":1}],"workflow_id":"wf-1","type":"workflow_start"}`,
		canon: `{"type":"workflow_start","workflow_id":"wf-1","phases":[{"n":1,"type":"explore","agents":2},{"n":2,"type":"synthesize","agents":1}],"total_agents":3}`},
	{name: "phase_start", in: `{"agent_count":2,"phase_type":"explore","phase_n":1,"type":"phase_start"}`,
		canon: `{"type":"phase_start","phase_n":1,"phase_type":"explore","agent_count":2}`},
	{name: "phase_done", in: `{"artifact_summary":"2 findings","phase_n":1,"type":"phase_done"}`,
		canon: `{"type":"phase_done","phase_n":1,"artifact_summary":"2 findings"}`},
	{name: "agent_spawn", in: `{"brief":"read the parser","phase_n":1,"agent_id":"a1","type":"agent_spawn"}`,
		canon: `{"type":"agent_spawn","agent_id":"a1","phase_n":1,"brief":"read the parser"}`},
	{name: "agent_progress", in: `{"delta":"reading...","agent_id":"a1","type":"agent_progress"}`,
		canon: `{"type":"agent_progress","agent_id":"a1","delta":"reading..."}`},
	{name: "agent_done", in: `{"duration_ms":5300,"tool_calls":4,"tokens":1200,"summary":"ok","phase_n":1,"agent_id":"a1","type":"agent_done"}`,
		canon: `{"type":"agent_done","agent_id":"a1","phase_n":1,"summary":"ok","tokens":1200,"tool_calls":4,"duration_ms":5300}`},
	{name: "workflow_done", in: `{"total_agents":3,"total_phases":2,"synthesis":"done","type":"workflow_done"}`,
		canon: `{"type":"workflow_done","synthesis":"done","total_phases":2,"total_agents":3}`},
	{name: "task", in: `{"test_cmd":"npm test","model":"qwen","effort":"high","pool_gb":8,"cwd":"/repo","text":"fix it","type":"task"}`,
		canon: `{"type":"task","text":"fix it","cwd":"/repo","pool_gb":8,"effort":"high","model":"qwen","test_cmd":"npm test"}`},
	{name: "tool_result", in: `{"exit_code":0,"output":"[exit 0]\n","id":"call-1","type":"tool_result"}`,
		canon: `{"type":"tool_result","id":"call-1","output":"[exit 0]\n","exit_code":0}`},
	{name: "control", in: `{"note":"try the other file","action":"steer","type":"control"}`,
		canon: `{"type":"control","action":"steer","note":"try the other file"}`},

	// Optional fields absent stay absent; present as 0 stay 0.
	{name: "agent_done.no-metrics", in: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s"}`,
		canon: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s"}`,
		note:  "Absent metrics are never decoded as 0 (seed 001, the v4 history)."},
	{name: "agent_done.tokens-only", in: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s","tokens":5}`,
		canon: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s","tokens":5}`},
	{name: "agent_done.duration-only", in: `{"type":"agent_done","duration_ms":9,"agent_id":"a2","phase_n":2,"summary":"s"}`,
		canon: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s","duration_ms":9}`},
	{name: "agent_done.zero-metrics", in: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s","tokens":0,"tool_calls":0,"duration_ms":0}`,
		canon: `{"type":"agent_done","agent_id":"a2","phase_n":2,"summary":"s","tokens":0,"tool_calls":0,"duration_ms":0}`},
	{name: "done.minimal", in: `{"type":"done","ok":false,"result":"tests fail"}`, canon: `{"type":"done","ok":false,"result":"tests fail"}`},
	{name: "done.reason.stalled", in: `{"type":"done","ok":false,"result":"","reason":"stalled"}`, canon: `{"type":"done","ok":false,"result":"","reason":"stalled"}`},
	{name: "done.reason.no-progress", in: `{"type":"done","ok":false,"result":"","remaining":2,"reason":"no-progress"}`,
		canon: `{"type":"done","ok":false,"result":"","remaining":2,"reason":"no-progress"}`},
	{name: "done.reason.max-turns", in: `{"type":"done","ok":false,"result":"","reason":"max-turns"}`, canon: `{"type":"done","ok":false,"result":"","reason":"max-turns"}`},
	{name: "done.reason.unverified", in: `{"type":"done","ok":false,"result":"","reason":"unverified"}`, canon: `{"type":"done","ok":false,"result":"","reason":"unverified"}`},
	{name: "task.no-test_cmd", in: `{"type":"task","text":"t","cwd":"/","pool_gb":0.5,"effort":"low","model":"m"}`,
		canon: `{"type":"task","text":"t","cwd":"/","pool_gb":0.5,"effort":"low","model":"m"}`},
	{name: "task.empty-test_cmd", in: `{"type":"task","text":"t","cwd":"/","pool_gb":1,"effort":"low","model":"m","test_cmd":""}`,
		canon: `{"type":"task","text":"t","cwd":"/","pool_gb":1,"effort":"low","model":"m","test_cmd":""}`,
		note:  "test_cmd \"\" is an unverifiable run, still a string."},
	{name: "control.pause", in: `{"type":"control","action":"pause"}`, canon: `{"type":"control","action":"pause"}`},
	{name: "control.resume", in: `{"type":"control","action":"resume","note":""}`, canon: `{"type":"control","action":"resume","note":""}`},
	{name: "tool_result.negative-exit", in: `{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740991}`,
		canon: `{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740991}`},
	{name: "workflow_start.no-phases", in: `{"type":"workflow_start","workflow_id":"w","phases":[],"total_agents":0}`,
		canon: `{"type":"workflow_start","workflow_id":"w","phases":[],"total_agents":0}`},
	{name: "workflow_start.phase-extra-member", in: `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":"t","agents":1,"x":null}],"total_agents":1}`,
		canon: `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":"t","agents":1}],"total_agents":1}`},

	// Unknown types are ignored, not refused.
	{name: "unknown-type", in: `{"type":"heartbeat","at":1}`, note: "Receivers MUST ignore unknown types (seed 001, the versioning rule)."},
	{name: "unknown-type.case", in: `{"type":"Done","ok":true,"result":""}`},
	{name: "unknown-type.space", in: `{"type":"done ","ok":true,"result":""}`},
	{name: "unknown-type.empty", in: `{"type":""}`},
	{name: "unknown-type.lone-surrogate", in: `{"type":"stage\ud800"}`},
	{name: "unknown-type.bad-fields", in: `{"type":"future_event","ok":null,"msg":"\udc00"}`},

	// Unknown fields are dropped, unchecked.
	{name: "unknown-field", in: `{"type":"checkpoint","git_sha":"abc","branch":"main"}`, canon: `{"type":"checkpoint","git_sha":"abc"}`,
		note: "A new optional field old consumers safely ignore (seed 001, the versioning rule)."},
	{name: "unknown-field.null", in: `{"type":"error","new":null,"msg":"m"}`, canon: `{"type":"error","msg":"m"}`},
	{name: "unknown-field.surrogate", in: `{"type":"error","msg":"m","x":"\ud800","\udc00":1}`, canon: `{"type":"error","msg":"m"}`},
	{name: "unknown-field.nested", in: `{"type":"error","msg":"m","x":{"y":[1,2,{"z":1e999}]}}`, canon: `{"type":"error","msg":"m"}`},

	// Encoding: lossless UTF-8 in the canonical form, ASCII on the wire.
	{name: "utf8.latin1", in: "{\"type\":\"error\",\"msg\":\"caf\u00e9 na\u00efve\"}", canon: "{\"type\":\"error\",\"msg\":\"caf\u00e9 na\u00efve\"}",
		wire: `{"type":"error","msg":"caf\u00e9 na\u00efve"}`, note: "Raw UTF-8 in, escaped on the wire."},
	{name: "utf8.escaped-input", in: `{"type":"error","msg":"caf\u00E9"}`, canon: "{\"type\":\"error\",\"msg\":\"caf\u00e9\"}",
		wire: `{"type":"error","msg":"caf\u00e9"}`, note: "Wire hex is lowercase whatever the input's case."},
	{name: "utf8.cp1252-range", in: "{\"type\":\"monologue\",\"text\":\"\u20ac \u2018q\u2019 \u2014\",\"depth\":0}",
		canon: "{\"type\":\"monologue\",\"text\":\"\u20ac \u2018q\u2019 \u2014\",\"depth\":0}",
		wire:  `{"type":"monologue","text":"\u20ac \u2018q\u2019 \u2014","depth":0}`, note: "Characters cp1252 has, escaped all the same."},
	{name: "utf8.astral", in: "{\"type\":\"agent_progress\",\"agent_id\":\"a\",\"delta\":\"\U0001f600\"}",
		canon: "{\"type\":\"agent_progress\",\"agent_id\":\"a\",\"delta\":\"\U0001f600\"}",
		wire:  `{"type":"agent_progress","agent_id":"a","delta":"\ud83d\ude00"}`, note: "An astral character is a surrogate pair on the wire."},
	{name: "utf8.escaped-pair", in: `{"type":"agent_progress","agent_id":"a","delta":"\uD83D\uDE00"}`,
		canon: "{\"type\":\"agent_progress\",\"agent_id\":\"a\",\"delta\":\"\U0001f600\"}",
		wire:  `{"type":"agent_progress","agent_id":"a","delta":"\ud83d\ude00"}`},
	{name: "utf8.cjk", in: "{\"type\":\"stage\",\"name\":\"\u8a08\u753b\",\"face\":\"\u00b7\"}",
		canon: "{\"type\":\"stage\",\"name\":\"\u8a08\u753b\",\"face\":\"\u00b7\"}",
		wire:  `{"type":"stage","name":"\u8a08\u753b","face":"\u00b7"}`},
	{name: "escapes.controls", in: `{"type":"error","msg":"a\u0000b\u001fc\b\f\n\r\t\"\\"}`,
		canon: `{"type":"error","msg":"a\u0000b\u001fc\b\f\n\r\t\"\\"}`},
	{name: "escapes.short-forms", in: `{"type":"error","msg":"\u0008\u000c\u000a\u000d\u0009"}`,
		canon: `{"type":"error","msg":"\b\f\n\r\t"}`, note: "The two-character escapes win over \\u00xx."},
	{name: "escapes.del", in: `{"type":"error","msg":"\u007f"}`, canon: "{\"type\":\"error\",\"msg\":\"\x7f\"}",
		wire: `{"type":"error","msg":"\u007f"}`, note: "U+007F is literal in the canonical form, escaped on the wire."},
	{name: "escapes.line-separator", in: `{"type":"error","msg":"\u2028\u2029"}`, canon: "{\"type\":\"error\",\"msg\":\"\u2028\u2029\"}",
		wire: `{"type":"error","msg":"\u2028\u2029"}`},
	{name: "escapes.solidus", in: `{"type":"error","msg":"a\/b/c"}`, canon: `{"type":"error","msg":"a/b/c"}`, note: "/ is never escaped."},
	{name: "escapes.unicode-ascii", in: `{"type":"error","msg":"\u0041\u0042"}`, canon: `{"type":"error","msg":"AB"}`},
	{name: "args.non-ascii", in: "{\"type\":\"tool_call\",\"id\":\"c\",\"name\":\"write_file\",\"args\":{\"path\":\"r\u00e9sum\u00e9.md\",\"\u00fc\":[true,null]}}",
		canon: "{\"type\":\"tool_call\",\"id\":\"c\",\"name\":\"write_file\",\"args\":{\"path\":\"r\u00e9sum\u00e9.md\",\"\u00fc\":[true,null]}}",
		wire:  `{"type":"tool_call","id":"c","name":"write_file","args":{"path":"r\u00e9sum\u00e9.md","\u00fc":[true,null]}}`},
	{name: "args.empty", in: `{"type":"tool_call","id":"","name":"","args":{}}`, canon: `{"type":"tool_call","id":"","name":"","args":{}}`},
	{name: "args.member-order-kept", in: `{"type":"tool_call","id":"c","name":"n","args":{"b":1,"a":{"d":1,"c":2}}}`,
		canon: `{"type":"tool_call","id":"c","name":"n","args":{"b":1,"a":{"d":1,"c":2}}}`},
	{name: "whitespace", in: " {\n\t\"type\" : \"checkpoint\" ,\r\n \"git_sha\" : \"a\" }\n", canon: `{"type":"checkpoint","git_sha":"a"}`},

	// Numbers keep their literal text.
	{name: "number.literals-kept", in: `{"type":"telemetry","tokens":0,"tps":1.50,"ctx_used":0,"ctx_cap":0,"vram":1E5}`,
		canon: `{"type":"telemetry","tokens":0,"tps":1.50,"ctx_used":0,"ctx_cap":0,"vram":1E5}`},
	{name: "number.negative-and-huge", in: `{"type":"status","phase":"p","pool_used":-0.0,"pool_cap":1e400}`,
		canon: `{"type":"status","phase":"p","pool_used":-0.0,"pool_cap":1e400}`},
	{name: "integer.max", in: `{"type":"monologue","text":"t","depth":9007199254740991}`, canon: `{"type":"monologue","text":"t","depth":9007199254740991}`},
	{name: "integer.minus-zero", in: `{"type":"monologue","text":"t","depth":-0}`, canon: `{"type":"monologue","text":"t","depth":-0}`},
	{name: "args.numbers-kept", in: `{"type":"tool_call","id":"c","name":"n","args":{"x":1.0e+2,"y":-0}}`,
		canon: `{"type":"tool_call","id":"c","name":"n","args":{"x":1.0e+2,"y":-0}}`},
}

// brNo is one refused message, its exception tag (if any) and a note.
type brNo struct {
	name, in, message, tag string
}

// bridgeRefused are the refused messages, one defect each.
var bridgeRefused = []brNo{
	{"input.truncated", `{"type":"stage","name":"n"`, brInput, "grammar"},
	{"input.duplicate-member", `{"type":"error","msg":"a","msg":"b"}`, brInput, "grammar"},
	{"input.duplicate-type", `{"type":"error","type":"error","msg":"a"}`, brInput, "grammar"},
	{"input.bom", "\ufeff{\"type\":\"error\",\"msg\":\"a\"}", brInput, "grammar"},
	{"input.invalid-utf8", "{\"type\":\"error\",\"msg\":\"\xff\"}", brInput, "grammar"},
	{"input.trailing-data", `{"type":"error","msg":"a"}{}`, brInput, "grammar"},
	{"input.empty", ``, brInput, "grammar"},
	{"input.nan", `{"type":"telemetry","tokens":1,"tps":NaN,"ctx_used":1,"ctx_cap":1,"vram":1}`, brInput, "grammar"},
	{"type.array", `[{"type":"error","msg":"a"}]`, brType, "type-guard"},
	{"type.string", `"error"`, brType, "type-guard"},
	{"type.null", `null`, brType, "type-guard"},
	{"type.number", `4`, brType, "type-guard"},
	{"msg_type.absent", `{"msg":"a"}`, brMsgType, ""},
	{"msg_type.number", `{"type":4,"msg":"a"}`, brMsgType, ""},
	{"msg_type.null", `{"type":null}`, brMsgType, ""},
	{"msg_type.object", `{"type":{"name":"error"}}`, brMsgType, ""},
	{"missing.stage-face", `{"type":"stage","name":"n"}`, brMissing, ""},
	{"missing.tool_call-id", `{"type":"tool_call","name":"n","args":{}}`, brMissing, ""},
	{"missing.tool_call-args", `{"type":"tool_call","id":"c","name":"n"}`, brMissing, ""},
	{"missing.tool_result-id", `{"type":"tool_result","output":"","exit_code":0}`, brMissing, ""},
	{"missing.done-ok", `{"type":"done","result":""}`, brMissing, ""},
	{"missing.control-action", `{"type":"control","note":"n"}`, brMissing, ""},
	{"missing.agent_done-summary", `{"type":"agent_done","agent_id":"a","phase_n":1,"tokens":1}`, brMissing, ""},
	{"missing.workflow_done-total_agents", `{"type":"workflow_done","synthesis":"s","total_phases":1}`, brMissing, ""},
	{"missing.checkpoint", `{"type":"checkpoint"}`, brMissing, ""},
	{"missing.phase-agents", `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":"t"}],"total_agents":1}`, brMissing, ""},
	{"field_type.null-required", `{"type":"error","msg":null}`, brFieldType, ""},
	{"field_type.null-optional", `{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":null}`, brFieldType, ""},
	{"field_type.string-for-integer", `{"type":"monologue","text":"t","depth":"2"}`, brFieldType, ""},
	{"field_type.integer-for-string", `{"type":"checkpoint","git_sha":123}`, brFieldType, ""},
	{"field_type.string-for-boolean", `{"type":"done","ok":"true","result":""}`, brFieldType, ""},
	{"field_type.number-for-boolean", `{"type":"done","ok":1,"result":""}`, brFieldType, ""},
	{"field_type.args-array", `{"type":"tool_call","id":"c","name":"n","args":[]}`, brFieldType, ""},
	{"field_type.args-string", `{"type":"tool_call","id":"c","name":"n","args":"{}"}`, brFieldType, ""},
	{"field_type.phases-object", `{"type":"workflow_start","workflow_id":"w","phases":{},"total_agents":0}`, brFieldType, ""},
	{"field_type.phase-item", `{"type":"workflow_start","workflow_id":"w","phases":[1],"total_agents":0}`, brFieldType, ""},
	{"field_type.phase-type", `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":2,"agents":1}],"total_agents":1}`, brFieldType, ""},
	{"field_type.reason-number", `{"type":"done","ok":true,"result":"","reason":0}`, brFieldType, ""},
	{"field_type.tool_result-id-number", `{"type":"tool_result","id":1,"output":"","exit_code":0}`, brFieldType, ""},
	{"field_type.number-string", `{"type":"status","phase":"p","pool_used":"1","pool_cap":1}`, brFieldType, ""},
	{"integer.negative", `{"type":"monologue","text":"t","depth":-1}`, brInteger, ""},
	{"integer.fraction", `{"type":"monologue","text":"t","depth":1.0}`, brInteger, ""},
	{"integer.exponent", `{"type":"monologue","text":"t","depth":1e2}`, brInteger, ""},
	{"integer.over-max", `{"type":"monologue","text":"t","depth":9007199254740992}`, brInteger, ""},
	{"integer.metric-negative", `{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","duration_ms":-5}`, brInteger, ""},
	{"integer.metric-fraction", `{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":0.5}`, brInteger, ""},
	{"integer.exit-code-under", `{"type":"tool_result","id":"c","output":"","exit_code":-9007199254740992}`, brInteger, ""},
	{"integer.exit-code-fraction", `{"type":"tool_result","id":"c","output":"","exit_code":1.5}`, brInteger, ""},
	{"integer.remaining-negative", `{"type":"done","ok":false,"result":"","remaining":-1}`, brInteger, ""},
	{"integer.phase-n", `{"type":"workflow_start","workflow_id":"w","phases":[{"n":-1,"type":"t","agents":1}],"total_agents":1}`, brInteger, ""},
	{"done_reason.failed", `{"type":"done","ok":false,"result":"","reason":"failed"}`, brDoneReason, ""},
	{"done_reason.case", `{"type":"done","ok":false,"result":"","reason":"Stalled"}`, brDoneReason, ""},
	{"done_reason.underscore", `{"type":"done","ok":false,"result":"","reason":"no_progress"}`, brDoneReason, ""},
	{"done_reason.space", `{"type":"done","ok":false,"result":"","reason":" "}`, brDoneReason, ""},
	{"done_reason.ok", `{"type":"done","ok":true,"result":"","reason":"ok"}`, brDoneReason, ""},
	{"control_action.stop", `{"type":"control","action":"stop"}`, brAction, ""},
	{"control_action.case", `{"type":"control","action":"Pause"}`, brAction, ""},
	{"control_action.empty", `{"type":"control","action":""}`, brAction, ""},
	{"surrogate.lone-high", `{"type":"error","msg":"a\ud800"}`, brSurrogate, ""},
	{"surrogate.lone-low", `{"type":"error","msg":"\udc00b"}`, brSurrogate, ""},
	{"surrogate.reversed-pair", `{"type":"error","msg":"\ude00\ud83d"}`, brSurrogate, ""},
	{"surrogate.args-value", `{"type":"tool_call","id":"c","name":"n","args":{"p":["\ud800"]}}`, brSurrogate, ""},
	{"surrogate.args-name", `{"type":"tool_call","id":"c","name":"n","args":{"\udbff":1}}`, brSurrogate, ""},
	{"surrogate.phase-type", `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":"\ud800","agents":1}],"total_agents":1}`, brSurrogate, ""},
	{"surrogate.id", `{"type":"tool_result","id":"\udfff","output":"","exit_code":0}`, brSurrogate, ""},
}

func br(op, behaviour, description string, cases []vcase) vfile {
	return vfile{contract: "bridge/4", op: op, dir: "bridge", behaviour: behaviour, description: description, cases: cases}
}

func brRefusals() []vcase {
	var cs []vcase
	for _, r := range bridgeRefused {
		c := refused(r.name, r.in, r.message)
		if r.tag != "" {
			c = c.withException(r.tag)
		}
		cs = append(cs, c)
	}
	return cs
}

func bridgeFiles() []vfile {
	var dec, enc, rt []vcase
	for _, m := range bridgeAccepted {
		with := func(c vcase) vcase {
			if m.note != "" {
				c = c.withNote(m.note)
			}
			return c
		}
		dec = append(dec, with(ok(m.name, m.in, m.canon)))
		enc = append(enc, with(ok(m.name, m.in, m.wireLine())))
		rt = append(rt, with(ok(m.name, m.in, m.wireLine()+m.canon)))
	}
	dec = append(dec, brRefusals()...)
	enc = append(enc, brRefusals()...)
	rt = append(rt, brRefusals()...)
	return []vfile{
		br("decode", "decode", "One message to its canonical form: type first, fields in table order, unknown fields dropped, UTF-8; an unknown type gives nothing.", dec),
		br("encode", "encode", "One message to its wire line: the canonical form ASCII-escaped as ensure_ascii escapes it, then LF.", enc),
		br("round-trip", "round-trip", "One message to its wire line followed by the canonical form of decoding that line.", rt),
		br("stream", "stream", "NDJSON lines: the wire line of every message not ignored, one tool_call outstanding at a time, each tool_result echoing its id.", bridgeStream()),
	}
}

const (
	brCall1  = `{"type":"tool_call","id":"c1","name":"run_tests","args":{}}`
	brCall2  = `{"type":"tool_call","id":"c2","name":"read_file","args":{"path":"a"}}`
	brRes1   = `{"type":"tool_result","id":"c1","output":"[exit 1]\n","exit_code":1}`
	brRes2   = `{"type":"tool_result","id":"c2","output":"x","exit_code":0}`
	brStage  = `{"type":"stage","name":"n","face":"f"}`
	brFuture = `{"type":"future","x":1}`
)

// lines joins ls with LF and ends with one LF.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

func bridgeStream() []vcase {
	return []vcase{
		ok("empty", ``, ``),
		ok("one-line", lines(brStage), lines(brStage)),
		ok("no-final-lf", brStage, lines(brStage)),
		ok("call-and-result", lines(brCall1, brRes1), lines(brCall1, brRes1)),
		ok("two-rounds", lines(brCall1, brRes1, brCall2, brRes2), lines(brCall1, brRes1, brCall2, brRes2)),
		ok("events-between", lines(brStage, brCall1, brStage, brRes1, brStage), lines(brStage, brCall1, brStage, brRes1, brStage)),
		ok("unknown-type-skipped", lines(brCall1, brFuture, brRes1), lines(brCall1, brRes1)).
			withNote("An unknown message leaves nothing and does not touch correlation."),
		ok("call-left-outstanding", lines(brStage, brCall1), lines(brStage, brCall1)).
			withNote("A stream may end anywhere."),
		ok("crlf", brCall1+"\r\n"+brRes1+"\r\n", lines(brCall1, brRes1)),
		ok("canonicalised", "{\"id\":\"c1\",\"args\":{},\"name\":\"run_tests\",\"type\":\"tool_call\",\"x\":0}\n{\"type\":\"error\",\"msg\":\"\u00e9\"}",
			lines(brCall1, `{"type":"error","msg":"\u00e9"}`)),
		ok("empty-id", lines(`{"type":"tool_call","id":"","name":"n","args":{}}`, `{"type":"tool_result","id":"","output":"","exit_code":0}`),
			lines(`{"type":"tool_call","id":"","name":"n","args":{}}`, `{"type":"tool_result","id":"","output":"","exit_code":0}`)),
		refused("mismatched-id", lines(brCall1, brRes2), brCorrelation).
			withNote("Invariant 1: a result whose id does not match the outstanding call is a protocol violation."),
		refused("result-without-call", lines(brStage, brRes1), brCorrelation),
		refused("second-result", lines(brCall1, brRes1, brRes1), brCorrelation).
			withNote("Results are strictly ordered: a call has one reply."),
		refused("id-case", lines(brCall1, `{"type":"tool_result","id":"C1","output":"","exit_code":0}`), brCorrelation),
		refused("call-while-pending", lines(brCall1, brCall2), brCallPending).
			withNote("Invariant 1: the brain emits ONE tool_call and blocks until the host replies."),
		refused("same-call-twice", lines(brCall1, brCall1, brRes1), brCallPending),
		refused("empty-line", lines(brCall1, "", brRes1), brInput).withException("grammar"),
		refused("blank-final-line", brStage+"\n\n", brInput).withException("grammar"),
		refused("bad-line", lines(brStage, `{"type":`), brInput).withException("grammar"),
		refused("array-line", lines(brStage, `[]`), brType).withException("type-guard"),
		refused("untyped-line", lines(brStage, `{"id":"c1"}`), brMsgType),
		refused("missing-field", lines(brCall1, `{"type":"tool_result","id":"c1","output":""}`), brMissing),
		refused("wrong-kind", lines(`{"type":"error","msg":1}`), brFieldType),
		refused("bad-integer", lines(brCall1, `{"type":"tool_result","id":"c1","output":"","exit_code":0.0}`), brInteger),
		refused("bad-reason", lines(`{"type":"done","ok":true,"result":"","reason":"green"}`), brDoneReason),
		refused("bad-action", lines(`{"type":"control","action":"abort"}`), brAction),
		refused("surrogate", lines(`{"type":"error","msg":"\ud800"}`), brSurrogate),
	}
}

package main

// trace-fields/1: spec/trace-fields.md, "Vectors". One operation, read,
// in files by behaviour. Every input is a request line and a trace written
// here as literal text; every expected projection is written by hand from
// the spec. The ceiling traces are input_expand generator specs (as the
// frame/1 size vectors are): a request line, then a trace of exactly
// 33554432 bytes, or one byte more.

import (
	"strings"

	"github.com/conform-dev/conform/internal/spec"
)

func init() {
	register(source{
		contract: tfContract,
		files:    tfFiles,
		minCases: 1,
	})
}

const (
	tfContract = "trace-fields/1"
	tfCeiling  = 32 << 20
)

// tfMsg and tfTag are each code's message and exception tag, from the
// catalogue.
var tfMsg, tfTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(tfContract)
	if !ok {
		panic("trace-fields: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		short := strings.TrimPrefix(r.Code, "trace-fields.")
		msg[short], tag[short] = r.Message, r.Exception
	}
	return msg, tag
}()

// tfReq is a request line (with its LF) of mode, values and shapes (JSON
// text of the two arrays' elements).
func tfReq(mode, values, shapes string) string {
	return `{"mode":"` + mode + `","values":[` + values + `],"types":[` + shapes + `]}` + "\n"
}

// tfOK is an accepted read of trace by the coordinator.
func tfOK(name, values, shapes, trace, output string) vcase {
	return ok(name, tfReq("coordinator", values, shapes)+trace, output)
}

// tfNo is a refused read of trace by the coordinator, with the message of
// code short and its catalogue tag.
func tfNo(name, values, shapes, trace, short string) vcase {
	return tfRefused(name, tfReq("coordinator", values, shapes)+trace, short)
}

func tfRefused(name, input, short string) vcase {
	msg, known := tfMsg[short]
	if !known {
		panic("trace-fields: no refusal " + short)
	}
	return refused(name, input, msg).withException(tfTag[short])
}

func tf(behaviour, description string, cases ...vcase) vfile {
	return vfile{contract: tfContract, op: "read", dir: "trace-fields", behaviour: behaviour, description: description, cases: cases}
}

// tfRun is a typical run trace.
const tfRun = `{"runId":"r1","status":"delivered","result":{"output":{"text":"done","files":["a.go"]}},"error":null,"events":[{"kind":"llm","id":"e1"}],"costUsd":0.25}`

func tfFiles() []vfile {
	return []vfile{
		tf("read-projection", "values and shapes of the named depth-1 members, absent ones, member order and whitespace",
			tfOK("run.status-and-shapes", `"status","costUsd"`, `"result","error","events"`, tfRun,
				`{"status":{"value":"delivered"},"costUsd":{"value":0.25},"result":{"shape":"object"},"error":{"shape":"null"},"events":{"shape":"array"}}`),
			tfOK("run.absent", `"status","missing"`, `"exitCode"`, tfRun,
				`{"status":{"value":"delivered"},"missing":{"absent":true},"exitCode":{"absent":true}}`),
			tfOK("run.nothing-asked", ``, ``, tfRun, `{}`),
			tfOK("run.reordered-spaced", `"status","costUsd"`, `"result","error","events"`,
				"\r\n\t{ \"error\" :null ,\n\"events\":[ {\"kind\":\"llm\",\"id\":\"e1\"} ],\t\"costUsd\" : 0.25,\"result\":{\"output\":{}} , \"status\" : \"delivered\" ,\"runId\":\"r1\" }\n\n",
				`{"status":{"value":"delivered"},"costUsd":{"value":0.25},"result":{"shape":"object"},"error":{"shape":"null"},"events":{"shape":"array"}}`).
				withNote("The same members in another order, with other whitespace, project the same."),
			tfOK("empty-object", `"status"`, `"error"`, `{}`, `{"status":{"absent":true},"error":{"absent":true}}`),
			tfOK("empty-object-spaced", `"status"`, ``, " { \n } ", `{"status":{"absent":true}}`),
			tfOK("types.every-type", ``, `"o","a","s","n","t","f","z"`,
				`{"o":{},"a":[],"s":"","n":-0,"t":true,"f":false,"z":null}`,
				`{"o":{"shape":"object"},"a":{"shape":"array"},"s":{"shape":"string"},"n":{"shape":"number"},"t":{"shape":"boolean"},"f":{"shape":"boolean"},"z":{"shape":"null"}}`),
			tfOK("values.every-type", `"o","a","s","n","t","f","z"`, ``,
				`{"o":{ "k" : [ 1 , "x y" ] },"a":[ ],"s":"a b","n":-12.5e+3,"t":true,"f":false,"z":null}`,
				`{"o":{"value":{"k":[1,"x y"]}},"a":{"value":[]},"s":{"value":"a b"},"n":{"value":-12.5e+3},"t":{"value":true},"f":{"value":false},"z":{"value":null}}`).
				withNote("A value is its text without the whitespace outside its strings; numbers and strings as written."),
			tfOK("values.escapes-kept", `"s"`, ``, `{"s":"a\u00e9\n\"\/"}`, `{"s":{"value":"a\u00e9\n\"\/"}}`),
			tfOK("values.raw-utf8-kept", `"s"`, ``, "{\"s\":\"caf\u00e9 \U0001f600\"}", "{\"s\":{\"value\":\"caf\u00e9 \U0001f600\"}}"),
			tfOK("values.string-whitespace-kept", `"o"`, ``, `{"o":[" a ",	"\t"]}`, `{"o":{"value":[" a ","\t"]}}`),
			tfOK("names.escaped-in-trace", `"status"`, `"error"`, `{"st\u0061tus":"ok","\u0065rror":null}`,
				`{"status":{"value":"ok"},"error":{"shape":"null"}}`).withNote("Names are compared after unescaping."),
			tfOK("names.escaped-in-request", `"\u00e9t\u00e9","q\"b\\s"`, `"\ud800"`, `{"\u00e9t\u00e9":1,"q\"b\\s":2,"\ud800":3}`,
				`{"\u00e9t\u00e9":{"value":1},"q\u0022b\u005cs":{"value":2},"\ud800":{"shape":"number"}}`),
			tfOK("names.raw-utf8-name", `"\u00e9"`, ``, "{\"\u00e9\":true}", `{"\u00e9":{"value":true}}`),
			tfOK("names.case-sensitive", `"Status"`, ``, `{"status":"ok"}`, `{"Status":{"absent":true}}`),
			tfOK("names.nested-not-depth-1", `"output"`, `"text"`, tfRun, `{"output":{"absent":true},"text":{"absent":true}}`).
				withNote("Only depth-1 members are enumerated."),
			tfOK("request.spaced", ``, `"error"`, `{"error":null}`, `{"error":{"shape":"null"}}`),
			tfOK("request.member-order", `"a"`, `"b"`, `{"b":1,"a":2}`, `{"a":{"value":2},"b":{"shape":"number"}}`),
			ok("mode.sentinel-within", tfReq("sentinel", `"status"`, `"error"`)+tfRun, `{"status":{"value":"delivered"},"error":{"shape":"null"}}`),
			ok("mode.summary-within", tfReq("summary", `"status"`, `"error"`)+tfRun, `{"status":{"value":"delivered"},"error":{"shape":"null"}}`),
			ok("mode.api-within", tfReq("api", `"status"`, `"error"`)+tfRun, `{"status":{"value":"delivered"},"error":{"shape":"null"}}`),
			ok("request.cr-before-lf", `{"mode":"coordinator","values":["a"],"types":[]}`+"\r\n"+`{"a":1}`, `{"a":{"value":1}}`),
			ok("trace.empty-request-only", `{"mode":"coordinator","values":[],"types":[]}`+"\n"+`{}`, `{}`),
		),
		tf("read-depth1", "validation is depth-1 only: a document malformed only below depth 1 is accepted",
			tfOK("below.bracket-mismatch", `"status"`, `"result"`, `{"status":"done","result":{"output":[1,2}},"error":null}`,
				`{"status":{"value":"done"},"result":{"shape":"object"}}`).
				withNote("JSON.parse refuses it; the scan counts nesting over both bracket kinds."),
			tfOK("below.close-with-brace", ``, `"a"`, `{"a":[}}`, `{"a":{"shape":"array"}}`),
			tfOK("below.primitives", `"b"`, `"a"`, `{"a":[tru, 01, +1, .5, NaN],"b":2}`, `{"b":{"value":2},"a":{"shape":"array"}}`),
			tfOK("below.bad-escape", ``, `"a"`, `{"a":{"k":"\q\x"}}`, `{"a":{"shape":"object"}}`),
			tfOK("below.raw-control", ``, `"a"`, "{\"a\":[\"\x01\x1f\ttab\"]}", `{"a":{"shape":"array"}}`),
			tfOK("below.member-syntax", ``, `"a"`, `{"a":{"x" 1 "y",,:}}`, `{"a":{"shape":"object"}}`),
			tfOK("below.brackets-in-strings", `"b"`, `"a"`, `{"a":["]}","{[","\"]"],"b":"]"}`, `{"b":{"value":"]"},"a":{"shape":"array"}}`),
			tfOK("below.deep", ``, `"a"`, `{"a":`+strings.Repeat("[", 300)+strings.Repeat("]", 300)+`}`, `{"a":{"shape":"array"}}`).
				withNote("A skipped container has no depth bound."),
			tfOK("below.empty-containers", ``, `"a","b"`, `{"a":{},"b":[]}`, `{"a":{"shape":"object"},"b":{"shape":"array"}}`),
		),
		tf("read-fail-closed", "a trace that ends before its closing brace is refused, never read as absent",
			tfNo("eof.empty", ``, `"error"`, ``, "truncated"),
			tfNo("eof.whitespace", ``, `"error"`, " \n\t", "truncated"),
			tfNo("eof.open-brace", ``, `"error"`, `{`, "truncated"),
			tfNo("eof.after-member", `"status"`, `"error"`, `{"status":"ok"`, "truncated").
				withNote("A head without the closing brace cannot tell a missing error from a short window."),
			tfNo("eof.after-comma", `"status"`, `"error"`, `{"status":"ok",`, "truncated"),
			tfNo("eof.in-name", ``, `"error"`, `{"status":"ok","err`, "truncated"),
			tfNo("eof.after-name", ``, `"error"`, `{"error"`, "truncated"),
			tfNo("eof.after-colon", ``, `"error"`, `{"error":`, "truncated"),
			tfNo("eof.in-string", `"status"`, ``, `{"status":"deliv`, "truncated"),
			tfNo("eof.in-escape", `"status"`, ``, `{"status":"a\`, "truncated"),
			tfNo("eof.in-unicode-escape", `"status"`, ``, `{"status":"\u00`, "truncated"),
			tfNo("eof.in-container", ``, `"error"`, `{"status":"ok","error":{"message":"boom"`, "truncated"),
			tfNo("eof.in-container-string", ``, `"a"`, `{"a":["]`, "truncated"),
			tfNo("eof.escaped-quote-in-container", ``, `"a"`, `{"a":["\"]}`, "truncated").
				withNote("The escaped quote keeps the string open: the brackets after it are string bytes."),
			tfNo("eof.in-literal", ``, `"a"`, `{"a":tr`, "truncated"),
			tfNo("eof.after-literal", ``, `"a"`, `{"a":null`, "truncated"),
			tfNo("eof.in-number-sign", ``, `"a"`, `{"a":-`, "truncated"),
			tfNo("eof.in-number-fraction", ``, `"a"`, `{"a":1.`, "truncated"),
			tfNo("eof.in-number-exponent", ``, `"a"`, `{"a":1e`, "truncated"),
			tfNo("eof.in-number-exponent-sign", ``, `"a"`, `{"a":1e+`, "truncated"),
			tfNo("eof.after-number", ``, `"a"`, `{"a":12`, "truncated"),
			tfNo("eof.head-of-run", `"status"`, `"error"`, tfRun[:len(tfRun)-1], "truncated"),
		),
		tf("read-syntax", "depth-1 grammar: every other defect at depth 1, the first byte, and UTF-8",
			tfNo("literal.wrong", ``, `"a"`, `{"a":tx}`, "syntax"),
			tfNo("literal.trailing", ``, `"a"`, `{"a":truex}`, "syntax"),
			tfNo("literal.upper", ``, `"a"`, `{"a":True}`, "syntax"),
			tfNo("number.fraction", ``, `"a"`, `{"a":1.}`, "syntax"),
			tfNo("number.leading-zero", ``, `"a"`, `{"a":01}`, "syntax"),
			tfNo("number.plus", ``, `"a"`, `{"a":+1}`, "syntax"),
			tfNo("number.dot", ``, `"a"`, `{"a":.5}`, "syntax"),
			tfNo("number.minus-letter", ``, `"a"`, `{"a":-x}`, "syntax"),
			tfNo("number.exponent-letter", ``, `"a"`, `{"a":1ex}`, "syntax"),
			tfNo("number.nan", ``, `"a"`, `{"a":NaN}`, "syntax"),
			tfNo("string.bad-escape", ``, `"a"`, `{"a":"\q"}`, "syntax"),
			tfNo("string.bad-unicode-escape", ``, `"a"`, `{"a":"\u12g4"}`, "syntax"),
			tfNo("string.raw-control", ``, `"a"`, "{\"a\":\"x\x01\"}", "syntax"),
			tfNo("string.raw-newline", ``, `"a"`, "{\"a\":\"x\ny\"}", "syntax"),
			tfNo("string.single-quotes", ``, `"a"`, `{"a":'x'}`, "syntax"),
			tfNo("name.unquoted", ``, `"a"`, `{a:1}`, "syntax"),
			tfNo("name.raw-control", ``, `"a"`, "{\"a\x00\":1}", "syntax"),
			tfNo("member.no-colon", ``, `"a"`, `{"a" 1}`, "syntax"),
			tfNo("member.no-comma", ``, `"a"`, `{"a":1 "b":2}`, "syntax"),
			tfNo("member.trailing-comma", ``, `"a"`, `{"a":1,}`, "syntax"),
			tfNo("member.leading-comma", ``, `"a"`, `{,"a":1}`, "syntax"),
			tfNo("member.double-comma", ``, `"a"`, `{"a":1,,"b":2}`, "syntax"),
			tfNo("member.no-value", ``, `"a"`, `{"a":}`, "syntax"),
			tfNo("after.data", ``, `"a"`, `{"a":1}x`, "syntax"),
			tfNo("after.second-object", ``, `"a"`, `{"a":1}{"b":2}`, "syntax"),
			tfNo("after.extra-brace", ``, `"a"`, `{"a":1}}`, "syntax"),
			tfNo("after.nul", ``, `"a"`, "{\"a\":1}\x00", "syntax"),
			tfNo("first.array", ``, `"a"`, `[{"a":1}]`, "not_object"),
			tfNo("first.string", ``, `"a"`, `"a"`, "not_object"),
			tfNo("first.number", ``, `"a"`, `1`, "not_object"),
			tfNo("first.null", ``, `"a"`, `null`, "not_object"),
			tfNo("first.bom", ``, `"a"`, "\ufeff{\"a\":1}", "not_object"),
			tfNo("first.letter", ``, `"a"`, ` x{"a":1}`, "not_object"),
			tfNo("utf8.invalid-byte", `"a"`, ``, "{\"a\":\"\xff\"}", "utf8"),
			tfNo("utf8.overlong-below-depth-1", ``, `"a"`, "{\"a\":[\"\xc0\xaf\"]}", "utf8").
				withNote("UTF-8 is checked over the whole trace, skipped containers included."),
			tfNo("utf8.surrogate", `"a"`, ``, "{\"a\":\"\xed\xa0\x80\"}", "utf8"),
			tfNo("utf8.truncated-sequence", `"a"`, ``, "{\"a\":\"\xe2\x82\"}", "utf8"),
			tfNo("utf8.above-max", `"a"`, ``, "{\"a\":\"\xf4\x90\x80\x80\"}", "utf8"),
			tfNo("duplicate.plain", `"a"`, ``, `{"a":1,"a":2}`, "duplicate").
				withNote("Ignored, the later member wins: {\"a\":{\"value\":2}}."),
			tfNo("duplicate.escaped", `"a"`, ``, `{"a":1,"\u0061":2}`, "duplicate"),
			tfNo("duplicate.error", ``, `"error"`, `{"error":null,"status":"ok","error":{"message":"boom"}}`, "duplicate"),
			tfNo("duplicate.unasked", ``, ``, `{"x":[1],"x":{}}`, "duplicate"),
		),
		tf("read-request", "the request line, and result and error read as shapes only",
			tfRefused("no-lf", `{"mode":"coordinator","values":[],"types":[]}`, "request"),
			tfRefused("not-json", "{mode}\n{}", "request"),
			tfRefused("not-object", "[]\n{}", "request"),
			tfRefused("empty-line", "\n{}", "request"),
			tfRefused("mode.unknown", tfReq("viewer", ``, ``)+`{}`, "request"),
			tfRefused("mode.upper", tfReq("Coordinator", ``, ``)+`{}`, "request"),
			tfRefused("mode.absent", `{"values":[],"types":[]}`+"\n{}", "request"),
			tfRefused("mode.number", `{"mode":1,"values":[],"types":[]}`+"\n{}", "request"),
			tfRefused("values.absent", `{"mode":"api","types":[]}`+"\n{}", "request"),
			tfRefused("values.string", `{"mode":"api","values":"a","types":[]}`+"\n{}", "request"),
			tfRefused("values.element-number", `{"mode":"api","values":[1],"types":[]}`+"\n{}", "request"),
			tfRefused("types.element-null", `{"mode":"api","values":[],"types":[null]}`+"\n{}", "request"),
			tfRefused("extra-member", `{"mode":"api","values":[],"types":[],"path":"/srv/traces/r1.json"}`+"\n{}", "request"),
			tfRefused("duplicate-member", `{"mode":"api","mode":"api","values":[],"types":[]}`+"\n{}", "request"),
			tfRefused("repeat-in-values", tfReq("api", `"a","a"`, ``)+`{}`, "request"),
			tfRefused("repeat-escaped", tfReq("api", `"a"`, `"\u0061"`)+`{}`, "request"),
			tfRefused("in-both-lists", tfReq("api", `"status"`, `"status"`)+`{}`, "request"),
			tfRefused("bad-utf8", "{\"mode\":\"api\",\"values\":[\"\xff\"],\"types\":[]}\n{}", "request"),
			tfRefused("bom", "\ufeff"+tfReq("api", ``, ``)+`{}`, "request"),
			tfNo("model-value.result", `"result"`, ``, tfRun, "model_value").
				withNote("Ignored, the value is projected: {\"result\":{\"value\":{\"output\":{\"text\":\"done\",\"files\":[\"a.go\"]}}}}."),
			tfNo("model-value.error", `"status","error"`, ``, tfRun, "model_value"),
			tfNo("model-value.absent-error", `"error"`, ``, `{"status":"ok"}`, "model_value").
				withNote("The request is refused whatever the trace holds."),
			tfRefused("model-value.sentinel", tfReq("sentinel", `"result"`, ``)+`{}`, "model_value"),
			tfOK("model-shapes", ``, `"result","error"`, tfRun, `{"result":{"shape":"object"},"error":{"shape":"null"}}`),
			tfOK("model-case", `"Result","ERROR"`, ``, `{"Result":1}`, `{"Result":{"value":1},"ERROR":{"absent":true}}`).
				withNote("Only the names result and error themselves are shapes-only."),
		),
		tf("read-value", "a projected container value is checked fully, to depth 128",
			tfNo("malformed", `"a"`, ``, `{"a":[1,]}`, "value"),
			tfOK("malformed-as-shape", ``, `"a"`, `{"a":[1,]}`, `{"a":{"shape":"array"}}`),
			tfNo("mismatched-brackets", `"a"`, ``, `{"a":[1}}`, "value").withNote("The skip ends the container at the brace; the full grammar refuses it."),
			tfNo("inner-syntax", `"a"`, ``, `{"a":{"x":1 "y":2}}`, "value"),
			tfNo("inner-bad-number", `"a"`, ``, `{"a":[01]}`, "value"),
			tfNo("inner-bad-escape", `"a"`, ``, `{"a":["\q"]}`, "value"),
			tfNo("inner-raw-control", `"a"`, ``, "{\"a\":[\"\x01\"]}", "value"),
			tfNo("inner-trailing-comma", `"a"`, ``, `{"a":{"x":1,}}`, "value"),
			tfOK("inner-duplicates-allowed", `"a"`, ``, `{"a":{"x":1,"x":2}}`, `{"a":{"value":{"x":1,"x":2}}}`),
			tfOK("depth-128", `"a"`, ``, `{"a":`+strings.Repeat("[", 128)+strings.Repeat("]", 128)+`}`,
				`{"a":{"value":`+strings.Repeat("[", 128)+strings.Repeat("]", 128)+`}}`),
			tfNo("depth-129", `"a"`, ``, `{"a":`+strings.Repeat("[", 129)+strings.Repeat("]", 129)+`}`, "value"),
			tfNo("second-asked", `"a","b"`, ``, `{"a":[1],"b":{"k":}}`, "value"),
		),
		tfCeilingFile(),
	}
}

// tfCeilingFile holds the ceiling vectors: a trace of exactly 33554432
// bytes (read) and of 33554433 bytes in each mode.
func tfCeilingFile() vfile {
	const head, tail = `{"status":"delivered","log":"`, `"}`
	big := func(name, mode string, extra int) vcase {
		return vcase{name: name, expand: &expand{prefix: tfReq(mode, `"status"`, `"log"`) + head, fill: "x",
			count: tfCeiling - len(head) - len(tail) + extra, suffix: tail}}
	}
	with := func(c vcase, expect, out string) vcase {
		c.expect, c.output = expect, out
		return c
	}
	projection := `{"status":{"value":"delivered"},"log":{"shape":"string"}}`
	over := big("above.coordinator", "coordinator", 1)
	over.expect, over.message, over.exception = "refused", tfMsg["ceiling"], tfTag["ceiling"]
	return tf("read-ceiling", "the one 32 MiB ceiling and its four dispositions, one per mode",
		with(big("at.coordinator", "coordinator", 0), "ok", projection).withNote("Exactly 33554432 bytes of trace: read."),
		over.withNote("Fails hard. Ignored, the trace is read as any other."),
		with(big("above.sentinel", "sentinel", 1), "ok", "null").withNote("Fails soft: null."),
		with(big("above.summary", "summary", 1), "ok", "").withNote("Fails soft by skipping the row: no output."),
		with(vcase{name: "above.api", expand: &expand{prefix: tfReq("api", `"status"`, `"log"`), fill: "]", count: tfCeiling + 1}}, "ok", `{"status":413}`).
			withNote("Refuses with a status; above the ceiling the content (here not JSON) is never looked at."),
	)
}

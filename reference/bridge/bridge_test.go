package bridge

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/internal/sweep"
	"github.com/conform-dev/conform/reference/refusal"
)

var ok, no = reftest.OpOK, reftest.OpNo

// TestDecode pins the canonical form: type first, fields in table order,
// unknown fields dropped, optional fields absent stay absent, numbers as
// their literals, real UTF-8.
func TestDecode(t *testing.T) {
	reftest.Run(t, []reftest.Row{
		ok(Decode, `{"face":"f","name":"n","type":"stage"}`, `{"type":"stage","name":"n","face":"f"}`),
		ok(Decode, `{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s"}`,
			`{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s"}`),
		ok(Decode, `{"type":"agent_done","duration_ms":0,"agent_id":"a","phase_n":1,"summary":"s","tokens":7}`,
			`{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":7,"duration_ms":0}`),
		ok(Decode, `{"type":"telemetry","tokens":1,"tps":1.50,"ctx_used":2,"ctx_cap":3,"vram":1E5}`,
			`{"type":"telemetry","tokens":1,"tps":1.50,"ctx_used":2,"ctx_cap":3,"vram":1E5}`),
		ok(Decode, `{"type":"error","msg":"caf\u00e9 \ud83d\ude00 \u0001 \n \u007f /","extra":"\ud800"}`,
			"{\"type\":\"error\",\"msg\":\"caf\u00e9 \U0001f600 \\u0001 \\n \x7f /\"}"),
		ok(Decode, `{"type":"mystery","anything":null}`, ``),
		ok(Decode, `{"type":"Done","ok":true}`, ``),
		ok(Decode, `{"type":"done","ok":false,"result":"r","reason":"no-progress","remaining":3}`,
			`{"type":"done","ok":false,"result":"r","remaining":3,"reason":"no-progress"}`),
		ok(Decode, `{"type":"done","ok":true,"result":"","reason":""}`, `{"type":"done","ok":true,"result":"","reason":""}`),
		ok(Decode, `{"type":"tool_result","id":"1","output":"o","exit_code":-1}`, `{"type":"tool_result","id":"1","output":"o","exit_code":-1}`),
		ok(Decode, `{"type":"workflow_start","workflow_id":"w","phases":[{"agents":2,"x":1,"type":"t","n":1}],"total_agents":2}`,
			`{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":"t","agents":2}],"total_agents":2}`),
		ok(Decode, `{"type":"tool_call","id":"c","name":"read_file","args":{"z":[1,{"b":null}],"a":"\u00e9"}}`,
			"{\"type\":\"tool_call\",\"id\":\"c\",\"name\":\"read_file\",\"args\":{\"z\":[1,{\"b\":null}],\"a\":\"\u00e9\"}}"),
		ok(Decode, `{"type":"monologue","text":"t","depth":9007199254740991}`, `{"type":"monologue","text":"t","depth":9007199254740991}`),
		ok(Decode, `{"type":"monologue","text":"t","depth":-0}`, `{"type":"monologue","text":"t","depth":-0}`),

		no(Decode, `{"type":"stage","name":"n"`, ErrInput),
		no(Decode, `{"type":"stage","type":"stage"}`, ErrInput),
		no(Decode, `["stage"]`, ErrType),
		no(Decode, `{"name":"n"}`, ErrMsgType),
		no(Decode, `{"type":4}`, ErrMsgType),
		ok(Decode, `{"type":4}`, ``, ErrMsgType),
		no(Decode, `{"type":"stage","name":"n"}`, ErrMissing),
		ok(Decode, `{"type":"stage","name":"n"}`, `{"type":"stage","name":"n"}`, ErrMissing),
		no(Decode, `{"type":"stage","name":"n","face":null}`, ErrFieldType),
		no(Decode, `{"type":"agent_done","agent_id":"a","phase_n":1,"summary":"s","tokens":null}`, ErrFieldType),
		ok(Decode, `{"type":"stage","name":"n","face":1}`, `{"type":"stage","name":"n","face":1}`, ErrFieldType),
		no(Decode, `{"type":"monologue","text":"t","depth":1.0}`, ErrInteger),
		no(Decode, `{"type":"monologue","text":"t","depth":-1}`, ErrInteger),
		no(Decode, `{"type":"monologue","text":"t","depth":9007199254740992}`, ErrInteger),
		no(Decode, `{"type":"monologue","text":"t","depth":1e2}`, ErrInteger),
		ok(Decode, `{"type":"monologue","text":"t","depth":1e2}`, `{"type":"monologue","text":"t","depth":1e2}`, ErrInteger),
		no(Decode, `{"type":"done","ok":true,"result":"","reason":"failed"}`, ErrDoneReason),
		no(Decode, `{"type":"control","action":"stop"}`, ErrControlAction),
		ok(Decode, `{"type":"control","action":"pause"}`, `{"type":"control","action":"pause"}`),
		no(Decode, `{"type":"error","msg":"\udc00"}`, ErrSurrogate),
		no(Decode, `{"type":"tool_call","id":"c","name":"n","args":{"\ud800":1}}`, ErrSurrogate),
		ok(Decode, `{"type":"error","msg":"\ud800"}`, "{\"type\":\"error\",\"msg\":\"\xed\xa0\x80\"}", ErrSurrogate),
		no(Decode, `{"type":"workflow_start","workflow_id":"w","phases":[1],"total_agents":1}`, ErrFieldType),
		no(Decode, `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1,"type":"t"}],"total_agents":1}`, ErrMissing),
		no(Decode, `{"type":"workflow_start","workflow_id":"w","phases":[{"n":1.5,"type":"t","agents":1}],"total_agents":1}`, ErrInteger),
	}, nil)
}

// TestEncode pins the wire: ensure_ascii escapes with lowercase hex, an
// astral character as its pair, and one LF.
func TestEncode(t *testing.T) {
	reftest.Run(t, []reftest.Row{
		ok(Encode, `{"type":"error","msg":"caf\u00e9 \ud83d\ude00 \u0001 \n \u007f / \u2028"}`,
			`{"type":"error","msg":"caf\u00e9 \ud83d\ude00 \u0001 \n \u007f / \u2028"}`+"\n"),
		ok(Encode, `{"type":"mystery"}`, ``),
		ok(Encode, `{"type":"error","msg":"\ud800"}`, `{"type":"error","msg":"\ud800"}`+"\n", ErrSurrogate),
		no(Encode, `{"type":"checkpoint"}`, ErrMissing),
	}, nil)
}

// TestRoundTrip checks every message type round-trips: the wire line,
// then the canonical form of decoding it, equal to Decode's.
func TestRoundTrip(t *testing.T) {
	for _, m := range Messages {
		in := sample(m)
		want, err := Decode([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		wire, err := Encode([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		for _, b := range wire[:len(wire)-1] {
			if b < 0x20 || b > 0x7e {
				t.Errorf("%s: the wire has byte %#x", m.Type, b)
			}
		}
		got, err := RoundTrip([]byte(in))
		if err != nil || string(got) != string(wire)+string(want) {
			t.Errorf("%s: round trip %q, %v; want %q", m.Type, got, err, string(wire)+string(want))
		}
	}
}

// sample writes a message of m with every field, in reverse order, and
// non-ASCII strings.
func sample(m Message) string {
	var b strings.Builder
	b.WriteString(`{`)
	for i := len(m.Fields) - 1; i >= 0; i-- {
		f := m.Fields[i]
		b.WriteString(`"` + f.Name + `":`)
		switch {
		case f.Vocabulary != nil:
			b.WriteString(`"` + f.Vocabulary[len(f.Vocabulary)-1] + `"`)
		case f.Kind == String:
			b.WriteString(`"\u00e9\ud83d\ude00\t"`)
		case f.Kind == Integer, f.Kind == Signed:
			b.WriteString(`12`)
		case f.Kind == Number:
			b.WriteString(`0.5`)
		case f.Kind == Boolean:
			b.WriteString(`true`)
		case f.Kind == Object:
			b.WriteString(`{"k":["\u00fc"]}`)
		default:
			b.WriteString(`[{"n":1,"type":"plan","agents":3}]`)
		}
		b.WriteString(`,`)
	}
	b.WriteString(`"type":"` + m.Type + `"}`)
	return b.String()
}

// TestStream pins tool-call correlation across lines.
func TestStream(t *testing.T) {
	call := `{"type":"tool_call","id":"c1","name":"run_tests","args":{}}`
	res := func(id string) string {
		return `{"type":"tool_result","id":"` + id + `","output":"[exit 0]\n","exit_code":0}`
	}
	reftest.Run(t, []reftest.Row{
		ok(Stream, ``, ``),
		ok(Stream, call+"\n"+res("c1")+"\n", call+"\n"+res("c1")+"\n"),
		ok(Stream, call+"\n"+`{"type":"x"}`+"\r\n"+res("c1"), call+"\n"+res("c1")+"\n"),
		no(Stream, call+"\n"+res("c2")+"\n", ErrCorrelation),
		ok(Stream, call+"\n"+res("c2")+"\n", call+"\n"+res("c2")+"\n", ErrCorrelation),
		no(Stream, res("c1")+"\n", ErrCorrelation),
		no(Stream, call+"\n"+call+"\n", ErrCallPending),
		ok(Stream, call+"\n"+call+"\n"+res("c1"), call+"\n"+call+"\n"+res("c1")+"\n", ErrCallPending),
		no(Stream, call+"\n\n"+res("c1"), ErrInput),
		no(Stream, call+"\n"+res("c1")+"\n"+res("c1"), ErrCorrelation),
	}, nil)
}

// TestLocation checks where refusals are located: the field's value.
func TestLocation(t *testing.T) {
	_, err := Decode([]byte(`{"type":"monologue","text":"t","depth":-1}`))
	e, isRefusal := refusal.As(err)
	if !isRefusal || e.Guard != ErrInteger || e.At != refusal.At(39, "/depth") {
		t.Errorf("got %v at %+v", err, e)
	}
	// In a stream, offsets are into the whole input.
	call := `{"type":"tool_call","id":"a","name":"n","args":{}}` + "\n"
	for _, c := range []struct {
		in     string
		guard  refusal.Guard
		offset int
	}{
		{call + `{"type":"tool_result","id":"b","output":"","exit_code":0}`, ErrCorrelation, len(call)},
		{call + call, ErrCallPending, len(call)},
		{call + `{"type":"error","msg":1}`, ErrFieldType, len(call) + 22},
		{call + `{"type":`, ErrInput, len(call) + 8},
	} {
		_, err := Stream([]byte(c.in))
		e, isRefusal := refusal.As(err)
		if !isRefusal || e.Guard != c.guard || e.At != refusal.AtOffset(c.offset) {
			t.Errorf("%q: %v at %+v; want %s at %d", c.in, err, e, c.guard.Code, c.offset)
		}
	}
}

// TestMutatedInputs runs random edits of valid inputs of every operation:
// each ends in output or a refusal of the table (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 4))
	var seeds []string
	var streams []string
	for _, m := range Messages {
		seeds = append(seeds, sample(m))
		if m.Type != "tool_result" {
			streams = append(streams, sample(m))
		}
	}
	streams = append(streams, `{"type":"tool_call","id":"a","name":"n","args":{}}`+"\n"+`{"type":"tool_result","id":"a","output":"","exit_code":1}`)
	for _, c := range []struct {
		op    string
		run   sweep.Run
		seeds []string
	}{{OpDecode, Decode, seeds}, {OpEncode, Encode, seeds}, {OpRoundTrip, RoundTrip, seeds}, {OpStream, Stream, streams}} {
		sweep.Mutations(t, r, Contract+" "+c.op, c.run, Guards, c.seeds, 300)
	}
}

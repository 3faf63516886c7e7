package protocol

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestDecodeAnswerAcceptsEachOutcome(t *testing.T) {
	for _, line := range []string{
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"example/1":["op"]}}}`,
		`{"seq":0,"outcome":"refused","message":"unsupported protocol version","supported":[2]}`,
		`{"seq":1,"outcome":"ok","output":"YWI="}`,
		`{"seq":1,"outcome":"ok","output":""}`,
		`{"seq":2,"outcome":"refused","message":"duplicate member name"}`,
		`{"seq":3,"outcome":"errored","message":"boom","trace":"at x"}`,
		`{"seq":4,"outcome":"skipped","reason":"not implemented"}`,
		`{"seq":5,"outcome":"ack","unknown":[]}`,
		`{"seq":6,"outcome":"guards","guards":[{"contract":"example/1","code":"example.size","message":"m"}]}`,
	} {
		if _, err := DecodeAnswer([]byte(line)); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	a, _ := DecodeAnswer([]byte(`{"seq":1,"outcome":"ok","output":"YWI="}`))
	if string(a.Output) != "ab" {
		t.Errorf("output = %q", a.Output)
	}
}

func TestDecodeAnswerRefusesViolations(t *testing.T) {
	for _, line := range []string{
		``,
		`not json`,
		`[1]`,
		`{"seq":1,"outcome":"ok","output":"YWI="}` + "\r",
		`{"seq":1,"outcome":"ok","output":"YWI="} {}`,
		`{"outcome":"ok","output":""}`,
		`{"seq":1,"output":""}`,
		`{"seq":1,"outcome":"ok"}`,
		`{"seq":1,"outcome":"ok","output":"","message":"x"}`,
		`{"seq":1,"outcome":"ok","output":"YQ"}`,
		`{"seq":1,"outcome":"ok","output":"YR=="}`,
		`{"seq":1,"outcome":"ok","output":"Y\r\nQ=="}`,
		`{"seq":1,"outcome":"ok","output":"YWJj\nZGVm"}`,
		`{"seq":1,"outcome":"ok","output":"","extra":1}`,
		`{"seq":1,"outcome":"maybe"}`,
		`{"seq":"1","outcome":"ok","output":""}`,
		`{"seq":1,"outcome":"errored","message":"x"}`,
		`{"seq":1,"outcome":"errored","message":"` + strings.Repeat("x", MaxMessage+1) + `","trace":""}`,
		`{"seq":0,"outcome":"started","protocol":2,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":["b"]}}}`,
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":["b"]}}}`,
		// null is no field's type, at any depth (the decoder alone would
		// take it for an absent field or a zero value).
		`{"seq":1,"outcome":"ok","output":"","features":null}`,
		`{"seq":1,"outcome":"ok","output":"","message":null}`,
		`{"seq":1,"outcome":"ack","unknown":[null]}`,
		`{"seq":1,"outcome":"refused","message":"m","supported":[null]}`,
		`{"seq":1,"outcome":"batch","answers":[{"outcome":"ok","output":"","reason":null}]}`,
		`{"seq":1,"outcome":"batch","answers":[null]}`,
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":["b"],"c":null}}}`,
	} {
		if _, err := DecodeAnswer([]byte(line)); !errors.Is(err, ErrViolation) {
			t.Errorf("%.80q: err = %v, want a violation", line, err)
		}
	}
}

type echo struct{}

func (echo) Run(contract, op string, input []byte, ignore []GuardPair) ([]byte, string, string) {
	switch string(input) {
	case "refuse":
		if len(ignore) > 0 && ignore[0].Message == "no" {
			return []byte("let through"), "", ""
		}
		return nil, "no", ""
	case "panic":
		panic("boom")
	}
	if contract != "echo/1" {
		return nil, "", "unknown contract"
	}
	return input, "", ""
}

func (echo) Guards() []Guard { return []Guard{{Contract: "echo/1", Code: "echo.no", Message: "no"}} }

func TestServeRoundTrip(t *testing.T) {
	im := Implementation{Name: "e", Language: "go", LanguageVersion: "1", Runtime: "go", RuntimeVersion: "1", Version: "0",
		Contracts: map[string][]string{"echo/1": {"echo"}}}
	var in bytes.Buffer
	in.Write(Request{Cmd: CmdRun, Seq: 0, Contract: "echo/1", Op: "echo", Input: []byte("early")}.Encode())
	in.Write(Request{Cmd: CmdStart, Seq: 1, Protocol: 2}.Encode())
	in.Write(Request{Cmd: CmdStart, Seq: 2, Protocol: Version}.Encode())
	in.Write(Request{Cmd: CmdRun, Seq: 3, Contract: "echo/1", Op: "echo", Input: []byte("hi")}.Encode())
	in.Write(Request{Cmd: CmdRun, Seq: 4, Contract: "echo/1", Op: "echo", Input: []byte("refuse")}.Encode())
	in.Write(Request{Cmd: CmdIgnore, Seq: 5, Ignore: []GuardPair{{"echo/1", "no"}, {"echo/1", "unknown"}}}.Encode())
	in.Write(Request{Cmd: CmdRun, Seq: 6, Contract: "echo/1", Op: "echo", Input: []byte("refuse")}.Encode())
	in.Write(Request{Cmd: CmdRun, Seq: 7, Contract: "echo/1", Op: "echo", Input: []byte("panic")}.Encode())
	in.Write(Request{Cmd: CmdRun, Seq: 8, Contract: "other/1", Op: "x", Input: []byte("x")}.Encode())
	in.Write(Request{Cmd: CmdGuards, Seq: 9}.Encode())
	in.WriteString(`{"cmd":"dance","seq":10}` + "\n")
	in.WriteString("garbage\n")
	var out bytes.Buffer
	if err := Serve(&in, &out, im, echo{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []struct {
		seq     int64
		outcome string
		check   func(Answer) bool
	}{
		{0, OutcomeErrored, func(a Answer) bool { return a.Message == "not started" }},
		{1, OutcomeRefused, func(a Answer) bool { return a.Message == "unsupported protocol version" && len(a.Supported) == 1 }},
		{2, OutcomeStarted, func(a Answer) bool { return a.Implementation.Name == "e" }},
		{3, OutcomeOK, func(a Answer) bool { return string(a.Output) == "hi" }},
		{4, OutcomeRefused, func(a Answer) bool { return a.Message == "no" }},
		{5, OutcomeAck, func(a Answer) bool { return len(a.Unknown) == 1 && a.Unknown[0].Message == "unknown" }},
		{6, OutcomeOK, func(a Answer) bool { return string(a.Output) == "let through" }},
		{7, OutcomeErrored, func(a Answer) bool { return strings.Contains(a.Message, "boom") && a.Trace != "" }},
		{8, OutcomeSkipped, func(a Answer) bool { return a.Reason != "" }},
		{9, OutcomeGuards, func(a Answer) bool { return len(a.Guards) == 1 }},
		{10, OutcomeErrored, func(a Answer) bool { return a.Message == "unknown command" }},
		{-1, OutcomeErrored, func(a Answer) bool { return a.Message == "malformed request" }},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d answers, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		a, err := DecodeAnswer([]byte(lines[i]))
		if err != nil {
			t.Errorf("answer %d: %v: %s", i, err, lines[i])
			continue
		}
		if a.Seq != w.seq || a.Outcome != w.outcome || !w.check(a) {
			t.Errorf("answer %d = %s", i, lines[i])
		}
	}
}

func TestDecodeBatchAnswer(t *testing.T) {
	a, err := DecodeAnswer([]byte(`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YWI="},{"outcome":"refused","message":"m"},{"outcome":"errored","message":"e","trace":""},{"outcome":"skipped","reason":"r"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Answers) != 4 || string(a.Answers[0].Output) != "ab" || a.Answers[1].Message != "m" ||
		a.Answers[2].Outcome != OutcomeErrored || a.Answers[3].Reason != "r" {
		t.Errorf("answers %+v", a.Answers)
	}
	started, err := DecodeAnswer([]byte(`{"seq":0,"outcome":"started","protocol":1,"features":["batch"],"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":["b"]}}}`))
	if err != nil || !started.HasFeature(FeatureBatch) {
		t.Errorf("features: %v %v", started.Features, err)
	}
	for _, line := range []string{
		`{"seq":3,"outcome":"batch"}`,
		`{"seq":3,"outcome":"batch","answers":[{"seq":1,"outcome":"ok","output":""}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"ack","unknown":[]}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"batch","answers":[]}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"output":""}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YQ"}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YWJj\nZGVm\n"}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok"}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"refused","message":"m","supported":[1]}]}`,
		`{"seq":3,"outcome":"batch","answers":[{"outcome":"skipped","reason":"` + strings.Repeat("x", MaxMessage+1) + `"}]}`,
		`{"seq":3,"outcome":"ok","output":"","answers":[]}`,
		`{"seq":3,"outcome":"ok","output":"","features":[]}`,
	} {
		if _, err := DecodeAnswer([]byte(line)); !errors.Is(err, ErrViolation) {
			t.Errorf("%.100q: err = %v, want a violation", line, err)
		}
	}
}

func TestServeBatch(t *testing.T) {
	im := Implementation{Name: "e", Language: "go", LanguageVersion: "1", Runtime: "go", RuntimeVersion: "1", Version: "0",
		Contracts: map[string][]string{"echo/1": {"echo"}}}
	cases := []Case{{"echo/1", "echo", []byte("hi")}, {"echo/1", "echo", []byte("refuse")}, {"echo/1", "echo", []byte("panic")}, {"other/1", "x", nil}}
	var in bytes.Buffer
	in.Write(Request{Cmd: CmdBatch, Seq: 0, Cases: cases[:1]}.Encode())
	in.Write(Request{Cmd: CmdStart, Seq: 1, Protocol: Version}.Encode())
	in.Write(Request{Cmd: CmdBatch, Seq: 2, Cases: cases}.Encode())
	in.Write(Request{Cmd: CmdBatch, Seq: 3}.Encode())
	in.Write(Request{Cmd: CmdBatch, Seq: 4, Cases: make([]Case, MaxBatch+1)}.Encode())
	in.WriteString(`{"cmd":"batch","seq":5,"cases":[{"contract":"echo/1","op":"echo"}]}` + "\n")
	in.WriteString(`{"cmd":"batch","seq":6,"cases":[{"contract":"echo/1","op":"echo","input":"","extra":1}]}` + "\n")
	in.WriteString(`{"cmd":"guards","seq":7}` + "\r\n")
	// Member names match exactly; a case of the wrong type, or cases that
	// are not an array, are a malformed batch answered with its seq.
	in.WriteString(`{"cmd":"batch","seq":8,"cases":[{"contract":"echo/1","op":"echo","Input":"aGk="}]}` + "\n")
	in.WriteString(`{"cmd":"batch","seq":9,"cases":{}}` + "\n")
	in.WriteString(`{"cmd":"batch","seq":10,"cases":[{"contract":"echo/1","op":"echo","input":1}]}` + "\n")
	in.WriteString(`{"cmd":"run","seq":11,"contract":"echo/1","op":"echo"}` + "\n")
	in.WriteString(`{"cmd":"ignore","seq":12,"ignore":null}` + "\n")
	// A case whose input is not base64 is that entry's errored, as a run
	// request's would be.
	in.WriteString(`{"cmd":"batch","seq":13,"cases":[{"contract":"echo/1","op":"echo","input":"aGk="},{"contract":"echo/1","op":"echo","input":"aG\r\nk="}]}` + "\n")
	// An empty line and a line of invalid UTF-8 are not requests.
	in.WriteString("\n")
	in.WriteString(`{"cmd":"guards","seq":15,"x":"` + "\xff" + `"}` + "\n")
	var out bytes.Buffer
	if err := Serve(&in, &out, im, echo{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 16 {
		t.Fatalf("%d answers:\n%s", len(lines), out.String())
	}
	var got []Answer
	for i, l := range lines {
		a, err := DecodeAnswer([]byte(l))
		want := int64(i)
		if i == 7 || i >= 14 { // a line ending in CR, empty, not UTF-8: not a request
			want = -1
		}
		if err != nil || a.Seq != want {
			t.Fatalf("answer %d: %v: %s", i, err, l)
		}
		got = append(got, a)
	}
	if got[0].Message != "not started" || !got[1].HasFeature(FeatureBatch) {
		t.Errorf("before start / features: %s / %s", lines[0], lines[1])
	}
	b := got[2].Answers
	if got[2].Outcome != OutcomeBatch || len(b) != 4 || string(b[0].Output) != "hi" || b[1].Message != "no" ||
		b[2].Outcome != OutcomeErrored || !strings.Contains(b[2].Message, "boom") || b[3].Outcome != OutcomeSkipped {
		t.Errorf("batch answer: %s", lines[2])
	}
	for i := 3; i < 13; i++ {
		if got[i].Outcome != OutcomeErrored {
			t.Errorf("malformed batch %d answered %s", i, lines[i])
		}
	}
	if e := got[13].Answers; got[13].Outcome != OutcomeBatch || len(e) != 2 || string(e[0].Output) != "hi" || e[1].Outcome != OutcomeErrored {
		t.Errorf("a batch with one bad input answered %s", lines[13])
	}
}

// TestRefusalLocation checks the optional `at` of a refused answer: either
// member or both, in a run answer and a batch entry; and refuses it where
// it does not belong or is malformed.
func TestRefusalLocation(t *testing.T) {
	a, err := DecodeAnswer([]byte(`{"seq":2,"outcome":"refused","message":"m","at":{"offset":12,"pointer":"/a~1b/0"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.At == nil || *a.At.Offset != 12 || *a.At.Pointer != "/a~1b/0" || a.At.String() != "byte 12, /a~1b/0" {
		t.Fatalf("at = %+v (%s)", a.At, a.At)
	}
	b, err := DecodeAnswer([]byte(`{"seq":3,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":""}},{"outcome":"refused","message":"m"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Answers[0].At.String(); got != `""` {
		t.Errorf("root pointer renders as %s", got)
	}
	if b.Answers[1].At != nil {
		t.Errorf("an entry without at has one: %+v", b.Answers[1].At)
	}
	for _, line := range []string{
		`{"seq":1,"outcome":"ok","output":"","at":{"offset":1}}`,
		`{"seq":1,"outcome":"errored","message":"x","trace":"","at":{"offset":1}}`,
		`{"seq":0,"outcome":"refused","message":"unsupported protocol version","supported":[2],"at":{"offset":0}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{"offset":-1}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{"offset":1.5}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{"pointer":"a"}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{"pointer":"/~2"}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{"pointer":"/` + strings.Repeat("x", MaxPointer) + `"}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":{"line":1}}`,
		`{"seq":1,"outcome":"refused","message":"m","at":null}`,
		`{"seq":1,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":-2}}]}`,
	} {
		if _, err := DecodeAnswer([]byte(line)); !errors.Is(err, ErrViolation) {
			t.Errorf("%s: %v, want a violation", line, err)
		}
	}
}

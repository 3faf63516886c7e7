package protocol_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/spec"
	kit "github.com/conform-dev/conform/mirrors/kit/go"
)

// serve sends reqs through k's Serve and returns the decoded answers, one
// per request, each checked by conform's own answer decoder (the one the
// harness client uses), so that a kit answer conform would call a protocol
// break fails here.
func serve(t *testing.T, k *kit.Kit, reqs ...protocol.Request) []protocol.Answer {
	t.Helper()
	var in, out bytes.Buffer
	for _, r := range reqs {
		in.Write(r.Encode())
	}
	if err := k.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(reqs) {
		t.Fatalf("%d answers to %d requests:\n%s", len(lines), len(reqs), out.String())
	}
	var as []protocol.Answer
	for _, l := range lines {
		a, err := protocol.DecodeAnswer([]byte(l))
		if err != nil {
			t.Fatalf("answer %s: %v", l, err)
		}
		as = append(as, a)
	}
	return as
}

// Three contracts of the catalogue, their first operations, and a
// refusal message of each of the first two: the kit is tested on real
// names without naming any (a contract is named only in its own files).
var (
	cat        = spec.MustLoad()
	A, B, C    = cat.Contracts[0], cat.Contracts[1], cat.Contracts[2]
	opA, opB   = A.OpNames()[0], B.OpNames()[0]
	opC        = C.OpNames()[0]
	aMsg, bMsg = A.Refusals[0].Message, B.Refusals[0].Message
)

func start() protocol.Request {
	return protocol.Request{Cmd: protocol.CmdStart, Seq: 0, Protocol: protocol.Version}
}

func run(seq int64, contract, op, input string) protocol.Request {
	return protocol.Request{Cmd: protocol.CmdRun, Seq: seq, Contract: contract, Op: op, Input: []byte(input)}
}

// team is a small implementation as a user writes it: one operation that
// refuses an empty input (at offset 0), fails on "boom" with an error,
// panics on "panic", and otherwise upper-cases its input; a second that
// honours the ignore set.
func team() *kit.Kit {
	k := kit.New(kit.Info{Name: "team-go", Version: "1.4.0"})
	k.Handle(A.Contract, opA, func(in []byte) ([]byte, error) {
		switch string(in) {
		case "":
			return nil, kit.Refuse(aMsg).AtOffset(0).AtPointer("")
		case "boom":
			return nil, errors.New("disk on fire")
		case "panic":
			panic("out of range")
		}
		return bytes.ToUpper(in), nil
	})
	k.HandleIgnoring(B.Contract, opB, func(in []byte, ignore kit.Ignore) ([]byte, error) {
		if len(in) == 0 && !ignore.Has(bMsg) {
			return nil, kit.Refuse(bMsg)
		}
		return append([]byte("ignored:"), strings.Join(ignore.Messages(), "|")...), nil
	})
	return k
}

// The handshake announces exactly the registered contracts and
// operations, with the user's name and version, Go's language and
// runtime, and batch.
func TestHandshakeAnnouncesWhatIsRegistered(t *testing.T) {
	a := serve(t, team(), start())[0]
	if a.Outcome != protocol.OutcomeStarted || !a.HasFeature(protocol.FeatureBatch) {
		t.Fatalf("handshake: %+v", a)
	}
	im := a.Implementation
	if im.Name != "team-go" || im.Version != "1.4.0" || im.Language != "go" || im.Runtime != "go" || !strings.HasPrefix(im.LanguageVersion, "go") {
		t.Errorf("implementation: %+v", im)
	}
	want := map[string][]string{A.Contract: {opA}, B.Contract: {opB}}
	if len(im.Contracts) != len(want) {
		t.Fatalf("contracts %v, want %v", im.Contracts, want)
	}
	for c, ops := range want {
		if !slices.Equal(im.Contracts[c], ops) {
			t.Errorf("contracts %v, want %v", im.Contracts, want)
		}
	}
}

// Each kind of answer: ok, refused with where, errored for an error that
// is not a Refusal and for a panic (with a trace), skipped for what is not
// registered; a batch answers the same per entry.
func TestAnswers(t *testing.T) {
	as := serve(t, team(), start(),
		run(1, A.Contract, opA, "ab"),
		run(2, A.Contract, opA, ""),
		run(3, A.Contract, opA, "boom"),
		run(4, A.Contract, opA, "panic"),
		run(5, C.Contract, opC, "x"),
		protocol.Request{Cmd: protocol.CmdBatch, Seq: 6, Cases: []protocol.Case{
			{Contract: A.Contract, Op: opA, Input: []byte("cd")},
			{Contract: A.Contract, Op: opA, Input: []byte("boom")},
			{Contract: A.Contract, Op: "nope", Input: []byte("x")},
		}},
	)
	if a := as[1]; a.Outcome != protocol.OutcomeOK || string(a.Output) != "AB" {
		t.Errorf("ok: %+v", a)
	}
	if a := as[2]; a.Outcome != protocol.OutcomeRefused || a.Message != aMsg || a.At == nil || a.At.String() != `byte 0, ""` {
		t.Errorf("refused: %+v (at %v)", a, a.At)
	}
	if a := as[3]; a.Outcome != protocol.OutcomeErrored || !strings.Contains(a.Message, "disk on fire") || a.Trace == "" {
		t.Errorf("error: %+v", a)
	}
	if a := as[4]; a.Outcome != protocol.OutcomeErrored || !strings.Contains(a.Message, "out of range") || !strings.Contains(a.Trace, "kit_test.go") {
		t.Errorf("panic: %+v", a)
	}
	if a := as[5]; a.Outcome != protocol.OutcomeSkipped || a.Reason != C.Contract+" "+opC+" is not implemented" {
		t.Errorf("skipped: %+v", a)
	}
	b := as[6]
	if b.Outcome != protocol.OutcomeBatch || len(b.Answers) != 3 || string(b.Answers[0].Output) != "CD" ||
		b.Answers[1].Outcome != protocol.OutcomeErrored || b.Answers[2].Outcome != protocol.OutcomeSkipped {
		t.Errorf("batch: %+v", b)
	}
}

// guards lists the catalogue's table of a contract whose operation honours
// the ignore set and nothing of one that cannot; ignore reaches the
// function as the contract's set, and a pair of a contract that cannot
// honour it is unknown.
func TestGuardsAndIgnore(t *testing.T) {
	cat := B
	as := serve(t, team(), start(),
		protocol.Request{Cmd: protocol.CmdGuards, Seq: 1},
		protocol.Request{Cmd: protocol.CmdIgnore, Seq: 2, Ignore: []protocol.GuardPair{
			{Contract: B.Contract, Message: bMsg},
			{Contract: A.Contract, Message: aMsg},
		}},
		run(3, B.Contract, opB, ""),
		protocol.Request{Cmd: protocol.CmdIgnore, Seq: 4, Ignore: []protocol.GuardPair{}},
		run(5, B.Contract, opB, ""),
	)
	gs := as[1].Guards
	if len(gs) != len(cat.Refusals) || len(gs) == 0 {
		t.Fatalf("guards: %d, the catalogue's table has %d", len(gs), len(cat.Refusals))
	}
	for i, g := range gs {
		if g.Contract != B.Contract || g.Code != cat.Refusals[i].Code || g.Message != cat.Refusals[i].Message {
			t.Errorf("guard %d: %+v, want %+v", i, g, cat.Refusals[i])
		}
	}
	if u := as[2].Unknown; len(u) != 1 || u[0].Contract != A.Contract {
		t.Errorf("unknown: %+v, want the %s pair only", u, A.Contract)
	}
	if a := as[3]; a.Outcome != protocol.OutcomeOK || string(a.Output) != "ignored:"+bMsg {
		t.Errorf("with the guard off: %+v", a)
	}
	if a := as[5]; a.Outcome != protocol.OutcomeRefused {
		t.Errorf("after clearing: %+v", a)
	}
}

// A location the kit's refusal gives is sent as the `at` of a run answer
// and of a batch entry, each part only when the protocol allows it, and
// the answers decode.
func TestServeLocation(t *testing.T) {
	off := func(n int) *kit.Refusal { return kit.Refuse(aMsg).AtOffset(n) }
	locs := map[string]*kit.Refusal{
		"ok":           nil,
		"both":         kit.Refuse(aMsg).AtOffset(2).AtPointer("/a~1b/0"),
		"offset":       off(6), // the input's length: allowed
		"pointer":      kit.Refuse(aMsg).AtPointer(""),
		"none":         kit.Refuse(aMsg),
		"bad-offset":   off(11).AtPointer("/x"), // past the input
		"bad-negative": off(-1),
		"bad-pointer":  off(0).AtPointer("x/~2"),
		"bad-long":     kit.Refuse(aMsg).AtPointer("/" + strings.Repeat("x", protocol.MaxPointer)),
		"bad-utf8":     off(3).AtPointer("/\xff"),
	}
	k := kit.New(kit.Info{Name: "l", Version: "0"})
	k.Handle(A.Contract, opA, func(in []byte) ([]byte, error) {
		if r := locs[string(in)]; r != nil {
			return nil, r
		}
		return in, nil
	})
	inputs := []string{"ok", "both", "offset", "pointer", "none", "bad-offset", "bad-negative", "bad-pointer", "bad-long", "bad-utf8"}
	want := []string{"", "byte 2, /a~1b/0", "byte 6", `""`, "", "/x", "", "byte 0", "", "byte 3"}
	reqs := []protocol.Request{start()}
	var cases []protocol.Case
	for i, s := range inputs {
		reqs = append(reqs, run(int64(i+1), A.Contract, opA, s))
		cases = append(cases, protocol.Case{Contract: A.Contract, Op: opA, Input: []byte(s)})
	}
	reqs = append(reqs, protocol.Request{Cmd: protocol.CmdBatch, Seq: 99, Cases: cases})
	as := serve(t, k, reqs...)
	batch := as[len(as)-1]
	if len(batch.Answers) != len(inputs) {
		t.Fatalf("batch: %+v", batch)
	}
	for i, s := range inputs {
		for _, a := range []protocol.Answer{as[i+1], batch.Answers[i]} {
			if got := a.At.String(); got != want[i] {
				t.Errorf("%s: at %q, want %q", s, got, want[i])
			}
			if (a.At == nil) != (want[i] == "") {
				t.Errorf("%s: at %+v", s, a.At)
			}
		}
	}
	if as[1].Outcome != protocol.OutcomeOK {
		t.Errorf("an ok answer: %+v", as[1])
	}
}

// The kit reads requests strictly, as conform's own decoder reads answers:
// a member named twice, invalid UTF-8, a second value, or a seq that is
// not an integer is a malformed request (errored, seq -1); an unknown
// member, a name in another case among them, is ignored.
func TestMalformedRequests(t *testing.T) {
	k := team()
	var in, out bytes.Buffer
	in.Write(start().Encode())
	bad := []string{
		`{"cmd":"run","seq":1,"seq":2,"contract":"c","op":"o","input":""}`,
		"{\"cmd\":\"guards\",\"seq\":1,\"x\":\"\xff\"}",
		`{"cmd":"guards","seq":1} {}`,
		`{"cmd":"guards","seq":1.5}`,
		`[]`,
		``,
	}
	for _, b := range bad {
		in.WriteString(b + "\n")
	}
	in.WriteString(`{"cmd":"guards","seq":7,"Seq":9,"later":{"protocol":[2]}}` + "\n")
	if err := k.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(bad)+2 {
		t.Fatalf("%d answers:\n%s", len(lines), out.String())
	}
	for i, l := range lines[1 : len(lines)-1] {
		a, err := protocol.DecodeAnswer([]byte(l))
		if err != nil || a.Seq != -1 || a.Outcome != protocol.OutcomeErrored || a.Message != "malformed request" {
			t.Errorf("%q: %s (%v)", bad[i], l, err)
		}
	}
	if a, err := protocol.DecodeAnswer([]byte(lines[len(lines)-1])); err != nil || a.Seq != 7 || a.Outcome != protocol.OutcomeGuards {
		t.Errorf("an unknown member: %s (%v)", lines[len(lines)-1], err)
	}
}

// A request with an integer seq and a member of the wrong type is answered
// errored with its seq (PROTOCOL.md: only a line without an integer seq
// is answered seq -1); an ignore list holding anything but {contract,
// message} string objects, null among them, is refused, not acknowledged.
func TestMistypedRequestsKeepTheirSeq(t *testing.T) {
	k := team()
	var in, out bytes.Buffer
	in.Write(start().Encode())
	lines := []string{
		`{"cmd":"run","seq":3,"contract":5,"op":"o","input":""}`,
		`{"cmd":"ignore","seq":4,"ignore":[null]}`,
		`{"cmd":"ignore","seq":5,"ignore":[{"contract":"c"}]}`,
		`{"cmd":"ignore","seq":6,"ignore":{}}`,
		`{"cmd":"start","seq":7,"protocol":"1"}`,
	}
	for _, l := range lines {
		in.WriteString(l + "\n")
	}
	if err := k.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(lines)+1 {
		t.Fatalf("%d answers:\n%s", len(got), out.String())
	}
	for i, l := range got[1:] {
		a, err := protocol.DecodeAnswer([]byte(l))
		if err != nil || a.Seq != int64(i+3) || a.Outcome != protocol.OutcomeErrored {
			t.Errorf("%s: answered %s (%v); want errored with seq %d", lines[i], l, err, i+3)
		}
	}
}

// The kit refuses at registration a contract or an operation the
// catalogue does not know, naming it; its copy of the catalogue's tables
// is the catalogue's.
func TestRegistrationKnowsTheCatalogue(t *testing.T) {
	for _, c := range []struct{ contract, op, want string }{
		{A.Contract + "0", opA, `unknown contract "` + A.Contract + `0"`},
		{A.Contract, opA + "-x", `has no operation "` + opA + `-x"`},
	} {
		func() {
			defer func() {
				p := recover()
				if s, _ := p.(string); !strings.Contains(s, c.want) {
					t.Errorf("Handle(%q, %q) panicked with %v; want %q", c.contract, c.op, p, c.want)
				}
			}()
			kit.New(kit.Info{Name: "x"}).Handle(c.contract, c.op, func([]byte) ([]byte, error) { return nil, nil })
		}()
	}
	for _, ct := range cat.Contracts {
		for _, op := range ct.OpNames() {
			if err := kit.Known(ct.Contract, op); err != nil {
				t.Errorf("kit.Known(%s, %s): %v", ct.Contract, op, err)
			}
		}
		rs := kit.Refusals(ct.Contract)
		if len(rs) != len(ct.Refusals) {
			t.Fatalf("%s: the kit has %d refusals, the catalogue %d (go run ./spec/generate)", ct.Contract, len(rs), len(ct.Refusals))
		}
		for i, r := range ct.Refusals {
			if rs[i] != (kit.Guard{Code: r.Code, Message: r.Message}) {
				t.Errorf("%s refusal %d: kit %+v, catalogue %+v", ct.Contract, i, rs[i], r)
			}
		}
	}
}

// A kit whose functions cannot honour the audit (Handle alone) lists no
// guard: an empty list, never null, which conform's decoder refuses.
func TestNoGuardsIsAnEmptyList(t *testing.T) {
	k := kit.New(kit.Info{Name: "plain", Version: "1"})
	k.Handle(A.Contract, opA, func(in []byte) ([]byte, error) { return in, nil })
	as := serve(t, k, start(), protocol.Request{Cmd: protocol.CmdGuards, Seq: 1})
	if a := as[1]; a.Outcome != protocol.OutcomeGuards || len(a.Guards) != 0 {
		t.Errorf("guards: %+v", a)
	}
}

// Registering a pair twice is a programming error, caught at once.
func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	k := kit.New(kit.Info{Name: "x", Version: "0"})
	k.Handle(A.Contract, opA, func([]byte) ([]byte, error) { return nil, nil })
	k.Handle(A.Contract, opA, func([]byte) ([]byte, error) { return nil, nil })
}

// echo is a kit as the protocol tests drive it: A's first operation
// echoes its input, refuses "refuse" with aMsg unless that guard is off
// (then answers "let through"), and panics on "panic".
func echo() *kit.Kit {
	k := kit.New(kit.Info{Name: "e", Version: "0"})
	k.HandleIgnoring(A.Contract, opA, func(in []byte, ignore kit.Ignore) ([]byte, error) {
		switch string(in) {
		case "refuse":
			if ignore.Has(aMsg) {
				return []byte("let through"), nil
			}
			return nil, kit.Refuse(aMsg)
		case "panic":
			panic("boom")
		}
		return in, nil
	})
	k.Guards(A.Contract, kit.Guard{Code: "echo.no", Message: aMsg})
	return k
}

func TestServeRoundTrip(t *testing.T) {
	k := echo()
	var in bytes.Buffer
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 0, Contract: A.Contract, Op: opA, Input: []byte("early")}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdStart, Seq: 1, Protocol: 2}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdStart, Seq: 2, Protocol: protocol.Version}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 3, Contract: A.Contract, Op: opA, Input: []byte("hi")}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 4, Contract: A.Contract, Op: opA, Input: []byte("refuse")}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdIgnore, Seq: 5, Ignore: []protocol.GuardPair{{Contract: A.Contract, Message: aMsg}, {Contract: A.Contract, Message: "unknown"}}}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 6, Contract: A.Contract, Op: opA, Input: []byte("refuse")}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 7, Contract: A.Contract, Op: opA, Input: []byte("panic")}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdRun, Seq: 8, Contract: C.Contract, Op: opC, Input: []byte("x")}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdGuards, Seq: 9}.Encode())
	in.WriteString(`{"cmd":"dance","seq":10}` + "\n")
	in.WriteString("garbage\n")
	var out bytes.Buffer
	if err := k.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []struct {
		seq     int64
		outcome string
		check   func(protocol.Answer) bool
	}{
		{0, protocol.OutcomeErrored, func(a protocol.Answer) bool { return a.Message == "not started" }},
		{1, protocol.OutcomeRefused, func(a protocol.Answer) bool {
			return a.Message == "unsupported protocol version" && len(a.Supported) == 1
		}},
		{2, protocol.OutcomeStarted, func(a protocol.Answer) bool { return a.Implementation.Name == "e" }},
		{3, protocol.OutcomeOK, func(a protocol.Answer) bool { return string(a.Output) == "hi" }},
		{4, protocol.OutcomeRefused, func(a protocol.Answer) bool { return a.Message == aMsg }},
		{5, protocol.OutcomeAck, func(a protocol.Answer) bool { return len(a.Unknown) == 1 && a.Unknown[0].Message == "unknown" }},
		{6, protocol.OutcomeOK, func(a protocol.Answer) bool { return string(a.Output) == "let through" }},
		{7, protocol.OutcomeErrored, func(a protocol.Answer) bool { return strings.Contains(a.Message, "boom") && a.Trace != "" }},
		{8, protocol.OutcomeSkipped, func(a protocol.Answer) bool { return a.Reason != "" }},
		{9, protocol.OutcomeGuards, func(a protocol.Answer) bool { return len(a.Guards) == 1 }},
		{10, protocol.OutcomeErrored, func(a protocol.Answer) bool { return a.Message == "unknown command" }},
		{-1, protocol.OutcomeErrored, func(a protocol.Answer) bool { return a.Message == "malformed request" }},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d answers, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		a, err := protocol.DecodeAnswer([]byte(lines[i]))
		if err != nil {
			t.Errorf("answer %d: %v: %s", i, err, lines[i])
			continue
		}
		if a.Seq != w.seq || a.Outcome != w.outcome || !w.check(a) {
			t.Errorf("answer %d = %s", i, lines[i])
		}
	}
}

func TestServeBatch(t *testing.T) {
	k := echo()
	cases := []protocol.Case{{Contract: A.Contract, Op: opA, Input: []byte("hi")}, {Contract: A.Contract, Op: opA, Input: []byte("refuse")}, {Contract: A.Contract, Op: opA, Input: []byte("panic")}, {Contract: C.Contract, Op: opC}}
	var in bytes.Buffer
	in.Write(protocol.Request{Cmd: protocol.CmdBatch, Seq: 0, Cases: cases[:1]}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdStart, Seq: 1, Protocol: protocol.Version}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdBatch, Seq: 2, Cases: cases}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdBatch, Seq: 3}.Encode())
	in.Write(protocol.Request{Cmd: protocol.CmdBatch, Seq: 4, Cases: make([]protocol.Case, protocol.MaxBatch+1)}.Encode())
	in.WriteString(`{"cmd":"batch","seq":5,"cases":[{"contract":"` + A.Contract + `","op":"` + opA + `"}]}` + "\n")
	in.WriteString(`{"cmd":"batch","seq":6,"cases":[{"contract":"` + A.Contract + `","op":"` + opA + `","input":"","extra":1}]}` + "\n")
	in.WriteString(`{"cmd":"guards","seq":7}` + "\r\n")
	// Member names match exactly; a case of the wrong type, or cases that
	// are not an array, are a malformed batch answered with its seq.
	in.WriteString(`{"cmd":"batch","seq":8,"cases":[{"contract":"` + A.Contract + `","op":"` + opA + `","Input":"aGk="}]}` + "\n")
	in.WriteString(`{"cmd":"batch","seq":9,"cases":{}}` + "\n")
	in.WriteString(`{"cmd":"batch","seq":10,"cases":[{"contract":"` + A.Contract + `","op":"` + opA + `","input":1}]}` + "\n")
	in.WriteString(`{"cmd":"run","seq":11,"contract":"` + A.Contract + `","op":"` + opA + `"}` + "\n")
	in.WriteString(`{"cmd":"ignore","seq":12,"ignore":null}` + "\n")
	// A case whose input is not base64 is that entry's errored, as a run
	// request's would be.
	in.WriteString(`{"cmd":"batch","seq":13,"cases":[{"contract":"` + A.Contract + `","op":"` + opA + `","input":"aGk="},{"contract":"` + A.Contract + `","op":"` + opA + `","input":"aG\r\nk="}]}` + "\n")
	// An empty line and a line of invalid UTF-8 are not requests.
	in.WriteString("\n")
	in.WriteString(`{"cmd":"guards","seq":15,"x":"` + "\xff" + `"}` + "\n")
	var out bytes.Buffer
	if err := k.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 16 {
		t.Fatalf("%d answers:\n%s", len(lines), out.String())
	}
	var got []protocol.Answer
	for i, l := range lines {
		a, err := protocol.DecodeAnswer([]byte(l))
		want := int64(i)
		if i == 7 || i >= 14 { // a line ending in CR, empty, not UTF-8: not a request
			want = -1
		}
		if err != nil || a.Seq != want {
			t.Fatalf("answer %d: %v: %s", i, err, l)
		}
		got = append(got, a)
	}
	if got[0].Message != "not started" || !got[1].HasFeature(protocol.FeatureBatch) {
		t.Errorf("before start / features: %s / %s", lines[0], lines[1])
	}
	b := got[2].Answers
	if got[2].Outcome != protocol.OutcomeBatch || len(b) != 4 || string(b[0].Output) != "hi" || b[1].Message != aMsg ||
		b[2].Outcome != protocol.OutcomeErrored || !strings.Contains(b[2].Message, "boom") || b[3].Outcome != protocol.OutcomeSkipped {
		t.Errorf("batch answer: %s", lines[2])
	}
	for i := 3; i < 13; i++ {
		if got[i].Outcome != protocol.OutcomeErrored {
			t.Errorf("malformed batch %d answered %s", i, lines[i])
		}
	}
	if e := got[13].Answers; got[13].Outcome != protocol.OutcomeBatch || len(e) != 2 || string(e[0].Output) != "hi" || e[1].Outcome != protocol.OutcomeErrored {
		t.Errorf("a batch with one bad input answered %s", lines[13])
	}
}

// TestRefusalLocation checks the optional `at` of a refused answer: either
// member or both, in a run answer and a batch entry; and refuses it where
// it does not belong or is malformed.

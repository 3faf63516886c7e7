package kit_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"conform/kit"
	"conform/mirrors/protocol"
	"conform/spec"
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

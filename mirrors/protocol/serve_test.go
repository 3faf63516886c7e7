package protocol

import (
	"bytes"
	"strings"
	"testing"
)

// locating is a LocatingHandler whose input names the location it refuses
// with: "ok" is accepted, "both", "offset", "pointer" and "none" refuse with
// that much of a location, and the "bad-" inputs with a part Serve must
// drop.
type locating struct{}

func (locating) Run(contract, op string, input []byte, ignore []GuardPair) ([]byte, string, string) {
	panic("Serve called Run on a LocatingHandler")
}

func (locating) Guards() []Guard { return []Guard{{Contract: "loc/1", Code: "loc.no", Message: "no"}} }

func (locating) RunAt(contract, op string, input []byte, ignore []GuardPair) ([]byte, string, *Location, string) {
	off := func(n int64) *int64 { return &n }
	ptr := func(s string) *string { return &s }
	switch string(input) {
	case "ok":
		return input, "", &Location{Offset: off(1)}, "" // an at beside an output is never sent
	case "both":
		return nil, "no", &Location{Offset: off(2), Pointer: ptr("/a~1b/0")}, ""
	case "offset":
		return nil, "no", &Location{Offset: off(6)}, "" // the input's length: allowed
	case "pointer":
		return nil, "no", &Location{Pointer: ptr("")}, ""
	case "none":
		return nil, "no", nil, ""
	case "bad-offset":
		return nil, "no", &Location{Offset: off(11), Pointer: ptr("/x")}, "" // past the input
	case "bad-negative":
		return nil, "no", &Location{Offset: off(-1)}, ""
	case "bad-pointer":
		return nil, "no", &Location{Offset: off(0), Pointer: ptr("x/~2")}, ""
	case "bad-long":
		return nil, "no", &Location{Pointer: ptr("/" + strings.Repeat("x", MaxPointer))}, ""
	case "bad-utf8":
		return nil, "no", &Location{Offset: off(3), Pointer: ptr("/\xff")}, ""
	}
	return nil, "", nil, "unknown input"
}

// TestServeLocation checks that Serve sends a LocatingHandler's refusal
// location as the `at` of a run answer and of a batch entry, keeps each part
// only when the protocol allows it, and that the answers decode.
func TestServeLocation(t *testing.T) {
	im := Implementation{Name: "l", Language: "go", LanguageVersion: "1", Runtime: "go", RuntimeVersion: "1", Version: "0",
		Contracts: map[string][]string{"loc/1": {"loc"}}}
	inputs := []string{"ok", "both", "offset", "pointer", "none", "bad-offset", "bad-negative", "bad-pointer", "bad-long", "bad-utf8"}
	want := []string{"", "byte 2, /a~1b/0", "byte 6", `""`, "", "/x", "", "byte 0", "", "byte 3"}
	var in bytes.Buffer
	in.Write(Request{Cmd: CmdStart, Seq: 0, Protocol: Version}.Encode())
	var cases []Case
	for i, s := range inputs {
		in.Write(Request{Cmd: CmdRun, Seq: int64(i + 1), Contract: "loc/1", Op: "loc", Input: []byte(s)}.Encode())
		cases = append(cases, Case{Contract: "loc/1", Op: "loc", Input: []byte(s)})
	}
	in.Write(Request{Cmd: CmdBatch, Seq: 99, Cases: cases}.Encode())
	var out bytes.Buffer
	if err := Serve(&in, &out, im, locating{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(inputs)+2 {
		t.Fatalf("%d answers:\n%s", len(lines), out.String())
	}
	var runs []Answer
	for _, l := range lines[1 : len(lines)-1] {
		a, err := DecodeAnswer([]byte(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		runs = append(runs, a)
	}
	batch, err := DecodeAnswer([]byte(lines[len(lines)-1]))
	if err != nil || len(batch.Answers) != len(inputs) {
		t.Fatalf("batch %s: %v", lines[len(lines)-1], err)
	}
	for i, s := range inputs {
		for _, a := range []Answer{runs[i], batch.Answers[i]} {
			if got := a.At.String(); got != want[i] {
				t.Errorf("%s: at %q, want %q", s, got, want[i])
			}
			if (a.At == nil) != (want[i] == "") {
				t.Errorf("%s: at %+v", s, a.At)
			}
		}
	}
	if runs[0].Outcome != OutcomeOK || strings.Contains(lines[1], `"at"`) {
		t.Errorf("an ok answer: %s", lines[1])
	}
}

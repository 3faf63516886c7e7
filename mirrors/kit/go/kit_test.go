package kit

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The kit's own test, with the standard library alone (conform's test of
// its answers against conform's decoder is internal/protocol/kit_test.go):
// a registered operation of the catalogue is announced and answered, an
// unknown one is refused at registration.
func TestServesWhatIsRegistered(t *testing.T) {
	c := catalogue[0]
	k := New(Info{Name: "t", Version: "1"})
	k.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) {
		if len(in) == 0 {
			return nil, Refuse(c.refusals[0].Message).AtOffset(0)
		}
		return bytes.ToUpper(in), nil
	})
	answers := serveLines(t, k,
		`{"cmd":"start","seq":0,"protocol":1}`,
		`{"cmd":"run","seq":1,"contract":"`+c.contract+`","op":"`+c.ops[0]+`","input":"YWI="}`,
		`{"cmd":"run","seq":2,"contract":"`+c.contract+`","op":"`+c.ops[0]+`","input":""}`)
	if len(answers) != 3 || answers[0]["outcome"] != "started" || answers[1]["output"] != "QUI=" ||
		answers[2]["message"] != c.refusals[0].Message {
		t.Fatalf("answers: %v", answers)
	}
	if err := Known(c.contract, "no-such-op"); err == nil || !strings.Contains(err.Error(), `"no-such-op"`) {
		t.Errorf("Known: %v", err)
	}
}

// A refusal table set with Guards whose message the catalogue does not
// have is named by Unknown, which Main prints as a warning at start.
func TestUnknownGuardMessagesAreNamed(t *testing.T) {
	c := catalogue[0]
	k := New(Info{Name: "t", Version: "1"})
	k.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) { return in, nil })
	k.Guards(c.contract, c.refusals[0], Guard{Code: "x.y", Message: "bad key"})
	u := k.Unknown()
	if len(u) != 1 || !strings.Contains(u[0], `"bad key"`) || !strings.HasPrefix(u[0], c.contract+": ") {
		t.Fatalf("Unknown: %q", u)
	}
}

// A request line over the protocol's 64 MiB is answered errored (seq -1)
// and dropped, never held whole, and the next line is answered; an answer
// that would be over 64 MiB is an errored answer with its seq instead.
func TestLinesAreBounded(t *testing.T) {
	c := catalogue[0]
	k := New(Info{Name: "t", Version: "1"})
	k.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) {
		if string(in) == "big" {
			return bytes.Repeat([]byte{0}, 49<<20), nil // 65.3 MiB of base64
		}
		return in, nil
	})
	huge := `{"cmd":"run","seq":1,"contract":"` + c.contract + `","op":"` + c.ops[0] + `","input":"` + strings.Repeat("A", maxLine) + `"}`
	in := `{"cmd":"start","seq":0,"protocol":1}` + "\n" + huge + "\n" +
		`{"cmd":"run","seq":2,"contract":"` + c.contract + `","op":"` + c.ops[0] + `","input":"YmlnAA=="}` + "\n" +
		`{"cmd":"run","seq":3,"contract":"` + c.contract + `","op":"` + c.ops[0] + `","input":"Ymln"}` + "\n"
	var out bytes.Buffer
	if err := k.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d answers", len(lines))
	}
	want := []string{
		`"seq":-1`, // the huge line
		`"seq":2`,  // answered after it
		`"seq":3`,  // the answer over 64 MiB
	}
	for i, w := range want {
		l := lines[i+1]
		if !strings.Contains(l, w) || len(l) > 1<<20 {
			t.Errorf("answer %d: %.200s", i+1, l)
		}
	}
	if !strings.Contains(lines[1], "over 64 MiB") || !strings.Contains(lines[2], `"outcome":"ok"`) || !strings.Contains(lines[3], "over 64 MiB") {
		t.Errorf("answers: %.200s | %.200s | %.200s", lines[1], lines[2], lines[3])
	}
}

// A kit with declared thresholds announces the shift feature, hands each
// contract's shifts to its hook (an empty set clears), answers an unknown
// threshold or contract in the shifted answer, and a kit without any
// answers shift as an unknown command.
func TestShiftReachesTheHook(t *testing.T) {
	c := catalogue[0]
	var seen []Shift
	k := New(Info{Name: "t", Version: "1"})
	k.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) { return in, nil })
	k.Thresholds(c.contract, []string{"limit.n"}, func(s Shift) { seen = append(seen, s) })
	a := serveLines(t, k, `{"cmd":"start","seq":0,"protocol":1}`,
		`{"cmd":"shift","seq":1,"shift":[{"contract":"`+c.contract+`","threshold":"limit.n","by":-1},{"contract":"`+c.contract+`","threshold":"limit.m","by":1},{"contract":"x/1","threshold":"limit.n","by":1}]}`,
		`{"cmd":"shift","seq":2,"shift":[]}`,
		`{"cmd":"shift","seq":3,"shift":[{"contract":"`+c.contract+`","threshold":"limit.n","by":"1"}]}`)
	if len(a) != 4 || !strings.Contains(strings.Join(toStrings(a[0]["features"]), ","), "shift") {
		t.Fatalf("answers: %v", a)
	}
	unknown, _ := json.Marshal(a[1]["unknown"])
	if a[1]["outcome"] != "shifted" || string(unknown) != `[{"contract":"`+c.contract+`","threshold":"limit.m"},{"contract":"x/1","threshold":"limit.n"}]` {
		t.Errorf("shift answer: %v", a[1])
	}
	if a[2]["outcome"] != "shifted" || a[3]["outcome"] != "errored" {
		t.Errorf("clear and mistyped answers: %v, %v", a[2], a[3])
	}
	if len(seen) != 2 || seen[0]["limit.n"] != -1 || len(seen[0]) != 1 || len(seen[1]) != 0 {
		t.Errorf("hook saw %v", seen)
	}
	plain := New(Info{Name: "t", Version: "1"})
	plain.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) { return in, nil })
	a = serveLines(t, plain, `{"cmd":"start","seq":0,"protocol":1}`, `{"cmd":"shift","seq":1,"shift":[]}`)
	if strings.Contains(strings.Join(toStrings(a[0]["features"]), ","), "shift") || a[1]["message"] != "unknown command" {
		t.Errorf("a kit without thresholds: %v", a)
	}
}

// A kit with a mutant switch announces the mutant feature, hands each
// request's id to the switch and answers with what it returns (an empty
// reach as []); a request without the string mutant is errored; a kit
// without a switch answers mutant as an unknown command.
func TestMutantReachesTheSwitch(t *testing.T) {
	c := catalogue[0]
	var seen []string
	k := New(Info{Name: "t", Version: "1"})
	k.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) { return in, nil })
	k.Mutants(func(id string) ([]string, bool) {
		seen = append(seen, id)
		if id == "" {
			return nil, true
		}
		return []string{"1", "2"}, id == "abc"
	})
	a := serveLines(t, k, `{"cmd":"start","seq":0,"protocol":1}`,
		`{"cmd":"mutant","seq":1,"mutant":"abc"}`, `{"cmd":"mutant","seq":2,"mutant":""}`,
		`{"cmd":"mutant","seq":3,"mutant":"xyz"}`, `{"cmd":"mutant","seq":4}`, `{"cmd":"mutant","seq":5,"mutant":7}`)
	if len(a) != 6 || !strings.Contains(strings.Join(toStrings(a[0]["features"]), ","), "mutant") {
		t.Fatalf("answers: %v", a)
	}
	reached, _ := json.Marshal(a[1]["reached"])
	if a[1]["outcome"] != "switched" || a[1]["known"] != true || string(reached) != `["1","2"]` {
		t.Errorf("mutant answer: %v", a[1])
	}
	reached, _ = json.Marshal(a[2]["reached"])
	if a[2]["known"] != true || string(reached) != `[]` || a[3]["known"] != false {
		t.Errorf("clear and unknown answers: %v, %v", a[2], a[3])
	}
	if a[4]["outcome"] != "errored" || a[5]["outcome"] != "errored" {
		t.Errorf("missing and mistyped mutant: %v, %v", a[4], a[5])
	}
	if strings.Join(seen, ",") != "abc,,xyz" {
		t.Errorf("switch saw %q", seen)
	}
	plain := New(Info{Name: "t", Version: "1"})
	plain.Handle(c.contract, c.ops[0], func(in []byte) ([]byte, error) { return in, nil })
	a = serveLines(t, plain, `{"cmd":"start","seq":0,"protocol":1}`, `{"cmd":"mutant","seq":1,"mutant":""}`)
	if strings.Contains(strings.Join(toStrings(a[0]["features"]), ","), "mutant") || a[1]["message"] != "unknown command" {
		t.Errorf("a kit without a switch: %v", a)
	}
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// serveLines serves the request lines through k and returns its answers,
// decoded.
func serveLines(t *testing.T, k *Kit, lines ...string) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	if err := k.Serve(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	var answers []map[string]any
	dec := json.NewDecoder(&out)
	for dec.More() {
		var a map[string]any
		if err := dec.Decode(&a); err != nil {
			t.Fatal(err)
		}
		answers = append(answers, a)
	}
	return answers
}

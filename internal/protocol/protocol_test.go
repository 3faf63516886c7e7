package protocol

import (
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
		`{"seq":5,"outcome":"ack","unknown":[{"contract":"example/1","message":"m"}]}`,
		`{"seq":7,"outcome":"shifted","unknown":[]}`,
		`{"seq":7,"outcome":"shifted","unknown":[{"contract":"example/1","threshold":"limit.n"}]}`,
		`{"seq":7,"outcome":"switched","known":true,"reached":[]}`,
		`{"seq":7,"outcome":"switched","known":false,"reached":["12","example/1 lamp"]}`,
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
		// A contract with no operation would have every case skipped; a
		// text field, a contract name or an operation name over 256 bytes
		// would be printed whole into terminals and reports.
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":[]}}}`,
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"` + strings.Repeat("9", MaxInfo+1) + `","contracts":{"a":["b"]}}}`,
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"` + strings.Repeat("a", MaxInfo+1) + `":["b"]}}}`,
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":["` + strings.Repeat("b", MaxInfo+1) + `"]}}}`,
		`{"seq":0,"outcome":"started","protocol":1,"implementation":{"name":"n","language":"l","language_version":"1","runtime":"r","runtime_version":"1","version":"0","contracts":{"a":[""]}}}`,
		// null is no field's type, at any depth (the decoder alone would
		// take it for an absent field or a zero value).
		`{"seq":1,"outcome":"ok","output":"","features":null}`,
		`{"seq":1,"outcome":"ok","output":"","message":null}`,
		`{"seq":1,"outcome":"ack","unknown":[null]}`,
		// An unknown entry has the members of its answer's kind only.
		`{"seq":1,"outcome":"ack","unknown":[{"contract":"example/1","threshold":"limit.n"}]}`,
		`{"seq":1,"outcome":"ack","unknown":[{"contract":"example/1","message":"m","threshold":"limit.n"}]}`,
		`{"seq":1,"outcome":"shifted","unknown":[{"contract":"example/1","message":"m"}]}`,
		`{"seq":1,"outcome":"shifted","unknown":[{"threshold":"limit.n"}]}`,
		`{"seq":1,"outcome":"shifted"}`,
		`{"seq":1,"outcome":"switched","reached":[]}`,
		`{"seq":1,"outcome":"switched","known":true}`,
		`{"seq":1,"outcome":"switched","known":true,"reached":[1]}`,
		`{"seq":1,"outcome":"switched","known":"yes","reached":[]}`,
		`{"seq":1,"outcome":"switched","known":true,"reached":[],"unknown":[]}`,
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

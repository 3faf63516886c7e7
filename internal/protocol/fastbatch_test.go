package protocol

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// fastLines are batch answer lines around the fast path's edges: the
// shapes it takes (want true) and near misses it must leave to the JSON
// decoder (want false), valid or not.
var fastLines = []struct {
	line string
	want bool
}{
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YWI="}]}`, true},
	{`{"seq":0,"outcome":"batch","answers":[{"outcome":"ok","output":""},{"outcome":"refused","message":"m ~!#"}]}`, true},
	{`{"seq":123456789012345678,"outcome":"batch","answers":[{"outcome":"refused","message":""}]}`, true},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YWJj"},{"outcome":"ok","output":"+/8="},{"outcome":"ok","output":"AA=="}]}`, true},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":0}},{"outcome":"ok","output":""}]}`, true},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":""}},{"outcome":"refused","message":"n","at":{"pointer":"/a~0/1"}}]}`, true},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":123456789012345,"pointer":"/x"}}]}`, true},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":1234567890123456}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":01}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":-1}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":"/x","offset":1}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"offset":1,}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":"x"}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":"/~2"}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":"/\u0041"}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"refused","message":"m","at":{"pointer":"/` + strings.Repeat("a", MaxPointer) + `"}}]}`, false},
	{`{"seq":4,"outcome":"batch","answers":[{"outcome":"ok","output":"","at":{"offset":1}}]}`, false},
	{`{"seq":1234567890123456789,"outcome":"batch","answers":[{"outcome":"refused","message":""}]}`, false},
	{`{"seq":03,"outcome":"batch","answers":[{"outcome":"ok","output":""}]}`, false},
	{`{"seq":-1,"outcome":"batch","answers":[{"outcome":"ok","output":""}]}`, false},
	{`{"seq":3.0,"outcome":"batch","answers":[{"outcome":"ok","output":""}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[]}`, false},
	{`{"seq":3, "outcome":"batch","answers":[{"outcome":"ok","output":""}]}`, false},
	{`{"outcome":"batch","seq":3,"answers":[{"outcome":"ok","output":""}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"output":"","outcome":"ok"}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YQ"}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YR=="}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":"YW\u0049="}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"refused","message":"a\"b"}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"refused","message":"a\nb"}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"refused","message":"caf` + "\u00e9" + `"}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"refused","message":"m","supported":[1]}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"errored","message":"e","trace":""}]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":""}]} `, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":""}]}` + "\r", false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":""}]}}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":""},]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":""}],"answers":[]}`, false},
	{`{"seq":3,"outcome":"batch","answers":[{"outcome":"ok","output":""}`, false},
	{`{"seq":3,"outcome":"batch","answers":[` + strings.Repeat(`{"outcome":"ok","output":""},`, MaxBatch) + `{"outcome":"ok","output":""}]}`, false},
}

// TestDecodeBatchFastAgrees checks the fast path's edges: it takes the
// shapes the harnesses write, declines the near misses, and what it takes
// it decodes as the JSON decoder does.
func TestDecodeBatchFastAgrees(t *testing.T) {
	for _, c := range fastLines {
		_, got := decodeBatchFast([]byte(c.line))
		if got != c.want {
			t.Errorf("%.120s: fast path took it: %v, want %v", c.line, got, c.want)
		}
		checkFastAgrees(t, []byte(c.line))
	}
}

// FuzzDecodeBatchFast checks that every line the fast path takes, the JSON
// decoder takes too, with the same answer.
//
//	go test -run '^$' -fuzz FuzzDecodeBatchFast ./mirrors/protocol/
func FuzzDecodeBatchFast(f *testing.F) {
	for _, c := range fastLines {
		// Not the MaxBatch line: the engine grows inputs from a 30 KB
		// seed into ones it then spends its whole minimization budget on.
		if len(c.line) < 4096 {
			f.Add([]byte(c.line))
		}
	}
	f.Fuzz(checkFastAgrees)
}

func checkFastAgrees(t *testing.T, line []byte) {
	fast, ok := decodeBatchFast(line)
	if !ok {
		return
	}
	slow, err := decodeAnswerJSON(line)
	if err != nil {
		t.Fatalf("%.200q: the fast path took a line the JSON decoder refuses: %v", line, err)
	}
	if d := cmp.Diff(slow, fast, cmpopts.EquateEmpty()); d != "" {
		t.Fatalf("%.200q: the fast path decodes differently (-json +fast):\n%s", line, d)
	}
}

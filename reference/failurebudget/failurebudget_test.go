package failurebudget

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/internal/sweep"
	"github.com/conform-dev/conform/reference/internal/vectortest"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec"
)

var ok, no = reftest.OpOK, reftest.OpNo

func seq(rounds bool, events ...string) string {
	return fmt.Sprintf(`{"rounds":%t,"events":[%s]}`, rounds, strings.Join(events, ","))
}

const (
	reply = `{"event":"reply"}`
	make2 = `{"event":"call","tool":"run_shell","args":{"command":"make"},"exit_code":2}`
	none  = "{\"checkpoint\":null}\n"
)

// TestDecide pins a few sequences beside the vectors: the refuse, then
// stop from a later reply; the retry; refusals and their ignored forms.
func TestDecide(t *testing.T) {
	fail := func(i, n int) string {
		if n > 1 {
			return fmt.Sprintf(`{"call":%d,"decision":"fail","class":"execution_failure","attempts":%d,"repeat":true}`+"\n", i, n)
		}
		return fmt.Sprintf(`{"call":%d,"decision":"fail","class":"execution_failure","attempts":%d}`+"\n", i, n)
	}
	reftest.Run(t, []reftest.Row{
		ok(Decide, seq(true), none),
		ok(Decide, seq(true, make2, reply, make2, reply, make2, make2), fail(0, 1)+fail(1, 2)+fail(2, 3)+
			`{"call":3,"decision":"refuse","class":"execution_failure","attempts":3}`+"\n"+none),
		ok(Decide, seq(true, `{"event":"call","tool":"read_file","args":{},"exit_code":1,"class":"transient","read_only":true,"retry":{"exit_code":0}}`),
			`{"call":0,"decision":"run","retried":true}`+"\n"+none),
		ok(Decide, seq(true, `{"event":"call","tool":"x","args":{},"output":"[aborted]"}`), `{"call":0,"decision":"cancelled"}`+"\n"+none),
		no(Decide, `{"rounds":true,"events":[`, ErrInput),
		no(Decide, `{"rounds":"yes","events":[]}`, ErrType),
		no(Decide, seq(true, `{"event":"call","tool":"x","args":{},"host":"admin"}`), ErrHost),
		ok(Decide, seq(true, `{"event":"call","tool":"x","args":{},"host":"admin","exit_code":3}`), fail(0, 1)+none, ErrHost),
		no(Decide, seq(true, `{"event":"call","tool":"x","args":{},"exit_code":-2147483649}`), ErrExitCode),
		ok(Decide, seq(true, `{"event":"call","tool":"x","args":{},"exit_code":-2147483648}`), fail(0, 1)+none),
		no(Decide, seq(true, `{"event":"call","args":{}}`), ErrTool),
		ok(Decide, seq(true, `{"event":"call","args":{},"exit_code":1}`), fail(0, 1)+none, ErrTool),
		no(Decide, seq(true, `{"event":"call","tool":"x","args":{},"retry":{"x":1}}`), ErrMember),
		no(Decide, seq(true, `{"event":"call","tool":"x","args":{},"class":"unknown_outcome"}`), ErrClass),
	}, nil)
}

// TestFingerprint checks what is hashed: the stable JSON of the approval
// binding (sorted members in code point order, ASCII strings, literal
// numbers), of the raw arguments alone, or the tool name's UTF-8 bytes.
func TestFingerprint(t *testing.T) {
	for _, c := range []struct {
		tool   string
		args   string
		host   string
		stable string
	}{
		{"x", "", "", `{"args":{},"tool":"x"}`},
		{"x", `{"b":[1.0,"\u00e9"],"a":null}`, HostDenied, `{"args":{"a":null,"b":[1.0,"\u00e9"]},"tool":"x"}`},
		{"x", `{"b":1}`, HostPolicy, `x`},
		{"\u00e9", `{"b":1}`, HostPolicy, "\u00e9"},
		{"x", `{"b":1,"a":"\u00e9"}`, HostInvalid, `{"a":"\u00e9","b":1}`},
		{"t\u2028", `{"\ud800":"\n"}`, HostPath, `{"args":{"\ud800":"\n"},"tool":"t\u2028"}`},
	} {
		in := `{"tool":"` + c.tool + `","args":` + c.args + `}`
		if c.args == "" {
			in = `{"tool":"` + c.tool + `"}`
		}
		v, err := jsonvalue.Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		tool, _ := v.Get("tool")
		args, _ := v.Get("args")
		sum := sha256.Sum256([]byte(c.stable))
		if got := Fingerprint(tool.Units, args, c.host); got != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: fingerprint is not the SHA-256 of %s", in, c.stable)
		}
	}
	out1, _ := Decide([]byte(seq(true, `{"event":"call","tool":"t","args":{"\ue000":1,"\ud83d\ude00":2},"exit_code":1}`, reply,
		`{"event":"call","tool":"t","args":{"\ud83d\ude00":2,"\ue000":1},"exit_code":1}`)))
	if !strings.Contains(string(out1), `"attempts":2`) {
		t.Errorf("key order made a repeat look new:\n%s", out1)
	}
}

// TestThresholdsSingleCause shifts each threshold by one either way (down
// only to its least value) and checks that exactly the vectors declared at
// it change, each under at least one of the shifts, and that each shift
// changes at least one: the in-process form of the single-cause audit's
// threshold pass.
func TestThresholdsSingleCause(t *testing.T) {
	vs := vectortest.Load(t, "../../vectors/failure-budget/*.jsonl")
	var cat struct {
		Contracts []struct {
			Contract   string
			Thresholds []struct {
				Name       string
				Value, Min int
			}
		}
	}
	if err := json.Unmarshal(spec.JSON(), &cat); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, k := range cat.Contracts {
		if k.Contract != Contract {
			continue
		}
		for _, th := range k.Thresholds {
			names = append(names, th.Name)
			if Thresholds[th.Name] != th.Value {
				t.Errorf("%s: Thresholds says %d, the catalogue %d", th.Name, Thresholds[th.Name], th.Value)
			}
			declared := map[string]bool{}
			for _, v := range vs {
				if slices.Contains(v.At, th.Name) {
					declared[v.Name] = true
				}
			}
			changed := map[string]bool{}
			for _, by := range []int{-1, 1} {
				if th.Value+by < th.Min {
					continue
				}
				n := 0
				for _, v := range vs {
					out, err := Decide(v.Bytes(), refusal.Shifting(map[string]int{th.Name: by}))
					base, baseErr := Decide(v.Bytes())
					if string(out) != string(base) || fmt.Sprint(err) != fmt.Sprint(baseErr) {
						changed[v.Name] = true
						n++
						if !declared[v.Name] {
							t.Errorf("%s shifted by %d: vector %s changed but is not declared at it", th.Name, by, v.Name)
						}
					}
				}
				if n == 0 {
					t.Errorf("%s shifted by %d: no vector changed", th.Name, by)
				}
			}
			for name := range declared {
				if !changed[name] {
					t.Errorf("%s: vector %s is declared at it but no shift changed it", th.Name, name)
				}
			}
		}
	}
	for _, class := range classes {
		if !slices.Contains(names, "budget."+class) {
			t.Errorf("the Thresholds table has no budget.%s", class)
		}
	}
}

// TestVectors runs the golden vectors through Decide.
func TestVectors(t *testing.T) {
	for _, v := range vectortest.Load(t, "../../vectors/failure-budget/*.jsonl") {
		out, err := Decide(v.Bytes())
		switch {
		case v.Expect == "ok" && (err != nil || string(out) != v.Output):
			t.Errorf("%s: %q, %v; want %q", v.Name, out, err, v.Output)
		case v.Expect == "refused":
			if e, isRefusal := refusal.As(err); !isRefusal || e.Guard.Message != v.Message {
				t.Errorf("%s: %v; want %q", v.Name, err, v.Message)
			}
		}
	}
}

// TestMutatedInputs runs random edits of valid sequences: each ends in
// output or a refusal of the table (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 23))
	seeds := []string{
		seq(true, make2, reply, make2, reply, make2, reply, make2, reply, make2),
		seq(false, `{"event":"call","tool":"read_file","args":{"path":"a"},"exit_code":1,"class":"transient","read_only":true,"retry":{"exit_code":0,"output":"","class":"unavailable"},"state":"s","state_after":"t","changes":false,"id":"c","host":"denied"}`),
	}
	sweep.Mutations(t, r, Contract+" "+OpDecide, Decide, Guards, seeds, 1500)
}

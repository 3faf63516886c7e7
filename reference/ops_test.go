package reference_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"conform/reference"
	"conform/reference/refusal"
)

// seeds are valid inputs of the JSON-value-input operations, mutated by
// TestMutatedInputs.
var seeds = map[string][]string{
	"prim/1 timestamp":             {`"2024-02-29T23:59:59.999Z"`},
	"prim/1 integer":               {`9007199254740991`, `15`},
	"prim/1 positive-integer":      {`1`},
	"prim/1 string":                {`"a\u00e9\ud83d\ude00"`},
	"prim/1 safe-display":          {`"Hello, world"`},
	"prim/1 sorted-set":            {`["a","b","\ue000","\ud83d\ude00"]`},
	"prim/1 tool-list":             {`[{"name":"a","version":9},{"name":"a","version":10},{"name":"b","version":1}]`},
	"prim/1 base64url":             {`"` + strings.Repeat("A", 42) + `E"`, `"` + strings.Repeat("_", 85) + `w"`},
	"prim/1 utf8-length":           {`"\ud800\udc00x"`},
	"ticker/1 symbol":              {`"HTTPS://X"`},
	"ticker/1 equity-ticker":       {`"BRK.B"`},
	"ticker/1 masked-label-v1":     {`"Checking 1234"`},
	"ticker/1 closed-masked-label": {`"Checking \u2022\u20221234"`},
	"v8date/1 parse":               {`"0000-02-29T23:59:59.999Z"`},
	"ed25519/1 verify": {`{"key":"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",` +
		`"sig":"e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b","msg":""}`},
	"digest/1 digest":           {`{"schema_id":"s/1","omit":["x"],"object":{"x":1,"a":[1.0,"\u00e9"]}}`},
	"digest/1 signing-input":    {`{"schema_id":"s/1","omit":[],"object":{"b":{},"a":[]}}`},
	"digest/1 schema-digest":    {`{"type":"object","properties":{"a":{"type":"integer"}}}`},
	"digest/1 arguments-digest": {`{"a":[0,1,{"b":"x"}],"c":{"d":{"e":9007199254740991}}}`},
}

// mutate applies one random edit to in: flip, insert, delete or truncate.
func mutate(r *rand.Rand, in []byte) []byte {
	out := append([]byte(nil), in...)
	alphabet := []byte(`{}[]",:0123456789-+.eE\u tfnabAZ ` + "\x00\xff\xed\xa0")
	switch r.IntN(4) {
	case 0:
		if len(out) > 0 {
			out[r.IntN(len(out))] = alphabet[r.IntN(len(alphabet))]
		}
	case 1:
		i := r.IntN(len(out) + 1)
		out = append(out[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, out[i:]...)...)
	case 2:
		if len(out) > 0 {
			i := r.IntN(len(out))
			out = append(out[:i], out[i+1:]...)
		}
	case 3:
		out = out[:r.IntN(len(out)+1)]
	}
	return out
}

// TestMutatedInputs runs random mutations of each seed through its
// operation with no guard ignored, one random guard ignored, and all
// ignored: every run ends in output or a refusal from the operation's own
// table, never a panic or another error.
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for name, ins := range seeds {
		contract, op, _ := strings.Cut(name, " ")
		o, ok := reference.Lookup(contract, op)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		tables := map[string]bool{}
		var all []string
		for _, g := range o.Guards {
			tables[g.Message] = true
			all = append(all, g.Message)
		}
		for _, seed := range ins {
			if _, err := o.Run([]byte(seed)); err != nil {
				t.Errorf("%s: seed %s refused: %v", name, seed, err)
			}
			in := []byte(seed)
			for i := 0; i < 1500; i++ {
				if i%10 == 0 {
					in = []byte(seed)
				}
				in = mutate(r, in)
				for _, ig := range [][]string{nil, {all[r.IntN(len(all))]}, all} {
					_, err := run(o, in, ig)
					if err == nil {
						continue
					}
					if e, isRefusal := refusal.As(err); !isRefusal || !tables[e.Error()] || e.Guard.Contract != o.Contract {
						t.Fatalf("%s %q (ignore %q): %v", name, in, ig, err)
					}
				}
			}
		}
	}
}

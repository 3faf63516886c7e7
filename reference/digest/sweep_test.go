package digest

import (
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/internal/sweep"
)

// TestMutatedInputs runs random edits of valid inputs of every operation:
// each ends in output or a refusal of the table (sweep.Mutations).
func TestMutatedInputs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		op    string
		run   sweep.Run
		seeds []string
	}{
		{OpDigest, Digest, []string{`{"schema_id":"s/1","omit":["x"],"object":{"x":1,"a":[1.0,"\u00e9"]}}`}},
		{OpSigningInput, SigningInput, []string{`{"schema_id":"s/1","omit":[],"object":{"b":{},"a":[]}}`}},
		{OpSchemaDigest, SchemaDigest, []string{`{"type":"object","properties":{"a":{"type":"integer"}}}`}},
		{OpArgumentsDigest, ArgumentsDigest, []string{`{"a":[0,1,{"b":"x"}],"c":{"d":{"e":9007199254740991}}}`}},
	} {
		sweep.Mutations(t, r, Contract+" "+c.op, c.run, Guards, c.seeds, 1500)
	}
}

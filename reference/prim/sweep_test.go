package prim

import (
	"math/rand/v2"
	"strings"
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
		{OpTimestamp, Timestamp, []string{`"2024-02-29T23:59:59.999Z"`}},
		{OpInteger, Integer, []string{`9007199254740991`, `15`}},
		{OpPositiveInteger, PositiveInteger, []string{`1`}},
		{OpString, String, []string{`"a\u00e9\ud83d\ude00"`}},
		{OpSafeDisplay, SafeDisplay, []string{`"Hello, world"`}},
		{OpSortedSet, SortedSet, []string{`["a","b","\ue000","\ud83d\ude00"]`}},
		{OpToolList, ToolList, []string{`[{"name":"a","version":9},{"name":"a","version":10},{"name":"b","version":1}]`}},
		{OpBase64URL, Base64URL, []string{`"` + strings.Repeat("A", 42) + `E"`, `"` + strings.Repeat("_", 85) + `w"`}},
		{OpUTF8Length, UTF8Length, []string{`"\ud800\udc00x"`}},
	} {
		sweep.Mutations(t, r, Contract+" "+c.op, c.run, Guards, c.seeds, 1500)
	}
}

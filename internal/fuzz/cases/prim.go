package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers the two prim/1 targets: FuzzTimestamp (timestamp) and
// FuzzPrim (every other operation), each drawing the values its
// operations read (spec/prim.md).
func init() {
	register(Target{Name: "FuzzTimestamp", Contract: "prim/1", Ops: []string{"timestamp"},
		draw: func(s *gen.Source, _ string) []byte {
			return gen.TimestampValue(s)
		}})
	register(Target{Name: "FuzzPrim", Contract: "prim/1",
		Ops:  []string{"integer", "positive-integer", "string", "safe-display", "sorted-set", "tool-list", "base64url", "utf8-length"},
		draw: drawPrim})
}

func drawPrim(s *gen.Source, op string) []byte {
	switch op {
	case "integer", "positive-integer":
		return gen.IntegerValue(s)
	case "string", "utf8-length":
		return gen.StringValue(s, false)
	case "safe-display":
		return gen.StringValue(s, true)
	case "sorted-set":
		return gen.SortedSetValue(s)
	case "tool-list":
		return gen.ToolListValue(s)
	case "base64url":
		return gen.Base64URLValue(s)
	}
	return gen.TimestampValue(s)
}

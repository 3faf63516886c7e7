package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzV8Date: v8date/1 parse on ISO-shaped timestamps
// (spec/v8date.md).
func init() {
	register(Target{Name: "FuzzV8Date", Contract: "v8date/1", Ops: []string{"parse"},
		draw: func(s *gen.Source, _ string) []byte {
			return gen.TimestampValue(s)
		}})
}

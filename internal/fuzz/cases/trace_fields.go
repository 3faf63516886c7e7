package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzTraceFields: trace-fields/1's read on a drawn request
// line and trace (gen.TraceFields; spec/trace-fields.md).
func init() {
	register(Target{Name: "FuzzTraceFields", Contract: "trace-fields/1", Ops: []string{"read"}, draw: gen.TraceFields,
		NotYetReached: map[string]string{
			"trace-fields.ceiling": "a trace past 32 MiB: a fuzz input that large would cost every execution megabytes; the read-ceiling vectors pin the ceiling in all four modes",
		}})
}

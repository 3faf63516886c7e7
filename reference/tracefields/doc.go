// Package tracefields is the public Go reference of trace-fields/1
// (spec/trace-fields.md): atoma's one projecting reader over a run trace,
// readTraceTopLevelFields (seed 000, "contracts — AGENTS.md", "Reading a
// trace without holding it"). It enumerates a trace's depth-1 members in
// bytes and answers only what the request names: values, or shapes
// (presence and JSON type). It is order- and whitespace-agnostic and
// fail-closed (a member is absent only after the closing brace and then
// the end of the trace), validates at depth 1 only (inside a skipped
// container it tracks strings and nesting, nothing else), reads result
// and error as shapes only, and disposes of a trace above the one 32 MiB
// ceiling by the request's mode: hard, soft null, skipped row, or a
// status.
//
// Nothing here performs I/O: the trace is an input.
package tracefields

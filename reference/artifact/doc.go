// Package artifact is the public Go reference of artifact/1
// (spec/artifact.md): the agent CLI's run summary (result/final_result.json),
// its trace (trace/run_trace.json, schema v1 and v2), version detection and
// the shallow v1 upgrade, replay parity over the four decision fields, the
// canonical lifecycle validation and the acceptance procedure over an
// output root given as a tree of files (seed 002, "Artifact Contracts").
//
// The closed objects are declared in spec/artifact/shapes.json and
// validated by the shape interpreter (reference/internal/shape); this
// package gives the named checks of that declaration and, as hand-written
// Go that reads like the spec, the summary rules, the loader of the
// built-in replay path, the lifecycle order, parity, evidence and the
// acceptance steps. Every operation takes a JSON value input and answers
// the RFC 8785 canonical bytes of a verdict object, or a refusal of Guards.
//
// The output root travels as data ({"files": [{"path", "kind",
// "bytes_b64"}]}): nothing here touches a file system or follows a link.
package artifact

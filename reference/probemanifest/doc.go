// Package probemanifest is the public Go reference of probe-manifest/1
// (spec/probe-manifest.md): atoma's probe manifest (seed 000, "contracts —
// AGENTS.md", "Probe manifests"). It holds the one merge definition (entry
// identity per shape: shell by cmd, web by file and smoke, http an ordered
// append), the one written web discriminant and the aliases only the
// reader tolerates, the on-disk checker that accepts no alias, path
// normalization before .atoma-probes.json is recognized, the refusal of
// model hand-edits, and the three writers' corrupt-input policies (refuse,
// keep, rebuild).
//
// The closed objects are declared in spec/probe-manifest/shapes.json and
// validated by the shape interpreter (reference/internal/shape); the
// kind dispatch, the reader's alias rule, the writers' policies and the
// merge are hand-written here. Nothing here performs I/O: the manifest's
// current text is an input.
package probemanifest

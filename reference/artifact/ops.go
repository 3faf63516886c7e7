package artifact

import (
	"encoding/base64"
	"strings"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// Summary takes a result/final_result.json document (a JSON value input)
// and answers JCS of {"decision": the four parity fields, "form": "veto"
// when trace_path is absent, else "traced"}. It refuses, in order: ErrInput;
// the shape summary's guards (ErrType, unknown and missing members, each
// member's own); the summary rules ErrUntracedVerdict,
// ErrUntracedConfidence, ErrUntracedModel, ErrTracedModel. Source: seed
// 002, "Output Layout" and "Absence Has Meaning".
func Summary(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := summary(c, v); err != nil {
		return nil, err
	}
	return jcs(object("decision", summaryProjection(v).value(), "form", str(form(v))))
}

// form is "veto" for a summary without trace_path, else "traced".
func form(s *jsonvalue.Value) string {
	if get(s, "trace_path") == nil {
		return "veto"
	}
	return "traced"
}

// Trace takes a run_trace.json document and loads it on the built-in
// replay path: version detection, the in-memory v1 upgrade, the envelope
// and the projection. It answers JCS of {"decision": the projection,
// "entries": their number, "source_version": 1 or 2, "trace_schema_version":
// 2}. It refuses ErrInput, ErrType, ErrVersion, ErrVersionNewer,
// ErrEnvelopeRunID, ErrEnvelopeEntries, ErrProjection, in that order.
// Source: seed 002, "Replay Relationship" and "Schema Compatibility
// Boundary".
func Trace(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	t, source, err := load(c, v)
	if err != nil {
		return nil, err
	}
	p, err := project(c, t)
	if err != nil {
		return nil, err
	}
	return jcs(object("decision", p.value(), "entries", integer(len(get(t, "entries").Elems)),
		"source_version", integer(source), "trace_schema_version", integer(2)))
}

// Lifecycle takes {trace, definition} and runs the canonical lifecycle
// validation of the trace against the exact pipeline definition: the
// input shape and ErrDefinitionEnds, the loader's steps 1 to 4, the full
// shape trace, ErrLifecycleDefinition, ErrLifecycleOrder. It answers JCS
// of {"definition_hash": D(definition), "entries": their number,
// "phases": the collapsed phases}. Source: seed 002, "Replay
// Relationship" and "Acceptance Procedure", step 4.
func Lifecycle(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := declared.Validate(c, OpLifecycle, v); err != nil {
		return nil, err
	}
	def := get(v, "definition")
	if err := definitionEnds(c, def); err != nil {
		return nil, err
	}
	t, _, err := load(c, get(v, "trace"))
	if err != nil {
		return nil, err
	}
	d, phases, err := lifecycleRules(c, t, def)
	if err != nil {
		return nil, err
	}
	return jcs(object("definition_hash", str(d), "entries", integer(len(get(t, "entries").Elems)), "phases", strs(phases)))
}

// Parity takes {summary, trace} (summary null for a missing summary) and
// answers JCS of {"differs": the parity fields that differ, "evidence":
// the evidence fields that differ, "parity": "match", "mismatch" or
// "skipped"}. It refuses as the input shape and the summary rules do, then
// as the loader does (steps 1 to 5). Source: seed 002, "Replay
// Relationship".
func Parity(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := declared.Validate(c, OpParity, v); err != nil {
		return nil, err
	}
	s := get(v, "summary")
	if s.Kind == jsonvalue.Null {
		s = nil
	} else if err := summaryRules(c, s); err != nil {
		return nil, err
	}
	t, _, err := load(c, get(v, "trace"))
	if err != nil {
		return nil, err
	}
	p, err := project(c, t)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return jcs(object("differs", strs(nil), "evidence", strs(nil), "parity", str("skipped")))
	}
	diff := differs(summaryProjection(s), p)
	outcome := "match"
	if len(diff) > 0 {
		outcome = "mismatch"
	}
	return jcs(object("differs", strs(diff), "evidence", strs(evidence(s, t)), "parity", str(outcome)))
}

// entry is one file of the tree.
type entry struct {
	symlink bool
	bytes   []byte
}

// tree reads the validated files list into path -> entry and refuses
// ErrTree, which stands, for a repeated path or a path that is a proper
// prefix directory of another's (spec/artifact.md, "The tree").
func tree(c *refusal.Checker, files *jsonvalue.Value) (map[string]entry, error) {
	out := map[string]entry{}
	for i := range files.Elems {
		f := &files.Elems[i]
		path := text(get(f, "path").Units)
		b, _ := base64.StdEncoding.DecodeString(text(get(f, "bytes_b64").Units))
		if _, dup := out[path]; dup {
			return nil, stood(c.Refuse(ErrTree), ErrTree)
		}
		out[path] = entry{symlink: is(get(f, "kind"), "symlink"), bytes: b}
	}
	for p := range out {
		for q := range out {
			if strings.HasPrefix(q, p+"/") {
				return nil, stood(c.Refuse(ErrTree), ErrTree)
			}
		}
	}
	return out, nil
}

// The two files of an output root (seed 002, "Output Layout").
const (
	summaryFile = "result/final_result.json"
	traceFile   = "trace/run_trace.json"
)

// tracePath is step 3 on trace_path u (spec/artifact.md, "The steps").
func tracePath(c *refusal.Checker, u []uint16, files map[string]entry) error {
	var segs [][]uint16
	start := 0
	for i := 0; i <= len(u); i++ {
		if i == len(u) || u[i] == '/' {
			segs = append(segs, u[start:i])
			start = i + 1
		}
	}
	if len(u) == 0 {
		if err := c.Refuse(ErrPathEmpty); err != nil {
			return err
		}
	}
	if strings.HasPrefix(text(u), "/") {
		if err := c.Refuse(ErrPathAbsolute); err != nil {
			return err
		}
	}
	if strings.ContainsRune(text(u), '\\') {
		if err := c.Refuse(ErrPathBackslash); err != nil {
			return err
		}
	}
	for _, s := range segs {
		if jsonvalue.EqualString(s, "..") {
			if err := c.Refuse(ErrPathParent); err != nil {
				return err
			}
			break
		}
	}
	var resolved []string
	for _, s := range segs {
		name := text(s)
		switch {
		case name == "" || name == ".":
		case name == ".." && len(resolved) > 0 && resolved[len(resolved)-1] != "..":
			resolved = resolved[:len(resolved)-1]
		default:
			resolved = append(resolved, name)
		}
	}
	if strings.Join(resolved, "/") != traceFile {
		return stood(c.Refuse(ErrPathTarget), ErrPathTarget)
	}
	if files["trace"].symlink || files[traceFile].symlink {
		if err := c.Refuse(ErrPathSymlink); err != nil {
			return err
		}
	}
	if f, ok := files[traceFile]; !ok || f.symlink {
		return stood(c.Refuse(ErrTraceMissing), ErrTraceMissing)
	}
	return nil
}

// Accept takes {files, definition}, an output root as a tree of files and
// the exact pipeline definition, and runs the acceptance procedure's steps
// 1 to 6 (seed 002, "Acceptance Procedure"; spec/artifact.md, "accept").
// It answers JCS of {"accepted": true, "evidence": the evidence fields
// that differ, "form": "veto" or "traced", "parity": "match", "mismatch"
// (only with ErrParityMismatch ignored) or "not_run"}. It refuses, in
// order: ErrInput; the input shape (ErrTree for the files); ErrTree for
// the tree rules; ErrDefinitionEnds; ErrSummaryMissing, ErrSummaryJSON,
// the summary's shape and rules; ErrVetoTrace; ErrPathEmpty,
// ErrPathAbsolute, ErrPathBackslash, ErrPathParent, ErrPathTarget,
// ErrPathSymlink, ErrTraceMissing; ErrTraceJSON, the loader's steps 1 to
// 4, lifecycle's steps 3 to 5; ErrProjection; ErrParityMismatch.
func Accept(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := declared.Validate(c, OpAccept, v); err != nil {
		return nil, err
	}
	files, err := tree(c, get(v, "files"))
	if err != nil {
		return nil, err
	}
	def := get(v, "definition")
	if err := definitionEnds(c, def); err != nil {
		return nil, err
	}
	// Step 1: the summary.
	f, ok := files[summaryFile]
	if !ok || f.symlink {
		return nil, stood(c.Refuse(ErrSummaryMissing), ErrSummaryMissing)
	}
	sv, err := jsonvalue.Parse(f.bytes)
	if err != nil {
		return nil, stood(c.Refuse(ErrSummaryJSON), ErrSummaryJSON)
	}
	s := &sv
	if err := summary(c, s); err != nil {
		return nil, err
	}
	// Step 2: no trace path, the veto form.
	tp := get(s, "trace_path")
	if tp == nil {
		for p := range files {
			if p == "trace" || strings.HasPrefix(p, "trace/") {
				if err := c.Refuse(ErrVetoTrace); err != nil {
					return nil, err
				}
				break
			}
		}
		return jcs(object("accepted", jsonvalue.Value{Kind: jsonvalue.True}, "evidence", strs(nil), "form", str("veto"), "parity", str("not_run")))
	}
	// Step 3: the trace path.
	if err := tracePath(c, tp.Units, files); err != nil {
		return nil, err
	}
	// Step 4: the trace, loaded and lifecycle-validated.
	raw, err := jsonvalue.Parse(files[traceFile].bytes)
	if err != nil {
		return nil, stood(c.Refuse(ErrTraceJSON), ErrTraceJSON)
	}
	t, _, err := load(c, &raw)
	if err != nil {
		return nil, err
	}
	if _, _, err := lifecycleRules(c, t, def); err != nil {
		return nil, err
	}
	// Step 5: the projection and parity.
	p, err := project(c, t)
	if err != nil {
		return nil, err
	}
	outcome := "match"
	if len(differs(summaryProjection(s), p)) > 0 {
		if err := c.Refuse(ErrParityMismatch); err != nil {
			return nil, err
		}
		outcome = "mismatch"
	}
	// Step 6: the evidence, reported.
	return jcs(object("accepted", jsonvalue.Value{Kind: jsonvalue.True}, "evidence", strs(evidence(s, t)), "form", str("traced"), "parity", str(outcome)))
}

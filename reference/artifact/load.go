package artifact

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// summaryRules are the summary rules 1 to 4 (spec/artifact.md,
// "summary"; seed 002, "Absence Has Meaning"), run after the shape.
func summaryRules(c *refusal.Checker, s *jsonvalue.Value) error {
	model := get(s, "model")
	if get(s, "trace_path") != nil {
		if model == nil {
			return c.Refuse(ErrTracedModel)
		}
		return nil
	}
	if !is(get(s, "verdict"), "veto") {
		if err := c.Refuse(ErrUntracedVerdict); err != nil {
			return err
		}
	}
	if conf := get(s, "confidence"); conf != nil && conf.Kind == jsonvalue.Number && !isZero(conf.Text) {
		if err := c.Refuse(ErrUntracedConfidence); err != nil {
			return err
		}
	}
	if model != nil {
		return c.Refuse(ErrUntracedModel)
	}
	return nil
}

// summary checks s as result/final_result.json: the shape summary, then
// the summary rules.
func summary(c *refusal.Checker, s *jsonvalue.Value) error {
	if err := declared.Validate(c, "summary", s); err != nil {
		return err
	}
	return summaryRules(c, s)
}

// load is the loader's steps 1 to 4 (spec/artifact.md, "trace"; seed 002,
// "Schema Compatibility Boundary"): it returns the trace with the marker
// trace_schema_version 2 set in memory and the detected source version, 1
// or 2. It refuses ErrType, ErrVersion, ErrVersionNewer, ErrEnvelopeRunID,
// ErrEnvelopeEntries.
func load(c *refusal.Checker, t *jsonvalue.Value) (*jsonvalue.Value, int, error) {
	if t.Kind != jsonvalue.Object {
		return nil, 0, stood(c.Refuse(ErrType), ErrType)
	}
	source := 2
	switch v := get(t, "trace_schema_version"); {
	case v == nil:
		source = 1
	case v.Kind != jsonvalue.Number || !jsonvalue.NaturalIn(v.Text, "1", "9007199254740991"):
		if err := c.Refuse(ErrVersion); err != nil {
			return nil, 0, err
		}
	case v.Text == "1":
		source = 1
	case v.Text != "2":
		if err := c.Refuse(ErrVersionNewer); err != nil {
			return nil, 0, err
		}
	}
	marked := jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{{Name: jsonvalue.FromString("trace_schema_version"), Value: integer(2)}}}
	for _, m := range t.Members {
		if !jsonvalue.EqualString(m.Name, "trace_schema_version") {
			marked.Members = append(marked.Members, m)
		}
	}
	if id := get(&marked, "run_id"); id == nil || id.Kind != jsonvalue.String || len(id.Units) == 0 {
		if err := c.Refuse(ErrEnvelopeRunID); err != nil {
			return nil, 0, err
		}
	}
	if es := get(&marked, "entries"); es == nil || es.Kind != jsonvalue.Array || len(es.Elems) == 0 {
		if err := c.Refuse(ErrEnvelopeEntries); err != nil {
			return nil, 0, err
		}
	}
	return &marked, source, nil
}

// last returns the last element of t's entries, or nil.
func last(t *jsonvalue.Value) *jsonvalue.Value {
	es := get(t, "entries")
	if es == nil || es.Kind != jsonvalue.Array || len(es.Elems) == 0 {
		return nil
	}
	return &es.Elems[len(es.Elems)-1]
}

// projection is the decision projection: the four parity fields.
type projection struct {
	verdict, confidence, epistemic, stop *jsonvalue.Value
}

// value is the projection as the output object {confidence,
// epistemic_status, stop_reason, verdict}.
func (p projection) value() jsonvalue.Value {
	return object("confidence", *p.confidence, "epistemic_status", *p.epistemic, "stop_reason", *p.stop, "verdict", *p.verdict)
}

// project is the loader's step 5: the last entry's decision state, or
// ErrProjection, which stands.
func project(c *refusal.Checker, t *jsonvalue.Value) (projection, error) {
	e := last(t)
	d := get(e, "decision")
	p := projection{verdict: get(d, "verdict"), confidence: get(d, "confidence"), epistemic: get(e, "epistemic_state"), stop: get(d, "stop_reason")}
	if !oneOf(p.epistemic, "known", "inferred", "uncertain", "unknown") || !oneOf(p.verdict, "pass", "fail", "veto") ||
		p.confidence == nil || p.confidence.Kind != jsonvalue.Number || !isConfidence(p.confidence.Text) ||
		p.stop == nil || p.stop.Kind != jsonvalue.String || !reasonCode.MatchString(text(p.stop.Units)) {
		return projection{}, stood(c.Refuse(ErrProjection), ErrProjection)
	}
	return p, nil
}

// summaryProjection is the summary's four parity fields.
func summaryProjection(s *jsonvalue.Value) projection {
	return projection{verdict: get(s, "verdict"), confidence: get(s, "confidence"), epistemic: get(s, "epistemic_status"), stop: get(s, "stop_reason")}
}

// differs lists the parity fields of s and p that differ, in the order
// verdict, confidence, epistemic_status, stop_reason (spec/artifact.md,
// "parity"): strings by their units, confidence as doubles.
func differs(s, p projection) []string {
	out := []string{}
	if !equal(s.verdict, p.verdict) {
		out = append(out, "verdict")
	}
	if s.confidence == nil || s.confidence.Kind != jsonvalue.Number || double(s.confidence.Text) != double(p.confidence.Text) {
		out = append(out, "confidence")
	}
	if !equal(s.epistemic, p.epistemic) {
		out = append(out, "epistemic_status")
	}
	if !equal(s.stop, p.stop) {
		out = append(out, "stop_reason")
	}
	return out
}

// evidence lists the evidence fields that differ between summary s and
// trace t, in the order runtime_version, model, convergence,
// termination_reason (spec/artifact.md, "parity", "Evidence").
func evidence(s, t *jsonvalue.Value) []string {
	header := get(t, "header")
	pairs := []struct {
		name string
		a, b *jsonvalue.Value
	}{
		{"runtime_version", get(s, "runtime_version"), get(header, "runtime_version")},
		{"model", get(s, "model"), get(header, "model")},
		{"convergence", get(s, "convergence"), get(header, "convergence")},
		{"termination_reason", get(s, "termination_reason"), get(get(last(t), "decision"), "termination_reason")},
	}
	out := []string{}
	for _, p := range pairs {
		if !equal(p.a, p.b) {
			out = append(out, p.name)
		}
	}
	return out
}

// definitionEnds is the definition rule: phases start with intake and end
// with decision.
func definitionEnds(c *refusal.Checker, def *jsonvalue.Value) error {
	var first, final *jsonvalue.Value
	if ph := get(def, "phases"); ph != nil && ph.Kind == jsonvalue.Array {
		for i := range ph.Elems {
			if first == nil {
				first = &ph.Elems[i]
			}
			final = &ph.Elems[i]
		}
	}
	if !is(first, "intake") || !is(final, "decision") {
		return c.Refuse(ErrDefinitionEnds)
	}
	return nil
}

// digestOf is D(v): "sha256:" and the lowercase hex SHA-256 of JCS(v).
func digestOf(v *jsonvalue.Value) (string, error) {
	canon, err := rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, v))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// collapsed returns the entries' phases with each run of equal
// consecutive phases collapsed to one (non-string phases kept as "").
func collapsed(t *jsonvalue.Value) []string {
	out := []string{}
	es := get(t, "entries")
	if es == nil || es.Kind != jsonvalue.Array {
		return out
	}
	for i := range es.Elems {
		ph := get(&es.Elems[i], "phase")
		name := ""
		if ph != nil && ph.Kind == jsonvalue.String {
			name = text(ph.Units)
		}
		if len(out) == 0 || out[len(out)-1] != name {
			out = append(out, name)
		}
	}
	return out
}

// lifecycleRules are lifecycle's steps 3 to 5 on the loaded trace t
// against def: the full shape trace, the definition hash, the lifecycle
// order. It returns D(def) and the collapsed phases.
func lifecycleRules(c *refusal.Checker, t, def *jsonvalue.Value) (string, []string, error) {
	if err := declared.Validate(c, "trace", t); err != nil {
		return "", nil, err
	}
	d, err := digestOf(def)
	if err != nil {
		return "", nil, err
	}
	if !is(get(get(t, "header"), "definition_hash"), d) {
		if err := c.Refuse(ErrLifecycleDefinition); err != nil {
			return "", nil, err
		}
	}
	phases := collapsed(t)
	want := get(def, "phases")
	same := want != nil && want.Kind == jsonvalue.Array && len(want.Elems) == len(phases)
	for i := 0; same && i < len(phases); i++ {
		same = is(&want.Elems[i], phases[i])
	}
	if !same {
		if err := c.Refuse(ErrLifecycleOrder); err != nil {
			return "", nil, err
		}
	}
	return d, phases, nil
}

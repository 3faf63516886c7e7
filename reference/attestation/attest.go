package attestation

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the closed objects
// (spec/attestation/shapes.json), run by the shape interpreter.
var declared = interp.MustLoad(Contract, Guards, map[string]interp.Check{
	"nonempty": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return len(v.Units) > 0 }},
}, nil)

// IsPreflightRefusal is isPreflightRefusal: whether the error string u
// begins with SmokePreflightPrefix or ProbeURLPrefix, and which ("smoke",
// "probe-url", or "" for neither).
func IsPreflightRefusal(u []uint16) (bool, string) {
	for _, p := range [...]struct{ prefix, name string }{{SmokePreflightPrefix, "smoke"}, {ProbeURLPrefix, "probe-url"}} {
		if len(u) >= len(p.prefix) && jsonvalue.EqualString(u[:len(p.prefix)], p.prefix) {
			return true, p.name
		}
	}
	return false, ""
}

// read parses the JSON value input; ErrInput has no accept path.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, err := jsonvalue.Parse(in)
	if err != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrInput}
	}
	return &v, nil
}

func get(v *jsonvalue.Value, name string) *jsonvalue.Value {
	f, _ := v.Get(name)
	return f
}

func is(v *jsonvalue.Value, name, s string) bool {
	f := get(v, name)
	return f != nil && f.Kind == jsonvalue.String && jsonvalue.EqualString(f.Units, s)
}

// Preflight is isPreflightRefusal over a JSON string: it answers
// {"preflight","prefix"}. It refuses ErrInput, ErrType.
func Preflight(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsonvalue.String {
		if err := c.Refuse(ErrType); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrType}
	}
	if yes, name := IsPreflightRefusal(v.Units); yes {
		return []byte(`{"preflight":true,"prefix":"` + name + `"}`), nil
	}
	return []byte(`{"preflight":false,"prefix":null}`), nil
}

// witnessRules are the record's rule 3 on witness w (spec/attestation.md,
// "The record's rules"): ErrRelabel, ErrWitnessCmd, ErrWitnessNoCmd.
func witnessRules(c *refusal.Checker, w *jsonvalue.Value, transport, hasCmd bool) error {
	switch {
	case is(w, "declaredBy", "model") && transport:
		return c.Refuse(ErrRelabel)
	case transport && hasCmd:
		return c.Refuse(ErrWitnessCmd)
	case !transport && !hasCmd:
		return c.Refuse(ErrWitnessNoCmd)
	}
	return nil
}

// verdict is the verdict's reason (spec/attestation.md, "The verdict") of
// the observation o, whose error is a pre-flight refusal when preflight.
func verdict(o *jsonvalue.Value, preflight bool) string {
	executed := get(o, "executedInteractions").Elems
	switch {
	case preflight:
		return "preflight"
	case get(o, "ok").Kind == jsonvalue.False:
		return "not-ok"
	case len(executed) == 0:
		return "nothing-executed"
	}
	control := -1
	for i := range executed {
		if is(&executed[i], "step", "control") {
			control = i
			break
		}
	}
	if control < 0 {
		return "no-control"
	}
	for i := range executed[:control] {
		if is(&executed[i], "step", "reset") {
			return "reset-first"
		}
	}
	return "proven"
}

// Attest validates an attestation record and answers its verdict
// (spec/attestation.md): {"obligation","proven","reason","recordedProbes",
// "references"}. It refuses ErrInput, the declaration's guards (the
// record, its observation, interactions and witnesses), then ErrOkError,
// ErrPreflightExecuted, and per witness ErrRelabel, ErrWitnessCmd,
// ErrWitnessNoCmd. Source: seed 000, "Proof attestation".
func Attest(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	if err := declared.Validate(c, "record", v); err != nil {
		return nil, err
	}
	o := get(v, "observation")
	errV := get(o, "error")
	if (get(o, "ok").Kind == jsonvalue.True) != (errV.Kind == jsonvalue.Null) {
		if err := c.Refuse(ErrOkError); err != nil {
			return nil, err
		}
	}
	preflight := false
	if errV.Kind == jsonvalue.String {
		preflight, _ = IsPreflightRefusal(errV.Units)
	}
	if preflight && len(get(o, "executedInteractions").Elems) > 0 {
		if err := c.Refuse(ErrPreflightExecuted); err != nil {
			return nil, err
		}
	}
	witnesses := get(v, "witnesses").Elems
	var probes, refs []jsonvalue.Value
	for i := range witnesses {
		w := &witnesses[i]
		transport, cmd := is(w, "observer", "transport"), get(w, "cmd")
		if err := witnessRules(c, w, transport, cmd != nil); err != nil {
			return nil, err
		}
		switch {
		case transport:
			refs = append(refs, *get(w, "ref"))
		case cmd != nil:
			probes = append(probes, *cmd)
		}
	}
	reason := verdict(o, preflight)
	out := []byte(`{"obligation":`)
	out = jsonvalue.AppendJSON(out, get(v, "obligation"))
	if reason == "proven" {
		out = append(out, `,"proven":true`...)
	} else {
		out = append(out, `,"proven":false`...)
	}
	out = append(out, `,"reason":"`+reason+`","recordedProbes":`...)
	out = jsonvalue.AppendJSON(out, &jsonvalue.Value{Kind: jsonvalue.Array, Elems: probes})
	out = append(out, `,"references":`...)
	out = jsonvalue.AppendJSON(out, &jsonvalue.Value{Kind: jsonvalue.Array, Elems: refs})
	return append(out, '}'), nil
}

package gocheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/fuzz/cases"
	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/tracefields"
)

// init registers FuzzTraceFieldsOracle, reading FuzzTraceFields' format:
// the full-parser oracle, then the order and whitespace law.
func init() {
	register(Target{Name: "FuzzTraceFieldsOracle", Input: "FuzzTraceFields", check: func(c cases.Case, s *gen.Source) error {
		if err := TraceFieldsAgainstJSON(c.Input); err != nil {
			return err
		}
		return TraceFieldsOrderLaw(c.Input, s)
	}})
}

// TraceFieldsAgainstJSON runs trace-fields/1's reader on in (a request
// line and a trace) against encoding/json as the full parser
// (spec/trace-fields.md, "Fuzzing"): wherever encoding/json accepts the
// trace as one object with no repeated top-level name (and the trace is
// UTF-8 whose names hold no escaped surrogate, which encoding/json would
// replace), the reader must accept it, unless the request is refused or
// a projected value nests past 128, and each projection must agree with
// the parsed document: a value's text equal to the member's compacted
// JSON, a shape equal to the member's type, an absence to its absence.
// Where the reader accepts, the trace need not be JSON (depth-1 only).
func TraceFieldsAgainstJSON(in []byte) error {
	nl := bytes.IndexByte(in, '\n')
	if nl < 0 {
		return nil
	}
	trace := in[nl+1:]
	members, ok := parseTop(trace)
	if !ok {
		return nil
	}
	out, err := tracefields.Read(in)
	if err != nil {
		e, _ := refusal.As(err)
		if e != nil && (e.Guard == tracefields.ErrRequest || e.Guard == tracefields.ErrModelValue || e.Guard == tracefields.ErrValue) {
			return nil
		}
		return fmt.Errorf("encoding/json accepts the trace of %q; the reader refuses it (%v)", in, err)
	}
	var proj map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &proj); err != nil {
		return fmt.Errorf("%q: the output %q is not JSON: %v", in, out, err)
	}
	for name, p := range proj {
		raw, present := members[name]
		switch {
		case !present && string(p["absent"]) != "true":
			return fmt.Errorf("%q: %q is absent, the reader says %s", in, name, out)
		case present && p["value"] != nil:
			var want bytes.Buffer
			if err := json.Compact(&want, raw); err != nil || !bytes.Equal(want.Bytes(), p["value"]) {
				return fmt.Errorf("%q: %q is %s, the reader projects %s", in, name, raw, p["value"])
			}
		case present && p["shape"] != nil && string(p["shape"]) != `"`+jsonType(raw)+`"`:
			return fmt.Errorf("%q: %q is a %s, the reader says %s", in, name, jsonType(raw), p["shape"])
		case present && p["value"] == nil && p["shape"] == nil:
			return fmt.Errorf("%q: %q is present, the reader says %s", in, name, out)
		}
	}
	return nil
}

// parseTop parses trace with encoding/json as one object and returns its
// members' raw values by name; ok false when it is not one, or repeats a
// name, or is not UTF-8, or a name holds an escaped surrogate.
func parseTop(trace []byte) (map[string]json.RawMessage, bool) {
	if !utf8.Valid(trace) || !json.Valid(trace) {
		return nil, false
	}
	d := json.NewDecoder(bytes.NewReader(trace))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	out := map[string]json.RawMessage{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return nil, false
		}
		name, _ := t.(string)
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return nil, false
		}
		if _, dup := out[name]; dup || bytes.Contains(trace, []byte(`\ud`)) || bytes.Contains(trace, []byte(`\uD`)) {
			return nil, false
		}
		out[name] = raw
	}
	return out, true
}

// jsonType is the JSON type of a raw value, as encoding/json decodes it.
func jsonType(raw json.RawMessage) string {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber() // a number past the double range is still a number
	_ = d.Decode(&v)
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	}
	return "null"
}

// TraceFieldsOrderLaw checks that the reader is order- and
// whitespace-agnostic (spec/trace-fields.md, "The reader"): where
// encoding/json reads the trace of in as an object (as parseTop), the
// same members in an order drawn from s, with drawn whitespace around
// them, read to the same answer.
func TraceFieldsOrderLaw(in []byte, s *gen.Source) error {
	nl := bytes.IndexByte(in, '\n')
	if nl < 0 {
		return nil
	}
	members, ok := parseTop(in[nl+1:])
	if !ok {
		return nil
	}
	names := make([]string, 0, len(members))
	for name := range members {
		names = append(names, name)
	}
	sort.Strings(names)
	for k := len(names) - 1; k > 0; k-- {
		j := s.Intn(k + 1)
		names[k], names[j] = names[j], names[k]
	}
	ws := func() string { return gen.Pick(s, []string{"", " ", "\n", "\t", "\r\n "}) }
	again := append(bytes.Clone(in[:nl+1]), ws()+"{"...)
	for i, name := range names {
		if i > 0 {
			again = append(again, ","+ws()...)
		}
		key, _ := json.Marshal(name)
		again = append(append(append(append(again, key...), ws()+":"+ws()...), members[name]...), ws()...)
	}
	again = append(again, "}"+ws()...)
	want, err := tracefields.Read(in)
	got, err2 := tracefields.Read(again)
	if (err == nil) != (err2 == nil) || !bytes.Equal(want, got) || err != nil && err.Error() != err2.Error() {
		return fmt.Errorf("%q reads to %q (%v); reordered, %q reads to %q (%v)", in, want, err, again, got, err2)
	}
	return nil
}

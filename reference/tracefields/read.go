package tracefields

import (
	"bytes"
	"unicode/utf8"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// The modes of a request (spec/trace-fields.md, "The ceiling and its four
// dispositions"): the seed's four readers.
var modes = []string{"coordinator", "sentinel", "summary", "api"}

// request is a read request: its mode and the names of the values and
// shapes projected, as UTF-16 units.
type request struct {
	mode           string
	values, shapes [][]uint16
}

// readRequest parses and checks the request line; ok is false when it is
// not a request (spec/trace-fields.md, "The request").
func readRequest(line []byte) (r request, ok bool) {
	v, err := jsonvalue.Parse(line)
	if err != nil || v.Kind != jsonvalue.Object || !v.HasExactly("mode", "values", "types") {
		return request{}, false
	}
	mode, _ := v.Get("mode")
	for _, m := range modes {
		if mode.Kind == jsonvalue.String && jsonvalue.EqualString(mode.Units, m) {
			r.mode = m
		}
	}
	if r.mode == "" {
		return request{}, false
	}
	var seen [][]uint16
	names := func(member string) ([][]uint16, bool) {
		a, _ := v.Get(member)
		if a.Kind != jsonvalue.Array {
			return nil, false
		}
		var out [][]uint16
		for _, e := range a.Elems {
			if e.Kind != jsonvalue.String {
				return nil, false
			}
			for _, s := range seen {
				if jsonvalue.Equal(s, e.Units) {
					return nil, false
				}
			}
			seen = append(seen, e.Units)
			out = append(out, e.Units)
		}
		return out, true
	}
	var good bool
	if r.values, good = names("values"); !good {
		return request{}, false
	}
	if r.shapes, good = names("types"); !good {
		return request{}, false
	}
	return r, true
}

// Read is readTraceTopLevelFields (spec/trace-fields.md): its input is a
// request line, LF, then the trace's bytes. It answers the projection, a
// JSON object with one member per requested name (values first, then
// shapes, each in request order): {"value":TEXT} (the value's bytes
// without whitespace outside strings), {"shape":T} (object, array, string,
// number, boolean or null) or {"absent":true}. Above the 32 MiB Ceiling it
// answers the mode's disposition: coordinator refuses ErrCeiling, sentinel
// answers null, summary answers nothing, api answers {"status":413}. It
// refuses, in order: ErrRequest; ErrModelValue (result or error asked as a
// value); ErrCeiling; ErrUTF8; ErrNotObject, ErrTruncated, ErrSyntax,
// ErrDuplicate, whichever the scan meets first; ErrValue (a projected
// container that is not one JSON value within depth 128). Source: seed
// 000, "Reading a trace without holding it".
func Read(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	nl := bytes.IndexByte(in, '\n')
	r, ok := request{}, false
	if nl >= 0 {
		r, ok = readRequest(in[:nl])
	}
	if !ok {
		if err := c.Refuse(ErrRequest); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrRequest}
	}
	trace := in[nl+1:]
	for _, name := range r.values {
		if jsonvalue.EqualString(name, "result") || jsonvalue.EqualString(name, "error") {
			if err := c.Refuse(ErrModelValue); err != nil {
				return nil, err
			}
		}
	}
	if len(trace) > Ceiling {
		switch r.mode {
		case "sentinel":
			return []byte("null"), nil
		case "summary":
			return []byte{}, nil
		case "api":
			return []byte(`{"status":413}`), nil
		}
		if err := c.Refuse(ErrCeiling); err != nil {
			return nil, err
		}
	}
	if !utf8.Valid(trace) {
		if err := c.Refuse(ErrUTF8); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrUTF8}
	}
	members, err := scan(c, trace)
	if err != nil {
		return nil, err
	}
	find := func(name []uint16) *Member {
		for k := range members {
			if jsonvalue.Equal(members[k].Name, name) {
				return &members[k]
			}
		}
		return nil
	}
	for _, name := range r.values {
		m := find(name)
		if m == nil || (trace[m.Start] != '{' && trace[m.Start] != '[') {
			continue
		}
		if end, good := full(trace, m.Start, 1); !good || end != m.End {
			if err := c.Refuse(ErrValue); err != nil {
				return nil, err
			}
		}
	}
	out := []byte{'{'}
	entry := func(name []uint16) {
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(quote(out, name), ':')
	}
	for _, name := range r.values {
		entry(name)
		if m := find(name); m != nil {
			out = append(compact(append(out, `{"value":`...), trace[m.Start:m.End]), '}')
		} else {
			out = append(out, `{"absent":true}`...)
		}
	}
	for _, name := range r.shapes {
		entry(name)
		if m := find(name); m != nil {
			out = append(append(append(out, `{"shape":"`...), shapeOf(trace[m.Start])...), `"}`...)
		} else {
			out = append(out, `{"absent":true}`...)
		}
	}
	return append(out, '}'), nil
}

// shapeOf is the JSON type of a value from its first byte.
func shapeOf(b byte) string {
	switch b {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// compact appends v without the JSON whitespace outside its strings.
func compact(out, v []byte) []byte {
	inString := false
	for i := 0; i < len(v); i++ {
		b := v[i]
		switch {
		case inString && b == '\\':
			out = append(out, b)
			if i+1 < len(v) {
				i++
				out = append(out, v[i])
			}
			continue
		case inString:
			inString = b != '"'
		case b == '"':
			inString = true
		case isWS(b):
			continue
		}
		out = append(out, b)
	}
	return out
}

// quote appends u as a JSON string in the output form: every unit
// outside U+0020-U+007E, and the quote and the backslash, as \u and four
// lowercase hex digits (jsonvalue.AppendJSON).
func quote(b []byte, u []uint16) []byte {
	return jsonvalue.AppendJSON(b, &jsonvalue.Value{Kind: jsonvalue.String, Units: u})
}

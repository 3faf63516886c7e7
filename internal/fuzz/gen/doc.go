package gen

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Member is one member of a document: its name and its value as JSON
// text.
type Member struct {
	Name, Value string
}

// Doc is a JSON object as its members in order, each value as JSON text,
// so that a change keeps every other literal as written: the document
// model of the generators of contracts made of JSON objects.
type Doc []Member

// ParseDoc splits a JSON object text into its members (numbers kept as
// written); ok is false when the text is not one object.
func ParseDoc(text string) (d Doc, ok bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}

	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		d = append(d, Member{Name: k.(string), Value: string(raw)})
	}
	return d, true
}

// Get returns the JSON text of member name.
func (d Doc) Get(name string) (string, bool) {
	for _, m := range d {
		if m.Name == name {
			return m.Value, true
		}
	}
	return "", false
}

// Value returns the JSON text of member name, or "" when d has none.
func (d Doc) Value(name string) string {
	v, _ := d.Get(name)
	return v
}

// Set returns a copy of d with member name set to the JSON text v (added
// at the end when absent).
func (d Doc) Set(name, v string) Doc {
	out := append(Doc(nil), d...)
	for i := range out {
		if out[i].Name == name {
			out[i].Value = v
			return out
		}
	}
	return append(out, Member{Name: name, Value: v})
}

// Drop returns a copy of d without member name.
func (d Doc) Drop(name string) Doc {
	var out Doc
	for _, m := range d {
		if m.Name != name {
			out = append(out, m)
		}
	}
	return out
}

// JSON is the document's text, members in order.
func (d Doc) JSON() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range d {
		if i > 0 {
			b.WriteByte(',')
		}
		// A JSON string, not strconv.Quote's Go one (\x00, \a).
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(m.Name)
		b.Truncate(b.Len() - 1) // Encode's newline
		b.WriteByte(':')
		b.WriteString(m.Value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// String is the document's text, members in order (JSON).
func (d Doc) String() string { return string(d.JSON()) }

// Shuffled returns d's members in an order drawn from s.
func (d Doc) Shuffled(s *Source) Doc {
	out := append(Doc(nil), d...)
	for i := len(out) - 1; i > 0; i-- {
		j := s.Intn(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out
}

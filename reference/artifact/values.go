package artifact

import (
	"strconv"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// read parses the operation's JSON value input; ErrInput has no accept
// path.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, err := jsonvalue.Parse(in)
	if err != nil {
		return nil, stood(c.Refuse(ErrInput), ErrInput)
	}
	return &v, nil
}

// stood is the refusal of a guard with no accept path
// (spec/artifact.md, "Ignored guards and exception tags"): err, what
// c.Refuse(g) gave, or g's refusal anyway when g is ignored.
func stood(err error, g refusal.Guard) error {
	if err != nil {
		return err
	}
	return &refusal.Error{Guard: g}
}

// jcs returns the RFC 8785 canonical bytes of an output value. Every
// output is built from validated strings and confidence literals, so it
// always has a canonical form; an error here is an implementation failure,
// never a refusal.
func jcs(v jsonvalue.Value) ([]byte, error) {
	return rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, &v))
}

// str is a JSON string value of the ASCII text s.
func str(s string) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.String, Units: jsonvalue.FromString(s)}
}

// integer is a JSON number value of n.
func integer(n int) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.Number, Text: strconv.Itoa(n)}
}

// strs is a JSON array of the ASCII strings ss.
func strs(ss []string) jsonvalue.Value {
	out := jsonvalue.Value{Kind: jsonvalue.Array, Elems: []jsonvalue.Value{}}
	for _, s := range ss {
		out.Elems = append(out.Elems, str(s))
	}
	return out
}

// object builds an object value from name, value pairs.
func object(kv ...any) jsonvalue.Value {
	out := jsonvalue.Value{Kind: jsonvalue.Object}
	for i := 0; i < len(kv); i += 2 {
		out.Members = append(out.Members, jsonvalue.Member{Name: jsonvalue.FromString(kv[i].(string)), Value: kv[i+1].(jsonvalue.Value)})
	}
	return out
}

// get returns member name of d, or nil when d is nil, not an object or has
// no such member.
func get(d *jsonvalue.Value, name string) *jsonvalue.Value {
	if d == nil || d.Kind != jsonvalue.Object {
		return nil
	}
	x, _ := d.Get(name)
	return x
}

// is reports whether v is the string s.
func is(v *jsonvalue.Value, s string) bool {
	return v != nil && v.Kind == jsonvalue.String && jsonvalue.EqualString(v.Units, s)
}

// oneOf reports whether v is a string equal to one of values.
func oneOf(v *jsonvalue.Value, values ...string) bool {
	for _, s := range values {
		if is(v, s) {
			return true
		}
	}
	return false
}

// double is a number literal's nearest IEEE-754 double (an overflowing
// literal as an infinity).
func double(text string) float64 {
	f, _ := strconv.ParseFloat(text, 64)
	return f
}

// equal is the equality of evidence (spec/artifact.md, "parity"): both
// absent, or the same JSON type with the same literal, unit sequence,
// nearest double, elements in order, or member names with equal values in
// any order.
func equal(a, b *jsonvalue.Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case jsonvalue.String:
		return jsonvalue.Equal(a.Units, b.Units)
	case jsonvalue.Number:
		return double(a.Text) == double(b.Text)
	case jsonvalue.Array:
		if len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !equal(&a.Elems[i], &b.Elems[i]) {
				return false
			}
		}
	case jsonvalue.Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for i := range a.Members {
			m := &a.Members[i]
			if !equal(&m.Value, member(b, m.Name)) {
				return false
			}
		}
	}
	return true
}

// member returns o's member named by the units name, or nil.
func member(o *jsonvalue.Value, name []uint16) *jsonvalue.Value {
	for i := range o.Members {
		if jsonvalue.Equal(o.Members[i].Name, name) {
			return &o.Members[i].Value
		}
	}
	return nil
}

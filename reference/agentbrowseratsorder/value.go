package agentbrowseratsorder

import (
	"strconv"

	"github.com/conform-dev/conform/reference/ats"
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/rfc8785"
)

// parse reads the JSON value input; ErrInput has no accept path.
func parse(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, &refusal.Error{Guard: ErrInput}
	}
	return &v, nil
}

// canonical is JCS(v), or ErrCanonical with no accept path.
func canonical(c *refusal.Checker, v *jsonvalue.Value) ([]byte, error) {
	out, err := rfc8785.Canonicalize(jsonvalue.AppendJSON(nil, v))
	if err != nil {
		if err := c.Refuse(ErrCanonical); err != nil {
			return nil, err
		}
		return nil, &refusal.Error{Guard: ErrCanonical}
	}
	return out, nil
}

// digestOf is D(v), ats/1's digest (ats.Digest), or ErrCanonical, with no
// accept path, when JCS(v) does not exist.
func digestOf(c *refusal.Checker, v *jsonvalue.Value) (string, error) {
	d, ok := ats.Digest(v)
	if !ok {
		if err := c.Refuse(ErrCanonical); err != nil {
			return "", err
		}
		return "", &refusal.Error{Guard: ErrCanonical}
	}
	return d, nil
}

// field returns member name of object o, or nil.
func field(o *jsonvalue.Value, name string) *jsonvalue.Value {
	if o == nil || o.Kind != jsonvalue.Object {
		return nil
	}
	for i := range o.Members {
		if jsonvalue.EqualString(o.Members[i].Name, name) {
			return &o.Members[i].Value
		}
	}
	return nil
}

// text is member name of o when it is a string, and whether it is.
func text(o *jsonvalue.Value, name string) (string, bool) {
	f := field(o, name)
	if f == nil || f.Kind != jsonvalue.String {
		return "", false
	}
	return string(jsonvalue.AppendUTF8(nil, f.Units)), true
}

// isText reports whether member name of o is the string s.
func isText(o *jsonvalue.Value, name, s string) bool {
	f := field(o, name)
	return f != nil && f.Kind == jsonvalue.String && jsonvalue.EqualString(f.Units, s)
}

// isNull reports whether member name of o is absent or null.
func isNull(o *jsonvalue.Value, name string) bool {
	f := field(o, name)
	return f == nil || f.Kind == jsonvalue.Null
}

// number is member name of o as the nearest double of its literal.
func number(o *jsonvalue.Value, name string) float64 {
	f := field(o, name)
	if f == nil || f.Kind != jsonvalue.Number {
		return 0
	}
	x, _ := strconv.ParseFloat(f.Text, 64)
	return x
}

// same reports whether member name has the same JSON value in a and b
// (strings by units, numbers as doubles); a member either lacks is the
// same.
func same(a, b *jsonvalue.Value, name string) bool {
	x, y := field(a, name), field(b, name)
	if x == nil || y == nil {
		return true
	}
	if x.Kind == jsonvalue.Number && y.Kind == jsonvalue.Number {
		return number(a, name) == number(b, name)
	}
	return x.Kind == y.Kind && jsonvalue.Equal(x.Units, y.Units)
}

// str is a JSON string value.
func str(s string) jsonvalue.Value {
	return jsonvalue.Value{Kind: jsonvalue.String, Units: jsonvalue.FromString(s)}
}

// boolean is a JSON boolean value.
func boolean(b bool) jsonvalue.Value {
	if b {
		return jsonvalue.Value{Kind: jsonvalue.True}
	}
	return jsonvalue.Value{Kind: jsonvalue.False}
}

// verdict answers JCS of an object with these members (name, value
// pairs).
func verdict(c *refusal.Checker, pairs ...any) ([]byte, error) {
	o := jsonvalue.Value{Kind: jsonvalue.Object}
	for i := 0; i < len(pairs); i += 2 {
		o.Members = append(o.Members, jsonvalue.Member{Name: jsonvalue.FromString(pairs[i].(string)), Value: pairs[i+1].(jsonvalue.Value)})
	}
	return canonical(c, &o)
}

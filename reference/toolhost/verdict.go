package toolhost

import (
	"strconv"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// verdict builds the verdict object of an operation (section 1.10); its
// bytes are its RFC 8785 form, so the members may be added in any order.
type verdict struct {
	members []jsonvalue.Member
}

func (v *verdict) add(name string, val jsonvalue.Value) *verdict {
	v.members = append(v.members, jsonvalue.Member{Name: jsonvalue.FromString(name), Value: val})
	return v
}

// str adds an ASCII string member.
func (v *verdict) str(name, s string) *verdict {
	return v.add(name, jsonvalue.Value{Kind: jsonvalue.String, Units: jsonvalue.FromString(s)})
}

// copyOf adds a copy of a document's member, as read.
func (v *verdict) copyOf(name string, val *jsonvalue.Value) *verdict {
	return v.add(name, *val)
}

// integer adds an integer member.
func (v *verdict) integer(name string, n int64) *verdict {
	return v.add(name, jsonvalue.Value{Kind: jsonvalue.Number, Text: strconv.FormatInt(n, 10)})
}

// millisOf adds the epoch milliseconds of the timestamp member name of o,
// as "<name>_ms".
func (v *verdict) millisOf(o *jsonvalue.Value, name string) *verdict {
	return v.integer(name+"_ms", ms(o, name))
}

// bytes returns JCS(verdict), or ErrJCS when a copied member cannot be
// canonicalized (a lone surrogate read under an ignored guard; section 5).
func (v *verdict) bytes(c *refusal.Checker) ([]byte, error) {
	return jcs(c, &jsonvalue.Value{Kind: jsonvalue.Object, Members: v.members})
}

package main

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// memberVariant is one single-cause variant of a declared closed object
// (spec/README.md, "Shapes"): its case name, its input, the code that
// refuses it, and whether that code stands when its guard is ignored (a
// type code), so that its vectors need the tag type-guard unless the
// catalogue already gives one.
type memberVariant struct {
	name, input, code string
	stands            bool
}

// memberVariants derives the variants of object o of declaration d from
// its valid document doc, each embedded in an input by wrap: a member
// outside the shape (code o.Unknown); then per member (skipped when skip
// says so) the member absent (o.Missing, unless optional) and of another
// JSON type (its type code); an array whose elements are typed, an element
// of another type; and, for a member validated as a declared object, the
// same variants inside it, from its valid document nested(member). Names
// are lower case, prefixed by the path of the member.
func memberVariants(d *shapes.Decl, o *shapes.Object, doc gen.Doc, wrap func(string) string,
	nested func(member string) gen.Doc, skip func(*shapes.Member) bool, prefix string) []memberVariant {
	out := []memberVariant{{prefix + "unknown-member", wrap(doc.Set("extra", `1`).String()), o.Unknown, false}}
	for _, m := range o.Members {
		if skip != nil && skip(m) {
			continue
		}
		name := prefix + strings.ToLower(m.Name)
		if !m.Optional {
			out = append(out, memberVariant{name + ".absent", wrap(doc.Drop(m.Name).String()), o.Missing, false})
		}
		other := `"x"`
		if m.Type == "string" {
			other = `5`
		}
		out = append(out, memberVariant{name + ".type", wrap(doc.Set(m.Name, other).String()), m.TypeCode, true})
		for _, r := range m.Rules {
			switch {
			case r.Rule == shapes.RuleEach && r.Type != "number":
				out = append(out, memberVariant{name + ".element-type", wrap(doc.Set(m.Name, `[1]`).String()), r.TypeCode, true})
			case r.Rule == shapes.RuleObject && nested != nil:
				member := m.Name
				out = append(out, memberVariants(d, d.Object(r.Object), nested(member),
					func(s string) string { return wrap(doc.Set(member, s).String()) }, nil, skip, name+".")...)
			}
		}
	}
	return out
}

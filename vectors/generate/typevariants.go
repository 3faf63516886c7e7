package main

import "github.com/conform-dev/conform/spec/shapes"

// typeVariant is one value of another JSON type than a declared member's:
// its name ("type-<type>") and JSON text.
type typeVariant struct{ name, value string }

// typeVariants are the values of another JSON type than member m's (null
// unless m is nullable), for the member variants of a contract whose
// objects are declared (spec/README.md, "Shapes").
func typeVariants(m *shapes.Member) []typeVariant {
	var out []typeVariant
	add := func(n, v string) { out = append(out, typeVariant{"type-" + n, v}) }
	if !m.Nullable {
		add("null", "null")
	}
	switch m.Type {
	case "string":
		add("number", "12")
		add("array", `["x"]`)
	case "number":
		add("string", `"12"`)
		add("boolean", "true")
	case "boolean":
		add("string", `"true"`)
		add("number", "1")
	case "object":
		add("array", "[]")
		add("string", `"{}"`)
	case "array":
		add("object", "{}")
	}
	return out
}

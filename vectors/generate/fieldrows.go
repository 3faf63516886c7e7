package main

import "github.com/conform-dev/conform/spec/shapes"

// fieldRow is one row of a field table derived from a shape declaration
// (spec/README.md, "Shapes"): a member of a declared object, its path in
// the document, and the object its rules nest in it, if any. The one
// defect per rule vectors of a contract are written per row, each with
// the code (hence the catalogue's message) the row's rule gives.
type fieldRow struct {
	// path is the member's place in the document, with the element of an
	// array of objects that carries its members: "tools[0].version".
	path   string
	m      *shapes.Member
	nested *shapes.Object
	// nests is the kind of rule that nests an object: shapes.RuleObject or
	// shapes.RuleEach (an array of objects); "" when none does.
	nests string
}

// fieldRows derives the field table of object o of d: each member in
// table order, each followed by the rows of the object its rules nest (an
// object's members at "path.", an array of objects' at the element
// elem(path) names, "[0]" when it returns ""), paths starting with
// prefix.
func fieldRows(d *shapes.Decl, o *shapes.Object, prefix string, elem func(path string) string) []fieldRow {
	var out []fieldRow
	for _, m := range o.Members {
		row := fieldRow{path: prefix + m.Name, m: m}
		for _, r := range m.Rules {
			switch {
			case r.Rule == shapes.RuleObject:
				row.nested, row.nests = d.Object(r.Object), shapes.RuleObject
			case r.Rule == shapes.RuleEach && len(r.Rules) > 0 && r.Rules[0].Rule == shapes.RuleObject:
				row.nested, row.nests = d.Object(r.Rules[0].Object), shapes.RuleEach
			}
		}
		out = append(out, row)
		if row.nested == nil {
			continue
		}
		inner := row.path + "."
		if row.nests == shapes.RuleEach {
			el := ""
			if elem != nil {
				el = elem(row.path)
			}
			if el == "" {
				el = "[0]"
			}
			inner = row.path + el + "."
		}
		out = append(out, fieldRows(d, row.nested, inner, elem)...)
	}
	return out
}

// code returns the i-th code of the row's rule named check, its elements'
// rules searched too: a named check or a pairwise one by its check name,
// any other rule by its kind ("const", "false", "enum", "size"); "each"
// gives the elements' type code, "unknown" the nested object's unknown
// member code, "type" the member's own type code. A row without that rule
// is a programming error of the generator: it panics.
func (f fieldRow) code(check string, i int) string {
	switch check {
	case "type":
		return f.m.TypeCode
	case "unknown":
		if f.nested != nil {
			return f.nested.Unknown
		}
	}
	if c := ruleCode(f.m.Rules, check, i); c != "" {
		return c
	}
	panic("field " + f.path + " has no rule " + check)
}

func ruleCode(rules []shapes.Rule, check string, i int) string {
	for _, r := range rules {
		name := r.Rule
		if r.Rule == shapes.RuleCheck || r.Rule == shapes.RuleAfter {
			name = r.Check
		}
		if name == check {
			if r.Rule == shapes.RuleEach {
				return r.TypeCode
			}
			codes := r.Codes
			if r.Code != "" {
				codes = append([]string{r.Code}, r.Codes...)
			}
			if i < len(codes) {
				return codes[i]
			}
		}
		if c := ruleCode(r.Rules, check, i); c != "" {
			return c
		}
	}
	return ""
}

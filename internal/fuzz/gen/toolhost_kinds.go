package gen

import (
	"strings"

	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// ThKindOf returns the field kind of spec/toolhost.md section 1.3 that
// member m's declared rules make ("id", "ts", "int", "set", "objects",
// ...), the kind's argument (a const's value, "LO..HI", a set's
// "LO..HI:a,b", an open value's "DEPTH:BYTES", an enum's values joined by
// ","), and the object nested in it, if any.
func ThKindOf(d *shapes.Decl, m *shapes.Member) (kind, arg string, nested *shapes.Object) {
	has := func(check string) *shapes.Rule {
		for i := range m.Rules {
			if m.Rules[i].Check == check {
				return &m.Rules[i]
			}
		}
		return nil
	}
	switch r := m.Rules; {
	case len(r) == 0:
		return "bool", "", nil
	case r[0].Rule == shapes.RuleConst:
		return "const", r[0].Value, nil
	case r[0].Rule == shapes.RuleFalse:
		return "false", "", nil
	case r[0].Rule == shapes.RuleEnum:
		return "enum", strings.Join(r[0].Values, ","), nil
	case r[0].Rule == shapes.RuleObject:
		return "object", "", d.Object(r[0].Object)
	case r[0].Rule == shapes.RuleSize:
		lohi := r[0].Min + ".." + r[0].Max
		switch el := r[1].Rules[0]; el.Rule {
		case shapes.RuleObject:
			return "objects", lohi, d.Object(el.Object)
		case shapes.RuleEnum:
			return "set", lohi + ":" + strings.Join(el.Values, ","), nil
		}
		return "idset", lohi, nil
	case has("open-value") != nil:
		return "open", r[0].Args[0] + ":" + r[0].Max, nil
	case has("range") != nil:
		return "int", has("range").Min + ".." + has("range").Max, nil
	case has("key-canonical") != nil:
		return "key", "", nil
	case has("base64url") != nil:
		return map[string]string{"43": "b64-32", "86": "b64-64"}[r[0].Args[0]], "", nil
	case has("scdev") != nil:
		return "device", "", nil
	}
	return map[string]string{"id": "id", "origin": "origin", "timestamp": "ts", "text": "text", "display": "display",
		"runtime-version": "runtime", "code": "code", "schema-ref": "schema", "digest": "digest"}[m.Rules[0].Check], "", nil
}

// thKinds is every member's kind by its name, and thVocab every enum's
// and enum set's values by the member's name, from the declaration (a
// name means one kind everywhere in section 2; a test holds that).
var thKinds, thVocab = func() (map[string]string, map[string][]string) {
	d := spec.MustShapes("toolhost")
	kinds, vocab := map[string]string{}, map[string][]string{}
	for _, o := range d.Objects {
		for _, m := range o.Members {
			kind, arg, _ := ThKindOf(d, m)
			kinds[m.Name] = kind
			if kind == "idset" {
				kinds[m.Name] = "set" // drawn from the set pool with no vocabulary
			}
			switch kind {
			case "enum":
				vocab[m.Name] = strings.Split(arg, ",")
			case "set":
				_, words, _ := strings.Cut(arg, ":")
				vocab[m.Name] = strings.Split(words, ",")
			}
		}
	}
	return kinds, vocab
}()

// thKind is the field kind of a member, by its name; "" for a name no
// document has.
func thKind(name string) string { return thKinds[name] }

package gen

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/spec/shapes"
)

// testDecl is a small declaration with one member of each rule kind the
// declared defects read.
const testDecl = `{"conform_shapes":1,"contract":"lamp/1","order":"passes","objects":[
 {"name":"lamp","unknown":"lamp.unknown","members":[
  {"name":"tag","type":"string","type_code":"lamp.tag_type","rules":[{"rule":"const","value":"lamp/1","code":"lamp.tag"}]},
  {"name":"on","type":"boolean","type_code":"lamp.on_type","rules":[{"rule":"false","code":"lamp.on"}]},
  {"name":"color","type":"string","type_code":"lamp.color_type","rules":[{"rule":"enum","values":["red","blue"],"code":"lamp.color"}]},
  {"name":"watts","type":"number","type_code":"lamp.watts_type","rules":[{"rule":"check","check":"range","min":"1","max":"60","code":"lamp.watts"}]},
  {"name":"name","type":"string","type_code":"lamp.name_type","rules":[{"rule":"check","check":"word","code":"lamp.name"}]},
  {"name":"modes","type":"array","type_code":"lamp.modes_type","rules":[{"rule":"size","min":"1","max":"3","code":"lamp.modes_size"},
   {"rule":"each","type":"string","type_code":"lamp.modes_item","rules":[{"rule":"enum","values":["a","b","c"],"code":"lamp.modes_enum"},{"rule":"after","check":"repeat","code":"lamp.modes_repeat"}]}]},
  {"name":"bulb","type":"object","type_code":"lamp.bulb_type","rules":[{"rule":"object","object":"lamp.bulb"}]}]},
 {"name":"lamp.bulb","unknown":"lamp.bulb_unknown","members":[
  {"name":"kind","type":"string","type_code":"lamp.bulb_kind_type","rules":[{"rule":"enum","values":["led","halogen"],"code":"lamp.bulb_kind"}]}]}]}`

const testLamp = `{"tag":"lamp/1","on":false,"color":"red","watts":40,"name":"desk","modes":["a","b"],"bulb":{"kind":"led"}}`

// TestDeclaredDefectClasses: over many draws, the declared defects of a
// document give every class they promise, each read from the declaration
// alone (the pool knows one check): a member dropped, a member added to
// the document and to a nested object, a value of another type, a pinned
// value changed, an enum's other value, a number at and past each bound,
// an array past its upper bound and below its lower, a repeated element,
// an element of another type, a nested object's member of another type,
// and the pool's value for a named check.
func TestDeclaredDefectClasses(t *testing.T) {
	d, err := shapes.Parse("lamp.json", []byte(testDecl), nil)
	if err != nil {
		t.Fatal(err)
	}
	pool := func(s *Source, r shapes.Rule, cur *tv) *tv {
		if r.Check == "word" {
			return tS("pooled")
		}
		return nil
	}
	want := map[string]func(base, got *tv) bool{
		"dropped":         func(b, g *tv) bool { return len(g.keys) < len(b.keys) },
		"added":           func(b, g *tv) bool { return g.get("x") != nil },
		"added nested":    func(b, g *tv) bool { v := g.get("bulb"); return v != nil && v.k == 'o' && len(v.keys) > 1 },
		"other type":      func(b, g *tv) bool { return g.get("tag") != nil && g.get("tag").k != 's' },
		"const changed":   func(b, g *tv) bool { v := g.get("tag"); return v != nil && v.k == 's' && v.str() == "lamp/1x" },
		"false flipped":   func(b, g *tv) bool { v := g.get("on"); return v != nil && v.text == "true" },
		"enum other":      func(b, g *tv) bool { v := g.get("color"); return v != nil && v.k == 's' && v.str() == "blue" },
		"number past max": func(b, g *tv) bool { v := g.get("watts"); return v != nil && v.text == "61" },
		"number past min": func(b, g *tv) bool { v := g.get("watts"); return v != nil && v.text == "0" },
		"number spelling": func(b, g *tv) bool { v := g.get("watts"); return v != nil && v.text == "40.0" },
		"array past max":  func(b, g *tv) bool { v := g.get("modes"); return v != nil && v.k == 'a' && len(v.elems) == 4 },
		"array below min": func(b, g *tv) bool { v := g.get("modes"); return v != nil && v.k == 'a' && len(v.elems) == 0 },
		"element repeated": func(b, g *tv) bool {
			v := g.get("modes")
			return v != nil && v.k == 'a' && len(v.elems) == 2 && v.elems[0].k == 's' && v.elems[1].k == 's' && v.elems[0].str() == v.elems[1].str()
		},
		"element other type": func(b, g *tv) bool {
			v := g.get("modes")
			return v != nil && v.k == 'a' && len(v.elems) > 0 && v.elems[len(v.elems)-1].k != 's'
		},
		"nested enum other": func(b, g *tv) bool {
			v := g.get("bulb")
			return v != nil && v.k == 'o' && v.get("kind") != nil && v.get("kind").str() == "halogen"
		},
		"nested other type": func(b, g *tv) bool {
			v := g.get("bulb")
			return v != nil && v.k == 'o' && v.get("kind") != nil && v.get("kind").k != 's'
		},
		"pooled": func(b, g *tv) bool { v := g.get("name"); return v != nil && v.k == 's' && v.str() == "pooled" },
	}
	base, _ := tvOfJSON(testLamp)
	seen := map[string]bool{}
	for i := range 4000 {
		v := base.clone()
		declaredDefect(New(noise(i, 64)), d, d.Object("lamp"), v, pool)
		for name, holds := range want {
			if holds(base, v) {
				seen[name] = true
			}
		}
	}
	var missing []string
	for name := range want {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("never drawn: %s", strings.Join(missing, ", "))
	}
}

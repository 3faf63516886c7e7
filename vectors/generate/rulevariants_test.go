package main

import (
	"slices"
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/spec/shapes"
)

// lampDecl is a small declaration with a member of each rule kind
// declaredRuleVariants reads, a nullable member, a named check and a
// nested object.
const lampDecl = `{"conform_shapes":1,"contract":"lamp/1","order":"passes","objects":[
 {"name":"lamp","unknown":"lamp.unknown","missing":"lamp.missing","type":"lamp.type","members":[
  {"name":"tag","type":"string","type_code":"lamp.tag","rules":[{"rule":"const","value":"lamp/1","code":"lamp.tag"}]},
  {"name":"on","type":"boolean","type_code":"lamp.on","rules":[{"rule":"false","code":"lamp.on"}]},
  {"name":"color","type":"string","type_code":"lamp.color","rules":[{"rule":"enum","values":["red","blue"],"code":"lamp.color"}]},
  {"name":"watts","type":"number","type_code":"lamp.watts","rules":[{"rule":"check","check":"int","min":"1","max":"60","code":"lamp.watts"}]},
  {"name":"name","type":"string","nullable":true,"type_code":"lamp.name","rules":[{"rule":"check","check":"word","code":"lamp.name"}]},
  {"name":"bulb","type":"object","type_code":"lamp.type","rules":[{"rule":"object","object":"lamp.bulb"}]}]},
 {"name":"lamp.bulb","unknown":"lamp.bulb_unknown","missing":"lamp.bulb_missing","members":[
  {"name":"kind","type":"string","type_code":"lamp.kind","rules":[{"rule":"enum","values":["led","halogen"],"code":"lamp.kind"}]}]}]}`

// TestDeclaredCases: the member variants of a declared object come in
// table order with their codes, a nested object's under its path, each
// document changed in exactly its one place; a named check's variants are
// the contract's (vars), the other rules' the declaration's own.
func TestDeclaredCases(t *testing.T) {
	d, err := shapes.Parse("lamp.json", []byte(lampDecl), nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := gen.Doc{kv("tag", `"lamp/1"`), kv("on", "false"), kv("color", `"red"`), kv("watts", "40"), kv("name", `"desk"`), kv("bulb", `{"kind":"led"}`)}
	vars := func(m *shapes.Member, r shapes.Rule) []ruleVariant {
		if out, ok := declaredRuleVariants(r); ok {
			return out
		}
		return []ruleVariant{{name: "pooled", value: `"x y"`, bad: true}}
	}
	got := map[string]declaredCase{}
	var names []string
	for _, c := range declaredCases(d, d.Object("lamp"), doc, vars) {
		names = append(names, c.name)
		got[c.name] = c
	}
	want := []struct{ name, doc, code string }{
		{"missing-tag", `{"on":false,"color":"red","watts":40,"name":"desk","bulb":{"kind":"led"}}`, "lamp.missing"},
		{"tag-other-tag", `{"tag":"lamp/9","on":false,"color":"red","watts":40,"name":"desk","bulb":{"kind":"led"}}`, "lamp.tag"},
		{"on-true", `{"tag":"lamp/1","on":true,"color":"red","watts":40,"name":"desk","bulb":{"kind":"led"}}`, "lamp.on"},
		{"color-upper-case", `{"tag":"lamp/1","on":false,"color":"RED","watts":40,"name":"desk","bulb":{"kind":"led"}}`, "lamp.color"},
		{"watts-below-min", `{"tag":"lamp/1","on":false,"color":"red","watts":0,"name":"desk","bulb":{"kind":"led"}}`, "lamp.watts"},
		{"watts-above-max", `{"tag":"lamp/1","on":false,"color":"red","watts":61,"name":"desk","bulb":{"kind":"led"}}`, "lamp.watts"},
		{"watts-type-string", `{"tag":"lamp/1","on":false,"color":"red","watts":"12","name":"desk","bulb":{"kind":"led"}}`, "lamp.watts"},
		{"name-null", `{"tag":"lamp/1","on":false,"color":"red","watts":40,"name":null,"bulb":{"kind":"led"}}`, ""},
		{"name-pooled", `{"tag":"lamp/1","on":false,"color":"red","watts":40,"name":"x y","bulb":{"kind":"led"}}`, "lamp.name"},
		{"missing-bulb.kind", `{"tag":"lamp/1","on":false,"color":"red","watts":40,"name":"desk","bulb":{}}`, "lamp.bulb_missing"},
		{"bulb.kind-not-a-member", `{"tag":"lamp/1","on":false,"color":"red","watts":40,"name":"desk","bulb":{"kind":"bogus"}}`, "lamp.kind"},
		{"unknown-member-in-bulb", `{"tag":"lamp/1","on":false,"color":"red","watts":40,"name":"desk","bulb":{"kind":"led","extra":1}}`, "lamp.bulb_unknown"},
	}
	for _, w := range want {
		c, ok := got[w.name]
		if !ok {
			t.Errorf("no case %s among %v", w.name, names)
			continue
		}
		if c.doc.String() != w.doc || c.code != w.code {
			t.Errorf("%s: %s, code %q; want %s, code %q", w.name, c.doc.String(), c.code, w.doc, w.code)
		}
	}
	if got["name-null"].v.bad || !got["watts-type-string"].v.bad || got["watts-type-string"].v.why != "type-guard" ||
		got["missing-tag"].v.why != "missing" || got["unknown-member-in-bulb"].v.why != "unknown" {
		t.Errorf("a variant's bad or why is wrong: %+v", got)
	}
	if _, ok := got["name-type-null"]; ok {
		t.Errorf("a nullable member has a type-null variant")
	}
	if i, j := slices.Index(names, "missing-tag"), slices.Index(names, "unknown-member-in-bulb"); i != 0 || j != len(names)-1 {
		t.Errorf("cases out of table order: %v", names)
	}
}

// TestExceptionTags: a tag a case already carries is not recorded; another
// is, by file and case name, one case at a time or by name over a file.
func TestExceptionTags(t *testing.T) {
	x := exceptionTags{}
	c := refused("a", "1", "m").withException("shadowed")
	if got := x.tag("f", c, "shadowed"); got.exception != "shadowed" || len(x) != 0 {
		t.Errorf("the case's own tag is recorded: %v", x)
	}
	f := vfile{behaviour: "f", cases: []vcase{c, refused("b", "2", "m")}}
	x.tagNamed(f, "type-guard", "b")
	if f.cases[1].exception != "type-guard" || f.cases[0].exception != "shadowed" || x["f.jsonl:b"] != "type-guard" || len(x) != 1 {
		t.Errorf("tagNamed: %v, %+v", x, f.cases)
	}
}

package shapes

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// lamp is a small declaration with every rule kind, both ways to name a
// member and a nested object.
const lamp = `{"conform_shapes": 1, "contract": "lamp/1", "order": "passes",
 "fields": {"name": {"name": "name", "type": "string", "type_code": "lamp.name_type", "rules": [{"rule": "check", "check": "word", "codes": ["lamp.name_char", "lamp.name_length"]}]}},
 "objects": [
  {"name": "lamp", "unknown": "lamp.unknown", "members": [
   {"name": "kind", "type": "string", "type_code": "lamp.kind_type", "rules": [{"rule": "const", "value": "lamp/1", "code": "lamp.kind"}]},
   {"use": "name"},
   {"name": "on", "type": "boolean", "type_code": "lamp.on_type", "rules": [{"rule": "false", "code": "lamp.on"}]},
   {"name": "watts", "type": "number", "type_code": "lamp.watts_type", "rules": [{"rule": "check", "check": "int", "min": "1", "max": "60", "code": "lamp.watts"}]},
   {"name": "color", "type": "string", "nullable": true, "type_code": "lamp.color_type", "rules": [{"rule": "enum", "values": ["red", "blue"], "code": "lamp.color"}]},
   {"name": "bulbs", "type": "array", "type_code": "lamp.bulbs_type", "rules": [{"rule": "size", "min": "1", "max": "3", "code": "lamp.bulbs_size"},
     {"rule": "each", "type": "object", "type_code": "lamp.bulbs_item", "rules": [{"rule": "object", "object": "lamp.bulbs[]"}, {"rule": "after", "check": "repeat", "code": "lamp.bulbs_repeat"}]}]}
  ]},
  {"name": "lamp.bulbs[]", "unknown": "lamp.bulb_unknown", "members": [{"use": "name"}]}
 ]}`

func TestParseResolvesAndChecks(t *testing.T) {
	d, err := Parse("lamp.json", []byte(lamp), nil)
	if err != nil {
		t.Fatal(err)
	}
	if m := d.Object("lamp.bulbs[]").Member("name"); m == nil || m.TypeCode != "lamp.name_type" {
		t.Fatalf("the use of the shared field name is not resolved: %+v", m)
	}
	if got := len(d.Codes()); got != 17 {
		t.Errorf("Codes gives %d codes, want 17: %v", got, d.Codes())
	}
	lo, hi := d.Object("lamp").Member("watts").Rules[0].Bounds()
	if lo.Int64() != 1 || hi.Int64() != 60 {
		t.Errorf("Bounds = %v..%v, want 1..60", lo, hi)
	}
}

func TestParseRefuses(t *testing.T) {
	codes := map[string]bool{}
	d, _ := Parse("lamp.json", []byte(lamp), nil)
	for _, c := range d.Codes() {
		codes[c] = true
	}
	for name, edit := range map[string][2]string{
		"format":             {`"conform_shapes": 1`, `"conform_shapes": 2`},
		"order":              {`"order": "passes"`, `"order": "sideways"`},
		"unknown member":     {`"order": "passes"`, `"order": "passes", "extra": 1`},
		"code not in table":  {`"lamp.kind"}`, `"lamp.other"}`},
		"use undeclared":     {`{"use": "name"}]`, `{"use": "title"}]`},
		"empty enum":         {`"values": ["red", "blue"]`, `"values": []`},
		"object undeclared":  {`"object": "lamp.bulbs[]"`, `"object": "lamp.bulb"`},
		"after outside each": {`{"rule": "const", "value": "lamp/1", "code": "lamp.kind"}`, `{"rule": "after", "check": "repeat", "code": "lamp.kind"}`},
		"bad bound":          {`"max": "60"`, `"max": "6x"`},
		"bad type":           {`"type": "boolean"`, `"type": "bool"`},
		"missing code":       {`"unknown": "lamp.unknown", `, ``},
		"two values":         {`]}`, `]} {}`},
		"key twice":          {`"order": "passes"`, `"order": "passes", "order": "fields"`},
		"upper-case key":     {`"type_code": "lamp.kind_type"`, `"TYPE_CODE": "lamp.kind_type"`},
		"surrogate escape":   {`"value": "lamp/1"`, `"value": "lamp\ud800"`},
		"not UTF-8":          {`"value": "lamp/1"`, "\"value\": \"lamp\xff\""},
		"dot in a member":    {`{"name": "kind"`, `{"name": "ki.nd"`},
		"slash in object":    {`{"name": "lamp", "unknown"`, `{"name": "la/mp", "unknown"`},
		"rule misfit":        {`"rules": [{"rule": "false", "code": "lamp.on"}]`, `"rules": [{"rule": "enum", "values": ["x"], "code": "lamp.on"}]`},
		"field of another":   {`{"rule": "false", "code": "lamp.on"}`, `{"rule": "false", "value": "x", "code": "lamp.on"}`},
		"leading zero":       {`"max": "60"`, `"max": "060"`},
		"min above max":      {`"min": "1", "max": "60"`, `"min": "61", "max": "60"`},
		"prose with a bar":   {`"rules": [{"rule": "false", "code": "lamp.on"}]`, `"rules": [{"rule": "false", "code": "lamp.on"}], "note": "a | b"`},
		"contains itself":    {`{"use": "name"}]}`, `{"use": "name"}, {"name": "again", "type": "object", "type_code": "lamp.on_type", "rules": [{"rule": "object", "object": "lamp.bulbs[]"}]}]}`},
		"unused bad field":   {`"fields": {`, `"fields": {"junk": {"name": "j", "type": "banana", "type_code": "lamp.on_type"}, `},
		"after without code": {`{"rule": "after", "check": "repeat", "code": "lamp.bulbs_repeat"}`, `{"rule": "after", "check": "repeat"}`},
	} {
		text := strings.Replace(lamp, edit[0], edit[1], 1)
		if text == lamp {
			t.Fatalf("%s: the edit does not apply", name)
		}
		_, err := Parse("lamp.json", []byte(text), codes)
		if err == nil || !strings.Contains(err.Error(), "lamp.json") {
			t.Errorf("%s: Parse gave %v, want an error naming the file", name, err)
			continue
		}
		if lined := map[string]bool{"key twice": true, "upper-case key": true, "surrogate escape": true, "not UTF-8": true}; lined[name] && !strings.Contains(err.Error(), "lamp.json:") {
			t.Errorf("%s: the error names no line: %v", name, err)
		}
	}
}

func TestRowsAndMutate(t *testing.T) {
	d, err := Parse("lamp.json", []byte(lamp), nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := d.Rows()
	ids := map[string]Row{}
	for _, r := range rows {
		if _, dup := ids[r.ID]; dup {
			t.Fatalf("row id %s twice", r.ID)
		}
		ids[r.ID] = r
	}
	for _, id := range []string{"lamp/closed/RuleDrop", "lamp.kind/0/PinnedFlip", "lamp.on/0/PinnedFlip", "lamp.watts/0/BoundWiden/max",
		"lamp.watts/0/BoundWiden/min", "lamp.name/0/PatternLoosen/lamp.name_length", "lamp.bulbs/1.1/RuleDrop", "lamp.bulbs/0/BoundWiden/min"} {
		if _, ok := ids[id]; !ok {
			t.Errorf("no row %s", id)
		}
	}
	before, _ := d.Encode()
	for _, r := range rows {
		m, got, err := d.Mutate(r.ID)
		if err != nil || got.ID != r.ID {
			t.Fatalf("Mutate(%s) = %v, %v", r.ID, got.ID, err)
		}
		after, _ := m.Encode()
		changed := !bytes.Equal(before, after) || r.Mutator == PatternLoosen || r.Mutator == PinnedFlip && strings.Contains(r.ID, ".on/")
		if !changed {
			t.Errorf("Mutate(%s) changed nothing", r.ID)
		}
	}
	if again, _ := d.Encode(); !bytes.Equal(before, again) {
		t.Fatal("Mutate changed the declaration it was given")
	}
	m, _, _ := d.Mutate("lamp.watts/0/BoundWiden/max")
	if _, hi := m.Object("lamp").Member("watts").Rules[0].Bounds(); hi.Int64() != 61 {
		t.Errorf("BoundWiden/max gives max %v, want 61", hi)
	}
	m, _, _ = d.Mutate("lamp.name/0/PatternLoosen/lamp.name_length")
	if m.Object("lamp").Member("name").Rules[0].Loosened != "lamp.name_length" {
		t.Error("PatternLoosen does not loosen the clause")
	}
	if _, _, err := d.Mutate("lamp.none/0/RuleDrop"); err == nil {
		t.Error("Mutate of an unknown row gives no error")
	}
}

// eachDeclaration calls f with the path, text and parse of every
// declaration in spec/ (at least two).
func eachDeclaration(t *testing.T, f func(path string, text []byte, d *Decl)) {
	t.Helper()
	paths, _ := filepath.Glob("../../spec/*/shapes.json")
	if len(paths) < 2 {
		t.Fatalf("%d declarations in spec/", len(paths))
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(p, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		f(p, data, d)
	}
}

func TestEncodeIsTheWrittenForm(t *testing.T) {
	eachDeclaration(t, func(p string, data []byte, d *Decl) {
		out, err := d.Encode()
		if err != nil || !bytes.Equal(out, data) {
			t.Errorf("%s: Encode does not give the file back (%v)", p, err)
		}
	})
}

func TestTable(t *testing.T) {
	d, _ := Parse("lamp.json", []byte(lamp), nil)
	got := d.Table("lamp")
	for _, row := range []string{"| `color` | string or null |", "| `bulbs[].name` | string |"} {
		if !strings.Contains(got, row) {
			t.Errorf("the table lacks %q:\n%s", row, got)
		}
	}
	if d.Table("nothing") != "" {
		t.Error("the table of an undeclared object is not empty")
	}
}

// Spans finds, for every row mutant of every declaration in spec/, what
// the row changes: the object's "unknown" code for a closed row, else the
// rule's JSON object, which decodes to a rule that gives the row's code;
// and lamp's shared definition is where its users' rows point.
func TestSpans(t *testing.T) {
	eachDeclaration(t, func(f string, text []byte, d *Decl) {
		spans, err := Spans(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range d.Rows() {
			sp, ok := spans[RowSpanKey(r.ID)]
			if !ok {
				t.Errorf("%s: no span for row %s", f, r.ID)
				continue
			}
			got := text[sp[0]:sp[1]]
			if strings.HasSuffix(RowSpanKey(r.ID), "/closed") {
				if string(got) != `"`+r.Code+`"` {
					t.Errorf("%s: row %s spans %s, want its object's unknown code", f, r.ID, got)
				}
				continue
			}
			var rule Rule
			if err := json.Unmarshal(got, &rule); err != nil {
				t.Errorf("%s: row %s spans %q, not a rule: %v", f, r.ID, got, err)
				continue
			}
			if r.Code != "" && !slices.Contains(rule.AllCodes(), r.Code) {
				t.Errorf("%s: row %s (code %s) spans a rule with codes %v", f, r.ID, r.Code, rule.AllCodes())
			}
		}
	})
	spans, err := Spans([]byte(lamp))
	if err != nil {
		t.Fatal(err)
	}
	sp := spans["lamp.name/0"]
	if got := lamp[sp[0]:sp[1]]; !strings.HasPrefix(got, `{"rule": "check", "check": "word"`) || !strings.HasSuffix(got, "}") {
		t.Errorf("lamp.name/0 spans %q, want the shared definition's rule", got)
	}
	if _, err := Spans([]byte(`{"objects": [`)); err == nil {
		t.Error("Spans of text that is not JSON")
	}
}

package shape

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/spec"
	"github.com/conform-dev/conform/spec/shapes"
)

// lamp declares one object of each procedure with every rule kind.
const lamp = `{"conform_shapes": 1, "contract": "lamp/1", "order": "ORDER",
 "objects": [
  {"name": "lamp", "unknown": "lamp.unknown", "type": "lamp.type", "missing": "lamp.missing", "members": [
   {"name": "kind", "type": "string", "type_code": "lamp.kind_type", "rules": [{"rule": "const", "value": "lamp/1", "code": "lamp.kind"}]},
   {"name": "name", "type": "string", "type_code": "lamp.name_type", "rules": [{"rule": "check", "check": "word", "codes": ["lamp.name_char", "lamp.name_length"]}]},
   {"name": "on", "type": "boolean", "type_code": "lamp.on_type", "rules": [{"rule": "false", "code": "lamp.on"}]},
   {"name": "watts", "type": "number", "type_code": "lamp.watts_type", "rules": [{"rule": "check", "check": "small", "max": "60", "code": "lamp.watts"}]},
   {"name": "color", "type": "string", "nullable": true, "type_code": "lamp.color_type", "rules": [{"rule": "enum", "values": ["red", "blue"], "code": "lamp.color"}]},
   {"name": "shade", "type": "string", "optional": true, "type_code": "lamp.shade_type", "rules": [{"rule": "enum", "values": ["silk"], "code": "lamp.shade"}]},
   {"name": "bulbs", "type": "array", "type_code": "lamp.bulbs_type", "rules": [{"rule": "size", "min": "1", "max": "2", "code": "lamp.bulbs_size"},
     {"rule": "each", "type": "object", "type_code": "lamp.bulbs_item", "rules": [{"rule": "object", "object": "bulb"}, {"rule": "after", "check": "same", "code": "lamp.bulbs_repeat"}]}]}
  ]},
  {"name": "bulb", "unknown": "lamp.bulb_unknown", "members": [{"name": "id", "type": "string", "type_code": "lamp.bulb_id", "rules": [{"rule": "check", "check": "word", "codes": ["lamp.name_char", "lamp.name_length"], "stands": true}]}]}
 ]}`

const good = `{"kind":"lamp/1","name":"desk","on":false,"watts":40,"color":null,"bulbs":[{"id":"a"},{"id":"b"}]}`

func set(t *testing.T, order string, row string) *Set {
	t.Helper()
	d, err := shapes.Parse("lamp.json", []byte(strings.Replace(lamp, "ORDER", order, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var r *shapes.Row
	if row != "" {
		m, got, err := d.Mutate(row)
		if err != nil {
			t.Fatal(err)
		}
		d, r = m, &got
	}
	var guards []refusal.Guard
	for _, c := range d.Codes() {
		guards = append(guards, refusal.Guard{Contract: "lamp/1", Code: c, Message: c})
	}
	word := func(_ *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(int) error) error {
		for _, u := range v.Units {
			if u < 'a' || u > 'z' {
				if err := refuse(0); err != nil {
					return err
				}
				break
			}
		}
		if len(v.Units) > 8 {
			return refuse(1)
		}
		return nil
	}
	checks := map[string]Check{"word": {Run: word, Codes: 2}, "small": {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool {
		_, hi := r.Bounds()
		return len(v.Text) < 3 && v.Text <= hi.String()
	}, Bounds: "max"}}
	pairs := map[string]Pair{"same": func(prev, cur *jsonvalue.Value) bool {
		a, _ := prev.Get("id")
		b, _ := cur.Get("id")
		return a != nil && b != nil && jsonvalue.Equal(a.Units, b.Units)
	}}
	s, err := New(d, guards, checks, pairs, r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// verdict validates doc as a lamp and returns "ok" or the refusal's code.
func verdict(t *testing.T, s *Set, doc string, ignore ...string) string {
	t.Helper()
	v, err := jsonvalue.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Validate(refusal.New(refusal.Ignoring(ignore...)), "lamp", &v)
	if err == nil {
		return "ok"
	}
	var e *refusal.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: %v is not a refusal", doc, err)
	}
	return e.Guard.Code
}

func TestValidate(t *testing.T) {
	edit := func(old, new string) string { return strings.Replace(good, old, new, 1) }
	for _, order := range []string{shapes.Passes, shapes.Fields} {
		s := set(t, order, "")
		for _, c := range []struct{ doc, want string }{
			{good, "ok"},
			{`[]`, "lamp.type"},
			{edit(`"on":false`, `"on":false,"x":1`), "lamp.unknown"},
			{edit(`"kind":"lamp/1"`, `"kind":"lamp/2"`), "lamp.kind"},
			{edit(`"name":"desk"`, `"name":"Desk"`), "lamp.name_char"},
			{edit(`"name":"desk"`, `"name":"deskdeskdesk"`), "lamp.name_length"},
			{edit(`"on":false`, `"on":true`), "lamp.on"},
			{edit(`"on":false`, `"on":0`), "lamp.on_type"},
			{edit(`"watts":40`, `"watts":70`), "lamp.watts"},
			{edit(`"color":null`, `"color":"red"`), "ok"},
			{edit(`"color":null`, `"color":"green"`), "lamp.color"},
			{edit(`"color":null`, `"color":null,"shade":"silk"`), "ok"},
			{edit(`"color":null`, `"color":null,"shade":"wool"`), "lamp.shade"},
			{edit(`"color":null`, `"color":null,"shade":null`), "lamp.shade_type"},
			{edit(`{"id":"a"},{"id":"b"}`, `{"id":"a"},{"id":"a"}`), "lamp.bulbs_repeat"},
			{edit(`{"id":"a"},{"id":"b"}`, `{"id":"a"},{"id":"b"},{"id":"c"}`), "lamp.bulbs_size"},
			{edit(`{"id":"b"}`, `"b"`), "lamp.bulbs_item"},
			{edit(`{"id":"b"}`, `{"id":"b","x":1}`), "lamp.bulb_unknown"},
			{edit(`{"id":"b"}`, `{"id":"B"}`), "lamp.name_char"},
		} {
			if got := verdict(t, s, c.doc); got != c.want {
				t.Errorf("%s: %s gives %s, want %s", order, c.doc, got, c.want)
			}
		}
		// The order of the passes: a wrong type later in the table beats
		// an earlier rule in passes, not member by member.
		doc := edit(`"kind":"lamp/1"`, `"kind":"x"`)
		doc = strings.Replace(doc, `"watts":40`, `"watts":"40"`, 1)
		want := map[string]string{shapes.Passes: "lamp.watts_type", shapes.Fields: "lamp.kind"}[order]
		if got := verdict(t, s, doc); got != want {
			t.Errorf("%s: two defects give %s, want %s", order, got, want)
		}
		// Absent: the missing code first where the object has one.
		absent := strings.Replace(good, `"name":"desk",`, ``, 1)
		want = map[string]string{shapes.Passes: "lamp.name_type", shapes.Fields: "lamp.missing"}[order]
		if got := verdict(t, s, absent); got != want {
			t.Errorf("%s: an absent member gives %s, want %s", order, got, want)
		}
	}
}

func TestIgnoredGuards(t *testing.T) {
	s := set(t, shapes.Fields, "")
	edit := func(old, new string) string { return strings.Replace(good, old, new, 1) }
	for _, c := range []struct {
		doc, ignore, want string
	}{
		{edit(`"kind":"lamp/1"`, `"kind":"lamp/2"`), "lamp.kind", "ok"},                        // a rule lets the value pass
		{edit(`"on":false`, `"on":0`), "lamp.on_type", "lamp.on_type"},                         // a type stands
		{edit(`{"id":"b"}`, `{"id":"B"}`), "lamp.name_char", "lamp.name_char"},                 // a standing check stands
		{edit(`"name":"desk"`, `"name":"Deskdeskdesk"`), "lamp.name_char", "lamp.name_length"}, // the check goes on
		{strings.Replace(good, `"name":"desk",`, ``, 1), "lamp.missing", "lamp.name_type"},     // absent, then the type
		{edit(`"on":false`, `"on":false,"x":1`), "lamp.unknown", "ok"},
	} {
		if got := verdict(t, s, c.doc, c.ignore); got != c.want {
			t.Errorf("%s ignoring %s gives %s, want %s", c.doc, c.ignore, got, c.want)
		}
	}
}

func TestRowMutants(t *testing.T) {
	edit := func(old, new string) string { return strings.Replace(good, old, new, 1) }
	for _, c := range []struct{ row, doc, want string }{
		{"lamp.kind/0/PinnedFlip", good, "lamp.kind"},
		{"lamp.on/0/PinnedFlip", good, "lamp.on"},
		{"lamp.watts/0/BoundWiden/max", edit(`"watts":40`, `"watts":61`), "ok"},
		{"lamp.bulbs/0/BoundWiden/max", edit(`{"id":"a"},{"id":"b"}`, `{"id":"a"},{"id":"b"},{"id":"c"}`), "ok"},
		{"lamp.bulbs/0/BoundWiden/min", edit(`{"id":"a"},{"id":"b"}`, ``), "ok"},
		{"lamp.bulbs/1.1/RuleDrop", edit(`{"id":"a"},{"id":"b"}`, `{"id":"a"},{"id":"a"}`), "ok"},
		{"lamp.name/0/PatternLoosen/lamp.name_char", edit(`"name":"desk"`, `"name":"Desk"`), "ok"},
		{"lamp/closed/RuleDrop", edit(`"on":false`, `"on":false,"x":1`), "ok"},
	} {
		s := set(t, shapes.Passes, c.row)
		if s.Mutant() == nil || s.Mutant().ID != c.row {
			t.Fatalf("%s is not the active mutant", c.row)
		}
		if got := verdict(t, s, c.doc); got != c.want {
			t.Errorf("row %s: %s gives %s, want %s", c.row, c.doc, got, c.want)
		}
	}
}

func TestNoPanicOnUnknownNames(t *testing.T) {
	s := set(t, shapes.Passes, "")
	v, _ := jsonvalue.Parse([]byte(good))
	if err := s.Validate(refusal.New(), "nothing", &v); err == nil {
		t.Error("an undeclared object validates")
	}
	if err := s.Rule(refusal.New(), "lamp", "kind", 5, &v); err == nil {
		t.Error("an undeclared rule runs")
	}
	if err := s.Type(refusal.New(), "lamp", "nothing", &v); err == nil {
		t.Error("an undeclared member is typed")
	}
	if _, err := New(s.Decl(), nil, nil, nil, nil); err == nil {
		t.Error("New accepts a declaration whose guards are missing")
	}
}

func TestLoadTheContracts(t *testing.T) {
	if _, err := Load("nothing/1", nil, nil, nil); err == nil {
		t.Error("Load of a contract without a declaration gives no error")
	}
}

// TestUnknownRowMutantMutatesNothing: a mistyped CONFORM_ROW_MUTANT for a
// declared contract leaves the declaration as it is (and says so on
// stderr) instead of failing the program's start.
func TestUnknownRowMutantMutatesNothing(t *testing.T) {
	var cat struct {
		Contracts []struct {
			Contract string `json:"contract"`
			Shapes   string `json:"shapes"`
		} `json:"contracts"`
	}
	if err := json.Unmarshal(spec.JSON(), &cat); err != nil {
		t.Fatal(err)
	}
	declared := ""
	for _, k := range cat.Contracts {
		if k.Shapes != "" {
			declared = k.Contract
			break
		}
	}
	if declared == "" {
		t.Fatal("no contract declares its shapes")
	}
	t.Setenv(shapes.MutantEnv, declared+" no.such/0/RuleDrop")
	_, err := Load(declared, Guards(declared), nil, nil)
	// The checks are the contract's own; without them Load fails on the
	// first check the declaration names, not on the row.
	if err == nil || !strings.Contains(err.Error(), "check") || strings.Contains(err.Error(), "row mutant") {
		t.Fatalf("Load without checks: %v", err)
	}
}

// TestChecksHoldRulesToWhatTheyRead: a rule that does not give a check
// what it reads (its arguments, its codes, its bounds) is refused when the
// declaration is loaded, never met as a panic while validating.
func TestChecksHoldRulesToWhatTheyRead(t *testing.T) {
	holds := func(*jsonvalue.Value, *shapes.Rule) bool { return true }
	run := func(*refusal.Checker, *jsonvalue.Value, *shapes.Rule, func(int) error) error { return nil }
	for _, c := range []struct {
		ck   Check
		rule shapes.Rule
		ok   bool
	}{
		{Check{Holds: holds, Args: 1}, shapes.Rule{Args: []string{"p"}, Code: "c"}, true},
		{Check{Holds: holds, Args: 1}, shapes.Rule{Code: "c"}, false},
		{Check{Holds: holds, Args: -1}, shapes.Rule{Code: "c"}, false},
		{Check{Holds: holds}, shapes.Rule{Codes: []string{"a", "b"}}, false},
		{Check{Run: run, Codes: 3}, shapes.Rule{Codes: []string{"a"}}, false},
		{Check{Holds: holds, Bounds: "both"}, shapes.Rule{Min: "1", Code: "c"}, false},
		{Check{Holds: holds, Bounds: "both"}, shapes.Rule{Min: "1", Max: "18446744073709551626", Code: "c"}, false},
		{Check{Holds: holds, Bounds: "both"}, shapes.Rule{Min: "-1", Max: "5", Code: "c"}, false},
		{Check{Holds: holds}, shapes.Rule{Max: "5", Code: "c"}, false},
		{Check{Holds: holds, Bounds: "max"}, shapes.Rule{Max: "5", Code: "c"}, true},
	} {
		if err := c.ck.fits(&c.rule); (err == nil) != c.ok {
			t.Errorf("%+v with %+v: %v", c.ck, c.rule, err)
		}
	}
}

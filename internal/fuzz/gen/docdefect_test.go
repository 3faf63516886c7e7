package gen

import (
	"slices"
	"testing"

	"github.com/conform-dev/conform/spec/shapes"
)

// TestJSONUnits: a JSON string literal reads into its UTF-16 units with
// each escape as written, a lone surrogate's kept as one unit; a text that
// is not one string literal is refused; tvOfJSON keeps a lone surrogate
// at any depth.
func TestJSONUnits(t *testing.T) {
	got, ok := jsonUnits(`"a\ud800\"\\\/\b\f\n\r\tz\u00e9é"`)
	want := []uint16{'a', 0xd800, '"', '\\', '/', '\b', '\f', '\n', '\r', '\t', 'z', 0xe9, 0xe9}
	if !ok || !slices.Equal(got, want) {
		t.Errorf("jsonUnits = %x, %v; want %x", got, ok, want)
	}
	for _, bad := range []string{``, `"`, `x`, `"a"b"`, `"\x"`, `"\u12"`, `"\uzzzz"`, `"a\"`, `{"a":1}`} {
		if _, ok := jsonUnits(bad); ok {
			t.Errorf("jsonUnits(%s) is ok", bad)
		}
	}
	for _, text := range []string{`"x\udc00"`, `{"a":["x\ud800",{"b":"\udfff"}],"c":-1.5e3,"d":null}`} {
		if v, ok := tvOfJSON(text); !ok || string(v.write(nil, nil)) != text {
			t.Errorf("%s does not survive tvOfJSON and write", text)
		}
	}
}

// TestDocDefect: a Doc reads into the value model and writes back as it
// was, and envelopeOf writes a document member as its text; over many draws docDefect gives the declared defects (a member
// dropped, a member's other enum value, a nested member changed) and
// enumCross an enum's place another enum's member, and every result is
// still one JSON object.
func TestDocDefect(t *testing.T) {
	d, err := shapes.Parse("lamp.json", []byte(testDecl), nil)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := tvOfJSON(testLamp)
	if !ok || string(v.write(nil, nil)) != testLamp {
		t.Fatalf("tvOfJSON(%s) writes %s, %v", testLamp, v.write(nil, nil), ok)
	}
	if _, ok := tvOfJSON(testLamp + "1"); ok {
		t.Errorf("tvOfJSON reads a text with more than one value")
	}
	if got := string(envelopeOf("a", Doc{{"x", "1"}}, "b", `"2"`).JSON()); got != `{"a":{"x":1},"b":"2"}` {
		t.Errorf("envelopeOf writes %s", got)
	}
	base, _ := ParseDoc(testLamp)
	seen := map[string]bool{}
	for i := range 3000 {
		s := New(noise(i, 64))
		got := docDefect(s, d, "lamp", base, func(*Source, shapes.Rule, *tv) *tv { return nil })
		if _, ok := ParseDoc(string(got.JSON())); !ok {
			t.Fatalf("docDefect writes %s", got.JSON())
		}
		color, _ := got.Get("color")
		bulb, _ := got.Get("bulb")
		seen["dropped"] = seen["dropped"] || len(got) < len(base)
		seen["enum other"] = seen["enum other"] || color == `"blue"`
		seen["enum cross"] = seen["enum cross"] || color == `"halogen"` || color == `"a"`
		seen["nested"] = seen["nested"] || (bulb != "" && bulb != `{"kind":"led"}`)
	}
	for _, k := range []string{"dropped", "enum other", "enum cross", "nested"} {
		if !seen[k] {
			t.Errorf("docDefect never gave %s", k)
		}
	}
}

// TestDocJSONNames: a member name is written as a JSON string (a control
// character as \u00XX, never Go's \x00), and the text parses back.
func TestDocJSONNames(t *testing.T) {
	d := Doc{{Name: "a\x00<b>\u00e9", Value: "1"}}
	got := d.String()
	if want := `{"a\u0000<b>` + "\u00e9" + `":1}`; got != want {
		t.Errorf("JSON %q, want %q", got, want)
	}
	back, ok := ParseDoc(got)
	if !ok || len(back) != 1 || back[0].Name != d[0].Name {
		t.Errorf("ParseDoc(%q) = %+v, %v", got, back, ok)
	}
}

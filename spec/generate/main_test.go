package main

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/spec/shapes"
)

func TestCheckMarkers(t *testing.T) {
	d, err := shapes.Parse("lamp.json", []byte(`{"conform_shapes": 1, "contract": "lamp/1", "order": "passes", "objects": [
		{"name": "lamp", "unknown": "lamp.unknown", "members": [{"name": "on", "type": "boolean", "type_code": "lamp.on"}]}]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, e := shapes.TableBegin("lamp"), shapes.TableEnd("lamp")
	good := strings.Join([]string{"# lamp", b, "| x |", e, "text"}, "\n")
	if err := checkMarkers("lamp.md", []byte(good), d); err != nil {
		t.Fatalf("a good pair: %v", err)
	}
	for name, doc := range map[string]string{
		"undeclared object": strings.Join([]string{"x", shapes.TableBegin("bulb"), shapes.TableEnd("bulb")}, "\n"),
		"end alone":         strings.Join([]string{"x", "y", e}, "\n"),
		"begin twice":       strings.Join([]string{b, b, e}, "\n"),
		"never ends":        strings.Join([]string{"x", b, "| x |"}, "\n"),
		"a mangled line":    strings.Join([]string{b, "<!-- end of shapes: lamp  -->"}, "\n"),
	} {
		err := checkMarkers("lamp.md", []byte(doc), d)
		if err == nil || !strings.Contains(err.Error(), "lamp.md") {
			t.Errorf("%s: %v", name, err)
		}
		if name != "never ends" && !strings.Contains(err.Error(), "lamp.md:") {
			t.Errorf("%s: the error names no line: %v", name, err)
		}
	}
}

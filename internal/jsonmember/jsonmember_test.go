package jsonmember

import (
	"slices"
	"testing"
)

func TestReorder(t *testing.T) {
	reverse := func(m [][]byte) { slices.Reverse(m) }
	for in, want := range map[string]string{
		`{"a":1,"b":{"c":[1,{"e":"},","d":2}],"f":null}}`: `{"b":{"f":null,"c":[1,{"d":2,"e":"},"}]},"a":1}`,
		`[3,"x",{"y":true,"\"z":false}]`:                  `[3,"x",{"\"z":false,"y":true}]`,
		`"s"`:                                             `"s"`,
		`{"a":[1,2`:                                       `{"a":[1,2]}`, // ends early: closed, never read past
	} {
		if got := string(Reorder([]byte(in), reverse)); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
	if n := Name([]byte(`"\u00e9\"x":1`)); n != "é\"x" {
		t.Errorf("Name = %q", n)
	}
}

package jsonvalue

import "testing"

func TestNaturalIn(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"0", true}, {"1", true}, {"64", true}, {"65", false}, {"100", false}, {"-0", false}, {"-1", false},
		{"01", false}, {"1.0", false}, {"1e1", false}, {"", false}, {"9007199254740991", false},
	} {
		if got := NaturalIn(c.text, "0", "64"); got != c.want {
			t.Errorf("NaturalIn(%q, 0, 64) = %v", c.text, got)
		}
	}
	if !NaturalIn("9007199254740991", "1", "9007199254740991") || NaturalIn("9007199254740992", "1", "9007199254740991") {
		t.Error("the bound 2^53-1 is not compared exactly")
	}
}

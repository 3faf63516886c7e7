package main

import "testing"

// TestV8DateOutputs cross-checks the hand-written epoch milliseconds of
// v8date/1 parse against Go's time package.
func TestV8DateOutputs(t *testing.T) {
	if n := checkTimestampOutputs(t, v8dateFiles()); n < 20 {
		t.Errorf("only %d accepted timestamps", n)
	}
}

// TestDiffersFromPrim pins the pairs of spec/v8date.md ("prim/1 differs"):
// the same input, accepted or refused for another reason by v8date/1 parse
// and prim/1 timestamp.
func TestDiffersFromPrim(t *testing.T) {
	verdict := func(files []vfile, op, input string) string {
		for _, f := range files {
			for _, c := range f.cases {
				if f.op == op && string(c.inputBytes()) == input {
					return c.expect + " " + c.output + c.message
				}
			}
		}
		return "no vector"
	}
	for _, p := range []struct{ input, v8date, prim string }{
		{`"0000-01-01T00:00:00.000Z"`, "ok -62167219200000", "refused " + primTSInstant},
		{`"2024-01-01T24:00:00.000Z"`, "refused " + v8Calendar, "refused " + primTSInstant},
	} {
		if got := verdict(v8dateFiles(), "parse", p.input); got != p.v8date {
			t.Errorf("v8date/1 parse %s: %s, want %s", p.input, got, p.v8date)
		}
		if got := verdict(primFiles(), "timestamp", p.input); got != p.prim {
			t.Errorf("prim/1 timestamp %s: %s, want %s", p.input, got, p.prim)
		}
	}
}

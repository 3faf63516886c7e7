package main

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// checkTimestampOutputs cross-checks the hand-written epoch milliseconds
// of every accepted case of files, whose inputs are JSON strings of the
// shape YYYY-MM-DDTHH:MM:SS.mmmZ, against Go's time package, and returns
// how many it checked.
func checkTimestampOutputs(t *testing.T, files []vfile) int {
	t.Helper()
	n := 0
	for _, f := range files {
		for _, c := range f.cases {
			if c.expect != "ok" {
				continue
			}
			var s string
			if err := json.Unmarshal(c.inputBytes(), &s); err != nil || len(s) != 24 {
				t.Errorf("%s: input %q", c.name, c.inputBytes())
				continue
			}
			num := func(i, j int) int {
				v, err := strconv.Atoi(s[i:j])
				if err != nil {
					t.Fatalf("%s: %q", c.name, s)
				}
				return v
			}
			want := time.Date(num(0, 4), time.Month(num(5, 7)), num(8, 10), num(11, 13), num(14, 16), num(17, 19), num(20, 23)*1e6, time.UTC)
			if want.Year() != num(0, 4) || int(want.Month()) != num(5, 7) || want.Day() != num(8, 10) || want.Hour() != num(11, 13) {
				t.Errorf("%s: %s is not a real instant", c.name, s)
			}
			if got := strconv.FormatInt(want.UnixMilli(), 10); got != c.output {
				t.Errorf("%s %s: output %s, time package says %s", f.behaviour, c.name, c.output, got)
			}
			n++
		}
	}
	return n
}

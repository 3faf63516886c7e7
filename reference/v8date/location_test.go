package v8date

import (
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where Parse says it refused: the one string value of
// the input (its byte offset, pointer ""), or the defect that makes the
// input not one JSON value.
func TestLocation(t *testing.T) {
	for _, tc := range []struct {
		in      string
		guard   refusal.Guard
		offset  int
		pointer string
	}{
		{`["2024-01-01T00:00:00.000Z",]`, ErrInput, 28, "/1"},
		{` 20240101`, ErrType, 1, ""},
		{`"2024-01-01"`, ErrShape, 0, ""},
		{` "2024-13-01T00:00:00.000Z"`, ErrInstant, 1, ""},
		{`"2023-02-29T00:00:00.000Z"`, ErrCalendar, 0, ""},
	} {
		_, err := Parse([]byte(tc.in))
		e, ok := refusal.As(err)
		if !ok || e.Guard != tc.guard {
			t.Errorf("%s: %v; want %s", tc.in, err, tc.guard.Code)
			continue
		}
		if want := refusal.At(tc.offset, tc.pointer); e.At != want {
			t.Errorf("%s: %s at %+v; want %+v", tc.in, tc.guard.Code, e.At, want)
		}
	}
}

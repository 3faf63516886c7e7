package prim

import (
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where the prim/1 operations say they refused: the
// byte offset and JSON pointer of the value refused, or of the defect that
// makes the input not one JSON value.
func TestLocation(t *testing.T) {
	for _, tc := range []struct {
		op      func([]byte, ...refusal.Option) ([]byte, error)
		in      string
		guard   refusal.Guard
		offset  int
		pointer string
	}{
		{Integer, `[1,]`, ErrInput, 3, "/1"},
		{Integer, `{"a":1,"a":2}`, ErrInput, 7, "/a"},
		{Integer, "\xef\xbb\xbf1", ErrInput, 0, ""},
		{Integer, ` "1"`, ErrType, 1, ""},
		{Integer, ` 1.5`, ErrInteger, 1, ""},
		{PositiveInteger, `0`, ErrIntegerRange, 0, ""},
		{Timestamp, `"2024-02-30T00:00:00.000Z"`, ErrTimestampInstant, 0, ""},
		{String, ` "a\u0001"`, ErrStringControl, 1, ""},
		{SafeDisplay, `""`, ErrDisplayLength, 0, ""},
		{SortedSet, `["a",1]`, ErrType, 5, "/1"},
		{SortedSet, `["a","c","b"]`, ErrSetOrder, 9, "/2"},
		{SortedSet, `["a","\ud800"]`, ErrStringSurrogate, 5, "/1"},
		{ToolList, `[{"name":"a","version":1},{"name":"a"}]`, ErrType, 26, "/1"},
		{ToolList, `[{"name":"a","version":"1"}]`, ErrType, 23, "/0/version"},
		{ToolList, `[{"name":"a","version":1.0}]`, ErrInteger, 23, "/0/version"},
		{ToolList, `[{"version":1,"name":"\u0000"}]`, ErrStringControl, 21, "/0/name"},
		{ToolList, `[{"name":"b","version":1},{"name":"a","version":1}]`, ErrToolsOrder, 26, "/1"},
		{Base64URL, `"AAA"`, ErrB64Length, 0, ""},
		{UTF8Length, `"\udc00"`, ErrStringSurrogate, 0, ""},
	} {
		_, err := tc.op([]byte(tc.in))
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

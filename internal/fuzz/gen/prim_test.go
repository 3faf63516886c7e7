package gen

import "testing"

// TestPrimGeneratorsTerminate: the generators of the primitive rules return
// on empty input.
func TestPrimGeneratorsTerminate(t *testing.T) {
	terminates(t, IntegerValue, SortedSetValue, ToolListValue, Base64URLValue,
		func(s *Source) []byte { return StringValue(s, false) })
}

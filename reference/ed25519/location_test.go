package ed25519

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where Verify says it refused: the member of the
// input a rule is about ("/key" for the key rules, "/sig" for the
// signature rules, the whole input for the equation), the member of the
// wrong type, or the defect that makes the input not one JSON value.
func TestLocation(t *testing.T) {
	key := strings.Repeat("00", 31) + "11"
	sig := strings.Repeat("11", 64)
	for _, tc := range []struct {
		in      string
		guard   refusal.Guard
		offset  int
		pointer string
	}{
		{`{"key":"","sig":""`, ErrInput, 18, "/sig"},
		{`{"key":"","sig":""}`, ErrType, 0, ""},
		{`{"key":"","sig":"x","msg":""}`, ErrType, 16, "/sig"},
		{`{"key":"aa","sig":"","msg":""}`, ErrKeyLength, 7, "/key"},
		{`{"msg":"","key":"` + key + `","sig":"11"}`, ErrSigLength, 89, "/sig"},
		{`{"key":"` + strings.Repeat("00", 32) + `","sig":"` + sig + `","msg":""}`, ErrKeySmallOrder, 7, "/key"},
	} {
		_, err := Verify([]byte(tc.in))
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

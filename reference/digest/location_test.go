package digest

import (
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where the digest/1 operations say they refused: the
// byte offset and JSON pointer of the value refused; for ErrJCS the pointer
// alone (rfc8785/1's refusal of the value written back, read in the input).
func TestLocation(t *testing.T) {
	for _, tc := range []struct {
		op      func([]byte, ...refusal.Option) ([]byte, error)
		in      string
		guard   refusal.Guard
		offset  int    // -1: none
		pointer string // "-": none
	}{
		{Digest, `{"schema_id":"s","omit":[],"object":{}`, ErrInput, 38, "/object"},
		{Digest, `{"schema_id":"s","omit":[1],"object":{}}`, ErrType, 25, "/omit/0"},
		{Digest, `{"schema_id":"s t","omit":[],"object":{}}`, ErrSchemaID, 13, "/schema_id"},
		{Digest, `{"schema_id":"s","omit":["a"],"object":{"a":"\ud800","b":[0,1e999]}}`, ErrJCS, -1, "/object/b/1"},
		{SchemaDigest, `{"a":{"\udc00":1}}`, ErrJCS, -1, "/a/\ufffd"},
		{ArgumentsDigest, `[]`, ErrType, 0, ""},
		{ArgumentsDigest, `{"a":[0,{"b":-1}]}`, ErrArgNumber, 13, "/a/1/b"},
		{ArgumentsDigest, `{"a":{"b~/":"x\u0000"}}`, ErrArgString, 12, "/a/b~0~1"},
		{ArgumentsDigest, `{"a":{"x\u0000":1}}`, ErrArgString, -1, "/a/x\u0000"},
		{ArgumentsDigest, `{"a":[` + strings.Repeat("0,", MaxArgArray) + `0]}`, ErrArgArray, 6 + 2*MaxArgArray, "/a/32"},
		{ArgumentsDigest, `{"a":` + strings.Repeat("[", MaxArgDepth) + strings.Repeat("]", MaxArgDepth) + `}`, ErrArgDepth, 5 + MaxArgDepth - 1, "/a" + strings.Repeat("/0", MaxArgDepth-1)},
	} {
		_, err := tc.op([]byte(tc.in))
		e, ok := refusal.As(err)
		if !ok || e.Guard != tc.guard {
			t.Errorf("%s: %v; want %s", tc.in, err, tc.guard.Code)
			continue
		}
		want := refusal.At(tc.offset, tc.pointer)
		if tc.offset < 0 {
			want = refusal.AtPointer(tc.pointer)
		}
		if e.At != want {
			t.Errorf("%s: %s at %+v; want %+v", tc.in, tc.guard.Code, e.At, want)
		}
	}
}

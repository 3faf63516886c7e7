package rfc8785

import (
	"fmt"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where Canonicalize says it refused: the byte offset
// of the defect in the input (past a skipped byte order mark, and back
// through a lenient decoding) and the JSON pointer of the value refused.
func TestLocation(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1)
	for _, tc := range []struct {
		in      string
		ignore  []refusal.Guard
		guard   refusal.Guard
		offset  int
		pointer string
	}{
		{"\xef\xbb\xbf1", nil, ErrBOM, 0, "-"},
		{"[\"a\xff\"]", nil, ErrUTF8, 3, "-"},
		{`[1,]`, nil, ErrSyntax, 3, "/1"},
		{` {"a" 1}`, nil, ErrSyntax, 6, "/a"},
		{`"abc`, nil, ErrSyntax, 4, ""},
		{`{"a":1,"a":2}`, nil, ErrDuplicate, 7, "/a"},
		{`{"x":{"b~/":1,"b~/":2}}`, nil, ErrDuplicate, 14, "/x/b~0~1"},
		{`["x","ab\ud800"]`, nil, ErrSurrogate, 8, "/1"},
		{`{"a":[0,1e400]}`, nil, ErrNumberRange, 8, "/a/1"},
		{deep, nil, ErrDepth, MaxDepth, strings.Repeat("/0", MaxDepth)},
		{"\xef\xbb\xbf[1,]", []refusal.Guard{ErrBOM}, ErrSyntax, 6, "/1"},
		{"\xff[1,]", []refusal.Guard{ErrUTF8}, ErrSyntax, 0, ""}, // U+FFFD starts no value
		{"[\"\xff\",]", []refusal.Guard{ErrUTF8}, ErrSyntax, 5, "/1"},
		{"[\"\xff\xfe\",\"\\udc00\"]", []refusal.Guard{ErrUTF8}, ErrSurrogate, 7, "/1"},
	} {
		_, err := Canonicalize([]byte(tc.in), refusal.Ignoring(reftest.Messages(tc.ignore)...))
		reftest.CheckAt(t, fmt.Sprintf("%q", tc.in), err, tc.guard, tc.offset, tc.pointer)
	}
}

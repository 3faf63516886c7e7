package frame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where Lex says it refused: the byte offset of the
// defect in the frame (the first byte past MaxBytes for ErrSize; the
// offending unit's escape or character for ErrControl and ErrSurrogate;
// past a skipped byte order mark, back through a lenient decoding) and the
// JSON pointer of the value refused.
func TestLocation(t *testing.T) {
	big := `{"a":"` + strings.Repeat("x", MaxBytes) + `"}`
	for _, tc := range []struct {
		in      string
		ignore  []string
		guard   refusal.Guard
		offset  int
		pointer string // "-": none
	}{
		{big, nil, ErrSize, MaxBytes, "-"},
		{"\xef\xbb\xbf{}", nil, ErrBOM, 0, "-"},
		{`{"a":"` + "\xed\xa0\x80" + `"}`, nil, ErrUTF8, 6, "-"},
		{" \n[]", nil, ErrNotObject, 2, ""},
		{` `, nil, ErrSyntax, 1, ""},
		{`{"a":{"b":[1 2]}}`, nil, ErrSyntax, 13, "/a/b/0"},
		{`{"a":1,"b":{"c":0,"c":1}}`, nil, ErrDuplicate, 18, "/b/c"},
		{`{"a":[0,-1]}`, nil, ErrNumber, 8, "/a/1"},
		{`{"n":9007199254740992}`, nil, ErrNumberRange, 5, "/n"},
		{`{"s":"ab\u0001"}`, nil, ErrControl, 8, "/s"},
		{"{\"s\":\"\U0001F600\u0085\"}", nil, ErrControl, 10, "/s"},
		{`{"x\udc00":1}`, nil, ErrSurrogate, 3, "/x\ufffd"},
		{`{"s":"\ud83d\ude00\ud800"}`, nil, ErrSurrogate, 18, "/s"},
		{strings.Repeat(`{"a":`, MaxDepth) + `[]` + strings.Repeat("}", MaxDepth), nil, ErrDepth, 5 * MaxDepth, strings.Repeat("/a", MaxDepth)},
		{"\xef\xbb\xbf{\"a\":-0}", []string{ErrBOM.Message}, ErrNumber, 8, "/a"},
		{"{\"\xff\":1,\"\xfe\":2}", []string{ErrUTF8.Message}, ErrDuplicate, 7, "/\ufffd"},
	} {
		err := Lex([]byte(tc.in), refusal.Ignoring(tc.ignore...))
		reftest.CheckAt(t, fmt.Sprintf("%.40q", tc.in), err, tc.guard, tc.offset, tc.pointer)
	}
}

package pyjson

import (
	"fmt"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where Encode says it refused: the byte offset of the
// defect in the input (past a skipped byte order mark, back through a
// lenient decoding) and, for the parse's refusals, the JSON pointer of the
// value refused. The depth pre-scan knows no value: its refusal has an
// offset only.
func TestLocation(t *testing.T) {
	for _, tc := range []struct {
		in      string
		ignore  []string
		guard   refusal.Guard
		offset  int
		pointer string // "-": none
	}{
		{"\xef\xbb\xbf1", nil, ErrBOM, 0, "-"},
		{"  \xc0", nil, ErrUTF8, 2, "-"},
		{strings.Repeat("[", MaxDepth) + `{"a":"]"}`, nil, ErrDepth, MaxDepth, "-"},
		{`{"a":[1,-Inf]}`, nil, ErrSyntax, 9, "/a/1"},
		{`[NaN,` + strings.Repeat("9", MaxIntDigits+1) + `]`, nil, ErrIntDigits, 5, "/1"},
		{"\xef\xbb\xbf{\"a\" 1}", []string{ErrBOM.Message}, ErrSyntax, 8, "/a"},
		{"[\"\xff\",1.]", []string{ErrUTF8.Message}, ErrSyntax, 6, "/1"},
	} {
		_, err := Encode([]byte(tc.in), refusal.Ignoring(tc.ignore...))
		reftest.CheckAt(t, fmt.Sprintf("%.40q", tc.in), err, tc.guard, tc.offset, tc.pointer)
	}
}

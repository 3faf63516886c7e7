package frame

import (
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// FuzzLex is seeded from every table row and every JSONTestSuite file. mask
// picks the guards to ignore (bit i is Guards[i]). Whatever the frame and
// the mask, Lex accepts it or refuses with a guard of the table that was
// not ignored (ErrSyntax excepted: it has no accept path), located at a
// byte offset of the frame (and a valid JSON pointer, if any).
func FuzzLex(f *testing.F) {
	for _, rows := range [][]row{ruleRows(), precedenceRows(), ignoredRows()} {
		for _, r := range rows {
			mask := reftest.Mask(Guards, r.Ignore)
			if len(r.In) <= 4096 {
				f.Add([]byte(r.In), mask)
			}
		}
	}
	reftest.SeedCorpus(f, "jsontestsuite/test_parsing")
	f.Fuzz(func(t *testing.T, in []byte, mask uint16) {
		ignored := reftest.Unmask(Guards, mask)
		err := Lex(in, refusal.Ignoring(reftest.Messages(ignored)...))
		if err == nil {
			return
		}
		reftest.CheckRefusal(t, err, Guards, ignored, ErrSyntax, len(in))
	})
}

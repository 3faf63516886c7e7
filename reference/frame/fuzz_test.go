package frame

import (
	"os"
	"path/filepath"
	"testing"

	"conform/reference/refusal"
)

// FuzzLex is seeded from every table row and every JSONTestSuite file. mask
// picks the guards to ignore (bit i is Guards[i]). Whatever the frame and
// the mask, Lex accepts it or refuses with a guard of the table that was
// not ignored (ErrSyntax excepted: it has no accept path), located at a
// byte offset of the frame (and a valid JSON pointer, if any).
func FuzzLex(f *testing.F) {
	for _, rows := range [][]row{ruleRows(), precedenceRows(), ignoredRows()} {
		for _, r := range rows {
			mask := uint16(0)
			for _, g := range r.ignore {
				for i, h := range Guards {
					if g == h {
						mask |= 1 << i
					}
				}
			}
			if len(r.in) <= 4096 {
				f.Add([]byte(r.in), mask)
			}
		}
	}
	files, _ := filepath.Glob("../../../shared/corpora/jsontestsuite/test_parsing/*")
	if len(files) == 0 {
		f.Fatal("corpus jsontestsuite/test_parsing: no files")
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint16(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, mask uint16) {
		var ignore []string
		ignored := map[refusal.Guard]bool{}
		for i, g := range Guards {
			if mask&(1<<i) != 0 {
				ignore = append(ignore, g.Message)
				ignored[g] = true
			}
		}
		err := Lex(in, refusal.Ignoring(ignore...))
		if err == nil {
			return
		}
		r, ok := refusal.As(err)
		if !ok {
			t.Fatalf("not a refusal: %v", err)
		}
		inTable := false
		for _, g := range Guards {
			inTable = inTable || g == r.Guard
		}
		if !inTable || (ignored[r.Guard] && r.Guard != ErrSyntax) {
			t.Fatalf("refused by %+v (ignored %v)", r.Guard, ignore)
		}
		if !r.At.HasOffset || !r.At.Within(len(in)) {
			t.Fatalf("refused by %s at %+v, not a place in %d bytes", r.Guard.Code, r.At, len(in))
		}
	})
}

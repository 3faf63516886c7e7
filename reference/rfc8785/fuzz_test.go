package rfc8785

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"conform/reference/refusal"
)

// FuzzCanonicalize is seeded from every table row and every corpus input.
// mask picks the guards to ignore (bit i is Guards[i]). Whatever the input
// and the mask, Canonicalize returns output or a refusal by a guard of the
// table that was not ignored (ErrSyntax excepted: it has no accept path),
// located at a byte offset of the input (and a valid JSON pointer, if any).
// With nothing ignored, accepted output is valid JSON and canonical:
// canonicalizing it again gives it back.
func FuzzCanonicalize(f *testing.F) {
	for _, rows := range [][]row{inputRows(), numbersRows(), stringsRows(), objectsRows(), precedenceRows(), ignoredRows()} {
		for _, r := range rows {
			mask := uint16(0)
			for _, g := range r.ignore {
				for i, h := range Guards {
					if g == h {
						mask |= 1 << i
					}
				}
			}
			f.Add([]byte(r.in), mask)
		}
	}
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input"} {
		files, _ := filepath.Glob(filepath.Join(corpusRoot, dir, "*"))
		if len(files) == 0 {
			f.Fatalf("corpus %s: no files", dir)
		}
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, uint16(0))
		}
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
		out, err := Canonicalize(in, refusal.Ignoring(ignore...))
		if err != nil {
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
			return
		}
		if mask != 0 {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("output %q is not valid JSON", out)
		}
		again, err := Canonicalize(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("output %q is not canonical: %q, %v", out, again, err)
		}
	})
}

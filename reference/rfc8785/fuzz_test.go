package rfc8785

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
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
			mask := reftest.Mask(Guards, r.Ignore)
			f.Add([]byte(r.In), mask)
		}
	}
	reftest.SeedCorpus(f, "jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input")
	f.Fuzz(func(t *testing.T, in []byte, mask uint16) {
		ignored := reftest.Unmask(Guards, mask)
		out, err := Canonicalize(in, refusal.Ignoring(reftest.Messages(ignored)...))
		if err != nil {
			reftest.CheckRefusal(t, err, Guards, ignored, ErrSyntax, len(in))
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

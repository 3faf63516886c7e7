package pyjson

import (
	"bytes"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// FuzzEncode is seeded from every table row and every corpus input. mask
// picks the guards to ignore (bit i is Guards[i]). Whatever the input and
// the mask, Encode returns output or a refusal by a guard of the table that
// was not ignored (ErrSyntax excepted: it has no accept path), located at a
// byte offset of the input (and a valid JSON pointer, if any). With nothing
// ignored, accepted output is ASCII and a fixed point: encoding it again
// gives it back, as json.dumps(json.loads(s)) does for its own output.
func FuzzEncode(f *testing.F) {
	for _, rows := range [][]row{inputRows(), numbersRows(), stringsRows(), objectsRows(), precedenceRows(), ignoredRows()} {
		for _, r := range rows {
			mask := reftest.Mask(Guards, r.Ignore)
			f.Add([]byte(r.In), mask)
		}
	}
	for _, s := range trickyInputs {
		f.Add([]byte(s), uint16(0))
	}
	reftest.SeedCorpus(f, "jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input")
	f.Fuzz(func(t *testing.T, in []byte, mask uint16) {
		ignored := reftest.Unmask(Guards, mask)
		out, err := Encode(in, refusal.Ignoring(reftest.Messages(ignored)...))
		if err != nil {
			reftest.CheckRefusal(t, err, Guards, ignored, ErrSyntax, len(in))
			return
		}
		for _, c := range out {
			if c < 0x20 || c > 0x7e {
				t.Fatalf("output %q is not printable ASCII", out)
			}
		}
		if mask != 0 {
			return
		}
		again, err := Encode(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("output %q is not a fixed point: %q, %v", out, again, err)
		}
	})
}

package pyjson

import (
	"bytes"
	"os"
	"testing"

	"conform/reference/refusal"
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
	for _, s := range trickyInputs {
		f.Add([]byte(s), uint16(0))
	}
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input"} {
		for _, file := range corpusFiles(f, dir) {
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
		out, err := Encode(in, refusal.Ignoring(ignore...))
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

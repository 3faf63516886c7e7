// Package sweep is a test helper of the Go reference's contract packages:
// it runs random edits of valid inputs through an operation and checks that
// every run ends in output or a refusal from the contract's own table,
// never a panic or another error, with no guard, one guard or every guard
// ignored (spec/README.md, "Rules shared by every contract": refusals are a
// closed table), and that a refusal that says where in the input it
// happened names a place in it (mirrors/PROTOCOL.md, "run", the optional
// at).
package sweep

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// Run is an operation as a contract package exports it.
type Run func(input []byte, opts ...refusal.Option) ([]byte, error)

// Mutate applies one random edit to in: a byte replaced, inserted or
// deleted, or the input truncated; the bytes drawn are JSON punctuation,
// digits, letters and a few bytes that are not UTF-8.
func Mutate(r *rand.Rand, in []byte) []byte {
	out := append([]byte(nil), in...)
	alphabet := []byte(`{}[]",:0123456789-+.eE\u tfnabAZ ` + "\x00\xff\xed\xa0")
	switch r.IntN(4) {
	case 0:
		if len(out) > 0 {
			out[r.IntN(len(out))] = alphabet[r.IntN(len(alphabet))]
		}
	case 1:
		i := r.IntN(len(out) + 1)
		out = append(out[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, out[i:]...)...)
	case 2:
		if len(out) > 0 {
			i := r.IntN(len(out))
			out = append(out[:i], out[i+1:]...)
		}
	case 3:
		out = out[:r.IntN(len(out)+1)]
	}
	return out
}

// Mutations runs n random edits of each seed (restarting from the seed
// every tenth edit, so that edits pile up) through run, named name in
// failures, with no guard ignored, one random guard of guards ignored, and
// all of them ignored. Each seed must be accepted as it is; each run must
// end in output or a refusal carrying one of guards, and a refusal that
// says where it happened must name a place in the input (refusal.Location
// Within it; a contract that locates its refusals tests that they do in
// its own tests). r fixes the edits.
func Mutations(t *testing.T, r *rand.Rand, name string, run Run, guards []refusal.Guard, seeds []string, n int) {
	t.Helper()
	table := map[refusal.Guard]bool{}
	var all []string
	for _, g := range guards {
		table[g] = true
		all = append(all, g.Message)
	}
	for _, seed := range seeds {
		if _, err := run([]byte(seed)); err != nil {
			t.Errorf("%s: seed %s refused: %v", name, seed, err)
		}
		in := []byte(seed)
		for i := 0; i < n; i++ {
			if i%10 == 0 {
				in = []byte(seed)
			}
			in = Mutate(r, in)
			for _, ig := range [][]string{nil, {all[r.IntN(len(all))]}, all} {
				_, err := safe(run, in, ig)
				if err == nil {
					continue
				}
				e, ok := refusal.As(err)
				if !ok || !table[e.Guard] {
					t.Fatalf("%s %q (ignore %q): %v", name, in, ig, err)
				}
				if (e.At.HasOffset || e.At.HasPointer) && !e.At.Within(len(in)) {
					t.Fatalf("%s %q (ignore %q): %s located at %+v, not a place in %d bytes", name, in, ig, e.Guard.Code, e.At, len(in))
				}
			}
		}
	}
}

// safe calls run, turning a panic into an error that is not a refusal.
func safe(run Run, in []byte, ignore []string) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return run(in, refusal.Ignoring(ignore...))
}

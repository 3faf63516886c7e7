package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

// toolhostParameters are gopter's parameters for toolhost/1: fewer tests
// than parameters(), since each draws and seals a chain of ten documents
// (several Ed25519 signatures and a dozen digests).
func toolhostParameters() *gopter.TestParameters {
	p := parameters()
	p.MinSuccessfulTests = 150
	return p
}

// TestToolhostProperties checks toolhost/1's sealing law for every
// operation (spec/toolhost.md sections 1.6 and 8.4): a chain drawn within
// the rules and sealed by the generator (crypto/sha256, crypto/ed25519,
// gowebpki/jcs; never the reference) is accepted by the reference, in
// any member order and string escaping of its envelope; and changing one
// value under one declared member of one of its sealed documents, without
// resealing, is refused.
func TestToolhostProperties(t *testing.T) {
	props := gopter.NewProperties(toolhostParameters())
	for _, op := range fgen.ToolhostOps {
		props.Property(op+" accepts a sealed chain and refuses it changed", prop.ForAll(func(b []byte) bool {
			s := fgen.New(b)
			in := fgen.SealedChain(s, op).Envelope(s, op)
			if err := ToolhostAccepts(op, in); err != nil {
				t.Log(err)
				return false
			}
			if err := ToolhostSealCovers(op, in, s); err != nil {
				t.Log(err)
				return false
			}
			return true
		}, drawn()))
	}
	props.TestingRun(t)
}

// TestToolhostChangeSealedChanges checks that ToolhostChangeSealed changes
// the input (or the law would hold vacuously) for every operation whose
// envelope has a sealed document.
func TestToolhostChangeSealedChanges(t *testing.T) {
	for _, op := range fgen.ToolhostOps {
		sealed := false
		for _, m := range fgen.ToolhostEnvelopes[op] {
			_, has := fgen.ToolhostSeals[m]
			sealed = sealed || has
		}
		for i := range 20 {
			s := fgen.New([]byte{byte(i), 1, 2, 3, byte(i * 13), 5, 6, 7, 8, 9})
			in := fgen.SealedChain(s, op).Envelope(s, op)
			out, what, err := ToolhostChangeSealed(in, s)
			if err != nil {
				t.Fatal(err)
			}
			if sealed && (out == nil || what == "" || string(out) == string(in)) {
				t.Errorf("%s: nothing changed (%s)", op, what)
			}
			if !sealed && out != nil {
				t.Errorf("%s has no sealed document, yet %s changed", op, what)
			}
		}
	}
}

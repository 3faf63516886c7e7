package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzEd25519: ed25519/1 verify on {key, sig, msg} inputs
// (gen.Ed25519Value), seeded from the contract's public corpora
// (spec/ed25519.md, "Corpora").
func init() {
	register(Target{Name: "FuzzEd25519", Contract: "ed25519/1", Ops: []string{"verify"},
		Corpora: []string{"ed25519"},
		draw: func(s *gen.Source, _ string) []byte {
			return gen.Ed25519Value(s)
		}})
}

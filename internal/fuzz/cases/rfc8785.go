package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzJCS: rfc8785/1 canonicalize on JSON texts, flawed a
// third of the time, around the nesting bound of 128 (spec/rfc8785.md).
func init() {
	register(Target{Name: "FuzzJCS", Contract: "rfc8785/1", Ops: []string{"canonicalize"},
		Corpora: []string{"jcs/cyberphone", "jcs/gowebpki", "jcs/es6numbers/es6testfile_10k.txt", "jsontestsuite/test_parsing", "jsontestsuite/test_transform"},
		draw: func(s *gen.Source, _ string) []byte {
			return gen.JSON(s, gen.JSONOptions{Flaws: s.Chance(3), Deep: gen.TextDepths})
		}})
}

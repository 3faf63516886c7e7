package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzPyJSONASCII: pyjson-ascii/1 encode on JSON texts,
// flawed a third of the time, around the nesting bound of 128
// (spec/pyjson-ascii.md).
func init() {
	register(Target{Name: "FuzzPyJSONASCII", Contract: "pyjson-ascii/1", Ops: []string{"encode"},
		Corpora: []string{"jcs/cyberphone", "jcs/gowebpki", "jcs/es6numbers/es6testfile_10k.txt", "jsontestsuite/test_parsing", "jsontestsuite/test_transform"},
		draw: func(s *gen.Source, _ string) []byte {
			return gen.JSON(s, gen.JSONOptions{Flaws: s.Chance(3), Deep: gen.TextDepths})
		}})
}

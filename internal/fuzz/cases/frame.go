package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzFrame: frame/1 lex on frames (gen.Frame).
func init() {
	register(Target{Name: "FuzzFrame", Contract: "frame/1", Ops: []string{"lex"},
		Corpora: []string{"jcs/cyberphone", "jcs/gowebpki", "jsontestsuite/test_parsing", "jsontestsuite/test_transform"},
		draw: func(s *gen.Source, _ string) []byte {
			return gen.Frame(s)
		}})
}

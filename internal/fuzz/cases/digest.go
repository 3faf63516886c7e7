package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzDigest: digest/1's four operations, each drawing the
// shape it reads (spec/digest.md).
func init() {
	register(Target{Name: "FuzzDigest", Contract: "digest/1", Ops: []string{"digest", "signing-input", "schema-digest", "arguments-digest"},
		draw: func(s *gen.Source, op string) []byte {
			switch op {
			case "schema-digest":
				return gen.SchemaValue(s)
			case "arguments-digest":
				return gen.ArgumentsValue(s)
			}
			return gen.DigestValue(s)
		}})
}

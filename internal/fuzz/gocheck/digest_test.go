package gocheck

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
)

func TestDigestProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	for _, op := range []string{"digest", "signing-input", "schema-digest", "arguments-digest"} {
		props.Property(op+" ignores member order", prop.ForAll(func(b []byte) bool {
			s := fgen.New(b)
			var in []byte
			switch op {
			case "schema-digest":
				in = fgen.SchemaValue(s)
			case "arguments-digest":
				in = fgen.ArgumentsValue(s)
			default:
				in = fgen.DigestValue(s)
			}
			return ok(DigestMemberOrder(op, in, s))
		}, drawn()))
	}
	props.TestingRun(t)
}

package digest

import "github.com/conform-dev/conform/reference/internal/register"

// init registers the four operations with the Go reference's registry, in
// the order of spec/digest.md's Operations table.
func init() {
	register.Add(
		register.Operation{Contract: Contract, Op: OpDigest, Guards: Guards, Run: Digest},
		register.Operation{Contract: Contract, Op: OpSigningInput, Guards: Guards, Run: SigningInput},
		register.Operation{Contract: Contract, Op: OpSchemaDigest, Guards: Guards, Run: SchemaDigest},
		register.Operation{Contract: Contract, Op: OpArgumentsDigest, Guards: Guards, Run: ArgumentsDigest},
	)
}

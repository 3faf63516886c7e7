package digest

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/digest.md).
const Contract = "digest/1"

// The operation names of digest/1 (spec/digest.md, "Operations"), in the
// order of spec/README.md's table.
const (
	OpDigest          = "digest"
	OpSigningInput    = "signing-input"
	OpSchemaDigest    = "schema-digest"
	OpArgumentsDigest = "arguments-digest"
)

// The closed refusal table of digest/1, in the order of spec/digest.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrInput refuses an input that is not one valid JSON value
	// (spec/README.md, "JSON value inputs"). It has no accept path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "digest.input", Message: "input is not valid JSON"}
	// ErrType refuses a value of the wrong shape for the operation. It has
	// no accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "digest.type", Message: "input has the wrong shape"}
	// ErrSchemaID refuses a schema_id that is not 1 to 128 units, each
	// U+0021-U+007E (digest, signing-input).
	ErrSchemaID = refusal.Guard{Contract: Contract, Code: "digest.schema_id", Message: "schema id is not 1 to 128 characters from U+0021-U+007E"}
	// ErrJCS refuses a value RFC 8785 cannot canonicalize: a lone surrogate
	// in a string or member name, or a number outside the double range.
	ErrJCS = refusal.Guard{Contract: Contract, Code: "digest.jcs", Message: "value cannot be canonicalized"}
	// ErrArgNumber refuses an argument number whose literal is not 0 or
	// [1-9][0-9]* at most 2^53-1 (arguments-digest).
	ErrArgNumber = refusal.Guard{Contract: Contract, Code: "digest.arg_number", Message: "argument number is not an unsigned safe integer"}
	// ErrArgString refuses an argument string or member name with a Cc
	// control, an unpaired surrogate or more than 256 Unicode scalar values
	// (arguments-digest).
	ErrArgString = refusal.Guard{Contract: Contract, Code: "digest.arg_string", Message: "argument string is not a valid string"}
	// ErrArgArray refuses an argument array's 33rd element
	// (arguments-digest).
	ErrArgArray = refusal.Guard{Contract: Contract, Code: "digest.arg_array", Message: "argument array has more than 32 elements"}
	// ErrArgDepth refuses an argument container opened at depth 9, the
	// arguments object being at depth 1 (arguments-digest).
	ErrArgDepth = refusal.Guard{Contract: Contract, Code: "digest.arg_depth", Message: "arguments nest deeper than 8"}
	// ErrArgBytes refuses arguments whose canonical form exceeds 65536
	// bytes (arguments-digest).
	ErrArgBytes = refusal.Guard{Contract: Contract, Code: "digest.arg_bytes", Message: "arguments exceed 65536 canonical bytes"}
)

// Guards is the closed refusal table of digest/1 in table order. Callers
// must not modify it.
var Guards = []refusal.Guard{
	ErrInput, ErrType, ErrSchemaID, ErrJCS, ErrArgNumber, ErrArgString, ErrArgArray, ErrArgDepth, ErrArgBytes,
}

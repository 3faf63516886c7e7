package pyjson

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/pyjson-ascii.md).
const Contract = "pyjson-ascii/1"

// Op is the name of the contract's one operation.
const Op = "encode"

// The closed refusal table of pyjson-ascii/1, in the order of
// spec/pyjson-ascii.md ("Refusals"). Each message is fixed ASCII text and
// carries no value or position.
var (
	// ErrBOM refuses input whose first three bytes are EF BB BF (rule 1).
	ErrBOM = refusal.Guard{Contract: Contract, Code: "pyjson.bom", Message: "input begins with a UTF-8 byte order mark"}
	// ErrUTF8 refuses input that bytes.decode("utf-8") refuses (rule 2).
	ErrUTF8 = refusal.Guard{Contract: Contract, Code: "pyjson.utf8", Message: "input is not valid UTF-8"}
	// ErrDepth refuses input whose bracket pre-scan goes deeper than 128
	// (rule 3).
	ErrDepth = refusal.Guard{Contract: Contract, Code: "pyjson.depth", Message: "nesting exceeds depth 128"}
	// ErrSyntax refuses input CPython's json.loads refuses (rule 4). It has
	// no accept path: ignoring it still refuses (see Encode).
	ErrSyntax = refusal.Guard{Contract: Contract, Code: "pyjson.syntax", Message: "input is not valid JSON"}
	// ErrIntDigits refuses an integer literal of more than 4300 digits
	// (rule 5).
	ErrIntDigits = refusal.Guard{Contract: Contract, Code: "pyjson.int_digits", Message: "integer literal exceeds 4300 digits"}
)

// Guards is the closed refusal table of pyjson-ascii/1 in table order.
// Callers must not modify it.
var Guards = []refusal.Guard{ErrBOM, ErrUTF8, ErrDepth, ErrSyntax, ErrIntDigits}

package rfc8785

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/rfc8785.md).
const Contract = "rfc8785/1"

// Op is the name of the contract's one operation.
const Op = "canonicalize"

// The closed refusal table of rfc8785/1, in the order of spec/rfc8785.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrBOM refuses input whose first three bytes are EF BB BF (rule 1).
	ErrBOM = refusal.Guard{Contract: Contract, Code: "rfc8785.bom", Message: "input begins with a UTF-8 byte order mark"}
	// ErrUTF8 refuses input that is not valid UTF-8 per RFC 3629 (rule 2).
	ErrUTF8 = refusal.Guard{Contract: Contract, Code: "rfc8785.utf8", Message: "input is not valid UTF-8"}
	// ErrSyntax refuses input outside the RFC 8259 grammar (rule 3). It has
	// no accept path: ignoring it still refuses (see Canonicalize).
	ErrSyntax = refusal.Guard{Contract: Contract, Code: "rfc8785.syntax", Message: "input is not valid JSON"}
	// ErrDepth refuses the opening bracket of a 129th nested container
	// (rule 4).
	ErrDepth = refusal.Guard{Contract: Contract, Code: "rfc8785.depth", Message: "nesting exceeds depth 128"}
	// ErrDuplicate refuses a member name equal, after unescaping, to an
	// earlier name of the same object (rule 6).
	ErrDuplicate = refusal.Guard{Contract: Contract, Code: "rfc8785.duplicate", Message: "duplicate member name"}
	// ErrSurrogate refuses a \u escape of a surrogate that is not half of an
	// escaped high-low pair (rule 5).
	ErrSurrogate = refusal.Guard{Contract: Contract, Code: "rfc8785.surrogate", Message: "string contains an unpaired surrogate"}
	// ErrNumberRange refuses a number whose nearest binary64 is infinite
	// (rule 7).
	ErrNumberRange = refusal.Guard{Contract: Contract, Code: "rfc8785.number_range", Message: "number is outside the IEEE-754 double range"}
)

// Guards is the closed refusal table of rfc8785/1 in table order. Callers
// must not modify it.
var Guards = []refusal.Guard{ErrBOM, ErrUTF8, ErrSyntax, ErrDepth, ErrDuplicate, ErrSurrogate, ErrNumberRange}

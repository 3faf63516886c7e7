package frame

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/frame.md).
const Contract = "frame/1"

// Op is the name of the contract's one operation.
const Op = "lex"

// The closed refusal table of frame/1, in the order of spec/frame.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrSize refuses a frame of more than MaxBytes bytes (rule 1).
	ErrSize = refusal.Guard{Contract: Contract, Code: "frame.size", Message: "frame exceeds 262144 bytes"}
	// ErrBOM refuses a frame whose first three bytes are EF BB BF (rule 2).
	ErrBOM = refusal.Guard{Contract: Contract, Code: "frame.bom", Message: "frame begins with a UTF-8 byte order mark"}
	// ErrUTF8 refuses a frame that is not valid UTF-8 per RFC 3629 (rule 3).
	ErrUTF8 = refusal.Guard{Contract: Contract, Code: "frame.utf8", Message: "frame is not valid UTF-8"}
	// ErrSyntax refuses a frame outside the RFC 8259 grammar where no more
	// specific guard applies (rule 5). It has no accept path: ignoring it
	// still refuses (see Lex).
	ErrSyntax = refusal.Guard{Contract: Contract, Code: "frame.syntax", Message: "frame is not valid JSON"}
	// ErrNotObject refuses a frame whose first byte after leading whitespace
	// is not '{' (rule 4).
	ErrNotObject = refusal.Guard{Contract: Contract, Code: "frame.not_object", Message: "frame is not a JSON object"}
	// ErrDepth refuses the opening bracket of a 17th nested container
	// (rule 6).
	ErrDepth = refusal.Guard{Contract: Contract, Code: "frame.depth", Message: "frame nesting exceeds depth 16"}
	// ErrDuplicate refuses a member name equal, as UTF-16 units after
	// unescaping, to an earlier name of the same object (rule 7).
	ErrDuplicate = refusal.Guard{Contract: Contract, Code: "frame.duplicate", Message: "frame has a duplicate member name"}
	// ErrNumber refuses a number token that is not exactly 0 or
	// [1-9][0-9]* (rule 8).
	ErrNumber = refusal.Guard{Contract: Contract, Code: "frame.number", Message: "frame number is not 0 or [1-9][0-9]*"}
	// ErrNumberRange refuses a well-spelled number token above
	// 9007199254740991 (rule 8).
	ErrNumberRange = refusal.Guard{Contract: Contract, Code: "frame.number_range", Message: "frame number exceeds 2^53-1"}
	// ErrControl refuses a string holding a unit U+0000-U+001F or
	// U+007F-U+009F, raw or escaped (rule 9).
	ErrControl = refusal.Guard{Contract: Contract, Code: "frame.control", Message: "frame string contains a control character"}
	// ErrSurrogate refuses a string holding an unpaired surrogate unit
	// (rule 9).
	ErrSurrogate = refusal.Guard{Contract: Contract, Code: "frame.surrogate", Message: "frame string contains an unpaired surrogate"}
)

// Guards is the closed refusal table of frame/1 in table order. Callers must
// not modify it.
var Guards = []refusal.Guard{ErrSize, ErrBOM, ErrUTF8, ErrSyntax, ErrNotObject, ErrDepth, ErrDuplicate, ErrNumber, ErrNumberRange, ErrControl, ErrSurrogate}

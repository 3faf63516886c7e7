package v8date

import "github.com/conform-dev/conform/reference/refusal"

// Contract is the contract name with its version (spec/v8date.md).
const Contract = "v8date/1"

// Op is the name of the contract's one operation.
const Op = "parse"

// The closed refusal table of v8date/1, in the order of spec/v8date.md
// ("Refusals"). Each message is fixed ASCII text and carries no value or
// position.
var (
	// ErrInput refuses an input that is not one valid JSON value
	// (spec/README.md, "JSON value inputs"). It has no accept path.
	ErrInput = refusal.Guard{Contract: Contract, Code: "v8date.input", Message: "input is not valid JSON"}
	// ErrType refuses a value that is not a string. It has no accept path.
	ErrType = refusal.Guard{Contract: Contract, Code: "v8date.type", Message: "value is not a string"}
	// ErrShape refuses a string that is not exactly the 24 units
	// YYYY-MM-DDTHH:MM:SS.mmmZ (rule 1).
	ErrShape = refusal.Guard{Contract: Contract, Code: "v8date.shape", Message: "timestamp is not YYYY-MM-DDTHH:MM:SS.mmmZ"}
	// ErrInstant refuses what V8's Date.parse refuses (returns NaN for)
	// among strings of the shape (rule 2).
	ErrInstant = refusal.Guard{Contract: Contract, Code: "v8date.instant", Message: "timestamp is not a real instant"}
	// ErrCalendar refuses what V8 rolls over: a day past its month's
	// length, and 24:00:00.000 (rule 3).
	ErrCalendar = refusal.Guard{Contract: Contract, Code: "v8date.calendar", Message: "timestamp is not a real calendar date"}
)

// Guards is the closed refusal table of v8date/1 in table order. Callers
// must not modify it.
var Guards = []refusal.Guard{ErrInput, ErrType, ErrShape, ErrInstant, ErrCalendar}
